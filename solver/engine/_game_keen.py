"""The ``keen`` policy in the game kernels: the rollout policy (``fast_pick``) made aware of readiness,
by the distance search's kernels (``_distance_kernels``) and the win kernels (``_kernels``).

A hand at rest is judged by its *class* and a *count* (``_rest_key``):

* class 0, ready: the count is its live outs (copies of its winning tiles not seen by the seat), each
  counted for what its win is worth in the race: the score each other player would pay (the best of
  the sources it wins on) and the typical loss the win spares the hand (``keen_steps.worth``);
* class 1 (``level`` 1 only), one intake from ready by a tile still live: the count is the live copies
  of those tiles (its live 进张), each for how often it can come as the hand holds it (``keen_steps.reach``;
  by default 1 each);
* class 2: neither.

A discard leaves the hand at rest of the least (class, −count), ties by the rollout policy's measure of
use, then by the policy's randomness.  At a revealed tile each move is judged by the hand it leaves
after its best discard (when one follows): the best move is taken when it beats passing; passing
when it beats every move or the hand is of class 0 or 1 already; else the rollout policy chooses
(every 碰, a 吃 that breaks no pair).  A win is always taken.

Readiness first: class 1 is looked at only where no choice leaves a hand ready (far fewer searches).

``keen_pick`` takes a seat's hand and question as arrays (the bot ``keen`` asks it one decision at a
time, ``solver.game.bot_keen``); ``keen_choice`` reads them off a game state, for whole hands
(``_game_entry.play_keen``) and for the win-rate rollouts by keen (``_game_entry.rollouts_keen``).
Both count live copies as ``view.SeatView.unseen`` does: every copy but the seat's own, the others'
melds shown, the faces, the tile on the table.
"""
from __future__ import annotations

import numpy as np

from . import _distance_kernels as DK
from . import _kernels as K
from . import _mt as MT
from . import play_rules as P
from ._game_choices import _option_of, _use, fast_pick
from ._game_state import (
    AS,
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
from ._jit import address, kernel, unowned

#: classes of a hand at rest (module docstring); a key packs (class, −count, use)
READY, NEAR, FAR = 0, 1, 2
COUNT_ROOM = 1 << 24  # more than any count (``_outs`` caps its worth below it)
USE_ROOM = 64  # more than any measure of use
#: the policy's scratch (``scratch``): a hand's copy and the distance search's position and scratch
KS_CONC = 0  # [20]
KS_MK = 20  # [MAXM]
KS_MT = KS_MK + MAXM  # [3 * MAXM]
KS_SHOWN = KS_MT + 3 * MAXM  # [MAXM]
KS_ROW = KS_SHOWN + MAXM  # [DK.POS_SIZE]
KS_LIVE = KS_ROW + DK.POS_SIZE  # [20]
KS_SC = KS_LIVE + 20  # [DK.S_SIZE]
KS_MASKS = KS_SC + DK.S_SIZE  # [20] (``_discards_near``)
KS_NEAR = KS_MASKS + 20  # [20] (``_discards_near``)
KS_WORTH = KS_NEAR + 20  # [2] what one live out of a ready hand counts: per point of its score, and besides
KS_REACH = KS_WORTH + 2  # [5] what one live improving tile counts, by what the hand holds of it (DK.H_*)
KS_WL = KS_REACH + 5  # [3 * 20] (``_weigh``) each tile's live copies times its reach
KS_SIZE = KS_WL + 60
#: the worth of an out is counted in tenths of a point (``keen_steps.worth``)
WORTH_SCALE = 10


def scratch(per_point: int = 0, besides: int = 1, reach: tuple[int, ...] = (1,) * 5) -> np.ndarray:
    """A fresh scratch vector for ``keen_pick`` / ``keen_choice``, a ready hand's live out counting
    ``per_point`` times its win's score plus ``besides`` (``keen_steps.worth``; by default 1: outs alone),
    a live improving tile ``reach[h]`` for what the hand holds of it (``keen_steps.reach``; by default 1)."""
    ks = np.zeros(KS_SIZE, np.int64)
    ks[KS_WORTH:KS_WORTH + 2] = per_point, besides
    ks[KS_REACH:KS_REACH + 5] = reach
    return ks


@kernel
def _weigh(ks, nd, live):
    """What each tile's live copies count as improving tiles of position nd (ks[KS_REACH + what it holds of
    the tile]), into ks[KS_WL:]: as nd holds it, as nd less a copy does, and the more of the two (a bound)."""
    for t in range(20):
        n = nd[DK.POS_CONC + t]
        whole = less = live[t] * ks[KS_REACH + DK._holding(nd, t, n)]
        if n == 1 or n == 2:
            less = live[t] * ks[KS_REACH + DK._holding(nd, t, n - 1)]
        ks[KS_WL + t] = whole
        ks[KS_WL + 20 + t] = less
        ks[KS_WL + 40 + t] = max(whole, less)


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
def _outs(ws, ks, reds, live):
    """The live copies of the winning tiles of the hand loaded in the win kernels (any source it wins on),
    each counted for what it is worth: ks[KS_WORTH] times the best score it wins with, plus ks[KS_WORTH + 1]
    (capped below COUNT_ROOM)."""
    sources = ws[K.R_SOURCES]
    held = ws[K.W_HELD]
    n = 0
    for w in range(20):
        if live[w] <= 0 or (held >> (K.FIELD * w)) & 7 >= 4:
            continue
        K._solve_tile(address(ws), reds + ws[K.R_RED + w], w, sources, np.bool_(False), np.bool_(False))
        best = -1
        for s in range(3):
            at = K.W_OUT + s * K.N_OUT
            if (sources >> s) & 1 and ws[at + K.O_WIN] and ws[at + K.O_SCORE] > best:
                best = ws[at + K.O_SCORE]
        if best >= 0:
            n += live[w] * (ks[KS_WORTH] * best + ks[KS_WORTH + 1])
    return min(n, COUNT_ROOM - 1)


#: where an entry of the memo of improving tiles keeps the tiles not looked at yet (``_improving``)
OPEN = 21
#: the question (+ x) of a hand's entry there for the junk tiles of x's intakes (``_discards_near``)
XJ = 32


@kernel
def _hx_bound(cx, sc, nd):
    """Whether the 胡息 could be reached at all from the position nd with the richest intake and
    winning tile (the bound of the distance search's ``_near_tiles``; a hand less a tile carries no more)."""
    hx = cx[DK.CX_MIN] - nd[DK.POS_BASE]
    for x in range(20):
        n = nd[DK.POS_CONC + x]
        if n == 3:
            hx -= cx[DK.CX_HX + 20 * DK.P_KAN + x]
            n = 0
        sc[DK.S_CNT + x] = n
    return DK._rich_huxi(cx, sc) + cx[DK.CX_STEP] >= hx


@kernel
def _keep(nd, t, found, shut, ik, iv, iu):
    """What is known of the improving tiles of position nd less a copy of t (t < 0: nd itself): the tiles
    ``found`` to be and those ``shut`` (known not to be), into the memo, beside what it held."""
    if t >= 0:
        nd[DK.POS_CONC + t] -= 1
        nd[DK.POS_HELD + t] -= 1
    a, b, c = DK._memo_key(nd, np.int64(DK.M_GOOD))
    slot = DK._memo_slot(ik, iv, a, b, c)
    open_ = DK.ALL_TILES & ~shut & ~found
    if iv[slot] != 0:
        found |= (iv[slot] - 1) & DK.ALL_TILES
        open_ &= (iv[slot] - 1) >> OPEN
        iv[slot] = (found | ((open_ & ~found) << OPEN)) + 1
    else:
        DK._memo_put(ik, iv, iu, slot, a, b, c, found | (open_ << OPEN))  # (the searches write only the distance memo)
    if t >= 0:
        nd[DK.POS_CONC + t] += 1
        nd[DK.POS_HELD + t] += 1


@kernel
def _improving(cx, sc, ks, nd, live, need, mk_, mv, ms, ik, iv, iu):
    """Live copies of the tiles one intake of which, with its discard, leaves the position nd (at rest)
    ready (``_near_tiles``' M_GOOD), each for its reach (``_weigh``), looked at tile by tile: only live
    tiles, the likeliest first, until the count is known or can no longer reach ``need`` (then some count
    below it).  The memo ``ik``/``iv``/``iu`` keeps per position the tiles found and (from bit OPEN)
    those not looked at yet, so a later call goes on from there (``_discards_near`` fills it too)."""
    a, b, c = DK._memo_key(nd, np.int64(DK.M_GOOD))
    slot = DK._memo_slot(ik, iv, a, b, c)
    found = 0
    shut = 0
    if iv[slot] != 0:
        found = (iv[slot] - 1) & DK.ALL_TILES
        shut = DK.ALL_TILES & ~((iv[slot] - 1) >> OPEN) & ~found
    _weigh(ks, nd, live)
    wl = ks[KS_WL:KS_WL + 20]
    count = 0
    most = 0
    for x in range(20):
        if (found >> x) & 1:
            count += wl[x]
        elif not (shut >> x) & 1:
            most += wl[x]
    if most == 0 or count + most < need:
        return count
    if not _hx_bound(cx, sc, nd):
        shut = DK.ALL_TILES & ~found
        most = 0
    while most > 0 and count + most >= need:
        x = -1
        vx = 0
        for y in range(20):
            if not ((shut | found) >> y) & 1 and live[y] > 0 and (x < 0 or wl[y] > vx):
                x = y
                vx = wl[y]
        shut |= 1 << x
        most -= vx
        ways = DK._ways(cx, sc, nd, np.bool_(False), x)  # (more than MAX_WAYS intakes: none, as _near_tiles)
        hit = False
        for i in range(ways):
            if not hit:
                DK._apply(cx, sc, nd, i, np.int64(1))
                hit = DK._ready_memo(cx, sc, nd, sc[DK.S_WAYS + DK.TAKE_COLS * i + DK.TAKE_DISCARD], mk_, mv, ms) != 0
                DK._apply(cx, sc, nd, i, np.int64(-1))
        if hit:
            found |= 1 << x
            shut &= ~(1 << x)
            count += vx
    _keep(nd, np.int64(-1), found, shut, ik, iv, iu)
    return count


@kernel
def _rest_key(ws, cx, ks, conc, mk, mt, nm, level, bar, mk_, mv, ms, ik, iv, iu):
    """(class, −count) of the hand at rest, packed: class * COUNT_ROOM − count (module docstring); a
    hand not ready is judged no further than class ``level``.  Exact when below ``bar``; else some key
    no less than ``bar`` (a class 1 count is looked for only as far as it could come below it)."""
    nd = ks[KS_ROW:KS_ROW + DK.POS_SIZE]
    sc = ks[KS_SC:KS_SC + DK.S_SIZE]
    live = ks[KS_LIVE:KS_LIVE + 20]
    reds = _position(ws, conc, mk, mt, nm, nd)
    if DK._ready_memo(cx, sc, nd, np.int64(0), mk_, mv, ms):
        return READY * COUNT_ROOM - _outs(ws, ks, reds, live)
    if level >= 1:
        n = _improving(cx, sc, ks, nd, live, NEAR * COUNT_ROOM - bar + 1, mk_, mv, ms, ik, iv, iu)
        if n > 0:
            return NEAR * COUNT_ROOM - n
    return FAR * COUNT_ROOM


@kernel
def _ready_discards(ws, cx, ks, conc, mk, mt, nm, ik, iv, iu):
    """For a hand that owes a discard: the discards t (bit t) that may leave it ready, one walk for all
    (``_distance_kernels._junk_tiles``: nd less t is ready), and every tile neither single nor a pair."""
    nd = ks[KS_ROW:KS_ROW + DK.POS_SIZE]
    _position(ws, conc, mk, mt, nm, nd)
    m = DK._junk_tiles(cx, ks[KS_SC:KS_SC + DK.S_SIZE], nd, np.int64(1), ik, iv, iu)
    for t in range(20):
        if conc[t] != 1 and conc[t] != 2:
            m |= 1 << t
    return m


@kernel
def _discards_near(ws, cx, ks, conc, mk, mt, nm, need, keep, lead, mk_, mv, ms, ik, iv, iu):
    """For a hand that owes a discard, none of which leaves it ready: the count of the improving tiles
    (``_improving``) of the hand less t, for each discard t, into ks[KS_NEAR + t], all found together tile
    by tile.  An intake of x (not t) on the hand less t is one of the whole hand's, t still concealed
    after it; so x improves the hand less t when t is among the tiles that may be discarded, with the
    intake's own discard, to leave the whole hand after an intake of x ready (``_junk_tiles``); and x
    improves the hand less x when some intake of x on it, with its discard, leaves a ready hand.  Only
    live tiles, the likeliest first, until the counts are known or none can reach ``need``.  Returns the
    largest count: exact when it reaches ``need``, else some count below it.  With ``keep``, what it
    learnt of each hand less t goes into the memo of improving tiles (the hand a discard leaves is
    judged again at each revealed tile).  With ``lead`` (a discard to choose), it stops once a single
    discard can still reach the best count: the same discard is the best."""
    nd = ks[KS_ROW:KS_ROW + DK.POS_SIZE]
    sc = ks[KS_SC:KS_SC + DK.S_SIZE]
    live = ks[KS_LIVE:KS_LIVE + 20]
    counts = ks[KS_NEAR:KS_NEAR + 20]
    masks = ks[KS_MASKS:KS_MASKS + 20]
    _position(ws, conc, mk, mt, nm, nd)
    _weigh(ks, nd, live)
    most = 0
    for t in range(20):
        counts[t] = 0
        masks[t] = 0
        most += ks[KS_WL + 40 + t]
    best = 0
    done = 0
    a, b, c = DK._memo_key(nd, np.int64(XJ))  # (each x's junk tiles, below: a memo entry of its own)
    if not _hx_bound(cx, sc, nd):
        most = 0
        done = DK.ALL_TILES
    while most > 0 and best + most >= need:
        x = -1
        vx = 0
        for y in range(20):
            if not (done >> y) & 1 and live[y] > 0 and (x < 0 or ks[KS_WL + 40 + y] > vx):
                x = y
                vx = ks[KS_WL + 40 + y]
        done |= 1 << x
        most -= vx
        whole = ks[KS_WL + x]  # x improves the hand less another tile, or less a copy of x
        less = ks[KS_WL + 20 + x]
        known = iv[DK._memo_slot(ik, iv, a, b, c + (x << 40))]
        junks = known - 1 if known else 0
        for ph in range(0 if known else 2):
            n = nd[DK.POS_CONC + x]
            if ph == 1 and n != 1 and n != 2:
                continue
            # phase 0: x's intakes on the whole hand; phase 1: on the hand less a copy of x
            nd[DK.POS_CONC + x] -= ph
            nd[DK.POS_HELD + x] -= ph
            ways = DK._ways(cx, sc, nd, np.bool_(False), x)  # (more than MAX_WAYS intakes: none, as _near_tiles)
            for i in range(ways):
                if ph == 0 or not (junks >> x) & 1:
                    DK._apply(cx, sc, nd, i, np.int64(1))
                    junk = sc[DK.S_WAYS + DK.TAKE_COLS * i + DK.TAKE_DISCARD]
                    if ph == 0:
                        junks |= DK._junk_tiles(cx, sc, nd, junk + 1, ik, iv, iu) & ~(1 << x)
                    elif DK._ready_memo(cx, sc, nd, junk, mk_, mv, ms):
                        junks |= 1 << x
                    DK._apply(cx, sc, nd, i, np.int64(-1))
            nd[DK.POS_CONC + x] += ph
            nd[DK.POS_HELD + x] += ph
        if not known:
            DK._memo_put(ik, iv, iu, DK._memo_slot(ik, iv, a, b, c + (x << 40)), a, b, c + (x << 40), junks)
        for t in range(20):
            if (junks >> t) & 1 and (nd[DK.POS_CONC + t] == 1 or nd[DK.POS_CONC + t] == 2):
                masks[t] |= 1 << x
                counts[t] += less if t == x else whole
                if counts[t] > best:
                    best = counts[t]
        if lead and best > 0:  # a discard no other can reach any more: the rest changes no choice
            rivals = 0
            for t in range(20):
                if counts[t] + most >= best and (nd[DK.POS_CONC + t] == 1 or nd[DK.POS_CONC + t] == 2):
                    rivals += 1
            if rivals <= 1:
                break
    for t in range(20):
        if keep and (nd[DK.POS_CONC + t] == 1 or nd[DK.POS_CONC + t] == 2):
            _keep(nd, np.int64(t), masks[t], done & ~masks[t], ik, iv, iu)
    return best


@kernel
def _after_key(ws, cx, ks, conc, mk, mt, nm, level, bar, mk_, mv, ms, ik, iv, iu):
    """The best ``_rest_key`` at ``level`` that a hand just after an intake reaches by its discard
    (itself when none follows).  Level 1 is asked only where no discard leaves the hand ready
    (``_discards_near``): exact when below ``bar``, else some key no less than ``bar``."""
    if not _owes(conc, mk, nm):
        return _rest_key(ws, cx, ks, conc, mk, mt, nm, level, bar, mk_, mv, ms, ik, iv, iu)
    if level > 0:
        n = _discards_near(ws, cx, ks, conc, mk, mt, nm, NEAR * COUNT_ROOM - bar + 1, np.bool_(False),
                           np.bool_(False), mk_, mv, ms, ik, iv, iu)
        return NEAR * COUNT_ROOM - n if n > 0 else FAR * COUNT_ROOM
    best = 1 << 30
    ready = _ready_discards(ws, cx, ks, conc, mk, mt, nm, ik, iv, iu)
    for t in range(20):
        if conc[t] == 1 or conc[t] == 2:
            key = FAR * COUNT_ROOM  # (level 0 here: not ready)
            if (ready >> t) & 1:
                conc[t] -= 1
                key = _rest_key(ws, cx, ks, conc, mk, mt, nm, level, bar, mk_, mv, ms, ik, iv, iu)
                conc[t] += 1
            if key < best:
                best = key
    return best


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
    # the searches below take these as views that own nothing: their calls count no references (_jit.unowned)
    ws, cx, ks, mk_, mv, ms = unowned(ws), unowned(cx), unowned(ks), unowned(mk_), unowned(mv), unowned(ms)
    ik, iv, iu, conc, mk, mt = unowned(ik), unowned(iv), unowned(iu), unowned(conc), unowned(mk), unowned(mt)
    if stage == ST_DISCARD:
        # the ready discards first: when one is, no other needs a closer look
        keys = np.empty(n, np.int64)
        ready = _ready_discards(ws, cx, ks, conc, mk, mt, nm, ik, iv, iu)
        for k in range(n):
            t = opts[at + k * AS + P.A_CHI]
            keys[k] = FAR * COUNT_ROOM * USE_ROOM + _use(conc, t)
            if (ready >> t) & 1:
                conc[t] -= 1
                keys[k] += (_rest_key(ws, cx, ks, conc, mk, mt, nm, np.int64(0), np.int64(1 << 30), mk_, mv, ms, ik,
                                      iv, iu) - FAR * COUNT_ROOM) * USE_ROOM
                conc[t] += 1
        best = keys.min()
        if best >= FAR * COUNT_ROOM * USE_ROOM and level > 0:
            near = _discards_near(ws, cx, ks, conc, mk, mt, nm, np.int64(1), np.bool_(True), np.bool_(True), mk_, mv,
                                  ms, ik, iv, iu)
            if near > 0:
                for k in range(n):
                    count = ks[KS_NEAR + opts[at + k * AS + P.A_CHI]]
                    if count > 0:
                        keys[k] += (NEAR * COUNT_ROOM - count - FAR * COUNT_ROOM) * USE_ROOM
                best = keys.min()
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
        cur = _rest_key(ws, cx, ks, conc, mk, mt, nm, np.int64(lv), np.int64(1 << 30), mk_, mv, ms, ik, iv, iu)
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
