"""Distance to ready (进张距离) and improving draws (进张) of any hand (RULES.md 6).

A tile never enters the concealed hand: progress is counted in *intakes*
(吃 with its 比, 碰, 偎, 跑, 提 — the table of RULES.md 6), each followed by
the discard of a concealed non-坎 tile except a second or later 跑/提 (八块).
The distance of a hand at rest is 0 when it waits on a tile, else the least
number of intakes after which it does.

The search goes level by level over positions (``solver._distance_kernels``
rows; equal rows are one position, so each is visited once):

* level 0: is the hand ready?  One split search with a wildcard tile.
* level 1: for each intake of the hand (enumerated here, with the 吃/比
  rules of ``solver.obligations``): does *some* discard make it ready?  One
  split search with a wildcard and a junk tile (the discard), not one per
  discard.
* level 2: every position one intake and discard away, deduplicated; for
  each, does some intake of it pass the level-1 test (a kernel, stopping at
  the first intake that does)?
* beyond: the same one level further each time, while the positions to look
  at stay within a budget; past it the answer is "no distance, limit".  A
  search that runs out of positions proves the hand can never be ready.

Distances 0, 1 and 2 are therefore always exact.  The improving draws come
out of the same search: the intakes of the hand whose positions lead to a
good one at the last level.  Importing this module imports numba.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from . import _distance_kernels as DK
from .groups import SHAPES, group_huxi, group_pattern
from .hand import Hand
from .obligations import eating_ways
from .rules import PATTERNS, Ruleset
from .tiles import COPIES, GLYPHS, N_KINDS, glyphs

assert len(SHAPES) == DK.N_SHAPES
assert PATTERNS == ("ju", "ju123", "ju2710", "jiao", "kan", "peng", "wei", "pao", "ti", "jiang")

#: positions looked at beyond level 2 before the search gives up (distance None, limit True)
BUDGET = 20_000

INTAKE_ZH = {"chi": "吃", "peng": "碰", "wei": "偎", "pao": "跑", "ti": "提"}


# ---------------------------------------------------------------- answers

@dataclass(frozen=True)
class Intake:
    """One way to take tile ``tile`` (RULES.md 6 table): ``kind`` chi, peng,
    wei, pao or ti; for 吃 the eating group and the 比 groups."""
    kind: str
    tile: int
    chi: tuple[int, ...] = ()
    bi: tuple[tuple[int, ...], ...] = ()

    def text(self) -> str:
        """吃 四 with 肆肆, 吃 三 with 一二, 比 三四五; 碰 八; 跑 八; ..."""
        t = GLYPHS[self.tile]
        if self.kind != "chi":
            return f"{INTAKE_ZH[self.kind]} {t}"
        rest = list(self.chi)
        rest.remove(self.tile)
        text = f"吃 {t} with {glyphs(rest)}"
        if self.bi:
            text += ", 比 " + " ".join(glyphs(g) for g in self.bi)
        return text


@dataclass(frozen=True)
class Analysis:
    """Distance of a hand at rest and, at distance k >= 1, the intakes that
    leave a hand at distance k - 1 (by tile, in tile order)."""
    distance: int | None  # None: never ready, or unknown when ``limit``
    limit: bool  # the search stopped at its budget (distance > 2)
    improving: tuple[tuple[int, tuple[Intake, ...]], ...] = ()


# ---------------------------------------------------------------- the kernels' inputs

_CONTEXTS: dict[int, tuple[Ruleset, np.ndarray]] = {}


def context(rules: Ruleset) -> np.ndarray:
    """The kernels' context vector for ``rules`` (built once per ruleset)."""
    hit = _CONTEXTS.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    if rules.huxi["jiang"] != (0, 0):
        raise NotImplementedError("a ruleset whose 将 pair carries 胡息")
    cx = np.zeros(DK.C_SIZE, np.int64)
    cx[DK.C_MIN] = rules.min_huxi
    cx[DK.C_JIANG] = int(rules.pao_needs_jiang)
    cx[DK.C_PAIR_WEI] = int(rules.self_pair_must_wei)
    for p, pattern in enumerate(PATTERNS):
        cx[DK.C_HX + 2 * p: DK.C_HX + 2 * p + 2] = rules.huxi[pattern]
    shape_hx = [group_huxi("jiao" if group_pattern(s) == "jiao" else "ju", s, rules) for s in SHAPES]
    rich = [i for i, h in enumerate(shape_hx) if h > 0]
    assert len(rich) < 8
    cx[DK.C_RICH] = len(rich)
    cx[DK.C_RICH + 1: DK.C_RICH + 1 + len(rich)] = rich
    trip = "wei" if rules.self_pair_must_wei else "peng"
    cx[DK.C_BONUS] = max(shape_hx + list(rules.huxi[trip]))
    for i, s in enumerate(SHAPES):
        cx[DK.C_SH + 3 * i: DK.C_SH + 3 * i + 3] = s
        cx[DK.C_SHX + i] = shape_hx[i]
    for t in range(N_KINDS):
        opts = [(DK.O_FULL, i, 0, 0) for i, s in enumerate(SHAPES) if s[0] == t]
        opts.append((DK.O_PAIR, 0, 0, 0))
        for i, s in enumerate(SHAPES):
            if t not in s:
                continue
            for w in sorted(set(s)):
                rest = list(s)
                rest.remove(w)
                if t in rest:
                    rest.remove(t)
                    opts.append((DK.O_WSHAPE, i, w, rest[0]))
        opts += [(DK.O_WPAIR, 0, 0, 0), (DK.O_WTRIPLE, 0, 0, 0), (DK.O_JUNK, 0, 0, 0)]
        assert len(opts) <= DK.MAX_OPT
        at = DK.C_OPT + t * DK.MAX_OPT * 4
        cx[at: at + 4 * len(opts)] = np.array(opts).ravel()
        cx[DK.C_NOPT + t] = len(opts)
        holding = [i for i, s in enumerate(SHAPES) if t in s]
        assert len(holding) < 8
        cx[DK.C_CONT + 8 * t] = len(holding)
        cx[DK.C_CONT + 8 * t + 1: DK.C_CONT + 8 * t + 1 + len(holding)] = holding
    cx.setflags(write=False)
    _CONTEXTS[id(rules)] = (rules, cx)
    return cx


def position(hand: Hand, rules: Ruleset) -> np.ndarray:
    """The kernels' row of a validated hand."""
    row = np.zeros(DK.NW, np.int64)
    row[DK.N_CONC:DK.N_CONC + N_KINDS] = hand.concealed
    row[DK.N_HELD:DK.N_HELD + N_KINDS] = hand.all_counts()
    for m in hand.melds:
        if m.kind == "wei":
            row[DK.N_WEI] |= 1 << m.tiles[0]
        elif m.kind == "peng":
            row[DK.N_PENG] |= 1 << m.tiles[0]
        row[DK.N_BASE] += group_huxi(m.kind, m.tiles, rules)
    row[DK.N_M] = hand.n_three
    row[DK.N_K] = hand.n_four
    return row


def keys(rows: np.ndarray) -> np.ndarray:
    """One structured key per row (3 int64 words), equal exactly when the rows are."""
    rows = np.asarray(rows, np.int64)
    conc = rows[:, DK.N_CONC:DK.N_CONC + N_KINDS] << (2 * np.arange(N_KINDS, dtype=np.int64))
    held = rows[:, DK.N_HELD:DK.N_HELD + N_KINDS] << (3 * np.arange(N_KINDS, dtype=np.int64))
    out = np.empty(len(rows), dtype=[("a", np.int64), ("b", np.int64), ("c", np.int64)])
    out["a"] = conc.sum(axis=1) | (rows[:, DK.N_M] << 40) | (rows[:, DK.N_K] << 43) | (rows[:, DK.N_BASE] << 46)
    out["b"] = held.sum(axis=1)
    out["c"] = rows[:, DK.N_WEI] | (rows[:, DK.N_PENG] << 20)
    return out


# ---------------------------------------------------------------- intakes of one hand

def intakes(hand: Hand, rules: Ruleset) -> list[tuple[Intake, np.ndarray, bool]]:
    """Every intake of a hand at rest (RULES.md 6 table), with the position it
    leaves (before its discard) and whether a discard follows; an intake that
    leaves nothing to discard is left out."""
    root = position(hand, rules)
    conc = hand.concealed
    held = hand.all_counts()
    wei = {m.tiles[0] for m in hand.melds if m.kind == "wei"}
    peng = {m.tiles[0] for m in hand.melds if m.kind == "peng"}
    first_four = hand.n_four == 0
    out = []

    def add(intake: Intake, row: np.ndarray, discard: bool) -> None:
        row[DK.N_HELD + intake.tile] += 1
        left = row[DK.N_CONC:DK.N_CONC + N_KINDS]
        if discard and not ((left == 1) | (left == 2)).any():
            return
        out.append((intake, row, discard))

    for t in range(N_KINDS):
        if held[t] >= COPIES:
            continue
        bit = 1 << t
        if t in wei or t in peng or conc[t] == 3:
            for kind in (("pao",) if t in peng else ("pao", "ti")):
                row = root.copy()
                if t in wei:
                    row[DK.N_WEI] ^= bit
                    row[DK.N_M] -= 1
                    row[DK.N_BASE] -= group_huxi("wei", (t,) * 3, rules)
                elif t in peng:
                    row[DK.N_PENG] ^= bit
                    row[DK.N_M] -= 1
                    row[DK.N_BASE] -= group_huxi("peng", (t,) * 3, rules)
                else:
                    row[DK.N_CONC + t] = 0
                row[DK.N_K] += 1
                row[DK.N_BASE] += group_huxi(kind, (t,) * 4, rules)
                add(Intake(kind, t), row, first_four)
        if conc[t] == 2:
            for kind, slot in (("peng", DK.N_PENG), ("wei", DK.N_WEI)):
                row = root.copy()
                row[DK.N_CONC + t] = 0
                row[slot] |= bit
                row[DK.N_M] += 1
                row[DK.N_BASE] += group_huxi(kind, (t,) * 3, rules)
                add(Intake(kind, t), row, True)
        if t in wei or conc[t] == 3:
            continue  # a 坎 or 偎 tile is never eaten
        for chi, bi, _ in eating_ways(conc, t):
            if bi is None:
                continue  # 烧比: a copy of t could not be laid out
            used = [x for g in (chi, *bi) for x in g]
            used.remove(t)
            if any(conc[x] == 3 for x in used):
                continue  # a 坎 tile never takes part
            row = root.copy()
            for x in used:
                row[DK.N_CONC + x] -= 1
            row[DK.N_M] += 1 + len(bi)
            row[DK.N_BASE] += sum(group_huxi("chi", g, rules) for g in (chi, *bi))
            add(Intake("chi", t, chi, tuple(bi)), row, True)
    return out


# ---------------------------------------------------------------- the search

def _after_discards(rows: np.ndarray, discard: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every position at rest after each row's discard (or the row itself
    after 八块), and the index of the row it came from."""
    children, parent = [], []
    for r, (row, d) in enumerate(zip(rows, discard)):
        if not d:
            children.append(row)
            parent.append(r)
            continue
        for x in np.flatnonzero((row[DK.N_CONC:DK.N_CONC + N_KINDS] == 1) | (row[DK.N_CONC:DK.N_CONC + N_KINDS] == 2)):
            child = row.copy()
            child[DK.N_CONC + x] -= 1
            child[DK.N_HELD + x] -= 1
            children.append(child)
            parent.append(r)
    if not children:
        return np.zeros((0, DK.NW), np.int64), np.zeros(0, np.int64)
    return np.array(children), np.array(parent)


def _unique(rows: np.ndarray, known: np.ndarray | None = None):
    """(unique rows not among the ``known`` keys, their keys, index of each row's unique row or -1)."""
    k = keys(rows)
    uk, first, inverse = np.unique(k, return_index=True, return_inverse=True)
    keep = np.ones(len(uk), bool)
    if known is not None and len(known):
        pos = np.searchsorted(known, uk)
        pos[pos == len(known)] = 0
        keep = known[pos] != uk
    new_index = np.full(len(uk), -1)
    new_index[keep] = np.arange(keep.sum())
    return rows[first[keep]], uk[keep], new_index[inverse.ravel()]


def ready(rows: np.ndarray, junk: np.ndarray, rules: Ruleset) -> np.ndarray:
    """Per row: ready at rest (junk 0) / some discard makes it ready (junk 1)."""
    out = np.zeros(len(rows), np.int64)
    if len(rows):
        DK.ready_batch(context(rules), np.ascontiguousarray(rows, np.int64), np.asarray(junk, np.int64), out)
    return out.astype(bool)


def good(rows: np.ndarray, rules: Ruleset) -> np.ndarray:
    """Per position at rest: is it at most 1 away?"""
    out = np.zeros(len(rows), np.int64)
    if len(rows):
        DK.good_batch(context(rules), np.ascontiguousarray(rows, np.int64), out)
    return out.astype(bool)


def analyse(hand: Hand, rules: Ruleset, *, is_ready: bool | None = None, budget: int = BUDGET,
            improving: bool = True) -> Analysis:
    """Distance to ready of a validated hand at rest, and its improving intakes.

    ``is_ready``: whether the hand waits on a tile, when the caller knows.
    With ``improving`` False the search stops at the first good position.
    """
    if is_ready is None:
        is_ready = bool(ready(position(hand, rules)[None], np.zeros(1, np.int64), rules)[0])
    if is_ready:
        return Analysis(0, False)
    ways = intakes(hand, rules)
    if not ways:
        return Analysis(None, False)
    rows = np.array([row for _, row, _ in ways])
    discard = np.array([d for _, _, d in ways])
    ok = ready(rows, discard.astype(np.int64), rules)
    if ok.any():
        return Analysis(1, False, _by_tile(ways, ok))
    # Level 2 and beyond: positions at rest, each level one intake further.
    children, parent = _after_discards(rows, discard)
    level, known, index = _unique(children)
    # edges[j]: (index of each move's position in level j + 1, index of the
    # position it came from in level j, size of level j); level 0 = the ways.
    edges = [(index, parent, len(ways))]
    budget_left = budget
    distance = 2
    while len(level):
        hit = good(level, rules) if improving else _first_good(level, rules)
        if hit.any():
            return Analysis(distance, False, _by_tile(ways, _back(hit, edges)))
        budget_left -= len(level)
        if budget_left < 0:
            return Analysis(None, True)
        nxt = DK.expand_batch(context(rules), np.ascontiguousarray(level), 8 * len(level))
        new, new_keys, index = _unique(nxt[:, :DK.NW], known)
        edges.append((index, nxt[:, DK.NW], len(level)))
        known = np.sort(np.concatenate([known, new_keys]))
        level = new
        distance += 1
    return Analysis(None, False)


def _first_good(level: np.ndarray, rules: Ruleset, chunk: int = 64) -> np.ndarray:
    """good() chunk by chunk, stopping after the first chunk with a good position."""
    hit = np.zeros(len(level), bool)
    for lo in range(0, len(level), chunk):
        hit[lo:lo + chunk] = good(level[lo:lo + chunk], rules)
        if hit[lo:lo + chunk].any():
            break
    return hit


def _back(hit: np.ndarray, edges: list) -> np.ndarray:
    """Which ways (level 0) lead to a hit position of the last level."""
    mark = hit
    for index, parent, size in reversed(edges):
        up = np.zeros(size, bool)
        sel = index >= 0
        sel[sel] = mark[index[sel]]
        up[parent[sel]] = True
        mark = up
    return mark


def _by_tile(ways: Sequence[tuple[Intake, np.ndarray, bool]], ok: np.ndarray):
    by: dict[int, list[Intake]] = {}
    for (intake, _, _), good_way in zip(ways, ok):
        if good_way:
            by.setdefault(intake.tile, []).append(intake)
    return tuple((t, tuple(by[t])) for t in sorted(by))
