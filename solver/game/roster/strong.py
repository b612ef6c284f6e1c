"""``strong``: the same answers as ``basic``, weighed by what they are worth (``bot_strong``)."""
from __future__ import annotations

ORDER = 20
ABOUT = ("basic's answers weighed by score, danger and the stock left",
         "和 basic 看同样的答案，再按得分、风险和剩下的墩权衡")


def make(seed: int, seat: int):
    from ..bot_strong import StrongBot
    return StrongBot(seed, seat)
