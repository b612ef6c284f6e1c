"""A person's typed reply, read and shown back safely: the one reading of a number (``whole_number``) for
every prompt that takes one (``phz play``, ``phz quiz``, ``phz shell``), and a reply made harmless to
echo (``echoed``: a byte that is not UTF-8 replaced, a control character escaped, so that the echo
cannot drive the terminal).

``str.isdigit`` is true of ``²``, ``①`` and the digits of every script, which ``int`` then refuses
(or, past 4,300 digits, refuses to convert): a reply is a number here only when it is ASCII digits
(full-width ``０``-``９`` read as them, as the notation reads them), a few of them.

>>> whole_number(" 12 "), whole_number("１８"), whole_number("²"), whole_number("①"), whole_number("9" * 5000)
(12, 18, None, None, None)
>>> whole_number("-1"), whole_number("1_000"), whole_number(""), whole_number("٣")
(None, None, None, None)
>>> printable("五\\x1b[31m\\x00"), echoed("五\\x1b[31m\\udcff")
('五\\\\x1b[31m\\\\x00', '五\\\\x1b[31m�')
"""
from __future__ import annotations

import re

from ..model.shown import printable, quoted

__all__ = ["MAX_DIGITS", "echoed", "printable", "quoted", "whole_number"]

#: the most digits a number typed in reply may have (menus, 胡息 and take N all need far fewer)
MAX_DIGITS = 6
#: full-width digits read as their ASCII forms (a Chinese input method types them)
_FOLD = str.maketrans({chr(0xFF10 + d): str(d) for d in range(10)})


def whole_number(text: str, digits: int = MAX_DIGITS) -> int | None:
    """The whole number ``text`` is (spaces around it allowed): one to ``digits`` ASCII digits
    (full-width ones read as them); None for anything else (a sign, ``²``, ``①``, other scripts'
    digits, underscores, too many digits)."""
    word = text.strip()
    if not 0 < len(word) <= digits:
        return None
    word = word.translate(_FOLD)
    return int(word) if word.isascii() and word.isdigit() else None


#: a byte that was not UTF-8, as Python's surrogateescape reads it (or any lone surrogate)
_SURROGATE = re.compile("[\ud800-\udfff]")


def echoed(text: str) -> str:
    """A reply as it is echoed after its prompt: each byte that was not UTF-8 replaced by �, each control
    character escaped (``printable``: ``\\x1b``, ``\\x00``), so that the echo cannot drive the terminal."""
    return printable(_SURROGATE.sub("\ufffd", text))
