"""The deal of a hand: the 80 tiles shuffled by a seed and dealt, and what a freshly dealt hand
may do before play (天胡; the dealer's hand before his 亮张)."""
from __future__ import annotations

import random

from ..engine import dealt
from ..model.hand import Hand
from ..model.results import Win
from ..model.rules import Ruleset
from ..model.tiles import COPIES, N_KINDS
from .table import Seat

__all__ = ["deal_tiles", "tianhu_win", "without_liang"]


def deal_tiles(seed: int, rules: Ruleset) -> tuple[list[list[int]], list[int], int]:
    """(hands in deal order from the dealer, the stock top first, the dealer) of ``seed``:
    the 80 tiles shuffled, the dealer drawn, the hands dealt as ``rules.game.deal`` says."""
    rng = random.Random(seed)
    tiles = [t for t in range(N_KINDS) for _ in range(COPIES)]
    rng.shuffle(tiles)
    players = rules.game.players
    dealer = rng.randrange(players)
    hands, at = [], 0
    for n in rules.game.deal:
        hands.append(tiles[at:at + n])
        at += n
    return hands, tiles[at:], dealer


def without_liang(s: Seat, x: int) -> Hand:
    """The dealer's hand before his 亮张: a dealt four holding it is a 坎 again."""
    counts = list(s.concealed)
    melds = list(s.melds)
    if counts[x]:
        counts[x] -= 1
    else:
        melds = [m for m in melds if m.tiles != (x,) * COPIES]
        counts[x] = COPIES - 1
    return Hand(tuple(counts), tuple(melds))


def tianhu_win(s: Seat, rules: Ruleset) -> Win | None:
    """天胡 of a freshly dealt seat, by the ruleset's 天胡 rule (``solver.engine.dealt``)."""
    return dealt.tianhu(s.hand(), rules)


