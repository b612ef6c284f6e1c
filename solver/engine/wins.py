"""Batch answers from the numba kernels, as the reference's dataclasses.

The thin layer between validated ``Hand`` objects and ``solver.engine._kernels``:
it turns hands and the ruleset into integer arrays, calls one kernel for a
whole batch, and builds the same ``Ting`` / ``Discards`` / ``HuResult`` values
``solver.engine.reference`` returns.  Importing this module imports numba; nothing
else in ``solver`` does at import time.

Building the answers costs more than finding them, so it is done lean: the
kernels write one compact row per win (``K.C_*``), read back with one
``tolist()``; every group of a ruleset is built once (``RuleArrays.groups``);
answer dataclasses are filled without going through their ``__init__``.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, fields
from typing import Callable, Sequence

import numpy as np

from ..model import scoring
from ..model.groups import SHAPES, Group, group_huxi, group_pattern
from ..model.hand import Hand
from ..model.results import HOWS, DiscardRow, Discards, HuResult, Ting, Wait, Win
from ..model.rules import PATTERNS, Ruleset
from ..model.tiles import COPIES, N_KINDS
from . import _kernels as K
from ._jit import will_compile

assert len(SHAPES) == K.N_SHAPES
KIND_CODE = {name: i for i, name in enumerate(K.KIND_NAMES)}
SOURCE_INDEX = {"self": 0, "other": 1}
# Hands per kernel call: bounds the memory of the answer arrays.
CHUNK = 1024
DISCARD_CHUNK = 256


# --- the ruleset as arrays ---------------------------------------------------

@dataclass(frozen=True, eq=False)
class RuleArrays:
    """A ruleset as the kernels see it: one int64 vector (layout: the R_* offsets)."""
    rules: Ruleset
    vec: np.ndarray
    groups: dict  # group code -> Group (every group the kernels can answer with)
    fan_names: tuple  # [red count * 2 + 对对胡] -> fan names


_RULE_ARRAYS: dict[int, RuleArrays] = {}


def rule_arrays(rules: Ruleset) -> RuleArrays:
    """The kernels' view of ``rules`` (built once per ruleset object)."""
    ra = _RULE_ARRAYS.get(id(rules))
    if ra is not None and ra.rules is rules:
        return ra
    v = np.zeros(K.R_SIZE, np.int64)
    v[K.R_MIN_HUXI] = rules.min_huxi
    v[K.R_DENG_BASE] = rules.deng_base
    v[K.R_DENG_STEP] = rules.deng_step
    # 等 by 胡息 (a table: the kernels never divide).  No hand reaches K.MAX_HUXI:
    # seven 提 of big tiles make 84.
    v[K.R_DENG:K.R_DENG + K.MAX_HUXI + 1] = [rules.deng(h, self_drawn=False) for h in range(K.MAX_HUXI + 1)]
    v[K.R_SELF_DENG] = rules.self_draw_deng
    v[K.R_PAO_JIANG] = int(rules.pao_needs_jiang)
    v[K.R_PAIR_WEI] = int(rules.self_pair_must_wei)
    for p, pattern in enumerate(PATTERNS):
        v[K.R_HX + 2 * p: K.R_HX + 2 * p + 2] = rules.huxi[pattern]
    for t in range(N_KINDS):
        v[K.R_RED + t] = 1 if t in rules.red_tiles else 0
    for r in range(K.MAX_RED + 1):
        for dd in (0, 1):
            v[K.R_FAN + 2 * r + dd] = rules.fan(r, duidui=bool(dd))[0]
    # The free groups: (tiles, kind, 胡息, 对对 kind, how when it holds t, SP_*), in K.G_* row order.
    free = []
    for shape in SHAPES:
        pattern = group_pattern(shape)
        kind = K.K_JIAO if pattern == "jiao" else K.K_JU
        how = K.H_BIAN if pattern in ("jiao", "ju2710") else K.H_SHUN
        free.append((shape, kind, group_huxi(K.KIND_NAMES[kind], shape, rules), 0, how, K.SP_SHAPE))
    for t in range(N_KINDS):
        free.append(((t, t), K.K_JIANG, group_huxi("jiang", (t, t), rules), 1, K.H_DANDIAO, K.SP_PAIR))
    for t in range(N_KINDS):
        free.append(((t,) * 3, K.K_PENG, group_huxi("peng", (t,) * 3, rules), 1, K.H_PENG, K.SP_TRIPLE))
    assert len(free) == K.N_GROUPS
    # Each tile is worth at most its share of the richest shape or pair it
    # can join (in sixths, so that shares of pairs are whole numbers).  The
    # 碰 triplet only ever forms from the winning tile and its pair: its
    # excess over its tiles' shares goes into the bound of that search alone.
    w6 = [0] * N_KINDS
    for tiles, _, huxi, _, _, sp in free:
        if sp != K.SP_TRIPLE:
            for x in tiles:
                w6[x] = max(w6[x], 6 * huxi // len(tiles))
    for t in range(N_KINDS):
        v[K.R_TRIPLE_EXTRA + t] = max(0, 6 * free[K.G_TRIPLE + t][2] - 3 * w6[t])
    v[K.R_W6:K.R_W6 + N_KINDS] = w6
    weights = sorted(set(w6) - {0})
    assert len(weights) <= K.MAX_WEIGHTS
    v[K.R_NW] = len(weights)
    for k, w in enumerate(weights):
        v[K.R_WV + k] = w
        v[K.R_WM + k] = sum(1 << (K.FIELD * x) for x in range(N_KINDS) if w6[x] == w)
    v[K.R_REDS] = sum(1 << (K.FIELD * x) for x in rules.red_tiles)
    gt = np.zeros((K.N_GROUPS, K.G_COLS), np.int64)
    for g, (tiles, kind, huxi, dd, how, sp) in enumerate(free):
        gt[g, K.G_MASK] = sum(1 << (K.FIELD * x) for x in tiles)
        gt[g, K.G_CODE] = encode(kind, tiles)
        gt[g, K.G_HUXI] = huxi
        gt[g, K.G_DD] = dd
        gt[g, K.G_W6] = sum(w6[x] for x in tiles)
        gt[g, K.G_HOW] = how
        gt[g, K.G_SP] = sp
        gt[g, K.G_KIND] = kind
    v[K.R_GT:K.R_NSH] = gt.ravel()
    for t in range(N_KINDS):
        # Richest shapes first: a good split found early lets the bound cut the rest.
        own = sorted((g for g, s in enumerate(SHAPES) if s[0] == t), key=lambda g: -gt[g, K.G_HUXI])
        v[K.R_NSH + t] = len(own)
        own += [K.G_PAIR + t, K.G_TRIPLE + t]
        assert len(own) <= K.LIST_COLS
        for k, g in enumerate(own):
            at = t * K.LIST_COLS + k
            v[K.R_CG + at] = g
            v[K.R_CM + at] = gt[g, K.G_MASK]
            v[K.R_CB + at] = 6 * gt[g, K.G_HUXI] - gt[g, K.G_W6]
            v[K.R_CH + at] = gt[g, K.G_HUXI]
            v[K.R_CD + at] = 1 - gt[g, K.G_DD]
            v[K.R_CS + at] = gt[g, K.G_SP]
    for t in range(N_KINDS):
        partners = set()
        for shape in SHAPES:
            if t in shape:
                rest = list(shape)
                rest.remove(t)
                partners.add(sum(1 << (K.FIELD * x) for x in rest))
        assert len(partners) < K.JOIN_COLS
        at = K.R_JOIN + t * K.JOIN_COLS
        v[at] = len(partners)
        v[at + 1: at + 1 + len(partners)] = sorted(partners)
    fan_names = tuple(rules.fan(r, duidui=bool(dd))[1] for r in range(K.MAX_RED + 1) for dd in (0, 1))
    ra = RuleArrays(rules, v, {}, fan_names)
    for code in _every_code():
        decode(code, ra)
    _RULE_ARRAYS[id(rules)] = ra
    return ra


def _every_code():
    """The code of every group an answer can hold."""
    for shape in SHAPES:
        yield encode(K.K_JIAO if group_pattern(shape) == "jiao" else K.K_JU, shape)
        yield encode(K.K_CHI, shape)
    for t in range(N_KINDS):
        yield encode(K.K_JIANG, (t, t))
        for kind in (K.K_KAN, K.K_PENG, K.K_WEI, K.K_PAO, K.K_TI):
            yield encode(kind, (t,) * 3)


def encode(kind: int, tiles: tuple[int, ...]) -> int:
    """The kernels' integer for a group (see solver.engine._kernels)."""
    a = tiles[0]
    b = tiles[1]
    c = tiles[2] if len(tiles) > 2 else 0
    return (kind << 15) | (a << 10) | (b << 5) | c


def decode(code: int, ra: RuleArrays) -> Group:
    g = ra.groups.get(code)
    if g is None:
        kind = K.KIND_NAMES[code >> 15]
        a, b, c = (code >> 10) & 31, (code >> 5) & 31, code & 31
        if kind == "jiang":
            tiles = (a, a)
        elif kind in ("pao", "ti"):
            tiles = (a,) * 4
        elif kind in ("kan", "peng", "wei"):
            tiles = (a,) * 3
        else:
            tiles = (a, b, c)
        g = ra.groups[code] = Group(kind, tiles, group_huxi(kind, tiles, ra.rules))
    return g


# --- hands as arrays ---------------------------------------------------------

@dataclass(frozen=True, eq=False)
class HandArrays:
    hands: Sequence[Hand]
    # int8 throughout: a batch kernel reads each hand once, from memory.
    conc: np.ndarray  # [hand, tile] concealed counts
    mkind: np.ndarray  # [hand, meld] kind code
    mt: np.ndarray  # [hand, meld, 3] first three tiles of the meld, ascending
    nmeld: np.ndarray  # [hand]

    def args(self):
        return self.conc, self.mkind, self.mt, self.nmeld

    def __len__(self):
        return self.conc.shape[0]

    def slice(self, lo: int, hi: int) -> "HandArrays":
        return HandArrays(self.hands[lo:hi], self.conc[lo:hi], self.mkind[lo:hi], self.mt[lo:hi],
                          self.nmeld[lo:hi])


def marshal(hands: Sequence[Hand]) -> HandArrays:
    """Validated hands as the kernels' arrays."""
    n = len(hands)
    conc = np.array([h.concealed for h in hands], np.int64).reshape(n, N_KINDS)
    return marshal_counts(conc, [h.melds for h in hands], hands)


def marshal_counts(conc: np.ndarray, melds: Sequence[Sequence], hands: Sequence[Hand] = ()) -> HandArrays:
    """The kernels' arrays from concealed counts [hand, tile] and each hand's melds
    (``hands`` are kept alongside, when there are Hand objects)."""
    n = conc.shape[0]
    mkind = np.zeros((n, K.MAX_MELDS), np.int8)
    mt = np.zeros((n, K.MAX_MELDS, 3), np.int8)
    nmeld = np.zeros(n, np.int8)
    for i, ms in enumerate(melds):
        if ms:
            nmeld[i] = len(ms)
            for j, m in enumerate(ms):
                mkind[i, j] = KIND_CODE[m.kind]
                mt[i, j] = sorted(m.tiles)[:3]
    return HandArrays(list(hands), np.ascontiguousarray(conc, np.int8), mkind, mt, nmeld)


def held_counts(hand: Hand) -> tuple[int, ...] | list[int]:
    """Copies of each tile in the hand, concealed and melds (``Hand.all_counts``)."""
    return hand.all_counts() if hand.melds else hand.concealed


# --- compiling ----------------------------------------------------------------

_announced = False


def _announce_compile(*kernels) -> None:
    """One line on stderr when a kernel has no usable cache entry yet (it is about to compile)."""
    global _announced
    if not _announced and any(map(will_compile, kernels)):
        _announced = True
        print("phz: compiling the solver kernels (first run only)…", file=sys.stderr, flush=True)


# --- kernel calls ----------------------------------------------------------------

def ting_rows(ha: HandArrays, ra: RuleArrays) -> np.ndarray:
    """ting_batch on a batch: one row per win (fields K.C_*), in (hand, tile, source) order."""
    _announce_compile(K.ting_batch)
    out = np.empty((max(1, len(ha)) * K.TING_ROWS, K.N_ROW), np.int32)
    n = K.ting_batch(*ha.args(), ra.vec, out)
    return out[:n]


def discard_rows(ha: HandArrays, ra: RuleArrays) -> np.ndarray:
    """discard_batch on a batch: one row per win (fields K.C_*), in (hand, discard, tile, source) order."""
    _announce_compile(K.discard_batch)
    drops = int(((ha.conc == 1) | (ha.conc == 2)).sum())
    out = np.empty((max(1, drops) * K.TING_ROWS, K.N_ROW), np.int32)
    n = K.discard_batch(*ha.args(), ra.vec, out)
    return out[:n]


# --- answers --------------------------------------------------------------------

def _maker(cls, names: tuple[str, ...]) -> Callable:
    """A constructor of the frozen dataclass ``cls`` that fills its fields
    without running its ``__init__`` (five times faster; same value)."""
    assert tuple(f.name for f in fields(cls)) == names, f"{cls.__name__} changed: update solver.engine.wins"
    args = ", ".join(names)
    body = "".join(f"    d[{n!r}] = {n}\n" for n in names)
    scope = {"new": object.__new__, "cls": cls}
    exec(f"def make({args}):\n    o = new(cls)\n    d = o.__dict__\n{body}    return o\n", scope)
    return scope["make"]


_win = _maker(Win, ("huxi", "deng", "fan", "fan_names", "score", "how", "groups"))
_wait = _maker(Wait, ("tile", "outs", "self", "other"))
_row = _maker(DiscardRow, ("tile", "outs", "expected_score", "best_score", "waits"))

# Offsets of a win's fields in a compact row read back as a list (also read
# by render.RowText, which turns rows straight into JSON text).
_A = K.C_ANS
WIN_HUXI, WIN_DENG, WIN_FAN, WIN_SCORE = _A + K.O_HUXI, _A + K.O_DENG, _A + K.O_FAN, _A + K.O_SCORE
WIN_HOW, WIN_KEY = _A + K.O_HOW, _A + K.O_KEY
_WIN_DD, _WIN_RED = _A + K.O_DD, _A + K.O_RED


def fan_slot(row: list) -> int:
    """Where a win row's fan names are in ``RuleArrays.fan_names``: by red count and 对对胡."""
    return 2 * row[_WIN_RED] + row[_WIN_DD]


def _win_of(row: list, ra: RuleArrays) -> Win:
    g = ra.groups.__getitem__
    return _win(row[WIN_HUXI], row[WIN_DENG], row[WIN_FAN], ra.fan_names[fan_slot(row)],
                row[WIN_SCORE], HOWS[row[WIN_HOW]], tuple(map(g, row[WIN_KEY:])))


def _waits_of(rows: list, lo: int, hi: int, held, seen, ra: RuleArrays) -> tuple[Wait, ...]:
    """The waits of rows[lo:hi], the wins of one hand (or one discard), in tile order."""
    waits = []
    i = lo
    while i < hi:
        row = rows[i]
        t = row[K.C_TILE]
        w_self = w_other = None
        if row[K.C_SRC] == 0:
            w_self = _win_of(row, ra)
            i += 1
            if i < hi and rows[i][K.C_TILE] == t:
                w_other = _win_of(rows[i], ra)
                i += 1
        else:
            w_other = _win_of(row, ra)
            i += 1
        waits.append(_wait(t, COPIES - held[t] - seen[t], w_self, w_other))
    return tuple(waits)


def _spans(rows: list, n: int, column: int = K.C_HAND):
    """(lo, hi) of the rows of each hand 0..n-1 (rows sorted by ``column``)."""
    spans = [(0, 0)] * n
    lo = 0
    end = len(rows)
    while lo < end:
        h = rows[lo][column]
        hi = lo + 1
        while hi < end and rows[hi][column] == h:
            hi += 1
        spans[h] = (lo, hi)
        lo = hi
    return spans


def _each_hand(hands: Sequence[Hand], chunk: int, kernel_rows: Callable, ra: RuleArrays):
    """(hand, rows, a, b, q) for each hand q, its wins being rows[a:b]: the hands
    marshalled and answered by ``kernel_rows`` ``chunk`` at a time."""
    for lo in range(0, len(hands), chunk):
        ha = marshal(hands[lo:lo + chunk])
        rows = kernel_rows(ha, ra).tolist()
        for i, (a, b) in enumerate(_spans(rows, len(ha))):
            yield ha.hands[i], rows, a, b, lo + i


def ting_many(hands: Sequence[Hand], seen_counts_list: Sequence[Sequence[int]], rules: Ruleset) -> list[Ting]:
    """reference.ting for each validated hand at rest, from one kernel call per chunk."""
    ra = rule_arrays(rules)
    return [Ting(hand, _waits_of(rows, a, b, held_counts(hand), seen_counts_list[q], ra) if b > a else ())
            for hand, rows, a, b, q in _each_hand(hands, CHUNK, ting_rows, ra)]


def discard_many(hands: Sequence[Hand], seen_counts_list: Sequence[Sequence[int]],
                 rules: Ruleset) -> list[Discards]:
    """reference.discard for each validated hand of c + 1 tiles."""
    ra = rule_arrays(rules)
    result = []
    for hand, rows, a, b, q in _each_hand(hands, DISCARD_CHUNK, discard_rows, ra):
        # Without x, and x counted as seen: the outs of every tile stay as they are.
        held = held_counts(hand)
        seen = seen_counts_list[q]
        ranked = []
        r = a
        for x in range(N_KINDS):
            if hand.concealed[x] not in (1, 2):
                continue
            start = r
            while r < b and rows[r][K.C_DROP] == x:
                r += 1
            waits = _waits_of(rows, start, r, held, seen, ra) if r > start else ()
            total, weighted, best = scoring.weigh(waits, rules)
            row = _row(x, total, scoring.expected(total, weighted, rules), best, waits)
            ranked.append((scoring.outs_key(total, weighted, best, x), row))
        ranked.sort(key=lambda r: r[0])
        result.append(Discards(hand, tuple(r[1] for r in ranked)))
    return result


_HALF_TABLES: dict[int, tuple[Ruleset, np.ndarray]] = {}
NO_TABLES = np.zeros(1, np.int8)


def half_tables(rules: Ruleset) -> np.ndarray:
    """``K.half_tables`` of ``rules`` as int8 (built once per ruleset, in about
    30 ms), or ``NO_TABLES`` if some 胡息 does not fit in int8."""
    got = _HALF_TABLES.get(id(rules))
    if got is not None and got[0] is rules:
        return got[1]
    tables = np.full(K.TABLE_SIZE, K.TABLE_NONE, np.int8)
    _announce_compile(K.half_tables)
    if K.half_tables(rule_arrays(rules).vec, tables) > 127:
        tables = NO_TABLES
    _HALF_TABLES[id(rules)] = (rules, tables)
    return tables


SOURCE_BITS = {"self": 1, "other": 2, "both": 3}


def win_args(ha: HandArrays, tiles: Sequence[int], sources: Sequence[str], rules: Ruleset, *,
             with_top: bool = False, full: bool = True) -> tuple:
    """``K.hu_batch``'s arguments for hand q of ``ha`` on tiles[q] from sources[q]
    (its answer arrays, zeroed, are the last two)."""
    n = len(ha)
    qsrc = np.array([SOURCE_BITS[s] for s in sources], np.int64)
    out = np.zeros((2 * n, K.N_OUT), np.int32)
    top = np.zeros((2 * n if with_top else 1, K.N_TOP), np.int32)
    tables = NO_TABLES if full or with_top else half_tables(rules)
    return (*ha.args(), np.arange(n, dtype=np.int64), np.asarray(tiles, np.int64), qsrc, with_top, full,
            rule_arrays(rules).vec, tables, out, top)


def win_many(hands: Sequence[Hand] | HandArrays, tiles: Sequence[int], sources: Sequence[str],
             rules: Ruleset, *, with_top: bool = False, full: bool = True) -> np.ndarray | tuple[np.ndarray, np.ndarray]:
    """The batched win check: out[q, s] (s = 0 self, 1 other) of hand q on tiles[q] from sources[q].

    Raw kernel arrays (fields K.O_*); ``sources`` items are 'self', 'other' or
    'both'.  ``hands`` may be pre-marshalled with ``marshal``.  With
    ``with_top`` it also returns the highest-胡息 split per source (K.T_*).
    Without ``full`` only the numbers of a win are set (K.O_WIN..K.O_SCORE,
    K.O_DD, K.O_RED): the win check with its best score, read from the half
    tables (``half_tables``) instead of searched.
    """
    ha = hands if isinstance(hands, HandArrays) else marshal(hands)
    n = len(ha)
    args = win_args(ha, tiles, sources, rules, with_top=with_top, full=full)
    _announce_compile(K.hu_batch)
    K.hu_batch(*args)
    out = args[-2].reshape(n, 2, K.N_OUT)
    return (out, args[-1].reshape(n, 2, K.N_TOP)) if with_top else out


def _answer_win(row: list, ra: RuleArrays) -> Win:
    """A Win from the K.O_* fields of hu_batch."""
    g = ra.groups.__getitem__
    return _win(row[K.O_HUXI], row[K.O_DENG], row[K.O_FAN], ra.fan_names[2 * row[K.O_RED] + row[K.O_DD]],
                row[K.O_SCORE], HOWS[row[K.O_HOW]], tuple(map(g, row[K.O_KEY:])))


def hu_many(hands: Sequence[Hand], tiles: Sequence[int], sources: Sequence[str],
            rules: Ruleset) -> list[HuResult]:
    """reference.hu (all_splits=False) for each (validated hand at rest, tile, source)."""
    ra = rule_arrays(rules)
    out, top = win_many(hands, tiles, ["both"] * len(hands), rules, with_top=True)
    out = out.tolist()
    top = top.tolist()
    g = ra.groups.__getitem__
    result = []
    for q, (hand, t, source) in enumerate(zip(hands, tiles, sources)):
        s = SOURCE_INDEX[source]
        row = out[q][s]
        if row[K.O_WIN]:
            win = _answer_win(row, ra)
            result.append(HuResult(hand, t, source, win, None, win.huxi, win.groups))
            continue
        tp = top[q][s]
        forced = tp[K.T_FORCED]
        if forced and out[q][1][K.O_WIN]:
            reason = "forced_ti" if forced == 1 else "forced_wei"
        elif tp[K.T_HAS]:
            reason = "huxi_short"
        else:
            reason = "no_7_groups"
        if tp[K.T_HAS]:
            groups = tuple(map(g, tp[K.T_KEY:]))
            result.append(HuResult(hand, t, source, None, reason, tp[K.T_HUXI], groups))
        else:
            result.append(HuResult(hand, t, source, None, reason, None, ()))
    return result
