"""Large kernels are linked into their callers after the callers' own code is optimised (``_jit._link_late``)."""
from __future__ import annotations

import numba
import numpy as np
import pytest
from numba.core import codegen

from solver.engine import _jit

pytestmark = pytest.mark.skipif(numba.config.DISABLE_JIT, reason="nothing compiles under NUMBA_DISABLE_JIT")


def _defined(module) -> set[str]:
    return {f.name for f in module.functions if not f.is_declaration}


def _kernels():
    """A callee of five functions, one of one, and a kernel calling both."""
    @numba.njit
    def a(x):
        return x + 1

    @numba.njit
    def b(x):
        return a(x) * 2

    @numba.njit
    def c(x):
        return b(x) - a(x)

    @numba.njit
    def d(x):
        return c(x) + b(x)

    @numba.njit
    def large(v):
        s = 0
        for i in range(v.size):
            s += d(v[i])
        return s

    @numba.njit
    def small(x):
        return x * 3

    @numba.njit
    def caller(v):
        return large(v) + small(v[0])

    return caller


def _linked(monkeypatch, small_link: int):
    """The caller of ``_kernels`` compiled afresh with ``SMALL_LINK`` = small_link: its library, and the
    functions its code held when LLVM optimised it."""
    monkeypatch.setattr(_jit, "SMALL_LINK", small_link)
    seen: dict[str, set[str]] = {}
    optimise = codegen.CPUCodeLibrary._optimize_final_module

    def spy(self):
        seen[self.name] = _defined(self._final_module)
        optimise(self)

    monkeypatch.setattr(codegen.CPUCodeLibrary, "_optimize_final_module", spy)
    caller = _kernels()
    v = np.arange(5, dtype=np.int64)
    # d(x) = c(x) + b(x) = (b - a) + b = 3x + 3; large = sum of d; small(0) = 0
    assert caller(v) == sum(3 * x + 3 for x in range(5))
    library = caller.overloads[caller.signatures[0]].library
    return library, seen[library.name]


def _callees(library):
    """The kernels the library calls (not numba's runtime): the functions of each one's linked code."""
    kernels = [{n for n in _defined(lib._get_module_for_linking()) if not n.startswith(_jit._NOT_COUNTED)}
               for lib in library._linking_libraries]
    return [names for names in kernels if any("test_jit_link" in name for name in names)]


def test_large_callees_are_linked_after_the_callers_optimisation(monkeypatch):
    assert _jit._link_late()  # this numba has what it needs, and the change is in place
    library, optimised = _linked(monkeypatch, 0)  # every kernel large
    final = _defined(library._final_module)
    callees = _callees(library)
    assert len(callees) == 2
    for functions in callees:
        assert functions <= final, "a callee's code is in the caller's, linked"
        assert not functions & optimised, "a large callee was not there when the caller's code was optimised"


def test_small_callees_are_linked_first(monkeypatch):
    library, optimised = _linked(monkeypatch, 1000)  # every kernel small
    callees = _callees(library)
    assert len(callees) == 2
    for functions in callees:
        assert functions <= optimised, "a small callee was linked before the optimisation (it may be inlined)"


def test_the_hands_kernels_link_everything_first(monkeypatch):
    """A kernel of the files of one hand's kernels (here this file's, made one of them) links even a
    large callee first, as numba does."""
    monkeypatch.setattr(_jit, "LINK_FIRST", _jit.LINK_FIRST + (__name__,))
    library, optimised = _linked(monkeypatch, 0)
    callees = _callees(library)
    assert len(callees) == 2
    for functions in callees:
        assert functions <= optimised
    assert _jit._mangled("solver.engine._kernels") == "6solver6engine8_kernels"


def test_the_runtime_is_never_large():
    """numba's reference counting (NRT_incref, …) and its own functions do not count: linked late they
    would not be inlined, and every kernel that counts references would slow down."""
    caller = _kernels()
    caller(np.arange(3, dtype=np.int64))
    runtime = [lib for lib in caller.overloads[caller.signatures[0]].library._linking_libraries
               if not any("test_jit_link" in n for n in _defined(lib._get_module_for_linking()))]
    assert runtime, "the caller links numba's runtime"
    assert all(lib._phz_functions == 0 for lib in runtime)


def test_a_caller_of_large_kernels_gives_what_plain_python_gives():
    caller = _kernels()
    for n in (1, 7, 40):
        v = np.arange(n, dtype=np.int64) * 5 - 9
        assert caller(v) == sum(3 * int(x) + 3 for x in v) + 3 * int(v[0])


def test_a_numba_that_differs_is_left_as_it_is():
    class Lacking:
        def finalize(self):
            self._optimize_final_module()

    class Elsewhere:  # optimises by another name: late callees would never be linked
        def finalize(self):
            self._optimise_it_all()

        def _optimize_final_module(self):
            pass

        def _get_module_for_linking(self):
            pass

    for cls in (Lacking, Elsewhere):
        finalize = cls.finalize
        assert not _jit._link_late(cls)
        assert cls.finalize is finalize and not hasattr(cls, "_phz_link_late")
