"""``discard`` (打牌): the discard that leaves the most winning outs, or, when no discard leaves the hand ready,
the one that leaves it nearest to ready (least distance, then most live improving draws 进张; RULES.md 6).

Answered with one concealed tile; right when it is one of the best.  Taught with the table of every
discard (its outs and waits, or its distance and 进张) and why the one named falls short.  Its drills come
from two generators: its own (a ready hand plus a tile) and ``distance`` (hands no discard makes ready),
which ``generator`` picks between (odd bases, or the one whose tags hold the tag asked for).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ... import api
from ...model.notation import parse_hand
from ...model.results import Discards, HuResult, Ting
from ...model.rules import Ruleset
from ...model.tiles import GLYPHS, glyph, glyphs
from .. import drill_makers, ruleset_makers
from ..drill_notes import _MAX, _and, _join, _seen_words, _waits_words
from ..grading import read_tiles
from ..question import Answer, AnswerError, Grade, Question, Solution, about_distance, has_distances
from ..teach import _mark, _tabulate, _tiles_comma
from ..wrapping import wrap
from . import Makers
from ._shared import no_mistakes

if TYPE_CHECKING:
    from solver.puzzles import PuzzleAnswer


#: second in the lists of kinds; its drills' seed digit
ORDER = 1
NAME_ZH = "打牌"
HAND = True
#: a library puzzle of this kind (``solver.puzzles``, which reads these lines without importing the kind):
#: the context fields it needs, those it may have besides, and its answer's type
PUZZLE_NEEDS = ()
PUZZLE_TAKES = ("seen",)
PUZZLE_ANSWER = "str"
#: one choice among the moves open, the best one right (``phz stats`` counts it an optimal choice)
CHOICE = True
READY = True
TAGS = drill_makers.WAIT_TAGS + drill_makers.DISTANCE_TAGS
MAKERS = Makers(drill_makers._make_discard, ruleset_makers._make_discard)
#: the generator of discard questions on hands that no discard makes ready (seed digit 5)
_DISTANCE = "distance"
MORE_GENERATORS = {_DISTANCE: (5, Makers(drill_makers._make_distance, ruleset_makers._make_distance))}


def prompt(q: Question, zh: bool) -> str:
    table = q.solution.result
    assert isinstance(table, Discards)  # a discard question is solved from its discard table
    if about_distance(table):
        return ("没有一张能打成听牌：打哪张离听牌最近？（进张距离最小，再看进张张数；一张牌）" if zh else
                "No discard leaves the hand ready: which one leaves it nearest? "
                "(least distance, then most live improving draws; one tile)")
    return ("打哪张牌，胡牌的张数最多？（一张牌）" if zh else
            "Which discard gives the most winning outs? (one tile)")


def context(q: Question, zh: bool) -> list[str]:
    return []


def with_menu(q: Question) -> Question:
    return q


def solve(q: Question, result: Ting | Discards | HuResult | None = None) -> Solution:
    table = result if result is not None else api.discard_choice(q.hand, seen=q.seen, rules=q.rules)[1]
    assert isinstance(table, Discards)  # the result given is the one of this question's kind
    return Solution(api.best_discards(table), table)


def parse(q: Question, raw: str, spaced: str) -> Answer:
    tiles = read_tiles(spaced)
    if len(set(tiles)) != 1:
        raise AnswerError(f"{glyphs(set(tiles))}: name one tile to discard", f"{glyphs(set(tiles))}：只写一张要打的牌")
    t = tiles[0]
    if parse_hand(q.hand, q.rules).concealed[t] == 0:
        raise AnswerError(f"{glyph(t)} is not among your concealed tiles: discard one of them",
                          f"暗牌里没有{glyph(t)}：请打暗牌里的一张")
    return t


def grade(q: Question, answer: Answer) -> Grade:
    expected = q.solution.expected
    assert isinstance(answer, int) and isinstance(expected, tuple)  # a tile, and the best ones
    return Grade(answer in expected, answer, expected, text=glyph(answer))


def right_answer(q: Question) -> str:
    expected = q.solution.expected
    assert isinstance(expected, tuple)  # the best discards
    return glyph(expected[0])


def puzzle_answer(q: Question) -> PuzzleAnswer:
    """The best discards' glyphs."""
    expected = q.solution.expected
    assert isinstance(expected, tuple)  # the best discards
    return glyphs(expected)


def _away(r, zh: bool) -> str:
    if r.distance is None:
        return ("离听牌超过两步" if zh else "more than 2 away") if r.limit else ("怎么进张都听不了牌" if zh else "never ready")
    return f"离听牌{r.distance}步" if zh else f"{r.distance} away"


def teach(q: Question, g: Grade, zh: bool) -> list[str]:
    """The best discard, what the answer given falls short of, and the table: of winning outs, or,
    when no discard leaves the hand ready (``about_distance``), of distances and improving draws (进张)."""
    # a discard question's table, its best discards and the one named
    assert isinstance(q.solution.result, Discards) and isinstance(g.expected, tuple) and isinstance(g.answer, int)
    rows = q.solution.result.rows
    far = about_distance(q.solution.result)
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
    lines += [""] + (_far_table(rows, best, x, zh) if far else _outs_table(rows, best, x, zh))
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


def _outs_table(rows, best: tuple[int, ...], answer: int, zh: bool) -> list[str]:
    """The ready discards with their outs (the best and the learner's marked), then the ones that leave the
    hand not ready."""
    headers = (["打出", "张数", "期望分", "最高分", "听（张数）", ""] if zh else
               ["discard", "outs", "expected", "top", "waits (outs)", ""])
    table = []
    not_ready = [r.tile for r in rows if not r.waits]
    for r in rows:
        if not r.waits:
            continue
        waits = "  ".join(f"{GLYPHS[w.tile]} {w.outs}" if w.outs else f"{GLYPHS[w.tile]} {'绝' if zh else 'dead'}"
                          for w in r.waits[:_DRAWS])
        if len(r.waits) > _DRAWS:
            waits += f" 另{len(r.waits) - _DRAWS}张" if zh else f" +{len(r.waits) - _DRAWS} more"
        table.append([GLYPHS[r.tile], r.outs, f"{float(r.expected_score):.2f}", r.best_score, waits,
                      _mark(r.tile in best, r.tile == answer, zh)])
    lines = _tabulate(table, headers)
    if not_ready:
        mine = ("（你的）" if zh else " (yours)") if answer in not_ready else ""
        lines += wrap(f"打{_tiles_comma(not_ready, zh)}后不听牌{mine}" if zh else
                      f"not ready after discarding {_tiles_comma(not_ready, zh)}{mine}")
    lines += wrap("期望分：按活牌张数平均的分数（等 × 番）；最高分：最好的一张能得的分" if zh else
                  "expected: the score (等 × 番) averaged over the live outs; top: the best out's score")
    return lines


def _far_table(rows, best: tuple[int, ...], answer: int, zh: bool) -> list[str]:
    """Every discard with its distance and live improving draws (the best and the learner's marked), then how
    the best one takes each draw."""
    headers = (["打出", "距离", "进张", "进张（张数）", ""] if zh else
               ["discard", "away", "live", "improving draws (live)", ""])
    table = [[GLYPHS[r.tile], "—" if r.distance is None else r.distance, r.improving_live,
              _draws_cell(r, zh), _mark(r.tile in best, r.tile == answer, zh)] for r in rows]
    lines = _tabulate(table, headers)
    top = rows[0]
    ways = "; ".join(f"{GLYPHS[d.tile]}: {' / '.join(d.ways)}" for d in top.improving)
    if ways:
        lines += wrap(f"打{GLYPHS[top.tile]}后的进张：{ways}" if zh else
                      f"After discarding {GLYPHS[top.tile]}, take: {ways}")
    return lines


#: the improving draws a row of the distance table shows (the rest counted)
_DRAWS = 6


def _draws_cell(r, zh: bool) -> str:
    if not r.improving:
        return _away(r, zh)
    shown = "  ".join(f"{GLYPHS[d.tile]} {d.live}" for d in r.improving[:_DRAWS])
    more = len(r.improving) - _DRAWS
    return shown + ((f" 另{more}种" if zh else f" +{more} more") if more > 0 else "")


def note(q: Question, zh: bool) -> str:
    table = q.solution.result
    assert isinstance(table, Discards)  # a discard question is solved from its discard table
    if about_distance(table):
        return _distance(q, zh)
    return _discard(q, zh)


def _discard(q: Question, zh: bool) -> str:
    table, best = q.solution.result, q.solution.expected
    assert isinstance(table, Discards) and isinstance(best, tuple)  # a discard question's table and best discards
    rows = table.rows
    top = rows[0]
    B = _and([GLYPHS[t] for t in best], zh)
    waits = _and([f"{GLYPHS[w.tile]}（{w.outs}张）" if zh else f"{GLYPHS[w.tile]} ({w.outs})"
                  for w in top.waits if w.outs], zh)
    if len(best) == 1:
        out = [f"打{B}：剩下的牌听{waits}，共{top.outs}张活牌。" if zh else
               f"Discard {B}: the hand then waits on {waits}, {top.outs} live outs."]
    else:
        out = [f"打{B}一样好，各有{top.outs}张活牌（打{GLYPHS[top.tile]}听{waits}）。" if zh else
               f"{B} tie with {top.outs} live outs each (after {GLYPHS[top.tile]} the hand waits on {waits})."]
    nxt = next((r for r in rows if r.tile not in best and r.waits), None)
    if nxt is not None:
        out.append(f"其次是打{GLYPHS[nxt.tile]}，只有{nxt.outs}张。" if zh else
                   f"The next best, {GLYPHS[nxt.tile]}, leaves {nxt.outs}.")
    else:
        out.append("打别的牌都不听。" if zh else "Any other discard leaves the hand not ready.")
    hand = table.hand.without(top.tile)
    out += _waits_words(hand, top.waits, q.rules, zh)[1:] + _seen_words(q, zh)
    out.append("（打出的牌算作见过的牌；RULES.md 6）" if zh else "(The discarded tile counts as seen; RULES.md 6.)")
    return _join(out, zh)


def _intakes_away(r, zh: bool) -> str:
    if r.distance is None:
        return "离听牌超过两步" if zh else "more than 2 intakes from ready"
    return f"离听牌{r.distance}步" if zh else f"{r.distance} intake{'s' * (r.distance != 1)} from ready"


def _distance(q: Question, zh: bool) -> str:
    table, best = q.solution.result, q.solution.expected
    assert isinstance(table, Discards) and isinstance(best, tuple)  # as for _discard
    rows = table.rows
    assert has_distances(rows)  # about_distance(table): the rows carry their distances
    top = rows[0]
    draws = _and([f"{GLYPHS[d.tile]}（{d.live}张）" if zh else f"{GLYPHS[d.tile]} {d.live}"
                  for d in top.improving if d.live][:_MAX + 1], zh)
    B = _and([GLYPHS[t] for t in best], zh, "or")
    out = [f"没有一张能打成听牌，就打离听牌最近的：先比距离，再比进张的活牌张数（RULES.md 6）。打{B}后{_intakes_away(top, zh)}，"
           f"进张{top.improving_live}张：{draws}。" if zh else
           f"As no discard makes the hand ready, the best is the one that leaves it nearest: the distance first, "
           f"then the live improving draws (进张; RULES.md 6). Discarding {B} leaves it {_intakes_away(top, zh)}, with "
           f"{top.improving_live} live 进张: {draws}."]
    nxt = next((r for r in rows if r.tile not in best), None)
    if nxt is not None:
        out.append(f"其次打{GLYPHS[nxt.tile]}：{_intakes_away(nxt, zh)}，进张{nxt.improving_live}张。" if zh else
                   f"Next, {GLYPHS[nxt.tile]} leaves it {_intakes_away(nxt, zh)}, with {nxt.improving_live}.")
    most = max(rows, key=lambda r: r.improving_live)
    if most.tile not in best and (most.distance or 99) > (top.distance or 99):
        M = GLYPHS[most.tile]
        out.append(f"打{M}进张最多（{most.improving_live}张），但{_intakes_away(most, zh)}：距离在先。" if zh else
                   f"{M} has the most live 进张 ({most.improving_live}) but leaves the hand {_intakes_away(most, zh)}: "
                   f"the distance comes first.")
    kinds = len(top.improving)
    wide = next((r for r in rows if r.tile not in best and r.distance == top.distance and len(r.improving) > kinds),
                None)
    if wide is not None:
        W = GLYPHS[wide.tile]
        out.append(f"打{W}也一样近，能进的牌种类更多（{len(wide.improving)}种对{kinds}种），但活牌少"
                   f"（{wide.improving_live}张对{top.improving_live}张）：数张数，不数种类。" if zh else
                   f"{W} is as near with more kinds of improving tiles ({len(wide.improving)} against {kinds}), "
                   f"but fewer live copies ({wide.improving_live} against {top.improving_live}): count copies, "
                   f"not kinds.")
    dead = [GLYPHS[d.tile] for d in top.improving if not d.live]
    if dead:
        out.append(f"{_and(dead, zh)}也能进张，但已没有活牌。" if zh else
                   f"{_and(dead, zh)} would improve it too, but no live copy is left.")
    if "dead 进张" in q.tags:
        gone = _and(list(dict.fromkeys(q.seen)), zh)
        out.append(f"见过的牌（{q.seen}）让{gone}没有活牌了：不算上它们，别的打法看起来更好。" if zh else
                   f"The tiles seen elsewhere ({q.seen}) leave no live {gone}: counted as 进张, {gone} would make "
                   f"another discard look best.")
        return _join(out, zh)
    return _join(out + _seen_words(q, zh), zh)


def ruleset_tags(rules: Ruleset) -> tuple[str, ...]:
    return ruleset_makers.wait_tags(rules) + ruleset_makers._DISTANCE_TAGS


def generator(own: str, base: int, tag: str | None, rules: Ruleset, frozen: bool) -> str:
    """Its own generator or ``distance``.

    A discard drill is a distance drill for odd bases (or when only distance
    drills carry ``tag``): this takes nothing more from ``new_drills``' random
    stream, so a seeded list keeps every other drill it held before distance
    drills existed.
    """
    if tag is not None:
        table = _generator_tags(own, rules, frozen)
        fits = [g for g in (own, _DISTANCE) if tag in table[g]]
        if len(fits) == 1:
            return fits[0]
    return _DISTANCE if base % 2 else own


def _generator_tags(own: str, rules: Ruleset, frozen: bool) -> dict[str, tuple[str, ...]]:
    if frozen:
        return {own: drill_makers.WAIT_TAGS, _DISTANCE: drill_makers.DISTANCE_TAGS}
    waits = ruleset_makers.wait_tags(rules)
    return {own: waits, _DISTANCE: tuple(t for t in ruleset_tags(rules) if t not in waits)}


#: as most kinds: no questions made of mistakes (a missed one comes back by its id or seed)
from_mistakes = no_mistakes


if TYPE_CHECKING:  # mypy checks that this module implements the protocol of a kind
    from . import Kind
    from . import discard as _this
    _kind: Kind = _this
