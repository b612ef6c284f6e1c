"""How a hand ended (``Result``), and its settlement (RULES.md 10): the win paid by the other players,
and penalties.

>>> from solver.model.rules import get_ruleset
>>> pay_penalties([0, 0, 0], [(1, "烧比", 6)], get_ruleset("hunan"))
[2, -4, 2]
"""
from __future__ import annotations

from dataclasses import dataclass

from ..model.results import Win
from ..model.rules import Ruleset

__all__ = ["Result", "pay_penalties"]


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
