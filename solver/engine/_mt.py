"""CPython's Mersenne Twister (MT19937) inside numba kernels: the same numbers as ``random.Random``.

A game played in a kernel deals the tiles and makes the random choices that
the Python code makes with ``random.Random(seed)`` (CPython 3.11,
``Modules/_randommodule.c`` and ``Lib/random.py``), number for number.

State: one int64 array of ``STATE_SIZE`` (625) items, ``new_state()``.
Items 0..623 are the generator's 624 32-bit words (each in [0, 2**32)) and
item 624 is the index of the next word to temper (624 after seeding: the
first draw twists), exactly ``random.Random().getstate()[1]``.  The kernels
work in int64 and mask to 32 bits; no product they form reaches 2**63.

Seeding (CPython's ``random_seed``): an int seed is fed to ``init_by_array``
as the 32-bit words of ``abs(seed)``, least significant first (a seed of 0
is the key [0]); a str seed is first made an int (``Lib/random.py``, version
2: the UTF-8 bytes followed by their SHA-512 digest, read big-endian).
``solver.game.rng_keys`` computes these keys in plain Python.

- ``seed_by_key(state, key, n)``: ``init_by_array`` on ``key[:n]`` (any int array);
- ``seed_int(state, seed)``: the same for an int64 seed, with no key array (``int_key`` makes its words);
- ``decimal(buf, m, v)``: an int's ``str`` as ASCII bytes, to build a str seed in a kernel;
- ``text_key(buf, n, key)``: the key of a str seed from its UTF-8 bytes (its SHA-512 by ``_sha512``);
- ``seed4(...)``: four ``seed_by_key`` at once (keys of at most 624 words), the steps side by side;
- ``next_u32(state)``: ``genrand_uint32``, twisting the 624 words when the index reaches 624;
- ``getrandbits(state, k)``: ``Random.getrandbits(k)`` for 0 <= k <= 63;
- ``randbelow(state, n)`` / ``randrange(state, n)``: ``Random._randbelow_with_getrandbits(n)``,
  which is ``Random.randrange(n)`` for 0 < n < 2**63;
- ``shuffle(state, arr, n)``: ``Random.shuffle`` of ``arr[:n]`` in place;
- ``random(state)``: ``Random.random()``.

Each is a kernel, called with its arguments' plain types (``_jit._plain_args``),
and LLVM inlines the small ones into their callers.  numba's cache checks only the file
that defines a kernel; ``_jit`` clears every cached kernel when this file (or
another kernel source) changes.
"""
from __future__ import annotations

import numpy as np

from . import _sha512
from ._jit import kernel

__all__ = ["STATE_SIZE", "decimal", "getrandbits", "int_key", "new_state", "next_u32", "randbelow", "random", "randrange",
           "seed4", "seed_by_key", "seed_int", "shuffle", "text_key"]

#: items of a state: the 624 words and the index
STATE_SIZE = 625


@kernel
def new_state():
    """An unseeded state (zeros): seed it before drawing."""
    return np.zeros(625, np.int64)


def _init_genrand(s: int) -> list[int]:
    """MT19937's ``init_genrand``: the 624 words from one 32-bit seed (plain Python)."""
    words = [s & 0xFFFFFFFF]
    for i in range(1, 624):
        prev = words[-1]
        words.append((1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF)
    return words


#: ``init_genrand(19650218)``, where every ``init_by_array`` starts: a constant of the kernels, copied
#: rather than computed (624 dependent steps, a fifth of a deal's time)
_INIT = np.array(_init_genrand(19650218), np.int64)


@kernel
def _start(state):
    """``init_genrand(19650218)`` into ``state``."""
    for i in range(624):
        state[i] = _INIT[i]


@kernel
def _scramble(state):
    """The second loop of ``init_by_array`` (after the key loop left ``i`` at ``state[624]``)."""
    i = state[624]
    prev = state[i - 1]  # always the word last written: kept in a register, not read back
    for _ in range(623):
        prev = ((state[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
        state[i] = prev
        i += 1
        if i >= 624:
            state[0] = prev
            i = 1
    state[0] = 0x80000000  # MSB is 1: a non-zero array
    state[624] = 624


@kernel
def seed_by_key(state, key, n):
    """MT19937's ``init_by_array`` on the 32-bit words ``key[:n]`` (n >= 1), as CPython seeds
    ``random.Random(seed)``: ``key`` holds the words of ``abs(seed)``, least significant first."""
    _start(state)
    i = 1
    j = 0
    prev = state[0]  # always the word last written: kept in a register, not read back
    for _ in range(max(624, n)):
        prev = ((state[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + (key[j] & 0xFFFFFFFF) + j) & 0xFFFFFFFF
        state[i] = prev
        i += 1
        j += 1
        if i >= 624:
            state[0] = prev
            i = 1
        if j >= n:
            j = 0
    state[624] = i
    _scramble(state)


@kernel
def int_key(seed, key):
    """The words of ``abs(seed)`` for an int64 ``seed`` into ``key[:2]`` (any seed: the words of
    abs(-2**63) come out right), least significant first; how many of them CPython feeds (1 or 2)."""
    if seed < 0:  # the words of abs(seed) = ~seed + 1, formed without overflow (seed = -2**63: 2**63)
        c = ~seed
        lo = (c & 0xFFFFFFFF) + 1
        hi = ((c >> 32) + (lo >> 32)) & 0xFFFFFFFF
        lo &= 0xFFFFFFFF
    else:
        lo = seed & 0xFFFFFFFF
        hi = seed >> 32
    key[0] = lo
    key[1] = hi
    return np.int64(1 if hi == 0 else 2)


@kernel
def seed_int(state, seed):
    """``seed_by_key`` for an int64 ``seed``: ``random.Random(seed)``."""
    key = np.empty(2, np.int64)
    seed_by_key(state, key, int_key(seed, key))


@kernel
def decimal(buf, m, v):
    """``str(v)`` of an int64 (> -2**63) written as ASCII into ``buf`` from ``m`` (a str seed's bytes); the end."""
    if v < 0:
        buf[m] = 45  # "-"
        m += 1
        v = -v
    digits = 1
    top = v
    while top >= 10:
        top //= 10
        digits += 1
    for i in range(digits - 1, -1, -1):
        buf[m + i] = 48 + v % 10
        v //= 10
    return m + digits


@kernel
def text_key(buf, n, key):
    """The key words of a str seed whose UTF-8 bytes are ``buf[:n]`` (``rng_keys.str_key``): the int of
    those bytes followed by their SHA-512 digest (``buf`` must hold n + 64), its 32-bit words least
    significant first into ``key``; how many (leading zero bytes are no words; at least one)."""
    _sha512.digest(buf, n, buf[n:])
    end = n + 64
    first = 0
    while first < end and buf[first] == 0:
        first += 1
    words = max(1, (end - first + 3) // 4)
    for k in range(words):
        word = 0
        for b in range(end - 4 * k - 4, end - 4 * k):
            word = (word << 8) | (buf[b] if b >= first else 0)
        key[k] = word
    return np.int64(words)


@kernel
def seed4(s0, k0, n0, s1, k1, n1, s2, k2, n2, s3, k3, n3):
    """``seed_by_key(s, k, n)`` of four states at once, each key at most 624 words: the same words,
    in about half the time, as the four dependent chains of steps run side by side.  A state may be
    given twice (with the same key): it is seeded once."""
    _start(s0)
    _start(s1)
    _start(s2)
    _start(s3)
    p0 = s0[0]
    p1 = p0
    p2 = p0
    p3 = p0
    j0 = j1 = j2 = j3 = 0
    i = 1
    for _ in range(624):  # init_by_array's key loop (max(624, n) = 624 steps)
        p0 = ((s0[i] ^ ((p0 ^ (p0 >> 30)) * 1664525)) + (k0[j0] & 0xFFFFFFFF) + j0) & 0xFFFFFFFF
        p1 = ((s1[i] ^ ((p1 ^ (p1 >> 30)) * 1664525)) + (k1[j1] & 0xFFFFFFFF) + j1) & 0xFFFFFFFF
        p2 = ((s2[i] ^ ((p2 ^ (p2 >> 30)) * 1664525)) + (k2[j2] & 0xFFFFFFFF) + j2) & 0xFFFFFFFF
        p3 = ((s3[i] ^ ((p3 ^ (p3 >> 30)) * 1664525)) + (k3[j3] & 0xFFFFFFFF) + j3) & 0xFFFFFFFF
        s0[i] = p0
        s1[i] = p1
        s2[i] = p2
        s3[i] = p3
        j0 = 0 if j0 + 1 >= n0 else j0 + 1
        j1 = 0 if j1 + 1 >= n1 else j1 + 1
        j2 = 0 if j2 + 1 >= n2 else j2 + 1
        j3 = 0 if j3 + 1 >= n3 else j3 + 1
        i += 1
        if i >= 624:
            s0[0] = p0
            s1[0] = p1
            s2[0] = p2
            s3[0] = p3
            i = 1
    for _ in range(623):  # _scramble, four at once
        p0 = ((s0[i] ^ ((p0 ^ (p0 >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
        p1 = ((s1[i] ^ ((p1 ^ (p1 >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
        p2 = ((s2[i] ^ ((p2 ^ (p2 >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
        p3 = ((s3[i] ^ ((p3 ^ (p3 >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
        s0[i] = p0
        s1[i] = p1
        s2[i] = p2
        s3[i] = p3
        i += 1
        if i >= 624:
            s0[0] = p0
            s1[0] = p1
            s2[0] = p2
            s3[0] = p3
            i = 1
    s0[0] = s1[0] = s2[0] = s3[0] = 0x80000000
    s0[624] = s1[624] = s2[624] = s3[624] = 624


@kernel
def _twist(state):
    """The next 624 words at once (``genrand_uint32`` when the index reaches 624); the index to 0."""
    for kk in range(624 - 397):
        y = (state[kk] & 0x80000000) | (state[kk + 1] & 0x7FFFFFFF)
        state[kk] = state[kk + 397] ^ (y >> 1) ^ ((y & 1) * 0x9908B0DF)
    for kk in range(624 - 397, 623):
        y = (state[kk] & 0x80000000) | (state[kk + 1] & 0x7FFFFFFF)
        state[kk] = state[kk - (624 - 397)] ^ (y >> 1) ^ ((y & 1) * 0x9908B0DF)
    y = (state[623] & 0x80000000) | (state[0] & 0x7FFFFFFF)
    state[623] = state[396] ^ (y >> 1) ^ ((y & 1) * 0x9908B0DF)
    state[624] = 0


@kernel
def next_u32(state):
    """``genrand_uint32``: the next tempered 32-bit word, in [0, 2**32) (an int64)."""
    if state[624] >= 624:
        _twist(state)
    idx = state[624]
    y = state[idx]
    state[624] = idx + 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y


@kernel
def getrandbits(state, k):
    """``Random.getrandbits(k)`` for 0 <= k <= 63: the top k bits of a word; past 32 bits, the
    first word is the low 32 bits and the top 64 - k bits of the second are dropped."""
    if k <= 32:
        if k <= 0:
            return np.int64(0)  # CPython draws nothing for k = 0
        return next_u32(state) >> (32 - k)
    lo = next_u32(state)
    hi = next_u32(state) >> (64 - k)
    return (hi << 32) | lo


@kernel
def randbelow(state, n):
    """``Random._randbelow_with_getrandbits(n)``, 0 < n < 2**63: getrandbits(n.bit_length())
    until below n (so even n = 1 draws at least one word)."""
    k = 0
    m = n
    while m:
        k += 1
        m >>= 1
    r = getrandbits(state, k)
    while r >= n:
        r = getrandbits(state, k)
    return r


@kernel
def randrange(state, n):
    """``Random.randrange(n)`` for 0 < n < 2**63."""
    return randbelow(state, n)


@kernel
def shuffle(state, arr, n):
    """``Random.shuffle`` of ``arr[:n]`` in place: for i = n - 1 .. 1, swap arr[i] and
    arr[randbelow(i + 1)] (the bit length of i + 1 kept as i falls, not counted each time)."""
    k = 0
    m = n
    while m:
        k += 1
        m >>= 1
    for i in range(n - 1, 0, -1):
        if (i + 1) >> (k - 1) == 0:
            k -= 1
        j = getrandbits(state, k)
        while j > i:
            j = getrandbits(state, k)
        t = arr[i]
        arr[i] = arr[j]
        arr[j] = t


@kernel
def random(state):
    """``Random.random()``: a float in [0, 1) from two words (27 + 26 bits)."""
    a = next_u32(state) >> 5
    b = next_u32(state) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)
