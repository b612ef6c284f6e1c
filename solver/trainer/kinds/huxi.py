"""``huxi`` (胡息): the 胡息 of a hand's best win on a tile from a source (the decomposition of the best score).

Answered with a whole number; right when it is the best decomposition's 胡息.  Taught with how the win
is scored (胡息 → 等 × 番), the table of its groups, and where an answer falls short (the melds' 胡息
left out, another decomposition's 胡息); a drill's note adds them up.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ... import api
from ...model.notation import parse_tile
from ...model.results import Discards, HuResult, Ting
from ...model.rules import Ruleset
from ...model.tiles import GLYPHS, glyph
from ...text.render import hu_sentence
from ...text.replies import quoted, whole_number
from ...text.words import GROUP_ZH, group_zh
from .. import drill_makers, ruleset_makers
from ..drill_notes import _join, _win_zh
from ..question import Answer, AnswerError, Grade, Question, QuizError, Solution
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

#: who reveals a huxi question's winning tile, as its prompt says it
_SOURCE_EN = {"self": "self-drawn", "other": "drawn by another player", "discard": "discarded by another player"}
_SOURCE_ZH = {"self": "自摸", "other": "别人摸出", "discard": "别人打出"}


def prompt(q: Question, zh: bool) -> str:
    X = glyph(parse_tile(q.tile)) if q.tile else ""
    assert q.source is not None  # a huxi question says who reveals its tile
    if zh:
        return f"这手牌胡{X}（{_SOURCE_ZH[q.source]}）：多少胡息？（一个数）"
    return f"This hand wins on {X} ({_SOURCE_EN[q.source]}): how many 胡息? (a number)"


def context(q: Question, zh: bool) -> list[str]:
    return []


def with_menu(q: Question) -> Question:
    return q


def solve(q: Question, result: Ting | Discards | HuResult | None = None) -> Solution:
    assert q.tile is not None and q.source is not None  # a huxi question's tile and who reveals it
    r = result if result is not None else api.hu(q.hand, win=q.tile, source=q.source, all_splits=True,
                                                 rules=q.rules)
    assert isinstance(r, HuResult)  # the result given is the one of this question's kind
    if r.win is None:  # r.wins
        raise QuizError(f"{q.name}: {q.tile} from {q.source} does not win ({r.reason})")
    return Solution(r.win.huxi, r)


def parse(q: Question, raw: str, spaced: str) -> Answer:
    digits = re.sub(r"\s*(胡息|胡|huxi)$", "", raw, flags=re.IGNORECASE)
    value = whole_number(digits)  # ASCII digits only: ², ① or 5,000 digits are no number
    if value is None and digits.startswith("-") and whole_number(digits[1:]) is not None:
        raise AnswerError("胡息 is never negative", "胡息不会是负数")
    if value is None:
        raise AnswerError(f"{quoted(raw)} is not a number: answer the 胡息 as a whole number, e.g. 18",
                          f"{quoted(raw)} 不是数字：请写胡息的整数，如 18")
    return value


def grade(q: Question, answer: Answer) -> Grade:
    expected = q.solution.expected
    return Grade(answer == expected, answer, expected, text=str(answer))


def right_answer(q: Question) -> str:
    expected = q.solution.expected
    return str(expected)


def puzzle_answer(q: Question) -> PuzzleAnswer:
    """The number of 胡息."""
    expected = q.solution.expected
    assert isinstance(expected, int)  # a number
    return expected


# How a tile wins (results.HOWS), said in Chinese for the huxi explanation.
_HOW_ZH = {"提胡": "提胡，这张牌和坎或偎成提", "跑胡": "跑胡，这张牌和碰、偎或坎成跑",
           "偎胡": "偎胡，这张牌和手里的一对成偎", "碰胡": "碰胡，这张牌和手里的一对成碰",
           "破跑胡": "破跑胡，这张牌进别的门子，坎（碰、偎）不动", "单吊胡": "单吊胡，这张牌成将",
           "编胡": "编胡，这张牌成绞牌或二七十", "顺胡": "顺胡，这张牌成一句话",
           "招胡": "招胡，这张牌和坎或碰成招"}


def teach(q: Question, g: Grade, zh: bool) -> list[str]:
    r = q.solution.result
    assert isinstance(r, HuResult) and r.win is not None  # a huxi question's tile wins (``question.solve``)
    assert isinstance(g.answer, int)  # a number of 胡息
    w = r.win
    X = GLYPHS[r.tile]
    names = "+".join(w.fan_names) or "平胡"
    zimo = ("（自摸+1）" if zh else " (自摸 +1)") if r.source == "self" else ""
    lines = [f"{w.how}：{w.huxi}胡息 → {w.deng}等{zimo} × {w.fan}番（{names}）= {w.score}分" if zh else
             f"{w.how}: {w.huxi} 胡息 → {w.deng} 等{zimo} × {w.fan} 番 ({names}) = {w.score}"]
    if zh:
        lines.append(f"{_SOURCE_ZH[r.source]}的{X}：{_HOW_ZH.get(w.how, w.how)}")
    else:
        lines.append(hu_sentence(r, q.rules))
    if not g.correct:
        diff = g.answer - w.huxi
        if zh:
            lines.append(f"你答{g.answer}，{'少了' if diff < 0 else '多了'}{abs(diff)}胡息")
        else:
            lines.append(f"You said {g.answer}: {abs(diff)} {'short' if diff < 0 else 'too many'}")
        n_melds = len(r.hand.melds)
        melds_huxi = sum(x.huxi for x in w.groups[:n_melds])
        if melds_huxi and g.answer == w.huxi - melds_huxi:
            lines.append(f"亮牌的{melds_huxi}胡息也要算上" if zh else
                         f"the melds' {melds_huxi} 胡息 count too")
        other = [d for d in r.decompositions[1:] if d.huxi == g.answer]
        if other:
            d = other[0]
            lines.append(f"{g.answer}胡息是另一种组法（{d.score}分）；最佳组法先比分数，再比胡息" if zh else
                         f"{g.answer} 胡息 is another decomposition (score {d.score}); the best one is chosen "
                         f"by score first, then 胡息")
    headers = ["门子", "牌", "胡息", ""] if zh else ["门子", "tiles", "胡息", ""]
    rows = [[GROUP_ZH[x.kind], x.text(), x.huxi, ""] for x in w.groups]
    yours = "" if g.correct else (f"（你答{g.answer}）" if zh else f" (you said {g.answer})")
    rows.append(["", "合计" if zh else "total", w.huxi, _mark(True, g.correct, zh) + yours])
    lines += [""] + _tabulate(rows, headers)
    better = [d for d in r.decompositions[1:] if d.huxi > w.huxi]
    if better:
        d = better[0]
        lines.append(f"另有{d.huxi}胡息的组法，但只有{d.score}分，所以不是最佳" if zh else
                     f"A decomposition with {d.huxi} 胡息 scores only {d.score}, so it is not the best")
    return lines


def note(q: Question, zh: bool) -> str:
    r = q.solution.result
    assert isinstance(r, HuResult) and r.win is not None  # a huxi question's tile wins (``question.solve``)
    w = r.win
    name = {g: group_zh(g.kind, q.rules.sequence) + ("" if zh else " ") for g in w.groups}
    worth = [f"{name[g]}{g.text()} {g.huxi}" for g in w.groups if g.huxi]
    none = len(w.groups) - len(worth)
    names = "+".join(w.fan_names) or "平胡"
    zimo = ("（含自摸的1等）" if zh else " (自摸 adds one)") if r.source == "self" else ""
    if zh:
        out = [f"{_win_zh(r, q.rules)}。胡息：{' + '.join(worth) or '0'} = {w.huxi}"
               + (f"，另{none}方门子没有胡息" if none else "") + f"。{w.huxi}胡息算{w.deng}等{zimo}，{w.fan}番（{names}），"
               f"等×番 = {w.score}分（RULES.md 2、5）。"]
    else:
        out = [f"{hu_sentence(r, q.rules)}. 胡息: {' + '.join(worth) or '0'} = {w.huxi}"
               + (f"; the other {none} 门子 carry none" if none else "") + f". {w.huxi} 胡息 make {w.deng} 等{zimo}, "
               f"{w.fan} 番 ({names}), 等 × 番 = {w.score} (RULES.md 2 and 5)."]
    richer = next((d for d in r.decompositions[1:] if d.huxi > w.huxi), None)
    if richer is not None:
        out.append(f"另一种组法有{richer.huxi}胡息，但只得{richer.score}分：最佳组法先比分数，再比胡息（RULES.md 4）。" if zh else
                   f"Another split has {richer.huxi} 胡息 but scores only {richer.score}: the best split is chosen by "
                   f"score first, then 胡息 (RULES.md 4).")
    if r.hand.melds:
        melds = sum(g.huxi for g in w.groups[:len(r.hand.melds)])
        out.append(f"亮牌的{melds}胡息也算在内。" if zh else f"The melds' {melds} 胡息 count too.")
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
