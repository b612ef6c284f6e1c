"""Grading: an answer as the learner typed it, read (``parse_answer``) and judged against the solver (``grade``).

Bad notation raises ``AnswerError`` (the quiz asks again; it is no attempt); anything
readable is graded, and a partly right answer is incorrect.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model.hand import HandError
from ..model.notation import parse_hand, parse_tiles
from ..model.tiles import glyph, glyphs
from ..text.replies import quoted, whole_number
from .question import Answer, Question

if TYPE_CHECKING:
    from ..game.moves import Move

_YES = frozenset({"y", "yes", "是", "能", "可以", "对", "行"})
_NO = frozenset({"n", "no", "否", "不能", "不", "不可以", "不行"})
_NONE = frozenset({"0", "none", "no", "无", "没有", "-", "—"})
_SEPARATORS = re.compile(r"[,，、;；]")


class AnswerError(ValueError):
    """An answer that cannot be read (bad notation, a number off the menu): ask again."""


@dataclass(frozen=True)
class Grade:
    """A graded answer.

    ``answer`` and ``expected`` in the same form: frozenset of tile ids (ting),
    tile id / tuple of the best tile ids (discard), int (huxi), frozenset of
    menu numbers (chi), bool (chou); a move for a question from a game
    (``game_questions.GameItem``).  ``missed`` and ``extra``: for ting the
    waits not named and the tiles named that are not waits, for chi the legal
    ways not named and the illegal ones named (sorted tuples).  ``text`` is
    the answer as recorded.
    """
    correct: bool
    answer: Answer | Move
    expected: Answer | Move
    missed: tuple[int, ...] = ()
    extra: tuple[int, ...] = ()
    text: str = ""


def parse_answer(q: Question, text: str) -> Answer:
    """The answer ``text`` in graded form, or AnswerError saying how to write it."""
    raw = text.strip()
    if not raw:
        raise AnswerError("no answer: type it, or q to stop")
    spaced = _SEPARATORS.sub(" ", raw)
    if q.kind in ("ting", "discard"):
        if q.kind == "ting" and raw.lower() in _NONE:
            return frozenset()
        try:
            tiles = parse_tiles(spaced)
        except HandError as e:
            raise AnswerError(f"{e}; write tiles as glyphs (三伍) or ASCII (3x5d)") from None
        if not tiles:
            raise AnswerError("no tile: write tiles as glyphs (三伍) or ASCII (3x5d)")
        if q.kind == "ting":
            return frozenset(tiles)
        if len(set(tiles)) != 1:
            raise AnswerError(f"{glyphs(set(tiles))}: name one tile to discard")
        t = tiles[0]
        if parse_hand(q.hand, q.rules).concealed[t] == 0:
            raise AnswerError(f"{glyph(t)} is not among your concealed tiles: discard one of them")
        return t
    if q.kind == "huxi":
        digits = re.sub(r"\s*(胡息|胡|huxi)$", "", raw, flags=re.IGNORECASE)
        value = whole_number(digits)  # ASCII digits only: ², ① or 5,000 digits are no number
        if value is None and digits.startswith("-") and whole_number(digits[1:]) is not None:
            raise AnswerError("胡息 is never negative")
        if value is None:
            raise AnswerError(f"{quoted(raw)} is not a number: answer the 胡息 as a whole number, e.g. 18")
        return value
    if q.kind == "chi":
        if raw.lower() in _NONE:
            return frozenset()
        numbers: list[int] = []
        for word in spaced.split():
            number = whole_number(word)
            if number is None:
                raise AnswerError(f"{quoted(word)} is not a number: answer the numbers of the legal ways, "
                                  "e.g. 1 3, or 0 for none")
            numbers.append(number)
        if 0 in numbers:
            raise AnswerError("0 means no legal way: do not mix it with other numbers")
        n = len(q.menu)
        bad = [x for x in numbers if not 1 <= x <= n]
        if bad:
            menu = {0: "the menu is empty", 1: "the one way is numbered 1"}.get(n, f"the ways are numbered 1 to {n}")
            raise AnswerError(f"{bad[0]} is not on the menu: {menu}; 0 for none")
        return frozenset(numbers)
    if q.kind == "chou":
        word = raw.lower().rstrip("。.!！")
        if word in _YES:
            return True
        if word in _NO:
            return False
        raise AnswerError(f"{quoted(raw)}: answer yes or no (y / n, 能 / 不能, 是 / 否)")
    raise ValueError(f"unknown question kind {q.kind!r}")


def grade(q: Question, answer_text: str) -> Grade:
    """Grade ``answer_text``; AnswerError when it cannot be read (ask again, no attempt)."""
    answer = parse_answer(q, answer_text)
    expected = q.solution.expected
    if q.kind in ("ting", "chi"):
        assert isinstance(answer, frozenset) and isinstance(expected, frozenset)  # sets of tiles / menu numbers
        missed = tuple(sorted(expected - answer))
        extra = tuple(sorted(answer - expected))
        if q.kind == "ting":
            text = glyphs(answer) or "none"
        else:
            text = " ".join(map(str, sorted(answer))) or "0"
        return Grade(answer == expected, answer, expected, missed, extra, text)
    if q.kind == "discard":
        assert isinstance(answer, int) and isinstance(expected, tuple)  # a tile, and the best ones
        return Grade(answer in expected, answer, expected, text=glyph(answer))
    if q.kind == "huxi":
        return Grade(answer == expected, answer, expected, text=str(answer))
    return Grade(answer == expected, answer, expected, text="yes" if answer else "no")


def right_answer(q: Question) -> str:
    """A right answer to ``q`` as a learner would type it (the first best discard; every wait; ...)."""
    expected = q.solution.expected
    if q.kind == "ting":
        assert isinstance(expected, frozenset)  # the waits
        return glyphs(expected) or "none"
    if q.kind == "discard":
        assert isinstance(expected, tuple)  # the best discards
        return glyph(expected[0])
    if q.kind == "huxi":
        return str(expected)
    if q.kind == "chi":
        assert isinstance(expected, frozenset)  # the legal ways' numbers
        return " ".join(map(str, sorted(expected))) or "0"
    return "yes" if expected else "no"
