"""Compiling every kernel into an empty cache: wall and CPU time, of one checkout or two alternated.

    python benchmarks/compile_time.py [BEFORE] [--runs N] [--one-process] [--steps] [--json]

AFTER is this script's own checkout; BEFORE another (``git worktree add /tmp/phz-before REV``).  Each
run starts a fresh Python in the checkout's folder with PYTHONPATH set to it and an empty
``NUMBA_CACHE_DIR`` of its own, and compiles every kernel: by default as a first run does
(``compiling.start()``: the helpers, side by side), with ``--one-process`` every task in turn in that
one process (``compiling.TASKS`` order).  The sides alternate, in turn first (A B, B A, ...).  Wall time is
the run's; CPU time is user + system of the run and every process it waited for (the helpers).
``--steps`` (one process) also times LLVM's steps in numba's ``CPUCodeLibrary``: the module passes,
the function passes and machine code; the rest is numba's front end.

Prints the median of each side and the ratio after / before pair by pair (its median), as a Markdown
table; ``--json``: every run of each side as one JSON object instead.  BENCHMARKS.md quotes it (issue 26: every kernel ≤ 30 s).
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
CHILD = """
import json, sys, time
steps = {}
if STEPS:
    from numba.core import codegen
    def timed(name):
        f = getattr(codegen.CPUCodeLibrary, name)
        def g(self, *a, **k):
            t = time.process_time()
            try:
                return f(self, *a, **k)
            finally:
                steps[name] = steps.get(name, 0.0) + time.process_time() - t
        setattr(codegen.CPUCodeLibrary, name, g)
    for name in ("_optimize_functions", "_finalize_final_module"):
        timed(name)
from solver.engine import compiling
if STEPS:
    timed("_optimize_final_module")  # (after the import: wraps phz's own, if it set one)
if ONE:
    from solver.engine import warmup
    from solver.model.rules import DEFAULT_RULESET, get_ruleset
    compiling.in_helper()
    rules = get_ruleset(DEFAULT_RULESET)
    for task in compiling.TASKS:
        warmup._run(task, rules)
else:
    compiling.start()
print("PHZ-STEPS " + json.dumps(steps))
"""
STEP_NAMES = {"_optimize_final_module": "module passes", "_optimize_functions": "function passes",
              "_finalize_final_module": "machine code"}


def checkout(path: str) -> Path:
    side = Path(path).resolve()
    if not (side / "solver" / "engine" / "compiling.py").is_file():
        raise SystemExit(f"compile_time: {path} is not a checkout of phz (no solver/engine/compiling.py); "
                         "make one with git worktree add PATH REV")
    return side


def one_run(side: Path, one_process: bool, steps: bool) -> dict:
    """Compile every kernel of ``side`` into an empty cache: {"wall", "cpu", "steps"}."""
    cache = tempfile.mkdtemp(prefix="phz-compile-")
    env = dict(os.environ, PYTHONPATH=str(side), NUMBA_CACHE_DIR=cache)
    code = f"STEPS, ONE = {steps!r}, {one_process!r}\n" + CHILD
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    try:
        done = subprocess.run([sys.executable, "-c", code], cwd=side, env=env, capture_output=True, text=True,
                              stdin=subprocess.DEVNULL)
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(nothing on stderr)"])[-1]
        raise SystemExit(f"compile_time: compiling {side} failed (exit {done.returncode}): {last}")
    found = [line for line in done.stdout.splitlines() if line.startswith("PHZ-STEPS ")]
    return {"wall": wall, "cpu": (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime),
            "steps": json.loads(found[-1].split(" ", 1)[1]) if found else {}}


def summary(runs: dict[str, list[dict]]) -> list[str]:
    """The Markdown table of the runs of each side ("after", and "before" when given)."""
    sides = [s for s in ("before", "after") if runs.get(s)]
    rows = [("wall (s)", "wall"), ("CPU (s)", "cpu")]
    names = sorted({k for s in sides for r in runs[s] for k in r["steps"]})
    head = "| | " + " | ".join(sides) + (" | after / before |" if len(sides) == 2 else " |")
    lines = [head, "|---" * (len(sides) + 1 + (len(sides) == 2)) + "|"]
    for label, key in rows + [(STEP_NAMES.get(n, n) + " (CPU s)", n) for n in names]:
        def value(r: dict, key: str = key) -> float:
            return r[key] if key in ("wall", "cpu") else r["steps"].get(key, 0.0)
        cells = [f"{statistics.median(value(r) for r in runs[s]):.1f}" for s in sides]
        if len(sides) == 2:
            pairs = [value(a) / value(b) for a, b in zip(runs["after"], runs["before"]) if value(b) > 0]
            cells.append(f"{statistics.median(pairs):.2f}" if pairs else "")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    ap.add_argument("before", nargs="?", help="another checkout of phz, run alternately with this one")
    ap.add_argument("--runs", type=int, default=3, help="runs of each side, 1 to 20 (default 3)")
    ap.add_argument("--one-process", action="store_true", help="every task in turn in one process")
    ap.add_argument("--steps", action="store_true", help="time LLVM's steps too (implies --one-process)")
    ap.add_argument("--json", action="store_true", help="every run of each side as one JSON object")
    args = ap.parse_args(argv)
    if not 1 <= args.runs <= 20:
        ap.error(f"--runs {args.runs}: give 1 to 20")
    one = args.one_process or args.steps
    sides = {"after": HERE} | ({"before": checkout(args.before)} if args.before else {})
    runs: dict[str, list[dict]] = {s: [] for s in sides}
    try:
        for i in range(args.runs):
            order = list(sides) if i % 2 == 0 else list(reversed(sides))
            for s in order:
                r = one_run(sides[s], one, args.steps)
                runs[s].append(r)
                print(f"run {i + 1}/{args.runs} {s}: {r['wall']:.1f} s wall, {r['cpu']:.1f} s CPU",
                      file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print("compile_time: stopped; the runs finished so far are below", file=sys.stderr)
    if not any(runs.values()):
        return 1
    print(json.dumps(runs) if args.json else "\n".join(summary(runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
