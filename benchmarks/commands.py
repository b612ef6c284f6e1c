"""Wall time of whole ``phz`` commands, as a user runs them, on the pinned hands of benchmarks/data.

    python benchmarks/commands.py [CHECKOUT ...] [--runs N] [--batch-runs N] [--rules R ...]
                                  [--pytest] [--out DIR]

CHECKOUT: folders holding a checkout of the project (default: this script's
own), e.g. ``git worktree add /tmp/phz-before COMMIT`` for the code before a
change.  Every command runs from the checkout's own folder with PYTHONPATH
set to it, as ``python -c 'from solver.app.entry import main; main()' ...`` (the ``phz``
script of the editable install would always run the main checkout's code;
which ``solver`` each side imports is printed, and checked).  With several
checkouts the runs alternate, each side first in turn, so a machine that
gets busier or quieter weighs on all alike.

* the ting batch: ``phz ting --json --rules R -`` reading ``batch-R.txt``
  (10,000 hands, half of them not ready; data/README.md gives the mix),
  output to /dev/null: hands per second over the whole command, and per
  hand after start-up (the same command on the file's first 500 hands
  subtracted);
* single hands: each line of ``single-R.txt`` (``phz ting HAND``,
  ``phz discard HAND``, ``phz act HAND --tile T --from upper-discard`` on
  hands 1, 2 and more than 2 from ready, a ready hand as control), warm: each
  command runs once first (the kernels' cache built or loaded), then the
  median of ``--runs`` runs;
* with ``--pytest``: ``benchmarks/test_bench_targets.py`` of this script's
  checkout, run against each checkout's ``solver`` (one hand a round:
  distance and draws, median and p95; discard tables).

Prints a Markdown table (a column per checkout, the target beside) and,
with ``--out``, the raw times as JSON.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
PHZ = "from solver.app.entry import main; main()"
PREFIX = 500  # hands of the short batch whose time is subtracted for the per-hand rate


def env_of(side: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(side))
    env.pop("PHZ_RULES", None)
    return env


def check_imports(side: Path) -> str:
    """Where ``side`` imports ``solver`` and ``cli`` from (exits unless from ``side``), and its commit."""
    code = "import cli, solver; print(solver.__file__, cli.__file__)"
    got = subprocess.run([sys.executable, "-c", code], cwd=side, env=env_of(side), capture_output=True,
                         text=True, check=True).stdout.split()
    print(f"{side}: solver from {got[0]}, cli from {got[1]}", file=sys.stderr)
    if not all(Path(p).resolve().is_relative_to(side) for p in got):
        sys.exit(f"{side} does not import its own code")
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=side, capture_output=True, text=True)
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=side,
                           capture_output=True, text=True).stdout.strip()
    return commit.stdout.strip() + (" + changes" if dirty else "")


def phz(side: Path, args: list[str], stdin: Path | None = None) -> float:
    """Wall time of one ``phz ARGS`` run from ``side`` (its output thrown away); exits if it fails."""
    src = open(stdin, "rb") if stdin else subprocess.DEVNULL
    try:
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", PHZ, *args], cwd=side, env=env_of(side), stdin=src,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        wall = time.perf_counter() - start
    finally:
        if stdin:
            src.close()
    if done.returncode != 0:
        sys.exit(f"{side}: phz {' '.join(args)} exited {done.returncode}: {done.stderr.decode()[-2000:]}")
    return wall


def single_commands(rules: str) -> list[tuple[str, list[str]]]:
    """(what, phz arguments) of each line of ``single-RULES.txt``."""
    out = []
    for line in (DATA / f"single-{rules}.txt").read_text(encoding="utf-8").splitlines():
        if line.strip():
            what, command, hand, options = line.split("\t")
            out.append((what, [command, hand, *options.split(), "--rules", rules]))
    return out


def batch_files(rules: str, tmp: Path) -> tuple[Path, int, Path, int]:
    """The batch file of ``rules``, its hands, and a file of its first PREFIX hands."""
    full = DATA / f"batch-{rules}.txt"
    lines = full.read_text(encoding="utf-8").splitlines(keepends=True)
    short = tmp / f"batch-{rules}-{PREFIX}.txt"
    short.write_text("".join(lines[:PREFIX]), encoding="utf-8")
    return full, len(lines), short, PREFIX


def run_pytest(side: Path, out: Path) -> dict[str, dict]:
    """This checkout's test_bench_targets.py against ``side``'s solver: {name: extra_info + median}."""
    args = [sys.executable, "-m", "pytest", str(HERE / "test_bench_targets.py"), "--benchmark-only", "-q",
            "-p", "no:cacheprovider", "-c", str(side / "pyproject.toml"), "--rootdir", str(side),
            f"--benchmark-json={out}"]
    subprocess.run(args, cwd=side, env=env_of(side), stdout=subprocess.DEVNULL, check=True)
    got = {}
    for b in json.loads(out.read_text())["benchmarks"]:
        info = b["extra_info"]
        if not Path(info["solver"]).is_relative_to(side):
            sys.exit(f"{side}: the benchmarks imported solver from {info['solver']}")
        got[b["name"]] = info
    return got


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("checkouts", type=Path, nargs="*", default=[HERE.parent])
    p.add_argument("--runs", type=int, default=5, help="runs of each single-hand command (default 5)")
    p.add_argument("--batch-runs", type=int, default=3, help="runs of each batch (default 3)")
    p.add_argument("--rules", nargs="+", default=["hunan", "luzhou"])
    p.add_argument("--pytest", action="store_true", help="also run benchmarks/test_bench_targets.py on each side")
    p.add_argument("--out", type=Path, help="folder for the raw times (JSON)")
    a = p.parse_args()
    sides = [s.resolve() for s in a.checkouts]
    commits = {s: check_imports(s) for s in sides}
    tmp = Path(tempfile.mkdtemp(prefix="phz-commands-"))
    batches = {r: batch_files(r, tmp) for r in a.rules}
    singles = {r: single_commands(r) for r in a.rules}
    for side in sides:  # kernels compiled or loaded, every command once: never in a measured run
        print(f"warming {side}", file=sys.stderr)
        for r in a.rules:
            phz(side, ["ting", "--json", "--rules", r, "-"], stdin=batches[r][2])
            for _, args in singles[r]:
                phz(side, args)
    times: dict[Path, dict[str, list[float]]] = {s: {} for s in sides}
    for i in range(max(a.runs, a.batch_runs)):
        order = sides[i % len(sides):] + sides[:i % len(sides)]
        for side in order:
            print(f"run {i + 1}: {side}", file=sys.stderr)
            t = times[side]
            for r in a.rules:
                full, n, short, m = batches[r]
                if i < a.batch_runs:
                    t.setdefault(f"batch {r}", []).append(phz(side, ["ting", "--json", "--rules", r, "-"], full))
                    t.setdefault(f"batch {r} short", []).append(
                        phz(side, ["ting", "--json", "--rules", r, "-"], short))
                if i < a.runs:
                    for what, args in singles[r]:
                        t.setdefault(f"{what} {r}", []).append(phz(side, args))
    bench = {s: run_pytest(s, tmp / f"pytest-{k}.json") for k, s in enumerate(sides)} if a.pytest else {}
    if a.out:
        a.out.mkdir(parents=True, exist_ok=True)
        (a.out / "commands.json").write_text(json.dumps(
            {str(s): {"commit": commits[s], "times": times[s], "pytest": bench.get(s)} for s in sides}, indent=1))
    print_table(sides, commits, times, bench, batches, singles, a)


def print_table(sides, commits, times, bench, batches, singles, a) -> None:
    med = statistics.median
    print(f"| measurement | hands | {' | '.join(f'{s} ({commits[s]})' for s in sides)} | target |")
    print(f"|---|---|{'---|' * len(sides)}---|")

    def row(what: str, hands: str, cells: list[str], target: str) -> None:
        print(f"| {what} | {hands} | {' | '.join(cells)} | {target} |")

    for r in a.rules:
        if bench:
            for name, what, target in (("test_distance_near", "distance + draws, at rest within 2", "≤ 1 ms"),
                                       ("test_distance_two", "distance + draws, exactly 2 away",
                                        "≤ 2 ms, p95 ≤ 5 ms"),
                                       ("test_ting_near", "api.ting, at rest within 2", ""),
                                       ("test_discard_table_near", "discard table, best within 2", "≤ 5 ms")):
                for engine in ("kernels", "plain", "api", None):
                    key = f"{name}[{r}-{engine}]" if engine else f"{name}[{r}]"
                    got = [bench[s].get(key) for s in sides]
                    if not any(got):
                        continue
                    cells = ["—" if g is None else f"{g['median_ms']:.3g} ms (p95 {g['p95_ms']:.3g})" for g in got]
                    hands = next(g for g in got if g)["hands"]
                    row(f"{what}, {r}{f', {engine}' if engine else ''}", f"{hands}", cells, target)
        full, n, short, m = batches[r]
        cells = []
        for s in sides:
            whole, part = med(times[s][f"batch {r}"]), med(times[s][f"batch {r} short"])
            cells.append(f"{n / whole:,.0f}/s ({whole:.2f} s); after start-up {(n - m) / (whole - part):,.0f}/s")
        row(f"`phz ting --json -` batch, {r}", f"{n:,} (half not ready)", cells, "≥ 8,000/s")
        for what, _ in singles[r]:
            row(f"`phz {what}`, {r}, warm", "1", [f"{med(times[s][f'{what} {r}']):.3f} s" for s in sides],
                "≤ 0.35 s")


if __name__ == "__main__":
    main()
