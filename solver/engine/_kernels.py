"""Private numba kernels of the win check: the best 7-门子 decomposition of hands, in batches.

They see only integer arrays and ints: ``solver.engine.arrays`` builds the
ruleset's vector (rule values are never read from globals here, because
numba freezes globals into its cache), ``solver.engine.wins`` the hands' and
answers' arrays.  They reproduce ``solver.engine.reference`` exactly
(RULES.md sections 4-6 and 8) under any ruleset: every rule is a number of
the ruleset vector, the 胡息 of each pattern per tile, the take table as
plans of searches, the sources it wins on (self, other, discard);
tests/test_kernels.py checks that under hunan, luzhou and luzhou-deng.

**Why one file of ~1,100 lines.**  numba's cache on disk (``cache=True``)
invalidates a kernel only when the file that defines it changes ("changes
in symbols defined in another file are not detected"): a kernel calling a
kernel of another file, or reading a constant of another file (globals are
frozen at compile time), would keep running stale compiled code once that
file changed.  So every kernel of the win check and every layout constant
they read are here, in sections: layout, loading a hand, the split search,
the half tables, one winning tile, answers, batch entry points.  (The
intrinsics of ``_jit`` are the one exception, read by both kernel files:
editing ``_jit`` needs the caches cleared.)

Layout: each prefix names one vector or one set of codes; a prefix that
``_distance_kernels`` uses too (``P_``, ``N_``, ``MAX_``) means the same there:

======================  ==========================================================
``K_``                  group kinds (``KIND_NAMES``)
``P_``                  胡息 patterns, in ``rules.PATTERNS`` order
``HD_``                 what the hand holds of the winning tile (the take table's rows)
``PL_``, ``PU_``, ``PA_``  a plan of the take table (at ``R_PLAN``) and its two kinds of targets
``OPT_``                choices for the winning tile (RULES.md 4 and 8 tables)
``H_``                  indices into ``results.HOWS``
``G_``, ``SP_``         columns of a row of the group table (at ``R_GT``); shape, pair or triplet
``R_``                  the ruleset vector (``arrays.RulesetArrays.win``); its head is that of ``ws``
``W_``                  the scratch vector ``ws`` after the ruleset
``TG_``                 columns of a search target (at ``W_TG``)
``O_``, ``T_``          fields of an answer and of the highest-胡息 split (``hu_batch``'s ``out``, ``top``)
``C_``                  columns of a compact answer row (``ting_batch``, ``discard_batch``)
``HALF_``, ``CASE_``,   the half tables and the packing of their index
``TABLE_``, ``JIAO_``,
``COMPACT_``
``N_``, ``MAX_``        counts and limits
======================  ==========================================================

``solver.engine.wins`` names the answer fields for everyone else
(``wins.OUT_*``, ``wins.ROW_*``).

Encodings:

* A group is one integer ``kind << 15 | a << 10 | b << 5 | c`` (tiles
  ``a <= b <= c``; a pair stores ``a, a, 0``, a 3- or 4-of-a-kind
  ``a, a, a``).  Kind codes follow the Python string order of the kind
  names (chi < jiang < jiao < ju < kan < long < pao < peng < ti < wei <
  zhao), so integer order is the reference's tie-break order of ``(kind,
  tiles)``.
* Counts of tiles are packed in one int64: tile x has the 3 bits from 3x.
  A concealed count (0..3) uses the low two; the third is a guard, clear in
  the free tiles (concealed, outside 坎), so "does a group fit" is one
  subtraction and one mask (see ``_split``) and placing it one subtraction.
  The tiles of a class (the 坎 tiles, the red tiles...) are masks of the
  low bits of their fields (``LOW`` has all), so a count over them is two
  popcounts.
* The ruleset is one int64 vector (offsets ``R_*``).  A batch kernel copies
  its head (``R_HEAD``: all but the plans) to the head of its one scratch
  vector ``ws`` (offsets ``W_*`` follow it; ``W_RULES`` is the address of
  the whole vector, where the plans are read), copies each hand into
  ``ws`` too, and every inner kernel takes only ``ws`` and ints: each
  array argument of a kernel-to-kernel call costs an argument struct and
  reference counting, which measured more than the search itself.
* The take table (``Ruleset.take``) is read as plans, one per holding
  (``HD_*``) and set of sources asked: which searches to run with which
  targets (t upgrading a 偎/碰/坎 to its 4-tile group, or t among the free
  tiles: 破跑, a compulsory triplet with the pair, or free), and which
  slot of bests answers each source; sources whose take is the same share
  one slot.  ``arrays`` builds them as ``reference._options`` lists the
  choices, so a ruleset's table is never a branch here.

The search never recurses (a recursive cached kernel crashes numba 0.68 when
loaded from the cache): it walks an explicit stack of packed counts, always
covering the lowest remaining tile with a group whose lowest tile it is.

Every tile of the hand plus the winning tile ends in some group, so the red
count (and so the fan) of a (hand, tile) is fixed except for 对对胡, and 等
never drops as 胡息 grows.  The best decomposition is therefore, in one of two
classes (对对 or not), the one with the highest 胡息 and then the smallest
sorted group list; the search keeps the best of each class and the score
decides between the two at the end, separately for each source (a source's
score differs only by the 自摸 等).  That also
bounds the search: a branch whose 胡息 cannot reach the best of its class (nor
the winning threshold) is cut, by an upper bound of the 胡息 the remaining
tiles can still make (each tile worth at most its share of the richest
shape or pair it can join, ``R_W6`` in sixths).  A best split is kept in the order its
groups were found and sorted only when a tie must be broken.

The win check with its best score alone (``hu_batch`` without ``full``)
does not search: the free tiles of each case (small, big) are looked up
in ``half_tables``, the best 胡息 of every pattern of one case's tiles as
句 with or without the pair, built once per ruleset; only the 绞, the one
group that holds tiles of both cases, are tried (``_free_best``).
"""
from __future__ import annotations

import numpy as np

from ._jit import address, inline, kernel, popcount, trailing_zeros, view, view8

# ================ layout ==========================================================================

# Group kinds, in Python string order of their names.
K_CHI, K_JIANG, K_JIAO, K_JU, K_KAN, K_LONG, K_PAO, K_PENG, K_TI, K_WEI, K_ZHAO = range(11)
KIND_NAMES = ("chi", "jiang", "jiao", "ju", "kan", "long", "pao", "peng", "ti", "wei", "zhao")

# 胡息 patterns, in rules.PATTERNS order.
P_JU, P_JU123, P_JU2710, P_JIAO, P_KAN, P_PENG, P_WEI, P_PAO, P_TI, P_ZHAO, P_LONG, P_JIANG = range(12)
N_PATTERNS = 12

# What the hand holds of the winning tile t (the rows of the take table,
# rules.HOLDINGS order): an exposed 偎, an exposed 碰, a concealed 坎, a
# concealed pair, less.
HD_WEI, HD_PENG, HD_KAN, HD_PAIR, HD_LESS = range(5)
N_HOLDINGS = 5
# Sources of the winning tile (results.SOURCES order): self-drawn, another
# player's draw, another player's discard.
N_SOURCES = 3

# Choices for the winning tile t (the take table, RULES.md 4 and 8); only O_OPT / T_OPT report them.
OPT_FREE = 0  # t joins the free tiles
OPT_FREE_TRIPLE = 1  # t joins the free tiles and may make a 碰 with its concealed pair
OPT_UPG = 2  # the exposed 偎/碰 of t becomes a 4-tile group (提, 跑, 招)
OPT_KAN_UP = 3  # the concealed 坎 of t becomes a 4-tile group
OPT_POPAO = 4  # 破跑: t joins the free tiles, the 偎/碰/坎 stays
OPT_TRIPLET = 5  # t onto the concealed pair makes a compulsory triplet (偎, or an own 碰)

# results.HOWS indices.
H_TI, H_PAO, H_WEI, H_PENG, H_POPAO, H_DANDIAO, H_BIAN, H_SHUN, H_ZHAO = range(9)

# Packed counts: 3 bits per tile.
FIELD = 3
LOW = sum(1 << (FIELD * x) for x in range(20))  # the low bit of every field
GUARD = LOW << 2  # the guard bit of every field

# Free groups (rows of the group table): the 句/绞 shapes of groups.SHAPES,
# then the pair of each tile, then the 碰 triplet of each tile.
N_SHAPES = 38  # len(groups.SHAPES), checked by solver.engine.arrays
G_PAIR = N_SHAPES  # + tile
G_TRIPLE = N_SHAPES + 20  # + tile
N_GROUPS = N_SHAPES + 40
# Columns of a group row: packed counts, code, 胡息, 1 if 对对 kind, the
# bound of its tiles (sum of R_W6 over them), the `how` it gives when it
# holds the winning tile, SP_* (shape, pair or triplet), kind.
G_MASK, G_CODE, G_HUXI, G_DD, G_W6, G_HOW, G_SP, G_KIND = range(8)
G_COLS = 8
SP_SHAPE, SP_PAIR, SP_TRIPLE = range(3)
LIST_COLS = 8  # candidates of a tile: its shapes, then its pair, then its triplet
MAX_WEIGHTS = 8

# The ruleset vector (also the head of the scratch vector).
R_MIN_HUXI = 0
R_DENG_BASE = 1
R_DENG_STEP = 2
R_SELF_DENG = 3
R_PAO_JIANG = 4  # a hand with a 4-tile group needs exactly one pair
R_SOURCES = 5  # bit s: the ruleset wins on source s
R_REDS = 6  # the red tiles (low bits of their fields)
R_NW = 7  # distinct tile bounds
R_NSRC = 8  # answers per query of hu_batch (2, or 3 when the ruleset wins on discards)
R_HX = 9  # [pattern * 20 + first tile] 胡息
R_RED = R_HX + N_PATTERNS * 20  # [tile] 1 if red
R_W6 = R_RED + 20  # [tile] six times the most 胡息 per tile of a free group holding it
R_WV = R_W6 + 20  # [R_NW] each distinct R_W6 value...
R_WM = R_WV + MAX_WEIGHTS  # [R_NW] ...and its tiles (low bits of their fields)
R_TRIPLE_EXTRA = R_WM + MAX_WEIGHTS  # [tile] what its 碰 triplet may make over its tiles' R_W6
MAX_HUXI = 127
R_DENG = R_TRIPLE_EXTRA + 20  # [胡息] 等 of a win with that 胡息 (not self-drawn)
R_FAN = R_DENG + MAX_HUXI + 1  # [red count * 2 + 对对胡] fan
MAX_RED = 80
R_GT = R_FAN + 2 * (MAX_RED + 1)  # [group * G_COLS + column]
# Candidates of each tile i, the free groups whose lowest tile it is:
# R_NSH[i] shapes, then the pair, then the 碰 triplet, each by group id,
# packed counts and 胡息 gain over the bound (6 * 胡息 - G_W6).
R_NSH = R_GT + N_GROUPS * G_COLS  # [tile]
R_CG = R_NSH + 20  # [tile * LIST_COLS + k]
R_CM = R_CG + 20 * LIST_COLS  # [tile * LIST_COLS + k]
R_CB = R_CM + 20 * LIST_COLS  # [tile * LIST_COLS + k]
R_CH = R_CB + 20 * LIST_COLS  # [tile * LIST_COLS + k] 胡息
R_CD = R_CH + 20 * LIST_COLS  # [tile * LIST_COLS + k] 1 unless a 对对 kind (the pair, the triplet)
R_CS = R_CD + 20 * LIST_COLS  # [tile * LIST_COLS + k] SP_*
# What tile t needs to join a 句/绞 shape: per tile a count, then the
# packed counts of each shape holding t less one t (the "can join" masks).
JOIN_COLS = 8
R_JOIN = R_CS + 20 * LIST_COLS  # [tile * JOIN_COLS]
# The take table as plans (``arrays``): for what the hand holds of t and
# the sources asked (bits), at R_PLAN + (holding * 8 + sources) * PL_COLS:
# the searches to run and which slot answers each source.  PL_SLOT[s]: the
# slot whose bests answer source s (sources with one take share a search);
# PL_FORCED[s]: 1 + the K_* kind of the group t must make from source s
# when it allows nothing else (for ``hu``'s reason), else 0; PL_UP: the
# PL_NUP targets of the searches with t upgrading the 偎/碰/坎 to a 4-tile
# group (PU_*: slot, pattern and kind of the group, how, option); PL_ADD:
# the PL_NADD targets of the searches with t among the free tiles (PA_*:
# slot, how or -1 when the groups holding t decide, option, the K_* kind
# and pattern of the triplet t must make with its pair (kind -1: none), 1
# when the 碰 triplet of t may form), those that let the triplet form first.
PL_NUP, PL_NADD, PL_SLOT, PL_FORCED, PL_UP = 0, 1, 2, 5, 8
PU_SLOT, PU_PAT, PU_KIND, PU_HOW, PU_OPT = range(5)
PU_COLS = 5
MAX_ADD = 2 * N_SOURCES  # a take gives at most two targets of t among the free tiles
PL_ADD = PL_UP + N_SOURCES * PU_COLS
PA_SLOT, PA_HOW, PA_OPT, PA_KIND, PA_PAT, PA_TRIPLE = range(6)
PA_COLS = 6
PL_COLS = PL_ADD + MAX_ADD * PA_COLS
# The ruleset vector's head, copied into the scratch vector; the plans
# after it are read in place (through W_RULES: they are large and read
# little, and copying them cost more than some batches).
R_HEAD = R_JOIN + 20 * JOIN_COLS
R_PLAN = R_HEAD  # [(holding * 8 + sources) * PL_COLS + field]
R_SIZE = R_PLAN + N_HOLDINGS * 8 * PL_COLS

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
TING_ROWS = 20 * N_SOURCES  # most rows a hand (or a discard) can give (20 tiles x 3 sources)

# The scratch vector, after the ruleset.  A loaded hand keeps its exposed
# melds and 坎 in W_BASE and its other concealed tiles packed in W_F.
MAX_MELDS = 6
W_P = R_HEAD  # packed concealed counts (the batch kernel writes them)
W_MK = W_P + 1  # [6] kind of each exposed meld (the batch kernel writes them)
W_MT = W_MK + 6  # [6 * 3] its first three tiles, ascending (the batch kernel writes them)
W_MHUXI = W_MT + 18  # [6] its 胡息
W_BASE = W_MHUXI + 6  # [16] codes of the exposed melds (first, in input order), then of the 坎
W_F = W_BASE + 16  # packed free counts
W_UB = W_F + 1  # their 胡息 bound, in sixths (sum of R_W6)
W_NB = W_F + 2  # groups in W_BASE
W_BASE_HUXI = W_F + 3  # their 胡息
W_BASE_DD = W_F + 4  # 1 when none is a 吃
W_FOUR = W_F + 5  # 1 when an exposed meld is a 4-tile group (跑/提/招/垅)
W_NFREE = W_F + 6  # free tiles
W_NM = W_F + 7  # exposed melds
W_HELD = W_F + 8  # packed copies in the hand, concealed and melds (0..4)
W_KAN = W_F + 9  # the 坎 tiles (low bits of their fields)
W_WEIS = W_F + 10  # the tiles of exposed 偎 (low bits)
W_PENGS = W_F + 11  # the tiles of exposed 碰 (low bits)
W_SF = W_F + 16  # [8] stack: packed counts at each depth
W_SK = W_SF + 8  # [8] stack: next candidate index at each depth
W_SG = W_SK + 8  # [8] stack: candidate (R_C* index) placed at each depth
W_KEY = W_SG + 8  # [8] the split at hand
W_KEY2 = W_KEY + 8  # [8] scratch of comparisons
# Best splits, per slot (0..2: a source's, or one shared by several) and class: sc = 2 * slot + class.
N_SC = 2 * N_SOURCES
W_BH = W_KEY2 + 8  # [N_SC] best 胡息 (NO_HUXI: none)
W_BK = W_BH + N_SC  # [N_SC * 7] its group codes, exposed first (in input order)
W_BS = W_BK + 7 * N_SC  # [N_SC * 7] the same sorted, when W_BSORTED says so
W_BSORTED = W_BS + 7 * N_SC  # [N_SC]
W_BHOW = W_BSORTED + N_SC  # [N_SC] its how
W_BOPT = W_BHOW + N_SC  # [N_SC] its option
# The targets of a search: which slot a split goes to, and how (TG_* columns).
W_TG = W_BOPT + N_SC  # [2 * TG_COLS]
W_ORD = W_TG + 2 * 8  # [8] scratch of _answer_codes
W_OUT = W_ORD + 8  # [N_SOURCES * N_OUT] answers of the tile at hand, by source
W_TOP = W_OUT + N_SOURCES * N_OUT  # [N_SOURCES * N_TOP] highest-胡息 splits, by source
W_TAB = W_TOP + N_SOURCES * N_TOP  # address of the half tables (int8), 0: search instead
W_JP = W_TAB + 1  # [4 * 10] per number that can hold a 绞: its shift, counts small and big, option
W_RULES = W_JP + 40  # address of the ruleset vector (its plans are read there)
W_SIZE = W_RULES + 1

# A target: the slot, the 胡息 of the groups outside the free tiles, the
# W_BASE entry the option replaces (-1: none) and its new code, the `how`
# when the option decides it (-1: the groups holding t decide), the OPT_*
# code, and TG_TRIP, when only splits holding the 碰 triplet of t count:
# the code that triplet takes (a 偎, or an own 碰: t self-drawn onto its
# concealed pair), else 0.
TG_SLOT, TG_OFF, TG_AT, TG_CODE, TG_HOW, TG_OPT, TG_TRIP = range(7)
TG_COLS = 8

NO_HUXI = -1


def _compact_masks():
    """The fields that move at each step of ``_compact`` (field k moves by k bits)."""
    at = [FIELD * k for k in range(20)]
    masks = []
    for step in range(5):
        m = 0
        for k in range(20):
            if (k >> step) & 1:
                m |= 3 << at[k]
                at[k] -= 1 << step
        masks.append(m)
    assert at == [2 * k for k in range(20)]
    return masks


COMPACT_1, COMPACT_2, COMPACT_4, COMPACT_8, COMPACT_16 = _compact_masks()

# The half tables (``half_tables``): the tiles of one case as 2 bits per tile
# (tile k of the case at bit 2k, up to 3 copies), 4 ** 10 patterns per case,
# one byte each.
HALF_BITS = 20
HALF_MASK = (1 << HALF_BITS) - 1
HALF_LOW = 0x55555  # the low bit of each tile of a case
CASE_SIZE = 1 << HALF_BITS  # [pattern] per case
TABLE_SIZE = 2 * CASE_SIZE  # small tiles, then big
TABLE_NONE = -128  # no split (int8); every 胡息 in the tables is 0..127
JIAO_DS = 0xD8  # the 绞 options of a number (2 bits each): 0 none, 1 一一壹, 2 一壹壹, 3 both: small tiles used
JIAO_N = 0x94  # ... and 绞 made (the big tiles used are the option itself)


# ================ loading a hand ==================================================================


@inline
def _code(kind, a, b, c):
    return (kind << 15) | (a << 10) | (b << 5) | c


@kernel
def _scratch(rules):
    """A scratch vector headed by the ruleset's head (``rules`` must outlive it)."""
    ws = np.zeros(W_SIZE, np.int64)
    for i in range(R_HEAD):  # (a loop: a slice copy compiles numba's size-mismatch message, seconds)
        ws[i] = rules[i]
    ws[W_RULES] = address(rules)
    return ws


@inline
def _put_hand(ws, conc, mkind, mt, nmeld, h):
    """Hand h of a batch into the scratch: its melds in W_MK / W_MT; returns
    its packed concealed counts (for W_P) and its number of melds."""
    p = 0
    for x in range(20):
        p |= np.int64(conc[h, x]) << (FIELD * x)
    nm = np.int64(nmeld[h])
    for j in range(nm):
        ws[W_MK + j] = mkind[h, j]
        for c in range(3):
            ws[W_MT + 3 * j + c] = mt[h, j, c]
    return p, nm


def _load_hand_code(wp, nm):
    """Derive everything the searches need from the hand in W_P and W_MK / W_MT
    (nm exposed melds); return its red count.

    W_BASE gets the melds at 0..nm-1 (input order) and the 坎 after them.  ``_load_hand`` is this
    code inlined, for the win check (a call per hand measured a tenth of it); ``load_hand`` is it as a
    kernel, for every other caller (compiled once, not copied into each).
    """
    ws = view(wp, W_SIZE)
    p = ws[W_P]
    lo = p & LOW
    hi = (p >> 1) & LOW
    kan = lo & hi  # count 3: a 坎, locked (RULES.md 2) unless t makes it 提/跑
    free = p ^ (kan | (kan << 1))
    reds = popcount(lo & ws[R_REDS]) + 2 * popcount(hi & ws[R_REDS])
    flo = free & LOW
    fhi = (free >> 1) & LOW
    ub = 0
    for k in range(ws[R_NW]):
        m = ws[R_WM + k]
        ub += ws[R_WV + k] * (popcount(flo & m) + 2 * popcount(fhi & m))
    base_huxi = 0
    nb = nm
    m = kan
    while m != 0:
        x = trailing_zeros(m) // FIELD
        ws[W_BASE + nb] = _code(K_KAN, x, x, x)
        base_huxi += ws[R_HX + 20 * P_KAN + x]
        nb += 1
        m &= m - 1
    held = p
    weis = 0
    pengs = 0
    base_dd = 1
    four = 0
    for j in range(nm):
        kind = ws[W_MK + j]
        a = ws[W_MT + 3 * j]
        b = ws[W_MT + 3 * j + 1]
        c = ws[W_MT + 3 * j + 2]
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
            held += (1 << (FIELD * a)) + (1 << (FIELD * b)) + (1 << (FIELD * c))
        else:
            size = 3
            if kind == K_PENG:
                pat = P_PENG
                pengs |= 1 << (FIELD * a)
            elif kind == K_WEI:
                pat = P_WEI
                weis |= 1 << (FIELD * a)
            else:
                size = 4
                four = 1
                if kind == K_PAO:
                    pat = P_PAO
                elif kind == K_TI:
                    pat = P_TI
                elif kind == K_ZHAO:
                    pat = P_ZHAO
                else:
                    pat = P_LONG
            ws[W_BASE + j] = _code(kind, a, a, a)
            reds += size * ws[R_RED + a]
            held += size << (FIELD * a)
        ws[W_MHUXI + j] = ws[R_HX + 20 * pat + a]
        base_huxi += ws[W_MHUXI + j]
    ws[W_F] = free
    ws[W_UB] = ub
    ws[W_NB] = nb
    ws[W_NM] = nm
    ws[W_BASE_HUXI] = base_huxi
    ws[W_BASE_DD] = base_dd
    ws[W_FOUR] = four
    ws[W_NFREE] = popcount(flo) + 2 * popcount(fhi)
    ws[W_HELD] = held
    ws[W_KAN] = kan
    ws[W_WEIS] = weis
    ws[W_PENGS] = pengs
    return reds


_load_hand = inline(_load_hand_code)
load_hand = kernel(_load_hand_code)


# ================ the split search ================================================================


@inline
def _sort7(ws, at):
    """Sort ws[at:at + 7] ascending (insertion sort)."""
    for i in range(1, 7):
        v = ws[at + i]
        k = i
        while k > 0 and ws[at + k - 1] > v:
            ws[at + k] = ws[at + k - 1]
            k -= 1
        ws[at + k] = v


@kernel
def _sorted_best(wp, sc):
    """The sorted group codes of best sc, at W_BS + 7 * sc (sorted once)."""
    ws = view(wp, W_SIZE)
    if ws[W_BSORTED + sc] == 0:
        for i in range(7):
            ws[W_BS + 7 * sc + i] = ws[W_BK + 7 * sc + i]
        _sort7(ws, W_BS + 7 * sc)
        ws[W_BSORTED + sc] = 1
    return W_BS + 7 * sc


@inline
def _need(ws, ntg, floor, full, cls):
    """The least free-tile 胡息 a split of class ``cls`` needs to be recorded
    by some target (one or two): the floor, and (full) at least the
    target's best or (score only) more than it.  (Written out for the two
    targets: as a loop, LLVM vectorises it, slower to compile and to run.)"""
    tg = W_TG
    best = ws[W_BH + 2 * ws[tg + TG_SLOT] + cls] + (0 if full else 1)
    need = (best if best > floor else floor) - ws[tg + TG_OFF]
    if ntg > 1:
        tg = W_TG + TG_COLS
        best = ws[W_BH + 2 * ws[tg + TG_SLOT] + cls] + (0 if full else 1)
        other = (best if best > floor else floor) - ws[tg + TG_OFF]
        if other < need:
            need = other
    return need


@kernel
def _leaf(wp, j, nb, nfree, huxi, cls, t, full, trip):
    """Record a complete split for target j if it beats the best of its slot and
    class; return 1 if the best changed.  ``trip`` is the stack depth of the 碰
    triplet of t, or -1.

    (One exit and no early return: numba then drops the reference counting
    of ``ws``, which would cost more than the work here.)
    """
    ws = view(wp, W_SIZE)
    tg = W_TG + j * TG_COLS
    sc = 2 * ws[tg + TG_SLOT] + cls
    best = ws[W_BH + sc]
    changed = 0
    if not full:
        if huxi > best:
            ws[W_BH + sc] = huxi
            ws[W_BOPT + sc] = ws[tg + TG_OPT]
            changed = 1
    elif huxi >= best:
        # The 7 group codes: the base (exposed melds first), then the free groups.
        at = ws[tg + TG_AT]
        trip_code = ws[tg + TG_TRIP]
        for i in range(nb + nfree):
            if i < nb:
                v = ws[W_BASE + i]
                if i == at:
                    v = ws[tg + TG_CODE]
            elif trip_code != 0 and i - nb == trip:
                v = trip_code
            else:
                v = ws[R_GT + ws[R_CG + ws[W_SG + i - nb]] * G_COLS + G_CODE]
            ws[W_KEY + i] = v
        cmp = -1
        if huxi == best:
            # A tie: the smaller sorted group list wins (RULES.md 4).
            for i in range(7):
                ws[W_KEY2 + i] = ws[W_KEY + i]
            _sort7(ws, W_KEY2)
            bs = _sorted_best(wp, sc)
            cmp = 0
            i = 0
            while cmp == 0 and i < 7:
                a = ws[W_KEY2 + i]
                b = ws[bs + i]
                if a < b:
                    cmp = -1
                elif a > b:
                    cmp = 1
                i += 1
        if cmp <= 0:
            how = ws[tg + TG_HOW]
            if how < 0:
                # reference._how: the free groups holding tile t decide.
                how = H_SHUN
                shift = FIELD * t
                for i in range(nfree):
                    g = R_GT + ws[R_CG + ws[W_SG + i]] * G_COLS
                    if (ws[g + G_MASK] >> shift) & 3 != 0 and ws[g + G_HOW] < how:
                        how = ws[g + G_HOW]
            if cmp < 0:
                ws[W_BH + sc] = huxi
                for i in range(7):
                    ws[W_BK + 7 * sc + i] = ws[W_KEY + i]
                ws[W_BSORTED + sc] = 0
                if huxi == best:
                    for i in range(7):
                        ws[W_BS + 7 * sc + i] = ws[W_KEY2 + i]
                    ws[W_BSORTED + sc] = 1
                ws[W_BHOW + sc] = how
                ws[W_BOPT + sc] = ws[tg + TG_OPT]
                changed = 1
            elif how < ws[W_BHOW + sc]:
                # The same groups reached through another option: keep the earlier `how`.
                ws[W_BHOW + sc] = how
                ws[W_BOPT + sc] = ws[tg + TG_OPT]
    return changed


@kernel
def _split(wp, packed, ub, nb, base_dd, need_pair, triple, t, floor, ntg, full):
    """Every useful split of the packed free counts into groups, each offered to
    the ``ntg`` targets in W_TG.

    Depth-first over an explicit stack: at each depth the lowest remaining
    tile i is covered by a group whose lowest tile is i (a 句/绞 shape, the
    pair while one is needed, the 碰 triplet of ``triple``), trying only
    that group or later ones at the next depth while i remains, so each
    multiset of groups is reached once.  A group is tried only if, with it,
    the tiles can still make the 胡息 some target needs (``ub`` bounds the
    胡息 of the free tiles, in sixths; ``floor`` is the least total worth
    recording: the winning threshold when only wins matter).
    """
    ws = view(wp, W_SIZE)
    fh = 0  # 胡息 of the free groups placed
    b6 = ub  # six times the most 胡息 the free tiles can make, placed groups included
    non_dd = 0
    pair_left = need_pair
    trip = np.int64(-1)  # depth of the triplet of t (typed: see _jit.inline)
    need0 = 6 * _need(ws, ntg, floor, full, 0)
    need1 = 6 * _need(ws, ntg, floor, full, 1)
    d = np.int64(0)
    f = packed
    k = 0
    while True:
        found = False
        c = 0
        sp = SP_SHAPE
        i = 0
        if f == 0:
            if not pair_left:
                cls = 1 if (base_dd and non_dd == 0) else 0
                changed = 0
                for j in range(ntg):
                    huxi = ws[W_TG + j * TG_COLS + TG_OFF] + fh
                    if huxi >= floor and (trip >= 0 or ws[W_TG + j * TG_COLS + TG_TRIP] == 0):
                        changed |= _leaf(wp, j, nb, d, huxi, cls, t, full, trip)
                if changed:
                    need0 = 6 * _need(ws, ntg, floor, full, 0)
                    need1 = 6 * _need(ws, ntg, floor, full, 1)
        else:
            i = (trailing_zeros(f) * 43) >> 7  # // FIELD, for 0 <= bit < 63
            n = ws[R_NSH + i] + 2
            # The least 胡息 a split must reach: for class 1 too while the branch can still be 对对.
            lack = need0
            if base_dd and non_dd == 0 and need1 < lack:
                lack = need1
            lack -= b6
            room = f | GUARD
            at = i * LIST_COLS
            while k < n:
                c = at + k
                k += 1
                sp = ws[R_CS + c]
                if sp == SP_PAIR:
                    if not pair_left:
                        continue
                elif sp == SP_TRIPLE:
                    if i != triple:
                        continue
                if (room - ws[R_CM + c]) & GUARD != GUARD:
                    continue  # not all its tiles are there
                if ws[R_CB + c] < lack:
                    continue  # with it, the tiles cannot make enough 胡息
                found = True
                break
        if found:
            ws[W_SF + d] = f
            ws[W_SK + d] = k
            ws[W_SG + d] = c
            fh += ws[R_CH + c]
            b6 += ws[R_CB + c]
            non_dd += ws[R_CD + c]
            if sp == SP_PAIR:
                pair_left = False
            elif sp == SP_TRIPLE:
                trip = d
            f -= ws[R_CM + c]
            d += 1
            # Same lowest tile: only this group or later ones.
            k = k - 1 if (f >> (FIELD * i)) & 3 != 0 else 0
        else:
            d -= 1
            if d < 0:
                break
            # Back to depth d: undo its group, then try the next one.
            f = ws[W_SF + d]
            k = ws[W_SK + d]
            c = ws[W_SG + d]
            fh -= ws[R_CH + c]
            b6 -= ws[R_CB + c]
            non_dd -= ws[R_CD + c]
            sp = ws[R_CS + c]
            if sp == SP_PAIR:
                pair_left = True
            elif sp == SP_TRIPLE:
                trip = -1


# ================ the half tables =================================================================


@inline
def _compact(f):
    """Packed counts of up to 3 (3 bits per tile) as 2 bits per tile: the small
    tiles at bits 0..19, the big ones at 20..39 (field k moves down k bits,
    in five steps by the bits of k)."""
    f = (f & ~COMPACT_1) | ((f & COMPACT_1) >> 1)
    f = (f & ~COMPACT_2) | ((f & COMPACT_2) >> 2)
    f = (f & ~COMPACT_4) | ((f & COMPACT_4) >> 4)
    f = (f & ~COMPACT_8) | ((f & COMPACT_8) >> 8)
    return (f & ~COMPACT_16) | ((f & COMPACT_16) >> 16)


@kernel
def half_tables(rules, tab):
    """Fill the int8 half tables ``tab`` (TABLE_SIZE) from the ruleset: at
    case * CASE_SIZE + x, the most 胡息 the tiles x of the case make as 句
    when they are a multiple of 3, or as 句 and one pair when they are 2 over
    a multiple of 3; TABLE_NONE when they make no such split (or are 1 over).
    Returns the largest 胡息 (the tables hold only up to 127).

    Only the count says whether the pair is there, so of two cases whose
    tiles make 7 门子 together the pair is in the one that has it, and the
    best 胡息 of a split of both is the sum of two entries.  A pattern's
    lowest tile k starts one of its groups (a 句 whose lowest tile is k, or
    the pair of k: its candidates of the ruleset vector, less the 绞), so
    each entry follows from smaller patterns.  The win
    check without groups (``_table_search``) reads a hand's two cases here
    and tries only the 绞, which tie the two cases, itself.
    """
    best = np.empty(2 << HALF_BITS, np.int32)  # [x << 1 | p] of one case, -1: none
    top = 0
    for case in range(2):
        best[0] = 0
        best[1] = -1
        for x in range(1, 1 << HALF_BITS):
            z = trailing_zeros(np.int64(x)) & ~1  # 2k: tile k of the case is the lowest
            at = (10 * case + (z >> 1)) * LIST_COLS  # its candidates (R_C*)
            n = rules[R_NSH + 10 * case + (z >> 1)]
            b0 = -1
            b1 = -1
            if (x >> z) & 3 >= 2:
                r = best[(x - (2 << z)) << 1]
                if r >= 0:
                    b1 = r + rules[R_CH + at + n]  # its pair
            present = (x | (x >> 1)) & HALF_LOW
            for k in range(n):
                # Its 句 (one of each tile): a 绞 holds a tile of the other case.
                m = _compact(rules[R_CM + at + k]) >> (HALF_BITS * case)
                if m & ~HALF_MASK == 0 and present & m == m:
                    h = rules[R_CH + at + k]
                    r = best[(x - m) << 1]
                    if r >= 0 and r + h > b0:
                        b0 = r + h
                    r = best[((x - m) << 1) + 1]
                    if r >= 0 and r + h > b1:
                        b1 = r + h
            best[x << 1] = b0
            best[(x << 1) + 1] = b1
        at = case * CASE_SIZE
        for x in range(1 << HALF_BITS):
            n = popcount(np.int64(x & HALF_LOW)) + 2 * popcount(np.int64(x & (HALF_LOW << 1)))
            v = best[x << 1] if n % 3 == 0 else best[(x << 1) + 1] if n % 3 == 2 else -1
            top = max(top, v)
            tab[at + x] = TABLE_NONE if v < 0 else min(v, 127)
    return top


@kernel
def _free_best(wp, c):
    """The most 胡息 the free tiles c (``_compact``) make as 句/绞 groups (and
    the pair if their count asks for one), read from the half tables; -1
    when they make none.

    The 绞 of each number holding both cases are tried option against option
    (none, 一一壹, 一壹壹, both); the rest of each case is looked up.
    """
    ws = view(wp, W_SIZE)
    tab = view8(ws[W_TAB], TABLE_SIZE)
    s = c & HALF_MASK
    b = c >> HALF_BITS
    both = (s | (s >> 1)) & (b | (b >> 1)) & HALF_LOW
    ones = s & ~(s >> 1) & b & ~(b >> 1) & HALF_LOW  # one of each: no 绞
    cand = both & ~ones
    m = 0
    while cand != 0:
        z = trailing_zeros(cand)
        at = W_JP + 4 * m
        ws[at] = z
        ws[at + 1] = (s >> z) & 3
        ws[at + 2] = (b >> z) & 3
        ws[at + 3] = 0
        m += 1
        cand &= cand - 1
    hj = ws[R_HX + 20 * P_JIAO]  # every 绞's 胡息 (the tables are not used when they differ)
    best = np.int64(-1)
    nj = 0
    while True:
        # (No branch on what the tables hold: the lookups of successive choices overlap.)
        v = np.int64(tab[s]) + np.int64(tab[CASE_SIZE + b])
        best = max(best, v + nj * hj if v >= 0 else -1)
        # The next choice of 绞 (an odometer over the numbers that can hold one).
        i = 0
        while i < m:
            at = W_JP + 4 * i
            z = ws[at]
            d = ws[at + 3]
            s += ((JIAO_DS >> (2 * d)) & 3) << z
            b += d << z
            nj -= (JIAO_N >> (2 * d)) & 3
            d += 1
            while d <= 3 and (((JIAO_DS >> (2 * d)) & 3) > ws[at + 1] or d > ws[at + 2]):
                d += 1
            if d <= 3:
                s -= ((JIAO_DS >> (2 * d)) & 3) << z
                b -= d << z
                nj += (JIAO_N >> (2 * d)) & 3
                ws[at + 3] = d
                break
            ws[at + 3] = 0
            i += 1
        if i == m:
            break
    return best


@kernel
def _table_search(wp, packed, triple, floor, ntg):
    """What ``_split`` finds without ``full`` (the best 胡息 of each slot and
    class, for the targets in W_TG), from the half tables: the free tiles
    as they are, and with the 碰 triplet of ``triple`` set apart."""
    ws = view(wp, W_SIZE)
    base_dd = ws[W_BASE_DD] != 0
    c = _compact(packed)
    for with_triple in range(2):
        rem = packed
        extra = 0
        if with_triple:
            if triple < 0 or (packed >> (FIELD * triple)) & 3 != 3:
                break
            rem = packed - (3 << (FIELD * triple))
            c -= 3 << (2 * triple)
            extra = ws[R_HX + 20 * P_PENG + triple]
        v = _free_best(wp, c)
        if v >= 0:
            # 对对 when the free tiles outside the triplet are none or the pair alone.
            cls = 1 if base_dd and rem & (rem - 1) == 0 else 0
            for j in range(ntg):
                tg = W_TG + j * TG_COLS
                if with_triple or ws[tg + TG_TRIP] == 0:
                    huxi = ws[tg + TG_OFF] + extra + v
                    sc = 2 * ws[tg + TG_SLOT] + cls
                    if huxi >= floor and huxi > ws[W_BH + sc]:
                        ws[W_BH + sc] = huxi
                        ws[W_BOPT + sc] = ws[tg + TG_OPT]


# ================ one winning tile ================================================================


@inline
def _target(ws, j, slot, off, at, code, how, opt, trip):
    tg = W_TG + j * TG_COLS
    ws[tg + TG_SLOT] = slot
    ws[tg + TG_OFF] = off
    ws[tg + TG_AT] = at
    ws[tg + TG_CODE] = code
    ws[tg + TG_HOW] = how
    ws[tg + TG_OPT] = opt
    ws[tg + TG_TRIP] = trip


@inline
def _search(wp, t, add, triple, ntg, floor, full):
    """Split the loaded hand's free tiles, with t among them (``add``) or not
    (t upgrades a 偎/碰/坎 to a 4-tile group), for the targets in W_TG; 1 if
    it split them, 0 if they cannot win (most tiles).  (Inlined: its
    arguments are mostly constants where it is called, and the checks that
    reject a tile early are most of the work for most tiles.)"""
    ws = view(wp, W_SIZE)
    nb = ws[W_NB]
    nfree = ws[W_NFREE]
    packed = ws[W_F]
    ub = ws[W_UB]
    if add:
        packed += 1 << (FIELD * t)
        ub += ws[R_W6 + t]
        nfree += 1
        if triple >= 0:
            ub += ws[R_TRIPLE_EXTRA + triple]
        need_pair = ws[W_FOUR] != 0 and ws[R_PAO_JIANG] != 0
    else:
        need_pair = ws[R_PAO_JIANG] != 0
    # 7 门子 exactly: the free tiles must make 7 - nb groups, one of them the pair if needed.
    groups = 7 - nb
    if need_pair:
        fits = groups >= 1 and nfree == 3 * groups - 1
    else:
        fits = groups >= 0 and nfree == 3 * groups
    # The 胡息 bound of the whole hand must reach the floor for some target (one or two).
    top = ws[W_TG + TG_OFF]
    if ntg > 1 and ws[W_TG + TG_COLS + TG_OFF] > top:
        top = ws[W_TG + TG_COLS + TG_OFF]
    if fits and add:
        # t must join some group of the free tiles (most tiles that do not win fail here).
        free = ws[W_F]
        count = (free >> (FIELD * t)) & 3
        fits = (need_pair and count >= 1) or (triple == t and count >= 2)
        at = R_JOIN + t * JOIN_COLS
        room = free | GUARD
        j = 0
        while not fits and j < ws[at]:
            fits = (room - ws[at + 1 + j]) & GUARD == GUARD
            j += 1
    ran = 0
    if fits and ntg > 0 and 6 * (top - floor) + ub >= 0:
        ran = 1
        if full or ws[W_TAB] == 0:
            _split(wp, packed, ub, nb, ws[W_BASE_DD] != 0, need_pair, triple, t, floor, ntg, full)
        else:
            _table_search(wp, packed, triple, floor, ntg)
    return ran


@kernel
def _meld_of(wp, kind, t):
    """Index of the first exposed meld of ``kind`` (a 偎 or 碰) of tile t, or -1."""
    ws = view(wp, W_SIZE)
    found = -1
    for j in range(ws[W_NM] - 1, -1, -1):
        if ws[W_MK + j] == kind and ws[W_MT + 3 * j] == t:
            found = j
    return found


@inline
def _up_target(ws, rv, j, u, t, off, at):
    """Target j of the "up" search from plan entry u (PU_*): the 偎/碰/坎 at
    W_BASE entry ``at`` becomes a 4-tile group; ``off``: the 胡息 outside the
    free tiles less that group's."""
    _target(ws, j, rv[u + PU_SLOT], off + ws[R_HX + 20 * rv[u + PU_PAT] + t], at,
            _code(rv[u + PU_KIND], t, t, t), rv[u + PU_HOW], rv[u + PU_OPT], 0)


@inline
def _add_target(ws, rv, j, u, t, base):
    """Target j of the "add" search from plan entry u (PA_*): t among the free
    tiles, and when PA_KIND says so, only splits where t makes its triplet
    (valued as that kind's pattern instead of the 碰 it is searched as)."""
    kind = rv[u + PA_KIND]
    off = base
    trip = 0
    if kind >= 0:
        off += ws[R_HX + 20 * rv[u + PA_PAT] + t] - ws[R_HX + 20 * P_PENG + t]
        trip = _code(kind, t, t, t)
    _target(ws, j, rv[u + PA_SLOT], off, -1, 0, rv[u + PA_HOW], rv[u + PA_OPT], trip)


@kernel
def _more_adds(wp, pl, j, nadd, t, base, floor, full):
    """The "add" targets of plan pl from j on (rare: none in the shipped tables)."""
    ws = view(wp, W_SIZE)
    rv = view(int(ws[W_RULES]), R_SIZE)
    ran = 0
    while j < nadd:  # two targets a search, if they agree on the triplet
        u = pl + PL_ADD + j * PA_COLS
        triple = rv[u + PA_TRIPLE]
        _add_target(ws, rv, 0, u, t, base)
        m = 1
        if j + 1 < nadd and rv[u + PA_COLS + PA_TRIPLE] == triple:
            _add_target(ws, rv, 1, u + PA_COLS, t, base)
            m = 2
        ran |= _search(wp, t, np.bool_(True), t if triple else np.int64(-1), np.int64(m), floor, full)
        j += m
    return ran


@kernel
def _solve_tile(wp, red_count, t, want, with_top, full):
    """Best win of tile t on the loaded hand for each wanted source (bit s of
    ``want``: source s), in W_OUT (and the highest-胡息 split in W_TOP with
    ``with_top``).

    What the hand holds of t picks a plan of the ruleset's take table
    (R_PLAN, built by ``arrays``): searches of up to two targets each, "up",
    the free tiles as they are while t makes a 偎/碰/坎 a 4-tile group (the
    sources then differ only in that group), and "add", t among the free
    tiles (破跑, 碰胡, or a plain win; a self-drawn t onto a pair under a
    compulsory 偎 or own 碰 is the same search keeping only the splits where
    t joins its pair).  Sources with the same take share their slot.  The
    hunan and luzhou tables need at most two searches a tile.
    """
    ws = view(wp, W_SIZE)
    floor = 0 if with_top else ws[R_MIN_HUXI]
    base = ws[W_BASE_HUXI]
    shift = FIELD * t
    n = (ws[W_P] >> shift) & 3
    if (ws[W_WEIS] >> shift) & 1:
        hd = HD_WEI
    elif (ws[W_PENGS] >> shift) & 1:
        hd = HD_PENG
    elif n == 3:
        hd = HD_KAN
    elif n == 2:
        hd = HD_PAIR
    else:
        hd = HD_LESS
    rv = view(int(ws[W_RULES]), R_SIZE)
    pl = R_PLAN + (hd * 8 + want) * PL_COLS
    for sc in range(N_SC):
        ws[W_BH + sc] = NO_HUXI
    ran = 0  # whether some search split the tiles
    nup = rv[pl + PL_NUP]
    if nup > 0:
        if hd == HD_KAN:
            at = ws[W_NM] + popcount(ws[W_KAN] & ((1 << shift) - 1))
            off = base - ws[R_HX + 20 * P_KAN + t]
        else:
            at = _meld_of(wp, np.int64(K_WEI if hd == HD_WEI else K_PENG), t)
            off = base - ws[W_MHUXI + at]
        u = pl + PL_UP
        k = 0
        while k < nup:  # targets 0 and 1 in one search, then 2 (one call site: ``_search`` is inlined)
            _up_target(ws, rv, 0, u + k * PU_COLS, t, off, at)
            m = 1
            if k == 0 and nup > 1:
                _up_target(ws, rv, 1, u + PU_COLS, t, off, at)
                m = 2
            ran |= _search(wp, t, np.bool_(False), np.int64(-1), np.int64(m), floor, full)
            k += m
    nadd = rv[pl + PL_NADD]
    if nadd > 0:
        u = pl + PL_ADD
        triple = rv[u + PA_TRIPLE]
        _add_target(ws, rv, 0, u, t, base)
        m = 1
        if nadd > 1 and rv[u + PA_COLS + PA_TRIPLE] == triple:
            _add_target(ws, rv, 1, u + PA_COLS, t, base)
            m = 2
        ran |= _search(wp, t, np.bool_(True), t if triple else np.int64(-1), np.int64(m), floor, full)
        if nadd > m:
            ran |= _more_adds(wp, pl, np.int64(m), nadd, t, base, floor, full)
    for s in range(N_SOURCES):
        ws[W_OUT + s * N_OUT + O_WIN] = 0
    if ran or with_top:
        for s in range(N_SOURCES):  # (one call site: ``_finish`` is inlined)
            if (want >> s) & 1:
                _finish(wp, red_count, s, rv[pl + PL_SLOT + s], with_top, rv[pl + PL_FORCED + s], full)


# ================ answers =========================================================================


@inline
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
    d = a + 1 if kind == K_PAO or kind == K_TI or kind == K_ZHAO or kind == K_LONG else 0
    return (a << 20) | (b << 15) | (c << 10) | (d << 5) | kind


@kernel
def _answer_codes(wp, src, dst):
    """The 7 group codes at ws[src:src + 7] (exposed melds first, in input
    order) into ws[dst:dst + 7] in answer order: the exposed melds as they
    are, then the concealed groups by (is the pair, tiles, kind)."""
    ws = view(wp, W_SIZE)
    nm = ws[W_NM]
    for i in range(nm):
        ws[dst + i] = ws[src + i]
    for i in range(nm, 7):
        v = ws[src + i]
        key = _concealed_order(v)
        k = i
        while k > nm and ws[W_ORD + k - 1] > key:
            ws[dst + k] = ws[dst + k - 1]
            ws[W_ORD + k] = ws[W_ORD + k - 1]
            k -= 1
        ws[dst + k] = v
        ws[W_ORD + k] = key


@kernel
def _cmp_bests(wp, c1, c2):
    """-1, 0 or 1 as the sorted group list of best c1 (slot and class) is below, equal to, above c2's."""
    ws = view(wp, W_SIZE)
    a = _sorted_best(wp, c1)
    b = _sorted_best(wp, c2)
    cmp = 0
    for i in range(7):
        x = ws[a + i]
        y = ws[b + i]
        if cmp == 0 and x != y:
            cmp = -1 if x < y else 1
    return cmp


@inline
def _finish(wp, red_count, s, slot, with_top, forced, full):
    """Answer of source s (0 self, 1 other, 2 discard) from the two class bests of its slot,
    in W_OUT + s * N_OUT (O_WIN = 0 if it does not win); with ``with_top`` also
    the highest-胡息 split.  Without ``full`` only the numbers are set."""
    ws = view(wp, W_SIZE)
    out = W_OUT + s * N_OUT
    best = -1
    best_score = -1
    best_deng = 0
    for cls in range(2):
        h = ws[W_BH + 2 * slot + cls]
        if h >= ws[R_MIN_HUXI]:
            deng = ws[R_DENG + h]
            if s == 0:
                deng += ws[R_SELF_DENG]  # 自摸
            score = deng * ws[R_FAN + 2 * red_count + cls]
            # Highest score, then highest 胡息, then the smallest group list.
            better = best < 0 or score > best_score
            if best >= 0 and score == best_score:
                bh = ws[W_BH + 2 * slot + best]
                better = h > bh or (h == bh and full and _cmp_bests(wp, 2 * slot + cls, 2 * slot + best) < 0)
            if better:
                best = cls
                best_score = score
                best_deng = deng
    ws[out + O_WIN] = 0
    if best >= 0:
        sc = 2 * slot + best
        ws[out + O_WIN] = 1
        ws[out + O_HUXI] = ws[W_BH + sc]
        ws[out + O_DENG] = best_deng
        ws[out + O_FAN] = ws[R_FAN + 2 * red_count + best]
        ws[out + O_SCORE] = best_score
        ws[out + O_HOW] = ws[W_BHOW + sc]
        ws[out + O_OPT] = ws[W_BOPT + sc]
        ws[out + O_DD] = best
        ws[out + O_RED] = red_count
        if full:
            _answer_codes(wp, W_BK + 7 * sc, out + O_KEY)
    if with_top:
        # The highest 胡息, then the smallest group list, won or not (reference.hu).
        top = W_TOP + s * N_TOP
        best = -1
        for cls in range(2):
            h = ws[W_BH + 2 * slot + cls]
            if h >= 0:
                if best < 0 or h > ws[W_BH + 2 * slot + best]:
                    best = cls
                elif h == ws[W_BH + 2 * slot + best] and _cmp_bests(wp, 2 * slot + cls, 2 * slot + best) < 0:
                    best = cls
        ws[top + T_FORCED] = forced
        ws[top + T_HAS] = 0
        if best >= 0:
            sc = 2 * slot + best
            ws[top + T_HAS] = 1
            ws[top + T_HUXI] = ws[W_BH + sc]
            ws[top + T_OPT] = ws[W_BOPT + sc]
            _answer_codes(wp, W_BK + 7 * sc, top + T_KEY)


# ================ batch entry points ==============================================================


@kernel
def hu_batch(conc, mkind, mt, nmeld, qhand, qtile, qsources, with_top, full, rules, tables, out, top):
    """Queries q = (hand qhand[q], tile qtile[q]); qsources[q]: bit s asks source s
    (0 self, 1 other, 2 discard; a source the ruleset does not win on is not answered).

    Answers in out[ns * q + s] and, with ``with_top``, top[ns * q + s], where
    ns = R_NSRC (2, or 3 when the ruleset wins on discards).
    Only the fields of a win are written: out must be zeroed.  Without
    ``full`` (the win check with its best score) only O_WIN .. O_SCORE, O_DD
    and O_RED are: no groups, no `how`, and the search need not break ties;
    then ``tables`` (``half_tables`` as int8, or one item: none) replace the search.
    """
    ws = _scratch(rules)
    wp = address(ws)
    if not (full or with_top) and tables.shape[0] == TABLE_SIZE:
        ws[W_TAB] = address(tables)
    ns = ws[R_NSRC]
    sources = ws[R_SOURCES]
    last = -1
    reds = 0
    for q in range(qhand.shape[0]):
        h = qhand[q]
        if h != last:
            p, nm = _put_hand(ws, conc, mkind, mt, nmeld, h)
            ws[W_P] = p
            reds = _load_hand(wp, nm)
            last = h
        t = qtile[q]
        _solve_tile(wp, reds + ws[R_RED + t], t, qsources[q] & sources, with_top, full or with_top)
        for s in range(N_SOURCES):
            if s == 2 and ns == 2:
                break
            at = W_OUT + s * N_OUT
            r = ns * q + s
            if ws[at + O_WIN]:
                if full:
                    for f in range(N_OUT):
                        out[r, f] = ws[at + f]
                else:
                    for f in range(O_HOW):
                        out[r, f] = ws[at + f]
                    out[r, O_DD] = ws[at + O_DD]
                    out[r, O_RED] = ws[at + O_RED]
            if with_top:
                at = W_TOP + s * N_TOP
                for f in range(N_TOP):
                    top[r, f] = ws[at + f]


@kernel
def _ting_rows(wp, reds, h, x, out, row):
    """Every tile of the loaded hand, every source the ruleset wins on: one row
    of ``out`` per win from ``row`` on; return the next free row."""
    ws = view(wp, W_SIZE)
    held = ws[W_HELD]
    sources = ws[R_SOURCES]
    ns = ws[R_NSRC]
    no = np.bool_(False)
    yes = np.bool_(True)
    for t in range(20):
        if (held >> (FIELD * t)) & 7 < 4:
            _solve_tile(wp, reds + ws[R_RED + t], t, sources, no, yes)
            for s in range(ns):
                at = W_OUT + s * N_OUT
                if ws[at + O_WIN]:
                    out[row, C_HAND] = h
                    out[row, C_DROP] = x
                    out[row, C_TILE] = t
                    out[row, C_SRC] = s
                    for f in range(N_OUT):
                        out[row, C_ANS + f] = ws[at + f]
                    row += 1
    return row


@kernel
def ting_batch(conc, mkind, mt, nmeld, rules, out):
    """Every tile t of every hand at rest, every source the ruleset wins on: one row of ``out`` per win
    (C_HAND h, C_DROP -1, C_TILE t, C_SRC s, then the answer), in (h, t, s)
    order; returns the number of rows.  ``out`` needs 20 rows per hand and source won on.
    A tile held four times (concealed and melds) is never a wait.
    """
    ws = _scratch(rules)
    wp = address(ws)
    row = np.int64(0)
    for h in range(conc.shape[0]):
        p, nm = _put_hand(ws, conc, mkind, mt, nmeld, h)
        ws[W_P] = p
        reds = load_hand(wp, nm)
        row = _ting_rows(wp, reds, h, np.int64(-1), out, row)
    return row


@kernel
def discard_batch(conc, mkind, mt, nmeld, rules, out):
    """For each hand of c + 1 tiles and each discardable tile x (1 or 2 concealed,
    never a 坎 tile): the ting of the hand without x, one row of ``out`` per win
    (C_HAND h, C_DROP x, C_TILE t, C_SRC s, then the answer), in (h, x, t, s)
    order; returns the number of rows.  ``out`` needs 20 rows per
    discardable tile and source won on.
    """
    ws = _scratch(rules)
    wp = address(ws)
    row = np.int64(0)
    for h in range(conc.shape[0]):
        p, nm = _put_hand(ws, conc, mkind, mt, nmeld, h)
        for x in range(20):
            n = conc[h, x]
            if n != 1 and n != 2:
                continue
            # The hand without x (x is no 坎 tile: its copies are free).
            ws[W_P] = p - (1 << (FIELD * x))
            reds = load_hand(wp, nm)
            row = _ting_rows(wp, reds, h, x, out, row)
    return row
