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
- ``seed_int(state, seed)``: the same for an int64 seed, with no key array;
- ``next_u32(state)``: ``genrand_uint32``, twisting the 624 words when the index reaches 624;
- ``getrandbits(state, k)``: ``Random.getrandbits(k)`` for 0 <= k <= 63;
- ``randbelow(state, n)`` / ``randrange(state, n)``: ``Random._randbelow_with_getrandbits(n)``,
  which is ``Random.randrange(n)`` for 0 < n < 2**63;
- ``shuffle(state, arr, n)``: ``Random.shuffle`` of ``arr[:n]`` in place;
- ``random(state)``: ``Random.random()``.

``seed_by_key``, ``seed_int`` and the twist are kernels (compiled once per
argument types: pass them typed values, ``np.int64(2)``, from other kernels);
the rest are inlined into their callers.  numba's cache checks only the file
that defines a kernel; ``_jit`` clears every cached kernel when this file (or
another kernel source) changes.
"""
from __future__ import annotations

import numpy as np

from ._jit import inline, kernel

__all__ = ["STATE_SIZE", "getrandbits", "new_state", "next_u32", "randbelow", "random", "randrange",
           "seed_by_key", "seed_int", "shuffle"]

#: items of a state: the 624 words and the index
STATE_SIZE = 625


@inline
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


@inline
def _start(state):
    """``init_genrand(19650218)`` into ``state``."""
    for i in range(624):
        state[i] = _INIT[i]


@inline
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
def seed_int(state, seed):
    """``seed_by_key`` for an int64 ``seed`` (any: CPython uses abs(seed), and the words of
    abs(-2**63) come out right): ``random.Random(seed)``."""
    if seed < 0:  # the words of abs(seed) = ~seed + 1, formed without overflow (seed = -2**63: 2**63)
        c = ~seed
        lo = (c & 0xFFFFFFFF) + 1
        hi = ((c >> 32) + (lo >> 32)) & 0xFFFFFFFF
        lo &= 0xFFFFFFFF
    else:
        lo = seed & 0xFFFFFFFF
        hi = seed >> 32
    key = np.empty(2, np.int64)
    key[0] = lo
    key[1] = hi
    seed_by_key(state, key, np.int64(1 if hi == 0 else 2))


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


@inline
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


@inline
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


@inline
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


@inline
def randrange(state, n):
    """``Random.randrange(n)`` for 0 < n < 2**63."""
    return randbelow(state, n)


@inline
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


@inline
def random(state):
    """``Random.random()``: a float in [0, 1) from two words (27 + 26 bits)."""
    a = next_u32(state) >> 5
    b = next_u32(state) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)
