"""Terms of the game in Chinese that several text modules say, among them ``words`` and the record
errors' patterns it reads (``record_errors``): a module of its own, which imports no other text module.
"""
from __future__ import annotations

__all__ = ["FILE_ZH", "STAGE_ZH", "WHY", "file_zh"]

#: the stages of the engine's question (``Ask.stage``), in Chinese
STAGE_ZH = {"qishou": "起手胡", "first": "先取", "hu": "胡", "take": "跑提", "peng": "碰", "chi": "吃",
            "discard": "出牌", "open": "无人要", "claim": "抢"}
#: short reasons of the obligations engine (results.FORBID_REASONS) for a one-line refusal
WHY = {"en": {"geshan": "不吃隔山牌: never the lower player's", "chi_from": "not eaten from there",
              "chou": "臭 for you", "kan": "坎 tiles stay whole", "must_wei": "it must be 偎'd",
              "compulsory": "a compulsory move comes first", "shaobi": "the 比 fails",
              "no_discard": "no discard would be left", "peng_passed": "臭 for 碰",
              "discard_no_hu": "a discard cannot be won on"},
       "zh": {"geshan": "不吃隔山牌", "chi_from": "这张牌不能吃", "chou": "臭张", "kan": "拆对不拆坎",
              "must_wei": "必须偎", "compulsory": "有必须走的一步", "shaobi": "比不下来",
              "no_discard": "之后没有牌可打", "peng_passed": "碰是臭的", "discard_no_hu": "打出的牌不能胡"}}
#: the kinds of file phz reads (``files.read_bytes``'s ``what``), in Chinese
FILE_ZH = {"record": "记录", "ruleset": "规则", "position": "局面", "config": "配置"}


def file_zh(what: str) -> str:
    """A kind of file phz reads in Chinese (``FILE_ZH``; another as it is).

    >>> file_zh("record"), file_zh("socket")
    ('记录', 'socket')
    """
    return FILE_ZH.get(what, what)
