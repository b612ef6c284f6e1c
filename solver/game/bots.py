"""The bots ``basic`` and ``strong`` (``random`` is ``players.RandomBot``): players that choose among the
options the engine offers by the solver's advice (``solver.api``), never by rules of their own.

* ``basic`` (``bot_basic``): takes every win; at a revealed tile takes the
  move whose best discard after it leaves the hand nearer to ready than
  passing, or ready with more live outs; discards by the advice of ``phz
  discard`` with the tiles it has seen counted; a hand beyond 2 away is
  judged by a shape measure (``solver.model.shape``).
* ``strong`` (``bot_strong``): weighs the same answers by what they are
  worth (module docstring there).
* ``race`` (``bot_strong.RaceBot``): ``strong`` as it was at issue 26, kept
  unchanged as the baseline later bots are measured against.
* ``keen`` (``bot_keen``): the rollout policy made aware of readiness, in the kernels.
* ``judge`` (``bot_judge``): the one judge's best move at every decision (``advice.advise``).

What they know of a position comes from ``bot_eval``.  Ties are broken by
each bot's own randomness, drawn from the game's seed (``session.bot_rng``),
so the same seed gives the same game.

>>> from solver.model.rules import get_ruleset
>>> from solver.game.engine import Game
>>> from solver.game.players import play_hand
>>> game = Game(get_ruleset("hunan"), seed=3)
>>> sum(play_hand(game, [BOT_TYPES["basic"](3, 0), BOT_TYPES["strong"](3, 1), BOT_TYPES["basic"](3, 2)]).net)
0
"""
from __future__ import annotations

from .bot_basic import BasicBot
from .bot_judge import JudgeBot
from .bot_keen import KeenBot
from .bot_strong import RaceBot, StrongBot

__all__ = ["BOT_TYPES", "BasicBot", "JudgeBot", "KeenBot", "RaceBot", "StrongBot"]

#: the bots of ``players.make_bot`` besides ``random``, by name
BOT_TYPES = {"basic": BasicBot, "strong": StrongBot, "race": RaceBot, "keen": KeenBot, "judge": JudgeBot}
