"""The house rules, checked on every run: imports follow the layers (import-linter),
the code passes ruff (pyflakes and import order), the public API loads no numba,
modules stay small, and every docstring example runs (doctests)."""
from __future__ import annotations

import doctest
import importlib
import os
import pkgutil
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import solver

ROOT = Path(__file__).resolve().parent.parent
#: modules allowed past the size limit, and why (each docstring says so too)
LONG_MODULES = {
    "solver/engine/_kernels.py": "numba's cache tracks only a kernel's own file: the win kernels stay in one",
    "solver/engine/_distance_kernels.py": "numba's cache tracks only a kernel's own file: the distance kernels stay in one",
}
MAX_LINES = 520


def _tool(name: str) -> list[str]:
    """A console script of this interpreter's environment (where pip put the test extra)."""
    script = Path(sys.executable).with_name(name)
    found = str(script) if script.exists() else shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed: pip install -e '.[test]'")
    return [found]


def test_imports_keep_the_layers_and_have_no_cycles():
    proc = subprocess.run([*_tool("lint-imports"), "--no-cache"], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert "broken" not in proc.stdout.lower().replace("0 broken", ""), proc.stdout


def test_mypy_finds_nothing(tmp_path):
    """The types of the whole of solver (pyproject.toml: the model, the API and the engine's Python side with
    --strict's flags).  A cache of this run's own, so that runs side by side never share one."""
    proc = subprocess.run([*_tool("mypy"), "--cache-dir", str(tmp_path / "mypy")], cwd=ROOT, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
    assert proc.stdout.startswith("Success"), proc.stdout


def test_ruff_finds_nothing():
    proc = subprocess.run([*_tool("ruff"), "check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]


def test_the_public_api_imports_no_numba_nor_numpy(python_in_fresh_process):
    proc = python_in_fresh_process(
        "import sys, solver\n"
        "t = solver.ting('一二三壹贰叁贰柒拾四五六八九十七七七伍伍')\n"
        "assert [w.tile for w in t.waits] == [4, 6, 14]\n"
        "assert 'numba' not in sys.modules and 'numpy' not in sys.modules, 'numba or numpy imported'\n"
        "print(len(solver.__all__))")
    assert proc.returncode == 0, proc.stderr
    assert int(proc.stdout) == len(solver.__all__)


def test_every_public_name_is_there():
    for name in solver.__all__:
        assert getattr(solver, name) is not None, name
    with pytest.raises(AttributeError):
        solver.no_such_thing  # noqa: B018


def _python_files():
    for base in ("solver", "puzzles"):
        yield from sorted((ROOT / base).rglob("*.py"))
    yield ROOT / "cli.py"


def test_modules_stay_small_or_say_why():
    for path in _python_files():
        rel = path.relative_to(ROOT).as_posix()
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if rel in LONG_MODULES:
            doc = path.read_text(encoding="utf-8").split('"""')[1]
            assert "cache" in doc and "file" in doc, f"{rel}: its docstring must say why it is long"
            continue
        assert lines <= MAX_LINES, f"{rel} has {lines} lines (at most {MAX_LINES}: split it by concern)"


def _modules():
    for info in pkgutil.walk_packages(solver.__path__, "solver."):
        yield info.name
    yield "puzzles"


@pytest.mark.parametrize("name", ["solver", *_modules()])
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed"


def test_the_public_functions_have_examples():
    """The API's doctests are real: each of these names shows an example that runs."""
    finder = doctest.DocTestFinder()
    for module, names in (("solver", ["solver"]), ("solver.api", ["solver.api", "solver.api.decide"]),
                          ("solver.model.notation", ["solver.model.notation.parse_hand",
                                                     "solver.model.notation.parse_tiles",
                                                     "solver.model.notation.parse_tile"])):
        found = {t.name: t for t in finder.find(importlib.import_module(module))}
        for name in names:
            assert name in found and found[name].examples, f"{name} has no docstring example"


def test_no_table_is_looked_up_by_a_rulesets_name():
    """Rules and tuning are a ruleset's data, read through its fields: a table keyed by the ruleset's
    name (``X[rules.name]``, ``X.get(rules.name, …)``) would give a house file another's numbers."""
    pattern = re.compile(r"\.get\(\s*(\w+\.)*rules\.name\b|\[\s*(\w+\.)*rules\.name\s*\]")
    found = [f"{path.relative_to(ROOT)}:{no}: {line.strip()}"
             for path in sorted((ROOT / "solver").rglob("*.py"))
             for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert not found, "\n".join(found)


#: the only modules that import a module by its name, and why: the rest import by statements, which
#: import-linter sees (an import by name can hide a circle, as ``question.kind_of`` once did)
IMPORTS_BY_NAME = {
    "solver/__init__.py": "the public names load when first used (PEP 562), so `import solver` loads no numba",
    "solver/trainer/kinds/__init__.py": "the registry lists its folder: a kind of question is one file",
    "solver/game/roster/__init__.py": "the registry lists its folder: a bot is one file",
}


def test_no_module_is_imported_by_its_name_but_the_registries():
    pattern = re.compile(r"\bimport_module\(|__import__\(")
    found = {path.relative_to(ROOT).as_posix() for path in sorted((ROOT / "solver").rglob("*.py"))
             if pattern.search(path.read_text(encoding="utf-8"))}
    assert found == set(IMPORTS_BY_NAME), f"imported by name in: {sorted(found - set(IMPORTS_BY_NAME))}"


#: the only kernel files whose helpers numba inlines as code (``_jit.inline``), and why: numba copies
#: an inlined helper into each caller and types it again there: with most helpers kernels instead, every
#: kernel compiles in 0.84 of the time (issue 26); elsewhere a helper is a kernel, inlined by LLVM
INLINED_IN = {
    "solver/engine/_kernels.py": "the win check: a call per hand measured up to a tenth of it",
    "solver/engine/_game_state.py": "the game state's accessors: called, random play measured 3% slower",
    "solver/engine/_game_policies.py": "the policies' small helpers (as the game state's)",
    "solver/engine/_game_choices.py": "``_option_of``, read at every choice (as the game state's)",
}


def test_numba_inlines_code_only_where_a_call_measured_too_slow():
    pattern = re.compile(r"^\s*@inline\b|\binline\(|inline=\"always\"", re.M)
    found = {path.relative_to(ROOT).as_posix() for path in sorted((ROOT / "solver").rglob("*.py"))
             if path.name != "_jit.py" and pattern.search(path.read_text(encoding="utf-8"))}
    assert found == set(INLINED_IN), f"numba inlines code in: {sorted(found - set(INLINED_IN))}"
