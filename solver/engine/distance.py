"""Distance to ready (进张距离) and improving draws (进张) of any hand (RULES.md 6).

A tile never enters the concealed hand: progress is counted in *intakes*
(吃 with its 比, 碰, 偎, 跑, 提 — the table of RULES.md 6), each followed by
the discard of a concealed non-坎 tile except a second or later 跑/提 (八块).
The distance of a hand at rest is 0 when it waits on a tile, else the least
number of intakes after which it does.

The search goes level by level over positions (rows of
``solver.engine._distance_kernels``; equal rows are one position, met once):

* level 0: is the hand ready?  One split search with a wildcard tile (the
  winning tile), stopping at the first split that wins.
* level 1: for each intake of the hand, does *some* discard make it ready?
  One split search with a wildcard and a junk tile (the discard), not one
  search per discard and winning tile.
* level 2: every position one intake and discard away, deduplicated; for
  each, does some intake of it pass the level-1 test?
* beyond: the same one level further each time, while the positions stay
  within a budget; past it the answer is "no distance, limit".  A search
  that runs out of positions proves the hand can never be ready.

Distances 0, 1 and 2 are therefore always exact.  The improving draws come
out of the same search: the intakes of the hand whose positions lead to a
good one at the last level (traced back along the moves).  The kernel
enumerates intakes itself (RULES.md 6 table; 吃 with every 比 layout, never
a 坎 tile); the tests hold it to a brute force built on
``obligations.eating_ways``.  An exact
memo (a hash table on the packed position) answers positions met before,
across the rows of a discard table and across calls.  Importing this module
imports numba.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..model.groups import SHAPES, group_huxi, group_pattern
from ..model.hand import Hand
from ..model.results import Intake
from ..model.rules import PATTERNS, Ruleset
from ..model.tiles import N_KINDS
from . import _distance_kernels as DK
from ._jit import will_compile

assert len(SHAPES) == DK.N_SHAPES
assert PATTERNS == ("ju", "ju123", "ju2710", "jiao", "kan", "peng", "wei", "pao", "ti", "jiang")

#: a level this large (per hand) is never expanded further
EXPAND_LIMIT = 5_000
#: hands searched together (bounds the memory of a level)
HANDS_PER_SEARCH = 32
#: slots of the kernels' memo (3 words and a byte each: about 25 MB)
MEMO_CAPACITY = 1 << 20



# ---------------------------------------------------------------- answers

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
    for p, pattern in enumerate(PATTERNS):
        cx[DK.C_HX + 2 * p: DK.C_HX + 2 * p + 2] = rules.huxi[pattern]
    shape_hx = [group_huxi("jiao" if group_pattern(s) == "jiao" else "ju", s, rules) for s in SHAPES]
    rich = [i for i, h in enumerate(shape_hx) if h > 0]
    assert len(rich) < 8
    cx[DK.C_RICH] = len(rich)
    cx[DK.C_RICH + 1: DK.C_RICH + 1 + len(rich)] = rich
    trip = "wei" if rules.self_pair_must_wei else "peng"
    cx[DK.C_BONUS] = max(shape_hx + list(rules.huxi[trip]))
    for t in range(N_KINDS):
        cx[DK.C_TRIP + t] = rules.huxi[trip][1 if t >= 10 else 0]
    for i, s in enumerate(SHAPES):
        cx[DK.C_SH + 3 * i: DK.C_SH + 3 * i + 3] = s
        cx[DK.C_SHX + i] = shape_hx[i]
    for t in range(N_KINDS):
        opts = [(DK.O_FULL, i, 0, 0) for i, s in enumerate(SHAPES) if s[0] == t]
        opts += [(DK.O_PAIR, 0, 0, 0), (DK.O_JUNK, 0, 0, 0)]
        cx[DK.C_WSTART + t] = len(opts)
        for i, s in enumerate(SHAPES):
            if t not in s:
                continue
            for w in sorted(set(s)):
                rest = list(s)
                rest.remove(w)
                if t in rest:
                    rest.remove(t)
                    opts.append((DK.O_WSHAPE, i, w, rest[0]))
        opts += [(DK.O_WPAIR, 0, 0, 0), (DK.O_WTRIPLE, 0, 0, 0)]
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


# ---------------------------------------------------------------- the search

_KEY = np.dtype([("a", np.int64), ("b", np.int64), ("c", np.int64), ("root", np.int64)])
_INTAKE_KINDS = ("chi", "peng", "wei", "pao", "ti")


def keys(rows: np.ndarray, roots: np.ndarray) -> np.ndarray:
    """One structured key per (position row, root): equal exactly when both are."""
    conc = rows[:, DK.N_CONC:DK.N_CONC + N_KINDS] << (2 * np.arange(N_KINDS, dtype=np.int64))
    held = rows[:, DK.N_HELD:DK.N_HELD + N_KINDS] << (3 * np.arange(N_KINDS, dtype=np.int64))
    out = np.empty(len(rows), dtype=_KEY)
    out["a"] = conc.sum(axis=1) | (rows[:, DK.N_M] << 40) | (rows[:, DK.N_K] << 43) | (rows[:, DK.N_BASE] << 46)
    out["b"] = held.sum(axis=1)
    out["c"] = rows[:, DK.N_WEI] | (rows[:, DK.N_PENG] << 20)
    out["root"] = roots
    return out


_announced = False


def _announce_compile() -> None:
    """One line on stderr when the kernel has no usable cache entry yet (it is about to compile)."""
    global _announced
    if not _announced:
        _announced = True
        if will_compile(DK.run):
            print("phz: compiling the distance kernels (first run only)…", file=sys.stderr, flush=True)


def _run(mode: int, rows: np.ndarray, rules: Ruleset, junk: np.ndarray | None = None):
    """The kernels' one entry point: (rows it returns, flags per input row)."""
    _announce_compile()
    rows = np.ascontiguousarray(rows[:, :DK.NW], np.int64)
    flags = np.zeros(len(rows), np.int64)
    junk = np.zeros(len(rows), np.int64) if junk is None else np.ascontiguousarray(junk, np.int64)
    out, fits = DK.run(context(rules), mode, rows, junk, flags, *_memo(rules).args())
    if not fits:
        raise RuntimeError(f"distance search: a position with more than {DK.MAX_WAYS} intakes")
    return out, flags.astype(bool)


def _expand(rows: np.ndarray, mode: int, rules: Ruleset) -> np.ndarray:
    return _run(mode, rows, rules)[0]


def _after_discards(ways: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every position at rest after each way's discard (or the way's own
    position after 八块), and the index of the way it came from."""
    conc = ways[:, DK.N_CONC:DK.N_CONC + N_KINDS]
    discard = ways[:, DK.R_DISCARD] != 0
    r, x = np.nonzero(((conc == 1) | (conc == 2)) & discard[:, None])
    kept = np.flatnonzero(~discard)
    parent = np.concatenate([r, kept])
    children = ways[parent, :DK.NW].copy()
    at = np.arange(len(r))
    children[at, DK.N_CONC + x] -= 1
    children[at, DK.N_HELD + x] -= 1
    return children, parent


def _unique(rows: np.ndarray, roots: np.ndarray, known: np.ndarray):
    """(unique (row, root) pairs not among the sorted ``known`` keys: rows,
    roots, keys; and for each input row the index of its unique row, or -1)."""
    k = keys(rows, roots)
    uk, first, inverse = np.unique(k, return_index=True, return_inverse=True)
    keep = np.ones(len(uk), bool)
    if len(known):
        pos = np.searchsorted(known, uk)
        pos[pos == len(known)] = 0
        keep = known[pos] != uk
    index = np.full(len(uk), -1)
    index[keep] = np.arange(int(keep.sum()))
    sel = first[keep]
    return rows[sel], roots[sel], uk[keep], index[inverse.ravel()]


class _Memo:
    """The kernels' memo of answers for one ruleset (see solver.engine._distance_kernels)."""

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


_MEMOS: dict[int, tuple[Ruleset, _Memo]] = {}


def _memo(rules: Ruleset) -> _Memo:
    hit = _MEMOS.get(id(rules))
    if hit is None or hit[0] is not rules:
        hit = _MEMOS[id(rules)] = (rules, _Memo())
    return hit[1]


def ready(rows: np.ndarray, junk: np.ndarray, rules: Ruleset) -> np.ndarray:
    """Per position: ready at rest (junk 0) / some discard makes it ready (junk 1)."""
    return _run(DK.M_READY, rows, rules, junk)[1] if len(rows) else np.zeros(0, bool)


def good(rows: np.ndarray, rules: Ruleset) -> np.ndarray:
    """Per position at rest: is it at most 1 away?"""
    return _run(DK.M_GOOD, rows, rules)[1] if len(rows) else np.zeros(0, bool)


def _intake(row: np.ndarray) -> Intake:
    kind = _INTAKE_KINDS[row[DK.R_KIND]]
    t = int(row[DK.R_TILE])
    if kind != "chi":
        return Intake(kind, t)
    bi = tuple(SHAPES[row[c]] for c in (DK.R_BI1, DK.R_BI2) if row[c] >= 0)
    return Intake("chi", t, SHAPES[row[DK.R_CHI]], bi)


def analyse(hand: Hand, rules: Ruleset, *, is_ready: bool | None = None, budget: int,
            improving: bool = True) -> Analysis:
    """Distance to ready of a validated hand at rest, and its improving intakes.

    ``is_ready``: whether the hand waits on a tile, when the caller knows.
    ``budget``: positions the search may look at beyond distance 2.  With
    ``improving`` False the search may stop at the first good position.
    """
    return analyse_many([hand], rules, is_ready=None if is_ready is None else [is_ready], budget=budget,
                        improving=improving)[0]


def analyse_many(hands: Sequence[Hand], rules: Ruleset, *, is_ready: Sequence[bool] | None = None,
                 budget: int, improving: bool = True) -> list[Analysis]:
    """``analyse`` for many hands: a few dozen at a time, each level one
    kernel call for all of them; positions they share are answered once
    (the memo)."""
    if is_ready is None:
        roots = np.array([position(h, rules) for h in hands]).reshape(len(hands), DK.NW)
        is_ready = ready(roots, np.zeros(len(hands), np.int64), rules)
    out: list[Analysis] = []
    for lo in range(0, len(hands), HANDS_PER_SEARCH):
        out += _search(hands[lo:lo + HANDS_PER_SEARCH], is_ready[lo:lo + HANDS_PER_SEARCH], rules, budget,
                       improving)
    return out


def _search(hands: Sequence[Hand], is_ready: Sequence[bool], rules: Ruleset, budget: int,
            improving: bool) -> list[Analysis]:
    result: list[Analysis | None] = [Analysis(0, False) if r else None for r in is_ready]
    todo = [i for i, r in enumerate(is_ready) if not r]
    if not todo:
        return result
    roots = np.array([position(hands[i], rules) for i in todo])
    ways = _expand(roots, DK.M_WAYS, rules)
    way_root = np.asarray(todo)[ways[:, DK.R_PARENT]] if len(ways) else np.zeros(0, np.int64)
    for i in set(todo) - set(way_root.tolist()):
        result[i] = Analysis(None, False)  # no intake at all
    # Level 1: does some discard after the intake make the hand ready?
    ok = ready(ways, ways[:, DK.R_DISCARD], rules)
    hit_roots = set(way_root[ok].tolist())
    for i in hit_roots:
        result[i] = Analysis(1, False, _by_tile(ways, way_root == i, ok))
    # Level 2 and beyond: positions at rest (with the hand they started
    # from), each level one intake and discard further.
    children, parent = _after_discards(ways)
    sel = ~np.isin(way_root[parent], list(hit_roots))
    children, parent = children[sel], parent[sel]
    level, level_root, known, index = _unique(children, way_root[parent], np.zeros(0, _KEY))
    # Per level: (each move -> its position's index there or -1 when seen
    # before, each move -> the position it came from, size of that level).
    edges = [(index, parent, len(ways))]
    distance = 2
    left = np.full(len(hands), budget, np.int64)  # positions still allowed beyond distance 2
    while len(level):
        hit = good(level, rules) if improving else _first_good(level, level_root, rules)
        done = np.unique(level_root[hit])
        if len(done):
            back = _back(hit, edges)
            for i in done.tolist():
                result[i] = Analysis(distance, False, _by_tile(ways, way_root == i, back))
        size = np.bincount(level_root, minlength=len(hands))
        for i in np.unique(level_root).tolist():
            if result[i] is None and (size[i] > EXPAND_LIMIT or left[i] <= 0):
                result[i] = Analysis(None, True)
        go = np.array([result[i] is None for i in level_root.tolist()], bool)
        if not go.any():
            break
        nxt = _expand(level[go], DK.M_EXPAND, rules)
        from_ = np.flatnonzero(go)[nxt[:, DK.R_PARENT]]
        new, new_root, new_keys, index = _unique(nxt[:, :DK.NW], level_root[from_], known)
        known = np.sort(np.concatenate([known, new_keys]))
        size = np.bincount(new_root, minlength=len(hands))
        over = size > left
        for i in np.flatnonzero(over).tolist():
            if result[i] is None:
                result[i] = Analysis(None, True)
        left -= size
        keep = ~over[new_root]
        # Positions of hands that stopped are dropped; their moves point nowhere.
        renumber = np.full(len(new), -1)
        renumber[keep] = np.arange(int(keep.sum()))
        index = np.where(index >= 0, renumber[np.maximum(index, 0)], -1)
        edges.append((index, from_, len(level)))
        level, level_root = new[keep], new_root[keep]
        distance += 1
    # Whatever is left ran out of positions: no sequence of intakes makes it ready.
    return [r if r is not None else Analysis(None, False) for r in result]


def _first_good(level: np.ndarray, level_root: np.ndarray, rules: Ruleset, chunk: int = 64) -> np.ndarray:
    """good() chunk by chunk, until every hand has a good position (or none is left)."""
    hit = np.zeros(len(level), bool)
    want = set(level_root.tolist())
    for lo in range(0, len(level), chunk):
        part = slice(lo, lo + chunk)
        hit[part] = good(level[part], rules)
        want -= set(level_root[part][hit[part]].tolist())
        if not want:
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


def _by_tile(ways: np.ndarray, mine: np.ndarray, ok: np.ndarray):
    """(tile, improving intakes) in tile order, from the ways of one hand."""
    by: dict[int, list[Intake]] = {}
    for row in ways[mine & ok]:
        intake = _intake(row)
        by.setdefault(intake.tile, []).append(intake)
    return tuple((t, tuple(by[t])) for t in sorted(by))
