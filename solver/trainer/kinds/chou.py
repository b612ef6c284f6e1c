"""``chou`` (臭张): whether a move (吃 or 碰) on a tile is open now, given the tiles passed this hand.

Answered yes or no.  Taught with the rule a pass follows under the ruleset (臭 for 吃 and for 碰 each
its own, or 过张: a passed tile only won on), the ways open, or every reason the move is not.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...model.hand import MELD_ZH
from ...model.notation import parse_tile
from ...model.results import Action, Discards, HuResult, Ting
from ...model.rules import Ruleset
from ...model.tiles import GLYPHS, glyph
from ...text.catalogue import both, say
from ...text.explain import act_lines, action_text, forbidden_text, source_text
from ...text.replies import quoted
from ...text.words import MOVE_ZH
from .. import drill_makers, ruleset_makers
from ..drill_notes import _join, _reasons
from ..grading import _NO, _YES
from ..question import Answer, AnswerError, Grade, Question, Solution, solved
from . import Makers
from ._shared import AtTile, decision, no_mistakes, own_generator, passed_lines

if TYPE_CHECKING:
    from solver.puzzles import PuzzleAnswer


#: fifth in the lists of kinds; its drills' seed digit
ORDER = 4
NAME_ZH = "臭张"
HAND = True
#: a library puzzle of this kind (``solver.puzzles``, which reads these lines without importing the kind):
#: the context fields it needs, those it may have besides, and its answer's type
PUZZLE_NEEDS = ("tile", "from", "action")
PUZZLE_TAKES = ("seen", "chou", "passed_peng")
PUZZLE_ANSWER = "bool"
READY = False
TAGS = drill_makers.EAT_TAGS
MAKERS = Makers(drill_makers._make_chou, ruleset_makers._make_chou)
MORE_GENERATORS: dict[str, tuple[int, Makers]] = {}


@dataclass(frozen=True, kw_only=True)
class Facts(AtTile):
    """The tile and where it comes from, the tiles passed, and the move asked about: ``chi`` or ``peng``."""
    action: str


FACTS = Facts


def prompt(q: Question[Facts], zh: bool) -> str:
    X = glyph(parse_tile(q.facts.tile)) if q.facts.tile else ""
    subject = source_text(q.facts.from_, parse_tile(q.facts.tile), "zh" if zh else "en")
    return say("chou.prompt", zh, subject=subject if zh else f"{subject[0].upper()}{subject[1:]}",
               move=MOVE_ZH[q.facts.action], tile=X)


def context(q: Question[Facts], zh: bool) -> list[str]:
    """The tiles passed this hand."""
    return passed_lines(q, zh)


def with_menu(q: Question[Facts]) -> Question[Facts]:
    return q


def solve(q: Question[Facts], result: Ting | Discards | HuResult | None = None) -> Solution:
    d = decision(q)
    return Solution(any(a.action == q.facts.action for a in d.actions), d)


def parse(q: Question[Facts], raw: str, spaced: str) -> Answer:
    word = raw.lower().rstrip("。.!！")
    if word in _YES:
        return True
    if word in _NO:
        return False
    raise AnswerError(*both("chou.yes_or_no", answer=quoted(raw)))


def grade(q: Question[Facts], answer: Answer) -> Grade:
    expected = solved(q, solve).expected
    return Grade(answer == expected, answer, expected, text="yes" if answer else "no")


def right_answer(q: Question[Facts]) -> str:
    expected = solved(q, solve).expected
    return "yes" if expected else "no"


def puzzle_answer(q: Question[Facts]) -> PuzzleAnswer:
    """Whether the move has a legal way."""
    expected = solved(q, solve).expected
    assert isinstance(expected, bool)  # a bool
    return expected


def teach(q: Question[Facts], g: Grade, zh: bool) -> list[str]:
    d = decision(q)
    X = GLYPHS[d.tile]
    move = MOVE_ZH[q.facts.action]
    yes = g.expected
    lines = [say("chou.may" if yes else "chou.may_not", zh, move=move, tile=X)]
    reasons = [f for f in d.forbidden if f.action == q.facts.action]
    if yes:
        ways = [a for a in d.actions if a.action == q.facts.action]
        if q.facts.action == "chi":
            lines.append(say("chou.legal_ways", zh, n=len(ways), _s="s" * (len(ways) != 1)))
    elif reasons:
        lang = "zh" if zh else "en"
        seen = set()
        for f in reasons:  # one line per distinct reason
            if f.reason not in seen:
                seen.add(f.reason)
                lines.append("  " + forbidden_text(d, f, lang))
    elif q.facts.action == "peng":
        n = d.hand.concealed[d.tile]
        if n == 3:
            # the 4-tile groups the take table makes of a fourth tile onto a 坎 (hunan: 跑 or 提)
            made = {q.rules.take[key].makes for key in q.rules.take if key[0] == "kan"}
            fours = [MELD_ZH[k] for k in q.rules.four_kinds if k in made] or [MELD_ZH[k] for k in q.rules.four_kinds]
            lines.append(say("chou.kan_not_pair", zh, tile=X, made=say("chou.made_or", zh).join(fours)))
        else:
            lines.append(say("chou.peng_needs_pair", zh, tile=X, n=n))
    else:
        lines.append(say("chou.no_group", zh, tile=X))
    if not g.correct:
        apart = q.rules.passed == "chou"  # a passed 吃 and a passed 碰 are each their own 臭
        if apart and q.facts.action == "chi" and d.tile in d.passed_peng and d.tile not in d.chou:
            lines.append(say("chou.passed_peng_not_chi", zh, tile=X))
        if apart and q.facts.action == "peng" and d.tile in d.chou and d.tile not in d.passed_peng:
            lines.append(say("chou.chou_not_peng", zh, tile=X))
        if q.facts.action == "peng" and d.source.startswith("lower") and yes:
            lines.append(say("chou.lower_may_peng", zh))
    lines += [""] + act_lines(d, "zh" if zh else "en")
    return lines


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def note(q: Question[Facts], zh: bool) -> str:
    d = decision(q)
    x, X = d.tile, GLYPHS[d.tile]
    move = MOVE_ZH[q.facts.action]
    yes = solved(q, solve).expected
    if q.rules.passed == "hu_only":
        out = [say("chou.rule_hu_only", zh)]
    else:
        out = [say("chou.rule_chou", zh)]
    twin = (x + 10) % 20
    passed = set(d.chou) | set(d.passed_peng)
    if yes:
        notes = []
        if q.rules.passed != "hu_only" and q.facts.action == "chi" and x in d.passed_peng and x not in d.chou:
            notes.append(say("chou.note_passed_peng_only", zh, tile=X))
        if q.rules.passed != "hu_only" and q.facts.action == "peng" and x in d.chou and x not in d.passed_peng:
            notes.append(say("chou.note_chou_not_peng", zh, tile=X))
        if twin in passed and x not in passed:
            T = GLYPHS[twin]
            notes.append(say("chou.note_twin", zh, twin=T, tile=X))
        if q.facts.action == "peng" and d.source.startswith("lower"):
            notes.append(say("chou.lower_may_peng", zh))
        if not notes:
            notes.append(say("chou.note_not_passed", zh, tile=X))
        way = next(a for a in d.actions if a.action == q.facts.action)
        said = action_text(d, Action(way.action, chi=way.chi, bi=way.bi), "zh" if zh else "en")
        so = say("chou.note_so_may", zh, notes=("；" if zh else "; ").join(notes), move=move, tile=X, said=said)
        out.append(so if zh else _upper(so))
        other = [f for f in d.forbidden if f.action == q.facts.action]
        if other:  # the ways that are not open, and why
            out.append(say("chou.note_other_ways", zh))
            out += _reasons(d, other, zh)
    else:
        why = [f for f in d.forbidden if f.action == q.facts.action]
        if why:
            out.append(say("chou.note_so_may_not", zh, move=move, tile=X))
            out += _reasons(d, why, zh, bare=q.facts.action == "peng")
        elif q.facts.action == "peng" and d.hand.concealed[x] == 3:
            out.append(say("chou.note_kan_not_pair", zh, tile=X))
        elif q.facts.action == "peng":
            out.append(say("chou.note_peng_needs_pair", zh, tile=X, n=d.hand.concealed[x]))
        else:
            out.append(say("chou.note_no_group", zh, tile=X))
    return _join(out, zh)


def ruleset_tags(rules: Ruleset) -> tuple[str, ...]:
    return ruleset_makers.eat_tags(rules)


#: the same as most kinds: no drills of other generators, no questions made of mistakes
generator = own_generator
from_mistakes = no_mistakes


if TYPE_CHECKING:  # mypy checks that this module implements the protocol of a kind
    from . import Kind
    from . import chou as _this
    _kind: Kind = _this
