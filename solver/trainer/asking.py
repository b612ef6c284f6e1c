"""Asking a question of any kind: the quiz's one interface, each part answered by the question's kind.

A question is facts: a ``question.Question`` (on a hand: a library puzzle or a drill) or a
``game_questions.GameItem`` (a decision of one of the learner's games).  What it shows, how an answer to it
is read, graded and taught, and its right answer are its kind's (``solver.trainer.kinds``, a module each,
implementing ``kinds.Kind``).  The functions here find the kind by the question's ``kind`` and ask it:
``lines``, ``grade`` (``parse``), ``right_answer``, ``explanation``; ``solution`` is the right answer in
graded form, worked out once.  The kinds import the questions' modules and this one imports the kinds, so
there is no circle and no kind is looked up by an import of its name.

>>> from solver import puzzles
>>> q = from_puzzle(puzzles.load()[0])
>>> lines(q)[0]
'ting · level 1 · puzzle ting-001'
>>> grade(q, right_answer(q)).correct
True
"""
from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING

from ..model.rules import DEFAULT_RULESET, Ruleset, get_ruleset
from ..text.catalogue import say
from ..text.explain import resolve_lang
from ..text.position_text import wrap as wrap_indented
from ..text.words import tag_in
from . import kinds
from .game_questions import GameItem
from .question import Answer, Grade, Question, Solution, hand_lines, read_answer, review_label, seen_lines, solved
from .wrapping import wrap

if TYPE_CHECKING:
    from solver.puzzles import Puzzle

    from ..game.moves import Move
    from ..model.results import Discards, HuResult, Ting

__all__ = ["Item", "context", "drill_note", "explanation", "from_puzzle", "grade", "lines", "parse", "prompt",
           "right_answer", "solution", "solve", "with_menu"]

#: a question as the quiz asks it
Item = Question | GameItem


def from_puzzle(p: Puzzle, rules: Ruleset | None = None) -> Question:
    """The question of library puzzle ``p`` (a ``puzzles.Puzzle``), asked under the ruleset it is written for
    (its ``rules``), or under ``rules`` when one is given; what its kind shows to choose from filled in."""
    rules = get_ruleset(p.rules) if rules is None else rules
    facts = kinds.get(p.kind).FACTS
    # its facts: the puzzle's fields of their names (what only the question shows, a chi menu, is not a puzzle's)
    return with_menu(Question(kind=p.kind, level=p.level, tags=tuple(p.tags), hand=p.hand, rules=rules,
                              facts=facts(**{f.name: getattr(p, f.name) for f in fields(facts) if hasattr(p, f.name)}),
                              seen=p.seen, note_en=p.note_en, note_zh=p.note_zh, puzzle_id=p.id))


def with_menu(q: Question) -> Question:
    """``q`` with what its kind shows to choose from filled in (chi: its menu; other kinds: ``q`` itself)."""
    return kinds.get(q.kind).with_menu(q)


def solve(q: Question, result: Ting | Discards | HuResult | None = None) -> Solution:
    """The solver's answer to ``q`` under ``q.rules``, worked out again (``solution``: once).  ``result``: the
    solver's result for ``q`` when it is already at hand (``question.solved`` says which)."""
    return kinds.get(q.kind).solve(q, result)


def solution(q: Question) -> Solution:
    """The solver's answer to ``q`` in graded form, worked out once and kept with ``q``."""
    return solved(q, kinds.get(q.kind).solve)


def prompt(item: Item, lang: str = "en") -> str:
    """The question in one line."""
    return kinds.get(item.kind).prompt(item, resolve_lang(lang) == "zh")


def context(item: Item, lang: str = "en") -> list[str]:
    """The facts between the hand (or position) and the prompt: the tiles seen, then those of its kind (passed
    tiles, the chi menu; a game's position and moves)."""
    zh = resolve_lang(lang) == "zh"
    kind = kinds.get(item.kind)
    seen = seen_lines(_on_hand(item), zh) if kind.HAND else []
    return seen + kind.context(item, zh)


def lines(item: Item, lang: str = "en", *, index: int | None = None, total: int | None = None) -> list[str]:
    """Everything shown before the answer: the header (its place in the quiz, its kind, where it comes from,
    the ruleset's name when it is not the default one, whether it is asked again), then a question's hand or a
    game's position, the context and the prompt."""
    lang = resolve_lang(lang)
    zh = lang == "zh"
    kind = kinds.get(item.kind)
    count = f"[{index}/{total}] " if index is not None and total is not None else ""
    rules = f" · {item.rules.name}" if item.rules.name != DEFAULT_RULESET else ""
    name = kind.NAME_ZH if zh else item.kind
    if not kind.HAND:  # a position from a game: where it comes from, the position and the moves, wrapped
        game = _on_position(item)
        head = f"{count}{name} · {game.source_zh if zh else game.source_en}{rules}{review_label(game.review, lang)}"
        return wrap_indented(head, indent="    ") + context(game, lang) + wrap_indented(prompt(game, lang))
    q = _on_hand(item)
    where = (say("question.where_puzzle", zh, id=q.puzzle_id) if q.puzzle_id is not None
             else say("question.where_drill", zh, seed=q.seed))
    level = say("question.level", zh, level=q.level)
    head = f"{count}{name} · {level} · {where}{rules}{review_label(q.review, lang)}"
    return [head] + hand_lines(q, lang) + context(q, lang) + [prompt(q, lang)]


def parse(item: Item, text: str) -> Answer | Move:
    """The answer ``text`` in graded form (a game's: the move it names), or ``question.AnswerError`` saying how
    to write it (ask again, no attempt)."""
    return kinds.get(item.kind).parse(item, *read_answer(text))


def grade(item: Item, text: str) -> Grade:
    """``text`` graded; ``question.AnswerError`` when it cannot be read (ask again, no attempt)."""
    return kinds.get(item.kind).grade(item, parse(item, text))


def right_answer(item: Item) -> str:
    """A right answer as a learner would type it (the first best discard; every wait; a game's best move)."""
    return kinds.get(item.kind).right_answer(item)


def explanation(item: Item, g: Grade, lang: str = "en") -> list[str]:
    """After the verdict: its kind's teaching (the solver's table, where ``g`` fell short, and why), then a
    question's tags and teaching note (a puzzle's own, or the one its kind writes for a drill), the sentences
    wrapped at 80 columns."""
    lang = resolve_lang(lang)
    zh = lang == "zh"
    kind = kinds.get(item.kind)
    taught: list[str] = kind.teach(item, g, zh)
    if not kind.HAND:  # a game's question: no tags, no note
        return taught
    q = _on_hand(item)
    if q.tags:
        taught += wrap(say("question.tags", zh, tags=", ".join(tag_in(t, lang) for t in q.tags)))
    note = (q.note_zh if zh else q.note_en) or drill_note(q, lang)
    if note:
        taught += wrap(say("question.note", zh, note=note))
    return taught


def drill_note(q: Question, lang: str = "en") -> str:
    """The teaching note of drill ``q`` in ``lang``, written by its kind (one paragraph; '' for a puzzle, which
    has its own)."""
    if q.seed is None:
        return ""
    return kinds.get(q.kind).note(q, resolve_lang(lang) == "zh")


def _on_hand(item: Item) -> Question:
    """The question of a kind on a hand (``Kind.HAND``), which its kind makes a ``Question``."""
    assert isinstance(item, Question), item.kind  # a kind on a hand asks a Question
    return item


def _on_position(item: Item) -> GameItem:
    """The question of a kind on a game's position (not ``Kind.HAND``), which its kind makes a ``GameItem``."""
    assert isinstance(item, GameItem), item.kind  # a kind on a position asks a GameItem
    return item
