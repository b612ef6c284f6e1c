"""The [game] table of a ruleset file: the table, the deal and the payments (RULES.md 10, 10b)."""
from __future__ import annotations

from . import ruleset as R
from .tiles import COPIES, N_KINDS

__all__ = ["parse_game"]


def parse_game(f, where: str) -> R.Game:
    """The ``Game`` of a resolved file's [game] table (``f``: the file's fields, ruleset_file._Fields)."""
    from .ruleset_file import in_range
    players = f.count("game.players", 2)
    deal = f.get("game.deal")
    if len(deal) != players or not all(isinstance(n, int) and not isinstance(n, bool) for n in deal):
        f.fail("game.deal", f"must give one tile count per player ({players})")
    for i, n in enumerate(deal):
        in_range(n, f"game.deal[{i}]", where)
    if sum(deal) >= N_KINDS * COPIES:
        f.fail("game.deal", f"deals {sum(deal)} tiles: there are {N_KINDS * COPIES}, and the stock needs some")
    game = R.Game(players, f.get("game.sit_out"), tuple(deal), f.get("game.liang_zhang"),
                  f.choice("game.tianhu", R.TIANHU), f.choice("game.dihu", R.DIHU), f.get("game.last_tile_wins"),
                  f.choice("game.pay", R.PAY), f.choice("game.penalty_paid", R.PENALTY_PAID))
    return game
