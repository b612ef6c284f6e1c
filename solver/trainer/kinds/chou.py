"""``chou`` (臭张): whether a move (吃 or 碰) on a tile is open now, given the tiles passed this hand.

Answered yes or no.  Taught with the rule a pass follows under the ruleset (臭 for 吃 and for 碰 each
its own, or 过张: a passed tile only won on), the ways open, or every reason the move is not.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...model.hand import MELD_ZH
from ...model.notation import parse_tile
from ...model.results import Action, Discards, HuResult, Ting
from ...model.rules import Ruleset
from ...model.tiles import GLYPHS, glyph
from ...text.explain import act_lines, action_text, forbidden_text, source_text
from ...text.replies import quoted
from ...text.words import MOVE_ZH
from .. import drill_makers, ruleset_makers
from ..drill_notes import _join, _reasons
from ..grading import _NO, _YES
from ..question import Answer, AnswerError, Grade, Question, Solution, passed_lines
from . import Makers
from ._shared import no_mistakes, own_generator

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


def prompt(q: Question, zh: bool) -> str:
    X = glyph(parse_tile(q.tile)) if q.tile else ""
    assert q.tile is not None and q.from_ is not None and q.action is not None  # as a chou question
    subject = source_text(q.from_, parse_tile(q.tile), "zh" if zh else "en")
    if zh:
        return f"{subject}：按这一局过过的牌，现在能{MOVE_ZH[q.action]}{X}吗？（能 / 不能）"
    return (f"{subject[0].upper()}{subject[1:]}: given what was passed this hand, "
            f"may you {MOVE_ZH[q.action]} {X} now? (yes / no)")


def context(q: Question, zh: bool) -> list[str]:
    """The tiles passed this hand."""
    return passed_lines(q, zh)


def with_menu(q: Question) -> Question:
    return q


def solve(q: Question, result: Ting | Discards | HuResult | None = None) -> Solution:
    d = q.decision
    return Solution(any(a.action == q.action for a in d.actions), d)


def parse(q: Question, raw: str, spaced: str) -> Answer:
    word = raw.lower().rstrip("。.!！")
    if word in _YES:
        return True
    if word in _NO:
        return False
    raise AnswerError(f"{quoted(raw)}: answer yes or no (y / n, 能 / 不能, 是 / 否)", f"{quoted(raw)}：请答能或不能（能 / 不能、是 / 否、y / n）")


def grade(q: Question, answer: Answer) -> Grade:
    expected = q.solution.expected
    return Grade(answer == expected, answer, expected, text="yes" if answer else "no")


def right_answer(q: Question) -> str:
    expected = q.solution.expected
    return "yes" if expected else "no"


def puzzle_answer(q: Question) -> PuzzleAnswer:
    """Whether the move has a legal way."""
    expected = q.solution.expected
    assert isinstance(expected, bool)  # a bool
    return expected


def teach(q: Question, g: Grade, zh: bool) -> list[str]:
    d = q.decision
    X = GLYPHS[d.tile]
    assert q.action is not None  # a chou question's move
    move = MOVE_ZH[q.action]
    yes = g.expected
    if zh:
        lines = [f"{'能' if yes else '不能'}{move}{X}"]
    else:
        lines = [f"{'Yes' if yes else 'No'}: you {'may' if yes else 'may not'} {move} {X} now"]
    reasons = [f for f in d.forbidden if f.action == q.action]
    if yes:
        ways = [a for a in d.actions if a.action == q.action]
        if q.action == "chi":
            lines.append(f"{len(ways)}种合法吃法" if zh else f"{len(ways)} legal way{'s' * (len(ways) != 1)} to eat")
    elif reasons:
        lang = "zh" if zh else "en"
        seen = set()
        for f in reasons:  # one line per distinct reason
            if f.reason not in seen:
                seen.add(f.reason)
                lines.append("  " + forbidden_text(d, f, lang))
    elif q.action == "peng":
        n = d.hand.concealed[d.tile]
        if n == 3:
            # the 4-tile groups the take table makes of a fourth tile onto a 坎 (hunan: 跑 or 提)
            made = {q.rules.take[key].makes for key in q.rules.take if key[0] == "kan"}
            fours = [MELD_ZH[k] for k in q.rules.four_kinds if k in made] or [MELD_ZH[k] for k in q.rules.four_kinds]
            made_en = " or ".join(f"{k}'d" for k in fours)
            lines.append(f"{X * 3}是坎不是对：第四张{X}要{'或'.join(fours)}，不能碰" if zh else
                         f"{X * 3} is a 坎, not a pair: a fourth {X} is {made_en}, never 碰'd")
        else:
            lines.append(f"碰要手里有一对{X}，你手里有{n}张" if zh else
                         f"a 碰 needs a concealed pair {X * 2}; you hold {n}")
    else:
        lines.append(f"没有两张暗牌能和{X}组成一句话或绞牌" if zh else
                     f"no two concealed tiles make a 句 or 绞 with {X}")
    if not g.correct:
        apart = q.rules.passed == "chou"  # a passed 吃 and a passed 碰 are each their own 臭
        if apart and q.action == "chi" and d.tile in d.passed_peng and d.tile not in d.chou:
            lines.append(f"过碰只让{X}对碰变臭，不挡吃" if zh else f"passing a 碰 of {X} makes it 臭 for 碰 only, not for 吃")
        if apart and q.action == "peng" and d.tile in d.chou and d.tile not in d.passed_peng:
            lines.append(f"{X}对吃是臭张，但臭张不挡碰" if zh else f"{X} is 臭 for 吃, which does not block a 碰")
        if q.action == "peng" and d.source.startswith("lower") and yes:
            lines.append("不吃隔山牌只管吃，下家的牌可以碰" if zh else
                         "不吃隔山牌 is about 吃 only: a lower player's tile may be 碰'd")
    lines += [""] + act_lines(d, "zh" if zh else "en")
    return lines


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def note(q: Question, zh: bool) -> str:
    d = q.decision
    x, X = d.tile, GLYPHS[d.tile]
    assert q.action is not None  # a chou question's move
    move = MOVE_ZH[q.action]
    yes = q.solution.expected
    if q.rules.passed == "hu_only":
        out = ["这一局过了的牌（过张）以后只能胡，不能吃也不能碰（RULES.md 8）。" if zh else
               "A tile passed this hand (过张) may afterwards only be won on, never eaten or 碰'd (RULES.md 8)."]
    else:
        out = ["能吃不吃，这张牌对吃就臭了；能碰不碰，对碰就臭了：吃和碰各臭各的，直到这一局结束（RULES.md 7）。" if zh else
               "Passing a legal 吃 of a tile makes it 臭 for 吃, passing its 碰 makes it 臭 for 碰: each is its own "
               "臭, until the hand ends (RULES.md 7)."]
    twin = (x + 10) % 20
    passed = set(d.chou) | set(d.passed_peng)
    if yes:
        notes = []
        if q.rules.passed != "hu_only" and q.action == "chi" and x in d.passed_peng and x not in d.chou:
            notes.append(f"{X}过的是碰，只对碰臭，不挡吃" if zh else f"{X} was passed for 碰 only, which does not block 吃")
        if q.rules.passed != "hu_only" and q.action == "peng" and x in d.chou and x not in d.passed_peng:
            notes.append(f"{X}对吃是臭张，但不挡碰" if zh else f"{X} is 臭 for 吃, which does not block a 碰")
        if twin in passed and x not in passed:
            T = GLYPHS[twin]
            notes.append(f"过的是{T}不是{X}：大字小字是不同的牌" if zh else
                         f"the tile passed is {T}, not {X}: a small and a big tile are different tiles")
        if q.action == "peng" and d.source.startswith("lower"):
            notes.append("不吃隔山牌只管吃，下家的牌可以碰" if zh else
                         "不吃隔山牌 is about 吃 only: a lower player's tile may be 碰'd")
        if not notes:
            notes.append(f"这一局没有过过{X}" if zh else f"{X} was not passed this hand")
        way = next(a for a in d.actions if a.action == q.action)
        said = action_text(d, Action(way.action, chi=way.chi, bi=way.bi), "zh" if zh else "en")
        out.append(("；".join(notes) + f"，所以能{move}{X}：{said}。") if zh else
                   _upper("; ".join(notes) + f", so you may {move} {X}: {said}."))
        other = [f for f in d.forbidden if f.action == q.action]
        if other:  # the ways that are not open, and why
            out.append("别的吃法不行：" if zh else "Other ways are not:")
            out += _reasons(d, other, zh)
    else:
        why = [f for f in d.forbidden if f.action == q.action]
        if why:
            out.append(f"所以不能{move}{X}：" if zh else f"So you may not {move} {X}:")
            out += _reasons(d, why, zh, bare=q.action == "peng")
        elif q.action == "peng" and d.hand.concealed[x] == 3:
            out.append(f"{X * 3}是坎不是对，第四张{X}不能碰。" if zh else
                       f"You may not 碰 {X}: {X * 3} is a 坎, not a pair, and a fourth {X} is never 碰'd.")
        elif q.action == "peng":
            out.append(f"碰要手里有一对{X}，你手里有{d.hand.concealed[x]}张，所以不能碰。" if zh else
                       f"You may not 碰 {X}: a 碰 needs a concealed pair {X * 2}, and you hold "
                       f"{d.hand.concealed[x]}.")
        else:
            out.append(f"没有两张暗牌能和{X}组成一句话或绞牌，所以不能吃。" if zh else
                       f"You may not eat {X}: no two concealed tiles make a group with it.")
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
