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

__all__ = ["CLICK", "entries", "usage_zh", "zh_of"]

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


#: click's messages of a usage error, en -> zh, applied in turn (the values kept: a name, a number, a file)
_USAGE = (
    (r"^Invalid value for (.+?): ", r"\1 的值不对："),
    (r"^Missing (?:argument|option|parameter) (.+?)\.$", r"缺少 \1。"),
    (r"^No such option:? '?([^'\s]+)'?\.?", r"没有 \1 这个选项。"),
    (r"^No such command '(.+?)'\.", r"没有 \1 这个命令。"),
    (r"\s*Did you mean (.+?)\?$", r" 是不是 \1？"),
    (r"\s*\(Possible options: (.+?)\)$", r"（可能是：\1）"),
    (r"^Got unexpected extra arguments? \((.+)\)$", r"多出了参数：\1"),
    (r"^Option '(.+?)' requires an argument\.$", r"选项 \1 后面要跟一个值。"),
    (r"^Option '(.+?)' requires (\d+) arguments\.$", r"选项 \1 后面要跟 \2 个值。"),
    (r"^Option '(.+?)' does not take a value\.$", r"选项 \1 后面不跟值。"),
    (r"'(.*?)' is not a valid (?:integer|integer range|float|float range)\.$", r"'\1' 不是数。"),
    (r"(\S+) is not in the range (.+?)\.$", r"\1 不在 \2 的范围里。"),
    (r"'(.*?)' is not one of (.+?)\.$", r"'\1' 不是可选的值（\2）。"),
    (r"(?:File|Directory|Path) '(.+?)' does not exist\.$", r"'\1' 不存在。"),
    (r"(?:File|Path) '(.+?)' is a directory\.$", r"'\1' 是文件夹。"),
    (r"(?:Directory|Path) '(.+?)' is a file\.$", r"'\1' 是文件，不是文件夹。"),
    (r"(?:File|Directory|Path) '(.+?)' is not (?:readable|writable)\.$", r"'\1' 没有读写权限。"),
    # the options' own (solver.app.options)
    (r"no bot '(.+?)': name one of (.+?) a seat, e\.g\. (.+)$", r"没有 '\1' 这个电脑：每个座位从 \2 里选一个，例如 \3"),
    (r"unknown ruleset '(.+?)': choose one of (.+?), or give a file \(a path with / or ending in \.toml\)",
     r"没有 '\1' 这套规则：从 \2 里选，或者给一个规则文件（含 / 或以 .toml 结尾的路径）"),
)
#: click's line after the usage
TRY = ("Try '{command}' for help.", "运行 '{command}' 查看帮助。")


def usage_zh(message: str) -> str:
    """A usage error's message (click's, and the options' own, ``words.error_in``) in Chinese, its values
    kept; a message of no known form stays as it is.

    >>> usage_zh("Invalid value for '--players': 9 is not in the range 2<=x<=4.")
    "'--players' 的值不对：9 不在 2<=x<=4 的范围里。"
    >>> usage_zh("No such command 'nosuch'."), usage_zh("Missing argument 'FILE'.")
    ('没有 nosuch 这个命令。', "缺少 'FILE'。")
    """
    from .words import error_in

    for pattern, zh in _USAGE:
        message = re.sub(pattern, zh, message)
    return error_in(message, "zh")

