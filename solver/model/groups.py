"""门子 shapes: which tile triples form a group, and what each group is worth.

A group in an answer is ``Group(kind, tiles, huxi)`` with kind one of
``ju jiao kan peng wei pao ti zhao long jiang chi`` (an exposed 吃 meld is ``chi``;
二七十 is ``ju``).  Its 胡息 comes from the ruleset by *pattern*: a ``ju`` or
``chi`` is valued as ``ju``, ``ju123`` or ``ju2710``.
"""
from __future__ import annotations

from dataclasses import dataclass

from .rules import Ruleset
from .tiles import glyphs

#: the kinds of 门子 in an answer
GROUP_KINDS = ("ju", "jiao", "kan", "peng", "wei", "pao", "ti", "zhao", "long", "jiang", "chi")
# Kinds whose groups are triplets, quads or the pair: a hand of only these is 对对胡.
DUIDUI_KINDS = frozenset({"kan", "peng", "wei", "pao", "ti", "zhao", "long", "jiang"})


def _templates() -> tuple[tuple[int, int, int], ...]:
    """Every 3-tile 句 and 绞 shape, as sorted tile tuples."""
    shapes: list[tuple[int, int, int]] = []
    for base in (0, 10):
        for n in range(8):
            shapes.append((base + n, base + n + 1, base + n + 2))
        shapes.append((base + 1, base + 6, base + 9))  # 二七十 / 贰柒拾
    for n in range(10):
        shapes.append((n, n, n + 10))  # 九九玖
        shapes.append((n, n + 10, n + 10))  # 九玖玖
    return tuple(sorted(shapes))


#: all 句 and 绞 shapes (the groups a tile can join besides pairs and triplets)
SHAPES = _templates()


def group_pattern(tiles: tuple[int, ...]) -> str | None:
    """'ju', 'ju123', 'ju2710' or 'jiao' for a 句/绞 shape, else None."""
    tiles = tuple(sorted(tiles))
    if tiles not in SHAPES:
        return None
    a, b, c = tiles
    if a == b or b == c:
        return "jiao"
    if (a % 10, b % 10, c % 10) == (0, 1, 2):
        return "ju123"
    if (a % 10, b % 10, c % 10) == (1, 6, 9):
        return "ju2710"
    return "ju"


def group_huxi(kind: str, tiles: tuple[int, ...], rules: Ruleset) -> int:
    """胡息 of a group: its pattern's, by its first tile (RULES.md 2; a ruleset may value red tiles apart)."""
    pattern = group_pattern(tiles) if kind in ("ju", "jiao", "chi") else kind
    assert pattern is not None, tiles  # (a 句, 绞 or 吃 meld is a shape)
    return rules.group_huxi(pattern, min(tiles))


@dataclass(frozen=True, order=True)
class Group:
    kind: str
    tiles: tuple[int, ...]
    huxi: int

    def text(self) -> str:
        return glyphs(self.tiles)
