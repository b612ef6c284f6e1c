"""A question's facts as the tests read them, whatever its kind: ``fact(q, "tile")`` is the tile a huxi,
chi or chou question is about, and what a question of another kind would have had before facts were its
kind's (None, or an empty text or menu), so that one check reads every kind alike."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

#: what a question whose kind has no such fact reads
ABSENT: dict[str, Any] = {"tile": None, "source": None, "from_": None, "action": None, "chou": "", "passed_peng": "",
                          "menu": ()}


def fact(q: Any, name: str) -> Any:
    """The fact ``name`` of question ``q``: its kind's, else what ``ABSENT`` says."""
    return getattr(q.facts, name, ABSENT[name])


def without_menu(q: Any) -> Any:
    """A copy of ``q`` as it was before its kind filled in its menu (a chi question's), to make it again; a copy
    keeps nothing worked out about ``q`` (its solution)."""
    if not hasattr(q.facts, "menu"):
        return replace(q)
    return replace(q, facts=replace(q.facts, menu=()))
