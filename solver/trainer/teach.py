"""Teaching: after an answer, the solver's full table for the question, where the answer fell short, and why.

The lines shown after the verdict are ``solver.trainer.asking.explanation``'s (its kind's ``teach``, then the
tags and the note); the table helpers several kinds teach with are here.
(``solver.text.explain`` is another thing: the decision sentences it borrows for chi and chou questions.)
"""
from __future__ import annotations

from typing import Iterable

from tabulate import tabulate

from ..model.tiles import GLYPHS
from ..text.catalogue import say
from ..text.render import TABLE_FORMAT


def _mark(best: bool, yours: bool, zh: bool) -> str:
    """The last cell of a table row: the best row and the learner's."""
    words = ([say("teach.best", zh)] if best else []) + ([say("teach.yours", zh)] if yours else [])
    return "← " + ("，" if zh else ", ").join(words) if words else ""


def _tabulate(rows, headers) -> list[str]:
    return tabulate(rows, headers, tablefmt=TABLE_FORMAT, disable_numparse=True).split("\n")


def _tiles_comma(tiles: Iterable[int], zh: bool) -> str:
    return ("、" if zh else ", ").join(GLYPHS[t] for t in tiles)


def _win_cells(w) -> list[str]:
    return ["—", "", ""] if w is None else [str(w.huxi), str(w.score), w.how]


#: who reveals a tile, in the Chinese of the explanations
_SOURCE_ZH = {"self": "自摸", "other": "别人摸出", "discard": "别人打出"}
