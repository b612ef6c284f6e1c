"""``basic``: every win taken, moves and discards by distance to ready and live outs (``bot_basic``), in the
game kernels (whole hands too: ``whole_hands.basic_outcomes``)."""
from __future__ import annotations

ORDER = 10
ABOUT = ("takes every win; plays by distance to ready and live outs",
         "能胡就胡；按差几步听牌和活的进张出牌")


def make(seed: int, seat: int):
    from ..bot_basic import BasicBot
    return BasicBot(seed, seat)


def whole(rules, seeds, bots):
    from ..whole_hands import basic_outcomes
    return basic_outcomes(rules, seeds, bots)
