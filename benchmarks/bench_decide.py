"""Speed of ``obligations.decide`` (every legal move of a player at a revealed tile) on game positions.

    python -m pytest benchmarks/bench_decide.py --benchmark-only
    python benchmarks/bench_decide.py        # writes the pinned positions (once)

The positions are pinned in ``data/decide-{ruleset}.txt``: every call the
game engine made to decide while three ``random`` bots played hands seeded
0, 1, 2 ... (``solver.game``), in the order made, one a line: the hand (text
notation), the tile, its origin, the tiles 臭 for 吃 and those whose 碰 was
passed (tab-separated), made with the engine of e3aa82a (decide's answers are
those of af8124c, which the fast decide keeps value for value).  Two versions
of decide read the very same positions: copy this file and its data into
another checkout (e.g. ``git worktree add /tmp/phz-decide-before af8124c``)
and run it there with PYTHONPATH set to it (``extra_info["solver"]`` says
which code ran); it needs nothing newer than ``parse_hand`` and
``obligations.decide``.  ``--benchmark-timer=time.thread_time`` counts the
CPU time of the call alone, steadier on a shared machine.

A round is one position, in the order pinned: the benchmark's median is the
median call (``extra_info["us_per_call"]``; its mean also counts the rare
calls that win, and the collector's pauses).

* ``test_decide_session``: the memos start empty at the first hand and are
  kept from round to round (as in ``phz sim``: the positions are new, the
  memos are those of the hands before; a longer session keeps more);
* ``test_decide_cold``: each call starts from empty memos (as the first call
  of a process, its ruleset read: ``phz act``).

Under ``--benchmark-disable`` each runs one short round, as a smoke test.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from solver.engine import obligations
from solver.model.notation import parse_hand, parse_tiles
from solver.model.rules import get_ruleset
from solver.model.tiles import GLYPHS

DATA = Path(__file__).resolve().parent / "data"
RULESETS = ("hunan", "luzhou")
HANDS = 40  # hands of random bots per ruleset in the pinned files
ROUND = 1  # positions a round
GROUP = "obligations.decide: game positions of random bots"


def pinned(rules) -> list[tuple]:
    """(hand, keyword arguments of decide) of ``data/decide-{ruleset}.txt``, parsed by this checkout."""
    out = []
    for line in (DATA / f"decide-{rules.name}.txt").read_text(encoding="utf-8").splitlines():
        hand, tile, origin, chou, passed = line.split("\t")
        out.append((parse_hand(hand, rules), dict(tile=parse_tiles(tile)[0], source=origin,
                                                  chou=parse_tiles(chou), passed_peng=parse_tiles(passed),
                                                  rules=rules)))
    return out


def forget(rules) -> None:
    """Empty what decide keeps from one call to the next (its memos, the split search's), where
    the checkout keeps anything."""
    try:
        from solver.engine import decide_memo
    except ImportError:
        return
    ctx = decide_memo.context(rules)
    for memo in (ctx.hands, ctx.raw, ctx.ways):
        memo.clear()
    if ctx.tables is not None:
        ctx.tables.clear()


@pytest.fixture(scope="module")
def smoke(request) -> bool:
    return bool(request.config.getoption("benchmark_disable", False))


def run(positions) -> None:
    decide = obligations.decide
    for hand, kw in positions:
        decide(hand, **kw)


def measure(benchmark, positions: list, size: int, cold: bool, rules) -> None:
    slices = iter([positions[i:i + size] for i in range(0, len(positions) - size + 1, size)])

    def setup():
        if cold:
            forget(rules)
        return (next(slices),), {}

    rounds = len(positions) // size
    benchmark.group = f"{GROUP} ({rules.name})"
    benchmark.pedantic(run, setup=setup, rounds=rounds, iterations=1)
    stats = getattr(benchmark, "stats", None)
    if stats is not None and getattr(stats, "stats", None) is not None:
        benchmark.extra_info["us_per_call"] = round(stats.stats.median / size * 1e6, 2)
        benchmark.extra_info["us_mean"] = round(stats.stats.mean / size * 1e6, 2)
    benchmark.extra_info["calls_per_round"] = size
    benchmark.extra_info["solver"] = str(Path(obligations.__file__).resolve().parent)


@pytest.mark.parametrize("name", RULESETS)
def test_decide_session(benchmark, smoke, name):
    rules = get_ruleset(name)
    positions = pinned(rules)
    forget(rules)
    measure(benchmark, positions[:10] if smoke else positions, 10 if smoke else ROUND, False, rules)


@pytest.mark.parametrize("name", RULESETS)
def test_decide_cold(benchmark, smoke, name):
    rules = get_ruleset(name)
    positions = pinned(rules)
    measure(benchmark, positions[:10] if smoke else positions, 10 if smoke else ROUND, True, rules)


# ---------------------------------------------------------------- the pinned positions

def record(rules, hands: int) -> list[str]:
    """The lines of every decide call of ``hands`` hands of three random bots (seeds 0 ...)."""
    from solver.game.engine import Game
    from solver.game.players import RandomBot, play_hand

    lines = []
    decide = obligations.decide

    def recording(hand, *, tile, source, chou=(), passed_peng=(), rules):
        lines.append("\t".join((hand.text(), GLYPHS[tile], source, "".join(GLYPHS[t] for t in sorted(chou)),
                                "".join(GLYPHS[t] for t in sorted(passed_peng)))))
        return decide(hand, tile=tile, source=source, chou=chou, passed_peng=passed_peng, rules=rules)

    obligations.decide = recording
    try:
        for seed in range(hands):
            play_hand(Game(rules, seed=seed), [RandomBot(seed, s) for s in range(3)])
    finally:
        obligations.decide = decide
    return lines


def main() -> None:
    for name in RULESETS:
        lines = record(get_ruleset(name), HANDS)
        (DATA / f"decide-{name}.txt").write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        print(f"decide-{name}.txt: {len(lines)} positions of {HANDS} hands")


if __name__ == "__main__":
    main()
