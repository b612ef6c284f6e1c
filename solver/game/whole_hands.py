"""Whole hands of bots played inside the game kernels, one kernel call for many hands (``phz sim``):
``random_outcomes`` (``keen_outcomes``, ``basic_outcomes``) plays hands of random (keen, basic) bots at every seat, the same deals
and the same choices as ``solver.game.engine.Game`` with those bots, hand for hand
(tests/test_game_kernels.py holds them equal).

Importing this module imports numba.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..engine import _game_policies as GP
from ..engine import _game_state as G
from ..engine import game_steps
from ..engine import play_rules as P
from ..engine.game_steps import CONDITION_BITS, tables_of
from ..model.results import HOWS
from ..model.rules import Ruleset
from .session import bot_prefix
from .stats import GameOutcome

__all__ = ["Played", "basic_outcomes", "keen_outcomes", "random_outcomes"]


@dataclass(frozen=True)
class Played:
    """What ``random_outcomes`` gives of one hand: its outcome, or None where the kernels left the
    start to the Python judge of 天胡 (play that hand with ``Game``)."""
    seed: int
    outcome: GameOutcome | None


def random_outcomes(rules: Ruleset, seeds: Sequence[int], bots: tuple[str, ...] = ()) -> list[Played]:
    """Hands of ``seeds`` (deals as ``deal_tiles``), every seat a random bot of that seed and seat
    (``RandomBot(seed, seat)``), played whole in the kernels."""
    bots = bots or ("random",) * rules.game.players
    return _played(seeds, game_steps.play_random(tables_of(rules), list(seeds), bot_prefix("random").encode()), bots)


def keen_outcomes(rules: Ruleset, seeds: Sequence[int], bots: tuple[str, ...] = ()) -> list[Played]:
    """Hands of ``seeds`` with the bot ``keen`` at every seat (``KeenBot(seed, seat)``), played whole in the
    kernels (``keen_steps.play_keen``)."""
    from ..engine import keen_steps
    bots = bots or ("keen",) * rules.game.players
    return _played(seeds, keen_steps.play_keen(rules, list(seeds), bot_prefix("keen").encode(),
                                               rules.bots.keen_level), bots)


def basic_outcomes(rules: Ruleset, seeds: Sequence[int], bots: tuple[str, ...] = ()) -> list[Played]:
    """Hands of ``seeds`` with the bot ``basic`` at every seat (``BasicBot(seed, seat)``), played whole in the
    kernels (``basic_steps.play_basic``)."""
    from ..engine import basic_steps
    bots = bots or ("basic",) * rules.game.players
    return _played(seeds, basic_steps.play_basic(rules, list(seeds), bot_prefix("basic").encode()), bots)


def _played(seeds: Sequence[int], results, bots: tuple[str, ...]) -> list[Played]:
    done = G.DONE
    return [Played(seed, _outcome(row, bots) if row[GP.O_STATUS] == done else None)
            for seed, row in zip(seeds, results.tolist())]


_POPAO = HOWS.index("破跑胡")
#: the rule events of a win by its game conditions' mask (``CONDITION_BITS``), as the keys ``_outcome`` gives
_CONDITION_KEYS = tuple(tuple(name for name, bit in CONDITION_BITS if mask & bit)
                        for mask in range(1 << len(CONDITION_BITS)))
assert all(bit < 1 << len(CONDITION_BITS) for _, bit in CONDITION_BITS)


def _outcome(row: list[int], bots: tuple[str, ...]) -> GameOutcome:
    """A hand's answer row as ``phz sim`` keeps it (its rule events sorted, as ``stats.game_events`` and
    the 臭偎 the player loop counts).  Called once a hand of random play: kept lean."""
    n = len(bots)
    winner = row[GP.O_WINNER]
    events = []
    for p in range(n):
        if row[GP.O_BAKUAI + p]:
            events += [(p, "bakuai")] * row[GP.O_BAKUAI + p]
        if row[GP.O_CHOU_WEI + p]:
            events += [(p, "chou_wei")] * row[GP.O_CHOU_WEI + p]
    if winner >= 0:
        keys = _CONDITION_KEYS[row[GP.O_COND]]
        how = row[GP.O_HOW]
        if how == _POPAO:
            keys += ("popao",)
        if how == G.HOW_TIANHU and "tianhu" not in keys:
            keys += ("tianhu",)
        if row[GP.O_SRC] == P.S_SELF:
            keys += ("zimo",)
        events += [(winner, k) for k in keys]
    return GameOutcome(bots, tuple(row[GP.O_NET:GP.O_NET + n]), winner if winner >= 0 else None,
                       row[GP.O_TURNS], tuple(sorted(events)) if len(events) > 1 else tuple(events))
