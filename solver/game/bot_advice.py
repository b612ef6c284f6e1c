"""What a bot knows as a ``Position`` (issue 16): the position of ``phz act --advise`` and the rollouts,
built from the bot's own ``SeatView`` and ``Ask`` alone.

A seat view shows everything a position holds but three numbers the table
shows a player without saying them: how many concealed tiles each other
player holds, whether the dealer's first discard is still to come (or is
the tile on the table), and whether the tile on the table is the last
stock tile.  They follow from what is seen (RULES.md 3 and 10):

* a player at rest holds ``rest_count`` of his melds (20 concealed tiles
  beside no meld, 3 fewer for each 3-tile meld, the 4-tile melds as the
  rule book counts them; none beside seven melds); while another
  decides, every other player is at rest, but for three hands: the dealer holds one tile more until his
  first discard, a player whose intake left him nothing but 坎 holds one
  more (he had nothing to discard), and a hand dealt two 提 one fewer
  until its first intake (RULES.md 3).  The tiles not seen must be held
  by someone or lie in the stock, so the difference between that total
  and the rest counts says which (the dealer's extra tile, then a player
  of 3-tile melds only, the most melds first; a player whose melds are
  all dealt fours is the short one);
* the dealer's first discard is still to come while nothing has been
  drawn from the stock (its count is the deal's), no tile lies face up and
  no meld but the dealt fours is laid out, and the tile on the table, if
  any, is the dealer's;
* the tile on the table is the last stock tile when the stock is empty and
  that tile is a draw.

``tests/test_bots.py`` holds ``position_from_view`` equal to
``position.position_of`` at every decision of real games.
"""
from __future__ import annotations

from ..model.hand import rest_count
from ..model.ruleset import DEALT_KINDS, FOUR_KINDS
from ..model.tiles import COPIES, N_KINDS
from .moves import Ask
from .position import Position
from .view import SeatView, unseen_stock

__all__ = ["first_discard", "held_of", "others_at_rest", "position_from_view"]


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


def held_of(view: SeatView) -> tuple[int, ...]:
    """Concealed tiles per seat (module docstring): this seat's own count, the others' at rest,
    corrected by the tiles not seen."""
    others = view.others
    held = [0] * view.players
    hidden = 0
    for p, melds in enumerate(view.melds):
        if p == view.seat:
            held[p] = view.hand.n_concealed
        elif p in others:
            hidden += sum(3 for _, tiles in melds if tiles is None)
            held[p] = _at_rest(melds)
    stock = unseen_stock(view.stock, view.last, view.rules)
    diff = sum(view.unseen()) - stock - hidden - sum(held[p] for p in others)
    if diff > 0 and view.dealer in others and first_discard(view):
        held[view.dealer] += 1
        diff -= 1
    # an intake that left only 坎 in the hand: nothing to discard, one tile more than at rest (the
    # count then is a multiple of 3, so a player with no 4-tile meld; the most melds the likeliest)
    for p in sorted(others, key=lambda q: -len(view.melds[q])):
        if diff > 0 and not any(kind in FOUR_KINDS for kind, _ in view.melds[p]):
            held[p] += 1
            diff -= 1
    for p in others:  # a hand dealt two 提, still before its first intake
        if diff < 0 and view.melds[p] and all(kind in DEALT_KINDS for kind, _ in view.melds[p]):
            held[p] -= 1
            diff += 1
    if diff:  # a count no rule explains: the others share the difference
        for i, p in enumerate(others):
            held[p] += diff // len(others) + (i < diff % len(others))
    return tuple(held)


def position_from_view(view: SeatView, ask: Ask) -> Position:
    """The position of ``view``'s seat at ``ask`` (its own decision), as ``position.position_of``
    makes it from the whole game."""
    last = view.stock == 0 and view.table is not None and view.table[2] == "draw"
    return Position(view.rules, view.seat, view.dealer, view.turn, view.hand, view.melds, held_of(view), view.faces,
                    view.stock, view.table, ask.stage, ask.options, view.chou, view.passed_peng,
                    first_discard(view), last, last=view.last)


def others_at_rest(pos: Position) -> bool:
    """Every other player holds no more tiles than at rest.  The rollouts (``winrate.deal``) deal
    another player his count in tiles drawn at random: one holding a tile more (his intake left
    him only 坎) would then owe a discard he never had to make."""
    return all(pos.held[p] <= _at_rest(pos.melds[p]) for p in pos.others)
