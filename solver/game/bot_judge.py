"""The ``judge`` bot: at every decision with a choice, the move the one judge ranks best
(``solver.game.advice.advise`` of the position its seat sees, the samples and seed that the coach,
the ``?`` hint, ``phz review``, ``phz act --advise`` and ``phz discard --win-rate`` use).

It reads only what its seat sees (``bot_advice.position_from_view``).  Its choices are a function
of the position: the judge's deals come from ``advice.SEED``, not from the game's seed, so the
bot needs no randomness of its own.  It is slow beside the others (one race of rollouts a
decision, some tens of milliseconds): a hand a second or so, where ``strong`` plays several.
"""
from __future__ import annotations

from .advice import advise
from .bot_advice import position_from_view
from .moves import Ask, Move
from .view import SeatView
from .winrate import DEFAULT_SAMPLES

__all__ = ["JudgeBot"]


class JudgeBot:
    """The bot ``judge`` (module docstring)."""
    name = "judge"

    def __init__(self, seed: int = 0, seat: int = 0, *, samples: int = DEFAULT_SAMPLES, policy: str | None = None):
        self.samples, self.policy = samples, policy  # None: the ruleset's rollout_policy

    def choose(self, view: SeatView, ask: Ask) -> Move:
        if len(ask.options) == 1:
            return ask.options[0]
        return advise(position_from_view(view, ask), samples=self.samples, policy=self.policy).best.move
