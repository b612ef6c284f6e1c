"""What the api answers of a hand (``bot_eval.Advisor``), found in the game kernels for ``_game_basic``:
whether a hand at rest waits, on how many live outs, with what weighted and best score (the win kernels
``_kernels``); else whether it is 1 or 2 intakes from ready, and the live copies of its improving tiles
(the distance search's kernels ``_distance_kernels``, as ``distance._search`` asks them with no budget
beyond 2), only as far as asked (``_two``'s ``need``, ``_rest_key``'s ``bar``); and the scratch vector
and packed keys of the bot.
"""
from __future__ import annotations

import numpy as np

from . import _distance_kernels as DK
from . import _game_shape as SH
from . import _kernels as K
from ._game_keen import _position
from ._game_state import MAXM, _load
from ._jit import address, kernel
from ._play_kernels import _PR

_rest_count = _PR["rest_count"]  # (the rule table's, compiled)

# ---------------------------------------------------------------- keys
#: an outs key (``advice.Choice.outs_key``) packs (distance, −live) as distance * D_ROOM + COUNT_ROOM − live
D_ROOM = 1024
COUNT_ROOM = 512
FAR = 99  # ``advice.FAR``: beyond the search, never ready, or no hand the api answers
#: what ``_distance`` finds of a hand at rest that is not ready: distance 1 or 2, or beyond (LIMIT), or no
#: intake at all (NONE)
LIMIT, NONE = 3, 4

# ---------------------------------------------------------------- the scratch vector
BS_CONC = 0  # [20] a hand after a take
BS_MK = 20  # [MAXM]
BS_MT = BS_MK + MAXM  # [3 * MAXM]
BS_SHOWN = BS_MT + 3 * MAXM  # [MAXM]
BS_ROW = BS_SHOWN + MAXM  # [DK.POS_SIZE] the distance search's row
BS_LIVE = BS_ROW + DK.POS_SIZE  # [20] live copies
BS_WAIT = BS_LIVE + 20  # [3] what ``_waits`` found: live outs, their weighted scores, best score
BS_STACK = BS_WAIT + 3  # [SH.STACK_SIZE] the shape measure's stack
BS_SC = BS_STACK + SH.STACK_SIZE  # [DK.S_SIZE] the distance search's scratch
BS_SC2 = BS_SC + DK.S_SIZE  # [DK.S_SIZE] a second one (the intakes of a hand two away)
BS_SIZE = BS_SC2 + DK.S_SIZE


def scratch() -> np.ndarray:
    """A fresh scratch vector for ``basic_pick`` / ``basic_choice``."""
    return np.zeros(BS_SIZE, np.int64)


# ================ what the api answers of a hand ==================================================


@kernel
def _waits(ws, bx, bs, conc, mk, mt, nm):
    """Whether the hand (at rest) waits on some tile (held fewer than four times) from a source the
    ruleset wins on; its live outs, Σ live · weighted score and best score with a live out into
    bs[BS_WAIT:] (``scoring.weigh`` of the waits read with the seen tiles)."""
    reds = _load(ws, conc, mk, mt, nm)
    live = bs[BS_LIVE:BS_LIVE + 20]
    sources = ws[K.R_SOURCES]
    held = ws[K.W_HELD]
    has = False
    total = 0
    weighted = 0
    best = 0
    for w in range(20):
        if (held >> (K.FIELD * w)) & 7 >= 4 or (has and live[w] <= 0):
            continue
        K._solve_tile(address(ws), reds + ws[K.R_RED + w], w, sources, np.bool_(False), np.bool_(False))
        won = False
        sum_w = 0
        top = 0
        for s in range(3):
            if (sources >> s) & 1 and ws[K.W_OUT + s * K.N_OUT + K.O_WIN]:
                won = True
                score = ws[K.W_OUT + s * K.N_OUT + K.O_SCORE]
                sum_w += bx[SH.BX_W + s] * score
                if score > top:
                    top = score
        if won:
            has = True
            if live[w] > 0:
                total += live[w]
                weighted += live[w] * sum_w
                if top > best:
                    best = top
    bs[BS_WAIT] = total
    bs[BS_WAIT + 1] = weighted
    bs[BS_WAIT + 2] = best
    return has


@kernel
def _near1(cx, bs, nd, mk_, mv, ms):
    """Whether the position nd at rest (not ready) is 1 away: an intake, with its discard, leaves it ready."""
    return (DK._near(cx, bs[BS_SC:BS_SC + DK.S_SIZE], nd, np.int64(DK.M_GOOD), mk_, mv, ms) & 1) == 1


@kernel
def _count1(cx, bs, nd, mk_, mv, ms):
    """The live copies of the improving tiles of the position nd, 1 away (``_near_tiles``: the same tiles
    as the api's level 1, ``distance._search``), only the live tiles looked at."""
    live = bs[BS_LIVE:BS_LIVE + 20]
    allow = 0
    for x in range(20):
        if live[x] > 0:
            allow |= 1 << x
    mask = DK._near_tiles(cx, bs[BS_SC:BS_SC + DK.S_SIZE], nd, np.int64(DK.M_GOOD), np.int64(allow),
                          np.bool_(False), mk_, mv, ms)
    n = 0
    for x in range(20):
        if (mask >> x) & 1:
            n += live[x]
    return n


@kernel
def _way_ok(cx, sc2, nd, i):
    """Whether intake i (listed in sc2) counts as the api's search counts it: no discard follows it (八块),
    or some tile is left to discard after it."""
    if sc2[DK.S_WAYS + DK.TAKE_COLS * i + DK.TAKE_DISCARD] == 0:
        return True
    DK._apply(cx, sc2, nd, i, np.int64(1))
    free = 0
    for y in range(20):
        if nd[DK.POS_CONC + y] == 1 or nd[DK.POS_CONC + y] == 2:
            free += 1
    DK._apply(cx, sc2, nd, i, np.int64(-1))
    return free > 0


@kernel
def _improves2(cx, bs, nd, count, x, mk_, mv, ms):
    """Whether some intake of tile x among the ``count`` listed in sc2 leaves the position nd (not 1 away)
    at most 1 away after a discard (the api's level 2: ``_near`` M_GOOD2, or M_GOOD after 八块)."""
    sc = bs[BS_SC:BS_SC + DK.S_SIZE]
    sc2 = bs[BS_SC2:BS_SC2 + DK.S_SIZE]
    for i in range(count):
        e = DK.S_WAYS + DK.TAKE_COLS * i
        if sc2[e + DK.TAKE_TILE] != x or not _way_ok(cx, sc2, nd, i):
            continue
        discard = sc2[e + DK.TAKE_DISCARD]
        DK._apply(cx, sc2, nd, i, np.int64(1))
        hit = DK._near(cx, sc, nd, np.int64(DK.M_GOOD2 if discard else DK.M_GOOD), mk_, mv, ms) & 1
        DK._apply(cx, sc2, nd, i, np.int64(-1))
        if hit:
            return True
    return False


@kernel
def _intake_tiles(cx, bs, nd):
    """(the tiles with an intake on the position nd, as bits; their live copies: the most ``_two`` can count;
    the intakes, listed in bs[BS_SC2 + DK.S_WAYS:] as ``DK._ways`` lists them)."""
    sc2 = bs[BS_SC2:BS_SC2 + DK.S_SIZE]
    live = bs[BS_LIVE:BS_LIVE + 20]
    count = DK._ways(cx, sc2, nd, np.bool_(True), np.int64(-1))
    seen = 0
    most = 0
    for i in range(count):
        x = sc2[DK.S_WAYS + DK.TAKE_COLS * i + DK.TAKE_TILE]
        if not (seen >> x) & 1:
            seen |= 1 << x
            most += live[x]
    return seen, most, count


@kernel
def _bound2(cx, bs, nd):
    """The live copies of the tiles with an intake on the position nd: the most ``_two`` can count."""
    return _intake_tiles(cx, bs, nd)[1]


#: ``_two``'s answer for a position whose count cannot reach what was asked
BELOW = 5


@kernel
def _two(cx, bs, nd, need, mk_, mv, ms):
    """Of the position nd at rest, neither ready nor 1 away: (2, live copies of its improving tiles), or
    (LIMIT, 0) beyond, or (NONE, 0) with no intake at all, as the api's level 2 finds them
    (``distance._search``: each intake of every kind that leaves a discard to follow it, then
    ``_near`` M_GOOD2, or M_GOOD after 八块).  Tile by tile, the likeliest first, only as far as a count of
    ``need`` could still be reached: (BELOW, 0) once it cannot (never when ``need`` is 0)."""
    sc2 = bs[BS_SC2:BS_SC2 + DK.S_SIZE]
    live = bs[BS_LIVE:BS_LIVE + 20]
    cand, most, count = _intake_tiles(cx, bs, nd)
    n = 0
    done = 0
    while True:
        if need > 0 and n + most < need:
            return BELOW, 0
        x = -1
        for y in range(20):
            if (cand >> y) & 1 and not (done >> y) & 1 and live[y] > 0 and (x < 0 or live[y] > live[x]):
                x = y
        if x < 0:
            break
        done |= 1 << x
        most -= live[x]
        if _improves2(cx, bs, nd, count, x, mk_, mv, ms):
            n += live[x]
    if n > 0:
        return 2, n
    if need > 0:
        return BELOW, 0
    for y in range(20):  # no live improving tile: is there one at all?
        if (cand >> y) & 1 and not (done >> y) & 1 and _improves2(cx, bs, nd, count, y, mk_, mv, ms):
            return 2, 0
    for i in range(count):
        if _way_ok(cx, sc2, nd, i):
            return LIMIT, 0
    return NONE, 0


@kernel
def _valid(conc, mk, nm, more):
    """Whether the api takes the hand (``hand.check_hand``): none of four concealed, room for the 门子,
    ``more`` (0 at rest, 1 to discard from) tiles over the count at rest."""
    n = 0
    for t in range(20):
        if conc[t] >= 4:
            return False
        n += conc[t]
    return nm < 7 and n == _rest_count(mk, nm) + more


@kernel
def _rest_key(ws, cx, bx, bs, conc, mk, mt, nm, bar, mk_, mv, ms):
    """The outs key (packed) of the hand at rest: ready on its live outs, else 1 or 2 away on its live
    improving draws, else FAR (``advice._choice`` of ``Advisor.rest``).  Exact when below ``bar``, else
    some key no less than ``bar``."""
    far = FAR * D_ROOM + COUNT_ROOM
    if not _valid(conc, mk, nm, np.int64(0)):
        return far
    if _waits(ws, bx, bs, conc, mk, mt, nm):
        return COUNT_ROOM - bs[BS_WAIT]
    if bar <= D_ROOM:
        return far
    nd = bs[BS_ROW:BS_ROW + DK.POS_SIZE]
    _position(ws, conc, mk, mt, nm, nd)
    if _near1(cx, bs, nd, mk_, mv, ms):
        return D_ROOM + COUNT_ROOM - _count1(cx, bs, nd, mk_, mv, ms)
    if bar <= 2 * D_ROOM:
        return far
    d, n = _two(cx, bs, nd, max(0, 2 * D_ROOM + COUNT_ROOM - bar + 1), mk_, mv, ms)
    if d == 2:
        return 2 * D_ROOM + COUNT_ROOM - n
    return far
