"""A question of the trainer on a hand (a library puzzle or a drill): what it asks, shows and expects, and how an
answer to it is read, graded and explained.

``Question`` holds the facts and the ruleset it is asked under, and nothing of its kind: what differs from one
kind of question to another is its kind's (``solver.trainer.kinds``, a module each), and ``solver.trainer.asking``
asks the kind (the prompt, the answer read and graded, the teaching, the right answer).  The kinds import this
module; it imports none of them.  Here too: the words and checks every kind shares (``AnswerError``, ``Grade``,
``read_answer``, the hand's lines), and ``solved``, the solver's answer to a question kept with it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Callable, Generic, Mapping, TypeGuard, TypeVar, cast

from solver.puzzles import QUESTION_KINDS

from ..model.notation import parse_hand, parse_tiles
from ..model.results import Decision, DiscardAdvice, DiscardRow, Discards, HuResult, Ting
from ..model.rules import Ruleset
from ..model.tiles import GLYPHS, glyphs
from ..text.catalogue import both, say
from ..text.explain import resolve_lang
from ..text.words import error_in

if TYPE_CHECKING:
    from ..game.moves import Move

__all__ = ["NO_FACTS", "QUESTION_KINDS", "AnswerError", "Facts", "Grade", "Question", "QuizError", "Solution",
           "about_distance", "hand_lines", "has_distances", "kept", "question_of", "read_answer", "review_label",
           "seen_lines", "solved", "solved_as", "way_text"]

T = TypeVar("T")


class QuizError(ValueError):
    """No questions to ask (unknown puzzle id, nothing matches the filters); one line: ``str()`` English,
    ``in_lang`` either language (``zh``: the same in Chinese)."""

    def __init__(self, message: str, zh: str | None = None):
        super().__init__(message)
        self.zh = zh

    def in_lang(self, lang: str) -> str:
        return self.zh if lang == "zh" and self.zh else str(self)


#: an answer in graded form (``Solution.expected``, ``grading.Grade``), by kind: a frozenset of tile ids (ting)
#: or of menu numbers (chi), a tile id or the tuple of the best ones (discard), a number (huxi), a bool (chou)
Answer = frozenset[int] | tuple[int, ...] | int | bool


class AnswerError(ValueError):
    """An answer that cannot be read (bad notation, a number off the menu): ask again.  It says why in
    English (``str``) and in Chinese (``zh``; a model's message in Chinese through ``words.error_in``)."""

    def __init__(self, en: str, zh: str | None = None):
        super().__init__(en)
        self.zh = zh if zh is not None else error_in(en, "zh")

    def said(self, lang: str) -> str:
        return self.zh if lang == "zh" else str(self)


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


_SEPARATORS = re.compile(r"[,，、;；]")


def read_answer(text: str) -> tuple[str, str]:
    """An answer as typed: (stripped, its separators ,，、;； made spaces); AnswerError when there is none."""
    raw = text.strip()
    if not raw:
        raise AnswerError(*both("question.no_answer"))
    return raw, _SEPARATORS.sub(" ", raw)


@dataclass(frozen=True)
class Facts:
    """What a question of one kind asks about beside the hand: its kind's own subclass (``Kind.FACTS``: the
    tile that appears and where it comes from, the ways to eat shown ...); ting and discard ask nothing more,
    and take this class as it is.  Its fields are the library puzzle's of the same names
    (``solver.puzzles.Puzzle``), and a drill maker's."""


#: the facts of every question of a kind whose facts are this class
NO_FACTS = Facts()

F = TypeVar("F", bound=Facts, covariant=True)


@dataclass(frozen=True)
class Question(Generic[F]):
    """One question: a library puzzle (``puzzle_id``) or a generated drill (``seed``).

    ``rules`` is the ruleset it is asked, solved and explained under, set by whoever makes the question;
    ``seen`` the tiles seen on the table; ``facts`` what only its kind asks about (``Facts``: a kind's own
    class, ``Kind.FACTS``), so that a kind with facts of its own is still one module.  ``question_of``
    makes one from the fields of a puzzle or a drill maker.
    """
    kind: str
    level: int
    tags: tuple[str, ...]
    hand: str
    # Not compared (a question is its facts) and not hashed (a Ruleset holds mappings).
    rules: Ruleset = field(compare=False, repr=False)
    facts: F
    seen: str = ""
    note_en: str = ""
    note_zh: str = ""
    puzzle_id: str | None = None
    seed: int | None = None
    review: int | None = field(default=None, compare=False)

    @property
    def key(self) -> str:
        """'puzzle:ID' or 'drill:SEED' (the review item of progress.Store)."""
        return f"puzzle:{self.puzzle_id}" if self.puzzle_id is not None else f"drill:{self.seed}"

    @property
    def name(self) -> str:
        return f"puzzle {self.puzzle_id}" if self.puzzle_id is not None else f"drill {self.seed}"

    @property
    def record_ids(self) -> dict[str, Any]:
        """What ``progress.Store.record`` files an attempt at it under."""
        return {"puzzle_id": self.puzzle_id, "seed": self.seed}


def question_of(facts: type[Facts], values: Mapping[str, Any], **more: Any) -> Question[Any]:
    """The question of these fields (``values`` and ``more``): those of ``facts`` (its kind's ``FACTS``) make its
    facts, the others are the question's own; a field neither has is a TypeError, never dropped."""
    own = {f.name for f in fields(facts)}
    given = {**values, **more}
    return Question(**{k: v for k, v in given.items() if k not in own},
                    facts=facts(**{k: v for k, v in given.items() if k in own}))


def kept(q: Question[Any], name: str, make: Callable[[], T]) -> T:
    """What ``make`` works out about ``q``, once: kept with ``q`` under ``name`` (a copy made by
    ``dataclasses.replace`` works it out again), as a cached property would be."""
    found = q.__dict__.get(name)
    if found is None:
        found = q.__dict__[name] = make()  # a frozen dataclass: its __dict__, as cached_property does
    return cast(T, found)


def seen_lines(q: Question, zh: bool) -> list[str]:
    """The tiles seen on the table, when the question gives some (before its kind's own facts)."""
    return [say("question.seen", zh, tiles=_tile_list(q.seen))] if q.seen else []


def _tile_list(text: str) -> str:
    return " ".join(GLYPHS[t] for t in sorted(parse_tiles(text))) if text else ""


def way_text(chi, bi, zh: bool) -> str:
    """A way to eat as the chi menu shows it: the eating group, then its 比 groups."""
    sep = "、" if zh else " "
    return glyphs(chi) + (say("question.way_bi", zh, groups=sep.join(glyphs(b) for b in bi)) if bi else "")


def hand_lines(q: Question, lang: str = "en") -> list[str]:
    """The hand: concealed tiles (small, then big), then the exposed melds on their own line."""
    zh = resolve_lang(lang) == "zh"
    h = parse_hand(q.hand, q.rules)
    small = "".join(GLYPHS[t] * h.concealed[t] for t in range(10))
    big = "".join(GLYPHS[t] * h.concealed[t] for t in range(10, 20))
    tiles = "  ".join(x for x in (small, big) if x)
    n = h.n_concealed
    lines = [say("question.hand", zh, tiles=tiles, n=n)]
    if h.melds:
        lines.append(say("question.melds", zh, melds="  ".join(m.text() for m in h.melds)))
    return lines


def review_label(box: int | None, lang: str = "en") -> str:
    """What a question's header adds when it is asked again for review (``box``: its Leitner box; 1 after a miss).

    >>> review_label(1), review_label(3, "zh"), review_label(None)
    (' · review: missed last time', ' · 复习：上次答对', '')
    """
    if box is None:
        return ""
    return say("question.review_missed" if box == 1 else "question.review_right", resolve_lang(lang))


# ---------------------------------------------------------------- the right answer

@dataclass(frozen=True)
class Solution:
    """The right answer in graded form, and the solver's result it comes from."""
    expected: Answer  # frozenset (ting, chi), tuple of tiles (discard), int (huxi), bool (chou)
    result: Ting | Discards | HuResult | Decision  # Decision: chi, chou


def solved(q: Question[Any], solve: Callable[..., Solution], result: Ting | Discards | HuResult | None = None) -> Solution:
    """The solver's answer to ``q``, worked out once by ``solve`` (its kind's: ``Kind.solve``) and kept with ``q``.
    ``result``: the solver's result for ``q`` when it is already at hand (a drill generator computed it); it
    must be what ``solver.api`` gives (a discard table with distances when no discard leaves live outs, as
    ``api.discard_choice`` makes it)."""
    return kept(q, _SOLVED, lambda: solve(q, result))


def solved_as(q: Any, source: Any) -> Any:
    """``q``, a copy of ``source`` (by ``dataclasses.replace``), keeping the solver's answer ``source`` keeps."""
    if _SOLVED in source.__dict__:
        q.__dict__[_SOLVED] = source.__dict__[_SOLVED]
    return q


#: where ``solved`` keeps a question's solution
_SOLVED = "_solution"


def about_distance(table: Discards) -> bool:
    """No discard leaves the hand with a live wait: the discard question is about the distance to ready."""
    return bool(table.rows) and getattr(table.rows[0], "distance", 0) != 0


def has_distances(rows: tuple[DiscardRow, ...]) -> TypeGuard[tuple[DiscardAdvice, ...]]:
    """Every row of a discard table carries its distance to ready (``solver.api``'s ``DiscardAdvice``, as
    ``api.with_advice`` makes them; an engine's plain rows do not): so whenever ``about_distance``."""
    return all(isinstance(r, DiscardAdvice) for r in rows)
