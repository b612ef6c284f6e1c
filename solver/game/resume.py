"""A game played on from a position of a record (``phz play --from --at``, the page's "play from here"):
the hand replayed to the move, the session around it (its scores, dealer, hand number and the hands
drawn in a row), the human's seat and the bots at the others when the record's players are phz's.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..model.rules import Ruleset
from . import roster
from .engine import Game
from .replay import Replay
from .session import Session

__all__ = ["Start", "start_of"]


@dataclass(frozen=True)
class Start:
    """A position of a record to play on from: its game, session, ruleset, seed, the human's seat, bots."""
    game: Game
    session: Session
    rules: Ruleset
    seed: int
    hand_seed: int | None  # the seed of the deal of its hand, if the record says
    seat: int
    bots: tuple[str, ...] | None  # None: the record's players are not all bots of phz
    hand: int  # the hand's number in the record


def start_of(done: Replay) -> Start:
    """The position ``done`` was replayed to (``replay.replay(record, to=move)``), to play on from."""
    rec = done.record
    pos = done.at
    assert pos is not None  # replayed to a move: the position before it
    seats = rec.header.get("seats") or []
    players = [s.get("player") if isinstance(s, dict) else None for s in seats]
    me = players.index("human") if "human" in players else 0
    n = rec.rules.game.players
    around = [players[(me + k) % n] if len(players) == n else None for k in range(1, n)]
    known = [b for b in around if isinstance(b, str) and b in roster.names()]
    bots = tuple(known) if len(known) == len(around) else None  # every other seat a bot of phz
    hand = rec.hands[pos.hand - 1]
    seed = rec.header.get("seed")
    session = Session(rec.rules, seed=seed if seed is not None else 0, dealer=pos.game.dealer)
    session.index = pos.hand - 1
    session.scores[:] = _scores_before(done, pos.hand)
    for g in done.games[:pos.hand - 1]:
        session.drawn_in_row = session.drawn_in_row + 1 if g.result and g.result.winner is None else 0
    return Start(game=pos.game, session=session, rules=rec.rules, seed=session.seed, hand_seed=hand.seed,
                 seat=me, bots=bots, hand=pos.hand)


def _scores_before(done: Replay, hand: int) -> list[int]:
    scores = [0] * done.rules.game.players
    for g in done.games[:hand - 1]:
        for p, v in enumerate(g.result.net if g.result else ()):
            scores[p] += v
    return scores
