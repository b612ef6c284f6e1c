"""What one seat sees of the table (RULES.md 10): its own hand and 臭, every exposed meld but the tiles
of another player's 偎, the tiles face up in front of each player, the tile on the table, the stock count,
and how many concealed tiles each player holds (a hand in front of a player can be counted).

Never another hand's tiles, the stock order, or a 偎's tiles (a 臭偎 is shown face up).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..model.hand import Hand
from ..model.rules import Ruleset
from ..model.tiles import COPIES, GLYPH_TO_ID, N_KINDS
from .events import DiscardEvent, DrawEvent, Event, MoveEvent, TakeEvent, seat_of

__all__ = ["SeatView", "eaten_of", "hidden_event", "others_of", "seen_counts", "shown_last", "unseen_stock", "view_of"]


@dataclass(frozen=True)
class SeatView:
    seat: int
    dealer: int
    turn: int  # the seat to move (to draw, or whose draw or discard is on the table)
    hand: Hand  # this seat's concealed tiles and melds
    melds: tuple[tuple[tuple[str, tuple[int, ...] | None], ...], ...]  # per seat: (kind, tiles or None when hidden)
    faces: tuple[tuple[int, ...], ...]  # per seat: tiles left face up in front of it, oldest first
    table: tuple[int, int, str] | None  # (tile, by seat, draw or discard) when this seat may see it
    stock: int  # tiles left in the stock
    chou: frozenset[int]  # 臭 for 吃 (under 过张只能胡: passed tiles)
    passed_peng: frozenset[int]  # 臭 for 碰
    rules: Ruleset
    held: tuple[int, ...]  # per seat: its concealed tiles (a hand can be counted across the table)
    last: int | None = None  # the stock's shown last tile (a table of four), while it is in the stock
    eaten: tuple[tuple[int, ...], ...] = ()  # per seat: tiles it showed (drew or discarded) that a 吃 took

    @property
    def players(self) -> int:
        """The seats at the table (one of four sits out)."""
        return len(self.melds)

    @property
    def others(self) -> list[int]:
        """The other seats that play the hand, from this seat's lower player on."""
        return others_of(self.seat, self.players, self.rules.game.sits_out(self.dealer))

    def seen_counts(self) -> list[int]:
        """Copies of each tile this seat can see outside its own hand: others' shown melds,
        every face-up tile, the tile on the table, the stock's shown last tile."""
        return seen_counts(self.seat, self.melds, self.faces, self.table, self.last)

    def unseen(self) -> list[int]:
        """Copies of each tile this seat has not seen (in others' hands, 偎s or the stock)."""
        held = self.hand.all_counts()
        seen = self.seen_counts()
        return [COPIES - held[t] - seen[t] for t in range(N_KINDS)]


def others_of(seat: int, players: int, out: int | None) -> list[int]:
    """The seats but ``seat`` that play a hand at a table of ``players`` (``out`` sitting out), in turn
    order from ``seat``'s lower player."""
    from .table import playing
    return playing(seat, players, out)[1:]


def unseen_stock(stock: int, last: int | None, rules: Ruleset) -> int:
    """The tiles of the stock nobody sees (all but its shown last tile), and those set aside (埋牌)."""
    return stock - (last is not None) + rules.game.set_aside


def seen_counts(seat: int, melds, faces, table, last: int | None = None) -> list[int]:
    """Copies of each tile seat ``seat`` sees outside its own hand, from the melds of every seat (a
    face-down 偎's tiles None), the tiles face up, the tile on the table and the stock's shown last
    tile (a SeatView's or a Position's)."""
    seen = [0] * N_KINDS
    for p, ms in enumerate(melds):
        if p == seat:
            continue
        for _, tiles in ms:
            for t in tiles or ():
                seen[t] += 1
    for fs in faces:
        for t in fs:
            seen[t] += 1
    if table is not None:
        seen[table[0]] += 1
    if last is not None:
        seen[last] += 1
    return seen


def view_of(game, seat: int) -> SeatView:
    """Seat ``seat``'s view of ``game`` (a solver.game.engine.Game)."""
    melds = []
    for p, s in enumerate(game.seats):
        melds.append(tuple((m.kind, m.tiles if (p == seat or shown) else None) for m, shown in zip(s.melds, s.shown)))
    table = game.table
    ask = game.ask()
    if table is not None and ask is not None and ask.stage == "first" and ask.seat != seat:
        table = None  # a draw taken at once: only its taker sees it
    me = game.seats[seat]
    return SeatView(seat, game.dealer, game.turn, me.hand(), tuple(melds), tuple(tuple(s.faces) for s in game.seats),
                    table, len(game.stock), frozenset(me.chou), frozenset(me.passed_peng), game.rules,
                    tuple(s.n_concealed for s in game.seats), shown_last(game), eaten_of(game.events, len(game.seats)))


def eaten_of(events: Sequence[Event], players: int) -> tuple[tuple[int, ...], ...]:
    """Per seat, the tiles it showed (drew or discarded) that a 吃 then took, oldest first: every player
    saw them, and was asked about them before the 吃 (a win, 跑/提 and 碰 come first)."""
    eaten: list[list[int]] = [[] for _ in range(players)]
    shown_by = None
    for e in events:
        if isinstance(e, (DrawEvent, DiscardEvent)):
            shown_by = e.seat
        elif isinstance(e, TakeEvent) and e.kind == "chi" and shown_by is not None:
            eaten[shown_by].append(GLYPH_TO_ID[e.tile])
    return tuple(tuple(ts) for ts in eaten)


def shown_last(game) -> int | None:
    """The stock's last tile where the table shows it (four seats, ``shown_last``), while it is in the stock."""
    return game.stock[-1] if game.rules.game.shows_last and game.stock else None


def hidden_event(game, events: Sequence[Event], i: int, me: int) -> bool:
    """Whether seat ``me`` does not see the tile of ``events[i]``: another player's draw taken at once
    (his own 提/偎, stage ``first``), or the 偎 he laid face down."""
    e = events[i]
    if seat_of(e) in (None, me):
        return False
    if isinstance(e, DrawEvent):
        if i + 1 < len(events):
            nxt = events[i + 1]
            return isinstance(nxt, MoveEvent) and nxt.stage == "first" and nxt.seat == e.seat
        ask = game.ask()
        return ask is not None and ask.stage == "first" and ask.seat == e.seat
    if isinstance(e, TakeEvent) and e.kind == "wei":
        view = view_of(game, me)
        return any(k == "wei" and t is None for k, t in view.melds[e.seat])
    return False
