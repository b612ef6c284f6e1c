"""The names several layers share, each written once: the default ruleset, who reveals a tile, the kinds
of question, the deals of a win-chance estimate.

Like ``solver.limits`` it sits beside the layers and imports nothing of phz, so that ``--help`` can name them
without loading the model; the model, the game, the trainer and the commands all take them from here.
"""
from __future__ import annotations

from importlib import resources

__all__ = ["DEFAULT_RULESET", "DEFAULT_SAMPLES", "ORIGINS", "ORIGIN_ZH", "QUESTION_KINDS", "shipped_rulesets"]

#: the ruleset of a command without --rules, $PHZ_RULES or a config file
DEFAULT_RULESET = "hunan"
#: who reveals a tile at a decision (``phz act --from``), and their Chinese names
ORIGINS = ("upper-discard", "upper-draw", "self-draw", "lower-discard", "lower-draw")
ORIGIN_ZH = {"upper-discard": "上家打出", "upper-draw": "上家摸出", "self-draw": "自己摸出",
             "lower-discard": "下家打出", "lower-draw": "下家摸出"}
#: the kinds of question of the puzzle library and the drills
QUESTION_KINDS = ("ting", "discard", "huxi", "chi", "chou")
#: deals played out per choice by a win-chance estimate, unless --samples says otherwise
DEFAULT_SAMPLES = 100


def shipped_rulesets() -> tuple[str, ...]:
    """The names of the rulesets phz ships (``solver/rulesets/*.toml``), sorted."""
    return tuple(sorted(p.name[:-5] for p in resources.files("solver.rulesets").iterdir() if p.name.endswith(".toml")))
