"""A question of the trainer (a library puzzle or a drill): what it asks, shows and expects.

``Question`` holds the facts and the ruleset it is asked under; ``solve`` is the one place
that asks the solver for its right answer (``Solution``), for the quiz and for ``library.check``.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TypeGuard

from solver.puzzles import QUESTION_KINDS, Puzzle

from .. import api
from ..engine.obligations import candidate_ways
from ..model.notation import parse_hand, parse_tile, parse_tiles
from ..model.results import Candidate, Decision, DiscardAdvice, DiscardRow, Discards, HuResult, Ting
from ..model.rules import DEFAULT_RULESET, Ruleset, get_ruleset
from ..model.tiles import GLYPHS, glyph, glyphs
from ..text.explain import resolve_lang, source_text
from ..text.words import MOVE_ZH

__all__ = ["QUESTION_KINDS", "Question", "QuizError", "Solution", "about_distance", "hand_lines", "has_distances",
           "question_lines", "review_label", "solve", "way_text"]


class QuizError(ValueError):
    """No questions to ask (unknown puzzle id, nothing matches the filters); one line."""


#: an answer in graded form (``Solution.expected``, ``grading.Grade``), by kind: a frozenset of tile ids (ting)
#: or of menu numbers (chi), a tile id or the tuple of the best ones (discard), a number (huxi), a bool (chou)
Answer = frozenset[int] | tuple[int, ...] | int | bool


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
        """This question with its chi menu filled in (other kinds: itself)."""
        if self.kind != "chi" or self.menu:
            return self
        return replace(self, menu=tuple(candidate_ways(self.decision)))

    @property
    def key(self) -> str:
        """'puzzle:ID' or 'drill:SEED' (the review item of progress.Store)."""
        return f"puzzle:{self.puzzle_id}" if self.puzzle_id is not None else f"drill:{self.seed}"

    @property
    def name(self) -> str:
        return f"puzzle {self.puzzle_id}" if self.puzzle_id is not None else f"drill {self.seed}"

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
        zh = resolve_lang(lang) == "zh"
        X = glyph(parse_tile(self.tile)) if self.tile else ""
        if self.kind == "ting":
            return ("你听哪些牌？（写出所有听的牌，如 三伍 或 3x5d）" if zh else
                    "What do you wait on? (every wait, e.g. 三伍 or 3x5d)")
        if self.kind == "discard":
            table = self.solution.result
            assert isinstance(table, Discards)  # a discard question is solved from its discard table
            if about_distance(table):
                return ("没有一张能打成听牌：打哪张离听牌最近？（进张距离最小，再看进张张数；一张牌）" if zh else
                        "No discard leaves the hand ready: which one leaves it nearest? "
                        "(least distance, then most live improving draws; one tile)")
            return ("打哪张牌，胡牌的张数最多？（一张牌）" if zh else
                    "Which discard gives the most winning outs? (one tile)")
        if self.kind == "huxi":
            assert self.source is not None  # a huxi question says who reveals its tile
            if zh:
                return f"这手牌胡{X}（{_SOURCE_ZH[self.source]}）：多少胡息？（一个数）"
            return f"This hand wins on {X} ({_SOURCE_EN[self.source]}): how many 胡息? (a number)"
        if self.kind == "chi":
            assert self.tile is not None and self.from_ is not None  # a chi question has both
            subject = source_text(self.from_, parse_tile(self.tile), "zh" if zh else "en")
            if zh:
                return f"{subject}：下面哪些吃法合法？（写编号，如 1 3；都不合法写 0）"
            return f"{subject[0].upper()}{subject[1:]}: which ways to eat are legal? (numbers, e.g. 1 3; 0 for none)"
        if self.kind == "chou":
            assert self.tile is not None and self.from_ is not None and self.action is not None  # as a chou question
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
            if self.rules.passed == "hu_only":  # one list: a passed tile may afterwards only be won on
                passed = " ".join(GLYPHS[t] for t in sorted(set(parse_tiles(self.chou + self.passed_peng))))
                lines.append(f"{'这一局过了的牌（过张只能胡）' if zh else 'passed this hand (过张: may only be won on)'}: "
                             f"{passed or none}")
            else:
                lines.append(f"{'这一局过了吃（臭张）' if zh else 'passed for 吃 this hand (臭)'}: "
                             f"{_tile_list(self.chou) or none}")
                lines.append(f"{'这一局过了碰' if zh else 'passed for 碰 this hand'}: "
                             f"{_tile_list(self.passed_peng) or none}")
        if self.kind == "chi":
            if not self.menu:
                lines.append("没有能和这张牌组成一句话或绞牌的吃法（答 0）" if zh else
                             "no two concealed tiles make a group with this tile (answer 0)")
            else:
                lines.append("吃法：" if zh else "ways to eat:")
            for i, c in enumerate(self.menu, 1):
                lines.append(f"  {i}. {way_text(c.chi, c.bi, zh)}")
        return lines


#: who reveals a huxi question's winning tile, as its prompt says it
_SOURCE_EN = {"self": "self-drawn", "other": "drawn by another player", "discard": "discarded by another player"}
_SOURCE_ZH = {"self": "自摸", "other": "别人摸出", "discard": "别人打出"}


def _tile_list(text: str) -> str:
    return " ".join(GLYPHS[t] for t in sorted(parse_tiles(text))) if text else ""


def way_text(chi, bi, zh: bool) -> str:
    """A way to eat as the chi menu shows it: the eating group, then its 比 groups."""
    if zh:
        return glyphs(chi) + (f"，比 {'、'.join(glyphs(b) for b in bi)}" if bi else "")
    return glyphs(chi) + (f" + 比 {' '.join(glyphs(b) for b in bi)}" if bi else "")


def hand_lines(q: Question, lang: str = "en") -> list[str]:
    """The hand: concealed tiles (small, then big), then the exposed melds on their own line."""
    zh = resolve_lang(lang) == "zh"
    h = parse_hand(q.hand, q.rules)
    small = "".join(GLYPHS[t] * h.concealed[t] for t in range(10))
    big = "".join(GLYPHS[t] * h.concealed[t] for t in range(10, 20))
    tiles = "  ".join(x for x in (small, big) if x)
    n = h.n_concealed
    lines = [f"{'手牌' if zh else 'hand'}: {tiles}  ({n}{' 张' if zh else ' tiles'})"]
    if h.melds:
        lines.append(f"{'亮牌' if zh else 'melds'}: {'  '.join(m.text() for m in h.melds)}")
    return lines


def question_lines(q: Question, lang: str = "en", *, index: int | None = None, total: int | None = None) -> list[str]:
    """Everything shown before the answer: header (with the ruleset's name when it is not the default), hand,
    context, question."""
    zh = resolve_lang(lang) == "zh"
    kind = {"ting": "听牌", "discard": "打牌", "huxi": "胡息", "chi": "吃牌", "chou": "臭张"}[q.kind] if zh else q.kind
    where = (f"题库 {q.puzzle_id}" if q.puzzle_id is not None else f"练习 {q.seed}") if zh else q.name
    count = f"[{index}/{total}] " if index is not None and total is not None else ""
    # The ruleset is named unless it is the default one (whose headers stay as they were).
    rules = f" · {q.rules.name}" if q.rules.name != DEFAULT_RULESET else ""
    head = f"{count}{kind} · {'难度' if zh else 'level'} {q.level} · {where}{rules}{review_label(q.review, lang)}"
    return [head] + hand_lines(q, lang) + q.context(lang) + [q.prompt(lang)]


def review_label(box: int | None, lang: str = "en") -> str:
    """What a question's header adds when it is asked again for review (``box``: its Leitner box; 1 after a miss).

    >>> review_label(1), review_label(3, "zh"), review_label(None)
    (' · review: missed last time', ' · 复习：上次答对', '')
    """
    if box is None:
        return ""
    if resolve_lang(lang) == "zh":
        return " · 复习：上次答错" if box == 1 else " · 复习：上次答对"
    return " · review: missed last time" if box == 1 else " · review: right last time"


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
    if q.kind == "ting":
        t = result if result is not None else api.ting(q.hand, seen=q.seen, rules=q.rules)
        assert isinstance(t, Ting)  # the result given is the one of this question's kind
        return Solution(frozenset(w.tile for w in t.waits), t)
    if q.kind == "discard":
        table = result if result is not None else api.discard_choice(q.hand, seen=q.seen, rules=q.rules)[1]
        assert isinstance(table, Discards)  # as for ting
        return Solution(api.best_discards(table), table)
    if q.kind == "huxi":
        assert q.tile is not None and q.source is not None  # a huxi question's tile and who reveals it
        r = result if result is not None else api.hu(q.hand, win=q.tile, source=q.source, all_splits=True,
                                                     rules=q.rules)
        assert isinstance(r, HuResult)  # as for ting
        if r.win is None:  # r.wins
            raise QuizError(f"{q.name}: {q.tile} from {q.source} does not win ({r.reason})")
        return Solution(r.win.huxi, r)
    d = q.decision
    if q.kind == "chi":
        menu = q.menu or q.with_menu().menu
        return Solution(frozenset(i for i, c in enumerate(menu, 1) if c.reason is None), d)
    if q.kind == "chou":
        return Solution(any(a.action == q.action for a in d.actions), d)
    raise ValueError(f"unknown question kind {q.kind!r}")


def about_distance(table: Discards) -> bool:
    """No discard leaves the hand with a live wait: the discard question is about the distance to ready."""
    return bool(table.rows) and getattr(table.rows[0], "distance", 0) != 0


def has_distances(rows: tuple[DiscardRow, ...]) -> TypeGuard[tuple[DiscardAdvice, ...]]:
    """Every row of a discard table carries its distance to ready (``solver.api``'s ``DiscardAdvice``, as
    ``api.with_advice`` makes them; an engine's plain rows do not): so whenever ``about_distance``."""
    return all(isinstance(r, DiscardAdvice) for r in rows)
