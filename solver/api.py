"""The typed public API: parse and validate, then answer with dataclasses.

Single hands are answered by the pure-Python reference (no numba import, so
one-hand commands start fast); ``*_many`` batch functions call the numba
kernels once for many hands.  Bad input raises ``HandError`` (a ValueError).
"""
from __future__ import annotations

from typing import Iterable, Literal, Sequence

from . import reference
from .hand import Hand, HandError, check_copies, check_hand
from .notation import parse_hand, parse_tiles
from .results import Discards, HuResult, Ting
from .rules import Ruleset, get_ruleset
from .tiles import N_KINDS, tiles_to_counts

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
        raise HandError(f"{text.strip()!r} is not one tile")
    return tiles[0]


def parse_source(text: str) -> str:
    try:
        return SOURCE_ALIASES[text.strip().lower()]
    except KeyError:
        raise HandError(f"unknown source {text!r}: use self or other") from None


def ting(hand: str | Hand, *, seen: str | Iterable[int] = "", rules: str | Ruleset = "hunan") -> Ting:
    """Every wait of a hand at rest, per source, with outs (RULES.md 4-6)."""
    h, seen_counts = load(hand, want="rest", seen=seen)
    return reference.ting(h, _rules(rules), seen_counts)


def discard(hand: str | Hand, *, seen: str | Iterable[int] = "", rules: str | Ruleset = "hunan") -> Discards:
    """Every discard of a hand holding one tile more than at rest, ranked."""
    h, seen_counts = load(hand, want="discard", seen=seen)
    return reference.discard(h, _rules(rules), seen_counts)


def hu(hand: str | Hand, *, win: str | int, source: str, all_splits: bool = False,
       rules: str | Ruleset = "hunan") -> HuResult:
    """Whether tile ``win`` from ``source`` wins for a hand at rest, and how."""
    tile = parse_tile(win) if isinstance(win, str) else win
    h, _ = load(hand, want="rest", tile=tile)
    return reference.hu(h, tile, parse_source(source), _rules(rules), all_splits=all_splits)


def ting_many(hands: Sequence[Hand], seen: Sequence[Sequence[int]] | None = None,
              *, rules: str | Ruleset = "hunan") -> list[Ting]:
    """Waits of many validated hands at rest in one kernel call."""
    from . import fast
    return fast.ting_many(hands, seen or [[0] * N_KINDS] * len(hands), _rules(rules))


def discard_many(hands: Sequence[Hand], seen: Sequence[Sequence[int]] | None = None,
                 *, rules: str | Ruleset = "hunan") -> list[Discards]:
    from . import fast
    return fast.discard_many(hands, seen or [[0] * N_KINDS] * len(hands), _rules(rules))
