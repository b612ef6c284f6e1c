"""What most kinds do alike, for a kind's module to take as its own (``from ._shared import …``); not a
kind itself (the registry skips modules whose name starts with ``_``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from ... import api
from ...model.notation import parse_tiles
from ...model.tiles import GLYPHS
from ...text.catalogue import say
from ..question import Facts, Question, _tile_list, kept

if TYPE_CHECKING:
    from ...model.results import Decision
    from ...model.rules import Ruleset
    from ..progress import Store

__all__ = ["AtTile", "decision", "no_mistakes", "own_generator", "passed_lines"]


@dataclass(frozen=True, kw_only=True)
class AtTile(Facts):
    """The facts of a decision at a tile that appears (chi, chou): the tile, where it comes from
    (``obligations.SOURCES``), and the tiles already passed this hand, for 吃 (``chou``) and for 碰."""
    tile: str
    from_: str
    chou: str = ""
    passed_peng: str = ""


def decision(q: Question[AtTile]) -> Decision:
    """The obligations decision at the tile of question ``q`` (its facts an ``AtTile``), worked out once."""
    f = q.facts
    return kept(q, "_decision", lambda: api.decide(q.hand, tile=f.tile, source=f.from_, chou=f.chou,
                                                   passed_peng=f.passed_peng, seen=q.seen, rules=q.rules))


def passed_lines(q: Question[AtTile], zh: bool) -> list[str]:
    """The tiles passed this hand (the context of a chou question, and of a chi question that has some)."""
    f = q.facts
    none = say("question.none", zh)
    if q.rules.passed == "hu_only":  # one list: a passed tile may afterwards only be won on
        passed = " ".join(GLYPHS[t] for t in sorted(set(parse_tiles(f.chou + f.passed_peng))))
        return [say("question.passed_hu_only", zh, tiles=passed or none)]
    return [say("question.passed_chi", zh, tiles=_tile_list(f.chou) or none),
            say("question.passed_peng", zh, tiles=_tile_list(f.passed_peng) or none)]


def own_generator(own: str, base: int, tag: str | None, rules: Ruleset, frozen: bool) -> str:
    """Its own: every drill of it is made by its generator."""
    return own


def no_mistakes(store: Store, ids: Sequence[int] | None = None, *, rules: Ruleset | None = None) -> dict[int, Any]:
    """None: a missed question of the kind comes back itself, by its puzzle id or drill seed (``progress``)."""
    return {}
