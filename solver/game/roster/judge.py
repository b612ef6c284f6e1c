"""``judge``: the one judge's best move at every decision (``bot_judge``), as the coach advises it."""
from __future__ import annotations

ORDER = 50
ABOUT = ("the coach's best move at every decision (about a hand a second)",
         "每一步都走教练认为最好的一步（约每秒一局）")


def make(seed: int, seat: int):
    from ..bot_judge import JudgeBot
    return JudgeBot(seed, seat)
