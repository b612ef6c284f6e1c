"""The one place that holds numba settings for the solver kernels.

``cache=True`` keeps compiled kernels on disk, so only the first run compiles
(all of them at once: ``compiling``); no explicit signatures, so nothing
compiles at import time.  Kernels must not recurse: a recursive cached
kernel segfaults when loaded back from the cache in numba 0.68, so searches
use explicit stacks.

numba caches beside the package or, where that is not writable (a system
install used by another user), under ``~/.cache``.  Where neither is, the
kernels are cached in a folder of this user's under the temporary directory
and, failing that too, compiled afresh for each run, with a one-line notice.

The helpers below (``address``, ``view``, ``view8``, ``trailing_zeros``,
``popcount``) are compiled into the kernels of ``_kernels`` and
``_distance_kernels``, and numba's cache checks only the file that defines a
kernel ("changes in symbols defined in another file are not detected"): so the
cache folder keeps a digest of every kernel source file (``KERNEL_SOURCES``),
and the kernels cached there are cleared when one of those files changed.
"""
from __future__ import annotations

import contextlib
import ctypes
import os
import sys
import tempfile

import numba
import numpy as np
from numba.core import cgutils, types
from numba.extending import intrinsic, overload

from ..model.files import write_whole

_cache = True  # False once no folder to cache in was found


def kernel(fn):
    """Compile ``fn`` lazily as a cached, GIL-free numba kernel.

    ``error_model="numpy"``: integer division by zero does not raise (the
    kernels never divide by zero).  Without exception paths numba can drop
    the reference counting of array arguments, which otherwise costs more
    than a small kernel's work.
    """
    global _cache
    for attempt in range(2):
        if not _cache:
            break
        try:
            return _plain_args(_healing(numba.njit(cache=True, nogil=True, error_model="numpy")(fn)))
        except RuntimeError as e:  # "cannot cache function ...: no locator available"
            if "no locator" not in str(e):
                raise
        numba.config.CACHE_DIR = "" if attempt else _own_cache_dir()
        if not numba.config.CACHE_DIR:
            _cache = False
            print("phz: no folder to cache the compiled kernels in (neither the package folder nor ~/.cache "
                  "is writable, nor a folder of this user's in the temporary folder): they are compiled again "
                  "on each run",
                  file=sys.stderr, flush=True)
    return _plain_args(numba.njit(nogil=True, error_model="numpy")(fn))


def _plain_args(dispatcher):
    """``dispatcher`` compiled, when a kernel calls it, for its arguments' plain types, never for a
    literal's (``f(ws, 0)``, ``f(ws, True)``; or a variable that holds ``-1`` until a loop assigns it
    an int64: numba types the call, and compiles the callee, at each step of its type inference).
    Without it each such call compiles another copy of the kernel and of everything it calls, finalized
    and cached like the real one; kernels never need a literal (``inline`` helpers may)."""
    get = getattr(dispatcher, "get_call_template", None)
    if get is None:  # NUMBA_DISABLE_JIT: the plain function
        return dispatcher

    def get_call_template(args, kws):
        return get(tuple(types.unliteral(a) for a in args), {k: types.unliteral(v) for k, v in kws.items()})

    dispatcher.get_call_template = get_call_template
    return dispatcher


def jit_module(module, names, tables=()) -> dict:
    """Cached kernels of the plain functions ``names`` of ``module``, calling one another: each is
    compiled from its own code with the module's globals, in which those functions are replaced by
    their kernels and the tuples named in ``tables`` by int64 arrays (a tuple indexed at run time
    compiles slowly).  So a plain module in numba's subset of Python (``play_rules``) is one
    implementation for Python callers (lists, no numba) and for kernels (arrays)."""
    import types

    space = dict(vars(module))
    for name in tables:
        space[name] = np.array(space[name], np.int64)
    made = {}
    for name in names:
        f = getattr(module, name)
        g = types.FunctionType(f.__code__, space, f.__name__, f.__defaults__, f.__closure__)
        g.__module__, g.__qualname__, g.__doc__ = f.__module__, f.__qualname__, f.__doc__
        made[name] = space[name] = kernel(g)
    return made


def _healing(dispatcher):
    """``dispatcher`` with a damaged cache entry treated as none: a cache file cut short (a process killed
    while numba wrote it, a full disk) or overwritten makes numba's unpickling fail on every call, for
    ever.  Such a file is removed, the kernel compiles afresh and its new entry replaces it.  A new entry is
    written under the cache folder's lock (``_lock``)."""
    cache_file = getattr(getattr(dispatcher, "_cache", None), "_cache_file", None)
    if cache_file is None:
        return dispatcher
    _fresh(cache_file._cache_path)
    load_index, load_data = cache_file._load_index, cache_file._load_data

    def index():
        try:
            return load_index()
        except Exception:  # not numba's index: the kernel's entries are gone
            _remove(cache_file._index_path)
            return {}

    def data(name):
        try:
            return load_data(name)
        except OSError:
            raise
        except Exception:  # numba's load takes an OSError for an entry that is missing: compile again
            _remove(cache_file._data_path(name))
            raise OSError(f"damaged cache file {name}") from None

    save = cache_file.save

    def locked_save(key, data):
        with _lock(cache_file._cache_path):
            save(key, data)

    cache_file._load_index, cache_file._load_data, cache_file.save = index, data, locked_save
    return dispatcher


@contextlib.contextmanager
def _lock(folder: str):
    """Hold the cache folder's lock file (``compiling``'s helpers may compile at once): numba adds an entry
    by reading a kernel's index, naming a data file after the entries it read, writing the index and then
    the data; two processes adding different entries (argument types) to one kernel at once could both take
    one name, and one entry would then load the other's code."""
    try:
        import fcntl
        f = open(os.path.join(folder, "phz-kernel-cache.lock"), "a")  # noqa: SIM115 (held until the end)
    except (ImportError, OSError):  # no POSIX locks, or no lock file: as numba alone
        yield
        return
    with f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX)
        except OSError:
            pass
        yield


#: the files whose code the kernels compile in: a kernel of one calls the others (numba's cache checks
#: only the file that defines a kernel, so an edit of another would leave its cached code stale)
KERNEL_SOURCES = ("_jit.py", "_kernels.py", "_distance_kernels.py", "_game_state.py", "_game_kernels.py",
                  "_game_policies.py", "_game_choices.py", "_game_keen.py", "_game_entry.py", "_game_basic.py",
                  "_game_advice.py", "_game_shape.py", "_game_entry_basic.py", "_mt.py", "_sha512.py",
                  "play_rules.py", "play_moves.py", "_play_kernels.py")
_checked: set[str] = set()


def _fingerprint() -> str:
    import hashlib
    here = os.path.dirname(os.path.abspath(__file__))
    h = hashlib.sha256()
    for name in KERNEL_SOURCES:
        try:
            with open(os.path.join(here, name), "rb") as f:
                h.update(f.read())
        except OSError:
            h.update(name.encode())
    return h.hexdigest()


def _fresh(folder: str) -> None:
    """Clear the kernels cached in ``folder`` when any of KERNEL_SOURCES changed since they were cached
    (a stamp file holds the sources' digest); once per folder and process."""
    if folder in _checked:
        return
    _checked.add(folder)
    stamp = os.path.join(folder, "phz-kernel-sources.stamp")
    digest = _fingerprint()
    try:
        with open(stamp, encoding="ascii") as f:
            if f.read().strip() == digest:
                return
    except OSError:
        pass
    prefixes = tuple(name[:-3] + "." for name in KERNEL_SOURCES)
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if name.startswith(prefixes) and (name.endswith(".nbi") or name.endswith(".nbc")):
            _remove(os.path.join(folder, name))
    try:
        os.makedirs(folder, exist_ok=True)
        write_whole(stamp, digest + "\n")
    except OSError:
        pass


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _own_cache_dir() -> str:
    """A folder for numba's cache under the temporary directory that only this user can write, or ''."""
    uid = os.getuid()
    path = os.path.join(tempfile.gettempdir(), f"phz-numba-cache-{uid}")
    try:
        os.makedirs(path, mode=0o700, exist_ok=True)
        st = os.lstat(path)
    except OSError:
        return ""
    # A cache holds code that is run: never one another user could have written.
    mine = st.st_uid == uid and not st.st_mode & 0o022 and os.path.isdir(path) and not os.path.islink(path)
    return path if mine and os.access(path, os.W_OK) else ""


def will_compile(kern) -> bool:
    """Whether the next call of ``kern`` compiles it: not compiled or loaded in this
    process, and no usable entry in numba's cache on disk (never under NUMBA_DISABLE_JIT)."""
    if getattr(kern, "signatures", None):
        return False  # compiled or loaded in this process already
    cache_file = getattr(getattr(kern, "_cache", None), "_cache_file", None)
    if cache_file is None:
        return False  # NUMBA_DISABLE_JIT: plain Python
    try:
        entries = cache_file._load_index()  # {} when stale: the kernel's file changed since
        # (numba writes an entry's index before its data: a process stopped in between leaves no data)
        return not entries or not all(os.path.exists(cache_file._data_path(name)) for name in entries.values())
    except Exception:  # an unreadable index: numba recompiles, and so do we say
        return True


def inline(fn):
    """A small helper on a hot path, inlined into the kernels that call it (never compiled on its own):
    numba copies its code into each caller and types it there, where a literal argument (``f(ws, 0)``)
    stays a constant.  That costs compile time at every call site: with most helpers kernels instead,
    every kernel compiles in 0.84 of the time (issue 26, BENCHMARKS.md).  So only the win search's and
    the game state's small helpers, where a call measured slower, are inlined
    (``tests/test_house_rules.INLINED_IN`` lists where); every other helper is a kernel, compiled once,
    called with its arguments' plain types (``_plain_args``) and inlined by LLVM where it is small
    (``_link_late``).
    """
    return numba.njit(inline="always", nogil=True, error_model="numpy")(fn)


if numba.config.DISABLE_JIT:  # type: ignore[attr-defined]  # (numba.config sets its options at run time)
    def address(arr) -> int:
        return arr.ctypes.data

    def view(addr: int, n: int):
        return np.ctypeslib.as_array(ctypes.cast(int(addr), ctypes.POINTER(ctypes.c_int64)), shape=(n,))

    def view8(addr: int, n: int):
        return np.ctypeslib.as_array(ctypes.cast(int(addr), ctypes.POINTER(ctypes.c_int8)), shape=(n,))

    def unowned(arr):
        return arr

    def trailing_zeros(x: int) -> int:
        """Index of the lowest set bit of ``x`` (x > 0)."""
        x = int(x)
        return (x & -x).bit_length() - 1

    def popcount(x: int) -> int:
        """Set bits of ``x`` (x >= 0)."""
        return int(x).bit_count()
else:
    def _pointer_intrinsic(item):
        @intrinsic
        def pointer(typingctx, addr):
            if not isinstance(addr, types.Integer):
                return None

            def codegen(context, builder, signature, args):
                return builder.inttoptr(args[0], context.get_value_type(signature.return_type))

            return types.CPointer(item)(addr), codegen

        return pointer

    _int64_pointer = _pointer_intrinsic(types.int64)
    _int8_pointer = _pointer_intrinsic(types.int8)

    @kernel
    def address(arr):
        """The address of an int64 array's data, for ``view`` (the array must outlive its views)."""
        return np.int64(arr.ctypes.data)

    @kernel
    def view(addr, n):
        """The int64 array of ``n`` items at ``addr``, as a view that owns nothing.

        Kernels pass their scratch vector to one another as its address:
        an array argument makes each call count references (two atomic
        operations), which measured a fifth of a win check; a view has no
        owner to count.
        """
        return numba.carray(_int64_pointer(addr), n)

    @kernel
    def view8(addr, n):
        """The int8 array of ``n`` items at ``addr`` (a table read through ``view``'s trick)."""
        return numba.carray(_int8_pointer(addr), n)

    @intrinsic
    def _as_readonly(typingctx, arr):
        """The array ``arr`` typed read-only (the same data: only its numba type changes)."""
        if not isinstance(arr, types.Array):
            return None

        def codegen(context, builder, signature, args):
            context.nrt.incref(builder, signature.args[0], args[0])  # (a new reference, as numba wants)
            return args[0]

        return arr.copy(readonly=True)(arr), codegen

    def unowned(arr):
        """A view of the array ``arr`` (C order, int64 or int8) that owns nothing, of the same numba type:
        passed between kernels, it counts no references.

        A kernel that takes arrays increments and decrements each one's reference count (an atomic
        operation each) at a call where numba's pruning of those does not reach (a call of
        ``_distance_kernels._apply`` made six); a view's count is none, which costs a test.  The array
        must outlive its views (a kernel's argument does, for the call)."""
        return arr

    @overload(unowned, inline="always")
    def _unowned(arr):
        if not (isinstance(arr, types.Array) and arr.layout == "C" and arr.dtype in (types.int8, types.int64)):
            return None
        pointer = _int8_pointer if arr.dtype == types.int8 else _int64_pointer
        if not arr.mutable:
            def impl(arr):
                return _as_readonly(numba.carray(pointer(np.int64(arr.ctypes.data)), arr.shape))
        else:
            def impl(arr):
                return numba.carray(pointer(np.int64(arr.ctypes.data)), arr.shape)
        return impl

    @intrinsic
    def trailing_zeros(typingctx, x):
        """Index of the lowest set bit of the int64 ``x`` (x > 0): one instruction (tzcnt)."""
        if not isinstance(x, types.Integer):
            return None

        def codegen(context, builder, signature, args):
            (value,) = args
            value = context.cast(builder, value, signature.args[0], types.int64)
            fn = cgutils.get_or_insert_function(
                builder.module, _llvm_fnty(), "llvm.cttz.i64")
            return builder.call(fn, [value, cgutils.true_bit])

        return types.int64(x), codegen

    @intrinsic
    def popcount(typingctx, x):
        """Set bits of the int64 ``x``: one instruction (popcnt)."""
        if not isinstance(x, types.Integer):
            return None

        def codegen(context, builder, signature, args):
            from llvmlite import ir
            (value,) = args
            value = context.cast(builder, value, signature.args[0], types.int64)
            fnty = ir.FunctionType(ir.IntType(64), [ir.IntType(64)])
            fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.ctpop.i64")
            return builder.call(fn, [value])

        return types.int64(x), codegen


def _llvm_fnty():
    from llvmlite import ir
    return ir.FunctionType(ir.IntType(64), [ir.IntType(64), ir.IntType(1)])


#: a kernel called by another is linked into the caller's code before LLVM optimises it (so it may be
#: inlined there) only when its own code, with everything it calls, holds at most this many compiled
#: functions (not counting numba's runtime, its own functions and the wrappers Python calls)
SMALL_LINK = 5
#: where those not counted begin: Python's and a cfunc's wrappers, the reference counting, numba's own
_NOT_COUNTED = ("_ZN7cpython", "cfunc.", "NRT_", "nrt_", "_ZN5numba")
#: the files of one hand's kernels (the win search, the distance search and what they use): their kernels
#: link everything they call first, as numba does, for every percent of their speed (they are small)
LINK_FIRST = ("solver.engine._kernels", "solver.engine._distance_kernels", "solver.engine._mt",
              "solver.engine._sha512")


def _mangled(module: str) -> str:
    """How a module's name begins the (Itanium) mangled name of a kernel numba compiles in it."""
    return "".join(f"{len(part)}{part}" for part in module.split("."))


def _link_late(lib=None) -> bool:
    """Optimise each game kernel's code before the large kernels it calls are linked into it, not after.

    numba finalizes a kernel by linking in the code of every kernel it calls (each with everything that
    one calls, already optimised) and running LLVM's whole optimisation over the lot: the game's flow
    and the win search were optimised again in each of the 160 kernels that reach them, some 45 s of the
    168 s of CPU that compiling every kernel took (BENCHMARKS.md).  Here a kernel of the game (any file
    but ``LINK_FIRST``'s) links a callee of more than ``SMALL_LINK`` functions after its own code is
    optimised: that code is used as it was optimised in its own kernel, and only calls into it are not
    inlined (they are large).  Small callees are still linked first and may be inlined.  numba's private
    names are checked first, and that its ``finalize`` optimises through ``_optimize_final_module`` (where
    the late callees are linked): with a numba that differs nothing is changed (``False``).  ``lib``:
    numba's ``CPUCodeLibrary`` (another class in the tests)."""
    if lib is None:
        from numba.core import codegen
        lib = getattr(codegen, "CPUCodeLibrary", None)
    if lib is None or not all(hasattr(lib, n) for n in ("finalize", "_optimize_final_module",
                                                        "_get_module_for_linking")):
        return False
    if getattr(lib, "_phz_link_late", False):
        return True
    if "_optimize_final_module" not in getattr(getattr(lib.finalize, "__code__", None), "co_names", ()):
        return False
    finalize, optimize = lib.finalize, lib._optimize_final_module

    def large(library) -> bool:
        n = getattr(library, "_phz_functions", None)
        if n is None:
            module = library._get_module_for_linking()
            n = library._phz_functions = sum(1 for f in module.functions
                                             if not f.is_declaration and not f.name.startswith(_NOT_COUNTED))
        return n > SMALL_LINK

    def links_first(self) -> bool:
        first = tuple("_ZN" + _mangled(m) for m in LINK_FIRST)
        return any(f.name.startswith(first) for f in self._final_module.functions if not f.is_declaration)

    def late_finalize(self):
        linking = getattr(self, "_linking_libraries", None)
        if not isinstance(linking, list) or not hasattr(self, "_final_module") \
                or not hasattr(self, "_reload_init"):
            return finalize(self)
        small, late = [], []
        for library in linking:
            (late if large(library) else small).append(library)
        if not late or links_first(self):
            return finalize(self)
        self._linking_libraries = small
        self._phz_late = late
        try:
            return finalize(self)
        finally:
            self._linking_libraries = linking
            self.__dict__.pop("_phz_late", None)

    def optimize_then_link(self):
        optimize(self)
        seen = set()
        for library in self.__dict__.pop("_phz_late", ()):
            if library not in seen:
                seen.add(library)
                self._reload_init.update(library._reload_init)
                self._final_module.link_in(library._get_module_for_linking(), preserve=True)

    lib.finalize, lib._optimize_final_module = late_finalize, optimize_then_link
    lib._phz_link_late = True
    return True


if not numba.config.DISABLE_JIT:  # type: ignore[attr-defined]
    _link_late()
