"""The bots' shape measure of a hand too far from ready for the distance search (``solver.model.shape``)
as a kernel: ``missing`` is ``shape.Shape.missing``, its split search ``_split`` with an explicit stack and
the memo of the distance kernels' kind; its tables (``BX_*``, built by ``basic_steps.shape_context`` from
``shape.Shape``'s) hold the expected score's weights too, for ``_game_basic``.  ``shape.Shape`` stays the
one the api's tables use (``phz discard``, no numba); tests/test_basic.py holds the two equal.
"""
from __future__ import annotations

import numpy as np

from . import _distance_kernels as DK
from ._jit import kernel

MAX_FULL = 8  # 句/绞 shapes of one lowest tile (4 in groups.SHAPES)
MAX_PART = 8  # partial groups of one lowest tile (6)
BX_W = 0  # [3] the expected score's weights per source (self, other, discard)
BX_KAN = 3  # [20] 胡息 of a 坎
BX_NFULL = BX_KAN + 20  # [20]
BX_FULL = BX_NFULL + 20  # [20 * MAX_FULL * 3] (second tile, third tile, 胡息) of the shapes of lowest tile t
BX_NPART = BX_FULL + 20 * MAX_FULL * 3  # [20]
BX_PART = BX_NPART + 20  # [20 * MAX_PART * 2] (other tile, 胡息) of the partial groups of lowest tile t
BX_SIZE = BX_PART + 20 * MAX_PART * 2

#: a shape value packs (missing, −胡息) as missing * HX_ROOM + (−胡息) + HX_ZERO
HX_ROOM = 4096
HX_ZERO = 2048
#: the memo key's third word for the shape measure (apart from every question of the distance kernels)
SHAPE_TAG = 1 << 56

#: frames of the split search's stack (one a tile taken: at most 21 deep), five words each
STACK = 32
STACK_SIZE = 5 * STACK


@kernel
def _split(bx, stk, state, need, ik, iv, iu):
    """``shape.Shape._split`` packed (HX_ROOM): the least (missing, −胡息) over the splits of the tiles of
    ``state`` (two bits a tile) into ``need`` 门子; an explicit stack, the memo ``ik``/``iv``/``iu``."""
    F_STATE, F_NEED, F_K, F_BEST, F_ADD = 0, STACK, 2 * STACK, 3 * STACK, 4 * STACK
    d = 0
    stk[F_STATE] = state
    stk[F_NEED] = need
    stk[F_K] = -1
    ret = 0
    while d >= 0:
        s = stk[F_STATE + d]
        nn = stk[F_NEED + d]
        k = stk[F_K + d]
        if k == -1:
            if nn == 0:
                ret = HX_ZERO
                d -= 1
                continue
            if s == 0:
                ret = 3 * nn * HX_ROOM + HX_ZERO
                d -= 1
                continue
            slot = DK._memo_slot(ik, iv, s, nn, np.int64(SHAPE_TAG))
            if iv[slot] != 0:
                ret = iv[slot] - 1
                d -= 1
                continue
            stk[F_BEST + d] = 1 << 40
            k = 0
        else:
            v = ret + stk[F_ADD + d]
            if v < stk[F_BEST + d]:
                stk[F_BEST + d] = v
        i = 0
        while not (s >> (2 * i)) & 3:
            i += 1
        rest = s - (1 << (2 * i))
        npart = bx[BX_NPART + i]
        nfull = bx[BX_NFULL + i]
        child = -1
        add = 0
        cneed = nn - 1
        while child < 0 and k < 2 + npart + nfull:
            if k == 0:
                child = rest
                cneed = nn
            elif k == 1:
                child = rest
                add = 2 * HX_ROOM
            elif k < 2 + npart:
                at = BX_PART + 2 * (MAX_PART * i + k - 2)
                b = bx[at]
                if (rest >> (2 * b)) & 3:
                    child = rest - (1 << (2 * b))
                    add = HX_ROOM - bx[at + 1]
            else:
                at = BX_FULL + 3 * (MAX_FULL * i + k - 2 - npart)
                b = bx[at]
                c = bx[at + 1]
                cb = (rest >> (2 * b)) & 3
                if cb and (rest >> (2 * c)) & 3 and (b != c or cb >= 2):
                    child = rest - (1 << (2 * b)) - (1 << (2 * c))
                    add = -bx[at + 2]
            k += 1
        if child < 0:
            ret = stk[F_BEST + d]
            slot = DK._memo_slot(ik, iv, s, nn, np.int64(SHAPE_TAG))
            if iv[slot] == 0:
                DK._memo_put(ik, iv, iu, slot, s, nn, np.int64(SHAPE_TAG), ret)
            d -= 1
            continue
        stk[F_K + d] = k
        stk[F_ADD + d] = add
        d += 1
        stk[F_STATE + d] = child
        stk[F_NEED + d] = cneed
        stk[F_K + d] = -1
    return ret


@kernel
def missing(bx, stk, conc, nm, base, ik, iv, iu):
    """``shape.Shape.missing`` of concealed counts ``conc`` beside ``nm`` melds of ``base`` 胡息, packed:
    missing * HX_ROOM + 胡息 (the least first, as the bot ranks them)."""
    huxi = base
    need = 7 - nm
    state = 0
    for t in range(20):
        n = conc[t]
        if n >= 3:
            huxi += bx[BX_KAN + t]
            need -= 1
        else:
            state |= n << (2 * t)
    v = _split(bx, stk, state, max(need, 0), ik, iv, iu)
    m = v // HX_ROOM
    h = v % HX_ROOM - HX_ZERO
    return m * HX_ROOM + huxi - h
