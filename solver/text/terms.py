"""Terms of the game in Chinese that several text modules say, among them ``words`` and the record
errors' patterns it reads (``record_errors``): a module of its own, which imports no other text module but
the catalogue of words.
"""
from __future__ import annotations

from ..model.results import FORBID_REASONS
from .catalogue import say

__all__ = ["FILE_ZH", "STAGE_ZH", "file_zh", "why"]

#: the stages of the engine's question (``Ask.stage``), in Chinese
STAGE_ZH = {"qishou": "起手胡", "first": "先取", "hu": "胡", "take": "跑提", "peng": "碰", "chi": "吃",
            "discard": "出牌", "open": "无人要", "claim": "抢"}
def why(reason: str, lang: str) -> str:
    """A short reason of the obligations engine (``results.FORBID_REASONS``) for a one-line refusal, in ``lang``
    (the catalogue's ``terms.why_REASON``); another code as it is."""
    return say(f"terms.why_{reason}", lang) if reason in FORBID_REASONS else reason


#: the kinds of file phz reads (``files.read_bytes``'s ``what``), in Chinese
FILE_ZH = {"record": "记录", "ruleset": "规则", "position": "局面", "config": "配置"}


def file_zh(what: str) -> str:
    """A kind of file phz reads in Chinese (``FILE_ZH``; another as it is).

    >>> file_zh("record"), file_zh("socket")
    ('记录', 'socket')
    """
    return FILE_ZH.get(what, what)
