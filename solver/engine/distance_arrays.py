"""What the distance kernels read of a ruleset: ``of(rules)``, made once per ruleset (``solver.model.derived``).

``of(rules).context`` is the CX_* vector of ``_distance_kernels`` (its layout
table says what each part is), built from the ``Ruleset`` alone: the 胡息 of
every pattern per tile, and the two tables of RULES.md that the search
reads — how a winning tile may be used (section 4, the take table over the
sources the ruleset wins on) and which intakes count (section 6, its
``luzhou`` version in section 8), both by what the hand holds of the tile.
``of(rules).memo`` is the memo of answers shared by every search with that
ruleset (1.6 MB, made on first use: small enough to stay in the caches).

The two tables are ``solver.engine.intake_rules``'s (plain Python, shared
with the plain-Python search of ``solver.engine.plain_distance``).
"""
from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from ..model.derived import derived
from ..model.groups import SHAPES
from ..model.ruleset import HOLDINGS, PATTERNS, Ruleset
from ..model.tiles import N_KINDS
from . import _distance_kernels as DK
from .intake_rules import INTAKE_KINDS, search_rules

if TYPE_CHECKING:
    from numpy.typing import DTypeLike, NDArray

#: slots of the distance memo (3 words and a byte each: about 1.6 MB; 1 << 20 slots, 25 MB,
#: measured 4–10% slower on batches and discard tables: the probes missed the caches)
MEMO_CAPACITY = 1 << 16


assert PATTERNS.index("jiang") == DK.P_JIANG and PATTERNS.index("zhao") == DK.P_ZHAO
assert len(PATTERNS) == DK.N_PATTERNS and len(SHAPES) == DK.N_SHAPES
assert HOLDINGS == ("wei", "peng", "kan", "pair", "less") and (DK.H_WEI, DK.H_PAIR, DK.H_LESS) == (0, 3, 4)
assert INTAKE_KINDS.index("zhao") == DK.I_ZHAO


def of(rules: Ruleset) -> DistanceArrays:
    """What the distance kernels read of ``rules`` (made once per ruleset: ``derived``'s cache)."""
    return derived(rules, DistanceArrays)


class DistanceArrays:
    def __init__(self, rules: Ruleset):
        self.rules = rules
        self.context = context(rules)

    @cached_property
    def memo(self) -> DistanceMemo:
        return DistanceMemo()


# ---------------------------------------------------------------- the context vector

def context(rules: Ruleset) -> np.ndarray:
    """The CX_* vector of ``_distance_kernels`` (its layout table says what each part is)."""
    sr = search_rules(rules)
    hx = sr.hx
    cx = np.zeros(DK.CX_SIZE, np.int64)
    cx[DK.CX_MIN] = rules.min_huxi
    cx[DK.CX_JIANG] = int(rules.pao_needs_jiang)
    for p, pattern in enumerate(PATTERNS):
        cx[DK.CX_HX + N_KINDS * p: DK.CX_HX + N_KINDS * (p + 1)] = hx[pattern]
    for i, kind in enumerate(INTAKE_KINDS):
        cx[DK.CX_KPAT + i] = PATTERNS.index(kind) if kind in PATTERNS else -1
    # Readiness: the winning tile's uses.  The intakes that count.
    cx[DK.CX_FREE:DK.CX_FREE + len(HOLDINGS)] = sr.free
    cx[DK.CX_TAKE:DK.CX_TAKE + len(HOLDINGS)] = sr.take
    for h in range(3):  # 偎, 碰, 坎
        cx[DK.CX_UP + N_KINDS * h: DK.CX_UP + N_KINDS * (h + 1)] = [DK.NO_GAIN if g is None else g for g in sr.up[h]]
        cx[DK.CX_TOP + N_KINDS * h: DK.CX_TOP + N_KINDS * (h + 1)] = sr.top[h]
    cx[DK.CX_TRIP:DK.CX_TRIP + N_KINDS] = sr.trip
    # The 句/绞 shapes, the bounds and the split tries.
    rich = [i for i, h in enumerate(sr.shx) if h > 0]
    assert len(rich) < 8
    cx[DK.CX_RICH] = len(rich)
    cx[DK.CX_RICH + 1: DK.CX_RICH + 1 + len(rich)] = rich
    cx[DK.CX_BONUS] = sr.bonus
    cx[DK.CX_STEP] = sr.step
    for i, s in enumerate(SHAPES):
        cx[DK.CX_SH + 3 * i: DK.CX_SH + 3 * i + 3] = s
        cx[DK.CX_SHX + i] = sr.shx[i]
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

    def __init__(self, capacity: int = MEMO_CAPACITY, dtype: DTypeLike = np.int8) -> None:
        self.keys = np.zeros((capacity, 3), np.int64)
        self.values = np.zeros(capacity, dtype)  # (the answer + 1: int8 for a flag, int64 for a bit mask)
        self.used = np.zeros(1, np.int64)

    def clear(self) -> None:
        self.values[:] = 0
        self.used[0] = 0

    def args(self) -> tuple[NDArray[np.int64], np.ndarray, NDArray[np.int64]]:
        # A memo that stopped taking entries is cleared before the next call.
        if self.used[0] * DK.MEMO_FILL_DEN >= len(self.values) * DK.MEMO_FILL_NUM:
            self.clear()
        return self.keys, self.values, self.used
