"""The ``basic`` bot in the game kernels: the moves of ``phz discard``'s and ``phz act --advise --rank outs``'s
advice, with the tiles the seat has seen counted (``solver.game.bot_basic``, whose docstring gives its rules;
its plain reference is ``tests/basic_reference.py``).

What the api answers per hand (``bot_eval.Advisor``: distance to ready, exact up to 2, ``limit`` beyond;
live improving draws; at distance 0 the live outs, expected and best score) is found by the same
searches the api's kernels run (``_game_advice``), lazily: only as far as the choice needs (the
discards are looked at level by level, ready first, and at a level only those that can still be
best are counted; a claim only as far as it could beat passing and the claims before it), never
changing a choice.  A hand beyond 2 away is measured by the shape measure (``_game_shape``).

Every count of live copies is ``view.SeatView.unseen`` (none below 0): a discard counts as seen, a
tile taken from the table is in the hand, so one vector serves every hand of a decision.

``basic_pick`` takes a seat's hand and question as arrays (the bot, one decision at a time);
``basic_choice`` reads them off a game state (whole hands: ``_game_entry_basic.play_basic``).
"""
from __future__ import annotations

import numpy as np

from . import _distance_kernels as DK
from . import _game_shape as SH
from . import _mt as MT
from . import play_rules as P
from ._game_advice import (
    BS_CONC,
    BS_LIVE,
    BS_MK,
    BS_MT,
    BS_ROW,
    BS_SC,
    BS_SHOWN,
    BS_STACK,
    BS_WAIT,
    COUNT_ROOM,
    D_ROOM,
    FAR,
    LIMIT,
    NONE,
    _bound2,
    _count1,
    _near1,
    _rest_key,
    _two,
    _valid,
    _waits,
)
from ._game_choices import _option_of
from ._game_keen import _live, _position
from ._game_state import (
    AS,
    MAXM,
    Q_N,
    Q_OPT,
    Q_SEAT,
    Q_STAGE,
    Q_TILE,
    S_NM,
    ST_DISCARD,
    _conc,
    _mk,
    _mt,
    _owes,
    _take_into,
)
from ._jit import kernel, unowned

#: what ``_discard_keys`` found: the discards that leave the hand ready, 1 away, 2 away or further
K_READY, K_ONE, K_TWO, K_FAR = range(4)


@kernel
def _discard_keys(ws, cx, bx, bs, conc, mk, mt, nm, tiles, n, keys, wt, tot, top, upto, need2, strict, mk_, mv, ms,
                  ik, iv, iu):
    """The discards ``tiles[:n]`` (each 1 or 2 concealed) of a hand the api takes, as far as the advice's
    order of the least of them needs (``scoring.advice_key``; beyond 2 away the shape of the hand left):
    returns the class they are judged at (K_*) and keys[k] (the least best; ``keys`` < 0: not of that
    class).  K_READY: keys[k] the live outs negated, their weighted scores wt[k], total tot[k] and best
    score top[k] too; K_ONE, K_TWO: COUNT_ROOM − live improving draws; K_FAR: the shape measure's
    (1 << 40) + missing * HX_ROOM + 胡息 beyond the search, 2 << 40 with no intake at all."""
    nd = bs[BS_ROW:BS_ROW + DK.POS_SIZE]
    _position(ws, conc, mk, mt, nm, nd)
    maybe = DK._junk_tiles(cx, bs[BS_SC:BS_SC + DK.S_SIZE], nd, np.int64(1), ik, iv, iu)
    ready = False
    for k in range(n):
        t = tiles[k]
        keys[k] = -1
        if (maybe >> t) & 1:
            conc[t] -= 1
            if _waits(ws, bx, bs, conc, mk, mt, nm):
                ready = True
                tot[k] = bs[BS_WAIT]
                wt[k] = bs[BS_WAIT + 1]
                top[k] = bs[BS_WAIT + 2]
                keys[k] = COUNT_ROOM - tot[k]
            conc[t] += 1
    if ready:
        return K_READY
    if upto == 0:
        return K_FAR
    _position(ws, conc, mk, mt, nm, nd)  # (the waits loaded other hands)
    one = False
    for k in range(n):
        t = tiles[k]
        nd[DK.POS_CONC + t] -= 1
        nd[DK.POS_HELD + t] -= 1
        if _near1(cx, bs, nd, mk_, mv, ms):
            one = True
            keys[k] = COUNT_ROOM - _count1(cx, bs, nd, mk_, mv, ms)
        nd[DK.POS_CONC + t] += 1
        nd[DK.POS_HELD + t] += 1
    if one:
        return K_ONE
    if upto == 1:
        return K_FAR
    best = -1
    base = nd[DK.POS_BASE]
    # the likeliest first (the most live copies of tiles with an intake), so the count to reach rises early
    order = np.empty(n, np.int64)
    bound = np.empty(n, np.int64)
    for k in range(n):
        t = tiles[k]
        nd[DK.POS_CONC + t] -= 1
        nd[DK.POS_HELD + t] -= 1
        bound[k] = _bound2(cx, bs, nd)
        nd[DK.POS_CONC + t] += 1
        nd[DK.POS_HELD + t] += 1
        j = k
        while j > 0 and bound[order[j - 1]] < bound[k]:
            order[j] = order[j - 1]
            j -= 1
        order[j] = k
    for j in range(n):
        k = order[j]
        t = tiles[k]
        nd[DK.POS_CONC + t] -= 1
        nd[DK.POS_HELD + t] -= 1
        d, c = _two(cx, bs, nd, max(best + strict if best >= 0 else 0, need2), mk_, mv, ms)
        nd[DK.POS_CONC + t] += 1
        nd[DK.POS_HELD + t] += 1
        keys[k] = -1
        if d == 2:
            keys[k] = COUNT_ROOM - c
            if c > best:
                best = c
        elif d == LIMIT:
            keys[k] = 1 << 40
        elif d == NONE:
            keys[k] = 2 << 40
    if best >= 0:
        for k in range(n):
            if keys[k] >= 1 << 40 or (keys[k] >= 0 and keys[k] > COUNT_ROOM - best):
                keys[k] = -1
        return K_TWO
    if need2 > 0:
        return K_FAR
    for k in range(n):
        if keys[k] == 1 << 40:
            t = tiles[k]
            conc[t] -= 1
            keys[k] += SH.missing(bx, bs[BS_STACK:BS_STACK + SH.STACK_SIZE], conc, nm, base, ik, iv, iu)
            conc[t] += 1
    return K_FAR


@kernel
def _cmp_ready(keys, wt, tot, top, a, b):
    """-1, 0 or 1 as ready discard a comes before, ties with, comes after b: more live outs, then a higher
    expected score (Σ weighted / outs, compared as fractions), then a higher best score."""
    if keys[a] != keys[b]:
        return -1 if keys[a] < keys[b] else 1
    ea = wt[a] * tot[b] if tot[a] > 0 else 0
    eb = wt[b] * tot[a] if tot[b] > 0 else 0
    if ea != eb:
        return -1 if ea > eb else 1
    if top[a] != top[b]:
        return -1 if top[a] > top[b] else 1
    return 0


@kernel
def _table_key(ws, cx, bx, bs, conc, mk, mt, nm, bar, mk_, mv, ms, ik, iv, iu):
    """The outs key (packed) of the best discard of a hand that owes one, in the advice's order
    (``Advisor.discards``' first row, the follow-up ``advice._choices`` ranks a claim by): FAR when the
    api does not take the hand or no discard comes within 2.  Exact when below ``bar``, else some key no
    less than ``bar``."""
    far = FAR * D_ROOM + COUNT_ROOM
    if not _valid(conc, mk, nm, np.int64(1)):
        return far
    tiles = np.empty(20, np.int64)
    n = 0
    for t in range(20):
        if conc[t] == 1 or conc[t] == 2:
            tiles[n] = t
            n += 1
    keys = np.empty(n, np.int64)
    wt = np.zeros(n, np.int64)
    tot = np.zeros(n, np.int64)
    top = np.zeros(n, np.int64)
    upto = 0 if bar <= D_ROOM else 1 if bar <= 2 * D_ROOM else 2
    need2 = max(0, 2 * D_ROOM + COUNT_ROOM - bar + 1)
    cls = _discard_keys(ws, cx, bx, bs, conc, mk, mt, nm, tiles, np.int64(n), keys, wt, tot, top, np.int64(upto),
                        np.int64(need2), np.int64(1), mk_, mv, ms, ik, iv, iu)
    if cls == K_FAR:
        return far
    best = 1 << 40
    for k in range(n):
        if 0 <= keys[k] < best:
            best = keys[k]
    return cls * D_ROOM + best


@kernel
def _pick_of(keys, order, m, rng, has_rng):
    """The index (into ``order[:m]``, an order of candidates) of the least key, a tie broken by
    ``randrange`` of the bot's randomness over the tied in that order (``BasicBot.pick``); keys < 0 are
    not candidates."""
    best = -1
    tied = 0
    for j in range(m):
        v = keys[order[j]]
        if v < 0:
            continue
        if best < 0 or v < best:
            best = v
            tied = 1
        elif v == best:
            tied += 1
    pick = 0 if (tied <= 1 or not has_rng) else MT.randrange(rng, np.int64(tied))
    for j in range(m):
        if keys[order[j]] == best:
            if pick == 0:
                return order[j]
            pick -= 1
    return -1


@kernel
def _discard_pick(ws, cx, bx, bs, conc, mk, mt, nm, opts, at, n, mk_, mv, ms, ik, iv, iu, rng, has_rng):
    """``BasicBot.discard``: the option of the n discard rows at ``opts[at:]`` it takes."""
    order = np.empty(n, np.int64)
    if not _valid(conc, mk, nm, np.int64(1)):
        # not a hand the api takes: the shape measure alone, in the options' order
        nd = bs[BS_ROW:BS_ROW + DK.POS_SIZE]
        _position(ws, conc, mk, mt, nm, nd)
        keys = np.empty(n, np.int64)
        for k in range(n):
            t = opts[at + k * AS + P.A_CHI]
            conc[t] -= 1
            keys[k] = SH.missing(bx, bs[BS_STACK:BS_STACK + SH.STACK_SIZE], conc, nm, nd[DK.POS_BASE], ik, iv, iu)
            conc[t] += 1
            order[k] = k
        return _pick_of(keys, order, n, rng, has_rng)
    # the discards the table has, in tile order (the advice's ties)
    tiles = np.empty(n, np.int64)
    m = 0
    for t in range(20):
        if conc[t] == 1 or conc[t] == 2:
            for k in range(n):
                if opts[at + k * AS + P.A_CHI] == t:
                    order[m] = k
                    tiles[m] = t
                    m += 1
                    break
    keys = np.empty(m, np.int64)
    wt = np.zeros(m, np.int64)
    tot = np.zeros(m, np.int64)
    top = np.zeros(m, np.int64)
    cls = _discard_keys(ws, cx, bx, bs, conc, mk, mt, nm, tiles, np.int64(m), keys, wt, tot, top, np.int64(2),
                        np.int64(0), np.int64(0), mk_, mv, ms, ik, iv, iu)
    idx = np.arange(m)
    if cls != K_READY:
        j = _pick_of(keys, idx, m, rng, has_rng)
        return order[j] if j >= 0 else 0
    best = -1
    tied = 0
    for j in range(m):
        if keys[j] < 0:
            continue
        c = -1 if best < 0 else _cmp_ready(keys, wt, tot, top, j, best)
        if c < 0:
            best = j
            tied = 1
        elif c == 0:
            tied += 1
    pick = 0 if (tied <= 1 or not has_rng) else MT.randrange(rng, np.int64(tied))
    for j in range(m):
        if keys[j] >= 0 and _cmp_ready(keys, wt, tot, top, j, best) == 0:
            if pick == 0:
                return order[j]
            pick -= 1
    return order[best]


@kernel
def basic_pick(ws, cx, bx, bs, mk_, mv, ms, ik, iv, iu, conc, mk, mt, nm, stage, x, opts, at, n, rng, has_rng):
    """The option ``basic`` takes among the n option rows at ``opts[at:]`` (A_SIZE columns; a discard's
    tile in A_CHI) of a seat holding ``conc`` and the melds ``mk``/``mt``/``nm``, asked at ``stage`` about
    tile x; the live copies it counts in ``bs[BS_LIVE:]``.  ``cx`` and ``mk_``/``mv``/``ms``: the distance
    search's context and memo; ``ik``/``iv``/``iu`` a memo of masks and shapes; ``bx`` the shape measure's
    tables and the expected score's weights (``shape_context``); ``ws`` the win kernels' scratch."""
    if n == 1:
        return 0
    k = _option_of(opts, at, n, P.AC_HU)
    if k >= 0:
        return k
    # the searches below take these as views that own nothing: their calls count no references (_jit.unowned)
    ws, cx, bx, bs, mk_, mv, ms = unowned(ws), unowned(cx), unowned(bx), unowned(bs), unowned(mk_), unowned(mv), \
        unowned(ms)
    ik, iv, iu, conc, mk, mt = unowned(ik), unowned(iv), unowned(iu), unowned(conc), unowned(mk), unowned(mt)
    opts, rng = unowned(opts), unowned(rng)
    if stage == ST_DISCARD:
        return _discard_pick(ws, cx, bx, bs, conc, mk, mt, nm, opts, at, n, mk_, mv, ms, ik, iv, iu, rng, has_rng)
    # a claim: the first option of the least outs key (``advice.advise(..., rank="outs")``, a stable sort)
    hc = bs[BS_CONC:BS_CONC + 20]
    hk = bs[BS_MK:BS_MK + MAXM]
    ht = bs[BS_MT:BS_MT + 3 * MAXM]
    hs = bs[BS_SHOWN:BS_SHOWN + MAXM]
    # passing first: a claim before it in the options needs a key no greater, one after it a smaller key
    passing = _option_of(opts, at, n, P.AC_PASS)
    far = FAR * D_ROOM + COUNT_ROOM
    pass_key = far + 1
    if passing >= 0:
        pass_key = _rest_key(ws, cx, bx, bs, conc, mk, mt, nm, np.int64(1 << 40), mk_, mv, ms)
    best = 1 << 40
    best_k = -1
    for k in range(n):
        if k == passing:
            continue
        row = at + k * AS
        kind = opts[row + P.A_KIND]
        bar = min(best, pass_key + (1 if k < passing else 0))
        key = far
        if kind == P.AC_CHI or kind == P.AC_PENG:
            for t in range(20):
                hc[t] = conc[t]
            for j in range(nm):
                hk[j] = mk[j]
                for c in range(3):
                    ht[3 * j + c] = mt[3 * j + c]
            hn = _take_into(hc, hk, ht, hs, nm, x, kind, opts[row + P.A_CHI], opts[row + P.A_BI],
                            opts[row + P.A_BI + 1], opts[row + P.A_BI + 2], opts[row + P.A_ONTO],
                            opts[row + P.A_CHOU_WEI])
            if _owes(hc, hk, hn):
                key = _table_key(ws, cx, bx, bs, hc, hk, ht, hn, bar, mk_, mv, ms, ik, iv, iu)
            else:
                key = _rest_key(ws, cx, bx, bs, hc, hk, ht, hn, bar, mk_, mv, ms)
        if key < best:
            best = key
            best_k = k
    if passing >= 0 and (best_k < 0 or pass_key < best or (pass_key == best and passing < best_k)):
        return passing
    return best_k


@kernel
def basic_choice(ws, cx, bx, bs, mk_, mv, ms, ik, iv, iu, st, rng, has_rng):
    """``basic_pick`` at the question a game state asks."""
    p = st[Q_SEAT]
    _live(st, p, bs[BS_LIVE:BS_LIVE + 20])
    return basic_pick(ws, cx, bx, bs, mk_, mv, ms, ik, iv, iu, _conc(st, p), _mk(st, p), _mt(st, p), st[S_NM + p],
                      st[Q_STAGE], st[Q_TILE], st, np.int64(Q_OPT), st[Q_N], rng, has_rng)
