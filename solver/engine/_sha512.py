"""SHA-512 (FIPS 180-4) inside numba kernels: what CPython hashes a str seed with.

``random.Random(text)`` seeds from the int of ``text``'s UTF-8 bytes followed by their SHA-512
digest (``Lib/random.py``, version 2).  A kernel that seeds the bots of many hands makes those
keys itself (``_mt.text_key``) instead of asking Python for them, hand by hand.

- ``digest(msg, n, out)``: the 64-byte digest of ``msg[:n]`` (an int64 array of byte values) into
  ``out[:64]``, as ``hashlib.sha512(bytes(msg[:n])).digest()`` gives it.

The words are uint64, so that additions wrap and right shifts bring in zeros, as the standard's do.
tests/test_mt.py holds the digests equal to hashlib's on messages of every length up to a few blocks.
"""
from __future__ import annotations

import numpy as np

from ._jit import kernel

__all__ = ["digest"]

#: the round constants (the first 64 bits of the fractional parts of the cube roots of the first 80 primes)
_K = np.array([
    0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc, 0x3956c25bf348b538,
    0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118, 0xd807aa98a3030242, 0x12835b0145706fbe,
    0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2, 0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235,
    0xc19bf174cf692694, 0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
    0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5, 0x983e5152ee66dfab,
    0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4, 0xc6e00bf33da88fc2, 0xd5a79147930aa725,
    0x06ca6351e003826f, 0x142929670a0e6e70, 0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed,
    0x53380d139d95b3df, 0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
    0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30, 0xd192e819d6ef5218,
    0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8, 0x19a4c116b8d2d0c8, 0x1e376c085141ab53,
    0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8, 0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373,
    0x682e6ff3d6b2b8a3, 0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
    0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b, 0xca273eceea26619c,
    0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178, 0x06f067aa72176fba, 0x0a637dc5a2c898a6,
    0x113f9804bef90dae, 0x1b710b35131c471b, 0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc,
    0x431d67c49c100d4c, 0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
], np.uint64)
#: the first hash value (the fractional parts of the square roots of the first 8 primes)
_H0 = np.array([0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
                0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179], np.uint64)


@kernel
def _rotr(x, n):
    return (x >> np.uint64(n)) | (x << np.uint64(64 - n))


@kernel
def _compress(h, w):
    """One 128-byte block, its 16 words in ``w[:16]`` (``w`` holds 80), folded into the hash ``h``."""
    for t in range(16, 80):
        a = w[t - 15]
        b = w[t - 2]
        s0 = _rotr(a, 1) ^ _rotr(a, 8) ^ (a >> np.uint64(7))
        s1 = _rotr(b, 19) ^ _rotr(b, 61) ^ (b >> np.uint64(6))
        w[t] = w[t - 16] + s0 + w[t - 7] + s1
    a, b, c, d, e, f, g, hh = h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
    for t in range(80):
        t1 = hh + (_rotr(e, 14) ^ _rotr(e, 18) ^ _rotr(e, 41)) + ((e & f) ^ (~e & g)) + _K[t] + w[t]
        t2 = (_rotr(a, 28) ^ _rotr(a, 34) ^ _rotr(a, 39)) + ((a & b) ^ (a & c) ^ (b & c))
        hh = g
        g = f
        f = e
        e = d + t1
        d = c
        c = b
        b = a
        a = t1 + t2
    h[0] += a
    h[1] += b
    h[2] += c
    h[3] += d
    h[4] += e
    h[5] += f
    h[6] += g
    h[7] += hh


@kernel
def digest(msg, n, out):
    """The SHA-512 digest of the bytes ``msg[:n]`` (values 0..255) into ``out[:64]``."""
    h = _H0.copy()
    w = np.zeros(80, np.uint64)
    blocks = (n + 17 + 127) // 128  # the message, the 0x80 byte and the 16-byte length, padded to blocks
    for blk in range(blocks):
        for i in range(16):
            word = np.uint64(0)
            for j in range(8):
                at = blk * 128 + i * 8 + j
                if at < n:
                    byte = np.uint64(msg[at] & 0xFF)
                elif at == n:
                    byte = np.uint64(0x80)
                elif blk == blocks - 1 and i == 15:  # the length in bits (the top 8 bytes of the 16 are 0)
                    byte = (np.uint64(n) << np.uint64(3)) >> np.uint64(8 * (7 - j)) & np.uint64(0xFF)
                else:
                    byte = np.uint64(0)
                word = (word << np.uint64(8)) | byte
            w[i] = word
        _compress(h, w)
    for i in range(8):
        for j in range(8):
            out[8 * i + j] = np.int64((h[i] >> np.uint64(56 - 8 * j)) & np.uint64(0xFF))
