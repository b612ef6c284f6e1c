"""``phz bench``'s measurements of play: whole hands of self-play (``phz sim``'s runner) and the rollouts
of the win-rate advice.  Each gives its runs as (engine, round times, hands or rollouts a round);
``solver.app.bench`` (the other measurements, their medians and the table) turns them into results."""
from __future__ import annotations

import statistics
import time
from typing import Sequence

from ..model.rules import Ruleset

Runs = list[tuple[str, list[float], list[int]]]

# ---------------------------------------------------------------- whole hands (phz sim)

#: the other measurements' hands per hand of self-play (a hand of play is ~100 decisions; random bots
#: play whole hands in the game kernels, ~60 µs a hand: 25 times the hands keep a round long enough
#: for two processes' start not to be most of it; keen bots too, ~1 ms a hand; basic bots too, ~10 ms a hand)
SIM_SHARE = {"random": 0.04, "keen": 0.5, "basic": 5}
#: the fewest deals of a round: two processes' start must not be most of a round of random bots
SIM_LEAST = {"random": 50, "keen": 20, "basic": 10}


def sim_rounds(bots: str, deals: int, rounds: int, rules: Ruleset, jobs: Sequence[int],
               seed: int) -> tuple[dict[int, list[float]], int]:
    """(wall times of the rounds per job count, hands a round) of ``phz sim``'s runner and tally: ``rounds``
    rounds of ``deals`` fresh deals (round k: ``seed + 1 + k``), all three seats ``bots``, after a
    warm-up run (deals of its own) that fills what obligations.decide keeps.  Within a round each
    job count of ``jobs`` plays the same deals, several jobs first: their workers are forked, so
    what they keep never comes back, and every count starts from the same memos."""
    from ..game.stats import Tally
    from . import sim

    job = sim.Sim(rules, (bots,) * rules.game.players, seed)
    sim.run(job, max(1, deals // 2))
    times: dict[int, list[float]] = {j: [] for j in jobs}
    hands = 0
    for k in range(rounds):
        round_job = sim.Sim(rules, job.bots, seed + 1 + k)
        for j in sorted(jobs, reverse=True):
            tally = Tally(job.bots)  # as phz sim adds up its deals
            start = time.perf_counter()
            sim.run(round_job, deals, jobs=j, into=tally)
            times[j].append(time.perf_counter() - start)
        hands = tally.games
    return times, hands


def game_runs(n: int, rules: Ruleset, rounds: int, seed: int) -> Runs:
    """Self-play: random, keen and basic bots on one process (per core), and random bots on two (the
    whole run, its workers' start included, against one job on the same deals)."""
    from ..game.players import make_bot
    from .batch import usable_cores

    per_round = max(1, n // rounds)
    out = []
    for bots, share in SIM_SHARE.items():
        try:
            make_bot(bots, 0, 0)
        except (ImportError, ValueError):  # a bot this checkout does not have
            continue
        two = bots == "random" and usable_cores() >= 2
        deals = max(SIM_LEAST[bots], int(per_round / share))
        times, hands = sim_rounds(bots, deals, rounds, rules, (1, 2) if two else (1,), seed)
        out.append((f"{bots} bots, 1 job", times[1], [hands] * rounds))
        if two:
            ratio = statistics.median(a / b for a, b in zip(times[1], times[2]))
            out.append((f"{bots} bots, 2 jobs: {ratio:.2f}× 1 job", times[2], [hands] * rounds))
    return out


# ---------------------------------------------------------------- the rollouts of the win-rate advice

#: the options of a position estimated together, as ``phz discard --win-rate`` does
ROLLOUT_SCRIPTS = 3
#: the rollouts' policies measured, with their share of the deals (keen is some ten times slower)
ROLLOUT_POLICIES = {"fast": 1.0, "keen": 0.1}


def rollout_runs(n: int, rules: Ruleset, rounds: int, seed: int) -> Runs:
    """Rollouts per second of ``winrate.estimate`` (``phz discard --win-rate``): round k estimates the
    first ``ROLLOUT_SCRIPTS`` discards of the dealer's first decision of a fresh seeded hand, on
    ``n // rounds // ROLLOUT_SCRIPTS`` deals each (a rollout plays the whole hand)."""
    from ..game.engine import Game
    from ..game.position import position_of
    from ..game.winrate import estimate

    def start(seed: int):
        game = Game(rules, seed=seed)
        while (ask := game.ask()) is not None and ask.stage != "discard":
            game.play(ask.options[0])
        pos = position_of(game)
        return pos, [(m,) for m in pos.options[:ROLLOUT_SCRIPTS]]

    deals = max(10, n // rounds // ROLLOUT_SCRIPTS)
    out = []
    for policy, share in ROLLOUT_POLICIES.items():
        pos, scripts = start(seed)
        try:
            estimate(pos, scripts, samples=10, policy=policy)  # compiled or loaded first
        except TypeError:  # a checkout with the fast policy alone
            continue
        times, counts = [], []
        for k in range(rounds):
            pos, scripts = start(seed + 1 + k)
            t0 = time.perf_counter()
            estimate(pos, scripts, samples=max(10, int(deals * share)), seed=k, policy=policy)
            times.append(time.perf_counter() - t0)
            counts.append(max(10, int(deals * share)) * len(scripts))
        out.append((f"kernels (winrate.estimate, {policy} policy)", times, counts))
    return out
