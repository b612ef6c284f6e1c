"""Answers of the solver, as frozen dataclasses (the typed API returns these)."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .groups import Group
from .hand import Hand

SOURCES = ("self", "other")

# How a tile wins, in RULES.md section 4's order of preference.
HOWS = ("提胡", "跑胡", "偎胡", "碰胡", "破跑胡", "单吊胡", "编胡", "顺胡")

# Why a tile does not win (``phz hu``).
REASONS = ("huxi_short", "no_7_groups", "forced_ti", "forced_wei")


@dataclass(frozen=True)
class Win:
    """The best decomposition of a winning hand and what it is worth."""
    huxi: int
    deng: int  # includes the 自摸 等 for a self-drawn win
    fan: int
    fan_names: tuple[str, ...]
    score: int
    how: str
    groups: tuple[Group, ...]  # exposed melds in input order, then concealed by first tile, 将 last


@dataclass(frozen=True)
class Wait:
    tile: int
    outs: int
    self: Win | None
    other: Win | None

    @property
    def dead(self) -> bool:
        return self.outs == 0


@dataclass(frozen=True)
class Ting:
    hand: Hand
    waits: tuple[Wait, ...]  # tile-index order

    @property
    def ready(self) -> bool:
        return bool(self.waits)


@dataclass(frozen=True)
class DiscardRow:
    tile: int
    outs: int
    expected_score: Fraction
    best_score: int
    waits: tuple[Wait, ...]


@dataclass(frozen=True)
class Discards:
    hand: Hand
    rows: tuple[DiscardRow, ...]  # ranked (RULES.md section 6)


@dataclass(frozen=True)
class HuResult:
    hand: Hand
    tile: int
    source: str
    win: Win | None
    reason: str | None  # None when it wins
    huxi: int | None  # of the best win, or of the highest-huxi 7-门子 split when it does not win
    groups: tuple[Group, ...]
    decompositions: tuple[Win, ...] = ()  # every distinct one, best first (``--all``)

    @property
    def wins(self) -> bool:
        return self.win is not None
