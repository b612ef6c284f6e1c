"""The coach of ``phz play``: the judge's advice at a seat's decision, its grade of the move made, and what a move makes 臭.

The judge is ``solver.game.advice.advise``: every legal option played out
on the same deals, ranked by expected score.  The coach asks it of the
position the seat sees (``bot_advice.position_from_view``, the position
``phz review`` rebuilds from the record) with the review's samples and seed
(``advice.SEED``), so the ``?`` hint, the coach's line after a move, the
review of the record and ``phz act --advise`` / ``phz discard --win-rate``
on the same position name the same best move with the same figures.  After
a move, the move made is played out on every deal the best was
(``advice.played_out``) and graded as the review grades it
(``review.Reviewed``).

>>> from solver.model.rules import get_ruleset
>>> from solver.game.engine import Game
>>> game = Game(get_ruleset("hunan"), seed=7)
>>> ask = game.ask()
>>> ask.stage, ask.seat
('discard', 0)
>>> coach = Coach(game.rules, seat=0, samples=8)
>>> advice = coach.advise(game.view(0), ask)
>>> advice.best.move in ask.options, {c.move for c in advice.choices} == set(ask.options)
(True, True)
>>> coach.graded(advice, advice.best.move).grade
'ok'
"""
from __future__ import annotations

from ..engine.play_moves import hand_after_take
from ..model.hand import Hand
from ..model.rules import Ruleset
from .advice import SEED, Advice, advise, played_out
from .bot_advice import position_from_view
from .moves import Ask, Move
from .review import Reviewed
from .view import SeatView
from .winrate import DEFAULT_SAMPLES

__all__ = ["Coach", "after", "makes_chou"]


class Coach:
    """The judge's advice for one seat (module docstring): ``samples`` deals a choice, from ``seed``."""

    def __init__(self, rules: Ruleset, *, seat: int, samples: int = DEFAULT_SAMPLES, seed: int = SEED):
        self.rules, self.seat, self.samples, self.seed = rules, seat, samples, seed

    def advise(self, view: SeatView, ask: Ask) -> Advice:
        """Every option of ``ask`` ranked, best first (the hint)."""
        return advise(position_from_view(view, ask), samples=self.samples, seed=self.seed)

    def graded(self, advice: Advice, move: Move) -> Reviewed:
        """``move`` made where ``advice`` was given, graded as ``phz review`` grades it."""
        return Reviewed(0, 0, None, advice.position, move, played_out(advice, move))


def makes_chou(ask: Ask, move: Move, rules: Ruleset) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(tiles made 臭 for 吃, for 碰) by ``move`` at ``ask``, as the engine marks them: declining a legal
    碰 makes the tile 臭 for 碰, a legal 吃 臭 for 吃 (过张只能胡: a passed tile, both); a discard is 臭
    for 吃 under a ruleset where one's own discard is."""
    if move.kind == "discard":
        assert move.tile is not None  # a discard names its tile
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
        assert move.tile is not None  # a discard names its tile
        return hand.without(move.tile)
    assert ask.tile is not None  # any other move takes the tile on the table
    return hand_after_take(hand, move.kind, ask.tile, move.chi, move.bi)
