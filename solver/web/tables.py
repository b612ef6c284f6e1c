"""The table as the page draws it: one seat's view (a game's ``SeatView`` or a record's ``Position``) as JSON."""
from __future__ import annotations

from typing import Sequence

from solver.model.tiles import N_KINDS, glyph
from solver.text import table_view as tv
from solver.text.words import MOVE_ZH

__all__ = ["hand_groups", "table_json"]


def table_json(view, names: Sequence[str], scores: Sequence[int], lang: str) -> dict:
    """Seats (name, score, dealer, sitting out, to move, melds with another's 偎 face down, tiles face up),
    the stock and its shown last tile, the learner's tiles, the tile on the table and what is 臭."""
    players = len(view.melds)
    out = view.rules.game.sits_out(view.dealer)
    seats = []
    for p in range(players):
        seats.append({"seat": p, "name": names[p], "score": scores[p], "dealer": p == view.dealer,
                      "out": p == out, "turn": p == view.turn,
                      "melds": [{"kind": k, "zh": MOVE_ZH.get(k, k),
                                 "tiles": [glyph(t) for t in tiles] if tiles is not None else None}
                                for k, tiles in view.melds[p]],
                      "faces": [glyph(t) for t in view.faces[p]]})
    return {"seats": seats, "stock": view.stock, "last": glyph(view.last) if view.last is not None else None,
            "hand": hand_groups(view.hand.concealed),
            "table": ({"tile": glyph(view.table[0]), "by": view.table[1], "how": view.table[2]}
                      if view.table is not None else None),
            "chou": tv.chou_text(view, lang)}


def hand_groups(c: Sequence[int]) -> dict:
    """Concealed tiles (counts by kind): the small ones, the big ones, and each 坎 apart."""
    kans = [t for t in range(N_KINDS) if c[t] == 3]
    small = [glyph(t) for t in range(10) for _ in range(c[t] if c[t] != 3 else 0)]
    big = [glyph(t) for t in range(10, N_KINDS) for _ in range(c[t] if c[t] != 3 else 0)]
    return {"loose": [g for g in (small, big) if g], "kan": [[glyph(t)] * 3 for t in kans]}
