"""A position (``solver.game.position.Position``: what one seat knows at a decision) as text, en or zh.

``position_lines`` draws it as ``phz play`` draws its table, without the
scores: the ruleset, dealer, stock (and its shown last tile at a table of
four) and whose turn; each other player's
melds (a face-down 偎 as ＊＊＊), the tiles face up in front of them and
how many tiles they hold (at a table of four, the one who sits out the
hand says so); the seat's own melds and hand (small, big, then
each 坎 apart); the tile on the table and who revealed it; the copies of
each tile not seen; what is 臭 for the seat.  ``option_lines`` numbers the
moves to choose from (1 first), a discard's several a line.  Every line
fits 80 columns (a glyph takes two); the caller paints red tiles
(``render.paint``), as the quiz does all its text.

>>> from solver.model.rules import get_ruleset
>>> from solver.game.engine import Game
>>> from solver.game.position import position_of
>>> p = position_of(Game(get_ruleset("hunan"), seed=3))
>>> lines = position_lines(p, "en")
>>> lines[0]
'== hunan · dealer: you · stock 19 · turn: you =='
>>> max(width(x) for x in lines + option_lines(p, p.options, "zh")) <= WIDTH
True
"""
from __future__ import annotations

from typing import Sequence

from ..game.moves import Ask, Move
from ..game.position import Position
from ..game.table import origin
from ..model.tiles import N_KINDS, glyph, glyphs
from .catalogue import say
from .table_view import HIDDEN, WIDTH, chou_text, hand_cells, menu_lines, place_names, width, words, wrap
from .table_view import cells as _cells
from .words import MOVE_ZH

__all__ = ["WIDTH", "option_lines", "position_lines", "seat_name", "width"]


def seat_name(p: Position, seat: int, lang: str) -> str:
    """``seat`` as ``p``'s seat calls it, as ``phz play``'s table does: you, 下家 (the next seat after
    yours), 对家 (at four, across the table; the other player of two), 上家."""
    w = words(lang)
    if seat == p.seat:
        return w["you"]
    return w[place_names(p.players)[(seat - p.seat) % p.players - 1]]


def _meld(kind: str, tiles: tuple[int, ...] | None) -> str:
    return f"{MOVE_ZH[kind]}:{glyphs(tiles) if tiles is not None else HIDDEN * 3}"


def position_lines(p: Position, lang: str = "en") -> list[str]:
    """The position as the seat sees it (module docstring)."""
    w = words(lang)
    head = [p.rules.name, w["dealer"].format(who=seat_name(p, p.dealer, lang)), w["stock"].format(n=p.stock)]
    head += [w["last"].format(t=glyph(p.last))] if p.last is not None else []  # (a table of four, as phz play's)
    head += [w["turn"].format(who=seat_name(p, p.turn, lang))]
    lines = wrap("== " + " · ".join(head) + " ==", indent="   ")
    others = [(p.seat + k) % p.players for k in range(p.players - 1, 0, -1)]  # 上家 first, as at the table
    out = p.out
    labels = {q: seat_name(p, q, lang) + ("" if q == out else say("position_text.held", lang, n=p.held[q]))
              for q in others}
    labels[p.seat] = seat_name(p, p.seat, lang)
    pad = max(width(x) for x in labels.values()) + 2
    for q in others + [p.seat]:
        lines += _cells(labels[q], [_meld(k, t) for k, t in p.melds[q]] or [w["out" if q == out else "none"]], pad)
        if p.faces[q]:
            lines += _cells(" " * (pad - 2 - width(w["faces"])) + w["faces"], [glyph(t) for t in p.faces[q]], pad)
    label = max(width(w[k]) for k in ("mine", "table", "unseen", "chou")) + 2
    lines += _cells(w["mine"], hand_cells(p), label)
    if p.table is not None:
        t, by, kind = p.table
        said = w["drawn" if kind == "draw" else "discarded"].format(t=glyph(t), who=seat_name(p, by, lang))
        if p.last_stock:
            last = say("position_text.last_stock", lang)
            said += f" ({last})" if lang == "en" else f"（{last}）"
        lines += _cells(w["table"], [said], label)
    unseen = p.unseen()
    lines += _cells(w["unseen"], [f"{glyph(t)}{unseen[t]}" for t in range(10)], label)
    lines += _cells("", [f"{glyph(t)}{unseen[t]}" for t in range(10, N_KINDS)], label)
    lines += _cells(w["chou"], [chou_text(p, lang)], label)
    if p.approx:
        lines += wrap(say("position_text.approx_note", lang) + p.approx)
    return lines


def option_lines(p: Position, options: Sequence[Move], lang: str = "en") -> list[str]:
    """The moves to choose from, numbered from 1: at the tile on the table (each 吃 way with its 比,
    碰, 过 ...) or the tiles to discard."""
    discard = all(m.kind == "discard" for m in options)
    tile = src = None
    if p.table is not None and not discard:
        tile, by, kind = p.table
        src = origin(p.seat, by, kind, p.players)
    ask = Ask(p.seat, "discard" if discard else p.stage, tile, src, tuple(options))
    return menu_lines(ask, lang)
