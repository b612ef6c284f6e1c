"""What the distance kernels read of a ruleset: ``of(rules)``, made once per ruleset object.

``of(rules).context`` is the CX_* vector of ``_distance_kernels`` (its layout
table says what each part is), ``of(rules).memo`` the memo of answers shared
by every search with that ruleset (25 MB, made on first use).
"""
from __future__ import annotations

from functools import cached_property

import numpy as np

from ..model.groups import SHAPES
from ..model.ruleset import Ruleset
from ..model.tiles import N_KINDS
from . import _distance_kernels as DK
from . import arrays
from .arrays import KERNEL_PATTERNS, RulesetArrays

#: slots of the distance memo (3 words and a byte each: about 25 MB)
MEMO_CAPACITY = 1 << 20


def of(rules: Ruleset) -> DistanceArrays:
    """What the distance kernels read of ``rules`` (made once per ruleset object)."""
    got = _CACHE.get(id(rules))
    if got is None or got.rules is not rules:
        got = _CACHE[id(rules)] = DistanceArrays(rules)
    return got


class DistanceArrays:
    def __init__(self, rules: Ruleset):
        self.rules = rules
        self.context = context(arrays.of(rules))

    @cached_property
    def memo(self) -> DistanceMemo:
        return DistanceMemo()


_CACHE: dict[int, DistanceArrays] = {}


def context(ra: RulesetArrays) -> np.ndarray:
    """The CX_* vector of ``_distance_kernels`` (its layout table says what each part is)."""
    rules = ra.rules
    if any(rules.huxi["jiang"]):
        raise NotImplementedError("a ruleset whose 将 pair carries 胡息")
    cx = np.zeros(DK.CX_SIZE, np.int64)
    cx[DK.CX_MIN] = rules.min_huxi
    cx[DK.CX_JIANG] = int(rules.pao_needs_jiang)
    cx[DK.CX_HX:DK.CX_HX + 2 * len(KERNEL_PATTERNS)] = ra.pattern_huxi
    shape_hx = ra.shape_huxi
    rich = [i for i, h in enumerate(shape_hx) if h > 0]
    assert len(rich) < 8
    cx[DK.CX_RICH] = len(rich)
    cx[DK.CX_RICH + 1: DK.CX_RICH + 1 + len(rich)] = rich
    trip = DK.P_WEI if rules.self_pair_must_wei else DK.P_PENG
    cx[DK.CX_BONUS] = max(shape_hx + ra.pattern_huxi[2 * trip: 2 * trip + 2])
    for t in range(N_KINDS):
        cx[DK.CX_TRIP + t] = ra.huxi(trip, t)
    for i, s in enumerate(SHAPES):
        cx[DK.CX_SH + 3 * i: DK.CX_SH + 3 * i + 3] = s
        cx[DK.CX_SHX + i] = shape_hx[i]
    for t in range(N_KINDS):
        tries = [(DK.TRY_FULL, i, 0, 0) for i, s in enumerate(SHAPES) if s[0] == t]
        tries += [(DK.TRY_PAIR, 0, 0, 0), (DK.TRY_JUNK, 0, 0, 0)]
        cx[DK.CX_WSTART + t] = len(tries)
        for i, s in enumerate(SHAPES):
            if t not in s:
                continue
            for w in sorted(set(s)):
                rest = list(s)
                rest.remove(w)
                if t in rest:
                    rest.remove(t)
                    tries.append((DK.TRY_WSHAPE, i, w, rest[0]))
        tries += [(DK.TRY_WPAIR, 0, 0, 0), (DK.TRY_WTRIPLE, 0, 0, 0)]
        assert len(tries) <= DK.MAX_TRY
        at = DK.CX_TRY + t * DK.MAX_TRY * 4
        cx[at: at + 4 * len(tries)] = np.array(tries).ravel()
        cx[DK.CX_NTRY + t] = len(tries)
        holding = [i for i, s in enumerate(SHAPES) if t in s]
        assert len(holding) < 8
        cx[DK.CX_CONT + 8 * t] = len(holding)
        cx[DK.CX_CONT + 8 * t + 1: DK.CX_CONT + 8 * t + 1 + len(holding)] = holding
    cx.setflags(write=False)
    return cx


class DistanceMemo:
    """The distance kernels' memo of answers for one ruleset (see solver.engine._distance_kernels)."""

    def __init__(self, capacity: int = MEMO_CAPACITY):
        self.keys = np.zeros((capacity, 3), np.int64)
        self.values = np.zeros(capacity, np.int8)
        self.used = np.zeros(1, np.int64)

    def clear(self) -> None:
        self.values[:] = 0
        self.used[0] = 0

    def args(self):
        # A memo that stopped taking entries is cleared before the next call.
        if self.used[0] * DK.MEMO_FILL_DEN >= len(self.values) * DK.MEMO_FILL_NUM:
            self.clear()
        return self.keys, self.values, self.used
