"""Distance to ready (进张距离) and improving draws (进张) in plain Python (RULES.md 6).

The same search as ``solver.engine.distance`` (level by level over
positions, equal positions met once, the same intakes in the same order,
the same budget beyond distance 2), with the same answers, but without
numpy or numba: one hand answers in milliseconds without the half second
that importing numba costs, so every one-hand command starts fast.  The
tests hold the two to each other, and both to the brute force, on
thousands of random hands per ruleset.  The positions and their questions
(ready? at most 1 away?) are ``solver.engine.plain_positions``'s.

Level 2 does not list the positions after each intake and discard: for
each intake of the hand, one question (``Tables.good_after``) says whether
some discard after it leaves a position at most 1 away.

>>> from solver.model.notation import parse_hand
>>> from solver.model.rules import HUNAN
>>> a = analyse(parse_hand("一二四六七九九十贰贰肆伍陆柒 | 碰:拾拾拾 偎:玖玖玖", HUNAN), HUNAN, budget=0)
>>> a.distance, [i.text() for i in a.improving[1][1]]  # two intakes away; 四 is one of the improving draws
(2, ['吃 四 with 四肆'])
"""
from __future__ import annotations

from ..model.derived import derived
from ..model.groups import SHAPES, group_huxi
from ..model.hand import Hand
from ..model.results import Analysis, Intake
from ..model.ruleset import Ruleset
from ..model.tiles import N_KINDS
from .intake_rules import INTAKE_KINDS
from .plain_positions import Position, Tables, Way, _packed, after_discards

#: a level this large is never expanded further (as solver.engine.distance)
EXPAND_LIMIT = 5_000

# ---------------------------------------------------------------- the search

#: positions whose answers a ruleset's memos keep before they are cleared (about 200 bytes each)
ANSWERS_LIMIT = 150_000


def tables(rules: Ruleset) -> Tables:
    """The search's tables and memos for ``rules`` (made once per ruleset: ``derived``'s cache)."""
    got = derived(rules, Tables)
    if len(got.ready_memo) + len(got.good_memo) + len(got.ways_memo) > ANSWERS_LIMIT:
        got.ready_memo.clear()
        got.good_memo.clear()
        got.ways_memo.clear()
    return got


def position(hand: Hand, rules: Ruleset) -> Position:
    """The search's position of a validated hand (the kernels' row, as a tuple)."""
    wei = peng = base = 0
    for m in hand.melds:
        if m.kind == "wei":
            wei |= 1 << m.tiles[0]
        elif m.kind == "peng":
            peng |= 1 << m.tiles[0]
        base += group_huxi(m.kind, m.tiles, rules)
    return (tuple(hand.concealed), tuple(hand.all_counts()), wei, peng, base, hand.n_three, hand.n_four,
            _packed(t for t in range(N_KINDS) for _ in range(hand.concealed[t])))


def _intake(way: Way) -> Intake:
    kind = INTAKE_KINDS[way[0]]
    if kind != "chi":
        return Intake(kind, way[1])
    return Intake("chi", way[1], SHAPES[way[2]], tuple(SHAPES[g] for g in way[3:5] if g >= 0))


def _by_tile(ways: list[Way]) -> tuple[tuple[int, tuple[Intake, ...]], ...]:
    by: dict[int, list[Intake]] = {}
    for w in ways:
        by.setdefault(w[1], []).append(_intake(w))
    return tuple((t, tuple(by[t])) for t in sorted(by))


def analyse(hand: Hand, rules: Ruleset, *, is_ready: bool | None = None, budget: int,
            improving: bool = True) -> Analysis:
    """Distance to ready of a validated hand at rest and its improving intakes:
    ``solver.engine.distance.analyse``'s answer, in plain Python."""
    tb = tables(rules)
    root = position(hand, rules)
    if is_ready is None:
        is_ready = tb.ready(root, 0)
    if is_ready:
        return Analysis(0, False)
    # Level 1: every intake that leaves something to discard (or needs no discard).
    after = []
    for w in tb.ways(root, True):
        q = tb.apply(root, w)
        if not w[6] or any(n == 1 or n == 2 for n in q[0]):
            after.append((w, q))
    if not after:
        return Analysis(None, False)
    hits = [w for w, q in after if tb.ready(q, w[6])]
    if hits:
        return Analysis(1, False, _by_tile(hits))
    # Level 2: does some discard after the intake leave a position at most 1 away?
    good = []
    for w, q in after:
        good.append(tb.good_after(q) if w[6] else tb.good(q))
        if good[-1] and not improving:
            break
    if any(good):
        return Analysis(2, False, _by_tile([w for (w, _), g in zip(after, good) if g]))
    # Beyond: positions at rest, each with the set (bits) of root intakes it comes from.
    level: dict[Position, int] = {}
    for i, (w, q) in enumerate(after):
        for p in after_discards(q, w[6]):
            level[p] = level.get(p, 0) | (1 << i)
    known = set(level)
    distance = 2
    left = budget
    while level:
        if len(level) > EXPAND_LIMIT or left <= 0:
            return Analysis(None, True)
        new: dict[Position, int] = {}
        for p, mask in level.items():
            for q in tb.expand(p):
                if q not in known:
                    new[q] = new.get(q, 0) | mask
        if len(new) > left:
            return Analysis(None, True)
        left -= len(new)
        known.update(new)
        level = new
        distance += 1
        marks = 0
        for p, mask in level.items():
            if tb.good(p):
                marks |= mask
                if not improving:
                    break
        if marks:
            return Analysis(distance, False, _by_tile([w for i, (w, _) in enumerate(after) if (marks >> i) & 1]))
    return Analysis(None, False)  # no sequence of intakes makes it ready
