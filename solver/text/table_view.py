"""The table of ``phz play`` as one seat sees it, in en or zh, every line within 80 columns.

``table_lines`` draws a ``SeatView``: each player's score, exposed melds (a
face-down 偎 as ＊＊＊) and face-up tiles, the stock, the dealer, whose turn,
the tile on the table, then the seat's own hand (concealed tiles sorted,
small then big, its 坎 apart), the copies of each tile it has not seen and
what is 臭 for it.  ``menu_lines`` numbers the moves of an ``Ask``;
``why_lines`` says why the moves not offered are not legal, in the words
of ``phz act``.  Columns are counted as a terminal shows them: a Chinese
character or tile glyph takes two.  The coach's words are in ``coach_words``.

>>> width("吃 三四五"), wrap("一 " * 50, 20)[:2]
(9, ['一 一 一 一 一 一 一', '  一 一 一 一 一 一'])
>>> move_words(Move("pass"), None, "zh"), move_words(Move("chi", chi=(2, 3, 4), bi=((0, 1, 2),)), 2, "en")
('过', '吃 chi 三四五 比 一二三')
"""
from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Sequence

from ..game.moves import Ask, Move
from ..game.view import SeatView
from ..model.rules import FOUR_KINDS
from ..model.tiles import COPIES, N_KINDS, glyph, glyphs
from ..vocabulary import ORIGINS
from .catalogue import entries, say
from .columns import WIDTH, width, wrap
from .explain import action_text, forbidden_text
from .words import MOVE_ZH, discarded, eaten

if TYPE_CHECKING:
    from ..game.position import Position

__all__ = ["WIDTH", "cells", "menu_lines", "move_words", "seat_names", "table_lines", "why_lines", "width", "wrap"]

#: a face-down tile (another player's 偎): as wide as a glyph
HIDDEN = "＊"

# ---------------------------------------------------------------- columns (solver.text.columns)


def _cells(label: str, cells: Sequence[str], pad: int) -> list[str]:
    """``label`` padded to ``pad`` columns, then ``cells`` separated by spaces, wrapped under it."""
    head = label + " " * max(1, pad - width(label))
    lines, line = [], head
    for cell in cells:
        sep = "" if line == head else " "
        if width(line + sep + cell) > WIDTH and line != head:
            lines.append(line)
            line, sep = " " * pad, ""
        line += sep + cell
    lines.append(line.rstrip())
    return lines


cells = _cells  # (shared with solver.text.position_text)


# ---------------------------------------------------------------- words

#: each move's name in English, after its Chinese one
_MOVE_EN = {k: k for k in MOVE_ZH}


#: the words of the table (``words``), each an entry ``table_view.NAME`` of the catalogue
_WORDS = ("you", "lower", "upper", "opposite", "out", "last", "hand", "stock", "dealer", "turn", "mine", "table",
          "drawn", "discarded", "faces", "unseen", "chou", "chou_chi", "chou_peng", "passed", "none", "kan",
          "nothing", "tile_on", "discard_head", "own_chou", "may", "may_not", "kan_never", "all_open")


@cache
def words(lang: str) -> dict[str, str]:
    """The words of the table in ``lang`` by name (``solver.text.position_text``'s too): a text with values is
    its template, for the caller to fill in (``str.format``)."""
    part = entries("table_view")
    return {name: part[name][lang] for name in _WORDS}


def place_names(n: int) -> list[str]:
    """The places at a table of ``n`` as seen from one's own, the next seat first: 下家, (对家,) 上家;
    the one other player of two is 对家."""
    return {2: ["opposite"], 3: ["lower", "upper"], 4: ["lower", "opposite", "upper"]}[n]


def seat_names(me: int, bots: Sequence[str], lang: str) -> list[str]:
    """Each seat's name at the table of seat ``me``: you, 下家 BOT (the lower player), (对家 BOT,) 上家 BOT.
    ``bots``: the bot of each other seat, from the lower player on (one of two: 对家)."""
    w = words(lang)
    n = len(bots) + 1
    names = [""] * n
    names[me] = w["you"]
    for k, (bot, place) in enumerate(zip(bots, place_names(n))):
        names[(me + 1 + k) % n] = f"{w[place]}{f'（{bot}）' if lang == 'zh' else f' {bot}'}"
    return names


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _meld(kind: str, tiles: tuple[int, ...] | None) -> str:
    return f"{MOVE_ZH[kind]}:{glyphs(tiles) if tiles is not None else HIDDEN * 3}"


def hand_cells(view: SeatView | Position) -> list[str]:
    """The concealed tiles: small, big, then each 坎 apart."""
    c = view.hand.concealed
    kans = [t for t in range(N_KINDS) if c[t] == 3]
    small = "".join(glyph(t) * c[t] for t in range(10) if c[t] != 3)
    big = "".join(glyph(t) * c[t] for t in range(10, N_KINDS) if c[t] != 3)
    return [x for x in (small, big) if x] + [f"坎{glyph(t) * 3}" for t in kans]


def table_lines(view: SeatView, names: Sequence[str], scores: Sequence[int], lang: str, *,
                hand_no: int | None = None) -> list[str]:
    """The table of ``view``'s seat (module docstring)."""
    w = words(lang)
    me = view.seat
    head = [w["hand"].format(n=hand_no)] if hand_no is not None else []
    head += [view.rules.name, w["dealer"].format(who=names[view.dealer]), w["stock"].format(n=view.stock)]
    head += [w["last"].format(t=glyph(view.last))] if view.last is not None else []
    head += [w["turn"].format(who=names[view.turn])]
    lines = wrap("== " + " · ".join(head) + " ==", indent="   ")
    name_w = max(width(n) for n in names)
    pad = name_w + 7
    n = view.players
    out = view.rules.game.sits_out(view.dealer)
    for p in [(me + k) % n for k in range(n - 1, 0, -1)] + [me]:
        melds = [_meld(k, t) for k, t in view.melds[p]] or [w["out" if p == out else "none"]]
        name = names[p] + " " * (name_w - width(names[p]))
        lines += _cells(f"{name} {_signed(scores[p]):>4}", melds, pad)
        if view.faces[p]:
            lines += _cells(" " * (pad - 2 - width(w["faces"])) + w["faces"], [glyph(t) for t in view.faces[p]],
                            pad)
    label = max(width(w[k]) for k in ("mine", "table", "unseen", "chou")) + 2
    lines += _cells(w["mine"], hand_cells(view), label)
    if view.table is not None:
        t, by, kind = view.table
        key = "drawn" if kind == "draw" else "discarded"
        lines += _cells(w["table"], [w[key].format(t=glyph(t), who=names[by])], label)
    unseen = view.unseen()
    lines += _cells(w["unseen"], [f"{glyph(t)}{unseen[t]}" for t in range(10)], label)
    lines += _cells("", [f"{glyph(t)}{unseen[t]}" for t in range(10, N_KINDS)], label)
    lines += _cells(w["chou"], [chou_text(view, lang)], label)
    return lines


def chou_text(view: SeatView | Position, lang: str) -> str:
    """What is 臭 for the seat: for 吃 and for 碰 (过张只能胡: the passed tiles)."""
    w = words(lang)
    if view.rules.passed == "hu_only":
        return f"{w['passed']} {glyphs(view.chou | view.passed_peng) or w['none']}"
    return (f"{w['chou_chi']} {glyphs(view.chou) or w['none']} · "
            f"{w['chou_peng']} {glyphs(view.passed_peng) or w['none']}")


# ---------------------------------------------------------------- moves and menus

def move_words(move: Move, tile: int | None, lang: str, *, score: int | None = None) -> str:
    """A move in words: ``吃 三四五 比 一二三``, ``过``, ``碰 五五五``, ``打 五`` (en: with its
    English name after the Chinese one); ``tile``: the tile on the table; ``score``: a 胡's."""
    kind = move.kind
    if kind == "discard":
        return f"{say('table_view.discard', lang)} {glyph(discarded(move))}"
    name = MOVE_ZH[kind] + (f" {_MOVE_EN[kind]}" if lang == "en" else "")
    if kind == "chi":
        return f"{name} {glyphs(eaten(move))}" + "".join(f" 比 {glyphs(b)}" for b in move.bi)
    if kind in ("peng", "wei") and tile is not None:
        return f"{name} {glyph(tile) * 3}"
    if kind in FOUR_KINDS and tile is not None:
        return f"{name} {glyph(tile) * COPIES}"
    if kind == "hu" and score is not None:
        return say("table_view.hu_score", lang, name=name, score=score)
    return name


def origin_words(origin: str, lang: str) -> str:
    """Where a tile comes from (one of ``ORIGINS``), as the seat sees it: ``upper player's discard``, ``上家打出``."""
    if origin not in ORIGINS:
        return origin
    return say(f"table_view.origin_{origin.replace('-', '_')}", lang)


def hu_score(ask: Ask) -> int | None:
    """The score of the 胡 offered at ``ask``, when the engine's decision has it."""
    if ask.decision is None:
        return None
    return next((a.win.score for a in ask.decision.actions if a.action == "hu" and a.win), None)


def menu_lines(ask: Ask, lang: str, notes: dict[int, str] | None = None, footer: Sequence[str] = ()) -> list[str]:
    """The numbered moves of ``ask``, a discard's several a line; ``notes``: a few words after option i
    (0-based, e.g. what it makes 臭); ``footer``: lines after the menu."""
    w = words(lang)
    notes = notes or {}
    if ask.stage == "discard":
        cells = [f"{i:>2} {glyph(discarded(m))}" for i, m in enumerate(ask.options, 1)]
        lines = _cells(w["discard_head"], cells, width(w["discard_head"]) + 1)
    else:
        lines = []
        if ask.tile is not None:
            if ask.origin is None:
                raise ValueError("a tile on the table comes from somewhere: an Ask with a tile has its origin")
            lines.append(w["tile_on"].format(t=glyph(ask.tile), origin=origin_words(ask.origin, lang)))
        score = hu_score(ask)
        for i, m in enumerate(ask.options):
            text = f"{i + 1:>2} {move_words(m, ask.tile, lang, score=score)}"
            if i in notes:
                text += f" ({notes[i]})" if lang == "en" else f"（{notes[i]}）"
            lines += wrap(text, indent="      ")
    for line in footer:
        lines += wrap(line)
    return lines


def why_lines(ask: Ask, view: SeatView, lang: str) -> list[str]:
    """Why each open move is open and each other move is not (the sentences of ``phz act``)."""
    w = words(lang)
    d = ask.decision
    lines: list[str] = []
    if d is None:
        kans = [t for t in range(N_KINDS) if view.hand.concealed[t] == 3]
        if kans:
            lines += wrap(w["kan_never"].format(kan=" ".join(glyph(t) * 3 for t in kans)))
        return lines or [w["all_open"]]
    offered = set(ask.options)
    for a in d.actions:
        if Move(a.action, chi=a.chi, bi=a.bi) in offered:
            lines += wrap(w["may"] + action_text(d, a, lang), indent="    ")
    said = set()
    for f in d.forbidden:
        text = forbidden_text(d, f, lang)
        if text not in said:
            said.add(text)
            lines += wrap(w["may_not"] + text, indent="    ")
    if not said:
        lines.append(w["all_open"])
    return lines
