"""Rulesets by name: ``get_ruleset`` and the shipped ones, with the ruleset type.

The type and its vocabularies are in ``solver.model.ruleset``; reading and
checking a file is ``solver.model.ruleset_file``.  ``HUNAN`` (the default)
and ``RULESETS`` (every shipped ruleset by name) are read on first use.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import ruleset_file
from .ruleset import FAN_CONDITIONS, FOUR_KINDS, HOLDINGS, MELD_KINDS, PATTERNS, TAKE_SOURCES, Fan, Game, Ruleset, Take

__all__ = ["DEFAULT_RULESET", "FAN_CONDITIONS", "FOUR_KINDS", "HOLDINGS", "MELD_KINDS", "PATTERNS", "TAKE_SOURCES",
           "Fan", "Game", "Ruleset", "Take", "get_ruleset"]

#: the ruleset a command uses when none is named (RULES.md 8)
DEFAULT_RULESET = ruleset_file.DEFAULT

if TYPE_CHECKING:  # (read on first use, by __getattr__)
    HUNAN: Ruleset
    RULESETS: dict[str, Ruleset]


def get_ruleset(name: str) -> Ruleset:
    """The ruleset ``name`` names: a shipped one (or one of its aliases, any letter
    case), or a file when ``name`` holds a ``/`` or ends in ``.toml``.
    ``ValueError`` (a ``RulesetError``) in one line otherwise."""
    return ruleset_file.load(name)


def __getattr__(name: str) -> Ruleset | dict[str, Ruleset]:
    if name == "HUNAN":
        return get_ruleset("hunan")
    if name == "RULESETS":
        return {n: get_ruleset(n) for n in ruleset_file.shipped()}
    raise AttributeError(name)
