"""The one ranking of discards (RULES.md 6): live outs, expected score, best score, distance to ready.

Every engine and output ranks with these: the reference and the kernels'
answers (``outs_key``), the compact batch lines (``weigh_scores``), and the
API's advice with distances (``advice_key``).

The expected score of a discard is Σ outs·(w_self·self + w_other·other +
w_discard·discard) / ((w_self + w_other + w_discard)·Σ outs) over its live
waits, the weights the ruleset's over the sources it wins on (hunan: one
draw in three is one's own, and no discard wins).  It is kept exact as a
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

#: the sort keys: ``outs_key``'s, ``advice_key``'s and ``table_key``'s
OutsKey = tuple[int, float, int, int]
AdviceKey = tuple[int, int, int, int, Fraction, int, int]
TableKey = tuple[int, int, int, int, int, int, Fraction, int, int]


def weigh_scores(scores: Iterable[tuple[int, ...]], rules: Ruleset) -> tuple[int, int, int]:
    """(Σ live outs, Σ outs·(w_self·self + w_other·other + w_discard·discard), best score with a
    live out) of (outs, self score, other score[, discard score]) per wait; a source that does not
    win scores 0."""
    total = weighted = best = 0
    sw, ow, dw = rules.source_weights
    for outs, s, o, *rest in scores:
        if outs:
            d = rest[0] if rest else 0
            total += outs
            weighted += outs * (sw * s + ow * o + dw * d)
            best = max(best, s, o, d)
    return total, weighted, best


def weigh(waits: Iterable["Wait"], rules: Ruleset) -> tuple[int, int, int]:
    """``weigh_scores`` of a discard's waits."""
    total = weighted = best = 0
    sw, ow, dw = rules.source_weights
    with_discard = "discard" in rules.win_on
    for w in waits:
        if w.outs:
            s = w.self.score if w.self else 0
            o = w.other.score if w.other else 0
            total += w.outs
            weighted += w.outs * (sw * s + ow * o)
            best = max(best, s, o)
            if with_discard and w.discard:
                weighted += w.outs * dw * w.discard.score
                best = max(best, w.discard.score)
    return total, weighted, best


def denominator(rules: Ruleset) -> int:
    """The sum of the weights of the sources ``rules`` wins on."""
    return sum(rules.source_weights)


_ZERO = Fraction(0)


def discard_rank(tile: int, waits: Iterable["Wait"], rules: Ruleset) -> tuple[OutsKey, int, Fraction, int]:
    """(``outs_key``, live outs, expected score, best score) of discarding ``tile``, leaving ``waits``:
    all a discard row needs, in one call (the kernels' answers make one per discard)."""
    total, weighted, best = weigh(waits, rules)
    if not total:
        return (0, 0.0, -best, tile), 0, _ZERO, best
    value = Fraction(weighted, denominator(rules) * total)
    return (-total, -(weighted / total), -best, tile), total, value, best


def expected(total: int, weighted: int, rules: Ruleset) -> Fraction:
    """The expected score per live copy (0 without a live out)."""
    return Fraction(weighted, denominator(rules) * total) if total else _ZERO


def outs_key(total: int, weighted: int, best: int, tile: int) -> OutsKey:
    """Discards by live outs, then expected score, then best score, all descending, then tile."""
    return -total, -(weighted / total) if total else 0.0, -best, tile


def advice_key(row: "DiscardAdvice") -> AdviceKey:
    """With distances to ready: the least distance first (a search stopped at its
    budget after those, no distance last), then live improving draws, then
    ``outs_key``'s order."""
    if row.distance is not None:
        far = (0, row.distance)
    else:
        far = (1, 0) if row.limit else (2, 0)
    return far + (-row.improving_live, -row.outs, -row.expected_score, -row.best_score, row.tile)


def table_key(row: "DiscardAdvice") -> TableKey:
    """``phz discard``'s order: ``advice_key``'s, the discards beyond the distance search ranked among
    themselves by their shape (fewest tiles missing from the 门子 the hand still needs, then the most
    胡息 of those groups: ``DiscardAdvice.shape``)."""
    key = advice_key(row)
    if row.distance is None and row.limit and row.shape is not None:
        return key[:2] + (row.shape[0], -row.shape[1]) + key[2:]
    return key[:2] + (0, 0) + key[2:]


def rounded(value: Fraction | float) -> float:
    """An expected score as shown (JSON, tables): 4 decimals."""
    return round(float(value), 4)
