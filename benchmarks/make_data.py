"""Write the pinned hands of the distance and single-hand benchmarks into benchmarks/data.

    python benchmarks/make_data.py [--out DIR]

One hand a line in the text notation (``Hand.text()``: concealed glyphs, then
``|`` and the melds), per ruleset (hunan, luzhou).  The hands come from the
seeded generators of ``solver.app.bench`` (the same seeds as ``phz bench``:
each file holds the first hands ``phz bench`` measures), which filter random
hands by their distance to ready (exact up to 2 in every version of the
search).  Written once, so that the code before a change and after it read
the very same hands (``test_bench_targets.py``, ``commands.py``); the
README of the folder says how they were made and what they hold.
"""
from __future__ import annotations

import argparse
import subprocess
import textwrap
from pathlib import Path

from solver.app import bench
from solver.model.rules import HUNAN, Ruleset, get_ruleset
from solver.model.tiles import GLYPHS

HERE = Path(__file__).resolve().parent
RULESETS = (HUNAN, get_ruleset("luzhou"))
NEAR = 100  # hands at rest within 2 of ready, and as many exactly 2 away
TABLES = 40  # hands to discard from
BATCH = 10_000  # hands of the ting batch, half of them not ready


def write(path: Path, hands) -> None:
    path.write_text("".join(h.text() + "\n" for h in hands), encoding="utf-8")


def single_commands(rules: Ruleset, near, two, tables) -> list[tuple[str, str, str, str]]:
    """(what, command, hand, options) of the single-hand commands: not-ready hands 1, 2 and more
    than 2 from ready (and a ready one), hands to discard from, a tile to eat from the upper discard."""
    dist = bench.rest_distances(near, rules)
    one = next(h for h, d in zip(near, dist) if d == 1)
    far = bench.far_hands(1, bench.SEED + 6, rules)[0]
    ready = bench.ready_hands(1, bench.SEED + 10, rules)[0]
    best = [bench.best_distance(h, rules) for h in tables]
    far_table = bench.near_discard_hands(1, bench.SEED + 8, rules, far=True)[0]
    out = [("ting, 1 away", "ting", one.text(), ""), ("ting, 2 away", "ting", two[0].text(), ""),
           ("ting, beyond 2", "ting", far.text(), ""), ("ting, ready (control)", "ting", ready.text(), "")]
    for d in (1, 2):
        h = next(h for h, b in zip(tables, best) if b == d)
        out.append((f"discard, best {d} away", "discard", h.text(), ""))
    out.append(("discard, best beyond 2", "discard", far_table.text(), ""))
    for h, what in ((one, "1 away"), (two[0], "2 away"), (far, "beyond 2")):
        for eater, t in bench.eat_queries([h], bench.SEED + 11):  # a tile it can eat, if any
            out.append((f"act, {what}", "act", eater.text(), f"--tile {GLYPHS[t]} --from upper-discard"))
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=HERE / "data")
    p.add_argument("--code", help="the code that made them, for the README (default: the commit checked out)")
    a = p.parse_args()
    a.out.mkdir(parents=True, exist_ok=True)
    commit = a.code or subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE, capture_output=True,
                                      text=True).stdout.strip()
    lines = []
    for rules in RULESETS:
        r = rules.name
        near = bench.near_hands(NEAR, bench.SEED + 6, rules)
        two = bench.near_hands(NEAR, bench.SEED + 7, rules, away=(2,))
        tables = bench.near_discard_hands(TABLES, bench.SEED + 8, rules)
        batch = bench.batch_hands(BATCH, bench.SEED + 9, rules)
        write(a.out / f"near-{r}.txt", near)
        write(a.out / f"two-{r}.txt", two)
        write(a.out / f"discard-{r}.txt", tables)
        write(a.out / f"batch-{r}.txt", batch)
        single = single_commands(rules, near, two, tables)
        (a.out / f"single-{r}.txt").write_text("".join("\t".join(c) + "\n" for c in single), encoding="utf-8")
        n_ready = len(batch) // 2
        not_ready = [h for h, d in zip(batch, bench.rest_distances(batch, rules)) if d != 0]
        assert len(not_ready) == len(batch) - n_ready
        lines += [
            f"- `near-{r}.txt` (`near_hands({NEAR}, SEED + 6)`): {bench.mix(near, rules)}.",
            f"- `two-{r}.txt` (`near_hands({NEAR}, SEED + 7, away=(2,))`): {bench.mix(two, rules)}.",
            f"- `discard-{r}.txt` (`near_discard_hands({TABLES}, SEED + 8)`), c + 1 tiles, by the distance "
            f"its best discard leaves: {bench.mix(tables, rules, bench.best_distance)}.",
            f"- `batch-{r}.txt` (`batch_hands({BATCH}, SEED + 9)`): {n_ready} ready, "
            f"{len(batch) - n_ready} not ready, shuffled (the not ready: {bench.mix(not_ready, rules)}).",
            f"- `single-{r}.txt`: the single-hand commands, one a line (what, command, hand, options; "
            f"tab-separated): {'; '.join(c[0] for c in single)}.",
        ]
    intro = textwrap.fill(
        "Made by `python benchmarks/make_data.py`, the generators of `solver.app.bench` (seeds from "
        "`bench.SEED`; each file holds the first hands `phz bench` measures under the same seed), with the "
        f"code of {commit}.  Random hands come from `generate.random_hands` (about 40% with exposed melds), "
        "ready hands from `generate.ready_hands` (about a third with melds); hands near ready are kept by "
        "their distance to ready, exact up to 2 in every version of the search.  One hand a line, in the "
        "text notation (`Hand.text()`).  Never regenerate these to compare two versions: both read these "
        "files.", width=76)
    readme = f"# Pinned hands of the distance and single-hand benchmarks\n\n{intro}\n\n" + "\n".join(lines) + "\n"
    (a.out / "README.md").write_text(readme, encoding="utf-8")


if __name__ == "__main__":
    main()
