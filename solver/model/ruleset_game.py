"""The [game] table of a ruleset file: the table, the deal and the payments (RULES.md 10, 10b)."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from . import ruleset as R
from .tiles import COPIES, N_KINDS

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any, NoReturn, Protocol

    class Fields(Protocol):
        """What this module reads a file's fields with (``ruleset_file._Fields``)."""

        def get(self, name: str) -> Any: ...
        def choice(self, name: str, choices: Sequence[str]) -> str: ...
        def fail(self, name: str, why: str) -> NoReturn: ...

__all__ = ["parse_game", "with_players"]


def parse_game(f: Fields, where: str, in_range: Callable[[int, str, str], int]) -> R.Game:
    """The ``Game`` of a resolved file's [game] table (``f``: the file's fields, ruleset_file._Fields;
    ``in_range``: ruleset_file's check of a number against its stated range)."""
    players = f.get("game.players")
    in_range(players, "game.players", where)
    playing = players - 1 if players == 4 else players
    deal = f.get("game.deal")
    if len(deal) != playing or not all(isinstance(n, int) and not isinstance(n, bool) for n in deal):
        f.fail("game.deal", f"must give one tile count per player who plays ({playing} of {players}: "
                            "with four at the table one sits out)")
    for i, n in enumerate(deal):
        in_range(n, f"game.deal[{i}]", where)
    sit_out = f.choice("game.sit_out", R.SIT_OUT)
    buried = f.get("game.buried")
    in_range(buried, "game.buried", where)
    dealt = sum(deal) + (buried if players == 2 else 0)
    if dealt >= N_KINDS * COPIES:
        f.fail("game.deal", f"deals {dealt} tiles: there are {N_KINDS * COPIES}, and the stock needs some")
    return R.Game(players, sit_out, tuple(deal), f.get("game.liang_zhang"),
                  f.choice("game.tianhu", R.TIANHU), f.choice("game.dihu", R.DIHU), f.get("game.last_tile_wins"),
                  f.choice("game.pay", R.PAY), f.choice("game.penalty_paid", R.PENALTY_PAID),
                  f.get("game.shown_last"), f.get("game.red_last_up"), buried)


def with_players(data: dict[str, Any], players: int) -> dict[str, Any]:
    """A resolved file's content with ``players`` at the table (``--players``): the deal follows (the
    dealer's count, then the others'), and so do the expected-score weights (a live copy comes as
    another's draw or discard once per other player who plays; RULES.md 10b)."""
    game = dict(data["game"])
    old = game["players"] - 1 if game["players"] == 4 else game["players"]
    new = players - 1 if players == 4 else players
    deal = list(game["deal"])
    game["players"], game["deal"] = players, deal[:1] + deal[1:2] * (new - 1)
    out = dict(data, game=game)
    w = dict(data["weights"])
    if old != new and old > 1:
        w = {"self": w["self"] * (old - 1), "other": w["other"] * (new - 1), "discard": w["discard"] * (new - 1)}
        g = math.gcd(*w.values()) or 1
        out["weights"] = {k: v // g for k, v in w.items()}
    return out
