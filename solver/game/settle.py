"""Settlement of a hand (RULES.md 10): the win paid by the other players, and penalties.

>>> from solver.model.rules import get_ruleset
>>> from solver.model.results import Win
>>> win = Win(21, 3, 2, ("红胡",), 6, "跑胡", ())
>>> settle(3, 0, win, "other", None, get_ruleset("hunan"))
(12, -6, -6)
>>> pay_penalties([0, 0, 0], [(1, "烧比", 6)], get_ruleset("hunan"))
[2, -4, 2]
"""
from __future__ import annotations

from ..model.results import Win
from ..model.rules import Ruleset

__all__ = ["pay_penalties", "settle"]


def settle(n: int, winner: int | None, win: Win | None, source: str | None, discarder: int | None,
           rules: Ruleset) -> tuple[int, ...]:
    """Net score per seat: each other player pays the winner the win's score (RULES.md 10;
    ``pay = discarder``: a discard win is paid by the discarder alone, for both); a drawn hand pays nothing."""
    net = [0] * n
    if winner is None or win is None:
        return tuple(net)
    if source == "discard" and rules.game.pay == "discarder" and discarder is not None:
        net[discarder] -= win.score * (n - 1)
    else:
        for p in range(n):
            if p != winner:
                net[p] -= win.score
    net[winner] += win.score * (n - 1)
    return tuple(net)


def pay_penalties(net: list[int], penalties, rules: Ruleset) -> list[int]:
    """``net`` with each (offender, offence, amount) paid to every other player: a third of the
    amount each (``penalty_paid = third_to_each``, 其余各方计N/3分) or the whole amount each."""
    net = list(net)
    for o, _, amount in penalties:
        each = amount // 3 if rules.game.penalty_paid == "third_to_each" else amount
        for q in range(len(net)):
            if q != o:
                net[q] += each
                net[o] -= each
    return net
