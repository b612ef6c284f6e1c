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
from ...text.catalogue import both, say
from .. import drill_makers, ruleset_makers
from ..drill_notes import _MAX, _and, _join, _seen_words, _waits_words
from ..grading import read_tiles
from ..question import Answer, AnswerError, Facts, Grade, Question, Solution, about_distance, has_distances, solved
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
#: a question of it asks about its hand alone: no facts beside it
FACTS = Facts


def prompt(q: Question, zh: bool) -> str:
    table = solved(q, solve).result
    assert isinstance(table, Discards)  # a discard question is solved from its discard table
    return say("discard.prompt_nearest" if about_distance(table) else "discard.prompt_most_outs", zh)


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
        raise AnswerError(*both("discard.one_tile", tiles=glyphs(set(tiles))))
    t = tiles[0]
    if parse_hand(q.hand, q.rules).concealed[t] == 0:
        raise AnswerError(*both("discard.not_concealed", tile=glyph(t)))
    return t


def grade(q: Question, answer: Answer) -> Grade:
    expected = solved(q, solve).expected
    assert isinstance(answer, int) and isinstance(expected, tuple)  # a tile, and the best ones
    return Grade(answer in expected, answer, expected, text=glyph(answer))


def right_answer(q: Question) -> str:
    expected = solved(q, solve).expected
    assert isinstance(expected, tuple)  # the best discards
    return glyph(expected[0])


def puzzle_answer(q: Question) -> PuzzleAnswer:
    """The best discards' glyphs."""
    expected = solved(q, solve).expected
    assert isinstance(expected, tuple)  # the best discards
    return glyphs(expected)


def _away(r, zh: bool) -> str:
    if r.distance is None:
        return say("discard.more_than_2_away" if r.limit else "discard.never_ready", zh)
    return say("discard.away", zh, n=r.distance)


def teach(q: Question, g: Grade, zh: bool) -> list[str]:
    """The best discard, what the answer given falls short of, and the table: of winning outs, or,
    when no discard leaves the hand ready (``about_distance``), of distances and improving draws (进张)."""
    # a discard question's table, its best discards and the one named
    table = solved(q, solve).result
    assert isinstance(table, Discards) and isinstance(g.expected, tuple) and isinstance(g.answer, int)
    rows = table.rows
    far = about_distance(table)
    best = g.expected
    lines = [_best_far_line(rows[0], best, zh) if far else _best_outs_line(rows, best, zh)]
    x = g.answer
    X = GLYPHS[x]
    by_tile = {r.tile: r for r in rows}
    if x not in by_tile:  # a 坎 tile: never discardable
        lines.append(say("discard.kan_locked", zh, tile=X, kan=X * 3))
    elif not g.correct:
        lines += (_far_shortfall(by_tile[x], rows[0], best, zh) if far else
                  _outs_shortfall(by_tile[x], rows[0].outs, best, zh))
    elif not far and len(best) > 1 and rows[0].tile != x:
        first = GLYPHS[rows[0].tile]
        lines.append(say("discard.equal_outs_ranking", zh, first=first))
    lines += [""] + (_far_table(rows, best, x, zh) if far else _outs_table(rows, best, x, zh))
    lines.append(say("discard.discarded_counts_seen", zh))
    return lines


def _best_outs_line(rows, best: tuple[int, ...], zh: bool) -> str:
    top = rows[0].outs if rows else 0
    if len(best) == 1:
        return say("discard.best_outs", zh, tile=GLYPHS[best[0]], outs=top)
    return say("discard.best_outs_tied", zh, tiles=_tiles_comma(best, zh), outs=top)


def _best_far_line(top, best: tuple[int, ...], zh: bool) -> str:
    live = top.improving_live
    if len(best) == 1:
        return say("discard.best_nearest", zh, tile=GLYPHS[best[0]], away=_away(top, zh), live=live)
    return say("discard.best_nearest_tied", zh, tiles=_tiles_comma(best, zh), away=_away(top, zh), live=live)


def _outs_shortfall(r, top: int, best: tuple[int, ...], zh: bool) -> list[str]:
    """Why discarding ``r.tile`` is not as good as the best: fewer live outs, or none."""
    X = GLYPHS[r.tile]
    if r.outs:
        waits = " ".join(f"{GLYPHS[w.tile]} {w.outs}" for w in r.waits if w.outs)
        return [say("discard.fewer_outs", zh, tile=X, outs=r.outs, waits=waits, fewer=top - r.outs,
                    best=GLYPHS[best[0]])]
    return [say("discard.every_wait_dead" if r.waits else "discard.not_ready_after", zh, tile=X)]


def _far_shortfall(r, top, best: tuple[int, ...], zh: bool) -> list[str]:
    """Why discarding ``r.tile`` leaves the hand farther from ready, or as near with fewer 进张."""
    X, B = GLYPHS[r.tile], GLYPHS[best[0]]
    live = top.improving_live
    if r.distance == top.distance:
        lines = [say("discard.as_near_fewer_draws", zh, tile=X, away=_away(r, zh), live=r.improving_live,
                     fewer=live - r.improving_live, best=B)]
    elif r.improving_live > live:
        # The distance-first trap: more draws, but each of them only brings the hand to where B already is.
        lines = [say("discard.more_draws_but_farther", zh, tile=X, away=_away(r, zh), live=r.improving_live,
                     best=B, _best_live=live, best_away=_away(top, zh))]
    else:
        lines = [say("discard.leaves_away", zh, tile=X, away=_away(r, zh))]
    dead = [GLYPHS[d.tile] for d in r.improving if not d.live]
    if dead:
        lines.append(say("discard.dead_draws_after", zh, tile=X, dead=("、" if zh else ", ").join(dead)))
    return lines


def _outs_table(rows, best: tuple[int, ...], answer: int, zh: bool) -> list[str]:
    """The ready discards with their outs (the best and the learner's marked), then the ones that leave the
    hand not ready."""
    headers = [say(f"discard.col_{c}", zh) for c in ("discard", "outs", "expected", "top", "waits")] + [""]
    table = []
    not_ready = [r.tile for r in rows if not r.waits]
    for r in rows:
        if not r.waits:
            continue
        waits = "  ".join(f"{GLYPHS[w.tile]} {w.outs if w.outs else say('discard.dead_wait', zh)}"
                          for w in r.waits[:_DRAWS])
        if len(r.waits) > _DRAWS:
            waits += say("discard.more_waits", zh, n=len(r.waits) - _DRAWS)
        table.append([GLYPHS[r.tile], r.outs, f"{float(r.expected_score):.2f}", r.best_score, waits,
                      _mark(r.tile in best, r.tile == answer, zh)])
    lines = _tabulate(table, headers)
    if not_ready:
        mine = say("discard.yours", zh) if answer in not_ready else ""
        lines += wrap(say("discard.not_ready_discards", zh, tiles=_tiles_comma(not_ready, zh), mine=mine))
    lines += wrap(say("discard.expected_legend", zh))
    return lines


def _far_table(rows, best: tuple[int, ...], answer: int, zh: bool) -> list[str]:
    """Every discard with its distance and live improving draws (the best and the learner's marked), then how
    the best one takes each draw."""
    headers = [say(f"discard.col_{c}", zh) for c in ("discard", "away", "live", "draws")] + [""]
    table = [[GLYPHS[r.tile], "—" if r.distance is None else r.distance, r.improving_live,
              _draws_cell(r, zh), _mark(r.tile in best, r.tile == answer, zh)] for r in rows]
    lines = _tabulate(table, headers)
    top = rows[0]
    ways = "; ".join(f"{GLYPHS[d.tile]}: {' / '.join(d.ways)}" for d in top.improving)
    if ways:
        lines += wrap(say("discard.best_takes", zh, tile=GLYPHS[top.tile], ways=ways))
    return lines


#: the improving draws a row of the distance table shows (the rest counted)
_DRAWS = 6


def _draws_cell(r, zh: bool) -> str:
    if not r.improving:
        return _away(r, zh)
    shown = "  ".join(f"{GLYPHS[d.tile]} {d.live}" for d in r.improving[:_DRAWS])
    more = len(r.improving) - _DRAWS
    return shown + (say("discard.more_draws", zh, n=more) if more > 0 else "")


def note(q: Question, zh: bool) -> str:
    table = solved(q, solve).result
    assert isinstance(table, Discards)  # a discard question is solved from its discard table
    if about_distance(table):
        return _distance(q, zh)
    return _discard(q, zh)


def _discard(q: Question, zh: bool) -> str:
    s = solved(q, solve)
    table, best = s.result, s.expected
    assert isinstance(table, Discards) and isinstance(best, tuple)  # a discard question's table and best discards
    rows = table.rows
    top = rows[0]
    B = _and([GLYPHS[t] for t in best], zh)
    waits = _and([say("discard.wait_outs", zh, tile=GLYPHS[w.tile], outs=w.outs) for w in top.waits if w.outs], zh)
    if len(best) == 1:
        out = [say("discard.note_discard", zh, best=B, waits=waits, outs=top.outs)]
    else:
        out = [say("discard.note_discards_tie", zh, best=B, outs=top.outs, top=GLYPHS[top.tile], waits=waits)]
    nxt = next((r for r in rows if r.tile not in best and r.waits), None)
    if nxt is not None:
        out.append(say("discard.note_next_best", zh, tile=GLYPHS[nxt.tile], outs=nxt.outs))
    else:
        out.append(say("discard.note_others_not_ready", zh))
    hand = table.hand.without(top.tile)
    out += _waits_words(hand, top.waits, q.rules, zh)[1:] + _seen_words(q, zh)
    out.append(say("discard.note_discarded_seen", zh))
    return _join(out, zh)


def _intakes_away(r, zh: bool) -> str:
    if r.distance is None:
        return say("discard.more_than_2_intakes", zh)
    return say("discard.intakes_away", zh, n=r.distance, _s="s" if r.distance != 1 else "")


def _distance(q: Question, zh: bool) -> str:
    s = solved(q, solve)
    table, best = s.result, s.expected
    assert isinstance(table, Discards) and isinstance(best, tuple)  # as for _discard
    rows = table.rows
    assert has_distances(rows)  # about_distance(table): the rows carry their distances
    top = rows[0]
    draws = _and([say("discard.draw_live", zh, tile=GLYPHS[d.tile], live=d.live)
                  for d in top.improving if d.live][:_MAX + 1], zh)
    B = _and([GLYPHS[t] for t in best], zh, "or")
    out = [say("discard.note_nearest", zh, best=B, away=_intakes_away(top, zh), live=top.improving_live,
               draws=draws)]
    nxt = next((r for r in rows if r.tile not in best), None)
    if nxt is not None:
        out.append(say("discard.note_next_nearest", zh, tile=GLYPHS[nxt.tile], away=_intakes_away(nxt, zh),
                       live=nxt.improving_live))
    most = max(rows, key=lambda r: r.improving_live)
    if most.tile not in best and (most.distance or 99) > (top.distance or 99):
        out.append(say("discard.note_most_draws_farther", zh, tile=GLYPHS[most.tile], live=most.improving_live,
                       away=_intakes_away(most, zh)))
    kinds = len(top.improving)
    wide = next((r for r in rows if r.tile not in best and r.distance == top.distance and len(r.improving) > kinds),
                None)
    if wide is not None:
        out.append(say("discard.note_more_kinds_fewer_copies", zh, tile=GLYPHS[wide.tile],
                       kinds=len(wide.improving), best_kinds=kinds, live=wide.improving_live,
                       best_live=top.improving_live))
    dead = [GLYPHS[d.tile] for d in top.improving if not d.live]
    if dead:
        out.append(say("discard.note_dead_draws", zh, dead=_and(dead, zh)))
    if "dead 进张" in q.tags:
        gone = _and(list(dict.fromkeys(q.seen)), zh)
        out.append(say("discard.note_seen_kill_draws", zh, seen=q.seen, gone=gone))
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
