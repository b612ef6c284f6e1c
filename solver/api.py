"""The typed public API: parse and validate, then answer with dataclasses.

Single hands are answered by the pure-Python reference (no numba import, so
one-hand commands on ready hands start fast); ``*_many`` batch functions call
the numba kernels once for many hands.  Every answer about a hand that is
not ready also carries its distance to ready and improving draws
(``solver.engine.distance``, numba kernels; RULES.md 6).  Bad input raises
``HandError`` (a ValueError).
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Iterable, Literal, Sequence

from .engine import reference
from .model.hand import Hand, HandError, check_copies, check_hand
from .model.notation import parse_hand, parse_tiles, quoted
from .model.results import WIN_WAYS, DiscardAdvice, Discards, Draw, HuResult, Ting, Wait
from .model.rules import Ruleset, get_ruleset
from .model.tiles import COPIES, N_KINDS, tiles_to_counts

#: positions the distance search of one hand (``ting``) may look at beyond
#: distance 2 (a second or two at most); batches and discard tables look
#: at none: their distances are exact up to 2, and beyond they say ``limit``.
TING_BUDGET = 60_000
TABLE_BUDGET = 0

Source = Literal["self", "other"]
SOURCE_ALIASES = {"self": "self", "zimo": "self", "自摸": "self", "other": "other", "他人": "other"}


def _rules(rules: str | Ruleset) -> Ruleset:
    return rules if isinstance(rules, Ruleset) else get_ruleset(rules)


def load(hand: str | Hand, *, want: Literal["rest", "discard"],
         seen: str | Iterable[int] = "", tile: int | None = None) -> tuple[Hand, list[int]]:
    """Parse and validate a hand and its seen tiles; return (hand, seen counts)."""
    h = parse_hand(hand) if isinstance(hand, str) else hand
    seen_tiles = list(parse_tiles(seen)) if isinstance(seen, str) else list(seen)
    check_hand(h, want=want)
    extra = [seen_tiles] + ([[tile]] if tile is not None else [])
    what = " and ".join(w for w, on in (("--seen", seen_tiles), ("the tile asked about", tile is not None)) if on)
    check_copies(h, *extra, what=what)
    return h, tiles_to_counts(seen_tiles)


def parse_tile(text: str) -> int:
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise HandError(f"{quoted(text.strip())} is not one tile")
    return tiles[0]


def parse_source(text: str) -> str:
    try:
        return SOURCE_ALIASES[text.strip().lower()]
    except KeyError:
        raise HandError(f"unknown source {quoted(text)}: use self or other") from None


def ting(hand: str | Hand, *, seen: str | Iterable[int] = "", rules: str | Ruleset = "hunan",
         budget: int = TING_BUDGET) -> Ting:
    """Every wait of a hand at rest, per source, with outs (RULES.md 4-6);
    for a hand that is not ready, its distance to ready and improving draws."""
    h, seen_counts = load(hand, want="rest", seen=seen)
    ruleset = _rules(rules)
    return with_distance([reference.ting(h, ruleset, seen_counts)], [seen_counts], ruleset, budget=budget)[0]


def discard(hand: str | Hand, *, seen: str | Iterable[int] = "", rules: str | Ruleset = "hunan",
            budget: int = TABLE_BUDGET) -> Discards:
    """Every discard of a hand holding one tile more than at rest, ranked
    (distance to ready first, then live improving draws, then outs...)."""
    h, seen_counts = load(hand, want="discard", seen=seen)
    ruleset = _rules(rules)
    return with_advice([reference.discard(h, ruleset, seen_counts)], [seen_counts], ruleset, budget=budget)[0]


def discard_choice(hand: str | Hand, *, seen: str | Iterable[int] = "",
                   rules: str | Ruleset = "hunan") -> tuple[tuple[int, ...], Discards]:
    """The right answers to "which discard?" (``best_discards``) and the table
    they come from.  When some discard leaves live outs that table is the
    reference's (no distances needed, so no numba); otherwise every row
    carries its distance (``discard``)."""
    h, seen_counts = load(hand, want="discard", seen=seen)
    ruleset = _rules(rules)
    table = reference.discard(h, ruleset, seen_counts)
    if not table.rows or table.rows[0].outs == 0:
        table = with_advice([table], [seen_counts], ruleset)[0]
    return best_discards(table), table


def best_discards(table: Discards) -> tuple[int, ...]:
    """The best discards, in rank order: the least distance and, among those,
    the most live improving draws — at distance 0 the most live outs.  A
    plain engine table (no distances) is judged on outs alone, which is the
    same answer whenever some discard leaves live outs."""
    rows = table.rows
    if not rows:
        return ()
    top = rows[0]
    if not isinstance(top, DiscardAdvice):
        return tuple(r.tile for r in rows if r.outs == top.outs)
    if top.distance is None:
        return ()  # no discard leaves a hand that can be made ready (or within the search)
    return tuple(r.tile for r in rows if r.distance == top.distance and r.improving_live == top.improving_live)


def hu(hand: str | Hand, *, win: str | int, source: str, all_splits: bool = False,
       rules: str | Ruleset = "hunan") -> HuResult:
    """Whether tile ``win`` from ``source`` wins for a hand at rest, and how."""
    tile = parse_tile(win) if isinstance(win, str) else win
    h, _ = load(hand, want="rest", tile=tile)
    return reference.hu(h, tile, parse_source(source), _rules(rules), all_splits=all_splits)


def ting_many(hands: Sequence[Hand], seen: Sequence[Sequence[int]] | None = None,
              *, rules: str | Ruleset = "hunan", budget: int = TABLE_BUDGET) -> list[Ting]:
    """Waits (and distances) of many validated hands at rest, the waits in one kernel call."""
    from .engine import wins
    seen = seen or [[0] * N_KINDS] * len(hands)
    ruleset = _rules(rules)
    return with_distance(wins.ting_many(hands, seen, ruleset), seen, ruleset, budget=budget)


def discard_many(hands: Sequence[Hand], seen: Sequence[Sequence[int]] | None = None,
                 *, rules: str | Ruleset = "hunan", budget: int = TABLE_BUDGET) -> list[Discards]:
    """``discard`` for many validated hands of c + 1 tiles, the waits from the kernels."""
    from .engine import wins
    seen = seen or [[0] * N_KINDS] * len(hands)
    ruleset = _rules(rules)
    return with_advice(wins.discard_many(hands, seen, ruleset), seen, ruleset, budget=budget)


# ---------------------------------------------------------------- distance to ready

def wait_draws(waits: Iterable[Wait]) -> tuple[Draw, ...]:
    """The improving draws of a ready hand: its waits (RULES.md 6), taken by 胡."""
    return tuple(Draw(w.tile, w.outs, tuple(WIN_WAYS[s] for s, x in (("self", w.self), ("other", w.other)) if x))
                 for w in waits)


def _analyses(hands: Sequence[Hand], rules: Ruleset, budget: int) -> list:
    """solver.engine.distance's analyses of hands that are not ready (none: no numba import)."""
    if not hands:
        return []
    from .engine import distance
    return distance.analyse_many(hands, rules, is_ready=[False] * len(hands), budget=budget)


def _draws(analysis, hand: Hand, seen: Sequence[int]) -> tuple[Draw, ...]:
    held = hand.all_counts()
    return tuple(Draw(t, COPIES - held[t] - seen[t], tuple(i.text() for i in ways))
                 for t, ways in analysis.improving)


def with_distance(tings: Sequence[Ting], seen: Sequence[Sequence[int]], rules: Ruleset, *,
                  budget: int = TING_BUDGET) -> list[Ting]:
    """The engines' answers with ``distance``, ``limit`` and ``improving`` filled in."""
    waiting = [i for i, t in enumerate(tings) if not t.waits]
    found = dict(zip(waiting, _analyses([tings[i].hand for i in waiting], rules, budget)))
    out = []
    for i, t in enumerate(tings):
        a = found.get(i)
        if a is None:
            out.append(replace(t, distance=0, improving=wait_draws(t.waits), limit=False))
        else:
            out.append(replace(t, distance=a.distance, limit=a.limit, improving=_draws(a, t.hand, seen[i])))
    return out


def rank_key(row: DiscardAdvice) -> tuple:
    """RULES.md 6 with distances: the least distance first (a search stopped at
    its budget after those, no distance last), then live improving draws, then
    outs, expected score, best score, and tile index."""
    if row.distance is not None:
        far = (0, row.distance)
    else:
        far = (1, 0) if row.limit else (2, 0)
    return far + (-row.improving_live, -row.outs, -row.expected_score, -row.best_score, row.tile)


def with_advice(tables: Sequence[Discards], seen: Sequence[Sequence[int]], rules: Ruleset, *,
                budget: int = TABLE_BUDGET) -> list[Discards]:
    """The engines' discard tables with each row's distance and improving
    draws, ranked by ``rank_key``.  A discarded tile counts as seen."""
    todo = [(i, r) for i, d in enumerate(tables) for r in d.rows if not r.waits]
    found = dict(zip(((i, r.tile) for i, r in todo),
                     _analyses([tables[i].hand.without(r.tile) for i, r in todo], rules, budget)))
    out = []
    for i, d in enumerate(tables):
        rows = []
        for r in d.rows:
            base = dict(tile=r.tile, outs=r.outs, expected_score=r.expected_score, best_score=r.best_score,
                        waits=r.waits)
            a = found.get((i, r.tile))
            if a is None:
                rows.append(DiscardAdvice(**base, distance=0, improving=wait_draws(r.waits)))
            else:
                after = list(seen[i])
                after[r.tile] += 1
                rows.append(DiscardAdvice(**base, distance=a.distance, limit=a.limit,
                                          improving=_draws(a, d.hand.without(r.tile), after)))
        out.append(Discards(d.hand, tuple(sorted(rows, key=rank_key))))
    return out
