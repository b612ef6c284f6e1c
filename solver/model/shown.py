"""Text shown back to a person inside a message: bytes that were not UTF-8 and characters a terminal
would act on (control, format, separators) escaped; a long text cut short (``quoted``)."""
from __future__ import annotations

import re
import unicodedata

__all__ = ["QUOTE_LIMIT", "printable", "quoted", "unbroken"]

_SURROGATE = re.compile("[\ud800-\udfff]")
#: characters a terminal would act on or hide: control, format, surrogate, line and paragraph separators
_UNSAFE = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
#: characters of a text shown inside a message, at most
QUOTE_LIMIT = 60


def _shown(ch: str) -> str:
    if "\udc80" <= ch <= "\udcff":
        return f"\\x{ord(ch) - 0xDC00:02x}"
    return ch.encode("unicode_escape", "backslashreplace").decode("ascii")


def unbroken(text: str) -> str:
    """``text`` with each byte that was not UTF-8 shown as ``\\xff``: it can be written as UTF-8."""
    return _SURROGATE.sub(lambda m: _shown(m.group()), text) if _SURROGATE.search(text) else text


def printable(text: str) -> str:
    """``text`` safe to show: a byte that was not UTF-8 as ``\\xff``, control and
    format characters escaped (``\\x1b``, ``\\u202e``); anything else as it is.

    >>> printable("一\\x1b[31m\\udcff")
    '一\\\\x1b[31m\\\\xff'
    """
    if text.isprintable():
        return text
    return "".join(_shown(ch) if unicodedata.category(ch) in _UNSAFE else ch for ch in text)


def quoted(text: str) -> str:
    """``text`` in quotes for a message: ``printable``, cut short past QUOTE_LIMIT characters."""
    if len(text) > QUOTE_LIMIT:
        return f"'{printable(text[:QUOTE_LIMIT - 10])}…{printable(text[-5:])}' ({len(text):,} characters)"
    return f"'{printable(text)}'"
