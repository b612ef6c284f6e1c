"""The rollout policy of the win-chance estimate (``solver.game.winrate``): quick and reasonable.

Every win; the compulsory moves; every 碰 (but a hand known to be ready —
the advice knows which hands a candidate leaves ready — keeps its wait); a 吃 whose other tiles break
no pair (a 吃 with a pair's tile gives up a 碰 or 偎 to come); and the
discard of the least useful tile: a tile is worth 3 in a pair, and for
each group shape (句, 二七十, 绞) it belongs to, one per other tile of the
shape held; ties are broken by the policy's own randomness.  The shape
measure of ``solver.model.shape`` would choose better, but it costs a search per
hand weighed, and speed is what the rollouts need most: a rollout makes
some 30 decisions.  ``Policy.choose`` reads only the hand of the seat it
plays (``choose(hand, ask)``), so a rollout costs no seat views.  ``FastBot``
wraps it as a player (bot ``fast``) for tests and calibration games.
"""
from __future__ import annotations

import random

from ..model.groups import SHAPES
from ..model.hand import Hand
from ..model.rules import Ruleset
from ..model.tiles import N_KINDS
from .moves import Ask, Move
from .session import bot_rng
from .view import SeatView

__all__ = ["FastBot", "Policy"]

HU, PASS = Move("hu"), Move("pass")
#: per tile, the other tiles of each group shape it belongs to
PARTNERS = tuple(tuple(tuple(o for j, o in enumerate(sh) if j != sh.index(t)) for sh in SHAPES if t in sh)
                 for t in range(N_KINDS))


class Policy:
    """The rollout policy (module docstring) for one ruleset; ``rng`` breaks ties (None: the first
    of the tied options, so that a rollout is a function of the deal alone)."""

    def __init__(self, rules: Ruleset, rng: random.Random | None, keep: frozenset = frozenset()):
        self.rng = rng
        self.keep = keep  # hands known to be ready: no optional claim breaks them

    def choose(self, hand: Hand, ask: Ask) -> Move:
        options = ask.options
        if len(options) == 1:
            return options[0]
        if HU in options:
            return HU
        if ask.stage == "discard":
            return self._least([(use(hand.concealed, m.tile), m) for m in options if m.tile is not None])
        if PASS in options and hand in self.keep:
            return PASS
        if ask.stage == "peng" or PASS not in options:
            return next((m for m in options if m.kind != "pass"), options[0])
        c = hand.concealed
        assert ask.tile is not None  # not a discard: a claim on the tile on the table
        for m in options:  # a way to 吃 that breaks no pair
            if m.kind == "chi" and m.chi is not None:  # (a 吃 names its group)
                used = [t for g in (m.chi, *m.bi) for t in g]
                used.remove(ask.tile)
                if all(c[t] == used.count(t) for t in used):
                    return m
        return PASS

    def _least(self, scored: list[tuple[int, Move]]) -> Move:
        best = min(k for k, _ in scored)
        tied = [m for k, m in scored if k == best]
        return tied[0] if len(tied) == 1 or self.rng is None else tied[self.rng.randrange(len(tied))]


def use(counts, t: int) -> int:
    """How useful tile t is in a hand of ``counts`` (module docstring); lower is discarded first."""
    have = counts[t]
    n = 3 if have >= 2 else 0
    for others in PARTNERS[t]:
        for o in others:
            if counts[o] > (o == t):
                n += 1
    return n


class FastBot:
    """The rollout policy as a player (``choose(view, ask)``)."""
    name = "fast"

    def __init__(self, seed: int = 0, seat: int = 0):
        self.rng = bot_rng(seed, seat, self.name)
        self.policy: Policy | None = None

    def choose(self, view: SeatView, ask: Ask) -> Move:
        if self.policy is None:
            self.policy = Policy(view.rules, self.rng)
        return self.policy.choose(view.hand, ask)
