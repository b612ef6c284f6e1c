"""Grading: the words and checks several kinds read and judge answers with.

Bad notation raises ``AnswerError`` (the quiz asks again; it is no attempt); anything
readable is graded, and a partly right answer is incorrect.  How an answer is read and
judged is its question's kind's (``solver.trainer.kinds``: ``parse``, ``grade``; asked
by ``solver.trainer.asking``); the words and checks several kinds read answers with are here.
"""
from __future__ import annotations

from ..model.hand import HandError
from ..model.notation import NotationError, parse_tiles
from ..text.catalogue import both, say
from ..text.words import error_in
from .question import Answer
from .question import AnswerError as AnswerError
from .question import Grade as Grade

_YES = frozenset({"y", "yes", "是", "能", "可以", "对", "行"})
_NO = frozenset({"n", "no", "否", "不能", "不", "不可以", "不行"})
_NONE = frozenset({"0", "none", "no", "无", "没有", "-", "—"})


def _zh(e: HandError) -> str:
    """A notation error in Chinese."""
    return e.in_lang("zh") if isinstance(e, NotationError) else error_in(str(e), "zh")


def read_tiles(spaced: str) -> tuple[int, ...]:
    """The tiles an answer names (ting, discard), or AnswerError saying how to write them."""
    try:
        tiles = parse_tiles(spaced)
    except HandError as e:
        raise AnswerError(say("grading.bad_tiles", "en", error=e),
                          say("grading.bad_tiles", "zh", error=_zh(e))) from None
    if not tiles:
        raise AnswerError(*both("grading.no_tile"))
    return tiles


def graded_set(answer: Answer, expected: Answer, text: str) -> Grade:
    """The grade of an answer naming a set (ting: tiles, chi: menu numbers), recorded as ``text``: right when it
    is the set expected; what it missed, and what it named besides."""
    assert isinstance(answer, frozenset) and isinstance(expected, frozenset)  # sets of tiles / menu numbers
    missed = tuple(sorted(expected - answer))
    extra = tuple(sorted(answer - expected))
    return Grade(answer == expected, answer, expected, missed, extra, text)
