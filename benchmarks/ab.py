"""A/B speed of two checkouts of phz: the benchmarks and ``phz bench``, alternated.

    python benchmarks/ab.py BEFORE [AFTER] [--runs N] [--hands N] [--out DIR]

BEFORE and AFTER are checkouts of the project (AFTER: this script's own by
default), e.g. ``git worktree add /tmp/phz-before HEAD`` for the code before
a change.  Each run starts from the checkout's own folder with PYTHONPATH
set to it, so it imports that checkout's ``solver`` and runs its own
``benchmarks/`` (``solver.__file__`` is printed once per side, to check).
Each side's numba cache is warmed first (a smoke run of its benchmarks and
a small ``phz bench``), so no compile lands in a measured round.  A run is
``python -m pytest benchmarks/ --benchmark-only --benchmark-json=...`` and
``phz bench --json``; the sides alternate, in turn first (A B, B A, ...),
so a machine that gets busier or quieter weighs on both alike.

Prints, per measurement, the median over the runs of each side and the
ratio before / after (≥ 1: the after side is as fast or faster), as a
Markdown table.  Rows marked "control" are pure-Python code neither side
changed (the reference, the obligations, the drills): their ratio shows
the noise of the machine.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
PHZ = "from solver.app.entry import main; main()"
CONTROL_WORDS = ("reference", "eating", "decide", "drill", "pure Python")


def run(side: Path, *args: str, out: Path | None = None) -> None:
    env = dict(os.environ, PYTHONPATH=str(side))
    stdout = open(out, "w") if out else subprocess.DEVNULL
    try:
        subprocess.run([sys.executable, *args], cwd=side, env=env, stdout=stdout, stderr=subprocess.DEVNULL,
                       check=True)
    finally:
        if out:
            stdout.close()


def check_imports(side: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(side))
    code = "import cli, solver; print(solver.__file__, cli.__file__)"
    got = subprocess.run([sys.executable, "-c", code], cwd=side, env=env, capture_output=True, text=True,
                         check=True).stdout.split()
    print(f"{side}: solver from {got[0]}, cli from {got[1]}", file=sys.stderr)
    if not all(Path(p).resolve().is_relative_to(side) for p in got):
        sys.exit(f"{side} does not import its own code")


def warm(side: Path) -> None:
    run(side, "-m", "pytest", "benchmarks/", "--benchmark-disable", "-q", "-p", "no:cacheprovider")
    run(side, "-c", PHZ, "bench", "--json", "--hands", "10")


def measure(side: Path, tag: str, out: Path, hands: int) -> dict[str, float]:
    """One run of each: {measurement: median time} (µs per hand, or ms per round)."""
    pytest_json = out / f"{tag}-pytest.json"
    bench_json = out / f"{tag}-bench.json"
    run(side, "-m", "pytest", "benchmarks/", "--benchmark-only", "-q", "-p", "no:cacheprovider",
        f"--benchmark-json={pytest_json}")
    run(side, "-c", PHZ, "bench", "--json", "--hands", str(hands), out=bench_json)
    got = {}
    for b in json.loads(pytest_json.read_text())["benchmarks"]:
        us = b["extra_info"].get("us_per_hand")
        got[f"pytest {b['name']} (µs/hand)" if us else f"pytest {b['name']} (ms/round)"] = (
            us if us else b["stats"]["median"] * 1e3)
    for r in json.loads(bench_json.read_text())["results"]:
        engine = r["engine"].replace("fast.", "wins.")  # the kernels' batch layer was solver.fast before the layers
        got[f"phz bench: {r['what']}; {engine} (µs/hand)"] = r["us_per_hand"]
    return got


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("before", type=Path)
    p.add_argument("after", type=Path, nargs="?", default=HERE)
    p.add_argument("--runs", type=int, default=5, help="alternations (default 5)")
    p.add_argument("--hands", type=int, default=4000, help="phz bench --hands (default 4000)")
    p.add_argument("--out", type=Path, default=Path("/tmp/phz-ab"), help="folder for the JSON of each run")
    a = p.parse_args()
    sides = {"before": a.before.resolve(), "after": a.after.resolve()}
    a.out.mkdir(parents=True, exist_ok=True)
    for side in sides.values():
        check_imports(side)
        warm(side)
    times: dict[str, dict[str, list[float]]] = {name: {} for name in sides}
    for i in range(a.runs):
        order = list(sides) if i % 2 == 0 else list(sides)[::-1]
        for name in order:
            print(f"run {i + 1}/{a.runs}: {name}", file=sys.stderr)
            for key, value in measure(sides[name], f"{name}-{i}", a.out, a.hands).items():
                times[name].setdefault(key, []).append(value)
    print(f"| measurement | before (median of {a.runs}) | after | before / after |")
    print("|---|---|---|---|")
    worst = None
    for key in times["before"]:
        if key not in times["after"]:
            continue
        b = statistics.median(times["before"][key])
        f = statistics.median(times["after"][key])
        control = any(w in key for w in CONTROL_WORDS)
        if not control:
            worst = min(worst or b / f, b / f)
        print(f"| {key}{' (control)' if control else ''} | {b:.4g} | {f:.4g} | {b / f:.3f} |")
    print(f"\nlowest ratio of a kernel measurement: {worst:.3f} (target ≥ 0.95)")


if __name__ == "__main__":
    main()
