"""``huxi`` (胡息): the 胡息 of a hand's best win on a tile from a source (the decomposition of the best score).

Answered with a whole number; right when it is the best decomposition's 胡息.  Taught with how the win
is scored (胡息 → 等 × 番), the table of its groups, and where an answer falls short (the melds' 胡息
left out, another decomposition's 胡息); a drill's note adds them up.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ... import api
from ...model.notation import parse_tile
from ...model.results import Discards, HuResult, Ting
from ...model.rules import Ruleset
from ...model.tiles import GLYPHS, glyph
from ...text.catalogue import both, say
from ...text.render import hu_sentence
from ...text.replies import quoted, whole_number
from ...text.words import GROUP_ZH, group_zh
from .. import drill_makers, ruleset_makers
from ..drill_notes import _join, _win_zh
from ..question import Answer, AnswerError, Grade, Question, QuizError, Solution, solved
from ..question import Facts as NoFacts
from ..teach import _mark, _tabulate
from . import Makers
from ._shared import no_mistakes, own_generator

if TYPE_CHECKING:
    from solver.puzzles import PuzzleAnswer


#: third in the lists of kinds; its drills' seed digit
ORDER = 2
NAME_ZH = "胡息"
HAND = True
#: a library puzzle of this kind (``solver.puzzles``, which reads these lines without importing the kind):
#: the context fields it needs, those it may have besides, and its answer's type
PUZZLE_NEEDS = ("tile", "source")
PUZZLE_TAKES = ("seen",)
PUZZLE_ANSWER = "int"
READY = True
TAGS = ("破跑胡", "提胡", "偎胡", "跑胡", "碰胡", "score first", "红胡", "乌胡", "对对胡")
MAKERS = Makers(drill_makers._make_huxi, ruleset_makers._make_huxi)
MORE_GENERATORS: dict[str, tuple[int, Makers]] = {}


@dataclass(frozen=True, kw_only=True)
class Facts(NoFacts):
    """The winning tile, and who reveals it: ``self``, ``other`` (drawn by another) or ``discard``."""
    tile: str
    source: str


FACTS = Facts


def prompt(q: Question[Facts], zh: bool) -> str:
    X = glyph(parse_tile(q.facts.tile))
    return say("huxi.prompt", zh, tile=X, source=say(f"huxi.source_{q.facts.source}", zh))


def context(q: Question[Facts], zh: bool) -> list[str]:
    return []


def with_menu(q: Question[Facts]) -> Question[Facts]:
    return q


def solve(q: Question[Facts], result: Ting | Discards | HuResult | None = None) -> Solution:
    r = result if result is not None else api.hu(q.hand, win=q.facts.tile, source=q.facts.source, all_splits=True,
                                                 rules=q.rules)
    assert isinstance(r, HuResult)  # the result given is the one of this question's kind
    if r.win is None:  # r.wins
        raise QuizError(f"{q.name}: {q.facts.tile} from {q.facts.source} does not win ({r.reason})")
    return Solution(r.win.huxi, r)


def parse(q: Question[Facts], raw: str, spaced: str) -> Answer:
    digits = re.sub(r"\s*(胡息|胡|huxi)$", "", raw, flags=re.IGNORECASE)
    value = whole_number(digits)  # ASCII digits only: ², ① or 5,000 digits are no number
    if value is None and digits.startswith("-") and whole_number(digits[1:]) is not None:
        raise AnswerError(*both("huxi.negative"))
    if value is None:
        raise AnswerError(*both("huxi.not_a_number", answer=quoted(raw)))
    return value


def grade(q: Question[Facts], answer: Answer) -> Grade:
    expected = solved(q, solve).expected
    return Grade(answer == expected, answer, expected, text=str(answer))


def right_answer(q: Question[Facts]) -> str:
    expected = solved(q, solve).expected
    return str(expected)


def puzzle_answer(q: Question[Facts]) -> PuzzleAnswer:
    """The number of 胡息."""
    expected = solved(q, solve).expected
    assert isinstance(expected, int)  # a number
    return expected


# How a tile wins (results.HOWS), said in Chinese for the huxi explanation.
_HOW_ZH = {"提胡": "提胡，这张牌和坎或偎成提", "跑胡": "跑胡，这张牌和碰、偎或坎成跑",
           "偎胡": "偎胡，这张牌和手里的一对成偎", "碰胡": "碰胡，这张牌和手里的一对成碰",
           "破跑胡": "破跑胡，这张牌进别的门子，坎（碰、偎）不动", "单吊胡": "单吊胡，这张牌成将",
           "编胡": "编胡，这张牌成绞牌或二七十", "顺胡": "顺胡，这张牌成一句话",
           "招胡": "招胡，这张牌和坎或碰成招"}


def teach(q: Question[Facts], g: Grade, zh: bool) -> list[str]:
    r = solved(q, solve).result
    assert isinstance(r, HuResult) and r.win is not None  # a huxi question's tile wins (``question.solve``)
    assert isinstance(g.answer, int)  # a number of 胡息
    w = r.win
    X = GLYPHS[r.tile]
    names = "+".join(w.fan_names) or "平胡"
    zimo = say("huxi.zimo_plus_one", zh) if r.source == "self" else ""
    lines = [say("huxi.score_line", zh, how=w.how, huxi=w.huxi, deng=w.deng, zimo=zimo, fan=w.fan, names=names,
                 score=w.score)]
    lines.append(say("huxi.how_it_wins", zh, _sentence=hu_sentence(r, q.rules), _tile=X,
                     _source=say(f"huxi.source_{r.source}", zh), _how=_HOW_ZH.get(w.how, w.how)))
    if not g.correct:
        diff = g.answer - w.huxi
        lines.append(say("huxi.said_short" if diff < 0 else "huxi.said_too_many", zh, answer=g.answer, n=abs(diff)))
        n_melds = len(r.hand.melds)
        melds_huxi = sum(x.huxi for x in w.groups[:n_melds])
        if melds_huxi and g.answer == w.huxi - melds_huxi:
            lines.append(say("huxi.melds_count", zh, huxi=melds_huxi))
        other = [d for d in r.decompositions[1:] if d.huxi == g.answer]
        if other:
            lines.append(say("huxi.another_decomposition", zh, answer=g.answer, score=other[0].score))
    headers = ["门子", say("huxi.col_tiles", zh), "胡息", ""]
    rows = [[GROUP_ZH[x.kind], x.text(), x.huxi, ""] for x in w.groups]
    yours = "" if g.correct else say("huxi.you_said", zh, answer=g.answer)
    rows.append(["", say("huxi.total", zh), w.huxi, _mark(True, g.correct, zh) + yours])
    lines += [""] + _tabulate(rows, headers)
    better = [d for d in r.decompositions[1:] if d.huxi > w.huxi]
    if better:
        lines.append(say("huxi.richer_scores_less", zh, huxi=better[0].huxi, score=better[0].score))
    return lines


def note(q: Question[Facts], zh: bool) -> str:
    r = solved(q, solve).result
    assert isinstance(r, HuResult) and r.win is not None  # a huxi question's tile wins (``question.solve``)
    w = r.win
    name = {g: group_zh(g.kind, q.rules.sequence) + ("" if zh else " ") for g in w.groups}
    worth = [f"{name[g]}{g.text()} {g.huxi}" for g in w.groups if g.huxi]
    none = len(w.groups) - len(worth)
    names = "+".join(w.fan_names) or "平胡"
    zimo = say("huxi.zimo_adds_one", zh) if r.source == "self" else ""
    rest = say("huxi.note_none_carry", zh, n=none) if none else ""
    out = [say("huxi.note_sum", zh, win=_win_zh(r, q.rules) if zh else hu_sentence(r, q.rules),
               terms=" + ".join(worth) or "0", huxi=w.huxi, rest=rest, deng=w.deng, zimo=zimo, fan=w.fan,
               names=names, score=w.score)]
    richer = next((d for d in r.decompositions[1:] if d.huxi > w.huxi), None)
    if richer is not None:
        out.append(say("huxi.note_richer_split", zh, huxi=richer.huxi, score=richer.score))
    if r.hand.melds:
        out.append(say("huxi.note_melds_count", zh, huxi=sum(g.huxi for g in w.groups[:len(r.hand.melds)])))
    return _join(out, zh)


def ruleset_tags(rules: Ruleset) -> tuple[str, ...]:
    # Every win that is not plain is a trap and every fan a tag.
    hows = ("破跑胡", "提胡", "偎胡", "跑胡", "碰胡", "招胡")
    return hows + ("score first",) + rules.fan_names


#: the same as most kinds: no drills of other generators, no questions made of mistakes
generator = own_generator
from_mistakes = no_mistakes


if TYPE_CHECKING:  # mypy checks that this module implements the protocol of a kind
    from . import Kind
    from . import huxi as _this
    _kind: Kind = _this
