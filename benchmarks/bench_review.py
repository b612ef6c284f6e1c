"""Speed of ``phz review`` on a whole game: a 4-hand hunan game of ``basic`` bots, seat 0 reviewed at
the default precision (``review.review``, ``winrate.DEFAULT_SAMPLES`` deals a move), as the command
runs it (the record parsed, every hand replayed, every decision advised).

    python -m pytest benchmarks/bench_review.py --benchmark-only

The game is played once per run, from pinned seeds (``SEEDS``), by the bots in the game kernels
(``sim.play_game``), and written and read back as a record.  ``extra_info``: the decisions reviewed
and the rollouts counted in their choices.  Under ``--benchmark-disable`` it reviews the first hand at
24 deals a move, as a smoke test.
"""
from __future__ import annotations

import io

import pytest

from solver.app import sim
from solver.game import record
from solver.game.review import review
from solver.game.winrate import DEFAULT_SAMPLES
from solver.model.rules import HUNAN

SEEDS = (100, 101, 102, 103)  # the hands of the game
ROUNDS = 3


@pytest.fixture(scope="module")
def game() -> record.Record:
    games = [sim.play_game(HUNAN, seed, ("basic",) * 3)[0] for seed in SEEDS]
    out = io.StringIO()
    record.write(out, HUNAN, games, seeds=list(SEEDS), seed=SEEDS[0], seats=["basic"] * 3)
    return record.parse(out.getvalue())


def test_review_of_a_four_hand_game(benchmark, game):
    smoke = bool(benchmark.disabled)
    samples, hand = (24, 1) if smoke else (DEFAULT_SAMPLES, None)
    benchmark.group = "phz review: a 4-hand hunan game of basic bots, seat 0"
    done = []
    benchmark.pedantic(lambda: done.append(review(game, 0, hand=hand, samples=samples)),
                       rounds=1 if smoke else ROUNDS, iterations=1)
    r = done[-1]
    assert r.decisions and all(d.grade for d in r.decisions if d.advice is not None)
    benchmark.extra_info["decisions"] = sum(1 for d in r.decisions if d.advice is not None)
    benchmark.extra_info["rollouts"] = sum(c.estimate.n for d in r.decisions if d.advice
                                           for c in d.advice.choices if c.estimate is not None)
