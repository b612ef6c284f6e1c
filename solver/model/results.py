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
class Draw:
    """An improving draw (进张, RULES.md 6): a tile that brings the hand one
    step nearer to ready, its live copies, and the ways it is taken
    (``吃 四 with 肆肆``, ``碰 八``...; for a wait, ``胡 self`` / ``胡 other``)."""
    tile: int
    live: int
    ways: tuple[str, ...]


#: the ways of a wait as an improving draw, by source
WIN_WAYS = {"self": "胡 self", "other": "胡 other"}


@dataclass(frozen=True)
class Ting:
    """Waits of a hand at rest and its distance to ready.

    The engines (``reference``, ``fast``) fill ``waits`` only; ``solver.api``
    adds ``distance`` (0 when ready; None when no sequence of intakes makes
    the hand ready, or, with ``limit``, when the search stopped at its
    budget) and ``improving`` (the waits at distance 0), in tile order.
    """
    hand: Hand
    waits: tuple[Wait, ...]  # tile-index order
    distance: int | None = None
    improving: tuple[Draw, ...] = ()
    limit: bool = False

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
class DiscardAdvice(DiscardRow):
    """A discard row as ``solver.api`` answers it: also, as for ``Ting``, the
    distance to ready of the hand it leaves and its improving draws (the
    engines' rows stay plain ``DiscardRow``, whose fields they fill fast)."""
    distance: int | None = None
    improving: tuple[Draw, ...] = ()
    limit: bool = False

    @property
    def improving_live(self) -> int:
        return sum(d.live for d in self.improving)


@dataclass(frozen=True)
class Discards:
    hand: Hand
    rows: tuple[DiscardRow, ...]  # ranked (RULES.md section 6); DiscardAdvice from solver.api


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
