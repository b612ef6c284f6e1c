"""Speed of the distance to ready (进张距离) and of the discard table that needs it.

Run ``python -m pytest benchmarks/test_bench_distance.py --benchmark-only``.
Every round takes one fresh hand from a pre-generated pool and starts from
an empty memo (the kernels' memo is cleared in the round's setup), so a
round costs what one ``phz ting`` / ``phz discard`` of a new hand costs,
minus start-up; kernels are compiled and warmed up before the first
measured round.  The hands are random (``generate.random_hands``), kept
when their distance is at most 2 (for a discard table: when its best
discard leaves the hand at most 2 away); ``extra_info`` records how many
of each distance a pool holds.  Under ``--benchmark-disable`` each
benchmark runs once, as a smoke test.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from solver import api
from solver.app import generate
from solver.engine import distance, distance_arrays, reference
from solver.model.hand import Hand
from solver.model.rules import HUNAN
from solver.model.tiles import COPIES, N_KINDS

ROUNDS = 60
TABLE_ROUNDS = 25


@pytest.fixture(scope="module")
def smoke(request) -> bool:
    return bool(request.config.getoption("benchmark_disable", False))


class Pool:
    """Hands out one item per round, in order."""

    def __init__(self, items: list):
        self.items = items
        self.next = 0

    def take(self):
        item = self.items[self.next]
        self.next += 1
        return item


def at_rest(n: int, seed: int) -> list[Hand]:
    """n random hands at rest whose distance is at most 2."""
    out = []
    for h in generate.random_hands(20 * n, seed=seed):
        if distance.analyse(h, HUNAN, budget=0, improving=False).distance is not None:
            out.append(h)
            if len(out) == n:
                return out
    raise AssertionError("too few random hands within 2 of ready")


def to_discard_from(n: int, seed: int) -> list[Hand]:
    """n random hands of c + 1 tiles whose best discard leaves them at most 2 away."""
    rng = random.Random(seed)
    out = []
    for h in generate.random_hands(20 * n, seed=seed):
        held, conc = h.all_counts(), list(h.concealed)
        conc[rng.choice([t for t in range(N_KINDS) if held[t] < COPIES and conc[t] < 3])] += 1
        hand = Hand(tuple(conc), h.melds)
        if api.discard(hand).rows[0].distance is not None:
            out.append(hand)
            if len(out) == n:
                return out
    raise AssertionError("too few random hands within 2 of ready")


def fresh(item):
    distance_arrays.of(HUNAN).memo.clear()
    return (item,), {}


def record(benchmark, hands: list[Hand], of) -> None:
    benchmark.extra_info["distances"] = dict(sorted(Counter(of(h) for h in hands).items()))


def rest_distance(h: Hand) -> int:
    return distance.analyse(h, HUNAN, budget=0, improving=False).distance


# --- one hand at rest -------------------------------------------------------------------

def test_distance_only(benchmark, smoke):
    benchmark.group = "distance of a random hand at rest (distance <= 2)"
    rounds = 1 if smoke else ROUNDS
    hands = at_rest(rounds + 1, seed=21)
    pool = Pool(hands)
    distance.analyse(pool.take(), HUNAN, budget=api.TING_BUDGET)  # compile and warm up

    def run(h):
        return distance.analyse(h, HUNAN, budget=0, improving=False)

    benchmark.pedantic(run, setup=lambda: fresh(pool.take()), rounds=rounds, iterations=1)
    record(benchmark, hands, rest_distance)


def test_distance_and_improving_draws(benchmark, smoke):
    benchmark.group = "distance of a random hand at rest (distance <= 2)"
    rounds = 1 if smoke else ROUNDS
    hands = at_rest(rounds + 1, seed=22)
    pool = Pool(hands)
    distance.analyse(pool.take(), HUNAN, budget=api.TING_BUDGET)

    def run(h):
        return distance.analyse(h, HUNAN, budget=0)

    benchmark.pedantic(run, setup=lambda: fresh(pool.take()), rounds=rounds, iterations=1)
    record(benchmark, hands, rest_distance)


def test_ting_of_a_hand_not_ready(benchmark, smoke):
    # What `phz ting` computes after start-up: the reference's waits, then the distance.
    benchmark.group = "distance of a random hand at rest (distance <= 2)"
    rounds = 1 if smoke else ROUNDS // 3
    hands = at_rest(rounds + 1, seed=23)
    pool = Pool(hands)
    api.ting(pool.take())

    benchmark.pedantic(api.ting, setup=lambda: fresh(pool.take()), rounds=rounds, iterations=1)
    record(benchmark, hands, rest_distance)


# --- a discard table ----------------------------------------------------------------------

def table_distance(h: Hand) -> int:
    return api.discard(h).rows[0].distance


def test_discard_table(benchmark, smoke):
    # `phz discard` after start-up: the reference's waits per discard, then every row's distance.
    benchmark.group = "discard table of a random hand (best discard at distance <= 2)"
    rounds = 1 if smoke else TABLE_ROUNDS
    hands = to_discard_from(rounds + 1, seed=24)
    pool = Pool(hands)
    api.discard(pool.take())

    benchmark.pedantic(api.discard, setup=lambda: fresh(pool.take()), rounds=rounds, iterations=1)
    record(benchmark, hands, table_distance)


def test_discard_table_distances_only(benchmark, smoke):
    # The distance part of the same tables: the waits computed beforehand.
    benchmark.group = "discard table of a random hand (best discard at distance <= 2)"
    rounds = 1 if smoke else TABLE_ROUNDS
    hands = to_discard_from(rounds + 1, seed=25)
    pool = Pool([(reference.discard(h, HUNAN), [0] * N_KINDS) for h in hands])
    zero = [0] * N_KINDS
    api.with_advice([reference.discard(hands[0], HUNAN)], [zero], HUNAN)

    def run(item):
        table, seen = item
        return api.with_advice([table], [seen], HUNAN)

    benchmark.pedantic(run, setup=lambda: fresh(pool.take()), rounds=rounds, iterations=1)
    record(benchmark, hands, table_distance)
