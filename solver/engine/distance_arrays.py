"""What the distance kernels read of a ruleset: ``of(rules)``, made once per ruleset object.

``of(rules).context`` is the CX_* vector of ``_distance_kernels`` (its layout
table says what each part is), built from the ``Ruleset`` alone: the 胡息 of
every pattern per tile, and the two tables of RULES.md that the search
reads — how a winning tile may be used (section 4, the take table over the
sources the ruleset wins on) and which intakes count (section 6, its
``luzhou`` version in section 8), both by what the hand holds of the tile.
``of(rules).memo`` is the memo of answers shared by every search with that
ruleset (25 MB, made on first use).

>>> from solver.model.rules import HUNAN, get_ruleset
>>> intakes(HUNAN)["pair"], intakes(HUNAN)["wei"], intakes(HUNAN)["peng"]
(('chi', 'peng', 'wei'), ('pao', 'ti'), ('chi', 'pao'))
>>> lz = get_ruleset("luzhou")
>>> intakes(lz)["pair"], intakes(lz)["kan"], intakes(lz)["peng"], intakes(lz)["less"]
(('peng',), ('zhao',), ('chi', 'zhao'), ('chi',))
"""
from __future__ import annotations

from functools import cached_property

import numpy as np

from ..model.groups import SHAPES, group_pattern
from ..model.ruleset import FOUR_KINDS, HOLDINGS, PATTERNS, TAKE_SOURCES, Ruleset
from ..model.tiles import N_KINDS
from . import _distance_kernels as DK

#: slots of the distance memo (3 words and a byte each: about 25 MB)
MEMO_CAPACITY = 1 << 20

#: the kernels' intake kinds (I_*), in code order
INTAKE_KINDS = ("chi", "peng", "wei", "pao", "ti", "zhao")
#: where a tile that may be eaten comes from: a ``chi_from`` origin's source
CHI_SOURCE = {"upper-discard": "discard", "upper-draw": "other", "self-draw": "self"}
_THREE_KINDS = ("peng", "wei")

assert PATTERNS.index("jiang") == DK.P_JIANG and PATTERNS.index("zhao") == DK.P_ZHAO
assert len(PATTERNS) == DK.N_PATTERNS and len(SHAPES) == DK.N_SHAPES
assert HOLDINGS == ("wei", "peng", "kan", "pair", "less") and (DK.H_WEI, DK.H_PAIR, DK.H_LESS) == (0, 3, 4)
assert INTAKE_KINDS.index("zhao") == DK.I_ZHAO


def of(rules: Ruleset) -> DistanceArrays:
    """What the distance kernels read of ``rules`` (made once per ruleset object)."""
    got = _CACHE.get(id(rules))
    if got is None or got.rules is not rules:
        got = _CACHE[id(rules)] = DistanceArrays(rules)
    return got


class DistanceArrays:
    def __init__(self, rules: Ruleset):
        self.rules = rules
        self.context = context(rules)

    @cached_property
    def memo(self) -> DistanceMemo:
        return DistanceMemo()


_CACHE: dict[int, DistanceArrays] = {}


# ---------------------------------------------------------------- the two tables, from the ruleset's fields

def _takes(rules: Ruleset, holding: str, sources) -> list:
    return [rules.take[holding, s] for s in sources if (holding, s) in rules.take]


def intakes(rules: Ruleset) -> dict[str, tuple[str, ...]]:
    """The intakes that count (RULES.md 6, its ``luzhou`` table in 8), by what the hand holds of the tile.

    A 4-tile group onto a 偎, 碰 or 坎 is whatever the take table makes of the
    tile from some source; a concealed pair is 碰'd, or made what the take
    table makes of it (偎); a tile is eaten when some source it may be eaten
    from (``chi_from``) leaves it free or not compulsory, never a 坎's tile,
    and never a pair's tile when 碰 is compulsory.
    """
    chi_sources = [CHI_SOURCE[o] for o in rules.chi_from]
    out = {}
    for holding in HOLDINGS:
        kinds = set()
        for take in _takes(rules, holding, TAKE_SOURCES):
            if take.makes in FOUR_KINDS or (holding == "pair" and take.makes in _THREE_KINDS):
                kinds.add(take.makes)
        if holding == "pair":
            kinds.add("peng")
        eaten = any(t.makes == "free" or not t.compulsory for t in _takes(rules, holding, chi_sources))
        if eaten and holding != "kan" and not (holding == "pair" and rules.peng_compulsory):
            kinds.add("chi")
        out[holding] = tuple(k for k in INTAKE_KINDS if k in kinds and (k == "chi" or k in rules.melds))
    return out


def winning_uses(rules: Ruleset) -> dict[str, tuple[bool, tuple[str, ...]]]:
    """How a winning tile may be used (RULES.md 4, over every source the
    ruleset wins on), by what the hand holds of it: (it may join the free
    tiles, the groups it may make with the meld, 坎 or pair).

    A tile joins the free tiles where the take table leaves it free, allows
    破跑 or does not compel what it makes; a free tile onto a pair may make
    a triplet valued as 碰 (not under 破跑: the pair is not a meld to keep).

    >>> from solver.model.rules import HUNAN, get_ruleset
    >>> winning_uses(HUNAN)["kan"], winning_uses(HUNAN)["pair"]
    ((True, ('pao', 'ti')), (True, ('peng', 'wei')))
    >>> lz = winning_uses(get_ruleset("luzhou"))
    >>> lz["kan"], lz["peng"], lz["pair"]
    ((False, ('zhao',)), (True, ('zhao',)), (True, ('peng',)))
    """
    out = {}
    for holding in HOLDINGS:
        takes = _takes(rules, holding, rules.win_on)
        free = any(t.makes == "free" or t.po or not t.compulsory for t in takes)
        makes = {t.makes for t in takes if t.makes != "free"}
        if holding == "pair" and any(t.makes == "free" or not t.compulsory for t in takes):
            makes.add("peng")
        out[holding] = (free, tuple(sorted(makes)))
    return out


# ---------------------------------------------------------------- the context vector

def context(rules: Ruleset) -> np.ndarray:
    """The CX_* vector of ``_distance_kernels`` (its layout table says what each part is)."""
    if any(rules.huxi["jiang"]):
        raise NotImplementedError("a ruleset whose 将 pair carries 胡息")
    hx = {p: rules.huxi[p] for p in PATTERNS}
    cx = np.zeros(DK.CX_SIZE, np.int64)
    cx[DK.CX_MIN] = rules.min_huxi
    cx[DK.CX_JIANG] = int(rules.pao_needs_jiang)
    for p, pattern in enumerate(PATTERNS):
        cx[DK.CX_HX + N_KINDS * p: DK.CX_HX + N_KINDS * (p + 1)] = hx[pattern]
    for i, kind in enumerate(INTAKE_KINDS):
        cx[DK.CX_KPAT + i] = PATTERNS.index(kind) if kind in PATTERNS else -1
    # Readiness: the winning tile's uses.
    uses = winning_uses(rules)
    for h, holding in enumerate(HOLDINGS):
        free, makes = uses[holding]
        cx[DK.CX_FREE + h] = int(free)
        for t in range(N_KINDS):
            fours = [hx[k][t] for k in makes if k in FOUR_KINDS]
            if holding in ("wei", "peng", "kan") and fours:
                cx[DK.CX_UP + N_KINDS * h + t] = max(fours) - hx[holding][t]
            elif holding in ("wei", "peng", "kan"):
                cx[DK.CX_UP + N_KINDS * h + t] = DK.NO_GAIN
    pair_makes = [k for k in uses["pair"][1] if k in _THREE_KINDS]
    assert pair_makes, "a pair and the winning tile always make a triplet"
    trip = [max(hx[k][t] for k in pair_makes) for t in range(N_KINDS)]
    cx[DK.CX_TRIP:DK.CX_TRIP + N_KINDS] = trip
    # The intakes that count.
    table = intakes(rules)
    for h, holding in enumerate(HOLDINGS):
        cx[DK.CX_TAKE + h] = sum(1 << INTAKE_KINDS.index(k) for k in table[holding])
        fours = [k for k in table[holding] if k in FOUR_KINDS]
        for t in range(N_KINDS) if holding in ("wei", "peng", "kan") else ():
            # The 4-tile group with the most 胡息 (the others give the same position with less).
            top = max(fours, key=lambda k: hx[k][t], default=None)
            cx[DK.CX_TOP + N_KINDS * h + t] = -1 if top is None else INTAKE_KINDS.index(top)
    # The 句/绞 shapes, the bound and the split tries.
    shape_hx = [hx[group_pattern(s)][s[0]] for s in SHAPES]
    rich = [i for i, h in enumerate(shape_hx) if h > 0]
    assert len(rich) < 8
    cx[DK.CX_RICH] = len(rich)
    cx[DK.CX_RICH + 1: DK.CX_RICH + 1 + len(rich)] = rich
    cx[DK.CX_BONUS] = max(shape_hx + trip)
    for i, s in enumerate(SHAPES):
        cx[DK.CX_SH + 3 * i: DK.CX_SH + 3 * i + 3] = s
        cx[DK.CX_SHX + i] = shape_hx[i]
    for t in range(N_KINDS):
        tries = [(DK.TRY_FULL, i, 0, 0) for i, s in enumerate(SHAPES) if s[0] == t]
        tries += [(DK.TRY_PAIR, 0, 0, 0), (DK.TRY_JUNK, 0, 0, 0)]
        cx[DK.CX_WSTART + t] = len(tries)
        for i, s in enumerate(SHAPES):
            if t not in s:
                continue
            for w in sorted(set(s)):
                rest = list(s)
                rest.remove(w)
                if t in rest:
                    rest.remove(t)
                    tries.append((DK.TRY_WSHAPE, i, w, rest[0]))
        tries += [(DK.TRY_WPAIR, 0, 0, 0), (DK.TRY_WTRIPLE, 0, 0, 0)]
        assert len(tries) <= DK.MAX_TRY
        at = DK.CX_TRY + t * DK.MAX_TRY * 4
        cx[at: at + 4 * len(tries)] = np.array(tries).ravel()
        cx[DK.CX_NTRY + t] = len(tries)
        holding = [i for i, s in enumerate(SHAPES) if t in s]
        assert len(holding) < 8
        cx[DK.CX_CONT + 8 * t] = len(holding)
        cx[DK.CX_CONT + 8 * t + 1: DK.CX_CONT + 8 * t + 1 + len(holding)] = holding
    cx.setflags(write=False)
    return cx


class DistanceMemo:
    """The distance kernels' memo of answers for one ruleset (see solver.engine._distance_kernels)."""

    def __init__(self, capacity: int = MEMO_CAPACITY):
        self.keys = np.zeros((capacity, 3), np.int64)
        self.values = np.zeros(capacity, np.int8)
        self.used = np.zeros(1, np.int64)

    def clear(self) -> None:
        self.values[:] = 0
        self.used[0] = 0

    def args(self):
        # A memo that stopped taking entries is cleared before the next call.
        if self.used[0] * DK.MEMO_FILL_DEN >= len(self.values) * DK.MEMO_FILL_NUM:
            self.clear()
        return self.keys, self.values, self.used
