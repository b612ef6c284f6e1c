"""Batch answers from the numba kernels, as the reference's dataclasses.

The thin layer between validated ``Hand`` objects and ``solver._kernels``:
it turns hands and the ruleset into integer arrays, calls one kernel for a
whole batch, and builds the same ``Ting`` / ``Discards`` / ``HuResult`` values
``solver.reference`` returns.  Importing this module imports numba; nothing
else in ``solver`` does at import time.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

import numpy as np

from . import _kernels as K
from .groups import SHAPES, Group, group_huxi, group_pattern
from .hand import Hand
from .reference import discard_row, rank_rows
from .results import HOWS, Discards, HuResult, Ting, Wait, Win
from .rules import PATTERNS, Ruleset
from .tiles import COPIES, N_KINDS

assert len(SHAPES) == K.N_SHAPES
KIND_CODE = {name: i for i, name in enumerate(K.KIND_NAMES)}
SOURCE_INDEX = {"self": 0, "other": 1}
# Hands per kernel call: bounds the memory of the answer arrays.
CHUNK = 1024


# --- the ruleset as arrays ---------------------------------------------------

@dataclass(frozen=True, eq=False)
class RuleArrays:
    """A ruleset as the kernels see it: one int64 vector (layout: the R_* offsets)."""
    rules: Ruleset
    vec: np.ndarray
    groups: dict  # group code -> Group, filled lazily by ``decode``


_RULE_ARRAYS: dict[int, RuleArrays] = {}


def rule_arrays(rules: Ruleset) -> RuleArrays:
    """The kernels' view of ``rules`` (built once per ruleset object)."""
    ra = _RULE_ARRAYS.get(id(rules))
    if ra is not None and ra.rules is rules:
        return ra
    v = np.zeros(K.R_SIZE, np.int64)
    v[K.R_MIN_HUXI] = rules.min_huxi
    v[K.R_DENG_BASE] = rules.deng_base
    v[K.R_DENG_STEP] = rules.deng_step
    v[K.R_SELF_DENG] = rules.self_draw_deng
    v[K.R_PAO_JIANG] = int(rules.pao_needs_jiang)
    v[K.R_PAIR_WEI] = int(rules.self_pair_must_wei)
    for p, pattern in enumerate(PATTERNS):
        v[K.R_HX + 2 * p: K.R_HX + 2 * p + 2] = rules.huxi[pattern]
    for t in range(N_KINDS):
        v[K.R_RED + t] = 1 if t in rules.red_tiles else 0
    for r in range(K.MAX_RED + 1):
        for dd in (0, 1):
            v[K.R_FAN + 2 * r + dd] = rules.fan(r, duidui=bool(dd))[0]
    gt = np.zeros((K.N_GROUPS, K.G_COLS), np.int64)
    for g, shape in enumerate(SHAPES):
        pattern = group_pattern(shape)
        kind = K.K_JIAO if pattern == "jiao" else K.K_JU
        gt[g] = (*shape, encode(kind, shape), group_huxi(K.KIND_NAMES[kind], shape, rules), 0, kind,
                 PATTERNS.index(pattern))
    for t in range(N_KINDS):
        case = 1 if t >= 10 else 0
        gt[K.G_PAIR + t] = (t, t, t, encode(K.K_JIANG, (t, t)), rules.huxi["jiang"][case], 1, K.K_JIANG,
                            K.P_JIANG)
        gt[K.G_TRIPLE + t] = (t, t, t, encode(K.K_PENG, (t,) * 3), rules.huxi["peng"][case], 1, K.K_PENG,
                              K.P_PENG)
    v[K.R_GT:K.R_CAND] = gt.ravel()
    for t in range(N_KINDS):
        own = [g for g, s in enumerate(SHAPES) if s[0] == t] + [K.G_PAIR + t, K.G_TRIPLE + t]
        at = K.R_CAND + t * K.LIST_COLS
        assert len(own) < K.LIST_COLS
        v[at] = len(own)
        v[at + 1: at + 1 + len(own)] = own
    ra = RuleArrays(rules, v, {})
    _RULE_ARRAYS[id(rules)] = ra
    return ra


def encode(kind: int, tiles: tuple[int, ...]) -> int:
    """The kernels' integer for a group (see solver._kernels)."""
    a = tiles[0]
    b = tiles[1]
    c = tiles[2] if len(tiles) > 2 else 0
    return (kind << 15) | (a << 10) | (b << 5) | c


def decode(code: int, ra: RuleArrays) -> Group:
    g = ra.groups.get(code)
    if g is None:
        kind = K.KIND_NAMES[code >> 15]
        a, b, c = (code >> 10) & 31, (code >> 5) & 31, code & 31
        if kind == "jiang":
            tiles = (a, a)
        elif kind in ("pao", "ti"):
            tiles = (a,) * 4
        elif kind in ("kan", "peng", "wei"):
            tiles = (a,) * 3
        else:
            tiles = (a, b, c)
        g = ra.groups[code] = Group(kind, tiles, group_huxi(kind, tiles, ra.rules))
    return g


# --- hands as arrays ---------------------------------------------------------

@dataclass(frozen=True, eq=False)
class HandArrays:
    hands: Sequence[Hand]
    conc: np.ndarray  # [hand, tile] concealed counts
    mkind: np.ndarray  # [hand, meld] kind code
    mt: np.ndarray  # [hand, meld, 3] first three tiles of the meld, ascending
    nmeld: np.ndarray  # [hand]

    def args(self):
        return self.conc, self.mkind, self.mt, self.nmeld

    def __len__(self):
        return len(self.hands)

    def slice(self, lo: int, hi: int) -> "HandArrays":
        return HandArrays(self.hands[lo:hi], self.conc[lo:hi], self.mkind[lo:hi], self.mt[lo:hi],
                          self.nmeld[lo:hi])


def marshal(hands: Sequence[Hand]) -> HandArrays:
    """Validated hands as the kernels' arrays."""
    n = len(hands)
    conc = np.array([h.concealed for h in hands], np.int64).reshape(n, N_KINDS)
    mkind = np.zeros((n, K.MAX_MELDS), np.int64)
    mt = np.zeros((n, K.MAX_MELDS, 3), np.int64)
    nmeld = np.zeros(n, np.int64)
    for i, h in enumerate(hands):
        if h.melds:
            nmeld[i] = len(h.melds)
            for j, m in enumerate(h.melds):
                mkind[i, j] = KIND_CODE[m.kind]
                mt[i, j] = sorted(m.tiles)[:3]
    return HandArrays(list(hands), conc, mkind, mt, nmeld)


# --- compiling ----------------------------------------------------------------

_announced = False


def _announce_compile(*kernels) -> None:
    """One line on stderr when a kernel has no usable cache entry yet (it is about to compile)."""
    global _announced
    if _announced:
        return
    for kern in kernels:
        if getattr(kern, "signatures", None):
            continue  # compiled or loaded in this process already
        cache = getattr(kern, "_cache", None)
        cache_file = getattr(cache, "_cache_file", None)
        if cache_file is None:
            continue  # NUMBA_DISABLE_JIT: plain Python
        try:
            cached = bool(cache_file._load_index())
        except Exception:  # an unreadable index: numba recompiles, and so do we say
            cached = False
        if not cached:
            _announced = True
            print("phz: compiling the solver kernels (first run only)…", file=sys.stderr, flush=True)
            return


# --- answers --------------------------------------------------------------------

def _groups(codes: list[int], ra: RuleArrays) -> tuple[Group, ...]:
    """Groups from the kernels' codes (already in answer order)."""
    groups = ra.groups
    return tuple([groups.get(c) or decode(c, ra) for c in codes])


@lru_cache(maxsize=None)
def _fan_names(ra: RuleArrays, red: int, dd: int) -> tuple[str, ...]:
    return ra.rules.fan(red, duidui=bool(dd))[1]


def _win(row: np.ndarray, ra: RuleArrays) -> Win | None:
    if not row[K.O_WIN]:
        return None
    row = row.tolist()
    groups = _groups(row[K.O_KEY:], ra)
    return Win(row[K.O_HUXI], row[K.O_DENG], row[K.O_FAN],
               _fan_names(ra, row[K.O_RED], row[K.O_DD]), row[K.O_SCORE],
               HOWS[row[K.O_HOW]], groups)


def _waits(out: np.ndarray, held: Sequence[int], seen: Sequence[int],
           ra: RuleArrays) -> tuple[Wait, ...]:
    """Waits from out[t, source] of one hand at rest."""
    waits = []
    for t in np.flatnonzero(out[:, :, K.O_WIN].any(axis=1)).tolist():
        if held[t] >= COPIES:
            continue
        waits.append(Wait(t, COPIES - held[t] - seen[t], _win(out[t, 0], ra),
                          _win(out[t, 1], ra)))
    return tuple(waits)


def _ting_arrays(ha: HandArrays, ra: RuleArrays) -> np.ndarray:
    _announce_compile(K.ting_batch)
    n = len(ha)
    out = np.zeros((n * N_KINDS * 2, K.N_OUT), np.int32)
    K.ting_batch(*ha.args(), ra.vec, out)
    return out.reshape(n, N_KINDS, 2, K.N_OUT)


def _discard_arrays(ha: HandArrays, ra: RuleArrays) -> np.ndarray:
    _announce_compile(K.discard_batch)
    n = len(ha)
    out = np.zeros((n * N_KINDS * N_KINDS * 2, K.N_OUT), np.int32)
    K.discard_batch(*ha.args(), ra.vec, out)
    return out.reshape(n, N_KINDS, N_KINDS, 2, K.N_OUT)


def ting_many(hands: Sequence[Hand], seen_counts_list: Sequence[Sequence[int]], rules: Ruleset) -> list[Ting]:
    """reference.ting for each validated hand at rest, from one kernel call per chunk."""
    ra = rule_arrays(rules)
    result = []
    for lo in range(0, len(hands), CHUNK):
        ha = marshal(hands[lo:lo + CHUNK])
        out = _ting_arrays(ha, ra)
        for i, hand in enumerate(ha.hands):
            waits = _waits(out[i], hand.all_counts(), seen_counts_list[lo + i], ra)
            result.append(Ting(hand, waits))
    return result


def discard_many(hands: Sequence[Hand], seen_counts_list: Sequence[Sequence[int]],
                 rules: Ruleset) -> list[Discards]:
    """reference.discard for each validated hand of c + 1 tiles."""
    ra = rule_arrays(rules)
    result = []
    chunk = max(1, CHUNK // 4)
    for lo in range(0, len(hands), chunk):
        ha = marshal(hands[lo:lo + chunk])
        out = _discard_arrays(ha, ra)
        for i, hand in enumerate(ha.hands):
            seen = list(seen_counts_list[lo + i])
            held = hand.all_counts()
            rows = []
            for x in range(N_KINDS):
                if hand.concealed[x] not in (1, 2):
                    continue
                # Without x, and x counted as seen (it is no longer in the stock).
                held[x] -= 1
                seen[x] += 1
                waits = _waits(out[i, x], held, seen, ra)
                held[x] += 1
                seen[x] -= 1
                rows.append(discard_row(x, waits, rules))
            result.append(Discards(hand, rank_rows(rows)))
    return result


def win_many(hands: Sequence[Hand] | HandArrays, tiles: Sequence[int], sources: Sequence[str],
             rules: Ruleset, *, with_top: bool = False) -> np.ndarray | tuple[np.ndarray, np.ndarray]:
    """The batched win check: out[q, s] (s = 0 self, 1 other) of hand q on tiles[q] from sources[q].

    Raw kernel arrays (fields K.O_*); ``sources`` items are 'self', 'other' or
    'both'.  ``hands`` may be pre-marshalled with ``marshal``.  With
    ``with_top`` it also returns the highest-胡息 split per source (K.T_*).
    """
    ra = rule_arrays(rules)
    ha = hands if isinstance(hands, HandArrays) else marshal(hands)
    n = len(ha)
    qhand = np.arange(n, dtype=np.int64)
    qtile = np.asarray(tiles, np.int64)
    bits = {"self": 1, "other": 2, "both": 3}
    qsrc = np.array([bits[s] for s in sources], np.int64)
    out = np.zeros((2 * n, K.N_OUT), np.int32)
    top = np.zeros((2 * n if with_top else 1, K.N_TOP), np.int32)
    _announce_compile(K.hu_batch)
    K.hu_batch(*ha.args(), qhand, qtile, qsrc, with_top, ra.vec, out, top)
    out = out.reshape(n, 2, K.N_OUT)
    return (out, top.reshape(n, 2, K.N_TOP)) if with_top else out


def hu_many(hands: Sequence[Hand], tiles: Sequence[int], sources: Sequence[str],
            rules: Ruleset) -> list[HuResult]:
    """reference.hu (all_splits=False) for each (validated hand at rest, tile, source)."""
    ra = rule_arrays(rules)
    out, top = win_many(hands, tiles, ["both"] * len(hands), rules, with_top=True)
    result = []
    for q, (hand, t, source) in enumerate(zip(hands, tiles, sources)):
        s = SOURCE_INDEX[source]
        win = _win(out[q, s], ra)
        if win is not None:
            result.append(HuResult(hand, t, source, win, None, win.huxi, win.groups))
            continue
        tp = top[q, s].tolist()
        forced = tp[K.T_FORCED]
        if forced and out[q, 1, K.O_WIN]:
            reason = "forced_ti" if forced == 1 else "forced_wei"
        elif tp[K.T_HAS]:
            reason = "huxi_short"
        else:
            reason = "no_7_groups"
        if tp[K.T_HAS]:
            groups = _groups(tp[K.T_KEY:], ra)
            result.append(HuResult(hand, t, source, None, reason, tp[K.T_HUXI], groups))
        else:
            result.append(HuResult(hand, t, source, None, reason, None, ()))
    return result
