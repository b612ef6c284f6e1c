"""Speed of the numba kernels and of the pure-Python reference, side by side.

Run ``python -m pytest benchmarks --benchmark-only``.  Each benchmark group
holds the kernel and the reference on the same kind of position; every round
gets fresh hands (a new slice of a pre-generated pool, handed out by the
round's setup), so nothing keyed on a hand carries over between rounds, and
kernels are compiled and warmed up before the first measured round.
``extra_info["us_per_hand"]`` is the median round time divided by the hands
of a round.  Normal test runs pass ``--benchmark-disable``: each benchmark
then runs once, on a small pool, as a smoke test.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

from solver import _kernels as K
from solver import fast, generate, reference
from solver.rules import HUNAN
from solver.tiles import N_KINDS

ROUNDS = 7
# Hands per round, the same for the kernel and the reference of a group so
# that the tables compare like with like.
WIN_BATCH = 1000  # queries of the batched win check
TING_BATCH = 200
DISCARD_BATCH = 50


@pytest.fixture(scope="module")
def smoke(request) -> bool:
    """True under --benchmark-disable: one round on a few hands."""
    return bool(request.config.getoption("benchmark_disable", False))


@pytest.fixture(scope="module")
def rounds(smoke) -> int:
    return 1 if smoke else ROUNDS


def ref_batch(batch: int, smoke: bool) -> int:
    return max(1, batch // 50) if smoke else batch


class Pool:
    """Hands out consecutive slices of a pre-generated list, one per round."""

    def __init__(self, items: list, size: int):
        self.items = items
        self.size = size
        self.next = 0

    def take(self) -> list:
        lo = self.next
        self.next += self.size
        assert self.next <= len(self.items), "pool exhausted: generate more hands"
        return self.items[lo:self.next]


def record(benchmark, hands_per_round: int) -> None:
    stats = getattr(benchmark, "stats", None)
    if stats is not None and getattr(stats, "stats", None) is not None:
        benchmark.extra_info["us_per_hand"] = round(stats.stats.median / hands_per_round * 1e6, 3)
    benchmark.extra_info["hands_per_round"] = hands_per_round


def win_queries(n: int, seed: int) -> list[tuple]:
    """(hand, a winning tile, source) for n ready hands, the source drawn at random."""
    hands = generate.ready_hands(n, seed=seed)
    ra = fast.rule_arrays(HUNAN)
    out = fast._ting_arrays(fast.marshal(hands), ra)
    rng = random.Random(seed)
    queries = []
    for i, hand in enumerate(hands):
        tiles, sources = np.nonzero(out[i, :, :, K.O_WIN])
        j = rng.randrange(len(tiles))
        queries.append((hand, int(tiles[j]), "self" if sources[j] == 0 else "other"))
    return queries


# --- the batched win check with best score ---------------------------------------------

def test_win_check_kernel(benchmark, rounds, smoke):
    benchmark.group = "win check (ready hand + a winning tile, one source)"
    ra = fast.rule_arrays(HUNAN)
    batch = WIN_BATCH // 10 if smoke else WIN_BATCH
    pool = Pool(win_queries(batch * (rounds + 1), seed=1), batch)

    def setup():
        qs = pool.take()
        arrays = fast.marshal([h for h, _, _ in qs])
        n = len(qs)
        qsrc = np.array([1 if s == "self" else 2 for _, _, s in qs], np.int64)
        out = np.zeros((2 * n, K.N_OUT), np.int32)
        out.fill(0)  # touch its pages here, not inside the measured call
        top = np.zeros((1, K.N_TOP), np.int32)
        args = (*arrays.args(), np.arange(n, dtype=np.int64), np.array([t for _, t, _ in qs], np.int64),
                qsrc, False, ra.vec, out, top)
        return args, {}

    args, _ = setup()  # compile and warm up outside the measured rounds
    K.hu_batch(*args)
    assert args[-2][:, K.O_WIN].sum() == batch  # every query wins
    benchmark.pedantic(K.hu_batch, setup=setup, rounds=rounds, iterations=1)
    record(benchmark, batch)


def test_win_check_win_many(benchmark, rounds, smoke):
    benchmark.group = "win check (ready hand + a winning tile, one source)"
    batch = WIN_BATCH // 10 if smoke else WIN_BATCH
    pool = Pool(win_queries(batch * (rounds + 1), seed=2), batch)

    def setup():
        qs = pool.take()
        return (fast.marshal([h for h, _, _ in qs]), [t for _, t, _ in qs], [s for _, _, s in qs], HUNAN), {}

    args, _ = setup()
    fast.win_many(*args)
    benchmark.pedantic(fast.win_many, setup=setup, rounds=rounds, iterations=1)
    record(benchmark, batch)


def test_win_check_reference(benchmark, rounds, smoke):
    benchmark.group = "win check (ready hand + a winning tile, one source)"
    batch = ref_batch(WIN_BATCH, smoke)
    pool = Pool(win_queries(batch * rounds, seed=3), batch)

    def check(qs):
        return [reference.best_win(h, t, s, HUNAN) for h, t, s in qs]

    benchmark.pedantic(check, setup=lambda: ((pool.take(),), {}), rounds=rounds, iterations=1)
    record(benchmark, batch)


# --- ting: every wait of a hand at rest, both sources ----------------------------------

def test_ting_kernel(benchmark, rounds):
    benchmark.group = "ting (ready hands, all 20 tiles x both sources)"
    ra = fast.rule_arrays(HUNAN)
    pool = Pool(generate.ready_hands(TING_BATCH * (rounds + 1), seed=4), TING_BATCH)

    def setup():
        return (fast.marshal(pool.take()), ra), {}

    args, _ = setup()
    fast._ting_arrays(*args)
    benchmark.pedantic(fast._ting_arrays, setup=setup, rounds=rounds, iterations=1)
    record(benchmark, TING_BATCH)


def test_ting_many(benchmark, rounds):
    benchmark.group = "ting (ready hands, all 20 tiles x both sources)"
    pool = Pool(generate.ready_hands(TING_BATCH * (rounds + 1), seed=5), TING_BATCH)
    zero = [[0] * N_KINDS] * TING_BATCH

    def setup():
        return (pool.take(), zero, HUNAN), {}

    args, _ = setup()
    fast.ting_many(*args)
    benchmark.pedantic(fast.ting_many, setup=setup, rounds=rounds, iterations=1)
    record(benchmark, TING_BATCH)


def test_ting_reference(benchmark, rounds, smoke):
    benchmark.group = "ting (ready hands, all 20 tiles x both sources)"
    batch = ref_batch(TING_BATCH, smoke)
    pool = Pool(generate.ready_hands(batch * rounds, seed=6), batch)

    def ting(hands):
        return [reference.ting(h, HUNAN) for h in hands]

    benchmark.pedantic(ting, setup=lambda: ((pool.take(),), {}), rounds=rounds, iterations=1)
    record(benchmark, batch)


# --- discard: a ting per discardable tile, the tile counted as seen ----------------------

def test_discard_kernel(benchmark, rounds):
    benchmark.group = "discard table (ready hand + one tile)"
    ra = fast.rule_arrays(HUNAN)
    pool = Pool(generate.discard_hands(DISCARD_BATCH * (rounds + 1), seed=7), DISCARD_BATCH)

    def setup():
        return (fast.marshal(pool.take()), ra), {}

    args, _ = setup()
    fast._discard_arrays(*args)
    benchmark.pedantic(fast._discard_arrays, setup=setup, rounds=rounds, iterations=1)
    record(benchmark, DISCARD_BATCH)


def test_discard_many(benchmark, rounds):
    benchmark.group = "discard table (ready hand + one tile)"
    pool = Pool(generate.discard_hands(DISCARD_BATCH * (rounds + 1), seed=8), DISCARD_BATCH)
    zero = [[0] * N_KINDS] * DISCARD_BATCH

    def setup():
        return (pool.take(), zero, HUNAN), {}

    args, _ = setup()
    fast.discard_many(*args)
    benchmark.pedantic(fast.discard_many, setup=setup, rounds=rounds, iterations=1)
    record(benchmark, DISCARD_BATCH)


def test_discard_reference(benchmark, rounds, smoke):
    benchmark.group = "discard table (ready hand + one tile)"
    batch = ref_batch(DISCARD_BATCH, smoke)
    pool = Pool(generate.discard_hands(batch * rounds, seed=9), batch)

    def discard(hands):
        return [reference.discard(h, HUNAN) for h in hands]

    benchmark.pedantic(discard, setup=lambda: ((pool.take(),), {}), rounds=rounds, iterations=1)
    record(benchmark, batch)
