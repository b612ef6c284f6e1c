"""The keys CPython's ``random.Random(seed)`` feeds MT19937's ``init_by_array``, in plain Python.

``solver.engine._mt`` seeds its kernel-side Mersenne Twister from such a key
(``seed_by_key``) and then draws the numbers ``random.Random(seed)`` draws.
No numba or numpy here: this module is imported by code that must start fast.

CPython 3.11 (``Modules/_randommodule.c`` ``random_seed``): an int seed is
replaced by its absolute value (so ``-5`` and ``5`` seed alike) and cut into
32-bit words, least significant first; 0 is the one word [0].  A str seed
(``Lib/random.py`` ``seed``, version 2) is first turned into an int: its
UTF-8 bytes followed by their SHA-512 digest, read as one big-endian number.
So the key of a str starts (least significant word first) with the last
bytes of the digest, and its first characters end up in the last words: at
most (len(text.encode()) + 64 + 3) // 4 words, fewer when the text starts
with NUL characters (leading zero bytes are no part of the int).

>>> int_key(0), int_key(2**32), int_key(-5)
([0], [0, 1], [5])
>>> len(str_key("phz:random:12345:0"))  # 18 bytes + 64 of digest: 82 bytes, 21 words
21
"""
from __future__ import annotations

import hashlib
import struct

__all__ = ["int_key", "key", "str_key"]


def int_key(seed: int) -> list[int]:
    """The 32-bit words of ``abs(seed)``, least significant first ([0] for 0): the key of
    ``random.Random(seed)`` for an int ``seed``."""
    n = abs(int(seed))
    if not n:
        return [0]
    words = []
    while n:
        words.append(n & 0xFFFFFFFF)
        n >>= 32
    return words


def str_key(text: str) -> list[int]:
    """The key of ``random.Random(text)`` for a str ``text`` (version 2 seeding: the UTF-8 bytes
    and their SHA-512 digest as one big-endian int, then as ``int_key``), read straight off the bytes:
    reversed, they are the int's little-endian 32-bit words (the zero words at its top left out)."""
    data = text.encode()
    raw = (data + hashlib.sha512(data).digest())[::-1]
    raw += bytes(-len(raw) % 4)
    words = list(struct.unpack(f"<{len(raw) // 4}I", raw))
    while len(words) > 1 and words[-1] == 0:
        words.pop()
    return words


def key(seed: int | str) -> list[int]:
    """The key of ``random.Random(seed)`` for an int or str ``seed``."""
    if isinstance(seed, str):
        return str_key(seed)
    if isinstance(seed, int):
        return int_key(seed)
    raise TypeError(f"a seed is an int or a str, not {type(seed).__name__}")
