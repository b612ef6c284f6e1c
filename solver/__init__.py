"""phz: a hand analyser and trainer for 跑胡子 (Paohuzi, 字牌).

The public API is ``solver.api`` and the types its answers are made of,
all listed here.  Names load when first used, so importing this package
imports neither numba nor numpy (one-hand commands stay fast)::

    >>> import solver
    >>> t = solver.ting("一二三壹贰叁贰柒拾四五六八九十七七七伍伍")
    >>> [(w.tile, w.self.score, w.other.score) for w in t.waits]  # 五 七 伍
    [(4, 3, 2), (6, 10, 6), (14, 5, 3)]
    >>> solver.hu("一二三壹贰叁贰柒拾七八九五五五陆柒捌四六", win="五", source="self").reason
    'forced_ti'

The layers below: ``solver.model`` (tiles, notation, hands, rulesets,
answers), ``solver.engine`` (the reference, the numba kernels, legal
moves, distance to ready), ``solver.text`` (what a person reads),
``solver.app`` (batches, benchmarks) and ``solver.trainer`` (the quiz).
"""
from __future__ import annotations

import importlib

# name -> the module that defines it
_PUBLIC = {
    **dict.fromkeys(("ting", "discard", "discard_choice", "best_discards", "hu", "decide", "ting_many",
                     "discard_many", "hu_many", "load", "ruleset", "TING_BUDGET", "TABLE_BUDGET"), "solver.api"),
    **dict.fromkeys(("Hand", "Meld", "HandError"), "solver.model.hand"),
    **dict.fromkeys(("parse_hand", "parse_tiles", "parse_tile"), "solver.model.notation"),
    "Group": "solver.model.groups",
    **dict.fromkeys(("Ruleset", "RULESETS", "DEFAULT_RULESET"), "solver.model.rules"),
    **dict.fromkeys(("Win", "Wait", "Ting", "Draw", "Intake", "DiscardRow", "DiscardAdvice", "Discards", "HuResult",
                     "Decision", "Action", "Forbidden", "Candidate"), "solver.model.results"),
}

__all__ = sorted(_PUBLIC)


def __getattr__(name: str):
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'solver' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # the next lookup is a plain one
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
