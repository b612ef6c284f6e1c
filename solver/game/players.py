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

from .engine import Game, Result
from .moves import Ask, Move, parse_move
from .session import bot_rng
from .view import SeatView, view_of

__all__ = ["BOTS", "Player", "RandomBot", "Scripted", "bot_rng", "make_bot", "play_hand"]

#: the bots, weakest first
BOTS = ("random", "basic", "strong", "race", "keen", "judge")


class Player(Protocol):
    def choose(self, view: SeatView, ask: Ask) -> Move:
        """One of ``ask.options``."""


class RandomBot:
    """A uniformly random legal option."""
    name = "random"

    def __init__(self, seed: int = 0, seat: int = 0):
        self.rng = bot_rng(seed, seat, self.name)

    def choose(self, view: SeatView, ask: Ask) -> Move:
        return ask.options[self.rng.randrange(len(ask.options))] if len(ask.options) > 1 else ask.options[0]


class Scripted:
    """Moves given in advance as record texts (``solver.game.moves``), in order."""

    def __init__(self, moves: Iterable[str | Move]):
        self.moves = [parse_move(m) if isinstance(m, str) else m for m in moves]

    def choose(self, view: SeatView, ask: Ask) -> Move:
        if not self.moves:
            raise IndexError("the script has no move left")
        return self.moves.pop(0)


def make_bot(name: str, seed: int, seat: int) -> Player:
    """The bot ``name`` (one of BOTS) for ``seat`` of a game of ``seed``."""
    if name == "random":
        return RandomBot(seed, seat)
    if name not in BOTS:
        raise ValueError(f"no bot {name!r}: choose one of {', '.join(BOTS)}")
    from . import bots
    return bots.BOT_TYPES[name](seed, seat)


def play_hand(game: Game, players: Sequence[Player]) -> Result:
    """Ask each seat's player until the hand is over; the result."""
    while (ask := game.ask()) is not None:
        game.play(players[ask.seat].choose(view_of(game, ask.seat), ask))
    return game.result
