"""The ``keen`` bot: the rollout policy made aware of readiness, in the game kernels
(``solver.engine._game_keen``, whose docstring gives its rules).

It takes every win; discards the tile that leaves its hand ready on the most live outs, else one
intake from ready on the most live improving tiles, else the least useful tile (the rollout policy's
measure); at a revealed tile it makes the move whose best discard leaves it nearer by that measure
than passing.  It reads only its own hand and what its seat has seen (``SeatView``), and it is fast:
a decision is one kernel call, and ``keen_steps.play_keen`` plays whole hands of it inside the kernels
(the same choices: ``tests/test_keen.py``).  Its ties are broken by its own randomness, drawn from the
game's seed as every bot's is (``session.bot_seed``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .moves import Ask, Move
from .rng_keys import str_key
from .session import bot_seed
from .view import SeatView

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = ["KeenBot"]


class KeenBot:
    """The bot ``keen`` (module docstring)."""
    name = "keen"

    def __init__(self, seed: int = 0, seat: int = 0):
        self.key = str_key(bot_seed(seed, seat, self.name))
        self.rng: NDArray[np.int64] | None = None  # the kernels' Mersenne Twister state, made at the first choice

    def choose(self, view: SeatView, ask: Ask) -> Move:
        options = ask.options
        if len(options) == 1:
            return options[0]
        from ..engine import keen_steps
        if self.rng is None:
            self.rng = keen_steps.new_rng(self.key)
        hand = view.hand
        melds = [(m.kind, m.tiles) for m in hand.melds]
        tile = None if ask.stage == "discard" else ask.tile
        k = keen_steps.keen_of(view.rules).pick(hand.concealed, melds, view.unseen(), ask.stage, tile, options,
                                                self.rng, view.rules.bots.keen_level)
        return options[k]
