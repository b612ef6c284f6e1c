"""Speed of the kernel-side Mersenne Twister (solver.engine._mt) on deal.py's deal: µs per deal.

Run ``python -m pytest benchmarks/bench_mt.py --benchmark-only``.  A round is
one kernel call that deals ``DEALS`` hands as ``solver.game.deal`` does: the
generator seeded from an int key (``seed_by_key``, two words: seeds like
``hand_seed``'s, below 2**48) or from the int itself (``seed_int``), the 80
tiles shuffled, the dealer drawn with ``randrange(3)``.  Seeding dominates:
``init_by_array`` is some 1,900 dependent steps, then the first draw twists
all 624 words.  ``extra_info["us_per_deal"]`` is the median round over
``DEALS``.  The kernel is compiled, and its deals checked against
``random.Random``, before the first measured round.  Under
``--benchmark-disable`` each benchmark runs once, as a smoke test.
"""
from __future__ import annotations

import random

import numba
import numpy as np
import pytest

from solver.engine import _mt
from solver.model.tiles import COPIES, N_KINDS

DEALS = 10_000
ROUNDS = 20
BASE = 2**47 + 12345  # a hand_seed-sized seed: two key words


@numba.njit(nogil=True, error_model="numpy")
def _deals(base, count, by_key, out):
    """Deal ``count`` hands of seeds base, base + 1, ...; out[i]: a digest of deal i (its first
    tiles and dealer)."""
    state = _mt.new_state()
    key = np.empty(2, np.int64)
    tiles = np.empty(80, np.int64)
    for i in range(count):
        seed = base + i
        if by_key:
            key[0] = seed & 0xFFFFFFFF
            key[1] = seed >> 32
            _mt.seed_by_key(state, key, np.int64(2 if key[1] else 1))
        else:
            _mt.seed_int(state, seed)
        for t in range(80):
            tiles[t] = t // 4
        _mt.shuffle(state, tiles, np.int64(80))
        dealer = _mt.randrange(state, np.int64(3))
        out[i] = ((tiles[0] * 20 + tiles[1]) * 20 + tiles[79]) * 3 + dealer


def _python_digest(seed: int) -> int:
    rng = random.Random(seed)
    tiles = [t for t in range(N_KINDS) for _ in range(COPIES)]
    rng.shuffle(tiles)
    dealer = rng.randrange(3)
    return ((tiles[0] * 20 + tiles[1]) * 20 + tiles[79]) * 3 + dealer


@pytest.mark.parametrize("by_key", [True, False], ids=["seed_by_key", "seed_int"])
def test_mt_deals(benchmark, by_key):
    out = np.empty(DEALS, np.int64)
    check = 50
    _deals(np.int64(BASE), np.int64(check), np.bool_(by_key), out)  # compiles
    assert out[:check].tolist() == [_python_digest(BASE + i) for i in range(check)]
    benchmark.group = "MT19937 in a kernel: seed + 80-tile shuffle + randrange(3)"
    benchmark.pedantic(_deals, args=(np.int64(BASE), np.int64(DEALS), np.bool_(by_key), out),
                       rounds=ROUNDS, iterations=1)
    stats = getattr(benchmark, "stats", None)
    if stats is not None and getattr(stats, "stats", None) is not None:
        benchmark.extra_info["us_per_deal"] = round(stats.stats.median / DEALS * 1e6, 3)
    benchmark.extra_info["deals_per_round"] = DEALS
