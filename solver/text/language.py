"""Which language a person reads: en or zh, from what was asked or else from the locale.

Loads nothing of the solver, so ``phz --help`` can choose its language.

>>> default_lang({"LANG": "zh_CN.UTF-8"}), default_lang({"LC_ALL": "C.UTF-8", "LANG": "zh_CN"}), default_lang({})
('zh', 'en', 'en')
>>> language("中文"), language(None, {"LC_MESSAGES": "zh_TW"}), language("fr")
('zh', 'zh', None)
"""
from __future__ import annotations

import os
from typing import Mapping

__all__ = ["default_lang", "language"]


def default_lang(environ: Mapping[str, str] = os.environ) -> str:
    """'zh' when the locale is Chinese (LC_ALL, LC_MESSAGES, LANG: the first set decides), else 'en'."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var)
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


def language(lang: str | None, environ: Mapping[str, str] = os.environ) -> str | None:
    """``lang`` as en or zh (None: the locale's); None for a language phz does not speak."""
    if lang is None:
        return default_lang(environ)
    key = lang.strip().lower()
    if key.startswith("zh") or key in ("cn", "中文"):
        return "zh"
    return "en" if key.startswith("en") else None
