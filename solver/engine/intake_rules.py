"""The two tables of RULES.md the distance searches read, from a ruleset's fields (plain Python).

How a winning tile may be used (section 4: the take table over the sources
the ruleset wins on) and which intakes count (section 6; its ``luzhou``
version in section 8), both by what the hand holds of the tile.  The numba
search (``solver.engine.distance_arrays``) and the plain-Python one
(``solver.engine.plain_distance``) both read them from here.

>>> from solver.model.rules import HUNAN, get_ruleset
>>> intakes(HUNAN)["pair"], intakes(HUNAN)["wei"], intakes(HUNAN)["peng"]
(('chi', 'peng', 'wei'), ('pao', 'ti'), ('chi', 'pao'))
>>> lz = get_ruleset("luzhou")
>>> intakes(lz)["pair"], intakes(lz)["kan"], intakes(lz)["peng"], intakes(lz)["less"]
(('peng',), ('zhao',), ('chi', 'zhao'), ('chi',))
"""
from __future__ import annotations

from ..model.ruleset import FOUR_KINDS, HOLDINGS, TAKE_SOURCES, Ruleset

#: the kernels' intake kinds (I_*), in code order
INTAKE_KINDS = ("chi", "peng", "wei", "pao", "ti", "zhao")
#: where a tile that may be eaten comes from: a ``chi_from`` origin's source
CHI_SOURCE = {"upper-discard": "discard", "upper-draw": "other", "self-draw": "self"}
_THREE_KINDS = ("peng", "wei")


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
