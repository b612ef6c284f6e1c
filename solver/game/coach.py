"""The coach of ``phz play``: what each legal move leaves a hand, the solver's choice, and what a move makes 臭.

A move's ``Outlook`` is the hand it leaves judged as ``phz discard`` and
``phz ting`` judge one (``solver.api``): after a claim that a discard
follows, the best follow-up discard and the hand it leaves; otherwise the
hand at rest.  Its distance to ready, live improving draws (进张; when
ready, the live outs) and expected score rank the moves as the discard
table ranks discards (``scoring.advice_key``); a 胡 ranks above them all.
Copies this seat has seen (others' shown melds, face-up tiles) are not
live.  The solver's choice is the ``strong`` bot's (``solver.game.bots``);
while no such bot is installed, the best outlook.

>>> from solver.model.rules import get_ruleset
>>> from solver.game.engine import Game
>>> game = Game(get_ruleset("hunan"), seed=7)
>>> ask = game.ask()
>>> ask.stage, ask.seat
('discard', 0)
>>> advice = Coach(game.rules, seed=7, seat=0).advise(game.view(0), ask)
>>> advice.choice in ask.options, len(advice.outlooks) == len(ask.options)
(True, True)
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .. import api
from ..engine.play_moves import hand_after_take, hand_owes_discard
from ..model import scoring
from ..model.hand import Hand
from ..model.rules import Ruleset
from .moves import Ask, Move
from .view import SeatView

__all__ = ["Advice", "Coach", "Outlook", "after", "makes_chou", "outlooks"]


@dataclass(frozen=True)
class Outlook:
    """What ``move`` leaves: ``then`` the best discard that follows (None when none does);
    ``distance`` to ready (0 ready; None beyond the search with ``limit``, or never);
    ``live`` the live improving draws (进张), the live outs when ready; ``score`` a 胡's score."""
    move: Move
    then: int | None = None
    distance: int | None = None
    limit: bool = False
    live: int = 0
    expected: Fraction = Fraction(0)
    score: int | None = None
    known: bool = True  # False: the hand it leaves could not be judged

    def key(self) -> tuple:
        """Smaller is better: a 胡 first (the higher score first), then as ``scoring.advice_key``."""
        if self.score is not None:
            return (-1, -self.score)
        if not self.known:
            return (3, 0)
        far = (0, self.distance) if self.distance is not None else (1, 0) if self.limit else (2, 0)
        return far + (-self.live, -self.expected)


@dataclass(frozen=True)
class Advice:
    """The solver's choice at an ``Ask`` and the outlook of every option (in the options' order)."""
    choice: Move
    outlooks: tuple[Outlook, ...]

    def of(self, move: Move) -> Outlook | None:
        return next((o for o in self.outlooks if o.move == move), None)

    @property
    def best(self) -> Outlook | None:
        return self.of(self.choice)

    def ranked(self) -> list[Outlook]:
        """The outlooks, best first."""
        return sorted(self.outlooks, key=Outlook.key)


def makes_chou(ask: Ask, move: Move, rules: Ruleset) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(tiles made 臭 for 吃, for 碰) by ``move`` at ``ask``, as the engine marks them: declining a legal
    碰 makes the tile 臭 for 碰, a legal 吃 臭 for 吃 (过张只能胡: a passed tile, both); a discard is 臭
    for 吃 under a ruleset where one's own discard is."""
    if move.kind == "discard":
        return ((move.tile,), ()) if rules.own_discard_makes_chou else ((), ())
    if move.kind != "pass" or ask.stage not in ("peng", "chi") or ask.tile is None:
        return (), ()
    both = rules.passed == "hu_only"
    chi = (ask.tile,) if ask.stage == "chi" or both else ()
    peng = (ask.tile,) if ask.stage == "peng" or both else ()
    return chi, peng


def after(hand: Hand, ask: Ask, move: Move) -> Hand:
    """The hand ``move`` leaves at ``ask`` (before any discard that follows it)."""
    if move.kind == "discard":
        return hand.without(move.tile)
    return hand_after_take(hand, move.kind, ask.tile, move.chi, move.bi)


def _owes_discard(hand: Hand) -> bool:
    return hand_owes_discard(hand.concealed, hand.melds)


def _tiles(counts) -> list[int]:
    return [t for t, c in enumerate(counts) for _ in range(c)]


def judge(hand: Hand, seen: list[int], rules: Ruleset, move: Move) -> Outlook:
    """The outlook of ``hand`` (a hand at rest, or one that owes a discard) for ``move``."""
    try:
        if _owes_discard(hand):
            table = api.discard(hand, seen=_tiles(seen), rules=rules)
            top = table.rows[0]
            return Outlook(move, top.tile, top.distance, top.limit, top.improving_live, top.expected_score)
        ting = api.ting(hand, seen=_tiles(seen), rules=rules, budget=api.TABLE_BUDGET)
    except (ValueError, IndexError):  # a hand the analysis does not take (all 坎 after a 碰, …)
        return Outlook(move, known=False)
    total, weighted, _ = scoring.weigh(ting.waits, rules)
    live = total if ting.waits else sum(d.live for d in ting.improving)
    return Outlook(move, None, ting.distance, ting.limit, live, scoring.expected(total, weighted, rules))


def outlooks(view: SeatView, ask: Ask) -> tuple[Outlook, ...]:
    """The outlook of every option of ``ask`` for the seat of ``view``."""
    rules = view.rules
    seen = view.seen_counts()
    if ask.stage == "discard":  # one discard table answers every option
        try:
            table = api.discard(view.hand, seen=_tiles(seen), rules=rules)
        except ValueError:
            return tuple(Outlook(m, known=False) for m in ask.options)
        rows = {r.tile: r for r in table.rows}
        out = []
        for m in ask.options:
            r = rows.get(m.tile)
            out.append(Outlook(m, None, r.distance, r.limit, r.improving_live, r.expected_score) if r
                       else Outlook(m, known=False))
        return tuple(out)
    won = {a.action: a.win.score for a in (ask.decision.actions if ask.decision else ()) if a.win is not None}
    taken = list(seen)
    if ask.tile is not None and taken[ask.tile]:
        taken[ask.tile] -= 1  # the tile on the table, once taken, is in the hand
    out = []
    for m in ask.options:
        if m.kind == "hu":
            out.append(Outlook(m, score=won.get("hu", 0)))
        elif m.kind == "pass":
            out.append(judge(view.hand, seen, rules, m))
        else:
            out.append(judge(after(view.hand, ask, m), taken, rules, m))
    return tuple(out)


class Coach:
    """Advice for one seat of one hand: the solver's choice (the strong bot's) and every option's outlook."""

    def __init__(self, rules: Ruleset, *, seed: int, seat: int, bot: str = "strong"):
        self.rules = rules
        self.solver = _solver(bot, seed, seat)

    def advise(self, view: SeatView, ask: Ask) -> Advice:
        return Advice(self.solver.choose(view, ask), outlooks(view, ask))


def _solver(name: str, seed: int, seat: int):
    """The bot ``name`` (``players.make_bot``): the solver's choice."""
    from .players import make_bot
    return make_bot(name, seed, seat)
