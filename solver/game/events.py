"""The events of a hand of play as typed values: what ``Game.events`` and ``Game.events`` hold, turned
into JSON only where a record is written (``to_json``) or compared with a record's line (``replay``).

Each kind is a frozen dataclass: its ``E`` is the record line's ``"e"``, its fields are the line's, in the
line's order (``solver.game.record.FIELDS`` is made of them); a field named in its ``OMITTED`` is left out
of the line when it is None (a deal's seat sitting out, a move's tile when it is on none ...).  Lists are
tuples here and lists in the line.

>>> to_json(DrawEvent(seat=2, tile="九"))
{'e': 'draw', 'seat': 2, 'tile': '九'}
>>> to_json(MoveEvent(seat=1, stage="discard", offered=("discard 九", "discard 十"), move="discard 九"))
{'e': 'move', 'seat': 1, 'stage': 'discard', 'offered': ['discard 九', 'discard 十'], 'move': 'discard 九'}
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

__all__ = ["KINDS", "DealEvent", "DiscardEvent", "DrawEvent", "DrawnEvent", "Event", "FaceUpEvent", "MeldEvent",
           "MoveEvent", "PenaltyEvent", "ResumeEvent", "SettleEvent", "TakeEvent", "WinEvent", "line_fields",
           "seat_of", "to_json"]

@dataclass(frozen=True, kw_only=True)
class _Event:
    """What every kind has: its record line's ``E``, and the fields it leaves out when None (none)."""
    E: ClassVar[str]
    OMITTED: ClassVar[frozenset[str]] = frozenset()


@dataclass(frozen=True, kw_only=True)
class DealEvent(_Event):
    """The deal: the dealer, the hands dealt from him on, the stock top first, the 亮张 (None: the ruleset shows
    none); at a table of four the seat sitting out and the stock's shown last tile; of two, the tiles set
    aside unseen (埋牌)."""
    E: ClassVar[str] = "deal"
    OMITTED: ClassVar[frozenset[str]] = frozenset({"out", "last", "buried"})
    dealer: int
    hands: tuple[str, ...]
    stock: str
    liang: str | None
    out: int | None = None
    last: str | None = None
    buried: str | None = None


@dataclass(frozen=True, kw_only=True)
class ResumeEvent(_Event):
    """A hand taken up from a position (the Python reference's ``Game.resume``, tests/python_engine.py):
    whose turn it is; never written to a record."""
    E: ClassVar[str] = "resume"
    turn: int


@dataclass(frozen=True, kw_only=True)
class MoveEvent(_Event):
    """A decision: the seat, the stage (``claim``: a move out of turn, in a lenient replay), the tile it was on
    (None: a discard's), the moves offered (None: a lenient replay's move, not asked), the move made, and the
    rule it broke (None: none)."""
    E: ClassVar[str] = "move"
    OMITTED: ClassVar[frozenset[str]] = frozenset({"tile", "offered", "offence"})
    seat: int
    stage: str
    tile: str | None = None
    offered: tuple[str, ...] | None = None
    move: str
    offence: str | None = None


@dataclass(frozen=True, kw_only=True)
class MeldEvent(_Event):
    """A four of a kind laid down at the deal (提/龙): the seat, its kind and its tiles."""
    E: ClassVar[str] = "meld"
    seat: int
    kind: str
    tiles: str
    dealt: bool = True


@dataclass(frozen=True, kw_only=True)
class _TileEvent(_Event):
    """A tile that passes through a seat's hands: the seat, the tile."""
    E: ClassVar[str]
    seat: int
    tile: str


class DrawEvent(_TileEvent):
    """A tile drawn from the stock by the seat."""
    E: ClassVar[str] = "draw"


class DiscardEvent(_TileEvent):
    """A tile discarded by the seat."""
    E: ClassVar[str] = "discard"


class FaceUpEvent(_TileEvent):
    """A tile nobody took, left face up before the seat that revealed it."""
    E: ClassVar[str] = "faceup"


@dataclass(frozen=True, kw_only=True)
class TakeEvent(_Event):
    """A tile taken (吃, 碰, 偎, 提, 跑 ...): the seat, the move's kind, the tile and the melds it made."""
    E: ClassVar[str] = "take"
    seat: int
    kind: str
    tile: str
    melds: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class WinEvent(_Event):
    """A win: the seat, the tile won on (None: a dealt hand's), where it came from, the game's conditions
    (海底, 地胡 ...), how it wins, its 胡息, 等, 番 and their names, and its score."""
    E: ClassVar[str] = "win"
    seat: int
    tile: str | None
    source: str
    conditions: tuple[str, ...]
    how: str
    huxi: int
    deng: int
    fan: int
    fan_names: tuple[str, ...]
    score: int


@dataclass(frozen=True, kw_only=True)
class DrawnEvent(_Event):
    """荒庄: the stock ran out with no win."""
    E: ClassVar[str] = "drawn"


@dataclass(frozen=True, kw_only=True)
class PenaltyEvent(_Event):
    """A penalty for a broken rule (a lenient replay): the seat, the offence and what it pays."""
    E: ClassVar[str] = "penalty"
    seat: int
    offence: str
    amount: int


@dataclass(frozen=True, kw_only=True)
class SettleEvent(_Event):
    """The hand settled: each seat's net score."""
    E: ClassVar[str] = "settle"
    net: tuple[int, ...]


Event = (DealEvent | ResumeEvent | MoveEvent | MeldEvent | DrawEvent | DiscardEvent | FaceUpEvent | TakeEvent
         | WinEvent | DrawnEvent | PenaltyEvent | SettleEvent)

#: every kind of event, by its record line's "e"
KINDS: dict[str, type[Event]] = {k.E: k for k in (DealEvent, ResumeEvent, MoveEvent, MeldEvent, DrawEvent,
                                                   DiscardEvent, FaceUpEvent, TakeEvent, WinEvent, DrawnEvent,
                                                   PenaltyEvent, SettleEvent)}


def to_json(event: Event) -> dict[str, Any]:
    """The event as its record line holds it: ``"e"`` first, then its fields in order (one of its ``OMITTED``
    left out when None), tuples as lists."""
    out: dict[str, Any] = {"e": event.E}
    for f in fields(event):
        value = getattr(event, f.name)
        if value is None and f.name in event.OMITTED:
            continue
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def line_fields(kind: type[Event]) -> tuple[str, ...]:
    """The fields of a record line of this kind of event, ``"e"`` first."""
    return ("e", *(f.name for f in fields(kind)))


def seat_of(event: Event) -> int | None:
    """The seat an event is of (a deal's, a 荒庄's and a settlement's: None)."""
    seat = getattr(event, "seat", None)
    return seat if isinstance(seat, int) else None
