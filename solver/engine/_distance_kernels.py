"""Private numba kernels of the distance to ready (进张距离, RULES.md section 6).

They see only integer arrays: ``solver.engine.distance`` builds the position
rows, ``solver.engine.distance_arrays`` the one context vector ``cx`` (the
ruleset — 胡息 per pattern and tile, how a winning tile may be used and
which intakes count, by what the hand holds of it — and the shape tables,
offsets ``CX_*``) and the memo.  Nothing here names a ruleset or a rule: what
differs between rulesets is read from ``cx``.  Nothing here recurses (a
recursive cached kernel crashes numba 0.68 when loaded from the cache): the
split search walks an explicit stack.

A *position* is one int64 row (offsets ``POS_*``): concealed counts, copies held
(concealed and melds), the tiles with an exposed 偎 or 碰 (bit masks), the
胡息 of the melds, m (3-tile melds) and k (4-tile melds).  That is all that
readiness and the intakes depend on, so equal rows are equal positions.

**Readiness in one search.**  A hand at rest is ready when some tile w (not
held four times) wins for it from some source the ruleset wins on.  Taking
the union over those sources of the take table (RULES.md 4; 8 for
``luzhou``), w wins exactly when one of these splits exists (坎 stay whole,
their 胡息 counted):

* *free*: the free tiles (concealed, 坎 excepted) plus w split into 句/绞,
  plus the 将 pair when the hand has a 4-tile group; w with a concealed pair
  may also make a triple, valued as the richest triplet some source makes
  of it (hunan: a 偎, since a self-drawn w must be 偎'd; another player's w
  may be 碰'd, worth less, or join any other group; luzhou: a 碰, per tile).
  w may be a tile of a 偎, 碰 or 坎 only where some source lets it join the
  free tiles (``CX_FREE``: hunan's 破跑 — another player's w onto a 坎 or 偎,
  any w onto a 碰; luzhou: a discarded 4th onto a 碰, never a 坎's tile);
* *upgrade* (only while k = 0: a second 4-tile group leaves the hand a tile
  short): w onto a 坎, 偎 or 碰 makes the richest 4-tile group some source
  makes of it (``CX_UP``: hunan 提 or 跑, luzhou 招), and the free tiles
  alone split with the pair.

So one search covers every w at once: the free tiles split with one
*wildcard* tile that completes a group (a 句/绞, the pair or the triple), and
the wildcard is w.  "Does some discard make this hand ready?" (a hand of
c + 1 tiles after an intake) is the same search with one *junk* tile left
over: the junk is the discard.  Searches stop at the first split that reaches
the winning 胡息, and cut every branch whose 胡息 bound (what the 一二三 and
二七十 shapes left, the wildcard and an upgrade could still add) falls short.
Before a search, the *stray* copies are counted (``_stray``: copies no 句/绞
of the tiles there could hold): a split leaves them to the junk, the
wildcard's group or the pair, so none is searched for when they are more than
those hold, and a split tries other tiles' copies there only as far as the
difference allows (``S_SLACK``).

**Compile time.**  ``run`` is the one entry point and each large kernel is
called from one place only, small steps written out in place: numba took
about a second per kernel here, and compiled a large kernel again for each
extra call site (three entry points and five call sites of the search took
50 s; this layout about 20 s, once, then the cache).

**Why one file of ~700 lines.**  numba's cache on disk (``cache=True``)
invalidates a kernel only when the file that defines it changes ("changes
in symbols defined in another file are not detected"): a kernel calling a
kernel of another file, or reading a constant of another file (globals are
frozen at compile time), would keep running stale compiled code once that
file changed.  So every kernel of the distance search and every layout
constant they read are here, in sections: layout, the memo, readiness (the
split search), intakes, the entry point.  (The helpers of ``_jit`` are the
one exception, read by both kernel files: editing ``_jit`` needs the caches
cleared.)

Layout: each prefix names one vector or one set of codes; a prefix that
``_kernels`` uses too (``P_``, ``N_``, ``MAX_``) means the same there:

================  ==================================================================
``POS_``          a position row
``CX_``           the context vector (``distance_arrays.of(rules).context``)
``TRY_``          the split tries for the lowest remaining tile (rows at ``CX_TRY``)
``S_``            the scratch vector ``sc``
``TAKE_``         columns of an intake listed in the scratch (at ``S_WAYS``)
``WAY_``          columns of ``run``'s output rows after the position
``M_``            what ``run`` does (its ``mode``)
``I_``, ``ONTO_`` intake kinds, and what a 4-tile group is made onto
``H_``            what the hand holds of a tile (rows of the take and intake tables)
``Q_``            the questions the memo answers
``HASH_``,        the memo's hash and fill limit
``MEMO_``
``P_``            胡息 patterns, in ``rules.PATTERNS`` order
``N_``, ``MAX_``  counts and limits
================  ==================================================================
"""
from __future__ import annotations

import numpy as np

from . import play_rules as P
from ._jit import kernel, unowned
from ._play_kernels import ways as _eat_ways

# ================ layout ==========================================================================

# --- positions -------------------------------------------------------------------
POS_CONC = 0  # [20] concealed counts
POS_HELD = 20  # [20] copies in the hand: concealed and melds
POS_WEI = 40  # bit t: an exposed 偎 of t
POS_PENG = 41  # bit t: an exposed 碰 of t
POS_BASE = 42  # 胡息 of the exposed melds
POS_M = 43  # exposed 3-tile melds
POS_K = 44  # exposed 4-tile melds
POS_SIZE = 45

# --- 胡息 patterns, in rules.PATTERNS order -------------------------------------------
P_JU, P_JU123, P_JU2710, P_JIAO, P_KAN, P_PENG, P_WEI, P_PAO, P_TI, P_ZHAO, P_LONG, P_JIANG = range(12)
N_PATTERNS = 12
# What the hand holds of a tile, in rules.HOLDINGS order: an exposed 偎, an
# exposed 碰, a concealed 坎, a concealed pair, one concealed copy or none.
H_WEI, H_PENG, H_KAN, H_PAIR, H_LESS = range(5)

# --- the context vector -----------------------------------------------------------
N_SHAPES = 38  # len(groups.SHAPES), checked by solver.engine.distance_arrays
MAX_TRY = 32
CX_MIN = 0  # winning 胡息
CX_JIANG = 1  # a hand with a 4-tile group needs exactly one pair
CX_BONUS = 2  # most 胡息 one group with the wildcard can add (for the bound)
CX_FREE = 3  # [holding] 1: the winning tile may join the free tiles (free, or 破跑) from some source it wins on
CX_TAKE = 8  # [holding] bit i: the intakes of kind i (I_*) count (RULES.md 6 table)
CX_KPAT = 13  # [intake kind] its 胡息 pattern (P_*; -1 for 吃)
CX_SH = 20  # [shape * 3] tiles of the 句/绞 shapes
CX_SHX = CX_SH + 3 * N_SHAPES  # [shape] its 胡息
CX_RICH = CX_SHX + N_SHAPES  # [8]: a count, then the shapes that carry 胡息
CX_TRIP = CX_RICH + 8  # [tile] 胡息 of the triple the winning tile makes with a concealed pair
CX_TRY = CX_TRIP + 20  # [tile * MAX_TRY * 4] split tries of a lowest tile: (TRY_* type, shape, w, other)
CX_NTRY = CX_TRY + 20 * MAX_TRY * 4  # [tile] how many
CX_WSTART = CX_NTRY + 20  # [tile] where the wildcard's tries start
CX_CONT = CX_WSTART + 20  # [tile * 8]: a count, then the shapes holding the tile
CX_HX = CX_CONT + 20 * 8  # [pattern * 20 + tile] 胡息 of a group of that pattern whose first tile is tile
CX_UP = CX_HX + 20 * N_PATTERNS  # [holding * 20 + tile] (偎, 碰, 坎) most 胡息 the winning tile adds
#                                   making a 4-tile group of it, from a source it wins on; NO_GAIN: none
CX_TOP = CX_UP + 60  # [holding * 20 + tile] (偎, 碰, 坎) the 4-tile intake with the most 胡息, or -1
CX_STEP = CX_TOP + 60  # most 胡息 one intake and the winning tile add beyond the free tiles' own groups
CX_SIZE = CX_STEP + 1

# Split tries (options) for the lowest remaining tile i, in this order (the
# wildcard's last, from CX_WSTART).
TRY_FULL = 0  # a 句/绞 shape whose lowest tile is i, all tiles real
TRY_PAIR = 1  # the pair i i
TRY_WSHAPE = 2  # a shape holding i, one of its tiles (w) being the wildcard; ``other`` the second real tile
TRY_WPAIR = 3  # the pair i + wildcard i
TRY_WTRIPLE = 4  # i i + wildcard i: the triple (a 偎/碰 with the winning tile)
TRY_JUNK = 5  # one i left over: the discard

# Scratch: the search stack and the gains of an upgrade per junk tile.
S_STACK = 0  # [3 * 32]: lowest tile, next option, option placed per depth (at most 22 deep: 21 tiles)
S_GAIN = 96  # [21] upgrade gain when the junk is tile x (index 20: no junk), NO_GAIN if none
S_CNT = S_GAIN + 21  # [20] free counts
S_WAYS = S_CNT + 20  # [TAKE_COLS * MAX_WAYS] the intakes of the position at hand (see _ways)
TAKE_COLS = 7
MAX_WAYS = 2048
S_EAT = S_WAYS + TAKE_COLS * MAX_WAYS  # [play_rules.MAX_WAYS * W_SIZE] the ways to eat one tile (_ways)
S_JUNKS = S_EAT + P.MAX_WAYS * P.W_SIZE  # the junk tiles found (``_junk_tiles``)
S_LOOSE = S_JUNKS + 1  # the tiles with stray copies (``_stray``)
S_SLACK = S_LOOSE + 1  # how many copies of other tiles a split may leave outside the 句/绞 of real tiles
S_SIZE = S_SLACK + 1

NO_GAIN = -1000

# --- the memo ------------------------------------------------------------------------
# An open-addressing hash table of answers already computed, keyed exactly by
# the position packed into three words and what was asked: mk
# [cap, 3] keys, mv [cap] answer + 1 (0: empty slot), ms [0] entries used.
# It is shared by every call with the same context (solver.engine.distance_arrays
# keeps it), so the rows of a discard table reuse each other's work.  No entry is
# added past MEMO_FILL_NUM / MEMO_FILL_DEN of the capacity (so probing always
# ends at an empty slot); distance_arrays.DistanceMemo then clears it.
Q_READY = 0  # at rest: ready?
Q_DISCARD = 1  # c + 1 tiles: does some discard make it ready?
Q_GOOD = 2  # at rest: at most 1 away?
Q_DISCARD2 = 3  # c + 2 tiles: do some two discards make it ready?
Q_GOOD2 = 4  # c + 1 tiles: does some discard leave it at most 1 away?
Q_JUNKS = 5  # (+ 1 or 2 junk tiles; a memo of masks) which tiles may be discarded so it is ready?
# Odd multipliers of the slot hash (64-bit, wrapping).
HASH_A = -7046029254386353131
HASH_B = -4417276706812531889
HASH_C = 1609587929392839161
MEMO_FILL_NUM = 3
MEMO_FILL_DEN = 5

# --- intakes and the rows of run ----------------------------------------------------
# What ``run`` does with each position.
M_READY = 0  # is it ready (junk 0) / does some discard make it ready (junk 1)?
M_GOOD = 1  # at rest: does some intake, with its discard, leave a ready hand?
M_EXPAND = 2  # every position at rest after an intake and its discard
M_WAYS = 3  # every intake: the position before its discard, and what it was
M_GOOD2 = 4  # c + 1 tiles (an intake's, before its discard): does some discard leave it at most 1 away?
# Intake kinds (a way's WAY_KIND; distance_arrays.INTAKE_KINDS), and what a 4-tile group is made onto.
I_CHI, I_PENG, I_WEI, I_PAO, I_TI, I_ZHAO = range(6)
N_INTAKE_KINDS = 6
ONTO_KAN, ONTO_WEI, ONTO_PENG = range(3)
# An intake listed in the scratch vector (S_WAYS + TAKE_COLS * i).
TAKE_KIND, TAKE_TILE, TAKE_CHI, TAKE_BI1, TAKE_BI2, TAKE_ONTO, TAKE_DISCARD = range(TAKE_COLS)
# Columns of an output row after the position: where it came from, then (M_WAYS)
# whether a discard follows and the intake: kind, tile, 吃 shape, 比 shapes (-1: none).
WAY_PARENT = POS_SIZE
WAY_DISCARD = POS_SIZE + 1
WAY_KIND = POS_SIZE + 2
WAY_TILE = POS_SIZE + 3
WAY_CHI = POS_SIZE + 4
WAY_BI1 = POS_SIZE + 5
WAY_BI2 = POS_SIZE + 6
WAY_SIZE = POS_SIZE + 7
# Rows one position may add (intakes x 21 discards); more room is made before each.
EXPAND_ROOM = 21 * MAX_WAYS


# ================ the memo ========================================================================


@kernel
def _memo_key(nd, q):
    """Position nd and question q packed into the memo's three key words."""
    a = 0
    b = 0
    for x in range(20):
        a |= nd[POS_CONC + x] << (2 * x)
        b |= nd[POS_HELD + x] << (3 * x)
    a |= (nd[POS_M] << 40) | (nd[POS_K] << 43) | (nd[POS_BASE] << 46)
    c = nd[POS_WEI] | (nd[POS_PENG] << 20) | (q << 40)
    return a, b, c


@kernel
def _memo_slot(mk, mv, a, b, c):
    """The slot holding key (a, b, c), or the empty slot where it would go."""
    cap = mv.shape[0]
    i = ((a * HASH_A + b * HASH_B + c * HASH_C) >> 17) & (cap - 1)
    while mv[i] != 0 and not (mk[i, 0] == a and mk[i, 1] == b and mk[i, 2] == c):
        i = (i + 1) & (cap - 1)
    return i


@kernel
def _memo_put(mk, mv, ms, i, a, b, c, r):
    """Answer r for key (a, b, c) into the empty slot i, unless the memo is full."""
    if ms[0] * MEMO_FILL_DEN < mv.shape[0] * MEMO_FILL_NUM:
        mk[i, 0] = a
        mk[i, 1] = b
        mk[i, 2] = c
        mv[i] = r + 1
        ms[0] += 1


# ================ readiness: the split search =====================================================


@kernel
def _rich_huxi(cx, sc):
    """The most 胡息 the free counts sc[S_CNT:] could carry in the shapes that
    carry any: each rich shape as many times as its scarcest tile allows."""
    hx = 0
    for a in range(cx[CX_RICH]):
        sh = cx[CX_RICH + 1 + a]
        t3 = CX_SH + 3 * sh
        m = sc[S_CNT + cx[t3]]
        m1 = sc[S_CNT + cx[t3 + 1]]
        m2 = sc[S_CNT + cx[t3 + 2]]
        if m1 < m:
            m = m1
        if m2 < m:
            m = m2
        hx += m * cx[CX_SHX + sh]
    return hx


@kernel
def _holding(nd, t, n):
    """What position nd holds of tile t (a row of the take and intake tables, H_*), given n,
    its concealed copies there."""
    if (nd[POS_WEI] >> t) & 1:
        return H_WEI
    if (nd[POS_PENG] >> t) & 1:
        return H_PENG
    if n == 3:
        return H_KAN
    if n == 2:
        return H_PAIR
    return H_LESS


@kernel
def _stray(cx, sc, most):
    """The copies of the free counts sc[S_CNT:] that can be in no 句/绞 of real tiles, counted until
    more than ``most``: the copies of t past those the shapes holding t could hold together, each shape
    as many times as its scarcest tile allows (an upper bound, so every split places at least that many
    copies elsewhere: as junk, in the pair, in the wildcard's group).  The tiles with such copies
    into sc[S_LOOSE]."""
    left = 0
    loose = 0
    for t in range(20):
        n = sc[S_CNT + t]
        if n == 0:
            continue
        cov = 0
        for j in range(cx[CX_CONT + 8 * t]):
            sh = CX_SH + 3 * cx[CX_CONT + 8 * t + 1 + j]
            x0 = sc[S_CNT + cx[sh]]
            x2 = sc[S_CNT + cx[sh + 2]]
            if cx[sh] == cx[sh + 1]:  # (the shapes' tiles are sorted)
                u = min(x0 >> 1, x2)
                cov += 2 * u if t == cx[sh] else u
            elif cx[sh + 1] == cx[sh + 2]:
                u = min(x0, x2 >> 1)
                cov += u if t == cx[sh] else 2 * u
            else:
                cov += min(x0, sc[S_CNT + cx[sh + 1]], x2)
            if cov >= n:
                break
        if cov < n:
            left += n - cov
            loose |= 1 << t
            if left > most:
                break
    sc[S_LOOSE] = loose
    return left


@kernel
def _search(cx, sc, nd, need, need_junk, need_wild, need_pair, top_gain, collect):
    """Whether the free counts sc[S_CNT:] split into groups worth at least
    ``need`` 胡息: with ``need_junk`` junk tiles (0, 1 or 2), one wildcard tile
    completing a group (``need_wild``) and exactly one pair when ``need_pair``.
    With ``collect``, every such split is walked instead (none counts as found)
    and the junk tiles of each are added to sc[S_JUNKS] (a junk already there
    is not placed again beside one already there).

    With the wildcard w, a split counts only when w is not held four times
    (nd[POS_HELD + w]) once the junk is gone and what the hand then holds of
    w lets it join the free tiles (CX_FREE); without it, the upgrade gain
    for the junk tile (sc[S_GAIN + junk]) is added and must exist;
    ``top_gain`` is the largest of them, for the bound that cuts branches
    short of 胡息.  The counts are restored on return.

    Only ``cx``, ``sc`` and ``nd`` are arrays, indexed by offset, and the
    small steps are written out in place: every array argument of a call
    between kernels costs more than a step of this search.
    """
    junk_left = need_junk
    loose = sc[S_LOOSE]
    slack = sc[S_SLACK]
    wild_left = need_wild
    pair_left = need_pair
    junk = 20
    junk2 = 20  # the second junk tile, when two are asked for
    wild = -1
    acc = 0
    lo = 0
    while lo < 20 and sc[S_CNT + lo] == 0:
        lo += 1
    d = 0
    sc[S_STACK] = lo
    sc[S_STACK + 32] = 0
    found = 0
    while d >= 0:
        i = sc[S_STACK + d]
        placed = -1
        if found:
            pass  # a split was found: unwind, putting every count back
        elif i == 20:
            if junk_left == 0 and wild_left == 0 and pair_left == 0:
                if need_wild:
                    if acc >= need:
                        found = 1
                        if wild < 20:
                            # w must be able to come (held < 4 once the junk is gone) and, where
                            # the hand holds it in a 偎, 碰, 坎 or pair, be free to join these tiles.
                            h = nd[POS_HELD + wild]
                            n = nd[POS_CONC + wild]
                            if junk == wild:
                                h -= 1
                                n -= 1
                            if junk2 == wild:
                                h -= 1
                                n -= 1
                            if h >= 4 or cx[CX_FREE + _holding(nd, wild, n)] == 0:
                                found = 0
                else:
                    g = sc[S_GAIN + junk]
                    if sc[S_GAIN + junk2] > g:
                        g = sc[S_GAIN + junk2]
                    if g != NO_GAIN and acc + g >= need:
                        found = 1
                if found and collect:
                    sc[S_JUNKS] |= (1 << junk) | (1 << junk2)
                    found = 0
        else:
            ci = S_CNT + i
            k = sc[S_STACK + 32 + d]
            # The wildcard's options come last: once it is placed they are skipped.
            n = cx[CX_NTRY + i] if wild_left else cx[CX_WSTART + i]
            base = CX_TRY + i * MAX_TRY * 4
            while k < n and placed < 0:
                e = base + 4 * k
                typ = cx[e]
                k += 1
                if typ == TRY_FULL:
                    sh = cx[e + 1]
                    b = S_CNT + cx[CX_SH + 3 * sh + 1]
                    c = S_CNT + cx[CX_SH + 3 * sh + 2]
                    if b == ci:
                        ok = sc[ci] >= 2 and sc[c] >= 1
                    elif b == c:
                        ok = sc[b] >= 2
                    else:
                        ok = sc[b] >= 1 and sc[c] >= 1
                    if ok:
                        sc[ci] -= 1
                        sc[b] -= 1
                        sc[c] -= 1
                        acc += cx[CX_SHX + sh]
                        placed = k - 1
                elif typ == TRY_PAIR:
                    cost = 0 if (loose >> i) & 1 else 2
                    if pair_left and sc[ci] >= 2 and cost <= slack:
                        slack -= cost
                        sc[ci] -= 2
                        pair_left = 0
                        placed = k - 1
                elif typ == TRY_WSHAPE:
                    cost = (1 - ((loose >> i) & 1)) + (1 - ((loose >> cx[e + 3]) & 1))
                    if wild_left and cost <= slack:
                        o = S_CNT + cx[e + 3]
                        if (sc[ci] >= 2 and sc[o] >= 1) if o == ci else sc[o] >= 1:
                            slack -= cost
                            sc[ci] -= 1
                            sc[o] -= 1
                            wild_left = 0
                            wild = cx[e + 2]
                            acc += cx[CX_SHX + cx[e + 1]]
                            placed = k - 1
                elif typ == TRY_WPAIR:
                    cost = 1 - ((loose >> i) & 1)
                    if wild_left and pair_left and cost <= slack:
                        slack -= cost
                        sc[ci] -= 1
                        wild_left = 0
                        pair_left = 0
                        wild = i
                        placed = k - 1
                elif typ == TRY_WTRIPLE:
                    # Whatever the pair's holding allows otherwise, the triple is always a use
                    # of w (wild 20: checked here).
                    cost = 0 if (loose >> i) & 1 else 2
                    if wild_left and sc[ci] == 2 and nd[POS_HELD + i] < 4 and cost <= slack:
                        slack -= cost
                        sc[ci] -= 2
                        wild_left = 0
                        wild = 20
                        acc += cx[CX_TRIP + i]
                        placed = k - 1
                else:  # TRY_JUNK
                    cost = 1 - ((loose >> i) & 1)
                    if junk_left and cost <= slack and not (collect and junk_left == 1 and (sc[S_JUNKS] >> i) & 1
                                          and (junk == 20 or (sc[S_JUNKS] >> junk) & 1)):
                        slack -= cost
                        sc[ci] -= 1
                        junk_left -= 1
                        if junk == 20:
                            junk = i
                        else:
                            junk2 = i
                        placed = k - 1
            sc[S_STACK + 32 + d] = k
            if placed >= 0:
                # The bound: 胡息 the rich shapes left could still carry.
                ub = acc + top_gain
                if wild_left:
                    ub += cx[CX_BONUS]
                if ub < need:
                    ub += _rich_huxi(cx, sc)
                sc[S_STACK + 64 + d] = placed
                if ub < need:
                    # Not enough 胡息 left to win: undo it at once.
                    d += 1
                    placed = -1
        if placed >= 0:
            j = i
            while j < 20 and sc[S_CNT + j] == 0:
                j += 1
            d += 1
            sc[S_STACK + d] = j
            # Same lowest tile: this option or later ones only, so each
            # multiset of options is tried once.
            sc[S_STACK + 32 + d] = placed if j == i else 0
        else:
            d -= 1
            if d >= 0:
                # Undo the option placed at depth d before trying the next one.
                i = sc[S_STACK + d]
                ci = S_CNT + i
                e = CX_TRY + i * MAX_TRY * 4 + 4 * sc[S_STACK + 64 + d]
                typ = cx[e]
                if typ == TRY_FULL:
                    sh = cx[e + 1]
                    sc[ci] += 1
                    sc[S_CNT + cx[CX_SH + 3 * sh + 1]] += 1
                    sc[S_CNT + cx[CX_SH + 3 * sh + 2]] += 1
                    acc -= cx[CX_SHX + sh]
                elif typ == TRY_PAIR:
                    sc[ci] += 2
                    pair_left = 1
                    slack += 0 if (loose >> i) & 1 else 2
                elif typ == TRY_WSHAPE:
                    sc[ci] += 1
                    sc[S_CNT + cx[e + 3]] += 1
                    wild_left = 1
                    acc -= cx[CX_SHX + cx[e + 1]]
                    slack += (1 - ((loose >> i) & 1)) + (1 - ((loose >> cx[e + 3]) & 1))
                elif typ == TRY_WPAIR:
                    sc[ci] += 1
                    wild_left = 1
                    pair_left = 1
                    slack += 1 - ((loose >> i) & 1)
                elif typ == TRY_WTRIPLE:
                    sc[ci] += 2
                    wild_left = 1
                    acc -= cx[CX_TRIP + i]
                    slack += 0 if (loose >> i) & 1 else 2
                else:
                    sc[ci] += 1
                    slack += 1 - ((loose >> i) & 1)
                    junk_left += 1
                    if junk2 != 20:
                        junk2 = 20
                    else:
                        junk = 20
    return found


@kernel
def _ready_at(cx, nd, junk, sc, collect):
    """Whether the position nd is ready (``junk`` 0: a hand at
    rest) or some discard makes it ready (``junk`` 1: a hand of c + 1 tiles),
    or some two discards do (``junk`` 2: c + 2 tiles).

    Two searches at most, free then upgrade, through one call site (each
    call site of _search is compiled in full: two would double the time
    numba takes to compile this kernel).
    """
    kanhx = 0
    free = 0
    for x in range(20):
        n = nd[POS_CONC + x]
        if n == 3:
            kanhx += cx[CX_HX + 20 * P_KAN + x]
            n = 0
        sc[S_CNT + x] = n
        free += n
    need = cx[CX_MIN] - nd[POS_BASE] - kanhx
    k = nd[POS_K]
    rich = _rich_huxi(cx, sc)
    # Upgrades (k = 0 only): w onto a 坎, 偎 or 碰 makes the ruleset's 4-tile group (CX_UP).
    top = NO_GAIN
    if k == 0:
        wei = nd[POS_WEI]
        peng = nd[POS_PENG]
        best = NO_GAIN
        for x in range(21):
            sc[S_GAIN + x] = NO_GAIN
        for w in range(20):
            g = NO_GAIN
            if nd[POS_CONC + w] == 3:
                g = cx[CX_UP + 20 * H_KAN + w]
            elif (wei >> w) & 1:
                g = cx[CX_UP + 20 * H_WEI + w]
            elif (peng >> w) & 1:
                g = cx[CX_UP + 20 * H_PENG + w]
            if g != NO_GAIN:
                h = nd[POS_HELD + w]
                if h < 4:
                    if g > best:
                        best = g
                elif junk and h == 4 and sc[S_CNT + w] >= 1:
                    # Only once this copy is discarded can the fourth one come.
                    if g > sc[S_GAIN + w]:
                        sc[S_GAIN + w] = g
        for x in range(21):
            if best > sc[S_GAIN + x]:
                sc[S_GAIN + x] = best
            if junk and x == 20:
                sc[S_GAIN + x] = NO_GAIN
            if sc[S_GAIN + x] > top:
                top = sc[S_GAIN + x]
    found = 0
    # The copies outside the 句/绞 of real tiles (the junk, the wildcard's group, the pair) are at most
    # ``most``; of them, the stray copies (_stray) are in every split.  So no search when there are more
    # stray copies than that, and a split holds at most the difference (S_SLACK) of other tiles' copies.
    # (and none when neither search could reach the 胡息: the stray copies are not counted then)
    most = junk + 2 + (2 if (k >= 1 and cx[CX_JIANG]) else 0)
    go0 = rich + cx[CX_BONUS] >= need
    go1 = top != NO_GAIN and rich + top >= need
    if (junk == 0 or free > 0) and (go0 or go1):
        stray = _stray(cx, sc, most)
        sc[S_SLACK] = most - stray
        if stray <= most:
            for phase in range(2):
                if found == 0:
                    if phase == 0:
                        go = go0
                        wild = 1
                        pair = 1 if (k >= 1 and cx[CX_JIANG]) else 0
                        gain = 0
                    else:
                        go = go1
                        wild = 0
                        pair = 1 if cx[CX_JIANG] else 0
                        gain = top
                    if go:
                        found = _search(cx, sc, nd, need, junk, wild, pair, gain, collect)
    return found


@kernel
def _ready_memo(cx, sc, nd, junk, mk, mv, ms):
    """_ready_at on position nd (its one call site), through the memo."""
    a, b, c = _memo_key(nd, Q_DISCARD2 if junk == 2 else Q_DISCARD if junk else Q_READY)
    i = _memo_slot(mk, mv, a, b, c)
    if mv[i] != 0:
        return mv[i] - 1
    r = _ready_at(cx, nd, junk, sc, np.int64(0))
    _memo_put(mk, mv, ms, i, a, b, c, r)
    return r


@kernel
def _junk_tiles(cx, sc, nd, junk, mk, mv, ms):
    """The tiles t (bit t) that may be one of the ``junk`` discards (1 or 2) that make the position nd
    ready: nd less t is ready (junk 1), or some discard makes it ready (junk 2).  Through a memo of
    masks (int64 answers; Q_JUNKS + junk)."""
    a, b, c = _memo_key(nd, Q_JUNKS + junk)
    i = _memo_slot(mk, mv, a, b, c)
    if mv[i] != 0:
        return mv[i] - 1
    sc[S_JUNKS] = 0
    _ready_at(cx, nd, junk, sc, np.int64(1))
    r = sc[S_JUNKS] & ((1 << 20) - 1)
    _memo_put(mk, mv, ms, i, a, b, c, r)
    return r


# ================ intakes =========================================================================


@kernel
def _ways(cx, sc, nd, all_kinds, only):
    """List every intake of the position nd (the ruleset's table of RULES.md
    6, CX_TAKE) in sc[S_WAYS:], checking that its tiles are there and none
    is a 坎 tile; return how many (-1: more than MAX_WAYS).  Of tile ``only``
    alone when it is 0-19.

    Without ``all_kinds`` a 坎, 偎 or 碰 is taken to its richest 4-tile group
    only (CX_TOP: 提 rather than 跑): the others give the same position with
    less 胡息, and readiness only grows with 胡息.
    """
    nw = 0
    rows = sc[S_EAT:S_EAT + P.MAX_WAYS * P.W_SIZE].reshape((P.MAX_WAYS, P.W_SIZE))
    first_four = 1 if nd[POS_K] == 0 else 0
    for t in range(20):
        if nd[POS_HELD + t] >= 4 or nw < 0 or (only >= 0 and t != only):
            continue
        hold = _holding(nd, t, nd[POS_CONC + t])
        onto = ONTO_WEI if hold == H_WEI else ONTO_PENG if hold == H_PENG else ONTO_KAN
        kinds = cx[CX_TAKE + hold]
        if hold <= H_KAN and not all_kinds:
            top = cx[CX_TOP + 20 * hold + t]
            kinds = (kinds & 1) | ((1 << top) if top >= 0 else 0)
        # 碰/偎 onto the pair, or the 4-tile groups of the fourth copy onto a 偎, 碰
        # or 坎 (a discard follows the first 4-tile group only).
        for kind in range(1, N_INTAKE_KINDS if kinds > 1 else 1):
            if not (kinds >> kind) & 1:
                continue
            if nw >= MAX_WAYS:
                nw = -1
            else:
                e = S_WAYS + TAKE_COLS * nw
                sc[e + TAKE_KIND] = kind
                sc[e + TAKE_TILE] = t
                sc[e + TAKE_CHI] = -1
                sc[e + TAKE_BI1] = -1
                sc[e + TAKE_BI2] = -1
                sc[e + TAKE_ONTO] = onto
                sc[e + TAKE_DISCARD] = first_four if hold <= H_KAN else 1
                nw += 1
        if not (kinds & 1) or nw < 0:
            continue
        # 吃 with its 比 (every copy of t still concealed laid out too): the rule table's ways to eat
        # (play_rules.ways), those that break no rule of the way itself; whether a tile is left to
        # discard after it is the search's next step.
        n = _eat_ways(nd[POS_CONC:POS_CONC + 20], t, np.int64(P.M_FREE), rows)
        for k in range(n):
            if rows[k, P.W_REASON] != P.NONE and rows[k, P.W_REASON] != P.R_NO_DISCARD:
                continue
            if nw >= MAX_WAYS:
                nw = -1
                break
            e = S_WAYS + TAKE_COLS * nw
            sc[e + TAKE_KIND] = I_CHI
            sc[e + TAKE_TILE] = t
            sc[e + TAKE_CHI] = rows[k, P.W_CHI]
            sc[e + TAKE_BI1] = rows[k, P.W_BI]
            sc[e + TAKE_BI2] = rows[k, P.W_BI + 1]
            sc[e + TAKE_ONTO] = 0
            sc[e + TAKE_DISCARD] = 1
            nw += 1
    return nw


@kernel
def _apply(cx, sc, nd, i, sign):
    """Make (sign 1) or undo (sign -1) the intake listed at i on nd."""
    e = S_WAYS + TAKE_COLS * i
    kind = sc[e + TAKE_KIND]
    t = sc[e + TAKE_TILE]
    bit = 1 << t
    nd[POS_HELD + t] += sign
    if kind == I_CHI:
        hx = 0
        nb = 0
        for j in range(3):
            g = sc[e + TAKE_CHI + j]
            if g >= 0:
                hx += cx[CX_SHX + g]
                nb += 1
                for q in range(3):
                    nd[POS_CONC + cx[CX_SH + 3 * g + q]] -= sign
        nd[POS_CONC + t] += sign  # the eaten copy was never concealed
        nd[POS_BASE] += sign * hx
        nd[POS_M] += sign * nb
    elif kind == I_PENG or kind == I_WEI:
        nd[POS_CONC + t] -= 2 * sign
        nd[POS_PENG if kind == I_PENG else POS_WEI] ^= bit
        nd[POS_BASE] += sign * cx[CX_HX + 20 * cx[CX_KPAT + kind] + t]
        nd[POS_M] += sign
    else:
        onto = sc[e + TAKE_ONTO]
        gain = cx[CX_HX + 20 * cx[CX_KPAT + kind] + t]
        if onto == ONTO_KAN:
            nd[POS_CONC + t] -= 3 * sign
        else:
            gain -= cx[CX_HX + 20 * (P_WEI if onto == ONTO_WEI else P_PENG) + t]
            nd[POS_WEI if onto == ONTO_WEI else POS_PENG] ^= bit
            nd[POS_M] -= sign
        nd[POS_BASE] += sign * gain
        nd[POS_K] += sign


#: every tile of a mask of tiles (``_near_tiles``), and the bit it sets when some position had more
#: than MAX_WAYS intakes
ALL_TILES = (1 << 20) - 1
TOO_MANY_WAYS = 1 << 20


@kernel
def _near_tiles(cx, sc, nd, mode, allow, first, mk, mv, ms):
    """The tiles x (bit x) of ``allow`` that bring the position nd near (no memo of its own):

    M_GOOD, nd at rest: x whose intake, with its discard, leaves a ready hand (none: nd is not at
    most 1 away).  M_GOOD2, nd of c + 1 tiles: x whose intake, with a discard before it and one
    after, leaves a ready hand (none: no discard leaves nd at most 1 away).  With ``first``, the
    first such tile only.  Plus TOO_MANY_WAYS when some position had more than MAX_WAYS intakes.
    """
    res = 0
    # The bound: with the richest intake and winning tile, can the 胡息 be reached at all?
    need = cx[CX_MIN] - nd[POS_BASE]
    for x in range(20):
        n = nd[POS_CONC + x]
        if n == 3:
            need -= cx[CX_HX + 20 * P_KAN + x]
            n = 0
        sc[S_CNT + x] = n
    if _rich_huxi(cx, sc) + cx[CX_STEP] < need:
        return 0
    # M_GOOD2: pass 0 takes the intakes of the position itself, with two discards to come (one
    # before, one after): they are intakes of the position after any discard of another tile.
    # Pass y + 1 discards a copy of y first and takes y's own intakes (fewer copies to 比,
    # another holding, or held three times instead of four).
    for ph in range(21 if mode == M_GOOD2 else 1):
        y = ph - 1
        if (first and res & ALL_TILES) or (y >= 0 and (nd[POS_CONC + y] != 1 and nd[POS_CONC + y] != 2
                                                      or (res >> y) & 1 or not (allow >> y) & 1)):
            continue
        if y >= 0:
            nd[POS_CONC + y] -= 1
            nd[POS_HELD + y] -= 1
        count = _ways(cx, sc, nd, np.bool_(False), np.int64(y))
        if count < 0:
            res |= TOO_MANY_WAYS
            count = 0
        more = 1 if (mode == M_GOOD2 and ph == 0) else 0
        for i in range(count):
            x = sc[S_WAYS + TAKE_COLS * i + TAKE_TILE]
            if (res >> x) & 1 or not (allow >> x) & 1 or (first and res & ALL_TILES):
                continue
            _apply(cx, sc, nd, i, np.int64(1))
            if _ready_memo(cx, sc, nd, sc[S_WAYS + TAKE_COLS * i + TAKE_DISCARD] + more, mk, mv, ms):
                res |= 1 << x
            _apply(cx, sc, nd, i, np.int64(-1))
        if y >= 0:
            nd[POS_CONC + y] += 1
            nd[POS_HELD + y] += 1
    return res


@kernel
def _near(cx, sc, nd, mode, mk, mv, ms):
    """Whether the position nd is near (``_near_tiles`` finds a tile), through the memo (Q_GOOD,
    Q_GOOD2): 1 or 0, plus 2 when some position had more than MAX_WAYS intakes."""
    a, b, c = _memo_key(nd, Q_GOOD if mode == M_GOOD else Q_GOOD2)
    slot = _memo_slot(mk, mv, a, b, c)
    if mv[slot] != 0:
        return mv[slot] - 1
    tiles = _near_tiles(cx, sc, nd, mode, np.int64(ALL_TILES), True, mk, mv, ms)
    res = 1 if tiles & ALL_TILES else 0
    # Find the slot again: the searches may have filled some meanwhile.
    slot = _memo_slot(mk, mv, a, b, c)
    if mv[slot] == 0:
        _memo_put(mk, mv, ms, slot, a, b, c, res)
    return res | (2 if tiles & TOO_MANY_WAYS else 0)


# ================ the entry point =================================================================


@kernel
def run(cx, mode, rows, junk, flags, mk, mv, ms):
    """The one entry point (one compiled copy of everything below it).

    M_READY: flags[r] = 1 when position rows[r] is ready (junk[r] 0) or some
    discard makes it ready (junk[r] 1).  M_GOOD: flags[r] = 1 when some intake
    of rows[r] (at rest), with its discard, leaves a ready hand — it is at
    most 1 away.  M_EXPAND: returns every position at rest one intake and
    discard after each row; M_WAYS: every intake of each row, with the
    position before its discard (an intake that leaves nothing to discard
    does not count).  M_GOOD2: flags[r] = 1 when some discard from rows[r]
    (c + 1 tiles: an intake's position before its discard) leaves a position
    at most 1 away.  Returned rows have WAY_SIZE columns (WAY_*), WAY_PARENT the row
    they came from.  Also returns False if some position had more than
    MAX_WAYS intakes (never seen: the caller raises).
    """
    cx, mk, mv, ms = unowned(cx), unowned(mk), unowned(mv), unowned(ms)  # (own nothing: _jit.unowned)
    sc_own, nd_own = np.zeros(S_SIZE, np.int64), np.zeros(POS_SIZE, np.int64)
    sc, nd = unowned(sc_own), unowned(nd_own)  # (views of these, which the last lines keep alive)
    expanding = mode == M_EXPAND or mode == M_WAYS
    out = np.empty((8 * rows.shape[0] + EXPAND_ROOM if expanding else 1, WAY_SIZE), np.int64)
    n_out = 0
    fits = True
    for r in range(rows.shape[0]):
        if expanding and out.shape[0] - n_out < EXPAND_ROOM:
            bigger = np.empty((2 * out.shape[0] + EXPAND_ROOM, WAY_SIZE), np.int64)
            for j in range(n_out):  # (a loop: a slice copy compiles numba's size-mismatch message, seconds)
                for f in range(WAY_SIZE):
                    bigger[j, f] = out[j, f]
            out = bigger
        for f in range(POS_SIZE):
            nd[f] = rows[r, f]
        res = 0
        if mode == M_GOOD or mode == M_GOOD2:
            res = _near(cx, sc, nd, mode, mk, mv, ms)
            if res > 1:
                fits = False
                res &= 1
        else:
            count = 1
            if mode != M_READY:
                count = _ways(cx, sc, nd, np.bool_(mode == M_WAYS), np.int64(-1))
                if count < 0:
                    fits = False
                    count = 0
            for i in range(count):
                if mode == M_READY:
                    res = _ready_memo(cx, sc, nd, junk[r], mk, mv, ms)
                    continue
                _apply(cx, sc, nd, i, np.int64(1))
                discard = sc[S_WAYS + TAKE_COLS * i + TAKE_DISCARD]
                free = 0
                for x in range(20):
                    if nd[POS_CONC + x] == 1 or nd[POS_CONC + x] == 2:
                        free += 1
                if mode == M_WAYS or discard == 0:
                    if discard == 0 or free > 0:
                        for f in range(POS_SIZE):
                            out[n_out, f] = nd[f]
                        out[n_out, WAY_PARENT] = r
                        out[n_out, WAY_DISCARD] = discard
                        for f in range(5):
                            out[n_out, WAY_KIND + f] = sc[S_WAYS + TAKE_COLS * i + f]
                        n_out += 1
                else:
                    for x in range(20):
                        if nd[POS_CONC + x] == 1 or nd[POS_CONC + x] == 2:
                            for f in range(POS_SIZE):
                                out[n_out, f] = nd[f]
                            out[n_out, POS_CONC + x] -= 1
                            out[n_out, POS_HELD + x] -= 1
                            out[n_out, WAY_PARENT] = r
                            n_out += 1
                _apply(cx, sc, nd, i, np.int64(-1))
        if not expanding:
            flags[r] = res
    sc_own[0] = nd_own[0] = 0  # (a use of each: numba frees an array after its last use)
    return out[:n_out], fits
