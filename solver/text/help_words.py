"""``--help`` in Chinese: every English help text of phz beside its Chinese, one entry per text.

The entries are in ``help_words.toml``, beside this module: each ``[[help]]`` has ``en``, the English
exactly as a command gives it to click (its docstring, an option's help, an epilog), and ``zh``, the
Chinese.  A help text built from values (a default) may be an entry with named placeholders,
``{name}``, in both languages: the English finds the values in the text, the Chinese puts them
back.  click's own words (the headings, ``[default: …]``) are in ``CLICK``.  ``zh_of`` is the one
lookup; a text without an entry stays English, which tests/test_help_zh.py finds.  The file is read
only when a help is asked for in Chinese.
"""
from __future__ import annotations

import re
import tomllib
from functools import cache
from importlib import resources

__all__ = ["CLICK", "entries", "zh_of"]

#: click's words, en -> zh (headings, the usage prefix, what it appends to an option's help)
CLICK = {
    "Usage:": "用法：",
    "Options": "选项",
    "Commands": "命令",
    "Arguments": "参数",
    "default": "默认",
    "required": "必填",
    "Show this message and exit.": "显示这段帮助并退出。",
    "Show the version and exit.": "显示版本并退出。",
}


@cache
def entries() -> dict[str, str]:
    """The help texts of ``help_words.toml``, en -> zh."""
    data = tomllib.loads(resources.files(__package__).joinpath("help_words.toml").read_text("utf-8"))
    return {e["en"]: e["zh"] for e in data.get("help", [])}


@cache
def _templates() -> tuple[tuple[re.Pattern[str], str], ...]:
    """The entries with placeholders, as (a pattern that finds the values in the English, the Chinese)."""
    found = []
    for en, zh in entries().items():
        if "{" in en:
            pattern = re.escape(en)
            for name in re.findall(r"\\\{(\w+)\\\}", pattern):
                pattern = pattern.replace(rf"\{{{name}\}}", f"(?P<{name}>.+?)", 1)
            found.append((re.compile(pattern + r"\Z", re.S), zh))
    return tuple(found)


_EXTRA = re.compile(r"(?s)(.*?)(\s*)\[([^\[\]]*)\]\Z")


def _extra_zh(extra: str) -> str:
    """click's ``default: 100; x>=1; required`` in Chinese."""
    parts = []
    for part in extra.split("; "):
        word, colon, rest = part.partition(":")
        parts.append(CLICK.get(word, word) + ("：" + rest.strip() if colon else ""))
    return "；".join(parts)


def zh_of(text: str) -> str | None:
    """The Chinese of help text ``text``, or None when it has no entry.  What click appended (``  [default:
    …]``) is translated apart; a text of the form of an entry with placeholders, with its values."""
    if text in entries():
        return entries()[text]
    if text in CLICK:
        return CLICK[text]
    extra = _EXTRA.match(text)
    if extra and ("default" in extra[3] or "required" in extra[3] or re.search(r"[<>]=", extra[3])):
        head = zh_of(extra[1]) if extra[1] else ""
        return None if head is None else f"{head}{extra[2]}[{_extra_zh(extra[3])}]"
    for pattern, zh in _templates():
        got = pattern.match(text)
        if got:
            return zh.format(**got.groupdict())
    return None
