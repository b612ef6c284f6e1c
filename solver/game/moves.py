"""What a player chooses at the table and what the engine asks: ``Move``, ``Ask`` and their text.

A move is one of the actions of ``phz act`` (胡, 提, 偎, 跑, 招, 碰, 吃 with
its 比, 过) or a discard.  Its text, used in game records and typed at the
terminal, is the action's name and its tiles in glyphs::

    hu   pass   ti   wei   pao   zhao   peng   chi 一二三   chi 三四五 比 一二三   discard 五

Chinese names are read as well (胡 过 提 偎 跑 招 碰 吃 打), and ``bi`` for 比.

>>> m = parse_move("吃 三四五 比 一二三")
>>> m, move_text(m)
(Move(kind='chi', tile=None, chi=(2, 3, 4), bi=((0, 1, 2),)), 'chi 三四五 比 一二三')
>>> move_text(parse_move("discard 伍"))
'discard 伍'
"""
from __future__ import annotations

from dataclasses import dataclass

from ..model.notation import parse_tiles
from ..model.results import ACTIONS, Decision, Shape
from ..model.tiles import glyph, glyphs

#: every kind of move: the actions of a decision point, then a discard
MOVES = ACTIONS + ("discard",)
#: the Chinese name of each move, read on input and shown at the table
MOVE_ZH = {"hu": "胡", "ti": "提", "wei": "偎", "pao": "跑", "zhao": "招", "peng": "碰", "chi": "吃", "pass": "过",
           "discard": "打"}
_READ = {v: k for k, v in MOVE_ZH.items()} | {k: k for k in MOVES}

#: the stages of a claim round (RULES.md 10), in the order they are asked; ``qishou`` is the 亮张's
#: 胡, ``first`` a take made before anyone else may claim (one's own 提/偎, a 招 others may not win on);
#: ``open`` (lenient games only) a tile nobody may claim, where a record may still break a rule
STAGES = ("qishou", "first", "hu", "take", "peng", "chi", "discard", "open")


class MoveError(ValueError):
    """A move text that cannot be read: one line naming the fix."""


@dataclass(frozen=True)
class Move:
    kind: str  # one of MOVES
    tile: int | None = None  # the tile discarded
    chi: Shape | None = None  # 吃: the group holding the eaten tile
    bi: tuple[Shape, ...] = ()  # 吃: the 比 groups


@dataclass(frozen=True)
class Ask:
    """A decision the engine asks of one seat: choose one of ``options``.

    ``tile`` is the tile on the table (for a discard, None); ``origin`` where
    it comes from as this seat sees it (one of results.ORIGINS); ``decision``
    the obligations engine's whole answer for this seat and tile (also what
    is forbidden and why), None for a discard.
    """
    seat: int
    stage: str  # one of STAGES
    tile: int | None
    origin: str | None
    options: tuple[Move, ...]
    decision: Decision | None = None

    @property
    def forced(self) -> bool:
        """One option only: a compulsory move (or the only discard)."""
        return len(self.options) == 1


def move_text(move: Move) -> str:
    """The record text of ``move`` (module docstring)."""
    if move.kind == "discard":
        assert move.tile is not None  # a discard names its tile (parse_move, the engine's options)
        return f"discard {glyph(move.tile)}"
    if move.kind == "chi":
        assert move.chi is not None  # a 吃 names its group
        text = f"chi {glyphs(move.chi)}"
        return text + "".join(f" 比 {glyphs(b)}" for b in move.bi)
    return move.kind


def parse_move(text: str) -> Move:
    """The move a record line or a player typed (module docstring); MoveError otherwise."""
    words = text.replace("比", " 比 ").split()
    if not words or words[0].lower() not in _READ:
        raise MoveError(f"not a move: {text.strip()!r}; write one of {', '.join(MOVES)} "
                        "(e.g. 'chi 一二三', 'discard 五')")
    kind = _READ[words[0].lower()]
    rest = words[1:]
    try:
        if kind == "discard":
            tiles = parse_tiles("".join(rest))
            if len(tiles) != 1:
                raise MoveError(f"a discard names one tile: {text.strip()!r} (e.g. 'discard 五')")
            return Move("discard", tile=tiles[0])
        if kind == "chi":
            parts = " ".join(rest).replace("bi", "比").split("比")
            groups = [tuple(sorted(parse_tiles(p))) for p in parts]
            shapes = [g for g in groups if len(g) == 3]  # (a Shape each)
            if len(shapes) != len(groups):
                raise MoveError(f"吃 names groups of 3 tiles: {text.strip()!r} (e.g. 'chi 三四五 比 一二三')")
            return Move("chi", chi=shapes[0], bi=tuple(sorted(shapes[1:])))
    except ValueError as e:
        if isinstance(e, MoveError):
            raise
        raise MoveError(f"{e} in the move {text.strip()!r}") from None
    if rest:
        raise MoveError(f"{MOVE_ZH[kind]} ({kind}) takes no tiles: {text.strip()!r}")
    return Move(kind)
