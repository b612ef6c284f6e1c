"""The one tile encoding of phz, written down once.

Tile ids are small ints::

    id   0  1  2  3  4  5  6  7  8  9   10 11 12 13 14 15 16 17 18 19
         一 二 三 四 五 六 七 八 九 十   壹 贰 叁 肆 伍 陆 柒 捌 玖 拾

Ids 0-9 are the small tiles (小), 10-19 the big ones (大); the number of a
tile is ``id % 10 + 1``.  A concealed hand is a count vector of length 20
(``counts[id]`` = copies held, 0..3 once validated).  Groups and tile lists
are tuples of ids in ascending order ("tile-index order").
"""
from __future__ import annotations

from typing import Iterable

N_KINDS = 20
COPIES = 4
SMALL_GLYPHS = "一二三四五六七八九十"
BIG_GLYPHS = "壹贰叁肆伍陆柒捌玖拾"
GLYPHS = SMALL_GLYPHS + BIG_GLYPHS
# Traditional forms accepted on input (RULES.md section 1).
TRADITIONAL = {"貳": 11, "叄": 12, "參": 12, "陸": 15}
GLYPH_TO_ID = {g: i for i, g in enumerate(GLYPHS)} | TRADITIONAL
# Red tiles (红) of the tile set: 2, 7, 10 of both cases.  Rulesets count
# fans with their own copy (Ruleset.red_tiles); this one is for display.
RED = frozenset({1, 6, 9, 11, 16, 19})


def glyph(tile: int) -> str:
    return GLYPHS[tile]


def glyphs(tiles: Iterable[int]) -> str:
    """Glyph string of ``tiles`` in tile-index order."""
    return "".join(GLYPHS[t] for t in sorted(tiles))


def tiles_to_counts(tiles: Iterable[int]) -> list[int]:
    counts = [0] * N_KINDS
    for t in tiles:
        counts[t] += 1
    return counts


def is_big(tile: int) -> bool:
    return tile >= 10

