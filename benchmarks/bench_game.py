"""Speed of whole hands of self-play (``phz sim``'s runner, one process): hands per second per core.

Run ``python -m pytest benchmarks/bench_game.py --benchmark-only``.  Each
round plays fresh deals (round k: the pinned seed + k, all three seats the
same bot, so one game a deal), after a warm-up run on deals of its own that
fills what ``obligations.decide`` keeps from one position to the next (as a
long ``phz sim`` has it).  ``extra_info["hands_per_s"]`` is the hands of a
round over the median round time.  ``--jobs 2`` against one job is measured
by ``phz bench`` (``solver.app.bench_play.game_runs``: both on the same deals,
the workers' start included), not here.  Under ``--benchmark-disable`` (the
normal test run) each benchmark plays one round of two deals, as a smoke test.
"""
from __future__ import annotations

import pytest

from solver.app import bench, sim
from solver.model.rules import HUNAN, get_ruleset

#: deals per round, and rounds
DEALS = {"random": 5000, "basic": 10, "keen": 500}
ROUNDS = 5
SEED = bench.SEED + 30


@pytest.fixture(scope="module")
def smoke(request) -> bool:
    return bool(request.config.getoption("benchmark_disable", False))


def _bench(benchmark, smoke: bool, bots: str, rules) -> None:
    deals = 2 if smoke else DEALS[bots]
    rounds = 1 if smoke else ROUNDS
    seating = (bots,) * rules.game.players  # (the ruleset's own table: luzhou seats four)
    benchmark.group = f"phz sim: whole hands, {rules.name}, one process"
    if not smoke:
        sim.run(sim.Sim(rules, seating, SEED - 1), max(1, deals // 2))  # warm-up: its own deals
    seeds = iter(range(SEED, SEED + rounds))

    def setup():
        return (sim.Sim(rules, seating, next(seeds)),), {}

    played = []
    benchmark.pedantic(lambda job: played.append(sim.run(job, deals)), setup=setup, rounds=rounds, iterations=1)
    hands = sum(len(d.games) for d in played[-1])
    assert hands == deals and all(sum(g.net) == 0 for d in played[-1] for g in d.games)
    stats = getattr(benchmark, "stats", None)
    if stats is not None and getattr(stats, "stats", None) is not None:
        benchmark.extra_info["hands_per_s"] = round(hands / stats.stats.median, 1)
    benchmark.extra_info["hands_per_round"] = hands


@pytest.mark.parametrize("rules", [HUNAN, get_ruleset("luzhou")], ids=["hunan", "luzhou"])
def test_sim_random_bots(benchmark, smoke, rules):
    _bench(benchmark, smoke, "random", rules)


def test_sim_basic_bots(benchmark, smoke):
    pytest.importorskip("solver.game.bot_basic", reason="the basic bot is not in this checkout")
    _bench(benchmark, smoke, "basic", HUNAN)


@pytest.mark.parametrize("rules", [HUNAN, get_ruleset("luzhou")], ids=["hunan", "luzhou"])
def test_sim_keen_bots(benchmark, smoke, rules):
    """keen at every seat: whole hands in the game kernels (``keen_steps.play_keen``)."""
    pytest.importorskip("solver.game.bot_keen", reason="the keen bot is not in this checkout")
    _bench(benchmark, smoke, "keen", rules)
