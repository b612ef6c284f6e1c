"""``chi`` (吃牌): which ways to eat a tile are legal, from a menu of every way the hand could make.

The menu (``with_menu``) is every candidate way, legal and not, numbered; answered with the numbers of
the legal ones (0 for none); right when it names exactly those.  Taught with each way, legal or not, and
the rule that forbids it (比, 烧比, 坎, 隔山, 臭张, a compulsory move ...).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ...engine.obligations import candidate_ways
from ...model.notation import parse_tile
from ...model.results import Action, Candidate, Discards, Forbidden, HuResult, Ting
from ...model.rules import Ruleset
from ...model.tiles import GLYPHS, glyphs
from ...text.catalogue import both, say
from ...text.explain import action_text, forbidden_text, source_text
from ...text.replies import quoted, whole_number
from .. import drill_makers, ruleset_makers
from ..drill_notes import _and, _join, _reasons
from ..grading import _NONE, graded_set
from ..question import Answer, AnswerError, Grade, Question, Solution, solved, way_text
from ..wrapping import wrap
from . import Makers
from ._shared import AtTile, decision, no_mistakes, own_generator, passed_lines

if TYPE_CHECKING:
    from solver.puzzles import PuzzleAnswer


#: fourth in the lists of kinds; its drills' seed digit
ORDER = 3
NAME_ZH = "吃牌"
HAND = True
#: a library puzzle of this kind (``solver.puzzles``, which reads these lines without importing the kind):
#: the context fields it needs, those it may have besides, and its answer's type
PUZZLE_NEEDS = ("tile", "from")
PUZZLE_TAKES = ("seen", "chou", "passed_peng")
PUZZLE_ANSWER = "ways"
READY = False
TAGS = drill_makers.EAT_TAGS
MAKERS = Makers(drill_makers._make_chi, ruleset_makers._make_chi)
MORE_GENERATORS: dict[str, tuple[int, Makers]] = {}


@dataclass(frozen=True, kw_only=True)
class Facts(AtTile):
    """The tile and where it comes from, the tiles passed, and the menu: every candidate way, legal and not,
    sorted by their tile-index tuples (``obligations.candidate_ways``); the learner answers by number, 1 first.
    Filled in by ``with_menu``, so not compared (a question is the facts it is made of)."""
    menu: tuple[Candidate, ...] = field(default=(), compare=False)


FACTS = Facts


def prompt(q: Question[Facts], zh: bool) -> str:
    subject = source_text(q.facts.from_, parse_tile(q.facts.tile), "zh" if zh else "en")
    return say("chi.prompt", zh, subject=subject if zh else f"{subject[0].upper()}{subject[1:]}")


def context(q: Question[Facts], zh: bool) -> list[str]:
    """The tiles passed this hand, when some were, then the menu."""
    lines = passed_lines(q, zh) if q.facts.chou or q.facts.passed_peng else []
    if not q.facts.menu:
        lines.append(say("chi.no_way_on_menu", zh))
    else:
        lines.append(say("chi.ways_to_eat", zh))
    for i, c in enumerate(q.facts.menu, 1):
        lines.append(f"  {i}. {way_text(c.chi, c.bi, zh)}")
    return lines


def with_menu(q: Question[Facts]) -> Question[Facts]:
    """``q`` with its menu: the candidate ways of its decision (``obligations.candidate_ways``)."""
    if q.facts.menu:
        return q
    return replace(q, facts=replace(q.facts, menu=tuple(candidate_ways(decision(q)))))


def solve(q: Question[Facts], result: Ting | Discards | HuResult | None = None) -> Solution:
    d = decision(q)
    menu = q.facts.menu or with_menu(q).facts.menu
    return Solution(frozenset(i for i, c in enumerate(menu, 1) if c.reason is None), d)


def parse(q: Question[Facts], raw: str, spaced: str) -> Answer:
    if raw.lower() in _NONE:
        return frozenset()
    numbers: list[int] = []
    for word in spaced.split():
        number = whole_number(word)
        if number is None:
            raise AnswerError(*both("chi.not_a_number", word=quoted(word)))
        numbers.append(number)
    if 0 in numbers:
        raise AnswerError(*both("chi.zero_alone"))
    n = len(q.facts.menu)
    bad = [x for x in numbers if not 1 <= x <= n]
    if bad:
        menu = {0: "empty", 1: "one"}.get(n, "numbered")
        raise AnswerError(*(say("chi.off_menu", lang, number=bad[0], menu=say(f"chi.menu_{menu}", lang, n=n))
                            for lang in ("en", "zh")))
    return frozenset(numbers)


def grade(q: Question[Facts], answer: Answer) -> Grade:
    expected = solved(q, solve).expected
    assert isinstance(answer, frozenset)  # the menu numbers named
    return graded_set(answer, expected, " ".join(map(str, sorted(answer))) or "0")


def right_answer(q: Question[Facts]) -> str:
    expected = solved(q, solve).expected
    assert isinstance(expected, frozenset)  # the legal ways' numbers
    return " ".join(map(str, sorted(expected))) or "0"


def puzzle_answer(q: Question[Facts]) -> PuzzleAnswer:
    """The legal ways of the menu, in its (chi, bi) order, as {chi, bi} glyph tables."""
    expected = solved(q, solve).expected
    assert isinstance(expected, frozenset)  # their numbers
    return tuple({"chi": glyphs(c.chi), "bi": tuple(glyphs(g) for g in c.bi)}
                 for i, c in enumerate(q.facts.menu, 1) if i in expected)


def _candidate_text(q: Question[Facts], c, zh: bool) -> str:
    d = decision(q)
    lang = "zh" if zh else "en"
    if c.reason is None:
        return action_text(d, Action("chi", chi=c.chi, bi=c.bi), lang)
    return forbidden_text(d, Forbidden("chi", c.reason, c.chi, c.bi, c.detail), lang)


def teach(q: Question[Facts], g: Grade, zh: bool) -> list[str]:
    X = GLYPHS[decision(q).tile]
    assert isinstance(g.expected, frozenset) and isinstance(g.answer, frozenset)  # menu numbers
    legal = sorted(g.expected)
    if legal:
        lines = [say("chi.legal_ways", zh, numbers=" ".join(map(str, legal)))]
    else:
        lines = [say("chi.no_legal_way", zh, tile=X)]
    if not g.correct:
        for i in g.missed:
            c = q.facts.menu[i - 1]
            lines.append(say("chi.missed", zh, i=i, way=way_text(c.chi, c.bi, zh)))
        for i in g.extra:
            c = q.facts.menu[i - 1]
            lines.append(say("chi.extra", zh, i=i, way=way_text(c.chi, c.bi, zh), why=_candidate_text(q, c, zh)))
    lines.append("")
    if not q.facts.menu:
        lines.append(say("chi.no_group", zh, _tile=X))
    for i, c in enumerate(q.facts.menu, 1):
        mark = say("chi.legal" if c.reason is None else "chi.not_legal", zh)
        yours = say("chi.you_chose", zh) if i in g.answer else ""
        lines += wrap(f"  {i}. {way_text(c.chi, c.bi, zh)} — {mark}{yours}: {_candidate_text(q, c, zh)}",
                      indent="     ")
    return lines


def note(q: Question[Facts], zh: bool) -> str:
    d = decision(q)
    x, X = d.tile, GLYPHS[d.tile]
    seq = q.rules.sequence
    held = d.hand.concealed[x]
    more = say("chi.note_held_one" if held == 1 else "chi.note_held_more", zh, n=held, tile=X) if 0 < held < 3 else ""
    out = [say("chi.note_rule", zh, tile=X, held=more, _seq=seq, _group="一列" if seq == "列" else "一句话")]
    legal = [f"{i}（{way_text(c.chi, c.bi, zh)}）" if zh else f"{i} ({way_text(c.chi, c.bi, zh)})"
             for i, c in enumerate(q.facts.menu, 1) if c.reason is None]
    if legal:
        out.append(say("chi.note_legal", zh, ways=_and(legal, zh)))
    else:
        out.append(say("chi.note_no_legal_way", zh, tile=X))
    bad = [Forbidden("chi", c.reason, c.chi, c.bi, c.detail) for c in q.facts.menu if c.reason is not None]
    if bad:
        out.append(say("chi.note_not_legal", zh))
        out += _reasons(d, bad, zh)
    elif not q.facts.menu:
        out.append(say("chi.note_no_group", zh, tile=X))
    return _join(out, zh)


def ruleset_tags(rules: Ruleset) -> tuple[str, ...]:
    return ruleset_makers.eat_tags(rules)


#: the same as most kinds: no drills of other generators, no questions made of mistakes
generator = own_generator
from_mistakes = no_mistakes


if TYPE_CHECKING:  # mypy checks that this module implements the protocol of a kind
    from . import Kind
    from . import chi as _this
    _kind: Kind = _this
