"""The deal of a hand: the 80 tiles shuffled by a seed and dealt, and what a freshly dealt hand
may do before play (天胡; the dealer's hand before his 亮张)."""
from __future__ import annotations

import random

from ..engine import dealt
from ..model.hand import Hand
from ..model.results import Win
from ..model.rules import Ruleset
from ..model.tiles import COPIES, N_KINDS, glyph, glyphs
from .events import DealEvent
from .table import Seat

__all__ = ["deal_event", "deal_tiles", "red_up", "set_aside", "tianhu_win", "unplayable", "without_liang"]


def deal_tiles(seed: int, rules: Ruleset) -> tuple[list[list[int]], list[int], int]:
    """(hands in deal order from the dealer, the stock top first, the dealer) of ``seed``:
    the 80 tiles shuffled, the dealer drawn among the seats, the hands dealt as ``rules.game.deal``
    says, then the tiles set aside (two players), the rest the stock (its red last tile moved up
    where the last tile is shown: ``red_up``)."""
    rng = random.Random(seed)
    tiles = [t for t in range(N_KINDS) for _ in range(COPIES)]
    rng.shuffle(tiles)
    g = rules.game
    dealer = rng.randrange(g.players)
    hands, at = [], 0
    for n in g.deal:
        hands.append(tiles[at:at + n])
        at += n
    stock = tiles[at + g.set_aside:]  # two players: 埋牌 set aside unseen
    return hands, red_up(stock, rules) if g.shows_last and g.red_last_up else stock, dealer


def red_up(stock: list[int], rules: Ruleset) -> list[int]:
    """The stock with its shown last tile moved to the top while it is red, each tile at most once
    (RULES.md 10b): the new last tile is shown in its place."""
    stock = list(stock)
    for _ in range(len(stock)):  # (a stock all red goes round once and keeps its last)
        if stock[-1] not in rules.red_tiles:
            break
        stock.insert(0, stock.pop())
    return stock


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


def set_aside(hands: list[list[int]], stock: list[int]) -> list[int]:
    """The tiles a deal of two players set aside unseen (埋牌): all 80 but the hands and the stock."""
    left = [COPIES] * N_KINDS
    for t in [t for h in hands for t in h] + list(stock):
        left[t] -= 1
    return [t for t in range(N_KINDS) for _ in range(left[t])]


def deal_event(rules: Ruleset, dealer: int, hands: list[list[int]], stock: list[int],
               buried: list[int] | None = None) -> DealEvent:
    """The hand's ``deal`` event: the dealer, the hands dealt from him on, the stock top first, the 亮张;
    at a table of four the seat sitting out (``out``) and the shown last tile (``last``); of two
    players the tiles set aside (``buried``; ``set_aside`` when not given)."""
    g = rules.game
    if buried is None:
        buried = set_aside(hands, stock) if g.set_aside else []
    return DealEvent(dealer=dealer, hands=tuple(glyphs(h) for h in hands), stock="".join(glyph(t) for t in stock),
                     liang=glyph(hands[0][-1]) if g.liang else None, out=g.sits_out(dealer),
                     last=glyph(stock[-1]) if g.shows_last and stock else None,
                     buried=glyphs(buried) if buried else None)


def unplayable(rules: Ruleset) -> str | None:
    """Why the engine cannot play hands of ``rules`` (a table it does not seat yet), or None."""
    g = rules.game
    if len(g.deal) != g.playing or sum(g.deal) + g.set_aside >= N_KINDS * COPIES:
        return (f"the {rules.name} rules deal {g.playing} players {list(g.deal)}: the game engine deals one "
                "count a player who plays, and leaves a stock")
    return None
