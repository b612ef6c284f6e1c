"""The one ranking of discards (RULES.md 6): live outs, expected score, best score, distance to ready.

Every engine and output ranks with these: the reference and the kernels'
answers (``outs_key``), the compact batch lines (``weigh_scores``), and the
API's advice with distances (``advice_key``).

The expected score of a discard is Σ outs·(w_self·self + w_other·other) /
((w_self + w_other)·Σ outs) over its live waits (the weights are the
ruleset's: one draw in three is one's own).  It is kept exact as a
``Fraction``; for sorting, ``weighted / outs`` orders the same way as that
fraction, since both are small integers and distinct ratios lie far apart
compared with a float's rounding.
"""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Iterable

from .rules import Ruleset

if TYPE_CHECKING:
    from .results import DiscardAdvice, Wait


def weigh_scores(scores: Iterable[tuple[int, int, int]], rules: Ruleset) -> tuple[int, int, int]:
    """(Σ live outs, Σ outs·(w_self·self + w_other·other), best score with a live out) of
    (outs, self score, other score) per wait; a source that does not win scores 0."""
    total = weighted = best = 0
    sw, ow = rules.self_weight, rules.other_weight
    for outs, s, o in scores:
        if outs:
            total += outs
            weighted += outs * (sw * s + ow * o)
            best = max(best, s, o)
    return total, weighted, best


def weigh(waits: Iterable["Wait"], rules: Ruleset) -> tuple[int, int, int]:
    """``weigh_scores`` of a discard's waits."""
    total = weighted = best = 0
    sw, ow = rules.self_weight, rules.other_weight
    for w in waits:
        if w.outs:
            s = w.self.score if w.self else 0
            o = w.other.score if w.other else 0
            total += w.outs
            weighted += w.outs * (sw * s + ow * o)
            best = max(best, s, o)
    return total, weighted, best


_ZERO = Fraction(0)


def discard_rank(tile: int, waits: Iterable["Wait"], rules: Ruleset) -> tuple[tuple, int, Fraction, int]:
    """(``outs_key``, live outs, expected score, best score) of discarding ``tile``, leaving ``waits``:
    all a discard row needs, in one call (the kernels' answers make one per discard)."""
    total, weighted, best = weigh(waits, rules)
    if not total:
        return (0, 0.0, -best, tile), 0, _ZERO, best
    value = Fraction(weighted, (rules.self_weight + rules.other_weight) * total)
    return (-total, -(weighted / total), -best, tile), total, value, best


def expected(total: int, weighted: int, rules: Ruleset) -> Fraction:
    """The expected score per live copy (0 without a live out)."""
    return Fraction(weighted, (rules.self_weight + rules.other_weight) * total) if total else _ZERO


def outs_key(total: int, weighted: int, best: int, tile: int) -> tuple:
    """Discards by live outs, then expected score, then best score, all descending, then tile."""
    return -total, -(weighted / total) if total else 0.0, -best, tile


def advice_key(row: "DiscardAdvice") -> tuple:
    """With distances to ready: the least distance first (a search stopped at its
    budget after those, no distance last), then live improving draws, then
    ``outs_key``'s order."""
    if row.distance is not None:
        far = (0, row.distance)
    else:
        far = (1, 0) if row.limit else (2, 0)
    return far + (-row.improving_live, -row.outs, -row.expected_score, -row.best_score, row.tile)


def rounded(value: Fraction | float) -> float:
    """An expected score as shown (JSON, tables): 4 decimals."""
    return round(float(value), 4)
