"""The trainer: questions from puzzles or drills, grading, explanations and the quiz loop.

Five kinds of question (``puzzles.KINDS``) and what the learner answers:

========  ==================================================  =====================================
kind      question                                            answer
========  ==================================================  =====================================
ting      What do you wait on?                                tiles: exactly the waits (either
                                                              source, dead ones included)
discard   Which discard gives the most winning outs?          one tile with the most live outs; when
          (or, when no discard leaves the hand ready: which   none leaves the hand ready, one with
          discard leaves it nearest to ready?)                the least distance, then the most live
                                                              improving draws
huxi      This hand wins on X (self / other): how many 胡息?  the 胡息 of the best decomposition
chi       X is revealed from SOURCE: which ways to eat are    the numbers of every legal way in the
          legal?                                              menu, or 0 for none
chou      Given what was passed, may you 吃 (碰) X now?       yes / no
========  ==================================================  =====================================

Answers are graded against the solver, whose tables the explanation shows.
Bad notation raises ``AnswerError`` (the loop asks again; it is no attempt);
anything readable is graded, and a partly right answer is incorrect.
``run_quiz`` is the interactive loop; ``select_questions`` picks the questions
for ``phz quiz``; ``quiz_command`` is the whole command.
"""
from __future__ import annotations

import re
import sys
import time
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence, TextIO

from ..model.hand import HandError
from ..model.notation import parse_hand, parse_tile, parse_tiles
from ..model.tiles import GLYPHS, glyph, glyphs
from ..text.explain import action_text, forbidden_text, resolve_lang, source_text
from ..text.words import GROUP_ZH, MOVE_ZH
from .progress import ProgressError

KINDS = ("ting", "discard", "huxi", "chi", "chou")
DEFAULT_COUNT = 10
QUIT_WORDS = frozenset({"q", "quit", "exit", "退出"})
_YES = frozenset({"y", "yes", "是", "能", "可以", "对", "行"})
_NO = frozenset({"n", "no", "否", "不能", "不", "不可以", "不行"})
_NONE = frozenset({"0", "none", "no", "无", "没有", "-", "—"})
_SEPARATORS = re.compile(r"[,，、;；]")


# How a tile wins (results.HOWS), said in Chinese for the huxi explanation.
_HOW_ZH = {"提胡": "提胡，这张牌和坎或偎成提", "跑胡": "跑胡，这张牌和碰、偎或坎成跑",
           "偎胡": "偎胡，这张牌和手里的一对成偎", "碰胡": "碰胡，这张牌和手里的一对成碰",
           "破跑胡": "破跑胡，这张牌进别的门子，坎（碰、偎）不动", "单吊胡": "单吊胡，这张牌成将",
           "编胡": "编胡，这张牌成绞牌或二七十", "顺胡": "顺胡，这张牌成一句话"}


class AnswerError(ValueError):
    """An answer that cannot be read (bad notation, a number off the menu): ask again."""


class QuizError(ValueError):
    """No questions to ask (unknown puzzle id, nothing matches the filters); one line."""


# ---------------------------------------------------------------- questions

@dataclass(frozen=True)
class Question:
    """One question: a library puzzle (``puzzle_id``) or a generated drill (``seed``).

    ``tile`` is the tile that appears (huxi, chi, chou); ``source`` who reveals
    the winning tile for huxi (self / other); ``from_`` where the tile comes
    from for chi and chou (``obligations.SOURCES``); ``action`` chi or peng
    for chou; ``chou`` / ``passed_peng`` the tiles already passed this hand.
    ``menu`` is the chi question's candidate ways, legal and not, sorted by
    their tile-index tuples (``obligations.candidate_ways``); the learner
    answers by number, 1 first.
    """
    kind: str
    level: int
    tags: tuple[str, ...]
    hand: str
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
    menu: tuple = field(default=(), compare=False)

    @classmethod
    def from_puzzle(cls, p) -> "Question":
        q = cls(kind=p.kind, level=p.level, tags=tuple(p.tags), hand=p.hand, tile=p.tile, source=p.source,
                from_=p.from_, action=p.action, seen=p.seen, chou=p.chou, passed_peng=p.passed_peng,
                note_en=p.note_en, note_zh=p.note_zh, puzzle_id=p.id)
        return q.with_menu()

    def with_menu(self) -> "Question":
        """This question with its chi menu filled in (other kinds: itself)."""
        if self.kind != "chi" or self.menu:
            return self
        from ..engine.obligations import candidate_ways
        return replace(self, menu=tuple(candidate_ways(self.decision)))

    @property
    def key(self) -> str:
        """'puzzle:ID' or 'drill:SEED' (the review item of progress.Store)."""
        return f"puzzle:{self.puzzle_id}" if self.puzzle_id is not None else f"drill:{self.seed}"

    @property
    def name(self) -> str:
        return f"puzzle {self.puzzle_id}" if self.puzzle_id is not None else f"drill {self.seed}"

    @cached_property
    def decision(self):
        """The obligations decision of a chi/chou question."""
        from .. import api
        return api.decide(self.hand, tile=self.tile, source=self.from_, chou=self.chou,
                      passed_peng=self.passed_peng, seen=self.seen)

    @cached_property
    def solution(self) -> "Solution":
        return _solve(self)

    # ------------------------------------------------------------ text

    def prompt(self, lang: str = "en") -> str:
        """The question in one line."""
        zh = resolve_lang(lang) == "zh"
        X = glyph(parse_tile(self.tile)) if self.tile else ""
        if self.kind == "ting":
            return ("你听哪些牌？（写出所有听的牌，如 三伍 或 3x5d）" if zh else
                    "What do you wait on? (every wait, e.g. 三伍 or 3x5d)")
        if self.kind == "discard":
            if _far(self.solution.result):
                return ("没有一张能打成听牌：打哪张离听牌最近？（进张距离最小，再看进张张数；一张牌）" if zh else
                        "No discard leaves the hand ready: which one leaves it nearest? "
                        "(least distance, then most live improving draws; one tile)")
            return ("打哪张牌，胡牌的张数最多？（一张牌）" if zh else
                    "Which discard gives the most winning outs? (one tile)")
        if self.kind == "huxi":
            if zh:
                src = "自摸" if self.source == "self" else "别人摸出"
                return f"这手牌胡{X}（{src}）：多少胡息？（一个数）"
            src = "self-drawn" if self.source == "self" else "drawn by another player"
            return f"This hand wins on {X} ({src}): how many 胡息? (a number)"
        if self.kind == "chi":
            subject = source_text(self.from_, parse_tile(self.tile), "zh" if zh else "en")
            if zh:
                return f"{subject}：下面哪些吃法合法？（写编号，如 1 3；都不合法写 0）"
            return f"{subject[0].upper()}{subject[1:]}: which ways to eat are legal? (numbers, e.g. 1 3; 0 for none)"
        if self.kind == "chou":
            subject = source_text(self.from_, parse_tile(self.tile), "zh" if zh else "en")
            if zh:
                return f"{subject}：按这一局过过的牌，现在能{MOVE_ZH[self.action]}{X}吗？（能 / 不能）"
            return (f"{subject[0].upper()}{subject[1:]}: given what was passed this hand, "
                    f"may you {MOVE_ZH[self.action]} {X} now? (yes / no)")
        raise ValueError(f"unknown question kind {self.kind!r}")

    def context(self, lang: str = "en") -> list[str]:
        """The facts around the hand: seen and passed tiles, and the chi menu."""
        zh = resolve_lang(lang) == "zh"
        lines = []
        if self.seen:
            lines.append(f"{'见过的牌' if zh else 'seen elsewhere'}: {_tile_list(self.seen)}")
        if self.kind == "chou" or (self.kind == "chi" and (self.chou or self.passed_peng)):
            none = "无" if zh else "none"
            lines.append(f"{'这一局过了吃（臭张）' if zh else 'passed for 吃 this hand (臭)'}: "
                         f"{_tile_list(self.chou) or none}")
            lines.append(f"{'这一局过了碰' if zh else 'passed for 碰 this hand'}: {_tile_list(self.passed_peng) or none}")
        if self.kind == "chi":
            if not self.menu:
                lines.append("没有能和这张牌组成一句话或绞牌的吃法（答 0）" if zh else
                             "no two concealed tiles make a group with this tile (answer 0)")
            else:
                lines.append("吃法：" if zh else "ways to eat:")
            for i, c in enumerate(self.menu, 1):
                lines.append(f"  {i}. {_way_text(c.chi, c.bi, zh)}")
        return lines


def _tile_list(text: str) -> str:
    return " ".join(GLYPHS[t] for t in sorted(parse_tiles(text))) if text else ""


def _way_text(chi, bi, zh: bool) -> str:
    if zh:
        return glyphs(chi) + (f"，比 {'、'.join(glyphs(b) for b in bi)}" if bi else "")
    return glyphs(chi) + (f" + 比 {' '.join(glyphs(b) for b in bi)}" if bi else "")


def hand_lines(q: Question, lang: str = "en") -> list[str]:
    """The hand: concealed tiles (small, then big), then the exposed melds on their own line."""
    zh = resolve_lang(lang) == "zh"
    h = parse_hand(q.hand)
    small = "".join(GLYPHS[t] * h.concealed[t] for t in range(10))
    big = "".join(GLYPHS[t] * h.concealed[t] for t in range(10, 20))
    tiles = "  ".join(x for x in (small, big) if x)
    n = h.n_concealed
    lines = [f"{'手牌' if zh else 'hand'}: {tiles}  ({n}{' 张' if zh else ' tiles'})"]
    if h.melds:
        lines.append(f"{'亮牌' if zh else 'melds'}: {'  '.join(m.text() for m in h.melds)}")
    return lines


def question_lines(q: Question, lang: str = "en", *, index: int | None = None, total: int | None = None) -> list[str]:
    """Everything shown before the answer: header, hand, context, question."""
    zh = resolve_lang(lang) == "zh"
    kind = {"ting": "听牌", "discard": "打牌", "huxi": "胡息", "chi": "吃牌", "chou": "臭张"}[q.kind] if zh else q.kind
    where = (f"题库 {q.puzzle_id}" if q.puzzle_id is not None else f"练习 {q.seed}") if zh else q.name
    count = f"[{index}/{total}] " if index is not None and total is not None else ""
    head = f"{count}{kind} · {'难度' if zh else 'level'} {q.level} · {where}"
    return [head] + hand_lines(q, lang) + q.context(lang) + [q.prompt(lang)]


# ---------------------------------------------------------------- solving

@dataclass(frozen=True)
class Solution:
    """The right answer in graded form, and the solver's result it comes from."""
    expected: object  # frozenset (ting, chi), tuple of tiles (discard), int (huxi), bool (chou)
    result: object  # Ting | Discards | HuResult | Decision


def _solve(q: Question) -> Solution:
    from .. import api
    if q.kind == "ting":
        t = api.ting(q.hand, seen=q.seen)
        return Solution(frozenset(w.tile for w in t.waits), t)
    if q.kind == "discard":
        best, d = api.discard_choice(q.hand, seen=q.seen)
        return Solution(best, d)
    if q.kind == "huxi":
        r = api.hu(q.hand, win=q.tile, source=q.source, all_splits=True)
        if not r.wins:
            raise QuizError(f"{q.name}: {q.tile} from {q.source} does not win ({r.reason})")
        return Solution(r.win.huxi, r)
    d = q.decision
    if q.kind == "chi":
        menu = q.menu or q.with_menu().menu
        return Solution(frozenset(i for i, c in enumerate(menu, 1) if c.reason is None), d)
    if q.kind == "chou":
        return Solution(any(a.action == q.action for a in d.actions), d)
    raise ValueError(f"unknown question kind {q.kind!r}")


# ---------------------------------------------------------------- grading

@dataclass(frozen=True)
class Grade:
    """A graded answer.

    ``answer`` and ``expected`` in the same form: frozenset of tile ids (ting),
    tile id / tuple of the best tile ids (discard), int (huxi), frozenset of
    menu numbers (chi), bool (chou).  ``missed`` and ``extra``: for ting the
    waits not named and the tiles named that are not waits, for chi the legal
    ways not named and the illegal ones named (sorted tuples).  ``text`` is
    the answer as recorded.
    """
    correct: bool
    answer: object
    expected: object
    missed: tuple = ()
    extra: tuple = ()
    text: str = ""


def parse_answer(q: Question, text: str) -> object:
    """The answer ``text`` in graded form, or AnswerError saying how to write it."""
    raw = text.strip()
    if not raw:
        raise AnswerError("no answer: type it, or q to stop")
    spaced = _SEPARATORS.sub(" ", raw)
    if q.kind in ("ting", "discard"):
        if q.kind == "ting" and raw.lower() in _NONE:
            return frozenset()
        try:
            tiles = parse_tiles(spaced)
        except HandError as e:
            raise AnswerError(f"{e}; write tiles as glyphs (三伍) or ASCII (3x5d)") from None
        if not tiles:
            raise AnswerError("no tile: write tiles as glyphs (三伍) or ASCII (3x5d)")
        if q.kind == "ting":
            return frozenset(tiles)
        if len(set(tiles)) != 1:
            raise AnswerError(f"{glyphs(set(tiles))}: name one tile to discard")
        t = tiles[0]
        if parse_hand(q.hand).concealed[t] == 0:
            raise AnswerError(f"{glyph(t)} is not among your concealed tiles: discard one of them")
        return t
    if q.kind == "huxi":
        number = re.sub(r"\s*(胡息|胡|huxi)$", "", raw, flags=re.IGNORECASE)
        try:
            value = int(number)
        except ValueError:
            raise AnswerError(f"{raw!r} is not a number: answer the 胡息 as a whole number, e.g. 18") from None
        if value < 0:
            raise AnswerError("胡息 is never negative")
        return value
    if q.kind == "chi":
        if raw.lower() in _NONE:
            return frozenset()
        numbers = []
        for word in spaced.split():
            try:
                numbers.append(int(word))
            except ValueError:
                raise AnswerError(f"{word!r} is not a number: answer the numbers of the legal ways, "
                                  "e.g. 1 3, or 0 for none") from None
        if 0 in numbers:
            raise AnswerError("0 means no legal way: do not mix it with other numbers")
        n = len(q.menu)
        bad = [x for x in numbers if not 1 <= x <= n]
        if bad:
            menu = {0: "the menu is empty", 1: "the one way is numbered 1"}.get(n, f"the ways are numbered 1 to {n}")
            raise AnswerError(f"{bad[0]} is not on the menu: {menu}; 0 for none")
        return frozenset(numbers)
    if q.kind == "chou":
        word = raw.lower().rstrip("。.!！")
        if word in _YES:
            return True
        if word in _NO:
            return False
        raise AnswerError(f"{raw!r}: answer yes or no (y / n, 能 / 不能, 是 / 否)")
    raise ValueError(f"unknown question kind {q.kind!r}")


def grade(q: Question, answer_text: str) -> Grade:
    """Grade ``answer_text``; AnswerError when it cannot be read (ask again, no attempt)."""
    answer = parse_answer(q, answer_text)
    expected = q.solution.expected
    if q.kind in ("ting", "chi"):
        missed = tuple(sorted(expected - answer))
        extra = tuple(sorted(answer - expected))
        if q.kind == "ting":
            text = glyphs(answer) or "none"
        else:
            text = " ".join(map(str, sorted(answer))) or "0"
        return Grade(answer == expected, answer, expected, missed, extra, text)
    if q.kind == "discard":
        return Grade(answer in expected, answer, expected, text=glyph(answer))
    if q.kind == "huxi":
        return Grade(answer == expected, answer, expected, text=str(answer))
    return Grade(answer == expected, answer, expected, text="yes" if answer else "no")


def right_answer(q: Question) -> str:
    """A right answer to ``q`` as a learner would type it (the first best discard; every wait; ...)."""
    expected = q.solution.expected
    if q.kind == "ting":
        return glyphs(expected) or "none"
    if q.kind == "discard":
        return glyph(expected[0])
    if q.kind == "huxi":
        return str(expected)
    if q.kind == "chi":
        return " ".join(map(str, sorted(expected))) or "0"
    return "yes" if expected else "no"


# ---------------------------------------------------------------- explaining

def explain(q: Question, g: Grade, lang: str = "en") -> list[str]:
    """The solver's full table for ``q``, where ``g`` fell short, the tags and the teaching note."""
    lang = resolve_lang(lang)
    zh = lang == "zh"
    lines = {"ting": _explain_ting, "discard": _explain_discard, "huxi": _explain_huxi,
             "chi": _explain_chi, "chou": _explain_chou}[q.kind](q, g, zh)
    if q.tags:
        lines.append(f"{'标签' if zh else 'tags'}: {', '.join(q.tags)}")
    note = q.note_zh if zh else q.note_en
    if note:
        lines.append(f"{'要点' if zh else 'note'}: {note}")
    return lines


def _tabulate(rows, headers) -> list[str]:
    from tabulate import tabulate

    from ..text.render import TABLE_FORMAT
    return tabulate(rows, headers, tablefmt=TABLE_FORMAT, disable_numparse=True).split("\n")


def _tiles_comma(tiles: Iterable[int], zh: bool) -> str:
    return ("、" if zh else ", ").join(GLYPHS[t] for t in tiles)


def _win_cells(w) -> list[str]:
    return ["—", "", ""] if w is None else [str(w.huxi), str(w.score), w.how]


def _outs_cell(outs: int, zh: bool) -> str:
    return str(outs) if outs else ("0 绝张" if zh else "0 dead")


def _groups_text(groups) -> str:
    return " ".join(f"{GROUP_ZH[g.kind]}{g.text()} {g.huxi}" for g in groups)


def _not_wait_text(hand, t: int, zh: bool) -> str:
    """Why tile t wins from neither source."""
    from ..engine import reference
    from ..model.rules import get_ruleset
    from ..text.render import hu_sentence

    rules = get_ruleset("hunan")
    X = GLYPHS[t]
    if hand.all_counts()[t] >= 4:
        return (f"{X}：四张都在你手里或亮牌里，不会再来" if zh else
                f"{X}: all four copies are in your hand and melds, so it cannot appear")
    results = [reference.hu(hand, t, source, rules) for source in ("self", "other")]
    if results[0].reason == results[1].reason in ("no_7_groups", "huxi_short") and results[0].huxi == results[1].huxi:
        r = results[0]
        if r.reason == "no_7_groups":
            return (f"{X}：两种来源都胡不了，加上{X}组不成7门子" if zh else
                    f"{X} wins from neither source: with it the tiles cannot be split into 7 门子")
        return (f"{X}：两种来源都胡不了，能组成7门子但最多{r.huxi}胡息（要{rules.min_huxi}）" if zh else
                f"{X} wins from neither source: 7 门子 but at most {r.huxi} 胡息 ({rules.min_huxi} needed)")
    parts = []
    for source, r in zip(("self", "other"), results):
        if zh:
            src = "自摸" if source == "self" else "别人摸出"
            if r.reason == "huxi_short":
                why = f"能组成7门子，但最多{r.huxi}胡息（要{rules.min_huxi}）"
            elif r.reason == "forced_ti":
                why = "必须提，提后胡不了"
            elif r.reason == "forced_wei":
                why = "必须偎，偎后胡不了"
            else:
                why = "组不成7门子"
            parts.append(f"{src}{why}")
        else:
            parts.append(f"{source}: {hu_sentence(r, rules)}")
    return f"{X}：" + "；".join(parts) if zh else f"{X} — " + "; ".join(parts)


def _explain_ting(q: Question, g: Grade, zh: bool) -> list[str]:
    t = q.solution.result
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
        lines.append("  " + _not_wait_text(t.hand, x, zh))
    if waits:
        headers = (["听", "张数", "自摸胡息", "分", "胡法", "别人摸出胡息", "分", "胡法"] if zh else
                   ["wait", "outs", "self 胡息", "score", "how", "other 胡息", "score", "how"])
        rows = [[GLYPHS[w.tile], _outs_cell(w.outs, zh)] + _win_cells(w.self) + _win_cells(w.other) for w in waits]
        lines += [""] + _tabulate(rows, headers) + [""]
        lines.append("最佳组牌：" if zh else "Best decompositions:")
        for w in waits:
            wins = [(s, x) for s, x in (("self", w.self), ("other", w.other)) if x is not None]
            if len(wins) == 2 and wins[0][1].groups == wins[1][1].groups:
                wins = [("both", wins[0][1])]
            for source, x in wins:
                src = {"self": "自摸", "other": "别人摸出", "both": "两种来源"}[source] if zh else source
                mark = ("  ← 漏了" if zh else "  ← missed") if w.tile in g.missed else ""
                lines.append(f"  {GLYPHS[w.tile]} {src}: {_groups_text(x.groups)}{mark}")
    return lines


def _far(d) -> bool:
    """No discard leaves the hand with a live wait: the question is about the distance to ready."""
    return bool(d.rows) and getattr(d.rows[0], "distance", 0) != 0


def _away(r, zh: bool) -> str:
    if r.distance is None:
        return ("离听牌超过两步" if zh else "more than 2 away") if r.limit else ("怎么进张都听不了牌" if zh else "never ready")
    return f"离听牌{r.distance}步" if zh else f"{r.distance} away"


def _explain_discard(q: Question, g: Grade, zh: bool) -> list[str]:
    """The best discard, what the answer given falls short of, and the table: of winning outs, or,
    when no discard leaves the hand ready (``_far``), of distances and improving draws (进张)."""
    rows = q.solution.result.rows
    far = _far(q.solution.result)
    best = g.expected
    lines = [_best_far_line(rows[0], best, zh) if far else _best_outs_line(rows, best, zh)]
    x = g.answer
    X = GLYPHS[x]
    by_tile = {r.tile: r for r in rows}
    if x not in by_tile:  # a 坎 tile: never discardable
        lines.append(f"{X}在坎{X * 3}里，坎牌不能打（坎是锁住的）" if zh else
                     f"{X} is in your 坎 {X * 3}, and 坎 tiles cannot be discarded (the 坎 is locked)")
    elif not g.correct:
        lines += (_far_shortfall(by_tile[x], rows[0], best, zh) if far else
                  _outs_shortfall(by_tile[x], rows[0].outs, best, zh))
    elif not far and len(best) > 1 and rows[0].tile != x:
        first = GLYPHS[rows[0].tile]
        lines.append(f"同样张数时，按期望分排序{first}在前" if zh else
                     f"On equal outs the ranking puts {first} first (higher expected score)")
    lines += [""] + (_far_table(rows, zh) if far else _outs_table(rows, zh))
    lines.append("（打出的牌算作见过的牌）" if zh else "(the discarded tile counts as seen)")
    return lines


def _best_outs_line(rows, best: tuple[int, ...], zh: bool) -> str:
    top = rows[0].outs if rows else 0
    if len(best) == 1:
        return (f"最好打{GLYPHS[best[0]]}：{top}张能胡的牌" if zh else
                f"Best discard: {GLYPHS[best[0]]}, {top} winning outs")
    return (f"打{_tiles_comma(best, zh)}都一样好：各有{top}张能胡的牌" if zh else
            f"Best discards (tied on outs): {_tiles_comma(best, zh)}, {top} winning outs each")


def _best_far_line(top, best: tuple[int, ...], zh: bool) -> str:
    live = top.improving_live
    if len(best) == 1:
        return (f"最好打{GLYPHS[best[0]]}：{_away(top, zh)}，进张{live}张" if zh else
                f"Best discard: {GLYPHS[best[0]]}, {_away(top, zh)}, {live} live improving draws (进张)")
    return (f"打{_tiles_comma(best, zh)}都一样好：{_away(top, zh)}，各有进张{live}张" if zh else
            f"Best discards (tied): {_tiles_comma(best, zh)}, {_away(top, zh)}, {live} live improving "
            f"draws (进张) each")


def _outs_shortfall(r, top: int, best: tuple[int, ...], zh: bool) -> list[str]:
    """Why discarding ``r.tile`` is not as good as the best: fewer live outs, or none."""
    X = GLYPHS[r.tile]
    if r.outs:
        waits = " ".join(f"{GLYPHS[w.tile]} {w.outs}" for w in r.waits if w.outs)
        return [f"打{X}只有{r.outs}张能胡（{waits}），比打{GLYPHS[best[0]]}少{top - r.outs}张" if zh else
                f"Discarding {X} leaves {r.outs} outs ({waits}): {top - r.outs} fewer than {GLYPHS[best[0]]}"]
    if r.waits:
        return [f"打{X}后听的牌都是绝张，没有活牌" if zh else
                f"After discarding {X} every wait is dead: no live out"]
    return [f"打{X}后不听牌" if zh else f"After discarding {X} the hand is not ready"]


def _far_shortfall(r, top, best: tuple[int, ...], zh: bool) -> list[str]:
    """Why discarding ``r.tile`` leaves the hand farther from ready, or as near with fewer 进张."""
    X, B = GLYPHS[r.tile], GLYPHS[best[0]]
    live = top.improving_live
    if r.distance == top.distance:
        lines = [f"打{X}也{_away(r, zh)}，但进张只有{r.improving_live}张，比打{B}少"
                 f"{live - r.improving_live}张" if zh else
                 f"Discarding {X} also leaves the hand {_away(r, zh)}, with {r.improving_live} live "
                 f"improving draws: {live - r.improving_live} fewer than {B}"]
    elif r.improving_live > live:
        # The distance-first trap: more draws, but each of them only brings the hand to where B already is.
        lines = [f"打{X}后{_away(r, zh)}：进张虽有{r.improving_live}张，比打{B}多，但先比距离，"
                 f"打{B}只{_away(top, zh)}" if zh else
                 f"Discarding {X} leaves the hand {_away(r, zh)}: its {r.improving_live} live improving "
                 f"draws outnumber {B}'s {live}, but the distance comes first and {B} leaves it "
                 f"{_away(top, zh)}"]
    else:
        lines = [f"打{X}后{_away(r, zh)}" if zh else f"Discarding {X} leaves the hand {_away(r, zh)}"]
    dead = [GLYPHS[d.tile] for d in r.improving if not d.live]
    if dead:
        lines.append(f"打{X}后的进张{'、'.join(dead)}已经没有活牌" if zh else
                     f"{', '.join(dead)} would improve the hand after discarding {X}, but no live copy is left")
    return lines


def _outs_table(rows, zh: bool) -> list[str]:
    """The ready discards with their outs, then the ones that leave the hand not ready."""
    headers = (["打出", "张数", "期望分", "最高分", "听（张数）"] if zh else
               ["discard", "outs", "expected", "best", "waits (outs)"])
    table = []
    not_ready = [r.tile for r in rows if not r.waits]
    for r in rows:
        if not r.waits:
            continue
        waits = "  ".join(f"{GLYPHS[w.tile]} {w.outs}" if w.outs else f"{GLYPHS[w.tile]} {'绝' if zh else 'dead'}"
                          for w in r.waits) or ("不听" if zh else "not ready")
        table.append([GLYPHS[r.tile], r.outs, f"{float(r.expected_score):.2f}", r.best_score, waits])
    lines = _tabulate(table, headers)
    if not_ready:
        lines.append(f"打{_tiles_comma(not_ready, zh)}后不听牌" if zh else
                     f"not ready after discarding {_tiles_comma(not_ready, zh)}")
    return lines


def _far_table(rows, zh: bool) -> list[str]:
    """Every discard with its distance and live improving draws, then how the best one takes each draw."""
    headers = ["打出", "距离", "进张", "进张（张数）"] if zh else ["discard", "away", "live", "improving draws (live)"]
    table = [[GLYPHS[r.tile], "—" if r.distance is None else r.distance, r.improving_live,
              "  ".join(f"{GLYPHS[d.tile]} {d.live}" for d in r.improving) or _away(r, zh)] for r in rows]
    lines = _tabulate(table, headers)
    top = rows[0]
    ways = "; ".join(f"{GLYPHS[d.tile]}: {' / '.join(d.ways)}" for d in top.improving)
    if ways:
        lines.append(f"打{GLYPHS[top.tile]}后的进张：{ways}" if zh else
                     f"After discarding {GLYPHS[top.tile]}, take: {ways}")
    return lines


def _explain_huxi(q: Question, g: Grade, zh: bool) -> list[str]:
    r = q.solution.result
    w = r.win
    X = GLYPHS[r.tile]
    names = "+".join(w.fan_names) or "平胡"
    zimo = ("（自摸+1）" if zh else " (自摸 +1)") if r.source == "self" else ""
    lines = [f"{w.how}：{w.huxi}胡息 → {w.deng}等{zimo} × {w.fan}番（{names}）= {w.score}分" if zh else
             f"{w.how}: {w.huxi} 胡息 → {w.deng} 等{zimo} × {w.fan} 番 ({names}) = {w.score}"]
    if zh:
        lines.append(f"{'自摸' if r.source == 'self' else '别人摸出'}的{X}：{_HOW_ZH.get(w.how, w.how)}")
    else:
        from ..model.rules import get_ruleset
        from ..text.render import hu_sentence
        lines.append(hu_sentence(r, get_ruleset("hunan")))
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
    headers = ["门子", "牌", "胡息"] if zh else ["门子", "tiles", "胡息"]
    rows = [[GROUP_ZH[x.kind], x.text(), x.huxi] for x in w.groups]
    rows.append(["", "合计" if zh else "total", w.huxi])
    lines += [""] + _tabulate(rows, headers)
    better = [d for d in r.decompositions[1:] if d.huxi > w.huxi]
    if better:
        d = better[0]
        lines.append(f"另有{d.huxi}胡息的组法，但只有{d.score}分，所以不是最佳" if zh else
                     f"A decomposition with {d.huxi} 胡息 scores only {d.score}, so it is not the best")
    return lines


def _candidate_text(q: Question, c, zh: bool) -> str:
    from ..model.results import Action, Forbidden
    d = q.decision
    lang = "zh" if zh else "en"
    if c.reason is None:
        return action_text(d, Action("chi", chi=c.chi, bi=c.bi), lang)
    return forbidden_text(d, Forbidden("chi", c.reason, c.chi, c.bi, c.detail), lang)


def _explain_chi(q: Question, g: Grade, zh: bool) -> list[str]:
    X = GLYPHS[q.decision.tile]
    legal = sorted(g.expected)
    if legal:
        lines = [f"合法的吃法：{' '.join(map(str, legal))}" if zh else
                 f"Legal ways: {' '.join(map(str, legal))}"]
    else:
        lines = [f"{X}没有合法的吃法（答 0）" if zh else f"No legal way to eat {X} (answer 0)"]
    if not g.correct:
        for i in g.missed:
            c = q.menu[i - 1]
            lines.append(f"漏了 {i}（{_way_text(c.chi, c.bi, zh)}）：这是合法的" if zh else
                         f"Missed {i} ({_way_text(c.chi, c.bi, zh)}): it is legal")
        for i in g.extra:
            c = q.menu[i - 1]
            lines.append(f"{i}（{_way_text(c.chi, c.bi, zh)}）不合法：{_candidate_text(q, c, zh)}" if zh else
                         f"{i} ({_way_text(c.chi, c.bi, zh)}) is not legal: {_candidate_text(q, c, zh)}")
    lines.append("")
    if not q.menu:
        lines.append("没有两张暗牌能和它组成一句话或绞牌" if zh else
                     f"No two concealed tiles make a 句 or 绞 with {X}")
    for i, c in enumerate(q.menu, 1):
        mark = ("合法" if zh else "legal") if c.reason is None else ("不合法" if zh else "not legal")
        lines.append(f"  {i}. {_way_text(c.chi, c.bi, zh)} — {mark}: {_candidate_text(q, c, zh)}")
    return lines


def _explain_chou(q: Question, g: Grade, zh: bool) -> list[str]:
    from ..text.explain import act_lines
    d = q.decision
    X = GLYPHS[d.tile]
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
            lines.append(f"{X * 3}是坎不是对：第四张{X}要跑或提，不能碰" if zh else
                         f"{X * 3} is a 坎, not a pair: a fourth {X} is 跑'd or 提'd, never 碰'd")
        else:
            lines.append(f"碰要手里有一对{X}，你手里有{n}张" if zh else
                         f"a 碰 needs a concealed pair {X * 2}; you hold {n}")
    else:
        lines.append(f"没有两张暗牌能和{X}组成一句话或绞牌" if zh else
                     f"no two concealed tiles make a 句 or 绞 with {X}")
    if not g.correct:
        if q.action == "chi" and d.tile in d.passed_peng and d.tile not in d.chou:
            lines.append(f"过碰只让{X}对碰变臭，不挡吃" if zh else f"passing a 碰 of {X} makes it 臭 for 碰 only, not for 吃")
        if q.action == "peng" and d.tile in d.chou and d.tile not in d.passed_peng:
            lines.append(f"{X}对吃是臭张，但臭张不挡碰" if zh else f"{X} is 臭 for 吃, which does not block a 碰")
        if q.action == "peng" and d.source.startswith("lower") and yes:
            lines.append("不吃隔山牌只管吃，下家的牌可以碰" if zh else
                         "不吃隔山牌 is about 吃 only: a lower player's tile may be 碰'd")
    lines += [""] + act_lines(d, "zh" if zh else "en")
    return lines


# ---------------------------------------------------------------- the loop

@dataclass
class QuizSummary:
    """What a quiz run did.  ``stopped``: 'finished', 'quit' (q), 'eof', 'interrupt' (Ctrl-C) or
    'unsaved' (an answer could not be stored; ``error`` says why in one line naming the file)."""
    total: int = 0
    asked: int = 0
    answered: int = 0
    correct: int = 0
    stopped: str = "finished"
    results: list = field(default_factory=list)  # (Question, Grade) per answer
    error: str | None = None


class LazyQuestions:
    """Questions made one at a time as the quiz reaches them (a drill takes a
    while to make), and how many there will be, for the ``[i/N]`` header.
    They can be gone through once."""

    def __init__(self, questions: Iterable[Question], total: int):
        self._questions = iter(questions)
        self.total = total

    def __len__(self) -> int:
        return self.total

    def __iter__(self) -> Iterator[Question]:
        return self._questions


def line_reader(stream: TextIO | None = None, out: TextIO | None = None) -> Callable[[str], str]:
    """An ``input_fn`` reading lines of ``stream`` (stdin): '' at end of input.

    It writes the prompt to ``out`` (stdout) and, when the input is not a
    terminal, echoes the answer, so that a piped session reads like a typed one.
    On a terminal (stdin and stdout) it reads with ``input()``, for line editing.
    Stdin is read as bytes and decoded here: a line that is not UTF-8 raises
    AnswerError (asked again) instead of ending the quiz.
    """
    def read(prompt: str) -> str:
        src = stream if stream is not None else sys.stdin
        dst = out if out is not None else sys.stdout
        if src is sys.stdin and dst is sys.stdout and sys.stdin.isatty():
            # A terminal: input() gives line editing; Ctrl-D raises EOFError.
            try:
                return input(prompt) + "\n"
            except UnicodeDecodeError:
                raise AnswerError(_NOT_UTF8) from None
        dst.write(prompt)
        dst.flush()
        bad = False
        binary = getattr(src, "buffer", None) if src is sys.stdin else None
        if binary is not None:
            data = binary.readline()
            try:
                line = data.decode("utf-8")
            except UnicodeDecodeError:
                line, bad = data.decode("utf-8", "replace"), True
            if line.endswith("\r\n"):  # as text mode reads it
                line = line[:-2] + "\n"
        else:
            line = src.readline()
        isatty = getattr(src, "isatty", None)
        if line and not (isatty and isatty()):
            dst.write(line if line.endswith("\n") else line + "\n")
            dst.flush()
        if bad:
            raise AnswerError(_NOT_UTF8)
        return line
    return read


_NOT_UTF8 = "that line is not UTF-8 text"


def _printer(text: str) -> None:
    print(text, flush=True)


def run_quiz(questions: Sequence[Question] | LazyQuestions, *, input_fn: Callable[[str], str | None] | None = None,
             output_fn: Callable[[str], None] | None = None, lang: str | None = "en", store=None,
             clock: Callable[[], float] = time.time, colour: bool = False) -> QuizSummary:
    """Ask ``questions`` one by one: show, read, grade, record, say correct / incorrect, explain.

    ``input_fn(prompt)`` returns the line typed (a trailing newline is fine);
    the end of input is EOFError, None or '' (a blank line typed is '\\n' or
    whitespace and is asked again: use ``line_reader`` rather than the
    builtin ``input``, whose blank line is '').  ``q`` (quit, exit, 退出),
    end of input and Ctrl-C stop at any point.  Each attempt is recorded in
    ``store`` (a progress.Store, or None) the moment it is graded, before any
    output, so nothing answered is lost however the quiz stops; when it cannot
    be stored (ProgressError) the quiz stops there, without a verdict, as
    'unsaved' with the reason in ``summary.error``.  A bad answer (or an
    ``input_fn`` raising AnswerError) is reported and asked again; it is not an
    attempt.  ``clock`` gives POSIX seconds: the time of an attempt and, by
    difference, the seconds taken.  ``questions`` may be a LazyQuestions, each
    made when its turn comes.
    """
    from ..text.render import paint

    lang = resolve_lang(lang)
    zh = lang == "zh"
    read = input_fn or line_reader()
    write = output_fn or _printer
    summary = QuizSummary(total=len(questions))
    prompt = "答案> " if zh else "answer> "

    def show(text: str) -> None:
        write(paint(text, colour))

    def cannot_read(e: AnswerError) -> None:
        show(f"{'看不懂' if zh else 'Cannot read that'}: {e}. "
             f"{'请再答一次（q 退出）' if zh else 'Try again (q to stop).'}")

    try:
        for index, q in enumerate(questions, 1):
            summary.asked += 1
            if index > 1:
                show("")
            for line in question_lines(q, lang, index=index, total=summary.total):
                show(line)
            start = clock()
            while True:
                try:
                    raw = read(prompt)
                except (EOFError, StopIteration):  # StopIteration: a scripted input ran out
                    raw = None
                except AnswerError as e:  # a line that is not text
                    cannot_read(e)
                    continue
                if raw is None or raw == "":
                    summary.stopped = "eof"
                    break
                text = raw.strip()
                if not text:
                    continue
                if text.lower() in QUIT_WORDS:
                    summary.stopped = "quit"
                    break
                try:
                    g = grade(q, text)
                except AnswerError as e:
                    cannot_read(e)
                    continue
                break
            if summary.stopped != "finished":
                break
            now = clock()
            if store is not None:
                try:
                    store.record(puzzle_id=q.puzzle_id, seed=q.seed, kind=q.kind, level=q.level, tags=q.tags,
                                 answer=g.text, correct=g.correct, seconds=max(0.0, now - start), at=now)
                except ProgressError as e:
                    # No verdict: the learner would take a verdict for an answer kept.
                    summary.stopped, summary.error = "unsaved", str(e)
                    break
            summary.answered += 1
            summary.correct += g.correct
            summary.results.append((q, g))
            verdict = ("正确" if g.correct else "错误") if zh else ("correct" if g.correct else "incorrect")
            if colour:
                verdict = f"\x1b[1;{32 if g.correct else 31}m{verdict}\x1b[0m"
            write(f"**{verdict}**")
            for line in explain(q, g, lang):
                show(line)
    except KeyboardInterrupt:
        summary.stopped = "interrupt"
    try:
        write("")
        write(summary_line(summary, lang))
    except KeyboardInterrupt:
        pass
    return summary


def summary_line(s: QuizSummary, lang: str = "en") -> str:
    zh = resolve_lang(lang) == "zh"
    if zh:
        line = f"答了 {s.answered} 题，答对 {s.correct} 题"
        if s.stopped == "unsaved":
            line += "（中途停止：最后一个答案没能保存，之前的都保存了）"
        elif s.stopped != "finished":
            line += "（中途停止，已答的都保存了）"
        return line + "。"
    line = f"{s.answered} answered, {s.correct} correct"
    if s.stopped == "unsaved":
        line += " (stopped: the last answer could not be saved; every answer before it is saved)"
    elif s.stopped != "finished":
        line += " (stopped early; every answer so far is saved)"
    return line + "."


# ---------------------------------------------------------------- choosing questions

def select_questions(puzzles: Sequence, *, kind: str | None = None, level: int | None = None,
                     tag: str | None = None, count: int | None = None, puzzle_id: str | None = None,
                     random_drills: bool = False, seed: int | None = None, store=None,
                     now: float | None = None) -> list[Question] | LazyQuestions:
    """The questions of ``phz quiz``.

    * ``puzzle_id``: that puzzle alone (the filters must not contradict it);
      ``drill:SEED`` (or ``drill SEED``) replays a drill;
    * ``random_drills``: ``count`` fresh drills (``solver.trainer.drills``) of the
      kind and level asked (random when None), from ``seed`` (random when None),
      as LazyQuestions: each is made when the quiz reaches it;
    * otherwise puzzles matching kind, level and tag: items due for review
      first (most overdue first; with no filter, due drills too), then
      puzzles never tried (easiest first), then the rest (soonest due first).

    ``count`` defaults to DEFAULT_COUNT.  Raises QuizError (one line) for an
    unknown id, a bad option or when nothing matches.
    """
    if kind is not None and kind not in KINDS:
        raise QuizError(f"unknown kind {kind!r}: use one of {', '.join(KINDS)}")
    if level is not None and level not in (1, 2, 3):
        raise QuizError(f"level {level} does not exist: use 1, 2 or 3")
    if count is not None and count < 1:
        raise QuizError("--count must be at least 1")
    n = count or DEFAULT_COUNT
    if puzzle_id is not None:
        found = [p for p in puzzles if p.id == puzzle_id]
        replay = re.fullmatch(r"drill[:\s]*(\d+)", puzzle_id.strip())
        if not found and replay:  # a drill shown as "drill 4213" comes back by its seed
            from . import drills
            q = drills.drill(int(replay.group(1)))
            if (kind or q.kind) != q.kind or (level or q.level) != q.level:
                raise QuizError(f"{q.name} is a {q.kind} drill of level {q.level}")
            return [q]
        if not found:
            raise QuizError(f"no puzzle has id {puzzle_id!r} (`phz puzzles list` shows them)")
        p = found[0]
        clash = [f"--{k} {v}" for k, v, ok in (("kind", kind, p.kind == kind), ("level", level, p.level == level),
                                                ("tag", tag, tag in p.tags)) if v is not None and not ok]
        if clash:
            raise QuizError(f"puzzle {puzzle_id} does not match {' '.join(clash)}")
        return [Question.from_puzzle(p)]
    if random_drills:
        from . import drills
        return LazyQuestions(drills.iter_drills(n, seed=seed, kind=kind, level=level, tag=tag), n)
    matching = [p for p in puzzles if (kind is None or p.kind == kind) and (level is None or p.level == level)
                and (tag is None or tag in p.tags)]
    if not matching:
        wanted = " ".join(f"--{k} {v}" for k, v in (("kind", kind), ("level", level), ("tag", tag)) if v is not None)
        raise QuizError(f"no puzzle matches {wanted}" if wanted else "the puzzle library is empty")
    if store is None:
        return [Question.from_puzzle(p) for p in matching[:n]]
    now = time.time() if now is None else now
    by_id = {p.id: p for p in matching}
    unfiltered = kind is None and level is None and tag is None
    chosen: list[Question] = []
    taken: set[str] = set()
    for item in store.due_reviews(now):
        if len(chosen) == n:
            break
        if isinstance(item, int):
            if unfiltered:
                from . import drills
                try:
                    chosen.append(drills.drill(item))
                except ValueError:  # a seed of another phz version: skip it
                    continue
        elif item in by_id:
            chosen.append(Question.from_puzzle(by_id[item]))
            taken.add(item)
    tried = store.attempted_puzzles()
    order = {p.id: i for i, p in enumerate(matching)}
    fresh = sorted((p for p in matching if p.id not in tried and p.id not in taken),
                   key=lambda p: (p.level, order[p.id]))

    def due_at(p) -> float:
        review = store.review(puzzle_id=p.id)
        return review[1] if review else float("inf")

    rest = sorted((p for p in matching if p.id in tried and p.id not in taken), key=lambda p: (due_at(p), order[p.id]))
    for p in fresh + rest:
        if len(chosen) == n:
            break
        chosen.append(Question.from_puzzle(p))
    return chosen


def quiz_command(*, kind: str | None = None, level: int | None = None, tag: str | None = None,
                 count: int | None = None, puzzle_id: str | None = None, random_drills: bool = False,
                 seed: int | None = None, lang: str | None = None, db: str | None = None,
                 colour: bool = False, input_fn: Callable[[str], str | None] | None = None,
                 output_fn: Callable[[str], None] | None = None, puzzles_dir=None,
                 clock: Callable[[], float] = time.time) -> QuizSummary:
    """``phz quiz``: load the library, open the progress file, pick the questions, run the loop.

    Raises QuizError, ProgressError or PuzzleError (all ValueError, one line) before asking anything.
    An answer that cannot be stored after that ends the quiz: ``stopped`` is 'unsaved', ``error`` says why.
    """
    import puzzles as library

    from .progress import Store

    lang = resolve_lang(lang)
    lib = [] if random_drills and puzzle_id is None else library.load(Path(puzzles_dir) if puzzles_dir else None)
    with Store(db) as store:
        questions = select_questions(lib, kind=kind, level=level, tag=tag, count=count, puzzle_id=puzzle_id,
                                     random_drills=random_drills, seed=seed, store=store, now=clock())
        return run_quiz(questions, input_fn=input_fn, output_fn=output_fn, lang=lang, store=store, clock=clock,
                        colour=colour)
