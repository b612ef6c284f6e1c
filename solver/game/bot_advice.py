"""What a bot knows as a ``Position`` (issue 16): the position of ``phz act --advise`` and the rollouts,
built from the bot's own ``SeatView`` and ``Ask`` alone.

A seat view shows everything a position holds but two facts the table
shows a player without saying them.  They follow from what is seen
(RULES.md 3 and 10):

* the dealer's first discard is still to come while nothing has been
  drawn from the stock (its count is the deal's), no tile lies face up and
  no meld but the dealt fours is laid out, and the tile on the table, if
  any, is the dealer's;
* the tile on the table is the last stock tile when the stock is empty and
  that tile is a draw.

How many concealed tiles each player holds the view tells (a hand can be
counted across the table; DECISIONS.md, "The others' counts are told").

``tests/test_bots.py`` holds ``position_from_view`` equal to
``position.position_of`` at every decision of real games.
"""
from __future__ import annotations

from ..model.hand import rest_count
from ..model.ruleset import DEALT_KINDS, FOUR_KINDS
from ..model.tiles import COPIES, N_KINDS
from .moves import Ask
from .position import Position
from .view import SeatView

__all__ = ["first_discard", "others_at_rest", "position_from_view"]


def _at_rest(melds) -> int:
    """Concealed tiles of a player at rest beside these melds laid out (none beside seven)."""
    four = sum(1 for kind, _ in melds if kind in FOUR_KINDS)
    return max(0, rest_count(len(melds) - four, four))


def first_discard(view: SeatView) -> bool:
    """The dealer's first discard is still to come, or is the tile on the table (module docstring)."""
    full = N_KINDS * COPIES - sum(view.rules.game.deal) - view.rules.game.set_aside
    if view.stock != full or any(view.faces):
        return False
    if any(kind not in DEALT_KINDS for melds in view.melds for kind, _ in melds):
        return False
    return view.table is None or (view.table[1] == view.dealer and view.table[2] == "discard")


def position_from_view(view: SeatView, ask: Ask) -> Position:
    """The position of ``view``'s seat at ``ask`` (its own decision), as ``position.position_of``
    makes it from the whole game."""
    last = view.stock == 0 and view.table is not None and view.table[2] == "draw"
    return Position(view.rules, view.seat, view.dealer, view.turn, view.hand, view.melds, view.held, view.faces,
                    view.stock, view.table, ask.stage, ask.options, view.chou, view.passed_peng,
                    first_discard(view), last, last=view.last, eaten=view.eaten)


def others_at_rest(pos: Position) -> bool:
    """Every other player holds no more tiles than at rest.  The rollouts (``winrate.deal``) deal
    another player his count in tiles drawn at random: one holding a tile more (his intake left
    him only 坎) would then owe a discard he never had to make."""
    return all(pos.held[p] <= _at_rest(pos.melds[p]) for p in pos.others)
