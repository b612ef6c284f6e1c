"""A question of the trainer on a hand (a library puzzle or a drill): what it asks, shows and expects, and how an
answer to it is read, graded and explained.

``Question`` holds the facts and the ruleset it is asked under; what differs from one kind of question to
another is its kind's (``solver.trainer.kinds``, a module each), found by ``kind_of``.  ``Question``, like
``game_questions.GameItem``, answers the quiz's one interface: ``lines``, ``grade`` (``parse``),
``right_answer``, ``explanation``, ``record_ids``.  ``solve`` is the one place that asks the solver for its right
answer (``Solution``), for the quiz and for ``library.check``.
"""
from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeGuard

from solver.puzzles import QUESTION_KINDS, Puzzle

from .. import api
from ..model.notation import parse_hand, parse_tiles
from ..model.results import Candidate, Decision, DiscardAdvice, DiscardRow, Discards, HuResult, Ting
from ..model.rules import DEFAULT_RULESET, Ruleset, get_ruleset
from ..model.tiles import GLYPHS, glyphs
from ..text.catalogue import both, say
from ..text.explain import resolve_lang
from ..text.words import error_in, tag_in
from .wrapping import wrap

if TYPE_CHECKING:
    from ..game.moves import Move

__all__ = ["QUESTION_KINDS", "AnswerError", "Grade", "Question", "QuizError", "Solution", "about_distance",
           "hand_lines", "has_distances", "kind_of", "passed_lines", "question_lines", "read_answer",
           "review_label", "solve", "way_text"]


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


def kind_of(name: str) -> Any:
    """The registered kind ``name`` (``solver.trainer.kinds.get``: a ``kinds.Kind``), ValueError when there is none.

    Found by importlib, not by an import statement: the kinds import this module, so importing theirs here
    would make a cycle of the two (``solver.trainer.kinds`` says more)."""
    return importlib.import_module(f"{__package__}.kinds").get(name)


@dataclass(frozen=True)
class Question:
    """One question: a library puzzle (``puzzle_id``) or a generated drill (``seed``).

    ``rules`` is the ruleset it is asked, solved and explained under, set by
    whoever makes the question.  ``tile`` is the tile that appears (huxi, chi,
    chou); ``source`` who reveals the winning tile for huxi (self / other);
    ``from_`` where the tile comes from for chi and chou
    (``obligations.SOURCES``); ``action`` chi or peng for chou; ``chou`` /
    ``passed_peng`` the tiles already passed this hand.  ``menu`` is the chi
    question's candidate ways, legal and not, sorted by their tile-index
    tuples (``obligations.candidate_ways``); the learner answers by number, 1 first.
    """
    kind: str
    level: int
    tags: tuple[str, ...]
    hand: str
    # Not compared (a question is its facts) and not hashed (a Ruleset holds mappings).
    rules: Ruleset = field(compare=False, repr=False)
    tile: str | None = None
    source: str | None = None
    from_: str | None = None
    action: str | None = None
    seen: str = ""
    chou: str = ""
    passed_peng: str = ""
    note_en: str = ""
    note_zh: str = ""
    puzzle_id: str | None = None
    seed: int | None = None
    menu: tuple[Candidate, ...] = field(default=(), compare=False)
    review: int | None = field(default=None, compare=False)

    @classmethod
    def from_puzzle(cls, p: Puzzle, rules: Ruleset | None = None) -> Question:
        """The question of library puzzle ``p`` (a ``puzzles.Puzzle``), asked under the ruleset
        it is written for (its ``rules``), or under ``rules`` when one is given."""
        rules = get_ruleset(p.rules) if rules is None else rules
        q = cls(kind=p.kind, level=p.level, tags=tuple(p.tags), hand=p.hand, rules=rules, tile=p.tile,
                source=p.source, from_=p.from_, action=p.action, seen=p.seen, chou=p.chou,
                passed_peng=p.passed_peng, note_en=p.note_en, note_zh=p.note_zh, puzzle_id=p.id)
        return q.with_menu()

    def with_menu(self) -> Question:
        """This question with what its kind shows to choose from filled in (chi: its menu; other kinds: itself)."""
        return kind_of(self.kind).with_menu(self)

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

    @cached_property
    def decision(self) -> Decision:
        """The obligations decision of a chi/chou question."""
        assert self.tile is not None and self.from_ is not None  # a chi or chou question has both
        return api.decide(self.hand, tile=self.tile, source=self.from_, chou=self.chou,
                          passed_peng=self.passed_peng, seen=self.seen, rules=self.rules)

    @cached_property
    def solution(self) -> Solution:
        return solve(self)

    # ------------------------------------------------------------ text

    def prompt(self, lang: str = "en") -> str:
        """The question in one line."""
        return kind_of(self.kind).prompt(self, resolve_lang(lang) == "zh")

    def context(self, lang: str = "en") -> list[str]:
        """The facts around the hand: seen tiles, then those of its kind (passed tiles, the chi menu)."""
        zh = resolve_lang(lang) == "zh"
        lines = []
        if self.seen:
            lines.append(say("question.seen", zh, tiles=_tile_list(self.seen)))
        return lines + kind_of(self.kind).context(self, zh)

    def lines(self, lang: str = "en", *, index: int | None = None, total: int | None = None) -> list[str]:
        """Everything shown before the answer (``question_lines``)."""
        return question_lines(self, lang, index=index, total=total)

    # ------------------------------------------------------------ answers

    def parse(self, text: str) -> Answer:
        """The answer ``text`` in graded form, or AnswerError saying how to write it."""
        return kind_of(self.kind).parse(self, *read_answer(text))

    def grade(self, text: str) -> Grade:
        """Grade ``text``; AnswerError when it cannot be read (ask again, no attempt)."""
        return kind_of(self.kind).grade(self, self.parse(text))

    def right_answer(self) -> str:
        """A right answer as a learner would type it (the first best discard; every wait; ...)."""
        return kind_of(self.kind).right_answer(self)

    def explanation(self, g: Grade, lang: str = "en") -> list[str]:
        """The solver's full table for this question, where ``g`` fell short (the learner's row and the best
        marked), the tags and the teaching note: a puzzle's own, or the one its kind writes for a drill; the
        sentences wrapped at 80 columns."""
        lang = resolve_lang(lang)
        zh = lang == "zh"
        lines: list[str] = kind_of(self.kind).teach(self, g, zh)
        if self.tags:
            lines += wrap(say("question.tags", zh, tags=", ".join(tag_in(t, lang) for t in self.tags)))
        note = (self.note_zh if zh else self.note_en) or self.drill_note(lang)
        if note:
            lines += wrap(say("question.note", zh, note=note))
        return lines

    def drill_note(self, lang: str = "en") -> str:
        """The teaching note of a drill in ``lang``, written by its kind (one paragraph; '' for a puzzle, which
        has its own)."""
        if self.seed is None:
            return ""
        return kind_of(self.kind).note(self, resolve_lang(lang) == "zh")


def passed_lines(q: Question, zh: bool) -> list[str]:
    """The tiles passed this hand (the context of a chou question, and of a chi question that has some)."""
    none = say("question.none", zh)
    if q.rules.passed == "hu_only":  # one list: a passed tile may afterwards only be won on
        passed = " ".join(GLYPHS[t] for t in sorted(set(parse_tiles(q.chou + q.passed_peng))))
        return [say("question.passed_hu_only", zh, tiles=passed or none)]
    return [say("question.passed_chi", zh, tiles=_tile_list(q.chou) or none),
            say("question.passed_peng", zh, tiles=_tile_list(q.passed_peng) or none)]


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


def question_lines(q: Question, lang: str = "en", *, index: int | None = None, total: int | None = None) -> list[str]:
    """Everything shown before the answer: header (with the ruleset's name when it is not the default), hand,
    context, question."""
    zh = resolve_lang(lang) == "zh"
    kind = kind_of(q.kind).NAME_ZH if zh else q.kind
    where = (say("question.where_puzzle", zh, id=q.puzzle_id) if q.puzzle_id is not None
             else say("question.where_drill", zh, seed=q.seed))
    count = f"[{index}/{total}] " if index is not None and total is not None else ""
    # The ruleset is named unless it is the default one (whose headers stay as they were).
    rules = f" · {q.rules.name}" if q.rules.name != DEFAULT_RULESET else ""
    head = f"{count}{kind} · {say('question.level', zh, level=q.level)} · {where}{rules}{review_label(q.review, lang)}"
    return [head] + hand_lines(q, lang) + q.context(lang) + [q.prompt(lang)]


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


def solve(q: Question, result: Ting | Discards | HuResult | None = None) -> Solution:
    """The solver's answer to ``q`` under ``q.rules``.  ``result``: the solver's
    result for ``q`` when it is already at hand (a drill generator computed it);
    it must be what ``solver.api`` gives (a discard table with distances when no
    discard leaves live outs, as ``api.discard_choice`` makes it)."""
    return kind_of(q.kind).solve(q, result)


def about_distance(table: Discards) -> bool:
    """No discard leaves the hand with a live wait: the discard question is about the distance to ready."""
    return bool(table.rows) and getattr(table.rows[0], "distance", 0) != 0


def has_distances(rows: tuple[DiscardRow, ...]) -> TypeGuard[tuple[DiscardAdvice, ...]]:
    """Every row of a discard table carries its distance to ready (``solver.api``'s ``DiscardAdvice``, as
    ``api.with_advice`` makes them; an engine's plain rows do not): so whenever ``about_distance``."""
    return all(isinstance(r, DiscardAdvice) for r in rows)
