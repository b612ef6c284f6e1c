"""Private numba kernels: the best 7-门子 decomposition of hands, in batches.

They see only integer arrays and ints; ``solver.fast`` builds every array,
including the ruleset (rule values are never read from globals here, because
numba freezes globals into its cache).  They reproduce ``solver.reference``
exactly (RULES.md sections 4-6); tests/test_kernels.py checks that.

Encodings (shared with ``solver.fast``):

* A group is one integer ``kind << 15 | a << 10 | b << 5 | c`` (tiles
  ``a <= b <= c``; a pair stores ``a, a, 0``, a 3- or 4-of-a-kind
  ``a, a, a``).  Kind codes follow the Python string order of the kind
  names (chi < jiang < jiao < ju < kan < pao < peng < ti < wei), so integer
  order is the reference's tie-break order of ``(kind, tiles)``.
* The free tiles of a hand (concealed, outside 坎) are one packed int64:
  tile x has the 3 bits from 3x, its count (0..3) in the low two and a
  clear guard bit.  A group is the packed counts of its tiles, so "does the
  group fit" is one subtraction and one mask (``_fits``), and placing it is
  one subtraction.
* ``OPT_*`` codes name the choices of the winning-tile table (RULES.md 4);
  ``H_*`` codes are indices into ``results.HOWS``.
* The ruleset is one int64 vector (offsets ``R_*``), built by
  ``fast.rule_arrays``.  A batch kernel copies it to the head of its one
  scratch vector ``ws`` (offsets ``W_*`` follow it) and every inner kernel
  takes only ``ws`` and ints: each array argument of a kernel-to-kernel call
  costs an argument struct and reference counting, which measured more than
  the search itself.

The search never recurses (a recursive cached kernel crashes numba 0.68 when
loaded from the cache): it walks an explicit stack of packed counts, always
covering the lowest remaining tile with a group whose lowest tile it is.

Every tile of the hand plus the winning tile ends in some group, so the red
count (and so the fan) of a (hand, tile) is fixed except for 对对胡, and 等
never drops as 胡息 grows.  The best decomposition is therefore, in one of two
classes (对对 or not), the one with the highest 胡息 and then the smallest
sorted group list; the search keeps the best of each class and the score
decides between the two at the end, separately for each source.  That also
bounds the search: a branch whose 胡息 cannot reach the best of its class (nor
the winning threshold) is cut, by an upper bound of the 胡息 the remaining
tiles can still make (each tile worth at most a third of the richest group
it can join, ``R_W6`` in sixths).
"""
from __future__ import annotations

import numpy as np

from ._jit import kernel, trailing_zeros

# Group kinds, in Python string order of their names.
K_CHI, K_JIANG, K_JIAO, K_JU, K_KAN, K_PAO, K_PENG, K_TI, K_WEI = range(9)
KIND_NAMES = ("chi", "jiang", "jiao", "ju", "kan", "pao", "peng", "ti", "wei")

# 胡息 patterns, in rules.PATTERNS order.
P_JU, P_JU123, P_JU2710, P_JIAO, P_KAN, P_PENG, P_WEI, P_PAO, P_TI, P_JIANG = range(10)

# Choices for the winning tile t (RULES.md section 4 table).
OPT_FREE = 0  # t joins the free tiles
OPT_FREE_TRIPLE = 1  # t joins the free tiles and may make a 碰 with its concealed pair
OPT_UPG_TI = 2  # the exposed 偎 of t becomes 提
OPT_UPG_PAO = 3  # the exposed 偎/碰 of t becomes 跑
OPT_POPAO = 4  # 破跑: t joins the free tiles, the 偎/碰/坎 stays
OPT_KAN_TI = 5  # the concealed 坎 of t becomes 提
OPT_KAN_PAO = 6  # the concealed 坎 of t becomes 跑
OPT_WEI = 7  # t onto the concealed pair becomes 偎

# results.HOWS indices.
H_TI, H_PAO, H_WEI, H_PENG, H_POPAO, H_DANDIAO, H_BIAN, H_SHUN = range(8)

# Packed counts: 3 bits per tile, the guard bit of every tile set.
FIELD = 3
GUARD = sum(4 << (FIELD * x) for x in range(20))

# Free groups (rows of the group table): the 句/绞 shapes of groups.SHAPES,
# then the pair of each tile, then the 碰 triplet of each tile.
N_SHAPES = 38  # len(groups.SHAPES), checked by solver.fast
G_PAIR = N_SHAPES  # + tile
G_TRIPLE = N_SHAPES + 20  # + tile
N_GROUPS = N_SHAPES + 40
# Columns of a group row: packed counts, code, 胡息, 1 if 对对 kind, the
# sum of its tiles' R_W6, the `how` it gives when it holds the winning
# tile, SP_* (shape, pair or triplet), kind.
G_MASK, G_CODE, G_HUXI, G_DD, G_W6, G_HOW, G_SP, G_KIND = range(8)
G_COLS = 8
SP_SHAPE, SP_PAIR, SP_TRIPLE = range(3)
LIST_COLS = 8  # candidate rows: a count, then group ids

# The ruleset vector (also the head of the scratch vector).
R_MIN_HUXI = 0
R_DENG_BASE = 1
R_DENG_STEP = 2
R_SELF_DENG = 3
R_PAO_JIANG = 4  # a hand with a 跑/提 needs exactly one pair
R_PAIR_WEI = 5  # a self-drawn tile onto a concealed pair must be 偎'd
R_HX = 8  # [pattern * 2 + case] 胡息
R_RED = R_HX + 20  # [tile] 1 if red
R_W6 = R_RED + 20  # [tile] six times the most 胡息 per tile of a free group holding it
R_FAN = R_W6 + 20  # [red count * 2 + 对对胡] fan
MAX_RED = 80
R_GT = R_FAN + 2 * (MAX_RED + 1)  # [group * G_COLS + column]
R_CAND = R_GT + N_GROUPS * G_COLS  # [tile * LIST_COLS]: free groups whose lowest tile it is
R_SIZE = R_CAND + 20 * LIST_COLS

# Fields of one answer (per query, tile and source); O_KEY.. the 7 group
# codes in answer order (exposed melds in input order, then the concealed
# groups as reference._splits orders them).
O_WIN, O_HUXI, O_DENG, O_FAN, O_SCORE, O_HOW, O_OPT, O_DD, O_RED, O_KEY = range(10)
N_OUT = O_KEY + 7
# Fields of the highest-胡息 split of a (hand, tile, source), won or not (``hu``).
T_HAS, T_HUXI, T_OPT, T_FORCED, T_KEY = range(5)
N_TOP = T_KEY + 7
# A row of the compact answers of ting_batch / discard_batch: which hand,
# which discard (-1 for ting), which tile, which source, then the N_OUT fields.
C_HAND, C_DROP, C_TILE, C_SRC, C_ANS = range(5)
N_ROW = C_ANS + N_OUT
TING_ROWS = 40  # most rows a hand can give in ting_batch (20 tiles x 2 sources)

# The scratch vector, after the ruleset.  A loaded hand keeps its exposed
# melds and 坎 in W_BASE and its other concealed tiles packed in W_F; an
# option changes one W_BASE entry (or adds the 偎) and restores it after
# its search.
MAX_MELDS = 6
W_CONC = R_SIZE  # [20] concealed counts of the hand
W_HELD = W_CONC + 20  # [20] copies in the hand (concealed and melds)
W_BASE = W_HELD + 20  # [16] codes of the exposed melds (first), then of the 坎
W_MHUXI = W_BASE + 16  # [6] per exposed meld: 胡息
W_WEI_OF = W_MHUXI + 6  # [20] per tile: its exposed 偎 (meld index) or -1
W_PENG_OF = W_WEI_OF + 20  # [20] per tile: its exposed 碰 (meld index) or -1
W_KAN_AT = W_PENG_OF + 20  # [20] per tile: where its 坎 is in W_BASE, or -1
W_F = W_KAN_AT + 20  # packed free counts
W_UB = W_F + 1  # their 胡息 bound, in sixths (sum of R_W6)
W_NB = W_F + 2  # groups in W_BASE
W_BASE_HUXI = W_F + 3  # their 胡息
W_BASE_DD = W_F + 4  # 1 when none is a 吃
W_FOUR = W_F + 5  # 1 when an exposed meld is a 跑/提
W_NFREE = W_F + 6  # free tiles
W_NM = W_F + 7  # exposed melds
W_SF = W_F + 8  # [8] stack: packed counts at each depth
W_SK = W_SF + 8  # [8] stack: next candidate index at each depth
W_SG = W_SK + 8  # [8] stack: group placed at each depth
W_KEY = W_SG + 8  # [8] sorted codes of the split at hand
W_BH = W_KEY + 8  # [2] best 胡息 per class (NO_HUXI: none)
W_BK = W_BH + 2  # [2 * 7] its sorted codes
W_BHOW = W_BK + 14  # [2] its how
W_BOPT = W_BHOW + 2  # [2] its option
W_USED = W_BOPT + 2  # [8] scratch of _answer_codes
W_ORD = W_USED + 8  # [8] scratch of _answer_codes
W_OUT = W_ORD + 8  # [2 * N_OUT] answers of the tile at hand, self then other
W_TOP = W_OUT + 2 * N_OUT  # [2 * N_TOP] highest-胡息 splits, self then other
W_SIZE = W_TOP + 2 * N_TOP

NO_HUXI = -1


@kernel
def _code(kind, a, b, c):
    return (kind << 15) | (a << 10) | (b << 5) | c


@kernel
def _scratch(rules):
    """A scratch vector headed by the ruleset."""
    ws = np.zeros(W_SIZE, np.int64)
    ws[:R_SIZE] = rules
    return ws


@kernel
def _load_hand(ws, conc, mkind, mt, nm):
    """Load one hand (concealed counts, melds) into ``ws``; return its red count.

    W_BASE gets the melds at 0..nm-1 (input order) and the 坎 after them.
    """
    reds = 0
    nb = nm
    base_huxi = 0
    nfree = 0
    packed = 0
    ub = 0
    for x in range(20):
        n = conc[x]
        ws[W_CONC + x] = n
        ws[W_HELD + x] = n
        ws[W_WEI_OF + x] = -1
        ws[W_PENG_OF + x] = -1
        ws[W_KAN_AT + x] = -1
        reds += n * ws[R_RED + x]
        if n == 3:
            # 坎 is locked (RULES.md 2): it stays whole unless t makes it 提/跑.
            ws[W_KAN_AT + x] = nb
            ws[W_BASE + nb] = _code(K_KAN, x, x, x)
            base_huxi += ws[R_HX + 2 * P_KAN + (1 if x >= 10 else 0)]
            nb += 1
        elif n > 0:
            packed += n << (FIELD * x)
            ub += n * ws[R_W6 + x]
            nfree += n
    base_dd = 1
    four = 0
    for j in range(nm):
        kind = mkind[j]
        a = mt[j, 0]
        b = mt[j, 1]
        c = mt[j, 2]
        case = 1 if a >= 10 else 0
        if kind == K_CHI:
            if a == b or b == c:
                pat = P_JIAO
            elif a % 10 == 0 and b % 10 == 1 and c % 10 == 2:
                pat = P_JU123
            elif a % 10 == 1 and b % 10 == 6 and c % 10 == 9:
                pat = P_JU2710
            else:
                pat = P_JU
            ws[W_BASE + j] = _code(kind, a, b, c)
            base_dd = 0
            reds += ws[R_RED + a] + ws[R_RED + b] + ws[R_RED + c]
            ws[W_HELD + a] += 1
            ws[W_HELD + b] += 1
            ws[W_HELD + c] += 1
        else:
            size = 3
            if kind == K_PENG:
                pat = P_PENG
                if ws[W_PENG_OF + a] < 0:
                    ws[W_PENG_OF + a] = j
            elif kind == K_WEI:
                pat = P_WEI
                if ws[W_WEI_OF + a] < 0:
                    ws[W_WEI_OF + a] = j
            elif kind == K_PAO:
                pat = P_PAO
                size = 4
                four = 1
            else:
                pat = P_TI
                size = 4
                four = 1
            ws[W_BASE + j] = _code(kind, a, a, a)
            reds += size * ws[R_RED + a]
            ws[W_HELD + a] += size
        ws[W_MHUXI + j] = ws[R_HX + 2 * pat + case]
        base_huxi += ws[W_MHUXI + j]
    ws[W_F] = packed
    ws[W_UB] = ub
    ws[W_NB] = nb
    ws[W_NM] = nm
    ws[W_BASE_HUXI] = base_huxi
    ws[W_BASE_DD] = base_dd
    ws[W_FOUR] = four
    ws[W_NFREE] = nfree
    return reds


@kernel
def _leaf(ws, nb, nfree, huxi, cls, how_fixed, t, opt):
    """Record one complete split if it beats the best of its class.

    (One exit and no early return: numba then drops the reference counting
    of ``ws``, which would cost more than the work here.)
    """
    cmp = 1
    if huxi >= ws[W_BH + cls]:
        # The sorted list of the 7 group codes (insertion sort).
        for i in range(nb + nfree):
            if i < nb:
                v = ws[W_BASE + i]
            else:
                v = ws[R_GT + ws[W_SG + i - nb] * G_COLS + G_CODE]
            j = i
            while j > 0 and ws[W_KEY + j - 1] > v:
                ws[W_KEY + j] = ws[W_KEY + j - 1]
                j -= 1
            ws[W_KEY + j] = v
        cmp = -1
        if huxi == ws[W_BH + cls]:
            cmp = 0
            i = 0
            while cmp == 0 and i < 7:
                a = ws[W_KEY + i]
                b = ws[W_BK + 7 * cls + i]
                if a < b:
                    cmp = -1
                elif a > b:
                    cmp = 1
                i += 1
    if cmp <= 0:
        how = how_fixed
        if how < 0:
            # reference._how: the free groups holding tile t decide.
            how = H_SHUN
            shift = FIELD * t
            for i in range(nfree):
                g = R_GT + ws[W_SG + i] * G_COLS
                if (ws[g + G_MASK] >> shift) & 3 != 0 and ws[g + G_HOW] < how:
                    how = ws[g + G_HOW]
        if cmp < 0:
            ws[W_BH + cls] = huxi
            for i in range(7):
                ws[W_BK + 7 * cls + i] = ws[W_KEY + i]
            ws[W_BHOW + cls] = how
            ws[W_BOPT + cls] = opt
        elif how < ws[W_BHOW + cls]:
            # The same groups reached through another option: keep the earlier `how`.
            ws[W_BHOW + cls] = how
            ws[W_BOPT + cls] = opt


@kernel
def _split(ws, packed, ub, nb, base_huxi, base_dd, need_pair, triple, t, opt, how_fixed, floor):
    """Every useful split of the packed free counts into groups; record the best per class.

    Depth-first over an explicit stack: at each depth the lowest remaining
    tile i is covered by a group whose lowest tile is i (a 句/绞 shape, the
    pair while one is needed, the 碰 triplet of ``triple``), trying only
    that group or later ones at the next depth while i remains, so each
    multiset of groups is reached once.  ``floor`` is the lowest 胡息 worth
    recording (the winning threshold when only wins matter); ``ub`` bounds
    the 胡息 of the free tiles, in sixths.
    """
    huxi = base_huxi
    non_dd = 0
    pair_left = need_pair
    d = 0
    ws[W_SF] = packed
    ws[W_SK] = 0
    while d >= 0:
        f = ws[W_SF + d]
        g = -1
        if f == 0:
            if not pair_left:
                cls = 1 if (base_dd and non_dd == 0) else 0
                _leaf(ws, nb, d, huxi, cls, how_fixed, t, opt)
            i = 0
            k = 0
        else:
            i = trailing_zeros(f) // FIELD
            lst = R_CAND + i * LIST_COLS
            n = ws[lst]
            k = ws[W_SK + d]
            # The least 胡息 a split must reach to be recorded: the floor,
            # and the best so far of every class this branch can still end in.
            need = ws[W_BH]
            if base_dd and non_dd == 0 and ws[W_BH + 1] < need:
                need = ws[W_BH + 1]
            if need < floor:
                need = floor
            lack = 6 * (need - huxi) - ub
            room = f | GUARD
            while k < n:
                gg = ws[lst + 1 + k]
                k += 1
                row = R_GT + gg * G_COLS
                sp = ws[row + G_SP]
                if sp == SP_PAIR:
                    if not pair_left:
                        continue
                elif sp == SP_TRIPLE:
                    if i != triple:
                        continue
                if (room - ws[row + G_MASK]) & GUARD != GUARD:
                    continue  # not all its tiles are there
                if 6 * ws[row + G_HUXI] - ws[row + G_W6] < lack:
                    continue  # with it, the tiles cannot make enough 胡息
                g = gg
                break
            ws[W_SK + d] = k
        if g >= 0:
            row = R_GT + g * G_COLS
            ws[W_SG + d] = g
            huxi += ws[row + G_HUXI]
            ub -= ws[row + G_W6]
            non_dd += 1 - ws[row + G_DD]
            if ws[row + G_SP] == SP_PAIR:
                pair_left = False
            f -= ws[row + G_MASK]
            d += 1
            ws[W_SF + d] = f
            # Same lowest tile: only this group or later ones.
            ws[W_SK + d] = k - 1 if (f >> (FIELD * i)) & 3 != 0 else 0
        else:
            d -= 1
            if d >= 0:
                # Undo the group placed at depth d before trying its next sibling.
                row = R_GT + ws[W_SG + d] * G_COLS
                huxi -= ws[row + G_HUXI]
                ub += ws[row + G_W6]
                non_dd -= 1 - ws[row + G_DD]
                if ws[row + G_SP] == SP_PAIR:
                    pair_left = True


@kernel
def _option(ws, t, opt, upg, floor):
    """Lay out option ``opt`` for winning tile t on the loaded hand, split, restore.

    ``upg`` is the exposed meld that t upgrades (OPT_UPG_* only).
    """
    case = 1 if t >= 10 else 0
    nb = ws[W_NB]
    base_huxi = ws[W_BASE_HUXI]
    nfree = ws[W_NFREE]
    packed = ws[W_F]
    ub = ws[W_UB]
    four = ws[W_FOUR] != 0
    triple = -1
    how_fixed = -1
    at = -1  # the W_BASE entry this option replaces
    saved = 0
    if opt == OPT_FREE or opt == OPT_FREE_TRIPLE or opt == OPT_POPAO:
        packed += 1 << (FIELD * t)
        ub += ws[R_W6 + t]
        nfree += 1
        if opt == OPT_FREE_TRIPLE:
            triple = t
        elif opt == OPT_POPAO:
            how_fixed = H_POPAO
    elif opt == OPT_WEI:
        packed -= 2 << (FIELD * t)
        ub -= 2 * ws[R_W6 + t]
        nfree -= 2
        ws[W_BASE + nb] = _code(K_WEI, t, t, t)
        base_huxi += ws[R_HX + 2 * P_WEI + case]
        nb += 1
        how_fixed = H_WEI
    else:
        if opt == OPT_UPG_TI or opt == OPT_UPG_PAO:
            at = upg
            base_huxi -= ws[W_MHUXI + upg]
        else:
            at = ws[W_KAN_AT + t]
            base_huxi -= ws[R_HX + 2 * P_KAN + case]
        saved = ws[W_BASE + at]
        four = True
        if opt == OPT_UPG_TI or opt == OPT_KAN_TI:
            ws[W_BASE + at] = _code(K_TI, t, t, t)
            base_huxi += ws[R_HX + 2 * P_TI + case]
            how_fixed = H_TI
        else:
            ws[W_BASE + at] = _code(K_PAO, t, t, t)
            base_huxi += ws[R_HX + 2 * P_PAO + case]
            how_fixed = H_PAO
    need_pair = four and ws[R_PAO_JIANG] != 0
    # 7 门子 exactly: the free tiles must make 7 - nb groups, one of them the pair if needed.
    groups = 7 - nb
    if need_pair:
        fits = groups >= 1 and nfree == 3 * groups - 1
    else:
        fits = groups >= 0 and nfree == 3 * groups
    # The 胡息 bound of the whole hand must reach the floor.
    if fits and 6 * (base_huxi - floor) + ub >= 0:
        _split(ws, packed, ub, nb, base_huxi, ws[W_BASE_DD] != 0, need_pair, triple, t, opt, how_fixed,
               floor)
    if at >= 0:
        ws[W_BASE + at] = saved


@kernel
def _concealed_order(code):
    """Sort key of a concealed group in an answer: (is the pair, tiles, kind) as
    reference._splits sorts them, as one integer (a 4-tile group sorts after the
    3-tile group of its first three tiles, as a longer tuple does)."""
    kind = code >> 15
    a = (code >> 10) & 31
    b = (code >> 5) & 31
    c = code & 31
    if kind == K_JIANG:
        return (1 << 40) | (a << 20) | (a << 15)
    d = a + 1 if kind == K_PAO or kind == K_TI else 0
    return (a << 20) | (b << 15) | (c << 10) | (d << 5) | kind


@kernel
def _answer_codes(ws, at, opt, t):
    """Reorder the sorted group codes at ws[at:at + 7] of a split of option
    ``opt`` into answer order: exposed melds in input order (the one t
    upgrades made 提/跑), then the concealed groups by (is the pair, tiles, kind)."""
    upg = -1
    if opt == OPT_UPG_TI or opt == OPT_UPG_PAO:
        upg = ws[W_WEI_OF + t]
        if upg < 0:
            upg = ws[W_PENG_OF + t]
    for i in range(7):
        ws[W_KEY + i] = ws[at + i]
        ws[W_USED + i] = 0
    nm = ws[W_NM]
    for j in range(nm):
        code = ws[W_BASE + j]
        if j == upg:
            code = _code(K_TI if opt == OPT_UPG_TI else K_PAO, t, t, t)
        ws[at + j] = code
        found = False
        for i in range(7):
            if not found and ws[W_USED + i] == 0 and ws[W_KEY + i] == code:
                ws[W_USED + i] = 1
                found = True
    n = nm
    for i in range(7):
        if ws[W_USED + i] == 0:
            v = ws[W_KEY + i]
            key = _concealed_order(v)
            j = n
            while j > nm and ws[W_ORD + j - 1] > key:
                ws[at + j] = ws[at + j - 1]
                ws[W_ORD + j] = ws[W_ORD + j - 1]
                j -= 1
            ws[at + j] = v
            ws[W_ORD + j] = key
            n += 1


@kernel
def _cmp_bests(ws, c1, c2):
    """-1, 0 or 1 as the group list of class best c1 is below, equal to, above c2's."""
    cmp = 0
    for i in range(7):
        a = ws[W_BK + 7 * c1 + i]
        b = ws[W_BK + 7 * c2 + i]
        if cmp == 0 and a != b:
            cmp = -1 if a < b else 1
    return cmp


@kernel
def _finish(ws, red_count, s, with_top, forced):
    """Answer of source s (0 self, 1 other) from the two class bests, in W_OUT + s * N_OUT
    (O_WIN = 0 if it does not win); with ``with_top`` also the highest-胡息 split."""
    out = W_OUT + s * N_OUT
    best = -1
    best_score = -1
    best_deng = 0
    for cls in range(2):
        h = ws[W_BH + cls]
        if h >= ws[R_MIN_HUXI]:
            deng = (h - ws[R_DENG_BASE]) // ws[R_DENG_STEP] + 1
            if s == 0:
                deng += ws[R_SELF_DENG]  # 自摸
            score = deng * ws[R_FAN + 2 * red_count + cls]
            # Highest score, then highest 胡息, then the smallest group list.
            better = best < 0 or score > best_score
            if best >= 0 and score == best_score:
                bh = ws[W_BH + best]
                better = h > bh or (h == bh and _cmp_bests(ws, cls, best) < 0)
            if better:
                best = cls
                best_score = score
                best_deng = deng
    ws[out + O_WIN] = 0
    if best >= 0:
        ws[out + O_WIN] = 1
        ws[out + O_HUXI] = ws[W_BH + best]
        ws[out + O_DENG] = best_deng
        ws[out + O_FAN] = ws[R_FAN + 2 * red_count + best]
        ws[out + O_SCORE] = best_score
        ws[out + O_HOW] = ws[W_BHOW + best]
        ws[out + O_OPT] = ws[W_BOPT + best]
        ws[out + O_DD] = best
        ws[out + O_RED] = red_count
        for i in range(7):
            ws[out + O_KEY + i] = ws[W_BK + 7 * best + i]
    if with_top:
        # The highest 胡息, then the smallest group list, won or not (reference.hu).
        top = W_TOP + s * N_TOP
        best = -1
        for cls in range(2):
            h = ws[W_BH + cls]
            if h >= 0:
                if best < 0 or h > ws[W_BH + best]:
                    best = cls
                elif h == ws[W_BH + best] and _cmp_bests(ws, cls, best) < 0:
                    best = cls
        ws[top + T_FORCED] = forced
        ws[top + T_HAS] = 0
        if best >= 0:
            ws[top + T_HAS] = 1
            ws[top + T_HUXI] = ws[W_BH + best]
            ws[top + T_OPT] = ws[W_BOPT + best]
            for i in range(7):
                ws[top + T_KEY + i] = ws[W_BK + 7 * best + i]


@kernel
def _solve_tile(ws, red_count, t, want_self, want_other, with_top):
    """Best win of tile t on the loaded hand for each wanted source, in W_OUT
    (and the highest-胡息 split in W_TOP with ``with_top``)."""
    floor = 0 if with_top else ws[R_MIN_HUXI]
    wei = ws[W_WEI_OF + t]
    peng = ws[W_PENG_OF + t]
    n = ws[W_CONC + t]
    # Options for self (s1, s2) and other (o1, o2), -1 for none; the sources
    # share one search when their options are the same.
    s2 = -1
    o2 = -1
    upg = -1
    forced = 0  # self-drawn: 1 the compulsory move is 提, 2 it is 偎
    if wei >= 0:
        s1 = OPT_UPG_TI
        forced = 1
        o1 = OPT_UPG_PAO
        o2 = OPT_POPAO
        upg = wei
    elif peng >= 0:
        s1 = OPT_UPG_PAO
        s2 = OPT_POPAO
        o1 = OPT_UPG_PAO
        o2 = OPT_POPAO
        upg = peng
    elif n == 3:
        s1 = OPT_KAN_TI  # 破跑不破提
        forced = 1
        o1 = OPT_KAN_PAO
        o2 = OPT_POPAO
    elif n == 2:
        if ws[R_PAIR_WEI] != 0:
            s1 = OPT_WEI
            forced = 2
        else:
            s1 = OPT_FREE_TRIPLE
        o1 = OPT_FREE_TRIPLE
    else:
        s1 = OPT_FREE
        o1 = OPT_FREE
    shared = s1 == o1 and s2 == o2
    ws[W_OUT + O_WIN] = 0
    ws[W_OUT + N_OUT + O_WIN] = 0
    if want_self or (shared and want_other):
        ws[W_BH] = NO_HUXI
        ws[W_BH + 1] = NO_HUXI
        _option(ws, t, s1, upg, floor)
        if s2 >= 0:
            _option(ws, t, s2, upg, floor)
        if want_self:
            _finish(ws, red_count, 0, with_top, forced)
        if shared and want_other:
            _finish(ws, red_count, 1, with_top, 0)
    if want_other and not shared:
        ws[W_BH] = NO_HUXI
        ws[W_BH + 1] = NO_HUXI
        _option(ws, t, o1, upg, floor)
        if o2 >= 0:
            _option(ws, t, o2, upg, floor)
        _finish(ws, red_count, 1, with_top, 0)


@kernel
def hu_batch(conc, mkind, mt, nmeld, qhand, qtile, qsources, with_top, rules, out, top):
    """Queries q = (hand qhand[q], tile qtile[q]); qsources[q]: bit 0 self, bit 1 other.

    Answers in out[2q + s] and, with ``with_top``, top[2q + s] (s = 0 self, 1 other).
    Only the fields of a win are written: out must be zeroed.
    """
    ws = _scratch(rules)
    last = -1
    reds = 0
    for q in range(qhand.shape[0]):
        h = qhand[q]
        if h != last:
            reds = _load_hand(ws, conc[h], mkind[h], mt[h], nmeld[h])
            last = h
        t = qtile[q]
        _solve_tile(ws, reds + ws[R_RED + t], t, (qsources[q] & 1) != 0, (qsources[q] & 2) != 0,
                    with_top)
        for s in range(2):
            at = W_OUT + s * N_OUT
            if ws[at + O_WIN]:
                _answer_codes(ws, at + O_KEY, ws[at + O_OPT], t)
                for f in range(N_OUT):
                    out[2 * q + s, f] = ws[at + f]
            if with_top:
                at = W_TOP + s * N_TOP
                if ws[at + T_HAS]:
                    _answer_codes(ws, at + T_KEY, ws[at + T_OPT], t)
                for f in range(N_TOP):
                    top[2 * q + s, f] = ws[at + f]


@kernel
def ting_batch(conc, mkind, mt, nmeld, rules, out):
    """Every tile t of every hand at rest, both sources: one row of ``out`` per win
    (C_HAND h, C_DROP -1, C_TILE t, C_SRC s, then the answer), in (h, t, s)
    order; returns the number of rows.  ``out`` needs TING_ROWS rows per hand.
    A tile held four times (concealed and melds) is never a wait.
    """
    ws = _scratch(rules)
    row = 0
    for h in range(conc.shape[0]):
        reds = _load_hand(ws, conc[h], mkind[h], mt[h], nmeld[h])
        for t in range(20):
            if ws[W_HELD + t] < 4:
                _solve_tile(ws, reds + ws[R_RED + t], t, True, True, False)
                for s in range(2):
                    at = W_OUT + s * N_OUT
                    if ws[at + O_WIN]:
                        _answer_codes(ws, at + O_KEY, ws[at + O_OPT], t)
                        out[row, C_HAND] = h
                        out[row, C_DROP] = -1
                        out[row, C_TILE] = t
                        out[row, C_SRC] = s
                        for f in range(N_OUT):
                            out[row, C_ANS + f] = ws[at + f]
                        row += 1
    return row


@kernel
def discard_batch(conc, mkind, mt, nmeld, rules, out):
    """For each hand of c + 1 tiles and each discardable tile x (1 or 2 concealed,
    never a 坎 tile): the ting of the hand without x, one row of ``out`` per win
    (C_HAND h, C_DROP x, C_TILE t, C_SRC s, then the answer), in (h, x, t, s)
    order; returns the number of rows.  ``out`` needs TING_ROWS rows per
    discardable tile.
    """
    ws = _scratch(rules)
    row = 0
    for h in range(conc.shape[0]):
        reds = _load_hand(ws, conc[h], mkind[h], mt[h], nmeld[h])
        for x in range(20):
            n = ws[W_CONC + x]
            if n != 1 and n != 2:
                continue
            # Without x: all its copies are free (x is no 坎 tile).
            ws[W_CONC + x] -= 1
            ws[W_HELD + x] -= 1
            ws[W_F] -= 1 << (FIELD * x)
            ws[W_UB] -= ws[R_W6 + x]
            ws[W_NFREE] -= 1
            rx = reds - ws[R_RED + x]
            for t in range(20):
                if ws[W_HELD + t] < 4:
                    _solve_tile(ws, rx + ws[R_RED + t], t, True, True, False)
                    for s in range(2):
                        at = W_OUT + s * N_OUT
                        if ws[at + O_WIN]:
                            _answer_codes(ws, at + O_KEY, ws[at + O_OPT], t)
                            out[row, C_HAND] = h
                            out[row, C_DROP] = x
                            out[row, C_TILE] = t
                            out[row, C_SRC] = s
                            for f in range(N_OUT):
                                out[row, C_ANS + f] = ws[at + f]
                            row += 1
            ws[W_CONC + x] += 1
            ws[W_HELD + x] += 1
            ws[W_F] += 1 << (FIELD * x)
            ws[W_UB] += ws[R_W6 + x]
            ws[W_NFREE] += 1
    return row
