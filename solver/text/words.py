"""The names of things as a person reads them, each table once (the model's notation has the meld names)."""
from __future__ import annotations

from ..model.groups import GROUP_KINDS
from ..model.hand import MELD_ZH
from ..model.results import ACTIONS, ORIGIN_ZH

__all__ = ["CONDITION_TEXT", "CONDITION_ZH", "GROUP_ZH", "MELD_ZH", "MOVE_ZH", "ONTO_ZH", "ORIGIN_ZH", "SOURCE_TEXT"]

#: a 门子 by its kind (句 for a sequence and for 二七十; 将 the pair; 吃 an exposed 吃 meld)
GROUP_ZH = {"ju": "句", "jiao": "绞", "kan": "坎", "peng": "碰", "wei": "偎", "pao": "跑", "ti": "提",
            "zhao": "招", "long": "垅", "jiang": "将", "chi": "吃"}
#: a move at a decision point
MOVE_ZH = {"hu": "胡", **MELD_ZH, "pass": "过"}
#: what a tile joins in a 提, 偎, 跑 or 碰
ONTO_ZH = {"kan": "坎", "wei": "偎", "peng": "碰"}
#: who revealed a winning tile, in English
SOURCE_TEXT = {"self": "self-drawn", "other": "from another player", "discard": "on another player's discard"}
#: the context a game gives a win (ruleset.GAME_CONDITIONS): its Chinese name, and the tile or hand in English
CONDITION_ZH = {"haidi": "海底", "tianhu": "天胡", "dihu": "地胡", "qishou": "起手胡"}
CONDITION_TEXT = {"haidi": "the last stock tile", "tianhu": "a dealt hand", "dihu": "the dealer's first discard",
                  "qishou": "the 亮张"}


def group_zh(kind: str, sequence: str = "句") -> str:
    """The Chinese name of a 门子 kind, a sequence called as the ruleset calls it (句; luzhou 列)."""
    return sequence if kind == "ju" else GROUP_ZH[kind]

assert set(GROUP_ZH) == set(GROUP_KINDS) and set(MOVE_ZH) >= set(ACTIONS)
