"""The rollout policy of the win-chance estimate (``solver.game.winrate``): quick and reasonable.

Every win; the compulsory moves; a 碰 or 吃 when, after its discard, the
hand misses fewer tiles by the shape measure (``bot_shape``) than if it
passed; and the discard of the least useful tile: a tile is worth 3 in a
pair, and for each group shape (句, 二七十, 绞) it belongs to, one per other
tile of the shape held; ties are broken by the policy's own randomness.
The shape measure is far better but costs a search per tile, and a
rollout makes some 30 discards.  It reads only the
hand of the seat it plays (``choose(seat, ask)`` takes the engine's
``Seat``), so a rollout costs no seat views.  ``FastBot`` wraps it as a
player of ``phz sim`` (bot ``fast``) for tests and calibration games.
"""
from __future__ import annotations

import random

from ..model.groups import SHAPES
from ..model.hand import Hand
from ..model.rules import Ruleset
from ..model.tiles import N_KINDS
from .bot_eval import after_take
from .bot_shape import Shape
from .moves import Ask, Move
from .session import bot_rng
from .view import SeatView

__all__ = ["FastBot", "Policy"]

HU, PASS = Move("hu"), Move("pass")
_SHAPES: dict[str, Shape] = {}
#: per tile, the other tiles of each group shape it belongs to
PARTNERS = tuple(tuple(tuple(o for j, o in enumerate(sh) if j != sh.index(t)) for sh in SHAPES if t in sh)
                 for t in range(N_KINDS))


def shape_of(rules: Ruleset) -> Shape:
    """One shape measure (and memo) per ruleset, shared by every rollout."""
    s = _SHAPES.get(rules.digest)
    if s is None:
        s = _SHAPES[rules.digest] = Shape(rules)
    return s


class Policy:
    """The rollout policy (module docstring) for one ruleset; ``rng`` breaks ties (None: the first
    of the tied options, so that a rollout is a function of the deal alone)."""

    def __init__(self, rules: Ruleset, rng: random.Random | None):
        self.shape = shape_of(rules)
        self.rng = rng

    def choose(self, hand: Hand, ask: Ask) -> Move:
        options = ask.options
        if len(options) == 1:
            return options[0]
        if HU in options:
            return HU
        if ask.stage == "discard":
            return self._least([(use(hand.concealed, m.tile), m) for m in options])
        takes = [m for m in options if m.kind != "pass"]
        scored = [(self._after(after_take(hand, m, ask.tile)), m) for m in takes]
        if PASS in options:
            here = self._rest(hand)
            if min(k for k, _ in scored)[0] >= here[0]:
                return PASS
        return self._least(scored)

    def _rest(self, hand: Hand) -> tuple[int, int]:
        missing, huxi = self.shape.missing(hand)
        return missing, -huxi

    def _after(self, hand: Hand) -> tuple[int, int]:
        """The shape after the best discard, if one follows (a hand of more tiles than at rest)."""
        c = hand.concealed
        loose = [t for t in range(N_KINDS) if c[t] in (1, 2)]
        if hand.n_concealed <= hand.rest_count() or not loose:
            return self._rest(hand)
        return self._rest(hand.without(min(loose, key=lambda t: use(c, t))))

    def _least(self, scored: list[tuple[tuple[int, int], Move]]) -> Move:
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
