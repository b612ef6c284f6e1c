"""The ``basic`` bot: every win, the call advice's move in the outs order, the advised discard.

It is "ranking by outs", the baseline of issue 16.  At a revealed tile it
makes the move ``phz act --advise --rank outs`` puts first
(``advice.advise(..., samples=0, rank="outs")``: each way to 吃 with its 比,
碰 or 过 by the hand at rest it leaves after its best follow-up discard —
nearer to ready, then more live improving draws, at distance 0 more live
outs); it discards by the advice of ``phz discard`` (distance to ready,
then live improving draws — at distance 0 live outs — then expected and
best score), with the tiles it has seen counted.  A hand beyond 2 away is
discarded from by the shape measure of ``solver.model.shape``.

Its decisions are made in the game kernels (``solver.engine._game_basic``), one kernel call each, and
``basic_steps.play_basic`` plays whole hands of it inside them; the plain reference on the api
(``tests/basic_reference.py``) makes the same moves, its ties broken alike (``tests/test_basic.py``).
Its ties are broken by its own randomness, drawn from the game's seed as every bot's is
(``session.bot_rng``: random.Random, which the kernels emulate).
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

__all__ = ["BasicBot"]


class BasicBot:
    """The bot ``basic`` (module docstring)."""
    name = "basic"

    def __init__(self, seed: int = 0, seat: int = 0):
        self.key = str_key(bot_seed(seed, seat, self.name))
        self.rng: NDArray[np.int64] | None = None  # the kernels' Mersenne Twister state, made at the first choice

    def choose(self, view: SeatView, ask: Ask) -> Move:
        options = ask.options
        if len(options) == 1:
            return options[0]
        from ..engine import basic_steps
        if self.rng is None:
            self.rng = basic_steps.new_rng(self.key)
        hand = view.hand
        melds = [(m.kind, m.tiles) for m in hand.melds]
        tile = None if ask.stage == "discard" else ask.tile
        k = basic_steps.basic_of(view.rules).pick(hand.concealed, melds, view.unseen(), ask.stage, tile, options,
                                                  self.rng)
        return options[k]
