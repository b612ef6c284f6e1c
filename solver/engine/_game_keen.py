"""The ``keen`` policy in the game kernels: the rollout policy (``fast_pick``) made aware of readiness,
by the distance search's kernels (``_distance_kernels``) and the win kernels (``_kernels``).

A hand at rest is judged by its *class* and a *count* (``_rest_key``):

* class 0, ready: the count is its live outs (copies of its winning tiles not seen by the seat);
* class 1 (``level`` 1 only), one intake from ready by a tile still live: the count is the live copies
  of those tiles (its live 进张);
* class 2: neither.

A discard leaves the hand at rest of the least (class, −count), ties by the rollout policy's measure of
use, then by the policy's randomness.  At a revealed tile each move is judged by the hand it leaves
after its best discard (when one follows): the best move is taken when it beats passing; passing
when it beats every move or the hand is of class 0 or 1 already; else the rollout policy chooses
(every 碰, a 吃 that breaks no pair).  A win is always taken.

Readiness is looked at first: a hand is judged at class 1 only where no choice leaves one ready (the
same choices, far fewer searches).

``keen_pick`` takes a seat's hand and question as arrays (the bot ``keen`` asks it one decision at a
time, ``solver.game.bot_keen``); ``keen_choice`` reads them off a game state, for whole hands
(``play_keen``) and for the win-rate rollouts by keen (``rollouts_keen``).  Both count live copies as
``view.SeatView.unseen`` does: every copy but the seat's own, the others' melds shown, the faces, the
tile on the table.
"""
from __future__ import annotations

import numpy as np

from . import _distance_kernels as DK
from . import _kernels as K
from . import _mt as MT
from . import play_rules as P
from ._game_choices import _option_of, _use, fast_pick
from ._game_kernels import answer
from ._game_policies import (
    RS_SIZE,
    answer_row,
    bot_keys,
    hand_scratch,
    key_scratch,
    resume_sample,
    rollout_step,
    start_hand,
)
from ._game_state import (
    AS,
    ASKED,
    FMAX,
    G_SHOWS_LAST,
    G_STOCK_AT,
    G_STOCK_END,
    G_TABLE,
    MAXM,
    Q_N,
    Q_OPT,
    Q_SEAT,
    Q_STAGE,
    Q_TILE,
    S_CONC,
    S_FACES,
    S_MK,
    S_MT,
    S_NF,
    S_NM,
    S_SHOWN,
    ST_DISCARD,
    STOCK,
    N,
    _conc,
    _load,
    _mk,
    _mt,
    _owes,
    _take_into,
)
from ._jit import address, kernel

#: classes of a hand at rest (module docstring); a key packs (class, −count, use)
READY, NEAR, FAR = 0, 1, 2
COUNT_ROOM = 256  # more than any count (80 tiles)
USE_ROOM = 64  # more than any measure of use
#: the policy's scratch (``scratch``): a hand's copy and the distance search's position and scratch
KS_CONC = 0  # [20]
KS_MK = 20  # [MAXM]
KS_MT = KS_MK + MAXM  # [3 * MAXM]
KS_SHOWN = KS_MT + 3 * MAXM  # [MAXM]
KS_ROW = KS_SHOWN + MAXM  # [DK.POS_SIZE]
KS_LIVE = KS_ROW + DK.POS_SIZE  # [20]
KS_SC = KS_LIVE + 20  # [DK.S_SIZE]
KS_ORDER = KS_SC + DK.S_SIZE  # [20]
KS_SIZE = KS_ORDER + 20


def scratch() -> np.ndarray:
    """A fresh scratch vector for ``keen_pick`` / ``keen_choice``."""
    return np.zeros(KS_SIZE, np.int64)


@kernel
def _position(ws, conc, mk, mt, nm, nd):
    """The distance search's row (``distance.position``) of a hand: concealed counts, copies held, the
    exposed 偎 and 碰, the melds' 胡息 (by the win kernels), the 3-tile and 4-tile melds.  Leaves the
    hand loaded in the win kernels' scratch; returns its red count."""
    reds = _load(ws, conc, mk, mt, nm)
    for f in range(DK.POS_SIZE):
        nd[f] = 0
    for t in range(20):
        nd[DK.POS_CONC + t] = conc[t]
        nd[DK.POS_HELD + t] = conc[t]
    for j in range(nm):
        kind = mk[j]
        a = mt[3 * j]
        nd[DK.POS_BASE] += ws[K.W_MHUXI + j]
        if kind == P.K_CHI:
            for c in range(3):
                nd[DK.POS_HELD + mt[3 * j + c]] += 1
            nd[DK.POS_M] += 1
        elif kind == P.K_PENG or kind == P.K_WEI:
            nd[DK.POS_HELD + a] += 3
            nd[DK.POS_PENG if kind == P.K_PENG else DK.POS_WEI] |= 1 << a
            nd[DK.POS_M] += 1
        else:
            nd[DK.POS_HELD + a] += 4
            nd[DK.POS_K] += 1
    return reds


@kernel
def _outs(ws, reds, live):
    """Live copies of the winning tiles of the hand loaded in the win kernels (any source it wins on)."""
    sources = ws[K.R_SOURCES]
    held = ws[K.W_HELD]
    n = 0
    for w in range(20):
        if live[w] <= 0 or (held >> (K.FIELD * w)) & 7 >= 4:
            continue
        K._solve_tile(address(ws), reds + ws[K.R_RED + w], w, sources, np.bool_(False), np.bool_(False))
        for s in range(3):
            if (sources >> s) & 1 and ws[K.W_OUT + s * K.N_OUT + K.O_WIN]:
                n += live[w]
                break
    return n


#: where an entry of the memo of near tiles keeps the tiles not looked at yet (``_near_tiles``)
OPEN = 21


@kernel
def _near_tiles(cx, sc, nd, live, mode, allow, need, mk_, mv, ms, ik, iv, iu):
    """The distance search's ``_near_tiles`` of the position nd (``mode`` M_GOOD: nd at rest, the tiles
    one intake of which, with its discard, leaves it ready; M_GOOD2: nd owes a discard, the tiles whose
    intake, with a discard before it and one after, leaves it ready), tile by tile and only as far as
    needed: among the tiles of ``allow`` (every one, or for M_GOOD the M_GOOD2 tiles of the hand nd
    is a discard from, which hold them all), only those still ``live``, the likeliest first, until
    their live copies are known or can no longer reach ``need``.  Returns the tiles found, plus (from
    bit OPEN) those of ``allow`` not looked at.  The memo ``ik``/``iv``/``iu`` (``_distance_kernels``'
    kind of memo) keeps per position and mode the tiles found and those still open, so a later call
    goes on from there."""
    a, b, c = DK._memo_key(nd, mode)
    slot = DK._memo_slot(ik, iv, a, b, c)
    found = 0
    shut = DK.ALL_TILES & ~allow
    if iv[slot] != 0:
        found = (iv[slot] - 1) & DK.ALL_TILES
        shut |= DK.ALL_TILES & ~((iv[slot] - 1) >> OPEN) & ~found
    count = 0
    most = 0
    for x in range(20):
        if (found >> x) & 1:
            count += live[x]
        elif not (shut >> x) & 1:
            most += live[x]
    if most > 0 and count + most >= need:
        # the bound of _near_tiles: with the richest intake and winning tile, can the 胡息 be reached?
        hx = cx[DK.CX_MIN] - nd[DK.POS_BASE]
        for x in range(20):
            n = nd[DK.POS_CONC + x]
            if n == 3:
                hx -= cx[DK.CX_HX + 20 * DK.P_KAN + x]
                n = 0
            sc[DK.S_CNT + x] = n
        if DK._rich_huxi(cx, sc) + cx[DK.CX_STEP] < hx:
            shut = DK.ALL_TILES & ~found
            most = 0
        while most > 0 and count + most >= need:
            x = -1
            for y in range(20):
                if not ((shut | found) >> y) & 1 and live[y] > 0 and (x < 0 or live[y] > live[x]):
                    x = y
            shut |= 1 << x
            most -= live[x]
            # M_GOOD2: x's intakes with two discards to come, else (phase 1) a copy of x discarded first
            # and x's own intakes (as _near_tiles' passes)
            hit = False
            for ph in range(2 if mode == DK.M_GOOD2 else 1):
                n = nd[DK.POS_CONC + x]
                if hit or (ph == 1 and n != 1 and n != 2):
                    continue
                nd[DK.POS_CONC + x] -= ph
                nd[DK.POS_HELD + x] -= ph
                more = 1 if (mode == DK.M_GOOD2 and ph == 0) else 0
                ways = DK._ways(cx, sc, nd, False, x)  # (more than MAX_WAYS intakes: none, as _near_tiles)
                for i in range(ways):
                    if not hit:
                        DK._apply(cx, sc, nd, i, 1)
                        hit = DK._ready_memo(cx, sc, nd, sc[DK.S_WAYS + DK.TAKE_COLS * i + DK.TAKE_DISCARD] + more,
                                             mk_, mv, ms) != 0
                        DK._apply(cx, sc, nd, i, -1)
                nd[DK.POS_CONC + x] += ph
                nd[DK.POS_HELD + x] += ph
            if hit:
                found |= 1 << x
                shut &= ~(1 << x)
                count += live[x]
        value = found | ((DK.ALL_TILES & ~shut & ~found) << OPEN)
        if iv[slot] != 0:
            iv[slot] = value + 1
        else:
            DK._memo_put(ik, iv, iu, slot, a, b, c, value)  # (the searches write only the distance memo)
    return found | ((allow & ~shut & ~found) << OPEN)


@kernel
def _rest_key(ws, cx, ks, conc, mk, mt, nm, level, allow, bar, mk_, mv, ms, ik, iv, iu):
    """(class, −count) of the hand at rest, packed: class * COUNT_ROOM − count (module docstring); a
    hand not ready is judged no further than class ``level``.  Exact when below ``bar``; else some key
    no less than ``bar`` (a class 1 count is looked for only as far as it could come below it)."""
    nd = ks[KS_ROW:KS_ROW + DK.POS_SIZE]
    sc = ks[KS_SC:KS_SC + DK.S_SIZE]
    live = ks[KS_LIVE:KS_LIVE + 20]
    reds = _position(ws, conc, mk, mt, nm, nd)
    if DK._ready_memo(cx, sc, nd, np.int64(0), mk_, mv, ms):
        return READY * COUNT_ROOM - _outs(ws, reds, live)
    if level >= 1:
        tiles = _near_tiles(cx, sc, nd, live, np.int64(DK.M_GOOD), allow, NEAR * COUNT_ROOM - bar + 1, mk_, mv, ms, ik,
                            iv, iu)
        n = 0
        for x in range(20):
            if (tiles >> x) & 1:
                n += live[x]
        if n > 0:
            return NEAR * COUNT_ROOM - n
    return FAR * COUNT_ROOM


@kernel
def _near(ws, cx, ks, conc, mk, mt, nm, need, mk_, mv, ms, ik, iv, iu):
    """The tiles (a mask) whose intake, with a discard before it and one after, may leave the hand
    (which owes a discard) ready (``_near_tiles``, M_GOOD2): those found and those not looked at (the
    dead ones, or all once their live copies cannot reach ``need``).  No discard leaves the hand of
    class 0 or 1 when there is none, and the improving tiles of the hand after any discard are among
    them; their live copies are exactly the found ones' when they reach ``need``."""
    nd = ks[KS_ROW:KS_ROW + DK.POS_SIZE]
    _position(ws, conc, mk, mt, nm, nd)
    tiles = _near_tiles(cx, ks[KS_SC:KS_SC + DK.S_SIZE], nd, ks[KS_LIVE:KS_LIVE + 20], np.int64(DK.M_GOOD2),
                        np.int64(DK.ALL_TILES), need, mk_, mv, ms, ik, iv, iu)
    return (tiles | (tiles >> OPEN)) & DK.ALL_TILES


@kernel
def _after_key(ws, cx, ks, conc, mk, mt, nm, level, bar, mk_, mv, ms, ik, iv, iu):
    """The best ``_rest_key`` at ``level`` that a hand just after an intake reaches by its discard
    (itself when none follows).  Level 1 is asked only where no discard leaves the hand ready: then
    the discards are looked at only where some leaves it at most 1 away (``_near``) and the live
    copies of those tiles could bring a key below ``bar``; else the key returned is no less than
    ``bar`` (and class 2's where there is no live copy)."""
    if not _owes(conc, mk, nm):
        return _rest_key(ws, cx, ks, conc, mk, mt, nm, level, np.int64(DK.ALL_TILES), bar, mk_, mv, ms, ik, iv, iu)
    allow = np.int64(DK.ALL_TILES)
    if level > 0:
        allow = _near(ws, cx, ks, conc, mk, mt, nm, NEAR * COUNT_ROOM - bar + 1, mk_, mv, ms, ik, iv, iu)
        most = 0
        for x in range(20):
            if (allow >> x) & 1:
                most += ks[KS_LIVE + x]
        if most == 0:
            return FAR * COUNT_ROOM
        if NEAR * COUNT_ROOM - most >= bar:
            return NEAR * COUNT_ROOM - most
    # the discards, at level 1 the least useful first (the likeliest best: the order changes no key that
    # counts, and the best so far bounds the others)
    order = ks[KS_ORDER:KS_ORDER + 20]
    m = 0
    for t in range(20):
        if conc[t] == 1 or conc[t] == 2:
            v = (_use(conc, t) * 32 if level > 0 else 0) + t
            j = m
            while j > 0 and order[j - 1] > v:
                order[j] = order[j - 1]
                j -= 1
            order[j] = v
            m += 1
    best = 1 << 30
    for j in range(m):
        t = order[j] & 31
        conc[t] -= 1
        key = _rest_key(ws, cx, ks, conc, mk, mt, nm, level, allow, min(bar, best), mk_, mv, ms, ik, iv, iu)
        conc[t] += 1
        if key < best:
            best = key
    return best


@kernel
def _discard_key(ws, cx, ks, conc, mk, mt, nm, t, level, allow, bar, mk_, mv, ms, ik, iv, iu):
    """The key of discarding t: the hand it leaves (``_rest_key``, its improving tiles among ``allow``),
    then the tile's use.  Exact when no more than ``bar``; else some key above it."""
    use = _use(conc, t)
    conc[t] -= 1
    key = _rest_key(ws, cx, ks, conc, mk, mt, nm, level, allow, (bar - use) // USE_ROOM + 1, mk_, mv, ms, ik, iv,
                    iu)
    conc[t] += 1
    return key * USE_ROOM + use


@kernel
def keen_pick(ws, cx, ks, mk_, mv, ms, ik, iv, iu, conc, mk, mt, nm, stage, x, opts, at, n, level, rng, has_rng):
    """The option ``keen`` takes among the n option rows at ``opts[at:]`` (A_SIZE columns; a discard's
    tile in A_CHI) of a seat holding ``conc`` and the melds ``mk``/``mt``/``nm``, asked at ``stage``
    about tile x; the live copies it counts in ``ks[KS_LIVE:]`` (module docstring).  The distance
    search's context ``cx`` and memo (``mk_``, ``mv``, ``ms``), the memo of improving tiles (``ik``, ``iv``,
    ``iu``), the win kernels' scratch ``ws``."""
    if n == 1:
        return 0
    k = _option_of(opts, at, n, P.AC_HU)
    if k >= 0:
        return k
    if stage == ST_DISCARD:
        # the ready discards first: when one is, no other needs a closer look
        keys = np.empty(n, np.int64)
        for k in range(n):
            keys[k] = _discard_key(ws, cx, ks, conc, mk, mt, nm, opts[at + k * AS + P.A_CHI], np.int64(0),
                                   np.int64(DK.ALL_TILES), np.int64(1 << 40), mk_, mv, ms, ik, iv, iu)
        best = keys.min()
        allow = np.int64(0)
        if best >= FAR * COUNT_ROOM * USE_ROOM and level > 0:
            allow = _near(ws, cx, ks, conc, mk, mt, nm, np.int64(1), mk_, mv, ms, ik, iv, iu)
            most = 0
            for x in range(20):
                if (allow >> x) & 1:
                    most += ks[KS_LIVE + x]
            if most == 0:  # (no live copy: every discard is of class 2, as the first keys say)
                allow = 0
        if allow != 0:
            # (a discard whose key cannot come to the best so far changes nothing: its key is left above it;
            # the least useful first, the likeliest best)
            best = np.int64(1 << 40)
            for k in np.argsort(keys):
                keys[k] = _discard_key(ws, cx, ks, conc, mk, mt, nm, opts[at + k * AS + P.A_CHI], level, allow, best,
                                       mk_, mv, ms, ik, iv, iu)
                if keys[k] < best:
                    best = keys[k]
        tied = 0
        for k in range(n):
            if keys[k] == best:
                tied += 1
        pick = 0 if (tied == 1 or not has_rng) else MT.randrange(rng, np.int64(tied))
        for k in range(n):
            if keys[k] == best:
                if pick == 0:
                    return k
                pick -= 1
        return 0
    passing = _option_of(opts, at, n, P.AC_PASS)
    if passing < 0:
        return fast_pick(conc, stage, x, opts, at, n, rng, has_rng)
    hc = ks[KS_CONC:KS_CONC + 20]
    hk = ks[KS_MK:KS_MK + MAXM]
    ht = ks[KS_MT:KS_MT + 3 * MAXM]
    hs = ks[KS_SHOWN:KS_SHOWN + MAXM]
    # readiness first: a closer look only when neither passing nor any move leaves the hand ready
    for lv in range(level + 1):
        cur = _rest_key(ws, cx, ks, conc, mk, mt, nm, np.int64(lv), np.int64(DK.ALL_TILES), np.int64(1 << 30), mk_,
                        mv, ms, ik, iv, iu)
        best = 1 << 30
        best_k = -1
        for k in range(n):
            row = at + k * AS
            if opts[row + P.A_KIND] == P.AC_PASS:
                continue
            for t in range(20):
                hc[t] = conc[t]
            for j in range(nm):
                hk[j] = mk[j]
                for c in range(3):
                    ht[3 * j + c] = mt[3 * j + c]
            hn = _take_into(hc, hk, ht, hs, nm, x, opts[row + P.A_KIND], opts[row + P.A_CHI], opts[row + P.A_BI],
                            opts[row + P.A_BI + 1], opts[row + P.A_BI + 2], opts[row + P.A_ONTO],
                            opts[row + P.A_CHOU_WEI])
            # (a move whose key cannot come below both passing's and the best so far changes nothing)
            key = _after_key(ws, cx, ks, hc, hk, ht, hn, np.int64(lv), min(cur, best), mk_, mv, ms, ik, iv, iu)
            if key < best:
                best = key
                best_k = k
        if cur < FAR * COUNT_ROOM or best < FAR * COUNT_ROOM:
            break
    if best < cur:
        return best_k
    if cur < best or cur < FAR * COUNT_ROOM:
        return passing
    return fast_pick(conc, stage, x, opts, at, n, rng, has_rng)


@kernel
def _live(st, p, live):
    """The copies of each tile seat p has not seen (``view.SeatView.unseen``, none below 0): all but its
    own, the others' melds shown, the tiles face up, the tile on the table and the stock's shown last tile."""
    for t in range(20):
        live[t] = 4 - st[S_CONC + 20 * p + t]
    for q in range(N):
        for j in range(st[S_NM + q]):
            if q != p and not st[S_SHOWN + MAXM * q + j]:
                continue
            kind = st[S_MK + MAXM * q + j]
            at = S_MT + 3 * (MAXM * q + j)
            if kind == P.K_CHI:
                for c in range(3):
                    live[st[at + c]] -= 1
            else:
                live[st[at]] -= 3 if (kind == P.K_PENG or kind == P.K_WEI) else 4
        for f in range(st[S_NF + q]):
            live[st[S_FACES + FMAX * q + f]] -= 1
    if st[G_TABLE] >= 0:
        live[st[G_TABLE]] -= 1
    if st[G_SHOWS_LAST] and st[G_STOCK_AT] < st[G_STOCK_END]:
        live[st[STOCK + st[G_STOCK_END] - 1]] -= 1
    for t in range(20):
        if live[t] < 0:
            live[t] = 0


@kernel
def keen_choice(ws, cx, ks, mk_, mv, ms, ik, iv, iu, st, level, rng, has_rng):
    """``keen_pick`` at the question a game state asks."""
    p = st[Q_SEAT]
    _live(st, p, ks[KS_LIVE:KS_LIVE + 20])
    return keen_pick(ws, cx, ks, mk_, mv, ms, ik, iv, iu, _conc(st, p), _mk(st, p), _mt(st, p), st[S_NM + p],
                     st[Q_STAGE], st[Q_TILE], st, np.int64(Q_OPT), st[Q_N], level, rng, has_rng)


@kernel
def play_keen(ws, st, rv, cond_fans, wbuf, out, cx, ks, mk_, mv, ms, ik, iv, iu, level, seeds, prefix, results):
    """``play_random`` with every seat played by ``keen`` (``keen_choice`` at ``level``), its ties broken
    by random.Random of its bot key (``bot_keys`` of ``prefix``: ``session.bot_rng``)."""
    mt, bots, tiles = hand_scratch()
    buf, keys, key_len = key_scratch()
    for h in range(seeds.shape[0]):
        bot_keys(prefix, seeds[h], rv[P.V_PLAYERS], buf, keys, key_len)
        status = start_hand(ws, st, rv, cond_fans, wbuf, out, mt, bots, tiles, seeds[h], keys, key_len)
        while status == ASKED:
            k = keen_choice(ws, cx, ks, mk_, mv, ms, ik, iv, iu, st, level, bots[st[Q_SEAT]], True)
            status = answer(ws, st, rv, cond_fans, wbuf, out, k)
        answer_row(st, status, results[h])


@kernel
def rollouts_keen(ws, st, rv, cond_fans, wbuf, out, cx, ks, mk_, mv, ms, ik, iv, iu, level, me, stage, claim, tx, tby,
                  tkind, dealer, turn, first_discard, last_stock, seat_conc, seat_nm, seat_mk, seat_mt, seat_shown,
                  seat_nf, seat_faces, seat_chou, seat_passed, stocks, n_stock, scripts, n_script, keys, key_len,
                  ties, res):
    """``_game_policies.rollouts`` with every seat after the script played by ``keen`` (``keen_choice`` at
    ``level``, its ties broken by the sample's key when ``ties``, else the first option)."""
    rng = np.zeros(MT.STATE_SIZE, np.int64)
    rs = np.zeros(RS_SIZE, np.int64)
    for i in range(seat_conc.shape[0]):
        for j in range(scripts.shape[0]):
            resume_sample(ws, st, rv, wbuf, out, np.int64(i), seat_conc, seat_nm, seat_mk, seat_mt, seat_shown,
                          seat_nf, seat_faces, seat_chou, seat_passed, stocks, n_stock, dealer, turn, tx, tby, tkind,
                          first_discard, last_stock, rng, ties, keys, key_len)
            k = np.int64(-1)
            while rollout_step(ws, st, rv, cond_fans, wbuf, out, me, stage, claim, tx, tby, tkind, scripts[j],
                               n_script[j], rs, res[i, j], k) == ASKED:
                k = keen_choice(ws, cx, ks, mk_, mv, ms, ik, iv, iu, st, level, rng, ties != 0)
