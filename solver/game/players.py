"""Players: anything with ``choose(view, ask) -> Move``.  A bot, a person at the terminal and a test
script are interchangeable; ``play_hand`` runs one hand with one player per seat.

>>> from solver.model.rules import get_ruleset
>>> from solver.game.engine import Game
>>> result = play_hand(Game(get_ruleset("hunan"), seed=7), [RandomBot(7, s) for s in range(3)])
>>> sum(result.net)
0
"""
from __future__ import annotations

from typing import Iterable, Protocol, Sequence

from .bot_random import RandomBot
from .engine import Game
from .moves import Ask, Move, parse_move
from .session import bot_rng
from .settle import Result
from .view import SeatView, view_of

__all__ = ["Player", "RandomBot", "Scripted", "bot_rng", "make_bot", "play_hand"]


class Player(Protocol):
    def choose(self, view: SeatView, ask: Ask) -> Move:
        """One of ``ask.options``."""


class Scripted:
    """Moves given in advance as record texts (``solver.game.moves``), in order."""

    def __init__(self, moves: Iterable[str | Move]):
        self.moves = [parse_move(m) if isinstance(m, str) else m for m in moves]

    def choose(self, view: SeatView, ask: Ask) -> Move:
        if not self.moves:
            raise IndexError("the script has no move left")
        return self.moves.pop(0)


def make_bot(name: str, seed: int, seat: int) -> Player:
    """The bot ``name`` (one of ``roster.names()``) for ``seat`` of a game of ``seed``; a ValueError naming
    the bots for a name that is none of them."""
    from . import roster  # light: each registration loads its bot when asked for one
    bot: Player = roster.get(name).make(seed, seat)
    return bot


def play_hand(game: Game, players: Sequence[Player]) -> Result:
    """Ask each seat's player until the hand is over; the result."""
    while (ask := game.ask()) is not None:
        game.play(players[ask.seat].choose(view_of(game, ask.seat), ask))
    result = game.result
    assert result is not None  # no one is asked: the hand is over
    return result
