"""The ``basic`` bot (issue 15): every win, a claim that brings the hand nearer to ready, the advised discard.

At a revealed tile it takes the move (碰, a way to 吃) whose best discard
after it leaves the hand nearer to ready than passing, or ready with more
live outs; it discards by the advice of ``phz discard`` (distance to ready,
then live improving draws — at distance 0 live outs — then expected and
best score), with the tiles it has seen counted.  A hand beyond 2 away is
judged by the shape measure of ``bot_shape``.
"""
from __future__ import annotations

from typing import Sequence

from .bot_eval import Spot, advisor, after_take, owes_discard, seen_without
from .moves import Ask, Move
from .session import bot_rng
from .view import SeatView

__all__ = ["BasicBot"]

HU = Move("hu")
PASS = Move("pass")


#: a distance no estimate reaches (a hand that can never be ready)
NEVER = 99


class BasicBot:
    """Every win; a claim when it brings the hand nearer to ready; the advised discard (module docstring)."""
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
            return self.discard(view, options)
        return self.claim(view, ask)

    # ---------------------------------------------------------------- choosing

    def pick(self, scored: Sequence[tuple[tuple, Move]]) -> Move:
        """The move of the least key, a tie broken by the bot's randomness."""
        best = min(k for k, _ in scored)
        tied = [m for k, m in scored if k == best]
        return tied[0] if len(tied) == 1 else tied[self.rng.randrange(len(tied))]

    def discard(self, view: SeatView, options: Sequence[Move]) -> Move:
        adv = advisor(view.rules)
        seen = view.seen_counts()
        spots = adv.ready(view.hand, seen)
        if not spots or not spots[0].outs:  # no discard leaves live outs: the distances decide
            spots = adv.discards(view.hand, seen)
        allowed = {m.tile: m for m in options}
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
        """Pass, unless a move leaves the hand (after its best discard) nearer to ready, or ready
        with more live outs; among such moves the nearest (then most live improving draws)."""
        x = ask.tile
        seen = view.seen_counts()
        takes = [m for m in ask.options if m.kind != "pass"]
        hands = [after_take(view.hand, m, x) for m in takes]
        adv = advisor(view.rules)
        after = seen_without(seen, x)
        can_pass = len(takes) < len(ask.options)
        here = adv.rest(view.hand, seen) if can_pass else None
        near = here is not None and here.distance is not None and here.distance <= 1
        adv.waits_after(hands)  # first the waits alone: a move that leaves the hand ready is nearest
        scored = []
        for m, h in zip(takes, hands):
            ready = adv.ready(h, after)
            if ready and ready[0].outs:
                scored.append((self.progress(ready[0], ready[0].hand, view), m))
        if not scored and not near:  # no move leaves it ready: the distances decide
            adv.prefetch([h for h in hands if not owes_discard(h)], [h for h in hands if owes_discard(h)])
            scored = [(self.best_after(h, after, view), m) for m, h in zip(takes, hands)]
        if can_pass and (not scored or min(k for k, _ in scored)[:2] >= self.progress(here, view.hand, view)[:2]):
            return PASS
        return self.pick(scored)

    def best_after(self, hand, seen: Sequence[int], view: SeatView) -> tuple:
        """``progress`` of a hand just after an intake: after its best discard, if one follows."""
        adv = advisor(view.rules)
        if not owes_discard(hand):
            return self.progress(adv.rest(hand, seen), hand, view)
        spots = adv.discards(hand, seen)
        if spots is None:
            return min(self.progress(None, hand.without(t), view) for t in range(20) if hand.concealed[t] in (1, 2))
        if spots[0].distance is not None:  # the advice's best is the nearest (no shape measure needed)
            return self.progress(spots[0], spots[0].hand, view)
        return min(self.progress(s, s.hand, view) for s in spots)

    def progress(self, spot: Spot | None, hand, view: SeatView) -> tuple:
        """(distance — beyond 2 the shape measure's estimate —, −live outs when ready) and, to order
        the moves that are as near, −live improving draws and −expected score."""
        if spot is None or spot.limit:
            missing, huxi = advisor(view.rules).missing(hand)
            return (max(3, missing - 1), 0, -huxi, 0)
        if spot.distance is None:
            return (NEVER, 0, 0, 0)
        if spot.distance == 0:  # ready, but on no live out: as near as one intake away
            return (0, -spot.outs, -spot.expected_score, 0) if spot.outs else (1, 0, 0, 0)
        return (spot.distance, 0, -spot.improving_live, -spot.expected_score)
