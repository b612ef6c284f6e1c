"""The quiz's sentences in lines of at most 80 columns, a run of tiles never split.

``solver.text.table_view.wrap`` breaks Chinese text between any two characters, which
cuts a group such as 肆伍陆 in two; here a run of tile glyphs stays whole (a
learner reads 肆伍陆 as one thing), Chinese punctuation is kept off the start
of a line and an opening bracket off its end, and other text breaks at spaces.

>>> wrap("note: 一二三 3 + 壹贰叁 6 + 肆伍陆 0 = 9 胡息", 24)
['note: 一二三 3 + 壹贰叁', '  6 + 肆伍陆 0 = 9 胡息']
>>> wrap("要点：手里的肆伍陆是一句话，不能拆。", 20)
['要点：手里的肆伍陆是', '  一句话，不能拆。']
>>> wrap("三 both: 句一二三 3 句伍陆柒 0", 22)
['三 both: 句一二三 3', '  句伍陆柒 0']
"""
from __future__ import annotations

import unicodedata

from ..model.tiles import GLYPH_TO_ID
from ..text.table_view import WIDTH, width

__all__ = ["WIDTH", "width", "wrap"]

_CLOSE = set("，。；：、）」』,.;:)!?！？")
_OPEN = set("（「『(")
#: names kept with the tiles after them (句一二三, 坎四四四, 打五)
_NAMES = set("句列绞坎碰偎跑提招垅将吃比打")


def _wide(c: str) -> bool:
    return unicodedata.east_asian_width(c) in "WF"


def _breakable(a: str, b: str) -> bool:
    """A line may break between characters ``a`` and ``b`` of one word."""
    if b in _CLOSE or a in _OPEN:
        return False
    if b in GLYPH_TO_ID and (a in GLYPH_TO_ID or a in _NAMES):
        return False  # a run of tiles stays whole, with the name of its group
    return _wide(a) or _wide(b)


def _pieces(text: str) -> list[tuple[str, bool]]:
    """(piece, space before it): the words of ``text``, each cut where ``_breakable`` allows."""
    out: list[tuple[str, bool]] = []
    for i, word in enumerate(w for w in text.split(" ") if w):
        start = 0
        for k in range(1, len(word)):
            if _breakable(word[k - 1], word[k]):
                out.append((word[start:k], start == 0 and i > 0))
                start = k
        out.append((word[start:], start == 0 and i > 0))
    return out


def wrap(text: str, limit: int = WIDTH, indent: str = "  ") -> list[str]:
    """``text`` in lines of at most ``limit`` columns (a piece longer than a line has one to itself), the later
    ones indented by ``indent``, its own leading spaces kept on the first."""
    lead = text[:len(text) - len(text.lstrip(" "))]
    lines: list[str] = []
    line = lead
    for piece, space in _pieces(text):
        sep = " " if space and line.strip() else ""
        if line.strip() and width(line + sep + piece) > limit:
            lines.append(line.rstrip())
            line, sep = indent, ""
        line += sep + piece
    if line.strip() or not lines:
        lines.append(line.rstrip())
    return lines
