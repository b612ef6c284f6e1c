"""The ``random`` bot: a uniformly random legal option, drawn from the game's seed (``session.bot_rng``)."""
from __future__ import annotations

from .moves import Ask, Move
from .session import bot_rng
from .view import SeatView

__all__ = ["RandomBot"]


class RandomBot:
    """A uniformly random legal option."""
    name = "random"

    def __init__(self, seed: int = 0, seat: int = 0):
        self.rng = bot_rng(seed, seat, self.name)

    def choose(self, view: SeatView, ask: Ask) -> Move:
        return ask.options[self.rng.randrange(len(ask.options))] if len(ask.options) > 1 else ask.options[0]
