"""``race``: ``strong`` as it was when the game moved into the kernels, a fixed baseline (``bot_strong.RaceBot``)."""
from __future__ import annotations

ORDER = 30
ABOUT = ("strong frozen when the game moved into the kernels: a baseline",
         "游戏移进内核时的 strong，固定不变，作为基准")


def make(seed: int, seat: int):
    from ..bot_strong import RaceBot
    return RaceBot(seed, seat)
