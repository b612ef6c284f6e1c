"""``random``: a uniformly random legal option (``bot_random``)."""
from __future__ import annotations

ORDER = 0
ABOUT = ("a uniformly random legal move", "在合法的走法里随机选一个")


def make(seed: int, seat: int):
    from ..bot_random import RandomBot
    return RandomBot(seed, seat)


def whole(rules, seeds, bots):
    from ..whole_hands import random_outcomes
    return random_outcomes(rules, seeds, bots)
