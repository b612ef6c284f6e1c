"""The rollout policy's choice in the game kernels (``bot_fast.Policy``): ``fast_pick`` on a hand's
arrays, ``fast_choice`` at the question a game state asks; the rollouts (``_game_policies``) and the
keen policy (``_game_keen``, where it defers to it) call them.
"""
from __future__ import annotations

import numpy as np

from . import _mt as MT
from . import play_rules as P
from ._game_state import (
    AS,
    MAXM,
    Q_N,
    Q_OPT,
    Q_SEAT,
    Q_STAGE,
    Q_TILE,
    S_CONC,
    S_MK,
    S_MT,
    S_NM,
    SHAPE_TILES,
    ST_DISCARD,
    ST_PENG,
    _conc,
)
from ._jit import inline, kernel

# ---------------------------------------------------------------- the rollout policy

#: the shapes holding each tile (``play_rules.HOLDING``, as arrays for the kernels)
HOLDING = np.array(P.HOLDING, np.int64)
HOLDING_AT = np.array(P.HOLDING_AT, np.int64)


@kernel
def _use(conc, t):
    """How useful tile t is in the concealed counts ``conc`` (``bot_fast.use``): 3 in a pair, and one per
    other tile held of each group shape it belongs to; lower is discarded first."""
    n = 3 if conc[t] >= 2 else 0
    for i in range(HOLDING_AT[t], HOLDING_AT[t + 1]):
        s = HOLDING[i]
        skipped = 0
        for k in range(3):
            o = SHAPE_TILES[3 * s + k]
            if o == t and not skipped:
                skipped = 1
                continue
            if conc[o] > (1 if o == t else 0):
                n += 1
    return n


@kernel
def _same_hand(st, p, keep, k):
    """Whether seat p's hand is row k of ``keep`` (20 counts, the number of melds, their kinds, their
    tiles three a meld)."""
    for t in range(20):
        if st[S_CONC + 20 * p + t] != keep[k, t]:
            return 0
    nm = st[S_NM + p]
    if keep[k, 20] != nm:
        return 0
    for j in range(nm):
        if keep[k, 21 + j] != st[S_MK + MAXM * p + j]:
            return 0
        for c in range(3):
            if keep[k, 21 + MAXM + 3 * j + c] != st[S_MT + 3 * (MAXM * p + j) + c]:
                return 0
    return 1


@inline
def _option_of(opts, at, n, kind):
    """The first of the n option rows at ``opts[at:]`` (A_SIZE columns) of action ``kind``, or -1."""
    for k in range(n):
        if opts[at + k * AS + P.A_KIND] == kind:
            return k
    return -1


@kernel
def fast_pick(conc, stage, x, opts, at, n, rng, has_rng):
    """The option the rollout policy (``bot_fast.Policy``) takes among the n option rows at ``opts[at:]``
    of a seat holding ``conc``, asked at ``stage`` about tile x (its ``keep`` aside): the only one; 胡;
    the least useful tile to discard (ties broken by ``rng`` when ``has_rng``, else the first); a 碰 or
    what must be made; a 吃 that breaks no pair; else 过."""
    if n == 1:
        return 0
    k = _option_of(opts, at, n, P.AC_HU)
    if k >= 0:
        return k
    if stage == ST_DISCARD:
        best = 1 << 30
        tied = 0
        for k in range(n):
            u = _use(conc, opts[at + k * AS + P.A_CHI])
            if u < best:
                best = u
                tied = 1
            elif u == best:
                tied += 1
        pick = 0 if (tied == 1 or not has_rng) else MT.randrange(rng, np.int64(tied))
        for k in range(n):
            if _use(conc, opts[at + k * AS + P.A_CHI]) == best:
                if pick == 0:
                    return k
                pick -= 1
        return 0
    passing = _option_of(opts, at, n, P.AC_PASS)
    if stage == ST_PENG or passing < 0:
        for k in range(n):
            if opts[at + k * AS + P.A_KIND] != P.AC_PASS:
                return k
        return 0
    for k in range(n):
        row = at + k * AS
        if opts[row + P.A_KIND] != P.AC_CHI:
            continue
        # the tiles the way lays out (the eaten copy not among them): each must be all the hand holds of it
        used = np.zeros(20, np.int64)
        skipped = 0
        for g in range(4):
            s = opts[row + P.A_CHI] if g == 0 else opts[row + P.A_BI + g - 1]
            if s < 0:
                break
            for i in range(3):
                t = SHAPE_TILES[3 * s + i]
                if t == x and not skipped:
                    skipped = 1
                else:
                    used[t] += 1
        ok = 1
        for t in range(20):
            if used[t] and conc[t] != used[t]:
                ok = 0
        if ok:
            return k
    return passing


@kernel
def fast_choice(st, rng, has_rng, keep, n_keep):
    """The option the rollout policy (``bot_fast.Policy``) takes at the question asked: ``fast_pick``,
    but 过 for a hand of ``keep`` (no 胡 on offer, not a discard)."""
    n = st[Q_N]
    p = st[Q_SEAT]
    if n > 1 and st[Q_STAGE] != ST_DISCARD and _option_of(st, Q_OPT, n, P.AC_HU) < 0:
        passing = _option_of(st, Q_OPT, n, P.AC_PASS)
        if passing >= 0:
            for i in range(n_keep):
                if _same_hand(st, p, keep, i):
                    return passing
    return fast_pick(_conc(st, p), st[Q_STAGE], st[Q_TILE], st, np.int64(Q_OPT), n, rng, has_rng != 0)
