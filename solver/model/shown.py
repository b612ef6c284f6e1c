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


def value_text(value: object, *, as_json: bool = True) -> str:
    """A value read from a file, as a message shows it, short whatever it is: a huge number by its
    digits, a string ``quoted``, anything else as JSON (``as_json``) or Python writes it, cut short.

    >>> value_text(10 ** 400), value_text("五" * 100)[-18:], value_text(None), value_text(True, as_json=False)
    ('a number of about 401 digits', "' (100 characters)", 'null', 'True')
    """
    import json

    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** 12:
        return f"a number of about {int(abs(value).bit_length() * 0.30103) + 1} digits"
    if isinstance(value, str):
        return quoted(value)
    try:
        text = json.dumps(value, ensure_ascii=False) if as_json else repr(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT - 10] + f"… ({len(text):,} characters)"
