"""The names several layers share, each written once: the default ruleset, who reveals a tile, the kinds
of question, the deals of a win-chance estimate.

Like ``solver.limits`` it sits beside the layers and imports nothing of phz, so that ``--help`` can name them
without loading the model; the model, the game, the trainer and the commands all take them from here.
"""
from __future__ import annotations

import os
import re
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Iterable

__all__ = ["CHOICE_KINDS", "DEFAULT_RULESET", "DEFAULT_SAMPLES", "ORIGINS", "ORIGIN_ZH", "QUESTION_KINDS", "kind_constants",
           "kinds_in", "kinds_with", "shipped_rulesets"]

#: the ruleset of a command without --rules, $PHZ_RULES or a config file
DEFAULT_RULESET = "hunan"
#: who reveals a tile at a decision (``phz act --from``), and their Chinese names
ORIGINS = ("upper-discard", "upper-draw", "self-draw", "lower-discard", "lower-draw")
ORIGIN_ZH = {"upper-discard": "上家打出", "upper-draw": "上家摸出", "self-draw": "自己摸出",
             "lower-discard": "下家打出", "lower-draw": "下家摸出"}


def kinds_in(folders: Iterable[str | os.PathLike[str] | Traversable]) -> tuple[tuple[int, str, bool], ...]:
    """(ORDER, name, HAND) of each kind registered in ``folders`` (``solver/trainer/kinds``, a module per kind:
    ``solver.trainer.kinds``), ORDER first, read from its module's ``ORDER = n`` and ``HAND = True|False``
    lines without importing it (a name found twice: the first folder's).  Each folder is read once."""
    found: dict[str, tuple[int, str, bool]] = {}
    for folder in folders:
        for kind in _kinds_of(str(folder)):
            found.setdefault(kind[1], kind)
    return tuple(sorted(found.values()))


@cache
def _kinds_of(folder: str) -> tuple[tuple[int, str, bool], ...]:
    """(ORDER, name, HAND) of each kind's module in ``folder``, by name."""
    found = []
    for entry in sorted(Path(folder).iterdir(), key=lambda e: e.name):
        name = entry.name.removesuffix(".py")
        if entry.name.endswith(".py") and not name.startswith("_"):
            text = _source(str(entry))
            order, hand = re.search(r"^ORDER = (\d+)$", text, re.M), re.search(r"^HAND = (True|False)$", text, re.M)
            if order is None or hand is None:
                raise ValueError(f"{entry.name}: a kind's module has an `ORDER = n` and a `HAND = True|False` line")
            found.append((int(order[1]), name, hand[1] == "True"))
    return tuple(found)


def kinds_with(folders: Iterable[str | os.PathLike[str] | Traversable], flag: str) -> tuple[str, ...]:
    """The kinds registered in ``folders`` (as ``kinds_in``) whose module has the line ``FLAG = True``, in
    their ORDER, read without importing them."""
    return tuple(name for _, name, _ in kinds_in(folders) if any(_flagged(str(f), name, flag) for f in folders))


@cache
def _source(path: str) -> str:
    """A kind's module's text, read once however many of its lines are asked for."""
    return Path(path).read_text(encoding="utf-8")


@cache
def _flagged(folder: str, name: str, flag: str) -> bool:
    path = Path(folder) / f"{name}.py"
    return path.is_file() and re.search(rf"^{flag} = True$", _source(str(path)), re.M) is not None


def kind_constants(folders: Iterable[str | os.PathLike[str] | Traversable], name: str,
                   names: Iterable[str]) -> dict[str, object]:
    """The constants ``names`` that kind ``name``'s module in ``folders`` assigns as plain literals
    (``PUZZLE_NEEDS = ("tile",)``), read from its file without importing it; those it lacks are left out."""
    for folder in folders:
        path = Path(str(folder)) / f"{name}.py"
        if path.is_file():
            return {k: v for k, v in _literals(str(path)).items() if k in set(names)}
    return {}


@cache
def _literals(path: str) -> dict[str, object]:
    import ast

    found: dict[str, object] = {}
    for node in ast.parse(_source(path)).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                found[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:  # not a literal: not a constant this reads
                pass
    return found


#: the kinds of question of the puzzle library and the drills: the kinds on a hand registered in
#: ``solver/trainer/kinds`` (a module each), read from their files (``kinds_in``), in their ORDER
QUESTION_KINDS = tuple(name for _, name, hand in kinds_in([resources.files("solver").joinpath("trainer", "kinds")])
                       if hand)
#: the kinds whose answer is one choice among the moves open, the best one right (``CHOICE = True`` in their
#: module): their right answers are the optimal choices ``phz stats`` counts
CHOICE_KINDS = kinds_with([resources.files("solver").joinpath("trainer", "kinds")], "CHOICE")
#: deals played out per choice by a win-chance estimate, unless --samples says otherwise
DEFAULT_SAMPLES = 100


def shipped_rulesets() -> tuple[str, ...]:
    """The names of the rulesets phz ships (``solver/rulesets/*.toml``), sorted."""
    return tuple(sorted(p.name[:-5] for p in resources.files("solver.rulesets").iterdir() if p.name.endswith(".toml")))
