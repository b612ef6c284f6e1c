"""Rulesets: every threshold, table and flag of the rule book (RULES.md) as one data object.

Kernels never read these directly: the engine turns a ruleset into the
integer arrays it passes to them.  Only ``hunan`` (the default) exists now.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from .tiles import RED

# Group patterns that carry 胡息, valued (small, big).  "ju" is a plain
# sequence; "ju123" 一二三/壹贰叁; "ju2710" 二七十/贰柒拾.  An exposed 吃 meld is
# valued as the pattern it forms.
PATTERNS = ("ju", "ju123", "ju2710", "jiao", "kan", "peng", "wei", "pao", "ti", "jiang")

# Fan names in RULES.md section 5 table order (the order they are reported in).
FAN_NAMES = ("红胡", "点胡", "红乌", "乌胡", "对对胡")


@dataclass(frozen=True)
class Ruleset:
    name: str
    # Winning threshold and 等: deng = (huxi - deng_base) // deng_step + 1.
    min_huxi: int
    deng_base: int
    deng_step: int
    self_draw_deng: int  # 自摸 adds this many 等
    huxi: Mapping[str, tuple[int, int]]
    red_tiles: frozenset[int]
    # Red-count fans: (name, lowest red count, highest red count, fan).
    red_fans: tuple[tuple[str, int, int, int], ...]
    duidui_fan: int  # 对对胡
    # Combinations whose fan replaces the sum (乌胡 + 对对胡 = 10).
    fan_overrides: Mapping[frozenset[str], int]
    plain_fan: int  # 平胡
    # A hand with a 跑 or 提 needs exactly one 将 pair (and none without).
    pao_needs_jiang: bool
    # A self-drawn tile onto a concealed pair must be 偎'd (RULES.md 4, [decision]).
    self_pair_must_wei: bool
    win_on_discard: bool
    # Expected score weights per source: with three players, one draw in
    # three is one's own (RULES.md section 6).
    self_weight: int
    other_weight: int
    # Penalties (罚则) the explanations name, by offence: 诈胡, 走跑, 失提, 烧比, 臭张.
    penalties: Mapping[str, int]
    # 碰 is compulsory (有碰必碰, RULES.md 7): 吃 and 过 then give way to it.
    peng_compulsory: bool = False
    # A player's own discard makes that tile 臭 for them (RULES.md 7, a flag).
    own_discard_makes_chou: bool = False
    # Other names ``get_ruleset`` knows the ruleset by.
    aliases: tuple[str, ...] = field(default=())

    def deng(self, huxi: int, *, self_drawn: bool) -> int:
        d = (huxi - self.deng_base) // self.deng_step + 1
        return d + (self.self_draw_deng if self_drawn else 0)

    def fan(self, red_count: int, *, duidui: bool) -> tuple[int, tuple[str, ...]]:
        """(fan, names in table order) for a completed hand."""
        names = [n for n, lo, hi, _ in self.red_fans if lo <= red_count <= hi]
        if duidui:
            names.append("对对胡")
        names.sort(key=FAN_NAMES.index)
        if not names:
            return self.plain_fan, ()
        key = frozenset(names)
        if key in self.fan_overrides:
            return self.fan_overrides[key], tuple(names)
        total = sum(f for n, lo, hi, f in self.red_fans if n in names)
        if duidui:
            total += self.duidui_fan
        return total, tuple(names)


HUNAN = Ruleset(
    name="hunan",
    min_huxi=15,
    deng_base=15,
    deng_step=3,
    self_draw_deng=1,
    huxi=MappingProxyType({
        "ju": (0, 0), "ju123": (3, 6), "ju2710": (3, 6), "jiao": (0, 0),
        "kan": (3, 6), "peng": (1, 3), "wei": (3, 6), "pao": (6, 9),
        "ti": (9, 12), "jiang": (0, 0),
    }),
    red_tiles=RED,
    red_fans=(("红胡", 10, 12, 2), ("点胡", 1, 1, 3), ("红乌", 13, 99, 4), ("乌胡", 0, 0, 5)),
    duidui_fan=4,
    fan_overrides=MappingProxyType({frozenset({"乌胡", "对对胡"}): 10}),
    plain_fan=1,
    pao_needs_jiang=True,
    self_pair_must_wei=True,
    win_on_discard=False,
    self_weight=1,
    other_weight=2,
    penalties=MappingProxyType({"诈胡": 30, "走跑": 15, "失提": 9, "烧比": 6, "臭张": 3}),
)

RULESETS = {"hunan": HUNAN}
#: the ruleset a command uses when none is named (RULES.md 8)
DEFAULT_RULESET = "hunan"


def get_ruleset(name: str) -> Ruleset:
    """The shipped ruleset called ``name`` or one of its ``aliases`` (any letter case)."""
    key = name.strip().lower()
    for rules in RULESETS.values():
        if key == rules.name or key in (a.lower() for a in rules.aliases):
            return rules
    raise ValueError(f"unknown ruleset {name!r}: choose one of {', '.join(RULESETS)}")
