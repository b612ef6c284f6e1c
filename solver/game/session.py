"""A session of hands at one table: seeds per hand, running scores and dealer rotation (RULES.md 10).

The first dealer is drawn from the session's seed; afterwards the winner
deals; after a drawn hand (荒庄) the dealer deals again, and after three
drawn hands in a row the deal passes to his lower player.

>>> from solver.model.rules import get_ruleset
>>> s = Session(get_ruleset("hunan"), seed=1)
>>> g = s.game()
>>> g.dealer == s.dealer, hand_seed(1, 0) == hand_seed(1, 0) != hand_seed(1, 1)
(True, True)
"""
from __future__ import annotations

import hashlib
import random

from ..model.rules import Ruleset
from .engine import Game
from .settle import Result
from .table import lower

__all__ = ["Session", "bot_rng", "bot_seed", "hand_seed"]


def hand_seed(seed: int, index: int) -> int:
    """The seed of hand ``index`` of a session or simulation of ``seed`` (the same for any --jobs)."""
    return int.from_bytes(hashlib.sha256(f"phz:{seed}:{index}".encode()).digest()[:6], "big")


def bot_rng(seed: int, seat: int, name: str) -> random.Random:
    """A bot's own randomness, drawn from the game's seed (a string seed: stable across runs)."""
    return random.Random(bot_seed(seed, seat, name))


def bot_seed(seed: int, seat: int, name: str) -> str:
    """The string ``bot_rng`` seeds a bot's randomness with (the game kernels seed theirs from it too):
    ``bot_prefix(name)``, the seed, ":" and the seat (the random bots' kernel writes it so).

    >>> bot_seed(12, 2, "random")
    'phz:random:12:2'
    """
    return f"{bot_prefix(name)}{seed}:{seat}"


def bot_prefix(name: str) -> str:
    """Where every ``bot_seed`` of the bot ``name`` starts."""
    return f"phz:{name}:"


class Session:
    def __init__(self, rules: Ruleset, *, seed: int = 0, dealer: int | None = None):
        self.rules = rules
        self.seed = seed
        self.n = rules.game.players
        self.dealer = random.Random(f"phz:dealer:{seed}").randrange(self.n) if dealer is None else dealer
        self.scores = [0] * self.n
        self.index = 0  # hands played
        self.drawn_in_row = 0
        self.results: list[Result] = []

    def game(self) -> Game:
        """The next hand, dealt by the current dealer (its questions explained: a learner plays it)."""
        return Game(self.rules, seed=hand_seed(self.seed, self.index), dealer=self.dealer, explain=True)

    def record(self, result: Result) -> None:
        """Count a finished hand: scores, then who deals next."""
        self.results.append(result)
        self.index += 1
        for p, v in enumerate(result.net):
            self.scores[p] += v
        if result.winner is not None:
            self.dealer, self.drawn_in_row = result.winner, 0
        else:
            self.drawn_in_row += 1
            if self.drawn_in_row == 3:
                self.dealer, self.drawn_in_row = lower(self.dealer, self.n), 0
