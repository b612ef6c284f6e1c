"""Why a move is not legal at the table, and what offence a lenient replay names for it (RULES.md 7, 10).

The reasons are the obligations engine's (``Decision.forbidden``), the ones
``phz act`` gives; the offences are the keys of ``Ruleset.penalties``.
"""
from __future__ import annotations

from ..model.rules import FOUR_KINDS
from .moves import Ask, Move, move_text

__all__ = ["IllegalMove", "forbidden_entry", "offence_of", "why_illegal"]


class IllegalMove(ValueError):
    """A move that is not among the options asked.  ``forbidden`` is the obligations engine's entry
    for it (its ``reason`` is the one ``phz act`` gives), None when the move is not even a candidate."""

    def __init__(self, message: str, forbidden=None):
        super().__init__(message)
        self.forbidden = forbidden


def _refuse(ask: Ask, move: Move) -> str:
    raise IllegalMove(why_illegal(ask, move), forbidden_entry(ask, move))


def offence_of(game, ask: Ask, who: int, move: Move) -> str:
    """The offence of a move that is not among the options (lenient replay): '' for a legal claim
    made out of turn, else a key of Ruleset.penalties; IllegalMove when it cannot be made."""
    if game.table is None or ask.stage in ("discard", "qishou"):
        raise IllegalMove(why_illegal(ask, move), forbidden_entry(ask, move))
    x, by, kind = game.table
    if kind == "discard" and who == by:
        raise IllegalMove(f"{move_text(move)}: a player cannot claim his own discard")
    d = ask.decision if who == ask.seat and ask.decision is not None else game._decide(who, x, by, kind)
    legal = [Move(a.action, chi=a.chi, bi=a.bi) for a in d.actions]
    if move.kind == "hu":
        return "" if move in legal else "诈胡"
    if move.kind == "pass":
        f = next((f for f in d.forbidden if f.action == "pass"), None)
        if who == ask.seat and f is not None and f.reason == "compulsory":
            return "失提" if f.detail == ("ti",) else "走跑" if f.detail[0] in FOUR_KINDS else _refuse(ask, move)
        return _refuse(ask, move)
    if move in legal and move.kind not in ("pass",):
        return ""
    seat_ask = Ask(who, ask.stage, x, d.source, tuple(legal), d)
    f = forbidden_entry(seat_ask, move)
    hand = game.seats[who].concealed
    if move.kind == "chi" and f is not None and f.reason in ("chou", "shaobi"):
        assert move.chi is not None  # a 吃 names its group (parse_move)
        need = [t for g in (move.chi, *move.bi) for t in g]
        if x not in move.chi or any(x not in g for g in move.bi):
            return _refuse(seat_ask, move)
        need.remove(x)
        if any(need.count(t) > hand[t] for t in set(need)):
            raise IllegalMove(f"{move_text(move)}: the hand does not hold those tiles")
        return "臭张" if f.reason == "chou" else game.rules.shaobi
    if move.kind == "peng" and f is not None and f.reason == "peng_passed" and hand[x] == 2:
        return "臭张"
    return _refuse(seat_ask, move)


def forbidden_entry(ask: Ask, move: Move):
    """The obligations engine's Forbidden entry for ``move`` at ``ask``, if it has one."""
    if ask.decision is None:
        return None
    for f in ask.decision.forbidden:
        if f.action == move.kind and (move.kind != "chi" or f.chi is None or (f.chi, f.bi) == (move.chi, move.bi)):
            return f
    return None


def why_illegal(ask: Ask, move: Move) -> str:
    """Why ``move`` is not among ``ask``'s options (the reason code of ``phz act`` where it has one)."""
    offered = ", ".join(move_text(m) for m in ask.options)
    what = move_text(move)
    f = forbidden_entry(ask, move)
    if f is not None:
        return f"{what} is not allowed here ({f.reason}); the moves asked: {offered}"
    return f"{what} is not one of the moves asked: {offered}"
