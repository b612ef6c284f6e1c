"""Private numba kernels of the distance to ready (进张距离, RULES.md section 6).

They see only integer arrays; ``solver.distance`` builds them and the one
context vector ``cx`` (the ruleset and the shape tables, offsets ``C_*``).
Nothing here recurses (a recursive cached kernel crashes numba 0.68 when
loaded from the cache): the split search walks an explicit stack.

A *position* is one int64 row (offsets ``N_*``): concealed counts, copies held
(concealed and melds), the tiles with an exposed 偎 or 碰 (bit masks), the
胡息 of the melds, m (3-tile melds) and k (4-tile melds).  That is all that
readiness and the intakes depend on, so equal rows are equal positions.

**Readiness in one search.**  A hand at rest is ready when some tile w (not
held four times) wins for it from some source.  Taking the union over the
sources of RULES.md 4's table, w wins exactly when one of these splits exists
(坎 stay whole, their 胡息 counted):

* *free*: the free tiles (concealed, 坎 excepted) plus w split into 句/绞,
  plus the 将 pair when the hand has a 跑/提; w with a concealed pair may also
  make a triple, valued as a 偎 (a self-drawn w must be 偎'd; another
  player's w may be 碰'd, worth less, or join any other group) — this covers
  破跑 too (another player's w onto a 坎 or 偎, any w onto a 碰);
* *upgrade* (only while k = 0: a second 4-tile group leaves the hand a tile
  short): w onto a 坎 or 偎 becomes 提, onto a 碰 becomes 跑, and the free tiles
  alone split with the pair.

So one search covers every w at once: the free tiles split with one
*wildcard* tile that completes a group (a 句/绞, the pair or the triple), and
the wildcard is w.  "Does some discard make this hand ready?" (a hand of
c + 1 tiles after an intake) is the same search with one *junk* tile left
over: the junk is the discard.  Searches stop at the first split that reaches
the winning 胡息, after a cheap bound on the 胡息 any split could reach.
"""
from __future__ import annotations

import numpy as np

from ._jit import kernel

# --- positions -------------------------------------------------------------------
N_CONC = 0  # [20] concealed counts
N_HELD = 20  # [20] copies in the hand: concealed and melds
N_WEI = 40  # bit t: an exposed 偎 of t
N_PENG = 41  # bit t: an exposed 碰 of t
N_BASE = 42  # 胡息 of the exposed melds
N_M = 43  # exposed 3-tile melds
N_K = 44  # exposed 4-tile melds
NW = 45

# --- 胡息 patterns, in rules.PATTERNS order -------------------------------------------
P_JU, P_JU123, P_JU2710, P_JIAO, P_KAN, P_PENG, P_WEI, P_PAO, P_TI, P_JIANG = range(10)

# --- the context vector -----------------------------------------------------------
N_SHAPES = 38  # len(groups.SHAPES), checked by solver.distance
MAX_OPT = 32
C_MIN = 0  # winning 胡息
C_JIANG = 1  # a hand with a 跑/提 needs exactly one pair
C_PAIR_WEI = 2  # a self-drawn tile onto a concealed pair must be 偎'd
C_BONUS = 3  # most 胡息 one group with the wildcard can add (for the bound)
C_HX = 8  # [pattern * 2 + case] 胡息
C_SH = C_HX + 20  # [shape * 3] tiles of the 句/绞 shapes
C_SHX = C_SH + 3 * N_SHAPES  # [shape] its 胡息
C_RICH = C_SHX + N_SHAPES  # [8]: a count, then the shapes that carry 胡息
C_TRIP = C_RICH + 8  # [tile] 胡息 of the triple the winning tile makes with a concealed pair
C_OPT = C_TRIP + 20  # [tile * MAX_OPT * 4] split options of a lowest tile: (type, shape, w, other)
C_NOPT = C_OPT + 20 * MAX_OPT * 4  # [tile] how many
C_WSTART = C_NOPT + 20  # [tile] where the wildcard's options start
C_CONT = C_WSTART + 20  # [tile * 8]: a count, then the shapes holding the tile
C_SIZE = C_CONT + 20 * 8

# Split options for the lowest remaining tile i, in this order (the
# wildcard's last, from C_WSTART).
O_FULL = 0  # a 句/绞 shape whose lowest tile is i, all tiles real
O_PAIR = 1  # the pair i i
O_WSHAPE = 2  # a shape holding i, one of its tiles (w) being the wildcard; ``other`` the second real tile
O_WPAIR = 3  # the pair i + wildcard i
O_WTRIPLE = 4  # i i + wildcard i: the triple (a 偎/碰 with the winning tile)
O_JUNK = 5  # one i left over: the discard

# Scratch: the search stack and the gains of an upgrade per junk tile.
S_STACK = 0  # [3 * 32]
S_GAIN = 96  # [21] upgrade gain when the junk is tile x (index 20: no junk), NO_GAIN if none
S_CNT = S_GAIN + 21  # [20] free counts
S_NODE = S_CNT + 20  # [NW] the position being changed by an intake
S_KAN = S_NODE + NW  # [20] 1 where the position before the intake held a 坎
S_KEY = S_KAN + 20  # [3] a packed position
S_DESC = S_KEY + 3  # [5] the intake being visited (M_WAYS columns R_KIND..R_BI2)
S_OVER = S_DESC + 5  # 1 when expand_batch ran out of room
S_SIZE = S_OVER + 1

NO_GAIN = -1000

# --- the memo ------------------------------------------------------------------------
# An open-addressing hash table of answers already computed, keyed exactly by
# the position packed into three words (``_pack``) and what was asked: mk
# [cap, 3] keys, mv [cap] answer + 1 (0: empty slot), ms [0] entries used.
# It is shared by every call with the same context (solver.distance keeps
# it), so the rows of a discard table reuse each other's work.  No entry is
# added past MEMO_FILL of the capacity; solver.distance then clears it.
Q_READY = 0  # at rest: ready?
Q_DISCARD = 1  # c + 1 tiles: does some discard make it ready?
Q_GOOD = 2  # at rest: at most 1 away?
MEMO_FILL_NUM = 3
MEMO_FILL_DEN = 5


@kernel
def _pack(nd, at, query, key):
    """The three words of position nd[at:at + NW] and ``query``, in key[0:3]."""
    a = 0
    b = 0
    for x in range(20):
        a |= nd[at + N_CONC + x] << (2 * x)
        b |= nd[at + N_HELD + x] << (3 * x)
    a |= (nd[at + N_M] << 40) | (nd[at + N_K] << 43) | (nd[at + N_BASE] << 46)
    key[0] = a
    key[1] = b
    key[2] = nd[at + N_WEI] | (nd[at + N_PENG] << 20) | (query << 40)


@kernel
def _slot(mk, mv, key):
    """Where key[0:3] is in the memo, or the empty slot where it would go."""
    cap = mv.shape[0]
    h = key[0] * -7046029254386353131 + key[1] * -4417276706812531889 + key[2] * 1609587929392839161
    i = (h >> 17) & (cap - 1)
    while mv[i] != 0 and not (mk[i, 0] == key[0] and mk[i, 1] == key[1] and mk[i, 2] == key[2]):
        i = (i + 1) & (cap - 1)
    return i


@kernel
def _remember(mk, mv, ms, i, key, value):
    if mv[i] == 0 and ms[0] * MEMO_FILL_DEN < mv.shape[0] * MEMO_FILL_NUM:
        mk[i, 0] = key[0]
        mk[i, 1] = key[1]
        mk[i, 2] = key[2]
        mv[i] = value + 1
        ms[0] += 1


@kernel
def _search(cx, sc, nd, at, need, need_junk, need_wild, need_pair, top_gain):
    """Whether the free counts sc[S_CNT:] split into groups worth at least
    ``need`` 胡息: with one junk tile (``need_junk``), one wildcard tile
    completing a group (``need_wild``) and exactly one pair when ``need_pair``.

    With the wildcard w, a split counts only when w is not held four times
    (nd[at + N_HELD + w]) once the junk is gone; without it, the upgrade gain
    for the junk tile (sc[S_GAIN + junk]) is added and must exist;
    ``top_gain`` is the largest of them, for the bound that cuts branches
    short of 胡息.  The counts are restored on return.

    Only ``cx``, ``sc`` and ``nd`` are arrays, indexed by offset, and the
    small steps are written out in place: every array argument of a call
    between kernels costs more than a step of this search.
    """
    junk_left = need_junk
    wild_left = need_wild
    pair_left = need_pair
    junk = 20
    wild = -1
    acc = 0
    n_rich = cx[C_RICH]
    lo = 0
    while lo < 20 and sc[S_CNT + lo] == 0:
        lo += 1
    d = 0
    sc[S_STACK] = lo
    sc[S_STACK + 32] = 0
    found = 0
    while d >= 0 and found == 0:
        i = sc[S_STACK + d]
        placed = -1
        if i == 20:
            if junk_left == 0 and wild_left == 0 and pair_left == 0:
                if need_wild:
                    h = nd[at + N_HELD + wild]
                    if junk == wild:
                        h -= 1
                    if h < 4 and acc >= need:
                        found = 1
                else:
                    g = sc[S_GAIN + junk]
                    if g != NO_GAIN and acc + g >= need:
                        found = 1
        else:
            ci = S_CNT + i
            k = sc[S_STACK + 32 + d]
            # The wildcard's options come last: once it is placed they are skipped.
            n = cx[C_NOPT + i] if wild_left else cx[C_WSTART + i]
            base = C_OPT + i * MAX_OPT * 4
            while k < n and placed < 0:
                e = base + 4 * k
                typ = cx[e]
                k += 1
                if typ == O_FULL:
                    sh = cx[e + 1]
                    b = S_CNT + cx[C_SH + 3 * sh + 1]
                    c = S_CNT + cx[C_SH + 3 * sh + 2]
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
                        acc += cx[C_SHX + sh]
                        placed = k - 1
                elif typ == O_PAIR:
                    if pair_left and sc[ci] >= 2:
                        sc[ci] -= 2
                        pair_left = 0
                        placed = k - 1
                elif typ == O_WSHAPE:
                    if wild_left:
                        o = S_CNT + cx[e + 3]
                        if (sc[ci] >= 2 and sc[o] >= 1) if o == ci else sc[o] >= 1:
                            sc[ci] -= 1
                            sc[o] -= 1
                            wild_left = 0
                            wild = cx[e + 2]
                            acc += cx[C_SHX + cx[e + 1]]
                            placed = k - 1
                elif typ == O_WPAIR:
                    if wild_left and pair_left:
                        sc[ci] -= 1
                        wild_left = 0
                        pair_left = 0
                        wild = i
                        placed = k - 1
                elif typ == O_WTRIPLE:
                    if wild_left and sc[ci] == 2:
                        sc[ci] -= 2
                        wild_left = 0
                        wild = i
                        acc += cx[C_TRIP + i]
                        placed = k - 1
                else:  # O_JUNK
                    if junk_left:
                        sc[ci] -= 1
                        junk_left = 0
                        junk = i
                        placed = k - 1
            sc[S_STACK + 32 + d] = k
            if placed >= 0:
                # The bound: 胡息 the rich shapes left could still carry.
                ub = acc + top_gain
                if wild_left:
                    ub += cx[C_BONUS]
                for a in range(n_rich):
                    sh = cx[C_RICH + 1 + a]
                    t3 = C_SH + 3 * sh
                    m = sc[S_CNT + cx[t3]]
                    m1 = sc[S_CNT + cx[t3 + 1]]
                    m2 = sc[S_CNT + cx[t3 + 2]]
                    if m1 < m:
                        m = m1
                    if m2 < m:
                        m = m2
                    ub += m * cx[C_SHX + sh]
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
        elif found == 0:
            d -= 1
            if d >= 0:
                # Undo the option placed at depth d before trying the next one.
                i = sc[S_STACK + d]
                ci = S_CNT + i
                e = C_OPT + i * MAX_OPT * 4 + 4 * sc[S_STACK + 64 + d]
                typ = cx[e]
                if typ == O_FULL:
                    sh = cx[e + 1]
                    sc[ci] += 1
                    sc[S_CNT + cx[C_SH + 3 * sh + 1]] += 1
                    sc[S_CNT + cx[C_SH + 3 * sh + 2]] += 1
                    acc -= cx[C_SHX + sh]
                elif typ == O_PAIR:
                    sc[ci] += 2
                    pair_left = 1
                elif typ == O_WSHAPE:
                    sc[ci] += 1
                    sc[S_CNT + cx[e + 3]] += 1
                    wild_left = 1
                    acc -= cx[C_SHX + cx[e + 1]]
                elif typ == O_WPAIR:
                    sc[ci] += 1
                    wild_left = 1
                    pair_left = 1
                elif typ == O_WTRIPLE:
                    sc[ci] += 2
                    wild_left = 1
                    acc -= cx[C_TRIP + i]
                else:
                    sc[ci] += 1
                    junk_left = 1
                    junk = 20
    if found:
        # Put every count back (the search stopped with groups placed).
        while d > 0:
            d -= 1
            i = sc[S_STACK + d]
            ci = S_CNT + i
            e = C_OPT + i * MAX_OPT * 4 + 4 * sc[S_STACK + 64 + d]
            typ = cx[e]
            if typ == O_FULL:
                sh = cx[e + 1]
                sc[ci] += 1
                sc[S_CNT + cx[C_SH + 3 * sh + 1]] += 1
                sc[S_CNT + cx[C_SH + 3 * sh + 2]] += 1
            elif typ == O_PAIR or typ == O_WTRIPLE:
                sc[ci] += 2
            elif typ == O_WSHAPE:
                sc[ci] += 1
                sc[S_CNT + cx[e + 3]] += 1
            else:
                sc[ci] += 1
    return found


@kernel
def _ready_at(cx, nd, at, junk, sc):
    """Whether the position nd[at:at + NW] is ready (``junk`` 0: a hand at
    rest) or some discard makes it ready (``junk`` 1: a hand of c + 1 tiles)."""
    kanhx = 0
    free = 0
    ub = cx[C_BONUS]
    for x in range(20):
        n = nd[at + N_CONC + x]
        if n == 3:
            kanhx += cx[C_HX + 2 * P_KAN + (1 if x >= 10 else 0)]
            n = 0
        sc[S_CNT + x] = n
        free += n
    if junk and free == 0:
        return 0
    need = cx[C_MIN] - nd[at + N_BASE] - kanhx
    k = nd[at + N_K]
    rich = 0
    for a in range(cx[C_RICH]):
        sh = cx[C_RICH + 1 + a]
        t3 = C_SH + 3 * sh
        m = min(sc[S_CNT + cx[t3]], sc[S_CNT + cx[t3 + 1]], sc[S_CNT + cx[t3 + 2]])
        rich += m * cx[C_SHX + sh]
    if rich + ub >= need:
        if _search(cx, sc, nd, at, need, junk, 1, 1 if (k >= 1 and cx[C_JIANG]) else 0, 0):
            return 1
    if k != 0:
        return 0
    # Upgrades: w onto a 坎 or 偎 makes 提, onto a 碰 makes 跑 (the first 4-tile group).
    wei = nd[at + N_WEI]
    peng = nd[at + N_PENG]
    best = NO_GAIN
    for x in range(21):
        sc[S_GAIN + x] = NO_GAIN
    for w in range(20):
        g = NO_GAIN
        case = 1 if w >= 10 else 0
        if nd[at + N_CONC + w] == 3:
            g = cx[C_HX + 2 * P_TI + case] - cx[C_HX + 2 * P_KAN + case]
        elif (wei >> w) & 1:
            g = cx[C_HX + 2 * P_TI + case] - cx[C_HX + 2 * P_WEI + case]
        elif (peng >> w) & 1:
            g = cx[C_HX + 2 * P_PAO + case] - cx[C_HX + 2 * P_PENG + case]
        if g != NO_GAIN:
            h = nd[at + N_HELD + w]
            if h < 4:
                if g > best:
                    best = g
            elif junk and h == 4 and sc[S_CNT + w] >= 1:
                # Only once this copy is discarded can the fourth one come.
                if g > sc[S_GAIN + w]:
                    sc[S_GAIN + w] = g
    top = NO_GAIN
    for x in range(21):
        if best > sc[S_GAIN + x]:
            sc[S_GAIN + x] = best
        if sc[S_GAIN + x] > top:
            top = sc[S_GAIN + x]
    if junk:
        sc[S_GAIN + 20] = NO_GAIN
    if top == NO_GAIN or rich + top < need:
        return 0
    return _search(cx, sc, nd, at, need, junk, 0, 1 if cx[C_JIANG] else 0, top)


@kernel
def _ready_memo(cx, nd, at, junk, sc, mk, mv, ms):
    """_ready_at through the memo."""
    key = sc[S_KEY:S_KEY + 3]
    _pack(nd, at, Q_DISCARD if junk else Q_READY, key)
    i = _slot(mk, mv, key)
    if mv[i] != 0:
        return mv[i] - 1
    r = _ready_at(cx, nd, at, junk, sc)
    _remember(mk, mv, ms, i, key, r)
    return r


@kernel
def ready_batch(cx, rows, junk, out, mk, mv, ms):
    """out[r] = 1 when position rows[r] is ready (junk[r] 0) or some discard makes it ready (junk[r] 1)."""
    sc = np.zeros(S_SIZE, np.int64)
    flat = rows.ravel()
    for r in range(rows.shape[0]):
        out[r] = _ready_memo(cx, flat, r * NW, junk[r], sc, mk, mv, ms)


# --- intakes ------------------------------------------------------------------------

@kernel
def _take(cx, sc, nd, s, x):
    """Remove the tiles of shape s other than one x from nd's concealed tiles;
    1 if they were there and none is a 坎 tile (else nothing changes)."""
    t = C_SH + 3 * s
    a = cx[t]
    b = cx[t + 1]
    c = cx[t + 2]
    if a == x:
        a = c
    elif b == x:
        b = c
    # The two tiles left are a, b.
    ok = sc[S_KAN + a] == 0 and sc[S_KAN + b] == 0
    if ok:
        nd[N_CONC + a] -= 1
        nd[N_CONC + b] -= 1
        if nd[N_CONC + a] < 0 or nd[N_CONC + b] < 0:
            nd[N_CONC + a] += 1
            nd[N_CONC + b] += 1
            ok = False
    return ok


@kernel
def _give(cx, nd, s, x):
    """Undo _take."""
    t = C_SH + 3 * s
    a = cx[t]
    b = cx[t + 1]
    c = cx[t + 2]
    if a == x:
        a = c
    elif b == x:
        b = c
    nd[N_CONC + a] += 1
    nd[N_CONC + b] += 1


@kernel
def _copies(cx, s, x):
    t = C_SH + 3 * s
    return (1 if cx[t] == x else 0) + (1 if cx[t + 1] == x else 0) + (1 if cx[t + 2] == x else 0)


@kernel
def _take_all(cx, sc, nd, s):
    """Remove every tile of shape s (a 比 group) from nd's concealed tiles, as _take."""
    t = C_SH + 3 * s
    ok = True
    for j in range(3):
        y = cx[t + j]
        if sc[S_KAN + y] != 0:
            ok = False
    if ok:
        for j in range(3):
            nd[N_CONC + cx[t + j]] -= 1
        for j in range(3):
            if nd[N_CONC + cx[t + j]] < 0:
                ok = False
        if not ok:
            for j in range(3):
                nd[N_CONC + cx[t + j]] += 1
    return ok


@kernel
def _give_all(cx, nd, s):
    t = C_SH + 3 * s
    for j in range(3):
        nd[N_CONC + cx[t + j]] += 1


# What a visit of an intake does (``_intakes``'s mode).
M_GOOD = 0  # stop at the first intake after which some discard makes the hand ready
M_EXPAND = 1  # write every position after the intake and its discard
M_WAYS = 2  # write every intake: the position before its discard, and what it was
# Intake kinds in a way's row.
I_CHI, I_PENG, I_WEI, I_PAO, I_TI = range(5)
# Columns of an output row after the position: where it came from, then (M_WAYS)
# whether a discard follows and the intake: kind, tile, 吃 shape, 比 shapes (-1: none).
R_PARENT = NW
R_DISCARD = NW + 1
R_KIND = NW + 2
R_TILE = NW + 3
R_CHI = NW + 4
R_BI1 = NW + 5
R_BI2 = NW + 6
RW = NW + 7
# Rows one position can give at most, with room to spare: 20 tiles x 40
# intakes x 21 discards.
EXPAND_ROOM = 20 * 40 * 21


@kernel
def _visit(cx, sc, nd, discard, mode, out, n_out, parent, mk, mv, ms):
    """One intake just made on nd (described in sc[S_DESC:]).  M_GOOD: 1 when
    it (with some discard) leaves a ready hand.  M_EXPAND: append every
    resulting position at rest to ``out`` from row n_out; M_WAYS: append the
    position before the discard; both return the new row count."""
    if mode == M_GOOD:
        return _ready_memo(cx, nd, 0, 1 if discard else 0, sc, mk, mv, ms)
    if n_out + 21 > out.shape[0]:
        sc[S_OVER] = 1  # no room left: the caller raises (never seen; EXPAND_ROOM is generous)
        return n_out
    if mode == M_WAYS or not discard:
        for f in range(NW):
            out[n_out, f] = nd[f]
        out[n_out, R_PARENT] = parent
        out[n_out, R_DISCARD] = 1 if discard else 0
        for f in range(5):
            out[n_out, R_KIND + f] = sc[S_DESC + f]
        return n_out + 1
    for x in range(20):
        n = nd[N_CONC + x]
        if n == 1 or n == 2:
            for f in range(NW):
                out[n_out, f] = nd[f]
            out[n_out, N_CONC + x] -= 1
            out[n_out, N_HELD + x] -= 1
            out[n_out, R_PARENT] = parent
            n_out += 1
    return n_out


@kernel
def _describe(sc, kind, t, s, b1, b2):
    sc[S_DESC] = kind
    sc[S_DESC + 1] = t
    sc[S_DESC + 2] = s
    sc[S_DESC + 3] = b1
    sc[S_DESC + 4] = b2


@kernel
def _intakes(cx, sc, nd, mode, out, n_out, parent, mk, mv, ms):
    """Every intake of the position nd (RULES.md 6 table), each followed by
    its discard (none after a second 跑/提), handed to _visit.  M_GOOD returns
    1 at the first good one; M_EXPAND and M_WAYS return the new row count.

    Outside M_WAYS a 坎 or 偎 is taken to 提 only: 跑 gives the same position
    with less 胡息, and readiness only grows with 胡息.
    """
    res = n_out
    for x in range(20):
        sc[S_KAN + x] = 1 if nd[N_CONC + x] == 3 else 0
    k0 = nd[N_K]
    for t in range(20):
        if nd[N_HELD + t] >= 4:
            continue
        bit = 1 << t
        n = nd[N_CONC + t]
        case = 1 if t >= 10 else 0
        wei = (nd[N_WEI] & bit) != 0
        peng = (nd[N_PENG] & bit) != 0
        nd[N_HELD + t] += 1
        if wei or peng or n == 3:
            # 跑/提 of the fourth copy onto a 偎, 碰 or 坎.
            first = I_PAO if (peng or mode == M_WAYS) else I_TI
            for kind in range(first, I_PAO + 1 if peng else I_TI + 1):
                pat = P_PAO if kind == I_PAO else P_TI
                gain = cx[C_HX + 2 * pat + case]
                if wei:
                    gain -= cx[C_HX + 2 * P_WEI + case]
                    nd[N_WEI] ^= bit
                    nd[N_M] -= 1
                elif peng:
                    gain -= cx[C_HX + 2 * P_PENG + case]
                    nd[N_PENG] ^= bit
                    nd[N_M] -= 1
                else:
                    nd[N_CONC + t] = 0
                nd[N_BASE] += gain
                nd[N_K] += 1
                _describe(sc, kind, t, -1, -1, -1)
                r = _visit(cx, sc, nd, k0 == 0, mode, out, res, parent, mk, mv, ms)
                nd[N_K] -= 1
                nd[N_BASE] -= gain
                if wei:
                    nd[N_WEI] ^= bit
                    nd[N_M] += 1
                elif peng:
                    nd[N_PENG] ^= bit
                    nd[N_M] += 1
                else:
                    nd[N_CONC + t] = 3
                if mode == M_GOOD:
                    if r:
                        nd[N_HELD + t] -= 1
                        return 1
                else:
                    res = r
        if n == 2:
            # 碰 and 偎 onto the concealed pair.
            nd[N_CONC + t] = 0
            nd[N_M] += 1
            for kind in range(I_PENG, I_WEI + 1):
                pat = P_PENG if kind == I_PENG else P_WEI
                slot = N_PENG if kind == I_PENG else N_WEI
                nd[slot] |= bit
                nd[N_BASE] += cx[C_HX + 2 * pat + case]
                _describe(sc, kind, t, -1, -1, -1)
                r = _visit(cx, sc, nd, True, mode, out, res, parent, mk, mv, ms)
                nd[N_BASE] -= cx[C_HX + 2 * pat + case]
                nd[slot] ^= bit
                if mode == M_GOOD:
                    if r:
                        nd[N_M] -= 1
                        nd[N_CONC + t] = 2
                        nd[N_HELD + t] -= 1
                        return 1
                else:
                    res = r
            nd[N_M] -= 1
            nd[N_CONC + t] = 2
        if not wei and n != 3:
            # 吃 with its 比: every copy of t still concealed is laid out too.
            nc = cx[C_CONT + 8 * t]
            for a in range(nc):
                s = cx[C_CONT + 8 * t + 1 + a]
                if not _take(cx, sc, nd, s, t):
                    continue
                hx0 = cx[C_SHX + s]
                left = nd[N_CONC + t]
                if left == 0:
                    nd[N_BASE] += hx0
                    nd[N_M] += 1
                    _describe(sc, I_CHI, t, s, -1, -1)
                    r = _visit(cx, sc, nd, True, mode, out, res, parent, mk, mv, ms)
                    nd[N_M] -= 1
                    nd[N_BASE] -= hx0
                    if mode == M_GOOD:
                        if r:
                            _give(cx, nd, s, t)
                            nd[N_HELD + t] -= 1
                            return 1
                    else:
                        res = r
                else:
                    for b1i in range(nc):
                        b1 = cx[C_CONT + 8 * t + 1 + b1i]
                        c1 = _copies(cx, b1, t)
                        if c1 > left:
                            continue
                        if c1 == left:
                            if _take_all(cx, sc, nd, b1):
                                hx1 = hx0 + cx[C_SHX + b1]
                                nd[N_BASE] += hx1
                                nd[N_M] += 2
                                _describe(sc, I_CHI, t, s, b1, -1)
                                r = _visit(cx, sc, nd, True, mode, out, res, parent, mk, mv, ms)
                                nd[N_M] -= 2
                                nd[N_BASE] -= hx1
                                _give_all(cx, nd, b1)
                                if mode == M_GOOD:
                                    if r:
                                        _give(cx, nd, s, t)
                                        nd[N_HELD + t] -= 1
                                        return 1
                                else:
                                    res = r
                        else:
                            # Two 比 groups of one copy each, in shape order.
                            if not _take_all(cx, sc, nd, b1):
                                continue
                            for b2i in range(b1i, nc):
                                b2 = cx[C_CONT + 8 * t + 1 + b2i]
                                if _copies(cx, b2, t) != 1:
                                    continue
                                if _take_all(cx, sc, nd, b2):
                                    hx2 = hx0 + cx[C_SHX + b1] + cx[C_SHX + b2]
                                    nd[N_BASE] += hx2
                                    nd[N_M] += 3
                                    _describe(sc, I_CHI, t, s, b1, b2)
                                    r = _visit(cx, sc, nd, True, mode, out, res, parent, mk, mv, ms)
                                    nd[N_M] -= 3
                                    nd[N_BASE] -= hx2
                                    _give_all(cx, nd, b2)
                                    if mode == M_GOOD:
                                        if r:
                                            _give_all(cx, nd, b1)
                                            _give(cx, nd, s, t)
                                            nd[N_HELD + t] -= 1
                                            return 1
                                    else:
                                        res = r
                            _give_all(cx, nd, b1)
                _give(cx, nd, s, t)
        nd[N_HELD + t] -= 1
    if mode == M_GOOD:
        return 0
    return res


@kernel
def good_batch(cx, rows, out, mk, mv, ms):
    """out[r] = 1 when some intake of position rows[r] (at rest), with its
    discard, leaves a ready hand: the position is at most 1 away."""
    sc = np.zeros(S_SIZE, np.int64)
    nd = np.zeros(NW, np.int64)
    key = np.zeros(3, np.int64)
    dummy = np.zeros((1, RW), np.int64)
    for r in range(rows.shape[0]):
        for f in range(NW):
            nd[f] = rows[r, f]
        _pack(nd, 0, Q_GOOD, key)
        i = _slot(mk, mv, key)
        if mv[i] != 0:
            out[r] = mv[i] - 1
        else:
            out[r] = _intakes(cx, sc, nd, M_GOOD, dummy, 0, 0, mk, mv, ms)
            i = _slot(mk, mv, key)  # the intakes may have filled slots meanwhile
            _remember(mk, mv, ms, i, key, out[r])


@kernel
def expand_batch(cx, rows, mode):
    """M_EXPAND: every position at rest one intake (and its discard) after
    rows[r]; M_WAYS: every intake of rows[r].  Rows of RW columns (R_*), the
    R_PARENT column holding r; and False if they did not all fit (an error)."""
    sc = np.zeros(S_SIZE, np.int64)
    nd = np.zeros(NW, np.int64)
    mk = np.zeros((1, 3), np.int64)
    mv = np.zeros(1, np.int8)
    ms = np.zeros(1, np.int64)
    out = np.empty((8 * rows.shape[0] + EXPAND_ROOM, RW), np.int64)
    n = 0
    for r in range(rows.shape[0]):
        if out.shape[0] - n < EXPAND_ROOM:
            bigger = np.empty((2 * out.shape[0] + EXPAND_ROOM, RW), np.int64)
            bigger[:n] = out[:n]
            out = bigger
        for f in range(NW):
            nd[f] = rows[r, f]
        n = _intakes(cx, sc, nd, mode, out, n, r, mk, mv, ms)
    if sc[S_OVER]:
        n = -1
    return out[:max(n, 0)], n >= 0
