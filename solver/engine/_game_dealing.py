"""Dealing what a seat cannot see, for the win-chance rollouts (``solver.game.winrate``): the
others' concealed tiles, the kinds of their face-down 偎 and the stock, by the same random.Random as
the Python reference (tests/winrate_reference.py).
"""
from __future__ import annotations

import numpy as np

from . import _mt as MT
from ._game_choices import _use
from ._jit import kernel


@kernel
def deal_unseen(keys, key_len, pool0, me, held, cap, wei_p, wei_j, tries, stock_n, last, kept, x, conc, mt, stocks,
                n_stock, ok):
    """``winrate.deal`` for each sample i, by random.Random of key ``keys[i, :key_len[i]]``: up to ``tries``
    tries, each giving every face-down 偎 (seat ``wei_p[w]``, meld ``wei_j[w]``, in that order) a kind with
    three unseen copies (``random.choices`` weighted by the ways to hold it: C(copies, 3)), then shuffling
    the rest of the unseen counts ``pool0`` and dealing ``held[p]`` of them to each other seat in order,
    the rest to the stock (``stock_n`` of them, the shown ``last`` tile at its end when it is >= 0, the rest
    set aside: 埋牌), each other seat p's hand then kept ``kept[p]`` times (``_kept``, never taking tile
    x: the one on the table, or -1), in seat order; a try that finds no kind for a 偎 or gives a seat p
    more than ``cap[p, t]`` of a tile t (``winrate.caps_of``: never four, nor more of a tile face up than
    the rules let it keep) is dealt again.  Into ``conc[i, p]`` (other seats), ``mt[i, p]`` (the 偎's
    tiles), ``stocks[i]``, ``n_stock[i]``; ``ok[i]`` 1, or 0 when every try failed."""
    rng = np.zeros(MT.STATE_SIZE, np.int64)
    pool = np.zeros(20, np.int64)
    cum = np.zeros(20, np.int64)
    tiles = np.zeros(80, np.int64)
    for i in range(keys.shape[0]):
        MT.seed_by_key(rng, keys[i], key_len[i])
        ok[i] = 0
        for _ in range(tries):
            for t in range(20):
                pool[t] = pool0[t]
            good = True
            for w in range(wei_p.shape[0]):
                total = 0
                for t in range(20):
                    total += 4 if pool[t] == 4 else 1 if pool[t] == 3 else 0
                    cum[t] = total
                if total == 0:
                    good = False
                    break
                r = MT.random(rng) * total
                k = 0
                while k < 19 and cum[k] <= r:  # bisect_right(cum, r, 0, 19)
                    k += 1
                pool[k] -= 3
                at = 3 * wei_j[w]
                for q in range(3):
                    mt[i, wei_p[w], at + q] = k
            if not good:
                continue
            n = 0
            for t in range(20):
                for _c in range(pool[t]):
                    tiles[n] = t
                    n += 1
            MT.shuffle(rng, tiles, np.int64(n))
            at = 0
            for p in range(held.shape[0]):
                if p == me:
                    continue
                for t in range(20):
                    conc[i, p, t] = 0
                for q in range(at, at + held[p]):
                    conc[i, p, tiles[q]] += 1
                at += held[p]
            for p in range(held.shape[0]):
                if p == me:
                    continue
                _kept(conc[i, p], cap[p], kept[p], x, tiles, at, n, rng)
                for t in range(20):
                    if conc[i, p, t] > cap[p, t]:
                        good = False
                if not good:
                    break
            if not good:
                continue
            m = stock_n - (1 if last >= 0 else 0)
            for q in range(at, at + m):
                stocks[i, q - at] = tiles[q]
            if last >= 0:
                stocks[i, m] = last
            n_stock[i] = stock_n
            ok[i] = 1
            break


@kernel
def _kept(hand, cap, k, x, tiles, at, n, rng):
    """A hand kept as play keeps one (``winrate.kept_of``): ``k`` times a tile at a random place of
    ``tiles[at:n]`` (those no seat holds) joins ``hand`` and the least useful tile of it (``_use``: the
    first of the least from a random tile on; never a 坎's) goes back to that place; tile x (the one on
    the table: whether a player asked on it before could hold more of it is the claims' to say) and a
    tile that would pass ``cap`` are not taken (nothing goes back)."""
    if n <= at:
        return
    for _ in range(k):
        r = at + MT.randrange(rng, np.int64(n - at))
        d = tiles[r]
        if d == x or hand[d] + 1 > cap[d]:
            continue
        hand[d] += 1
        start = MT.randrange(rng, np.int64(20))
        best = 1 << 30
        u = d
        for j in range(20):
            t = (start + j) % 20
            if hand[t] == 0 or hand[t] >= 3:
                continue
            v = _use(hand, t)
            if v < best:
                best = v
                u = t
        hand[u] -= 1
        tiles[r] = u
