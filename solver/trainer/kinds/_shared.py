"""What most kinds do alike, for a kind's module to take as its own (``from ._shared import …``); not a
kind itself (the registry skips modules whose name starts with ``_``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

if TYPE_CHECKING:
    from ...model.rules import Ruleset
    from ..progress import Store

__all__ = ["no_mistakes", "own_generator"]


def own_generator(own: str, base: int, tag: str | None, rules: Ruleset, frozen: bool) -> str:
    """Its own: every drill of it is made by its generator."""
    return own


def no_mistakes(store: Store, ids: Sequence[int] | None = None, *, rules: Ruleset | None = None) -> dict[int, Any]:
    """None: a missed question of the kind comes back itself, by its puzzle id or drill seed (``progress``)."""
    return {}
