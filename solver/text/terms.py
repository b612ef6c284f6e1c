"""Terms of the game in Chinese that several text modules say, among them ``words`` and the record
errors' patterns it reads (``record_errors``): a module of its own, which imports no other text module but
the catalogue of words.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache

from .catalogue import say

__all__ = ["FILE_ZH", "STAGE_ZH", "WHY", "file_zh"]

#: the stages of the engine's question (``Ask.stage``), in Chinese
STAGE_ZH = {"qishou": "起手胡", "first": "先取", "hu": "胡", "take": "跑提", "peng": "碰", "chi": "吃",
            "discard": "出牌", "open": "无人要", "claim": "抢"}
#: the short reasons of the obligations engine (results.FORBID_REASONS) for a one-line refusal, each an entry
#: ``terms.why_REASON`` of the catalogue of words
_REASONS = ("geshan", "chi_from", "chou", "kan", "must_wei", "compulsory", "shaobi", "no_discard", "peng_passed",
            "discard_no_hu")


@cache
def _why_in(lang: str) -> dict[str, str]:
    return {reason: say(f"terms.why_{reason}", lang) for reason in _REASONS}


class _Why(Mapping[str, dict[str, str]]):
    """``WHY[lang][reason]``: the reasons in ``lang`` ("en" or "zh"), read from the catalogue when first asked."""

    def __getitem__(self, lang: str) -> dict[str, str]:
        if lang not in ("en", "zh"):
            raise KeyError(lang)
        return _why_in(lang)

    def __iter__(self) -> Iterator[str]:
        return iter(("en", "zh"))

    def __len__(self) -> int:
        return 2


WHY: Mapping[str, dict[str, str]] = _Why()

#: the kinds of file phz reads (``files.read_bytes``'s ``what``), in Chinese
FILE_ZH = {"record": "记录", "ruleset": "规则", "position": "局面", "config": "配置"}


def file_zh(what: str) -> str:
    """A kind of file phz reads in Chinese (``FILE_ZH``; another as it is).

    >>> file_zh("record"), file_zh("socket")
    ('记录', 'socket')
    """
    return FILE_ZH.get(what, what)
