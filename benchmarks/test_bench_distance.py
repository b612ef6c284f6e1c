"""Speed of the distance to ready (进张距离) and of the discard table that needs it.

Run ``python -m pytest benchmarks/test_bench_distance.py --benchmark-only``.
Every round takes one fresh hand from a pre-generated pool and starts from
an empty memo (the kernels' memo is cleared in the round's setup), so a
round costs what one ``phz ting`` / ``phz discard`` of a new hand costs,
minus start-up; kernels are compiled and warmed up before the first
measured round.  The hands are random (``generate.random_hands``), kept
when their distance is at most 2 (for a discard table: when its best
discard leaves the hand at most 2 away); ``extra_info`` records how many
of each distance a pool holds.  Each benchmark runs under ``hunan`` and,
as ``..._luzhou``, under ``luzhou`` (the same generator and seeds, its hands
of luzhou's melds, kept when within 2 of ready under luzhou).  Under ``--benchmark-disable`` each benchmark runs once, as a
smoke test.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from solver import api
from solver.app import generate
from solver.engine import distance, distance_arrays, reference
from solver.model.hand import Hand
from solver.model.rules import HUNAN, Ruleset, get_ruleset
from solver.model.tiles import COPIES, N_KINDS

LUZHOU = get_ruleset("luzhou")

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


def at_rest(n: int, seed: int, rules: Ruleset) -> list[Hand]:
    """n random hands at rest whose distance is at most 2."""
    out = []
    for h in generate.random_hands(20 * n, seed=seed, rules=rules):
        if distance.analyse(h, rules, budget=0, improving=False).distance is not None:
            out.append(h)
            if len(out) == n:
                return out
    raise AssertionError("too few random hands within 2 of ready")


def to_discard_from(n: int, seed: int, rules: Ruleset) -> list[Hand]:
    """n random hands of c + 1 tiles whose best discard leaves them at most 2 away."""
    rng = random.Random(seed)
    out = []
    for h in generate.random_hands(20 * n, seed=seed, rules=rules):
        held, conc = h.all_counts(), list(h.concealed)
        conc[rng.choice([t for t in range(N_KINDS) if held[t] < COPIES and conc[t] < 3])] += 1
        hand = Hand(tuple(conc), h.melds)
        if api.discard(hand, rules=rules).rows[0].distance is not None:
            out.append(hand)
            if len(out) == n:
                return out
    raise AssertionError("too few random hands within 2 of ready")


def fresh(rules: Ruleset):
    def setup(item):
        distance_arrays.of(rules).memo.clear()
        return (item,), {}
    return setup


def record(benchmark, hands: list[Hand], of) -> None:
    benchmark.extra_info["distances"] = dict(sorted(Counter(of(h) for h in hands).items()))


def rest_distance(rules: Ruleset):
    return lambda h: distance.analyse(h, rules, budget=0, improving=False).distance


# --- one hand at rest -------------------------------------------------------------------

def test_distance_only(benchmark, smoke):
    _distance_only(benchmark, smoke, HUNAN)


def test_distance_only_luzhou(benchmark, smoke):
    _distance_only(benchmark, smoke, LUZHOU)


def _distance_only(benchmark, smoke, rules):
    benchmark.group = "distance of a random hand at rest (distance <= 2)"
    rounds = 1 if smoke else ROUNDS
    hands = at_rest(rounds + 1, 21, rules)
    pool = Pool(hands)
    distance.analyse(pool.take(), rules, budget=api.TING_BUDGET)  # compile and warm up

    def run(h):
        return distance.analyse(h, rules, budget=0, improving=False)

    benchmark.pedantic(run, setup=lambda: fresh(rules)(pool.take()), rounds=rounds, iterations=1)
    record(benchmark, hands, rest_distance(rules))


def test_distance_and_improving_draws(benchmark, smoke):
    _distance_and_improving_draws(benchmark, smoke, HUNAN)


def test_distance_and_improving_draws_luzhou(benchmark, smoke):
    _distance_and_improving_draws(benchmark, smoke, LUZHOU)


def _distance_and_improving_draws(benchmark, smoke, rules):
    benchmark.group = "distance of a random hand at rest (distance <= 2)"
    rounds = 1 if smoke else ROUNDS
    hands = at_rest(rounds + 1, 22, rules)
    pool = Pool(hands)
    distance.analyse(pool.take(), rules, budget=api.TING_BUDGET)

    def run(h):
        return distance.analyse(h, rules, budget=0)

    benchmark.pedantic(run, setup=lambda: fresh(rules)(pool.take()), rounds=rounds, iterations=1)
    record(benchmark, hands, rest_distance(rules))


def test_ting_of_a_hand_not_ready(benchmark, smoke):
    _ting_of_a_hand_not_ready(benchmark, smoke, HUNAN)


def test_ting_of_a_hand_not_ready_luzhou(benchmark, smoke):
    _ting_of_a_hand_not_ready(benchmark, smoke, LUZHOU)


def _ting_of_a_hand_not_ready(benchmark, smoke, rules):
    # What `phz ting` computes after start-up: the reference's waits, then the distance.
    benchmark.group = "distance of a random hand at rest (distance <= 2)"
    rounds = 1 if smoke else ROUNDS // 3
    hands = at_rest(rounds + 1, 23, rules)
    pool = Pool(hands)
    api.ting(pool.take(), rules=rules)

    def run(h):
        return api.ting(h, rules=rules)

    benchmark.pedantic(run, setup=lambda: fresh(rules)(pool.take()), rounds=rounds, iterations=1)
    record(benchmark, hands, rest_distance(rules))


# --- a discard table ----------------------------------------------------------------------

def table_distance(rules: Ruleset):
    return lambda h: api.discard(h, rules=rules).rows[0].distance


def test_discard_table(benchmark, smoke):
    _discard_table(benchmark, smoke, HUNAN)


def test_discard_table_luzhou(benchmark, smoke):
    _discard_table(benchmark, smoke, LUZHOU)


def _discard_table(benchmark, smoke, rules):
    # `phz discard` after start-up: the reference's waits per discard, then every row's distance.
    benchmark.group = "discard table of a random hand (best discard at distance <= 2)"
    rounds = 1 if smoke else TABLE_ROUNDS
    hands = to_discard_from(rounds + 1, 24, rules)
    pool = Pool(hands)
    api.discard(pool.take(), rules=rules)

    def run(h):
        return api.discard(h, rules=rules)

    benchmark.pedantic(run, setup=lambda: fresh(rules)(pool.take()), rounds=rounds, iterations=1)
    record(benchmark, hands, table_distance(rules))


def test_discard_table_distances_only(benchmark, smoke):
    _discard_table_distances_only(benchmark, smoke, HUNAN)


def test_discard_table_distances_only_luzhou(benchmark, smoke):
    _discard_table_distances_only(benchmark, smoke, LUZHOU)


def _discard_table_distances_only(benchmark, smoke, rules):
    # The distance part of the same tables: the waits computed beforehand.
    benchmark.group = "discard table of a random hand (best discard at distance <= 2)"
    rounds = 1 if smoke else TABLE_ROUNDS
    hands = to_discard_from(rounds + 1, 25, rules)
    pool = Pool([(reference.discard(h, rules), [0] * N_KINDS) for h in hands])
    zero = [0] * N_KINDS
    api.with_advice([reference.discard(hands[0], rules)], [zero], rules)

    def run(item):
        table, seen = item
        return api.with_advice([table], [seen], rules)

    benchmark.pedantic(run, setup=lambda: fresh(rules)(pool.take()), rounds=rounds, iterations=1)
    record(benchmark, hands, table_distance(rules))
