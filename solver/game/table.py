"""The table of one hand: each seat's tiles, melds and 臭, the stock, and the events so far.

Seats are 0, 1, 2 (and 3) in turn order: the lower player (下家) of seat s is
s + 1 (mod the seats), the upper player (上家) s − 1, skipping a seat that sits
out (坐底, RULES.md 10b).  A seat's concealed tiles are
a count vector (RULES.md 3); ``Seat.hand()`` is the ``Hand`` the
obligations engine and the win reference read.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.play_moves import hand_owes_discard
from ..model.hand import Hand, Meld
from ..model.tiles import N_KINDS

#: the engine's version, written in every record's header (a record of another version is refused)
ENGINE_VERSION = 1


def lower(seat: int, n: int = 3, out: int | None = None) -> int:
    """The lower player (下家) of ``seat`` at a table of ``n`` seats, ``out`` sitting out (坐底)."""
    s = (seat + 1) % n
    return (s + 1) % n if s == out else s


def playing(start: int, n: int = 3, out: int | None = None) -> list[int]:
    """The seats that play a hand, in turn order from ``start`` (``out`` sits out)."""
    seats = [start]
    while len(seats) < n - (out is not None):
        seats.append(lower(seats[-1], n, out))
    return seats


def origin(seat: int, by: int, kind: str, n: int = 3, out: int | None = None) -> str:
    """Where a tile revealed by seat ``by`` (``kind`` draw or discard) comes from, as ``seat`` sees it
    (of two players, the other is both upper and lower player: RULES.md 10b calls him upper)."""
    who = "self" if seat == by else "upper" if lower(by, n, out) == seat else "lower"
    return f"{who}-{kind}"


@dataclass
class Seat:
    """One player's tiles: concealed counts, exposed melds (``shown``: whether others see the
    tiles; a 偎 is face down unless it is a 臭偎), tiles left face up in front, and 臭."""
    concealed: list[int]
    melds: list[Meld] = field(default_factory=list)
    shown: list[bool] = field(default_factory=list)
    faces: list[int] = field(default_factory=list)
    chou: set[int] = field(default_factory=set)  # 臭 for 吃 (or, under 过张只能胡, a passed tile)
    passed_peng: set[int] = field(default_factory=set)  # 臭 for 碰

    def hand(self) -> Hand:
        return Hand(tuple(self.concealed), tuple(self.melds))

    @property
    def n_concealed(self) -> int:
        return sum(self.concealed)

    def owes_discard(self) -> bool:
        """After an intake: a discard follows when the hand holds one tile more than at rest
        (RULES.md 3; so none after 八块, nor after the first intake of a hand dealt two 提): the rule
        table's ``play_rules.owes_discard``."""
        return hand_owes_discard(self.concealed, self.melds)

    def discardable(self) -> tuple[int, ...]:
        """The tiles that may be discarded: every concealed tile not in a 坎."""
        return tuple(t for t in range(N_KINDS) if self.concealed[t] in (1, 2))

    def tiles_held(self) -> list[int]:
        """Copies of each tile in the concealed tiles and the melds."""
        return self.hand().all_counts()


def around(me: int, bots) -> list[str]:
    """Each seat's player name: the human's seat '', the bots from its lower player on."""
    n = len(bots) + 1
    names = [""] * n
    for k, b in enumerate(bots):
        names[(me + 1 + k) % n] = b
    return names
