"""Distance to ready (进张距离) and improving draws (进张) of any hand (RULES.md 6).

A tile never enters the concealed hand: progress is counted in *intakes*
(吃 with its 比, 碰, 偎, 跑, 提 — the table of RULES.md 6; luzhou's 吃, 碰 and
招, the table of RULES.md 8 — as ``distance_arrays`` reads it from the
ruleset's fields), each followed by the discard of a concealed non-坎 tile
except a second or later 4-tile group (八块).  The distance of a hand at rest
is 0 when it waits on a tile from some source the ruleset wins on, else the
least number of intakes after which it does.

The search goes level by level over positions (rows of
``solver.engine._distance_kernels``; equal rows are one position, met once):

* level 0: is the hand ready?  One split search with a wildcard tile (the
  winning tile), stopping at the first split that wins.
* level 1: for each intake of the hand, does *some* discard make it ready?
  One split search with a wildcard and a junk tile (the discard), not one
  search per discard and winning tile.
* level 2: for each intake of the hand, does some discard after it leave a
  position at most 1 away?  One question per intake, not one per position
  after it (M_GOOD2): an intake of the hand q that it leaves is an intake
  of q - y for every discard y it leaves room for (another tile's copies,
  holding and count held do not change with y), so each intake of q is
  asked once with two junk tiles (y, then the discard after it); only
  y's own tile may be taken otherwise once a copy of it is gone (fewer
  copies to 比, a pair become one, held three times instead of four), and
  those intakes are asked on q - y itself.
* beyond (only when the budget allows): every position one intake and
  discard further each level, deduplicated, while the positions stay
  within the budget; past it the answer is "no distance, limit".  A search
  that runs out of positions proves the hand can never be ready.

Distances 0, 1 and 2 are therefore always exact.  The improving draws come
out of the same search: the intakes of the hand whose positions lead to a
good one at the last level (traced back along the moves).  The kernel
enumerates intakes itself (the ruleset's table; 吃 with every 比 layout,
never a 坎 tile); the tests hold it to a brute force built on
``obligations.eating_ways`` and the tables of RULES.md written out.  An exact memo (a hash table on the packed
position, one per ruleset, kept by ``solver.engine.distance_arrays`` with the
kernels' context vector) answers positions met before, across the rows of
a discard table and across calls.  Importing this module imports numba.
``solver.engine.plain_distance`` is the same search in plain Python (for
one hand, without numba); the tests hold the two to each other.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import numpy as np

from ..model.groups import SHAPES, group_huxi
from ..model.hand import Hand
from ..model.results import Analysis, Intake
from ..model.rules import Ruleset
from ..model.tiles import N_KINDS
from . import _distance_kernels as DK
from . import distance_arrays
from .arrays import announce_compile
from .intake_rules import INTAKE_KINDS

if TYPE_CHECKING:
    from numpy.typing import NDArray

#: a level this large (per hand) is never expanded further
EXPAND_LIMIT = 5_000
#: hands searched together (bounds the memory of a level)
HANDS_PER_SEARCH = 32


# ---------------------------------------------------------------- the kernels' inputs

def position(hand: Hand, rules: Ruleset) -> np.ndarray:
    """The kernels' row of a validated hand."""
    row = np.zeros(DK.POS_SIZE, np.int64)
    row[DK.POS_CONC:DK.POS_CONC + N_KINDS] = hand.concealed
    row[DK.POS_HELD:DK.POS_HELD + N_KINDS] = hand.all_counts()
    for m in hand.melds:
        if m.kind == "wei":
            row[DK.POS_WEI] |= 1 << m.tiles[0]
        elif m.kind == "peng":
            row[DK.POS_PENG] |= 1 << m.tiles[0]
        row[DK.POS_BASE] += group_huxi(m.kind, m.tiles, rules)
    row[DK.POS_M] = hand.n_three
    row[DK.POS_K] = hand.n_four
    return row


# ---------------------------------------------------------------- the search

_KEY = np.dtype([("a", np.int64), ("b", np.int64), ("c", np.int64), ("root", np.int64)])
_INTAKE_KINDS = INTAKE_KINDS


def keys(rows: np.ndarray, roots: np.ndarray) -> np.ndarray:
    """One structured key per (position row, root): equal exactly when both are."""
    conc = rows[:, DK.POS_CONC:DK.POS_CONC + N_KINDS] << (2 * np.arange(N_KINDS, dtype=np.int64))
    held = rows[:, DK.POS_HELD:DK.POS_HELD + N_KINDS] << (3 * np.arange(N_KINDS, dtype=np.int64))
    out = np.empty(len(rows), dtype=_KEY)
    out["a"] = conc.sum(axis=1) | (rows[:, DK.POS_M] << 40) | (rows[:, DK.POS_K] << 43) | (rows[:, DK.POS_BASE] << 46)
    out["b"] = held.sum(axis=1)
    out["c"] = rows[:, DK.POS_WEI] | (rows[:, DK.POS_PENG] << 20)
    out["root"] = roots
    return out


def _run(mode: int, rows: np.ndarray, rules: Ruleset,
         junk: np.ndarray | None = None) -> tuple[NDArray[np.int64], NDArray[np.bool_]]:
    """The kernels' one entry point: (rows it returns, flags per input row)."""
    announce_compile(DK.run)
    ka = distance_arrays.of(rules)
    rows = np.ascontiguousarray(rows[:, :DK.POS_SIZE], np.int64)
    flags = np.zeros(len(rows), np.int64)
    junk = np.zeros(len(rows), np.int64) if junk is None else np.ascontiguousarray(junk, np.int64)
    out, fits = DK.run(ka.context, mode, rows, junk, flags, *ka.memo.args())
    if not fits:
        raise RuntimeError(f"distance search: a position with more than {DK.MAX_WAYS} intakes")
    return out, flags.astype(bool)


def _expand(rows: np.ndarray, mode: int, rules: Ruleset) -> np.ndarray:
    return _run(mode, rows, rules)[0]


def _after_discards(ways: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every position at rest after each way's discard (or the way's own
    position after 八块), and the index of the way it came from."""
    conc = ways[:, DK.POS_CONC:DK.POS_CONC + N_KINDS]
    discard = ways[:, DK.WAY_DISCARD] != 0
    r, x = np.nonzero(((conc == 1) | (conc == 2)) & discard[:, None])
    kept = np.flatnonzero(~discard)
    parent = np.concatenate([r, kept])
    children = ways[parent, :DK.POS_SIZE].copy()
    at = np.arange(len(r))
    children[at, DK.POS_CONC + x] -= 1
    children[at, DK.POS_HELD + x] -= 1
    return children, parent


def _unique(rows: np.ndarray, roots: np.ndarray,
            known: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, NDArray[np.intp]]:
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


def ready(rows: np.ndarray, junk: np.ndarray, rules: Ruleset) -> np.ndarray:
    """Per position: ready at rest (junk 0) / some discard makes it ready (junk 1)."""
    return _run(DK.M_READY, rows, rules, junk)[1] if len(rows) else np.zeros(0, bool)


def good(rows: np.ndarray, rules: Ruleset) -> np.ndarray:
    """Per position at rest: is it at most 1 away?"""
    return _run(DK.M_GOOD, rows, rules)[1] if len(rows) else np.zeros(0, bool)


def _intake(row: np.ndarray) -> Intake:
    """The intake of one output row of the kernels."""
    return _intake_of(tuple(row[DK.WAY_KIND:DK.WAY_BI2 + 1].tolist()))


_INTAKES: dict[tuple[int, int, int, int, int], Intake] = {}  # (kind, tile, 吃 shape, 比, 比) -> its Intake


def _intake_of(key: tuple[int, int, int, int, int]) -> Intake:
    got = _INTAKES.get(key)
    if got is None:
        kind, t, chi, b1, b2 = key
        got = Intake(_INTAKE_KINDS[kind], t) if _INTAKE_KINDS[kind] != "chi" else \
            Intake("chi", t, SHAPES[chi], tuple(SHAPES[b] for b in (b1, b2) if b >= 0))
        _INTAKES[key] = got
    return got


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
    flags: Sequence[bool] | NDArray[np.bool_]
    if is_ready is None:
        roots = np.array([position(h, rules) for h in hands]).reshape(len(hands), DK.POS_SIZE)
        flags = ready(roots, np.zeros(len(hands), np.int64), rules)
    else:
        flags = is_ready
    out: list[Analysis] = []
    for lo in range(0, len(hands), HANDS_PER_SEARCH):
        out += _search(hands[lo:lo + HANDS_PER_SEARCH], flags[lo:lo + HANDS_PER_SEARCH], rules, budget,
                       improving)
    return out


def _search(hands: Sequence[Hand], is_ready: Sequence[bool] | NDArray[np.bool_], rules: Ruleset, budget: int,
            improving: bool) -> list[Analysis]:
    result: list[Analysis | None] = [Analysis(0, False) if r else None for r in is_ready]
    todo = [i for i, r in enumerate(is_ready) if not r]
    if not todo:
        return [r for r in result if r is not None]  # (every hand ready)
    roots = np.array([position(hands[i], rules) for i in todo])
    ways = _expand(roots, DK.M_WAYS, rules)
    way_root = np.asarray(todo)[ways[:, DK.WAY_PARENT]] if len(ways) else np.zeros(0, np.int64)
    for i in set(todo) - set(way_root.tolist()):
        result[i] = Analysis(None, False)  # no intake at all
    # Level 1: does some discard after the intake make the hand ready?
    ok = ready(ways, ways[:, DK.WAY_DISCARD], rules)
    hit_roots = set(way_root[ok].tolist())
    for i in hit_roots:
        result[i] = Analysis(1, False, _by_tile(ways, way_root == i, ok))
    # Level 2: one question per intake — does some discard after it leave a
    # position at most 1 away (M_GOOD2; M_GOOD on the position itself after 八块)?
    rest = ~np.isin(way_root, list(hit_roots))
    two = np.zeros(len(ways), bool)
    for after, mode in ((1, DK.M_GOOD2), (0, DK.M_GOOD)):
        sel = np.flatnonzero(rest & (ways[:, DK.WAY_DISCARD] == after))
        if len(sel):
            two[sel] = _run(mode, ways[sel], rules)[1]
    for i in np.unique(way_root[two]).tolist():
        result[i] = Analysis(2, False, _by_tile(ways, way_root == i, two))
    deeper = [i for i in todo if result[i] is None]
    if budget <= 0 or not deeper:
        for i in deeper:
            result[i] = Analysis(None, True)
        return [r if r is not None else Analysis(None, False) for r in result]
    # Beyond: positions at rest (with the hand they started from), each
    # level one intake and discard further, from level 2 (known not good).
    children, parent = _after_discards(ways)
    mask = np.isin(way_root[parent], deeper)
    children, parent = children[mask], parent[mask]
    level, level_root, known, index = _unique(children, way_root[parent], np.zeros(0, _KEY))
    # Per level: (each move -> its position's index there or -1 when seen
    # before, each move -> the position it came from, size of that level).
    edges = [(index, parent, len(ways))]
    distance = 2
    left = np.full(len(hands), budget, np.int64)  # positions still allowed beyond distance 2
    while len(level):
        if distance > 2:
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
        from_ = np.flatnonzero(go)[nxt[:, DK.WAY_PARENT]]
        new, new_root, new_keys, index = _unique(nxt[:, :DK.POS_SIZE], level_root[from_], known)
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


def _back(hit: np.ndarray, edges: list[tuple[np.ndarray, np.ndarray, int]]) -> np.ndarray:
    """Which ways (level 0) lead to a hit position of the last level."""
    mark = hit
    for index, parent, size in reversed(edges):
        up = np.zeros(size, bool)
        sel = index >= 0
        sel[sel] = mark[index[sel]]
        up[parent[sel]] = True
        mark = up
    return mark


def _by_tile(ways: np.ndarray, mine: np.ndarray, ok: np.ndarray) -> tuple[tuple[int, tuple[Intake, ...]], ...]:
    """(tile, improving intakes) in tile order, from the ways of one hand."""
    by: dict[int, list[Intake]] = {}
    for key in ways[mine & ok][:, DK.WAY_KIND:DK.WAY_BI2 + 1].tolist():
        intake = _intake_of(tuple(key))
        by.setdefault(intake.tile, []).append(intake)
    return tuple((t, tuple(by[t])) for t in sorted(by))
