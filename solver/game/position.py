"""A position: what one seat knows at a decision of a hand (issue 16's advice and review start here).

Its own hand and 臭, every meld laid out (another's 偎 face down: its
tiles unknown), the tiles face up in front of each player, how many
concealed tiles each player holds, the tile on the table if one waits
for claims, the stock count, the dealer, who moves, and the decision
asked (its stage and legal options).  Never another player's tiles or the
stock order: the win-chance rollouts (``solver.game.winrate``) deal those
anew, consistently with what is seen.

A position comes from a game (``position_of``: a live ``Game`` at its
``ask()``, e.g. a record replayed to a move), from a position file
(``loads``/``dumps``: JSON, documented in the README), or as a quick
approximation from a hand and the tiles seen (``quick``).

>>> from solver.model.rules import get_ruleset
>>> from solver.game.engine import Game
>>> game = Game(get_ruleset("hunan"), seed=3)
>>> p = position_of(game)
>>> p.stage, p.seat == game.dealer, p.held[p.seat], p.stock
('discard', True, 21, 19)
>>> loads(dumps(p)) == p
True
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Sequence

from .. import limits
from ..model import files
from ..model.hand import Hand
from ..model.notation import parse_hand, parse_tiles
from ..model.rules import Ruleset
from ..model.shown import value_text
from ..model.tiles import COPIES, N_KINDS, glyph, glyphs
from .moves import Move, move_text, parse_move
from .view import others_of, seen_counts, unseen_stock, view_of

__all__ = ["FORMAT", "Position", "PositionError", "dumps", "loads", "position_of", "quick", "with_options"]

FORMAT, VERSION = "phz-position", 2  # version 1 (before tables of four and two) is read as a table of three
STAGES = ("qishou", "first", "hu", "take", "peng", "chi", "discard", "draw")


class PositionError(ValueError):
    """A position file that cannot be read (the message names the field and the fix)."""


@dataclass(frozen=True)
class Position:
    """What seat ``seat`` knows when ``stage`` is asked of it (module docstring)."""
    rules: Ruleset
    seat: int
    dealer: int
    turn: int  # the seat to move (to draw, or whose draw or discard is on the table)
    hand: Hand  # this seat's concealed tiles and melds
    melds: tuple[tuple[tuple[str, tuple[int, ...] | None], ...], ...]  # per seat; another's 偎 is (wei, None)
    held: tuple[int, ...]  # concealed tiles per seat
    faces: tuple[tuple[int, ...], ...]  # per seat: tiles face up in front of it, oldest first
    stock: int
    table: tuple[int, int, str] | None  # (tile, by seat, draw or discard) waiting for claims
    stage: str  # the decision asked (STAGES; draw: nothing asked, the seat to move draws)
    options: tuple[Move, ...]
    chou: frozenset[int] = frozenset()  # 臭 for 吃 (under 过张只能胡, passed tiles)
    passed_peng: frozenset[int] = frozenset()  # 臭 for 碰
    first_discard: bool = False  # the dealer's first discard is still to come, or is the tile on the table
    last_stock: bool = False  # the tile on the table is the last stock tile
    approx: str = ""  # what a quick position assumes ("" for a position of a real table)
    last: int | None = None  # the stock's shown last tile (a table of four), while it is in the stock
    eaten: tuple[tuple[int, ...], ...] = ()  # per seat: tiles it showed that a 吃 took (() when not known)

    @property
    def players(self) -> int:
        """The seats at the table (one of four sits out)."""
        return len(self.held)

    @property
    def out(self) -> int | None:
        """The seat sitting out (坐底), or None."""
        return self.rules.game.sits_out(self.dealer)

    @property
    def others(self) -> list[int]:
        """The other seats that play the hand, from this seat's lower player on."""
        return others_of(self.seat, self.players, self.out)

    def seen_counts(self) -> list[int]:
        """Copies of each tile this seat sees outside its own hand (as ``SeatView.seen_counts``)."""
        return seen_counts(self.seat, self.melds, self.faces, self.table, self.last)

    def unseen(self) -> list[int]:
        """Copies of each tile in others' concealed tiles, their face-down 偎 and the stock."""
        held, seen = self.hand.all_counts(), self.seen_counts()
        return [COPIES - held[t] - seen[t] for t in range(N_KINDS)]


def position_of(game, seat: int | None = None) -> Position:
    """The position of ``seat`` (default: the seat asked) in a live ``Game`` at its current ``ask()``."""
    ask = game.ask()
    if ask is None:
        raise ValueError("the hand is over: there is no decision to advise")
    seat = ask.seat if seat is None else seat
    v = view_of(game, seat)
    mine = ask.seat == seat
    return Position(game.rules, seat, game.dealer, game.turn, v.hand, v.melds,
                    tuple(s.n_concealed for s in game.seats), v.faces, v.stock, v.table,
                    ask.stage if mine else "wait", ask.options if mine else (), v.chou, v.passed_peng,
                    bool(game.first_discard or (game.table is not None and game.table_first)),
                    bool(game.last_stock and v.table is not None), last=v.last, eaten=v.eaten)


def quick(hand: Hand, rules: Ruleset, *, seen: Sequence[int] = (), stock: int | None = None,
          tile: int | None = None, origin: str | None = None, options: Sequence[Move] = ()) -> Position:
    """A position from a hand alone: seat 0 to discard (or, with ``tile`` and its ``origin`` as
    ``phz act`` names it, to answer that tile), ``seen`` counted face up in front of the
    players, the others holding the tiles unseen less the stock between them, no melds
    laid out, nobody 臭, seat 0 not the dealer.  ``approx`` says so."""
    counts = [0] * N_KINDS
    for t in seen:
        counts[t] += 1
    own = hand.all_counts()
    unseen = sum(COPIES - own[t] - counts[t] for t in range(N_KINDS)) - (tile is not None)
    g = rules.game
    opp = others_of(0, g.players, g.sits_out(1))  # seat 0, the dealer seat 1
    unseen -= g.set_aside  # two players: the tiles set aside are never drawn
    if stock is None:  # the others at rest (20 tiles each), the rest in the stock
        stock = max(0, min(N_KINDS * COPIES - sum(g.deal) - g.set_aside, unseen - len(opp) * g.deal[-1]))
    others = unseen - stock
    if others < 0 or stock < 0:
        raise ValueError(f"--stock {stock}: only {unseen} tiles are unseen; give --stock 0 to {unseen}")
    held = [0] * g.players
    held[0] = hand.n_concealed
    for i, q in enumerate(opp):
        held[q] = others // len(opp) + (i < others % len(opp))
    faces: list[tuple[int, ...]] = [()] * g.players
    faces[opp[-1]] = tuple(t for t in range(N_KINDS) for _ in range(counts[t]))
    table, stage, turn = None, "discard", 0
    if tile is not None:
        who, kind = (origin or "upper-discard").split("-")
        by = {"self": 0, "lower": opp[0], "upper": opp[-1]}[who]
        table, stage, turn = (tile, by, kind), "claim", by
    hands = "the other hand" if len(opp) == 1 else "the two other hands"
    approx = (f"a quick position: {others} tiles in {hands} (no melds laid out), {stock} in the "
              "stock, the tiles seen face up, nobody 臭")
    return Position(rules, 0, 1, turn, hand, ((),) * g.players, tuple(held), tuple(faces), stock, table, stage,
                    tuple(options), approx=approx)


# ---------------------------------------------------------------- the position file

def dumps(p: Position) -> str:
    """The position as a JSON object (the position file of the README)."""
    from .record import header
    obj = {"format": FORMAT, "version": VERSION, "ruleset": header(p.rules)["ruleset"],
           "seat": p.seat, "dealer": p.dealer, "turn": p.turn, "hand": p.hand.text(),
           "melds": [[[k, glyphs(t) if t is not None else None] for k, t in m] for m in p.melds],
           "held": list(p.held), "faces": ["".join(glyph(t) for t in f) for f in p.faces], "stock": p.stock,
           "table": None if p.table is None else {"tile": glyph(p.table[0]), "by": p.table[1], "kind": p.table[2]},
           "stage": p.stage, "options": [move_text(m) for m in p.options],
           "chou": glyphs(sorted(p.chou)), "passed_peng": glyphs(sorted(p.passed_peng)),
           "first_discard": p.first_discard, "last_stock": p.last_stock}
    if p.approx:
        obj["approx"] = p.approx
    if p.last is not None:
        obj["last_tile"] = glyph(p.last)
    if p.eaten:
        obj["eaten"] = ["".join(glyph(t) for t in f) for f in p.eaten]
    return json.dumps(obj, ensure_ascii=False)


def loads(text: str, folder=None, *, rules: Ruleset | None = None) -> Position:
    """A position from its JSON (``dumps``); PositionError naming the field that is wrong.  ``folder``:
    where the position file is (a ruleset file it names must be there; ``record_rules.ruleset_of``);
    ``rules``: the ruleset the user gave (``--rules``)."""
    from .record_rules import ruleset_of, ruleset_of_version_1
    try:
        obj = files.loads_json(text, what="the position")
    except json.JSONDecodeError as e:
        raise PositionError(f"not JSON ({e.msg} at line {e.lineno} column {e.colno})") from None
    except files.FileRefused as e:
        raise PositionError(str(e)) from None
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise PositionError(f'a position file is a JSON object with "format": "{FORMAT}"')
    if obj.get("version") not in (1, VERSION):
        raise PositionError(f"position version {value_text(obj.get('version'))}: this phz reads version {VERSION}")
    field = "ruleset"
    try:
        if obj["version"] == 1:  # before tables of four and two: a table of three
            rules = ruleset_of_version_1(obj.get("ruleset", "hunan"), folder=folder, given=rules)
        else:
            rules = ruleset_of(obj.get("ruleset", "hunan"), folder=folder, given=rules, what="position")
        field = "hand"
        hand = parse_hand(_get(obj, "hand", str), rules)
        field = "melds"
        melds = tuple(tuple((_text(k), parse_tiles(_text(t)) if t is not None else None) for k, t in m)
                      for m in _get(obj, "melds", list))
        field = "faces"
        faces = tuple(parse_tiles(_text(f)) for f in _get(obj, "faces", list))
        field = "table"
        t = obj.get("table")
        if t is not None and not isinstance(t, dict):
            raise ValueError(f"is {value_text(t)}: a table {{tile, by, kind}} or null")
        table = None if t is None else (parse_tiles(_get(t, "tile", str))[0], _number(t, "by", limits.SEAT),
                                        _get(t, "kind", str))
        field = "options"
        options = tuple(parse_move(_text(m)) for m in _get(obj, "options", list, ()))
        values = {}
        for field, bounds in (("seat", limits.SEAT), ("dealer", limits.SEAT), ("turn", limits.SEAT),
                              ("stock", limits.STOCK)):
            values[field] = _number(obj, field, bounds)
        field = "held"
        held = tuple(_number({"held": h}, "held", (0, N_KINDS * COPIES)) for h in _get(obj, "held", list))
        field = "stage"
        stage = _get(obj, "stage", str)
        field = "chou"
        chou = frozenset(parse_tiles(_get(obj, "chou", str, "")))
        field = "passed_peng"
        passed = frozenset(parse_tiles(_get(obj, "passed_peng", str, "")))
        field = "first_discard"
        first = _get(obj, "first_discard", bool, False)
        field = "last_stock"
        last = _get(obj, "last_stock", bool, False)
        field = "approx"
        approx = _get(obj, "approx", str, "")
        field = "last_tile"
        shown = obj.get("last_tile")
        shown = None if shown is None else parse_tiles(_text(shown))[0]
        field = "eaten"
        eaten = tuple(parse_tiles(_text(f)) for f in _get(obj, "eaten", list, []))
        p = Position(rules, values["seat"], values["dealer"], values["turn"], hand, melds, held, faces,
                     values["stock"], table, stage, options, chou, passed, first, last, approx, shown, eaten)
    except KeyError as e:
        raise PositionError(f"the position has no {e.args[0]!r} field") from None
    except (ValueError, TypeError, IndexError) as e:
        raise PositionError(f"the position's {field!r} field: {e}") from None
    problem = _problem(p)
    if problem:
        raise PositionError(problem)
    return p


_MISSING = object()
_KIND_WORDS = {str: "a string", list: "a list", bool: "true or false", dict: "a table"}


def _get(obj: dict, name: str, kind: type, default=_MISSING):
    """``obj[name]``, which must be of ``kind`` (KeyError when missing and there is no default)."""
    if name not in obj:
        if default is _MISSING:
            raise KeyError(name)
        return default
    value = obj[name]
    if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
        raise ValueError(f"is {value_text(value)}: it holds {_KIND_WORDS[kind]}")
    return value


def _text(value) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{value_text(value)} is not a string")
    return value


def _number(obj: dict, name: str, bounds: tuple[int, int]) -> int:
    if name not in obj:
        raise KeyError(name)
    value = obj[name]
    if not limits.check(value, bounds):
        raise ValueError(f"is {value_text(value)}: give a whole number from {bounds[0]} to {bounds[1]}")
    return value


def _problem(p: Position) -> str | None:
    n = p.rules.game.players
    if len(p.melds) != n or len(p.held) != n or len(p.faces) != n:
        return f"melds, held and faces need one entry per player ({n})"
    if p.eaten and len(p.eaten) != n:
        return f"eaten needs one entry per player ({n}), or leave it out"
    eaten_in = {t for m in p.melds for k, ts in m if k == "chi" and ts is not None for t in ts}
    lost = sorted({glyph(t) for f in p.eaten for t in f if t not in eaten_in})
    if lost:
        return f"eaten: {' '.join(lost)} is in no 吃 laid out; name only tiles a 吃 took"
    if not (0 <= p.seat < n and 0 <= p.dealer < n and 0 <= p.turn < n):
        return f"seat, dealer and turn are seats 0 to {n - 1}"
    if p.stage not in STAGES + ("wait", "claim"):
        return f"stage {p.stage!r}: one of {', '.join(STAGES)}"
    if p.held[p.seat] != p.hand.n_concealed:
        return f"held[{p.seat}] is {p.held[p.seat]} but the hand holds {p.hand.n_concealed} concealed tiles"
    own = tuple((m.kind, m.tiles) for m in p.hand.melds)
    if tuple(p.melds[p.seat]) != own:
        return "the seat's own melds must be the melds of its hand"
    bad = [glyph(t) for t, u in enumerate(p.unseen()) if u < 0]
    if bad:
        return f"more than {COPIES} copies of {' '.join(bad)} in the hand and the tiles seen"
    if p.out is not None and (p.held[p.out] or p.melds[p.out] or p.faces[p.out] or p.out in (p.seat, p.turn)):
        return f"seat {p.out} sits out (坐底, opposite the dealer): it holds nothing and never moves"
    if p.last is not None and (not p.rules.game.shows_last or not p.stock):
        return "last_tile: only a table of four shows the stock's last tile, while the stock holds it"
    hidden = sum(3 for q, m in enumerate(p.melds) if q != p.seat for _, t in m if t is None)
    stock = unseen_stock(p.stock, p.last, p.rules)
    need = sum(h for q, h in enumerate(p.held) if q != p.seat) + stock + hidden
    if need != sum(p.unseen()):
        return (f"the others' concealed tiles ({need - stock - hidden}), face-down 偎 ({hidden // 3}) and the "
                f"stock ({stock}) must hold the {sum(p.unseen())} tiles not seen")
    return None


def with_options(p: Position, stage: str, options: Sequence[Move]) -> Position:
    """The same position with another decision asked."""
    return replace(p, stage=stage, options=tuple(options))
