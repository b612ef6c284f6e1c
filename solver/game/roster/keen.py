"""``keen``: the rollout policy made aware of readiness, in the game kernels (``bot_keen``)."""
from __future__ import annotations

ORDER = 40
ABOUT = ("the rollouts' policy: quick, about as strong as basic",
         "模拟对局用的策略：快，水平和 basic 相当")


def make(seed: int, seat: int):
    from ..bot_keen import KeenBot
    return KeenBot(seed, seat)


def whole(rules, seeds, bots):
    from ..whole_hands import keen_outcomes
    return keen_outcomes(rules, seeds, bots)
