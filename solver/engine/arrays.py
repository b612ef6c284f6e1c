"""The one place that turns a ``Ruleset`` into what the numba kernels read.

``of(rules)`` is the ruleset's ``RulesetArrays``, made once per ruleset
(``solver.model.derived``'s cache, keyed by the ruleset's content):

* ``win``: the win kernels' rule vector (``_kernels``, offsets ``R_*``): the
  胡息 of every pattern per tile, the sources the ruleset wins on
  (``sources``; ``n_slots`` answers per query), the take table as plans of
  searches (``_plans``, as ``reference._options`` reads the table), the
  free groups and bounds of the split search, 等 and 番 as tables; with
  ``groups`` (group code -> ``Group``) and ``fan_names`` to read the answers;
* ``free_win``: the same with every take free, for ``hu``'s forced reasons;
* ``tables``: the half tables of the win check with its best score
  (``_kernels.half_tables``), made on first use (a kernel call, about 30 ms).

What the distance kernels read is ``solver.engine.distance_arrays``, their
own encoding of a ruleset.

``announce_compile`` comes before every kernel call: the first of a process
compiles every kernel that is not in numba's cache yet, all at once, and says
so (``solver.engine.compiling``).  Importing this module imports numba.
"""
from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from ..model.derived import derived
from ..model.groups import SHAPES, Group, group_huxi, group_pattern
from ..model.results import SOURCES
from ..model.rules import Ruleset
from ..model.ruleset import FOUR_KINDS, HOLDINGS, PATTERNS, TAKE_SOURCES, Take
from ..model.tiles import N_KINDS
from . import _distance_kernels as DK
from . import _kernels as K
from . import compiling

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator

    from numpy.typing import NDArray

assert len(SHAPES) == K.N_SHAPES == DK.N_SHAPES
assert PATTERNS == ("ju", "ju123", "ju2710", "jiao", "kan", "peng", "wei", "pao", "ti", "zhao", "long", "jiang")
assert HOLDINGS == ("wei", "peng", "kan", "pair", "less") and TAKE_SOURCES == SOURCES == ("self", "other", "discard")
assert K.KIND_NAMES == tuple(sorted(K.KIND_NAMES))  # integer order of kinds is the reference's string order

#: ``tables`` of a ruleset whose 胡息 does not fit in int8: the win check then searches
NO_TABLES = np.zeros(1, np.int8)


def of(rules: Ruleset) -> RulesetArrays:
    """What the kernels read of ``rules`` (made once per ruleset: ``derived``'s cache)."""
    return derived(rules, RulesetArrays)


class RulesetArrays:
    """A ruleset as the kernels read it (see the module docstring)."""

    def __init__(self, rules: Ruleset):
        self.rules = rules
        # [shape] 胡息 of groups.SHAPES
        self.shape_huxi = [group_huxi(_shape_kind(s), s, rules) for s in SHAPES]
        #: the sources the ruleset wins on, as source indices (results.SOURCES order)
        self.sources = tuple(i for i, s in enumerate(SOURCES) if s in rules.win_on)
        #: answers per query of the batched win check (``wins.win_many``'s out[q, s]): 2, or 3 with discards
        self.n_slots = max(2, max(self.sources, default=0) + 1)
        self.win = _win_vector(self)
        #: [red count * 2 + 对对胡] -> fan names (``wins.fan_slot``)
        self.fan_names = tuple(rules.fan(r, duidui=bool(dd))[1] for r in range(K.MAX_RED + 1) for dd in (0, 1))
        #: group code -> Group, for every group an answer can hold
        self.groups = {code: _group(code, rules) for code in _every_code()}

    def huxi(self, pattern: int, tile: int) -> int:
        """胡息 of a group of pattern ``pattern`` (a P_* code) whose first tile is ``tile``."""
        return self.rules.huxi[PATTERNS[pattern]][tile]

    @cached_property
    def free_win(self) -> np.ndarray:
        """The rule vector with every take free (the winning tile joins the concealed
        tiles), answering source 0 only: whether a tile would have won without its
        compulsory group (``hu``'s ``forced_*`` reasons)."""
        v = self.win.copy()
        _plans(self.rules, v, lambda holding, source: _FREE)
        v[K.R_SOURCES] = 1
        return v

    @cached_property
    def tables(self) -> np.ndarray:
        """``_kernels.half_tables`` of the ruleset as int8 (about 30 ms), or
        ``NO_TABLES`` when some 胡息 does not fit in int8 or the 绞 differ in
        胡息 by their number (the win check then searches)."""
        if len(set(self.rules.huxi["jiao"][:N_KINDS // 2])) > 1:  # (a 绞 is valued by its small tile)
            return NO_TABLES
        tables = np.full(K.TABLE_SIZE, K.TABLE_NONE, np.int8)
        announce_compile(K.half_tables)
        return NO_TABLES if K.half_tables(self.win, tables) > 127 else tables


def _shape_kind(shape: tuple[int, ...]) -> str:
    return "jiao" if group_pattern(shape) == "jiao" else "ju"


def _packed(tiles: Iterable[int]) -> int:
    """Tiles as the win kernels' packed counts (FIELD bits per tile)."""
    return sum(1 << (K.FIELD * x) for x in tiles)


# ---------------------------------------------------------------- the win kernels' rule vector

def _win_vector(ra: RulesetArrays) -> np.ndarray:
    """The R_* vector of ``_kernels`` (its layout table says what each part is)."""
    rules = ra.rules
    v = np.zeros(K.R_SIZE, np.int64)
    v[K.R_MIN_HUXI] = rules.min_huxi
    v[K.R_DENG_BASE] = rules.deng_base
    v[K.R_DENG_STEP] = rules.deng_step
    # 等 by 胡息 (a table: the kernels never divide).  No hand reaches K.MAX_HUXI:
    # seven 提 of big tiles make 84.
    v[K.R_DENG:K.R_DENG + K.MAX_HUXI + 1] = [rules.deng(h, self_drawn=False) for h in range(K.MAX_HUXI + 1)]
    v[K.R_SELF_DENG] = rules.self_draw_deng
    v[K.R_PAO_JIANG] = int(rules.pao_needs_jiang)
    v[K.R_SOURCES] = sum(1 << s for s in ra.sources)
    v[K.R_NSRC] = ra.n_slots
    for p, pattern in enumerate(PATTERNS):
        v[K.R_HX + 20 * p:K.R_HX + 20 * p + 20] = rules.huxi[pattern]
    for t in range(N_KINDS):
        v[K.R_RED + t] = 1 if t in rules.red_tiles else 0
    for r in range(K.MAX_RED + 1):
        for dd in (0, 1):
            v[K.R_FAN + 2 * r + dd] = rules.fan(r, duidui=bool(dd))[0]
    # The free groups: (tiles, kind, 胡息, 对对 kind, how when it holds t, SP_*), in K.G_* row order.
    free: list[tuple[tuple[int, ...], int, int, int, int, int]] = []
    for shape, huxi in zip(SHAPES, ra.shape_huxi):
        shape_pattern = group_pattern(shape)
        kind = K.K_JIAO if shape_pattern == "jiao" else K.K_JU
        how = K.H_BIAN if shape_pattern in ("jiao", "ju2710") else K.H_SHUN
        free.append((shape, kind, huxi, 0, how, K.SP_SHAPE))
    for t in range(N_KINDS):
        free.append(((t, t), K.K_JIANG, ra.huxi(K.P_JIANG, t), 1, K.H_DANDIAO, K.SP_PAIR))
    for t in range(N_KINDS):
        free.append(((t,) * 3, K.K_PENG, ra.huxi(K.P_PENG, t), 1, K.H_PENG, K.SP_TRIPLE))
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
        v[K.R_WM + k] = _packed(x for x in range(N_KINDS) if w6[x] == w)
    v[K.R_REDS] = _packed(rules.red_tiles)
    gt = np.zeros((K.N_GROUPS, K.G_COLS), np.int64)
    for g, (tiles, kind, huxi, dd, how, sp) in enumerate(free):
        gt[g, K.G_MASK] = _packed(tiles)
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
                partners.add(_packed(rest))
        assert len(partners) < K.JOIN_COLS
        at = K.R_JOIN + t * K.JOIN_COLS
        v[at] = len(partners)
        v[at + 1: at + 1 + len(partners)] = sorted(partners)
    _plans(rules, v)
    return v


# ---------------------------------------------------------------- the take table as plans

_FREE = Take("free", False, False, True)
_MAKES_HOW = {"ti": K.H_TI, "pao": K.H_PAO, "zhao": K.H_ZHAO, "wei": K.H_WEI, "peng": K.H_PENG}


def _choices(holding: str, take: Take) -> tuple[list[tuple[int, int, int, int]], list[tuple[int, int, int, int, int]],
                                                int]:
    """What a take allows the winning tile, as the kernels' search targets less
    their slot, as ``reference._options`` lists them: (the "up" targets PU_*,
    the "add" targets PA_*, the forced code: 1 + the K_* kind of the group
    the tile must make when nothing else is allowed, else 0)."""
    pattern = PATTERNS.index
    makes = take.makes
    pair = holding == "pair"
    # t joins the concealed tiles (with a pair it may make a 碰, valued as 碰)
    free = (-1, K.OPT_FREE_TRIPLE if pair else K.OPT_FREE, -1, 0, int(pair))
    if makes == "free":
        return [], [free], 0
    kind = K.KIND_NAMES.index(makes)
    ups, adds = [], []
    if pair:  # onto the pair: a triplet made at once (偎, or an own 碰), valued as its kind
        adds.append((_MAKES_HOW[makes], K.OPT_TRIPLET, kind, pattern(makes), 1))
    else:  # the exposed 偎/碰 or the 坎 becomes the 4-tile group
        ups.append((pattern(makes), kind, _MAKES_HOW[makes], K.OPT_KAN_UP if holding == "kan" else K.OPT_UPG))
    if take.po:  # 破跑: t goes into another group, the meld or 坎 staying
        adds.append((K.H_POPAO, K.OPT_POPAO, -1, 0, 0))
    elif not take.compulsory:
        adds.append(free)
    return ups, adds, 0 if take.po or not take.compulsory else 1 + kind


def _plans(rules: Ruleset, v: NDArray[np.int64], take: Callable[[str, str], Take] | None = None) -> None:
    """The R_PLAN part of the rule vector: for each holding and each set of sources
    asked, the targets of the searches (see ``_kernels``, PL_*); ``take(holding,
    source)``: the take table (default the ruleset's, a missing row free)."""
    take = take or (lambda holding, source: rules.take.get((holding, source), _FREE))
    for h, holding in enumerate(HOLDINGS):
        choice = [_choices(holding, take(holding, s)) for s in TAKE_SOURCES]
        for want in range(8):
            at = K.R_PLAN + (h * 8 + want) * K.PL_COLS
            asked = [s for s in range(K.N_SOURCES) if want >> s & 1]
            ups: list[tuple[int, ...]] = []
            adds: list[tuple[int, ...]] = []
            for s in asked:
                up, add, forced = choice[s]
                # Sources with the same choices share the first one's slot.
                slot = next(r for r in asked if choice[r][:2] == (up, add))
                v[at + K.PL_SLOT + s] = slot
                v[at + K.PL_FORCED + s] = forced
                if slot == s:
                    ups += [(slot, *u) for u in up]
                    adds += [(slot, *a) for a in add]
            # The targets that let the triplet of t form first (a search runs two that agree).
            adds.sort(key=lambda a: -a[K.PA_TRIPLE])
            assert len(ups) <= K.N_SOURCES and len(adds) <= K.MAX_ADD
            v[at + K.PL_NUP] = len(ups)
            v[at + K.PL_NADD] = len(adds)
            for j, target in enumerate(ups):
                v[at + K.PL_UP + j * K.PU_COLS:at + K.PL_UP + (j + 1) * K.PU_COLS] = target
            for j, target in enumerate(adds):
                v[at + K.PL_ADD + j * K.PA_COLS:at + K.PL_ADD + (j + 1) * K.PA_COLS] = target


def encode(kind: int, tiles: tuple[int, ...]) -> int:
    """The win kernels' integer for a group (K_* kind; see solver.engine._kernels)."""
    a = tiles[0]
    b = tiles[1]
    c = tiles[2] if len(tiles) > 2 else 0
    return (kind << 15) | (a << 10) | (b << 5) | c


def _every_code() -> Iterator[int]:
    """The code of every group an answer can hold."""
    for shape in SHAPES:
        yield encode(K.K_JIAO if group_pattern(shape) == "jiao" else K.K_JU, shape)
        yield encode(K.K_CHI, shape)
    for t in range(N_KINDS):
        yield encode(K.K_JIANG, (t, t))
        for kind in (K.K_KAN, K.K_PENG, K.K_WEI, K.K_PAO, K.K_TI, K.K_ZHAO, K.K_LONG):
            yield encode(kind, (t,) * 3)


def _group(code: int, rules: Ruleset) -> Group:
    """The Group of a group code."""
    kind = K.KIND_NAMES[code >> 15]
    a, b, c = (code >> 10) & 31, (code >> 5) & 31, code & 31
    tiles: tuple[int, ...]
    if kind == "jiang":
        tiles = (a, a)
    elif kind in FOUR_KINDS:
        tiles = (a,) * 4
    elif kind in ("kan", "peng", "wei"):
        tiles = (a,) * 3
    else:
        tiles = (a, b, c)
    return Group(kind, tiles, group_huxi(kind, tiles, rules))


# ---------------------------------------------------------------- compiling

def announce_compile(kernel: object) -> None:
    """Before a call of ``kernel``: the first such call of the process compiles
    every kernel of the same work (a hand's analysis, or play) that has no
    usable cache entry yet, announced with its progress on stderr
    (``compiling.start``); every later call for that work returns at once.
    """
    compiling.start(kernel)
