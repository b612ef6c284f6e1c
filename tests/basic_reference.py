"""The ``basic`` bot written plainly on the api (the slow, readable reference the kernels are held to:
``solver.engine._game_basic``; it was the bot ``solver.game.bot_basic`` until the kernels took its
decisions): every win, the call advice's move in the outs order, the advised discard.

It is "ranking by outs", the baseline of issue 16.  At a revealed tile it
makes the move ``phz act --advise --rank outs`` puts first
(``advice.advise(..., samples=0, rank="outs")``: each way to 吃 with its 比,
碰 or 过 by the hand at rest it leaves after its best follow-up discard —
nearer to ready, then more live improving draws, at distance 0 more live
outs); it discards by the advice of ``phz discard`` (distance to ready,
then live improving draws — at distance 0 live outs — then expected and
best score), with the tiles it has seen counted.  A hand beyond 2 away is
discarded from by the shape measure of ``solver.model.shape``.
"""
from __future__ import annotations

from typing import Sequence

from solver.game.advice import advise
from solver.game.bot_advice import position_from_view
from solver.game.bot_eval import Spot, advisor
from solver.game.moves import Ask, Move
from solver.game.session import bot_rng
from solver.game.view import SeatView

__all__ = ["BasicReference"]

HU = Move("hu")
PASS = Move("pass")


class BasicReference:
    """Every win; the call advice's move in the outs order; the advised discard (module docstring)."""
    name = "basic"

    def __init__(self, seed: int = 0, seat: int = 0):
        self.rng = bot_rng(seed, seat, self.name)

    def choose(self, view: SeatView, ask: Ask) -> Move:
        options = ask.options
        if len(options) == 1:
            return options[0]
        if HU in options:
            return HU
        if ask.stage == "discard":
            return self.discard(view, ask)
        return self.claim(view, ask)

    # ---------------------------------------------------------------- choosing

    def pick(self, scored: Sequence[tuple[tuple, Move]]) -> Move:
        """The move of the least key, a tie broken by the bot's randomness."""
        best = min(k for k, _ in scored)
        tied = [m for k, m in scored if k == best]
        return tied[0] if len(tied) == 1 else tied[self.rng.randrange(len(tied))]

    def discard(self, view: SeatView, ask: Ask) -> Move:
        adv = advisor(view.rules)
        options = ask.options
        seen = view.seen_counts()
        spots = adv.ready(view.hand, seen)
        if not spots or not spots[0].outs:  # no discard leaves live outs: the distances decide
            spots = adv.discards(view.hand, seen)
        allowed = {m.tile: m for m in options if m.tile is not None}  # (every discard names its tile)
        if spots is None:  # not a hand the api answers: the shape measure alone
            return self.pick([(adv.missing(view.hand.without(t)), m) for t, m in allowed.items()])
        spots = [s for s in spots if s.tile in allowed]
        return self.pick([(self.discard_key(s, view), allowed[s.tile]) for s in spots])

    def discard_key(self, spot: Spot, view: SeatView) -> tuple:
        """The advice's order (``scoring.advice_key``), a hand beyond 2 away by its shape."""
        if spot.distance is None:
            far = (1, *advisor(view.rules).missing(spot.hand)) if spot.limit else (2, 0, 0)
            return far + (-spot.improving_live,)
        return (0, spot.distance, 0, -spot.improving_live, -spot.outs, -spot.expected_score, -spot.best_score)

    def claim(self, view: SeatView, ask: Ask) -> Move:
        """The call advice's best option in its outs order (``advice.advise(..., samples=0,
        rank="outs")``, what ``phz act --advise --rank outs`` puts first)."""
        return advise(position_from_view(view, ask), samples=0, rank="outs").best.move
