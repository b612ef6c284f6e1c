"""The two tables of RULES.md the distance searches read, from a ruleset's fields (plain Python).

How a winning tile may be used (section 4: the take table over the sources
the ruleset wins on) and which intakes count (section 6; its ``luzhou``
version in section 8), both by what the hand holds of the tile; and
``search_rules``, the per-tile numbers derived from them and the 胡息 table.
The numba search (``solver.engine.distance_arrays``) and the plain-Python
one (``solver.engine.plain_positions``) both read them from here.

>>> from solver.model.rules import HUNAN, get_ruleset
>>> intakes(HUNAN)["pair"], intakes(HUNAN)["wei"], intakes(HUNAN)["peng"]
(('chi', 'peng', 'wei'), ('pao', 'ti'), ('chi', 'pao'))
>>> lz = get_ruleset("luzhou")
>>> intakes(lz)["pair"], intakes(lz)["kan"], intakes(lz)["peng"], intakes(lz)["less"]
(('peng',), ('zhao',), ('chi', 'zhao'), ('chi',))
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model.groups import SHAPES, group_pattern
from ..model.ruleset import FOUR_KINDS, HOLDINGS, PATTERNS, TAKE_SOURCES, Ruleset
from ..model.tiles import N_KINDS

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..model.ruleset import Take

#: the kernels' intake kinds (I_*), in code order
INTAKE_KINDS = ("chi", "peng", "wei", "pao", "ti", "zhao")
#: where a tile that may be eaten comes from: a ``chi_from`` origin's source
CHI_SOURCE = {"upper-discard": "discard", "upper-draw": "other", "self-draw": "self"}
_THREE_KINDS = ("peng", "wei")


def _takes(rules: Ruleset, holding: str, sources: Iterable[str]) -> list[Take]:
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


# ---------------------------------------------------------------- what both searches read, per tile

@dataclass(frozen=True)
class SearchRules:
    """A ruleset's numbers as the distance searches read them (the numba context vector of
    ``distance_arrays`` and the tables of ``plain_positions`` are both filled from this)."""
    hx: dict[str, tuple[int, ...]]  # pattern -> 胡息 of its group, by the group's first tile
    free: tuple[bool, ...]  # by holding: the winning tile may join the free tiles (winning_uses)
    up: tuple[tuple[int | None, ...], ...]  # (偎, 碰, 坎) by tile: the most 胡息 the winning tile adds
    #                                          making a 4-tile group of it (None: it makes none)
    trip: tuple[int, ...]  # by tile: 胡息 of the triplet the winning tile makes with a concealed pair
    take: tuple[int, ...]  # by holding: bit i set where the intake INTAKE_KINDS[i] counts (intakes)
    top: tuple[tuple[int, ...], ...]  # (偎, 碰, 坎) by tile: the 4-tile intake with the most 胡息, or -1
    shx: tuple[int, ...]  # by shape (groups.SHAPES): 胡息 of the 句/绞
    bonus: int  # the most one group with the winning tile adds (a shape or the triplet)
    step: int  # the most one intake and the winning tile with it add beyond the free tiles' groups


def search_rules(rules: Ruleset) -> SearchRules:
    """What the distance searches read of ``rules`` (NotImplementedError for what they cannot search)."""
    if any(rules.huxi["jiang"]):
        raise NotImplementedError("a ruleset whose 将 pair carries 胡息")
    hx = {p: tuple(rules.huxi[p]) for p in PATTERNS}
    uses = winning_uses(rules)
    free = tuple(bool(uses[h][0]) for h in HOLDINGS)
    if not free[HOLDINGS.index("less")]:
        raise NotImplementedError("a ruleset where a winning tile the hand holds one or none of may not join "
                                  "its tiles")
    meld_holdings = HOLDINGS[:3]
    assert meld_holdings == ("wei", "peng", "kan")
    up = tuple(tuple(max(hx[k][t] for k in fours) - hx[h][t] if fours else None for t in range(N_KINDS))
               for h in meld_holdings for fours in [[k for k in uses[h][1] if k in FOUR_KINDS]])
    pair_makes = [k for k in uses["pair"][1] if k in _THREE_KINDS]
    assert pair_makes, "a pair and the winning tile always make a triplet"
    trip = tuple(max(hx[k][t] for k in pair_makes) for t in range(N_KINDS))
    table = intakes(rules)
    take = tuple(sum(1 << INTAKE_KINDS.index(k) for k in table[h]) for h in HOLDINGS)
    top = tuple(tuple(INTAKE_KINDS.index(max(fours, key=lambda k: hx[k][t])) if fours else -1
                      for t in range(N_KINDS))
                for h in meld_holdings for fours in [[k for k in table[h] if k in FOUR_KINDS]])
    shx = tuple(hx[_pattern(s)][s[0]] for s in SHAPES)
    bonus = max(shx + trip)
    # One intake adds at most: a 吃's group, a 碰/偎 of a pair, a 4-tile group onto a 偎, 碰 or 坎
    # beyond what it was; the winning tile with it a group, the triplet or an upgrade.
    steps = [max(shx)] + [hx[k][t] for k in table["pair"] if k in _THREE_KINDS for t in range(N_KINDS)]
    steps += [hx[k][t] - hx[h][t] for h in meld_holdings for k in table[h] if k in FOUR_KINDS
              for t in range(N_KINDS)]
    step = max(steps) + max([bonus] + [g for row in up for g in row if g is not None])
    return SearchRules(hx, free, up, trip, take, top, shx, bonus, step)


def _pattern(shape: tuple[int, ...]) -> str:
    """The pattern of one of ``SHAPES`` (each has one)."""
    pattern = group_pattern(shape)
    assert pattern is not None, shape
    return pattern
