"""``ting`` (听牌): every tile a ready hand waits on, from any source it wins from, dead waits included.

Answered with tiles (or none); right when it names every wait and nothing else.  Taught with the table
of each wait and source (胡息, 等, 番, score, how it wins), why a tile named is no wait, and the best
decomposition of each wait; a drill's note says how each wait wins and why a source does not.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ... import api
from ...engine import reference
from ...model.hand import MELD_ZH
from ...model.results import Discards, HuResult, Ting
from ...model.rules import Ruleset
from ...model.tiles import GLYPHS, glyphs
from ...text.render import hu_sentence
from ...text.words import GROUP_ZH
from .. import drill_makers, ruleset_makers
from ..drill_notes import _join, _seen_words, _waits_words
from ..grading import _NONE, graded_set, read_tiles
from ..question import Answer, Grade, Question, Solution
from ..teach import _SOURCE_ZH, _tabulate, _tiles_comma
from ..wrapping import wrap
from . import Makers
from ._shared import no_mistakes, own_generator

if TYPE_CHECKING:
    from solver.puzzles import PuzzleAnswer


#: first in the lists of kinds; its drills' seed digit
ORDER = 0
NAME_ZH = "听牌"
HAND = True
#: a library puzzle of this kind (``solver.puzzles``, which reads these lines without importing the kind):
#: the context fields it needs, those it may have besides, and its answer's type
PUZZLE_NEEDS = ()
PUZZLE_TAKES = ("seen",)
PUZZLE_ANSWER = "str"
READY = True
TAGS = drill_makers.WAIT_TAGS
MAKERS = Makers(drill_makers._make_ting, ruleset_makers._make_ting)
MORE_GENERATORS: dict[str, tuple[int, Makers]] = {}


def prompt(q: Question, zh: bool) -> str:
    return ("你听哪些牌？（写出所有听的牌，如 三伍 或 3x5d）" if zh else
            "What do you wait on? (every wait, e.g. 三伍 or 3x5d)")


def context(q: Question, zh: bool) -> list[str]:
    return []


def with_menu(q: Question) -> Question:
    return q


def solve(q: Question, result: Ting | Discards | HuResult | None = None) -> Solution:
    t = result if result is not None else api.ting(q.hand, seen=q.seen, rules=q.rules)
    assert isinstance(t, Ting)  # the result given is the one of this question's kind
    return Solution(frozenset(w.tile for w in t.waits), t)


def parse(q: Question, raw: str, spaced: str) -> Answer:
    if raw.lower() in _NONE:
        return frozenset()
    return frozenset(read_tiles(spaced))


def grade(q: Question, answer: Answer) -> Grade:
    expected = q.solution.expected
    assert isinstance(answer, frozenset)  # the tiles named
    return graded_set(answer, expected, glyphs(answer) or "none")


def right_answer(q: Question) -> str:
    expected = q.solution.expected
    assert isinstance(expected, frozenset)  # the waits
    return glyphs(expected) or "none"


def puzzle_answer(q: Question) -> PuzzleAnswer:
    """The waits' glyphs."""
    expected = q.solution.expected
    assert isinstance(expected, frozenset)  # the waits
    return glyphs(expected)


def _outs_cell(outs: int, zh: bool) -> str:
    return str(outs) if outs else ("0 绝张" if zh else "0 dead")


def _groups_text(groups) -> str:
    return " ".join(f"{GROUP_ZH[g.kind]}{g.text()} {g.huxi}" for g in groups)


_COUNT_ZH = {2: "两", 3: "三"}


def _not_wait_text(hand, t: int, rules: Ruleset, zh: bool) -> str:
    """Why tile t wins from none of the sources ``rules`` wins on."""
    X = GLYPHS[t]
    if hand.all_counts()[t] >= 4:
        return (f"{X}：四张都在你手里或亮牌里，不会再来" if zh else
                f"{X}: all four copies are in your hand and melds, so it cannot appear")
    sources = rules.win_on
    results = [reference.hu(hand, t, source, rules) for source in sources]
    first = results[0]
    none_en = "neither source" if len(sources) == 2 else "no source"
    none_zh = f"{_COUNT_ZH.get(len(sources), len(sources))}种来源都胡不了"
    if first.reason in ("no_7_groups", "huxi_short") and all(
            (r.reason, r.huxi) == (first.reason, first.huxi) for r in results):
        if first.reason == "no_7_groups":
            return (f"{X}：{none_zh}，加上{X}组不成7门子" if zh else
                    f"{X} wins from {none_en}: with it the tiles cannot be split into 7 门子")
        return (f"{X}：{none_zh}，能组成7门子但最多{first.huxi}胡息（要{rules.min_huxi}）" if zh else
                f"{X} wins from {none_en}: 7 门子 but at most {first.huxi} 胡息 ({rules.min_huxi} needed)")
    parts = []
    for source, r in zip(sources, results):
        if zh:
            if r.reason == "huxi_short":
                why = f"能组成7门子，但最多{r.huxi}胡息（要{rules.min_huxi}）"
            elif r.reason is not None and r.reason.startswith("forced_"):
                move = MELD_ZH[r.reason.removeprefix("forced_")]
                why = f"必须{move}，{move}后胡不了"
            else:
                why = "组不成7门子"
            parts.append(f"{_SOURCE_ZH[source]}{why}")
        else:
            parts.append(f"{source}: {hu_sentence(r, rules)}")
    return f"{X}：" + "；".join(parts) if zh else f"{X} — " + "; ".join(parts)


def teach(q: Question, g: Grade, zh: bool) -> list[str]:
    t = q.solution.result
    assert isinstance(t, Ting)  # a ting question's result
    waits = t.waits
    lines = []
    if waits:
        dead = [w.tile for w in waits if not w.outs]
        live = sum(w.outs for w in waits)
        if zh:
            head = f"听 {len(waits)} 张：{_tiles_comma((w.tile for w in waits), zh)}，共 {live} 张活牌"
            if dead:
                head += f"；{_tiles_comma(dead, zh)}已是绝张（没有活牌），也算听牌"
        else:
            head = f"The waits ({len(waits)}): {_tiles_comma((w.tile for w in waits), zh)}, {live} live outs"
            if dead:
                head += f"; {_tiles_comma(dead, zh)} {'is' if len(dead) == 1 else 'are'} dead (no live copy) but still a wait"
        lines.append(head)
    else:
        lines.append("这手牌不听牌：没有能胡的牌" if zh else "The hand is not ready: no tile wins for it")
    if not g.correct:
        if g.missed:
            lines.append(f"{'漏了' if zh else 'Missed'}: {_tiles_comma(g.missed, zh)}")
        if g.extra:
            lines.append(f"{'多写了（不听）' if zh else 'Not waits'}: {_tiles_comma(g.extra, zh)}")
    for x in g.extra:
        lines += wrap("  " + _not_wait_text(t.hand, x, q.rules, zh), indent="    ")
    if waits:
        lines += [""] + _waits_table(q, g, zh)
        lines.append("")
        lines.append("最佳组牌：" if zh else "Best decompositions:")
        sources = q.rules.win_on
        every = "both" if len(sources) == 2 else "all"
        for w in waits:
            wins = [(s, getattr(w, s)) for s in sources if getattr(w, s) is not None]
            if len(wins) == len(sources) > 1 and all(x.groups == wins[0][1].groups for _, x in wins):
                wins = [(every, wins[0][1])]
            for source, x in wins:
                src = ({**_SOURCE_ZH, "both": "两种来源", "all": "三种来源"}[source] if zh else source)
                lines += wrap(f"  {GLYPHS[w.tile]} {src}: {_groups_text(x.groups)}", indent="      ")
    return lines


def _waits_table(q: Question, g: Grade, zh: bool) -> list[str]:
    """A row per wait and source: 胡息, 等, 番 and the score they make, how it wins; the waits named and
    missed marked."""
    headers = (["听", "张数", "来源", "胡息", "等", "番", "分", "胡法", ""] if zh else
               ["wait", "outs", "from", "胡息", "等", "番", "score", "how", ""])
    rows = []
    assert isinstance(q.solution.result, Ting) and isinstance(g.answer, frozenset)  # a ting question's, the waits named
    for w in q.solution.result.waits:
        mark = (("← 漏了" if zh else "← missed") if w.tile in g.missed else
                ("← 你的" if zh else "← yours") if w.tile in g.answer else "")
        for i, source in enumerate(q.rules.win_on):
            x = getattr(w, source)
            head = [GLYPHS[w.tile], _outs_cell(w.outs, zh)] if i == 0 else ["", ""]
            cells = (["—", "", "", "", ""] if x is None else
                     [str(x.huxi), str(x.deng), " ".join([str(x.fan), *x.fan_names]), str(x.score), x.how])
            rows.append(head + [_SOURCE_ZH[source] if zh else source] + cells + [mark if i == 0 else ""])
    return _tabulate(rows, headers) + [_SCORE_ZH if zh else _SCORE_EN]


_SCORE_EN = "score = 等 × 番; the 胡息 make the 等, a self-drawn win adds one (RULES.md 5)"
_SCORE_ZH = "分 = 等 × 番；等由胡息算出，自摸加1等（RULES.md 5）"


def note(q: Question, zh: bool) -> str:
    t = q.solution.result
    assert isinstance(t, Ting)  # a ting question's result
    return _join(_waits_words(t.hand, t.waits, q.rules, zh) + _seen_words(q, zh)
                 + ["（RULES.md 4、6）" if zh else "(RULES.md 4 and 6)"], zh)


def ruleset_tags(rules: Ruleset) -> tuple[str, ...]:
    return ruleset_makers.wait_tags(rules)


#: the same as most kinds: no drills of other generators, no questions made of mistakes
generator = own_generator
from_mistakes = no_mistakes


if TYPE_CHECKING:  # mypy checks that this module implements the protocol of a kind
    from . import Kind
    from . import ting as _this
    _kind: Kind = _this
