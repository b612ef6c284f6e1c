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
* ``OPT_*`` codes name the choices of the winning-tile table (RULES.md 4);
  ``H_*`` codes are indices into ``results.HOWS``.
* The ruleset is one int64 vector ``rules`` (offsets ``R_*``), built by
  ``fast.rule_arrays``; the scratch state of a search is one int64 vector
  ``ws`` (offsets ``W_*``).  Few array arguments keep kernel-to-kernel calls
  cheap: each array argument costs a struct copy and reference counting.

The search never recurses (a recursive cached kernel crashes numba 0.68 when
loaded from the cache): it walks an explicit stack over a count vector,
always covering the lowest remaining tile with a group whose lowest tile it
is, and undoes each group on the way back.

Every tile of the hand plus the winning tile ends in some group, so the red
count (and so the fan) of a (hand, tile) is fixed except for 对对胡, and 等
never drops as 胡息 grows.  The best decomposition is therefore, in one of two
classes (对对 or not), the one with the highest 胡息 and then the smallest
sorted group list; the search keeps the best of each class and the score
decides between the two at the end, separately for each source.
"""
from __future__ import annotations

import numpy as np

from ._jit import kernel

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

# Free groups (rows of the group table): the 句/绞 shapes of groups.SHAPES,
# then the pair of each tile, then the 碰 triplet of each tile.
N_SHAPES = 38  # len(groups.SHAPES), checked by solver.fast
G_PAIR = N_SHAPES  # + tile
G_TRIPLE = N_SHAPES + 20  # + tile
N_GROUPS = N_SHAPES + 40
# Columns of a group row.
G_A, G_B, G_C, G_CODE, G_HUXI, G_DD, G_KIND, G_PAT = range(8)
G_COLS = 8
LIST_COLS = 8  # cand / cont rows: a count, then group ids

# The ruleset vector.
R_MIN_HUXI = 0
R_DENG_BASE = 1
R_DENG_STEP = 2
R_SELF_DENG = 3
R_PAO_JIANG = 4  # a hand with a 跑/提 needs exactly one pair
R_PAIR_WEI = 5  # a self-drawn tile onto a concealed pair must be 偎'd
R_HX = 8  # [pattern * 2 + case] 胡息
R_RED = R_HX + 20  # [tile] 1 if red
R_FAN = R_RED + 20  # [red count * 2 + 对对胡] fan
MAX_RED = 80
R_GT = R_FAN + 2 * (MAX_RED + 1)  # [group * G_COLS + column]
R_CAND = R_GT + N_GROUPS * G_COLS  # [tile * LIST_COLS]: free groups whose lowest tile it is
R_CONT = R_CAND + 20 * LIST_COLS  # [tile * LIST_COLS]: 句/绞 shapes that hold the tile
R_SIZE = R_CONT + 20 * LIST_COLS

# The scratch vector.
MAX_MELDS = 6
W_CNT = 0  # [20] free counts being split
W_CONC = 20  # [20] concealed counts of the hand
W_HELD = 40  # [20] copies in the hand (concealed and melds)
W_BASE = 60  # [16] codes of the exposed and fixed groups of an option
W_STL = 76  # [24] stack: lowest tile at each depth
W_SCI = 100  # [24] stack: next candidate index at each depth
W_STG = 124  # [24] stack: group placed at each depth
W_KEY = 148  # [8] sorted codes of the split at hand
W_BH = 156  # [2] best 胡息 per class (NO_HUXI: none)
W_BK = 158  # [2 * 7] its sorted codes
W_BHOW = 172  # [2] its how
W_BOPT = 174  # [2] its option
W_MCODE = 176  # [6] per exposed meld: code
W_MHUXI = 182  # [6] 胡息
W_MDD = 188  # [6] 1 unless 吃
W_MSIZE = 194  # [6] 3 or 4
W_MKIND = 200  # [6] kind
W_MTILE = 206  # [6] first tile
W_SIZE = 212

# Fields of one answer row (per query, tile and source).
O_WIN, O_HUXI, O_DENG, O_FAN, O_SCORE, O_HOW, O_OPT, O_DD, O_RED, O_KEY = range(10)
N_OUT = O_KEY + 7
# Fields of the highest-胡息 split of a (hand, tile, source), won or not (``hu``).
T_HAS, T_HUXI, T_OPT, T_FORCED, T_KEY = range(5)
N_TOP = T_KEY + 7

NO_HUXI = -1


@kernel
def _code(kind, a, b, c):
    return (kind << 15) | (a << 10) | (b << 5) | c


@kernel
def _load_hand(conc, mkind, mt, nm, ws, rules):
    """Copy one hand into the scratch vector; return its red count."""
    reds = 0
    for x in range(20):
        n = conc[x]
        ws[W_CONC + x] = n
        ws[W_HELD + x] = n
        reds += n * rules[R_RED + x]
    for j in range(nm):
        kind = mkind[j]
        a = mt[j, 0]
        b = mt[j, 1]
        c = mt[j, 2]
        case = 1 if a >= 10 else 0
        size = 3
        if kind == K_CHI:
            if a == b or b == c:
                pat = P_JIAO
            elif a % 10 == 0 and b % 10 == 1 and c % 10 == 2:
                pat = P_JU123
            elif a % 10 == 1 and b % 10 == 6 and c % 10 == 9:
                pat = P_JU2710
            else:
                pat = P_JU
            ws[W_MCODE + j] = _code(kind, a, b, c)
            ws[W_MDD + j] = 0
            reds += rules[R_RED + a] + rules[R_RED + b] + rules[R_RED + c]
            ws[W_HELD + a] += 1
            ws[W_HELD + b] += 1
            ws[W_HELD + c] += 1
        else:
            if kind == K_PENG:
                pat = P_PENG
            elif kind == K_WEI:
                pat = P_WEI
            elif kind == K_PAO:
                pat = P_PAO
                size = 4
            else:
                pat = P_TI
                size = 4
            ws[W_MCODE + j] = _code(kind, a, a, a)
            ws[W_MDD + j] = 1
            reds += size * rules[R_RED + a]
            ws[W_HELD + a] += size
        ws[W_MHUXI + j] = rules[R_HX + 2 * pat + case]
        ws[W_MSIZE + j] = size
        ws[W_MKIND + j] = kind
        ws[W_MTILE + j] = a
    return reds


@kernel
def _leaf(ws, rules, nb, nfree, huxi, cls, how_fixed, t, opt):
    """Record one complete split if it beats the best of its class."""
    if huxi < ws[W_BH + cls]:
        return
    # The sorted list of the 7 group codes (insertion sort).
    for i in range(nb + nfree):
        if i < nb:
            v = ws[W_BASE + i]
        else:
            v = rules[R_GT + ws[W_STG + i - nb] * G_COLS + G_CODE]
        j = i
        while j > 0 and ws[W_KEY + j - 1] > v:
            ws[W_KEY + j] = ws[W_KEY + j - 1]
            j -= 1
        ws[W_KEY + j] = v
    cmp = -1
    if huxi == ws[W_BH + cls]:
        cmp = 0
        for i in range(7):
            a = ws[W_KEY + i]
            b = ws[W_BK + 7 * cls + i]
            if a != b:
                cmp = -1 if a < b else 1
                break
        if cmp > 0:
            return
    how = how_fixed
    if how < 0:
        # reference._how: the free groups holding tile t decide.
        how = H_SHUN
        for i in range(nfree):
            g = R_GT + ws[W_STG + i] * G_COLS
            if rules[g + G_A] == t or rules[g + G_B] == t or rules[g + G_C] == t:
                kind = rules[g + G_KIND]
                if kind == K_PENG:
                    h = H_PENG
                elif kind == K_JIANG:
                    h = H_DANDIAO
                elif kind == K_JIAO or rules[g + G_PAT] == P_JU2710:
                    h = H_BIAN
                else:
                    h = H_SHUN
                if h < how:
                    how = h
    if cmp == 0:
        # The same groups reached through another option: keep the earlier `how`.
        if how < ws[W_BHOW + cls]:
            ws[W_BHOW + cls] = how
            ws[W_BOPT + cls] = opt
        return
    ws[W_BH + cls] = huxi
    for i in range(7):
        ws[W_BK + 7 * cls + i] = ws[W_KEY + i]
    ws[W_BHOW + cls] = how
    ws[W_BOPT + cls] = opt


@kernel
def _coverable(ws, rules, need_pair, triple):
    """False when some free tile can join no group at all (the option cannot win)."""
    for x in range(20):
        n = ws[W_CNT + x]
        if n == 0 or (need_pair and n >= 2) or (x == triple and n >= 3):
            continue
        ok = False
        lst = R_CONT + x * LIST_COLS
        for k in range(rules[lst]):
            g = R_GT + rules[lst + 1 + k] * G_COLS
            a = W_CNT + rules[g + G_A]
            b = W_CNT + rules[g + G_B]
            c = W_CNT + rules[g + G_C]
            ws[a] -= 1
            ws[b] -= 1
            ws[c] -= 1
            ok = ws[a] >= 0 and ws[b] >= 0 and ws[c] >= 0
            ws[a] += 1
            ws[b] += 1
            ws[c] += 1
            if ok:
                break
        if not ok:
            return False
    return True


@kernel
def _search(ws, rules, nb, base_huxi, base_dd, need_pair, triple, t, opt, how_fixed, floor):
    """Every split of the free counts into groups; keep the best per class.

    ``floor`` is the lowest 胡息 worth recording (the winning threshold when
    only wins matter, else 0).
    """
    if not _coverable(ws, rules, need_pair, triple):
        return
    pair_left = need_pair
    free_huxi = 0
    non_dd = 0
    lo = 0
    while lo < 20 and ws[W_CNT + lo] == 0:
        lo += 1
    d = 0
    ws[W_STL] = lo
    ws[W_SCI] = 0
    while d >= 0:
        i = ws[W_STL + d]
        if i == 20:
            if not pair_left:
                huxi = base_huxi + free_huxi
                if huxi >= floor:
                    cls = 1 if (base_dd and non_dd == 0) else 0
                    _leaf(ws, rules, nb, d, huxi, cls, how_fixed, t, opt)
            d -= 1
        else:
            k = ws[W_SCI + d]
            lst = R_CAND + i * LIST_COLS
            n = rules[lst]
            g = -1
            while k < n:
                gg = rules[lst + 1 + k]
                k += 1
                row = R_GT + gg * G_COLS
                kind = rules[row + G_KIND]
                if kind == K_JIANG:
                    if pair_left and ws[W_CNT + i] >= 2:
                        ws[W_CNT + i] -= 2
                        pair_left = False
                        g = gg
                        break
                elif kind == K_PENG:
                    if i == triple and ws[W_CNT + i] >= 3:
                        ws[W_CNT + i] -= 3
                        g = gg
                        break
                else:
                    a = W_CNT + rules[row + G_A]
                    b = W_CNT + rules[row + G_B]
                    c = W_CNT + rules[row + G_C]
                    ws[a] -= 1
                    ws[b] -= 1
                    ws[c] -= 1
                    if ws[b] >= 0 and ws[c] >= 0:  # a is the lowest tile: held
                        g = gg
                        break
                    ws[a] += 1
                    ws[b] += 1
                    ws[c] += 1
            ws[W_SCI + d] = k
            if g >= 0:
                row = R_GT + g * G_COLS
                ws[W_STG + d] = g
                free_huxi += rules[row + G_HUXI]
                non_dd += 1 - rules[row + G_DD]
                j = i
                while j < 20 and ws[W_CNT + j] == 0:
                    j += 1
                d += 1
                ws[W_STL + d] = j
                # Same lowest tile: only this group or later ones, so each
                # multiset of groups is reached once.
                ws[W_SCI + d] = k - 1 if j == i else 0
                continue
            d -= 1
        if d >= 0:
            # Undo the group placed at depth d before trying its next sibling.
            g = ws[W_STG + d]
            row = R_GT + g * G_COLS
            kind = rules[row + G_KIND]
            i = ws[W_STL + d]
            if kind == K_JIANG:
                ws[W_CNT + i] += 2
                pair_left = True
            elif kind == K_PENG:
                ws[W_CNT + i] += 3
            else:
                ws[W_CNT + rules[row + G_A]] += 1
                ws[W_CNT + rules[row + G_B]] += 1
                ws[W_CNT + rules[row + G_C]] += 1
            free_huxi -= rules[row + G_HUXI]
            non_dd -= 1 - rules[row + G_DD]


@kernel
def _run_option(ws, rules, nm, t, opt, upg, floor):
    """Lay out option ``opt`` for winning tile t, then search its free tiles.

    ``upg`` is the exposed meld that t upgrades (only for OPT_UPG_*).
    """
    case = 1 if t >= 10 else 0
    if opt != OPT_UPG_TI and opt != OPT_UPG_PAO:
        upg = -1
    nb = 0
    base_huxi = 0
    base_dd = True
    four = False
    for j in range(nm):
        if j == upg:
            if opt == OPT_UPG_TI:
                ws[W_BASE + nb] = _code(K_TI, t, t, t)
                base_huxi += rules[R_HX + 2 * P_TI + case]
            else:
                ws[W_BASE + nb] = _code(K_PAO, t, t, t)
                base_huxi += rules[R_HX + 2 * P_PAO + case]
            four = True
        else:
            ws[W_BASE + nb] = ws[W_MCODE + j]
            base_huxi += ws[W_MHUXI + j]
            if ws[W_MDD + j] == 0:
                base_dd = False
            if ws[W_MSIZE + j] == 4:
                four = True
        nb += 1
    nfree = 0
    for x in range(20):
        n = ws[W_CONC + x]
        if n == 3:
            # 坎 is locked (RULES.md 2): it stays whole unless t makes it 提/跑.
            cx = 1 if x >= 10 else 0
            if x == t and opt == OPT_KAN_TI:
                ws[W_BASE + nb] = _code(K_TI, x, x, x)
                base_huxi += rules[R_HX + 2 * P_TI + cx]
                four = True
            elif x == t and opt == OPT_KAN_PAO:
                ws[W_BASE + nb] = _code(K_PAO, x, x, x)
                base_huxi += rules[R_HX + 2 * P_PAO + cx]
                four = True
            else:
                ws[W_BASE + nb] = _code(K_KAN, x, x, x)
                base_huxi += rules[R_HX + 2 * P_KAN + cx]
            nb += 1
            n = 0
        ws[W_CNT + x] = n
        nfree += n
    triple = -1
    how_fixed = -1
    if opt == OPT_FREE:
        ws[W_CNT + t] += 1
        nfree += 1
    elif opt == OPT_FREE_TRIPLE:
        ws[W_CNT + t] += 1
        nfree += 1
        triple = t
    elif opt == OPT_POPAO:
        ws[W_CNT + t] += 1
        nfree += 1
        how_fixed = H_POPAO
    elif opt == OPT_WEI:
        ws[W_CNT + t] -= 2
        nfree -= 2
        ws[W_BASE + nb] = _code(K_WEI, t, t, t)
        base_huxi += rules[R_HX + 2 * P_WEI + case]
        nb += 1
        how_fixed = H_WEI
    elif opt == OPT_UPG_TI or opt == OPT_KAN_TI:
        how_fixed = H_TI
    else:
        how_fixed = H_PAO
    if nb > 7:
        return
    need_pair = four and rules[R_PAO_JIANG] != 0
    # 7 门子 exactly: the free tiles must make 7 - nb groups, one of them the pair if needed.
    groups = 7 - nb
    if need_pair:
        if groups < 1 or nfree != 3 * groups - 1:
            return
    elif nfree != 3 * groups:
        return
    _search(ws, rules, nb, base_huxi, base_dd, need_pair, triple, t, opt, how_fixed, floor)


@kernel
def _finish(ws, rules, red_count, self_drawn, out, row):
    """Write the best win of one source from the two class bests (O_WIN = 0 if none)."""
    best = -1
    best_score = -1
    best_deng = 0
    for cls in range(2):
        h = ws[W_BH + cls]
        if h < rules[R_MIN_HUXI]:
            continue
        deng = (h - rules[R_DENG_BASE]) // rules[R_DENG_STEP] + 1
        if self_drawn:
            deng += rules[R_SELF_DENG]
        score = deng * rules[R_FAN + 2 * red_count + cls]
        better = best < 0 or score > best_score
        if best >= 0 and score == best_score:
            if h > ws[W_BH + best]:
                better = True
            elif h == ws[W_BH + best]:
                for i in range(7):
                    a = ws[W_BK + 7 * cls + i]
                    b = ws[W_BK + 7 * best + i]
                    if a != b:
                        better = a < b
                        break
        if better:
            best = cls
            best_score = score
            best_deng = deng
    if best < 0:
        out[row, O_WIN] = 0
        return
    out[row, O_WIN] = 1
    out[row, O_HUXI] = ws[W_BH + best]
    out[row, O_DENG] = best_deng
    out[row, O_FAN] = rules[R_FAN + 2 * red_count + best]
    out[row, O_SCORE] = best_score
    out[row, O_HOW] = ws[W_BHOW + best]
    out[row, O_OPT] = ws[W_BOPT + best]
    out[row, O_DD] = best
    out[row, O_RED] = red_count
    for i in range(7):
        out[row, O_KEY + i] = ws[W_BK + 7 * best + i]


@kernel
def _finish_top(ws, forced, top, row):
    """The highest-胡息 split, then the smallest group list, whether it wins or not."""
    best = -1
    for cls in range(2):
        h = ws[W_BH + cls]
        if h < 0:
            continue
        if best < 0 or h > ws[W_BH + best]:
            best = cls
        elif h == ws[W_BH + best]:
            for i in range(7):
                a = ws[W_BK + 7 * cls + i]
                b = ws[W_BK + 7 * best + i]
                if a != b:
                    if a < b:
                        best = cls
                    break
    top[row, T_FORCED] = forced
    if best < 0:
        top[row, T_HAS] = 0
        return
    top[row, T_HAS] = 1
    top[row, T_HUXI] = ws[W_BH + best]
    top[row, T_OPT] = ws[W_BOPT + best]
    for i in range(7):
        top[row, T_KEY + i] = ws[W_BK + 7 * best + i]


@kernel
def _solve_tile(ws, rules, nm, red_count, t, want_self, want_other, with_top, out, row_self,
                row_other, top, trow_self, trow_other):
    """Best win of tile t for each wanted source (and the highest-胡息 split if ``with_top``).

    The hand is the one loaded in ``ws``; answers go to out[row_self] and
    out[row_other] (top[trow_*] with ``with_top``).
    """
    floor = 0 if with_top else rules[R_MIN_HUXI]
    wei = -1
    peng = -1
    for j in range(nm):
        if ws[W_MTILE + j] == t:
            if ws[W_MKIND + j] == K_WEI and wei < 0:
                wei = j
            elif ws[W_MKIND + j] == K_PENG and peng < 0:
                peng = j
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
        if rules[R_PAIR_WEI] != 0:
            s1 = OPT_WEI
            forced = 2
        else:
            s1 = OPT_FREE_TRIPLE
        o1 = OPT_FREE_TRIPLE
    else:
        s1 = OPT_FREE
        o1 = OPT_FREE
    shared = s1 == o1 and s2 == o2
    if want_self or (shared and want_other):
        ws[W_BH] = NO_HUXI
        ws[W_BH + 1] = NO_HUXI
        _run_option(ws, rules, nm, t, s1, upg, floor)
        if s2 >= 0:
            _run_option(ws, rules, nm, t, s2, upg, floor)
        if want_self:
            _finish(ws, rules, red_count, True, out, row_self)
            if with_top:
                _finish_top(ws, forced, top, trow_self)
        if shared and want_other:
            _finish(ws, rules, red_count, False, out, row_other)
            if with_top:
                _finish_top(ws, 0, top, trow_other)
    if want_other and not shared:
        ws[W_BH] = NO_HUXI
        ws[W_BH + 1] = NO_HUXI
        _run_option(ws, rules, nm, t, o1, upg, floor)
        if o2 >= 0:
            _run_option(ws, rules, nm, t, o2, upg, floor)
        _finish(ws, rules, red_count, False, out, row_other)
        if with_top:
            _finish_top(ws, 0, top, trow_other)


@kernel
def hu_batch(conc, mkind, mt, nmeld, qhand, qtile, qsources, with_top, rules, out, top):
    """Queries q = (hand qhand[q], tile qtile[q]); qsources[q]: bit 0 self, bit 1 other.

    Answers in out[2q + s] and, with ``with_top``, top[2q + s] (s = 0 self, 1 other).
    """
    ws = np.zeros(W_SIZE, np.int64)
    last = -1
    reds = 0
    for q in range(qhand.shape[0]):
        h = qhand[q]
        if h != last:
            reds = _load_hand(conc[h], mkind[h], mt[h], nmeld[h], ws, rules)
            last = h
        t = qtile[q]
        _solve_tile(ws, rules, nmeld[h], reds + rules[R_RED + t], t, (qsources[q] & 1) != 0,
                    (qsources[q] & 2) != 0, with_top, out, 2 * q, 2 * q + 1, top,
                    2 * q if with_top else 0, 2 * q + 1 if with_top else 0)


@kernel
def ting_batch(conc, mkind, mt, nmeld, rules, out):
    """Every tile t of every hand at rest, both sources: out[(20h + t) * 2 + s].

    A tile held four times (concealed and melds) is skipped (its O_WIN stays 0).
    """
    ws = np.zeros(W_SIZE, np.int64)
    dummy = np.zeros((1, N_TOP), out.dtype)
    for h in range(conc.shape[0]):
        nm = nmeld[h]
        reds = _load_hand(conc[h], mkind[h], mt[h], nm, ws, rules)
        for t in range(20):
            if ws[W_HELD + t] >= 4:
                continue
            row = (20 * h + t) * 2
            _solve_tile(ws, rules, nm, reds + rules[R_RED + t], t, True, True, False, out, row,
                        row + 1, dummy, 0, 0)


@kernel
def discard_batch(conc, mkind, mt, nmeld, rules, out):
    """For each hand of c + 1 tiles and each discardable tile x (1 or 2 concealed,
    never a 坎 tile): the ting of the hand without x, in out[((20h + x) * 20 + t) * 2 + s]."""
    ws = np.zeros(W_SIZE, np.int64)
    dummy = np.zeros((1, N_TOP), out.dtype)
    for h in range(conc.shape[0]):
        nm = nmeld[h]
        reds = _load_hand(conc[h], mkind[h], mt[h], nm, ws, rules)
        for x in range(20):
            n = ws[W_CONC + x]
            if n != 1 and n != 2:
                continue
            ws[W_CONC + x] -= 1
            ws[W_HELD + x] -= 1
            rx = reds - rules[R_RED + x]
            for t in range(20):
                if ws[W_HELD + t] >= 4:
                    continue
                row = ((20 * h + x) * 20 + t) * 2
                _solve_tile(ws, rules, nm, rx + rules[R_RED + t], t, True, True, False, out, row,
                            row + 1, dummy, 0, 0)
            ws[W_CONC + x] += 1
            ws[W_HELD + x] += 1
