"""How a hand ended (``Result``), and its settlement (RULES.md 10): the win paid by the other players,
and penalties.

>>> from solver.model.rules import get_ruleset
>>> from solver.model.results import Win
>>> win = Win(21, 3, 2, ("红胡",), 6, "跑胡", ())
>>> settle(3, 0, win, "other", None, get_ruleset("hunan"))
(12, -6, -6)
>>> pay_penalties([0, 0, 0], [(1, "烧比", 6)], get_ruleset("hunan"))
[2, -4, 2]
"""
from __future__ import annotations

from dataclasses import dataclass

from ..model.results import Win
from ..model.rules import Ruleset

__all__ = ["Result", "pay_penalties", "settle"]


@dataclass(frozen=True)
class Result:
    """How a hand ended: a win (seat, tile, source, the Win, game conditions) or 荒庄; net score per seat."""
    winner: int | None
    win: Win | None
    tile: int | None
    source: str | None
    conditions: tuple[str, ...]
    net: tuple[int, ...]
    penalties: tuple[tuple[int, str, int], ...] = ()  # (seat, offence, amount)

    @property
    def drawn(self) -> bool:
        return self.winner is None


def settle(n: int, winner: int | None, win: Win | None, source: str | None, discarder: int | None,
           rules: Ruleset, out: int | None = None) -> tuple[int, ...]:
    """Net score per seat of ``n``: each other player pays the winner the win's score (RULES.md 10;
    ``pay = discarder``: a discard win is paid by the discarder alone, for all); a drawn hand pays
    nothing; the seat sitting out (``out``, 坐底) neither pays nor is paid (RULES.md 10b)."""
    net = [0] * n
    if winner is None or win is None:
        return tuple(net)
    payers = [p for p in range(n) if p not in (winner, out)]
    if source == "discard" and rules.game.pay == "discarder" and discarder is not None:
        net[discarder] -= win.score * len(payers)
    else:
        for p in payers:
            net[p] -= win.score
    net[winner] += win.score * len(payers)
    return tuple(net)


def pay_penalties(net: list[int], penalties, rules: Ruleset, out: int | None = None) -> list[int]:
    """``net`` with each (offender, offence, amount) paid to every other player who plays: a third of
    the amount each (``penalty_paid = third_to_each``, 其余各方计N/3分) or the whole amount each; of
    two players, the other receives the whole amount (RULES.md 10b)."""
    net = list(net)
    others = len(net) - 1 - (out is not None)
    for o, _, amount in penalties:
        each = amount // 3 if rules.game.penalty_paid == "third_to_each" and others > 1 else amount
        for q in range(len(net)):
            if q not in (o, out):
                net[q] += each
                net[o] -= each
    return net
