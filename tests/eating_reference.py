"""The ways to eat a tile, written the slow, plain way (RULES.md 3: 吃 and 比): the reference that
``solver.engine.play_rules.ways`` (which ``obligations.eating_ways``, ``decide`` and the game kernels
read) is checked against.  Every eating group of x drawn from the concealed tiles (坎 tiles allowed);
for each, every multiset of shapes holding x that lays out exactly the copies of x left (比), or, when
there is none, the eating group once with no 比 and the copies no layout can lay out (烧比)."""
from __future__ import annotations

from typing import Iterable

from solver.model.groups import SHAPES

Shape = tuple[int, int, int]


def _take(counts: list[int], group: Iterable[int]) -> bool:
    """Remove ``group`` from ``counts`` if all its tiles are there."""
    need = list(group)
    for t in need:
        counts[t] -= 1
    if any(counts[t] < 0 for t in need):
        for t in need:
            counts[t] += 1
        return False
    return True


def _layouts(counts: list[int], x: int, copies: int, shapes: list[Shape], start: int = 0):
    """Every multiset of ``shapes`` (each holding x) drawn from ``counts`` that
    holds exactly ``copies`` copies of x; groups in nondecreasing shape order."""
    if copies == 0:
        yield ()
        return
    for i in range(start, len(shapes)):
        s = shapes[i]
        n = s.count(x)
        if n > copies or not _take(counts, s):
            continue
        for rest in _layouts(counts, x, copies - n, shapes, i):
            yield (s,) + rest
        for t in s:
            counts[t] += 1


def _most_laid(counts: list[int], x: int, copies: int, shapes: list[Shape]) -> int:
    """The most copies of x (at most ``copies``) any layout can lay out."""
    best = 0
    for i, s in enumerate(shapes):
        n = s.count(x)
        if n <= copies and _take(counts, s):
            best = max(best, n + _most_laid(counts, x, copies - n, shapes[i:]))
            for t in s:
                counts[t] += 1
    return best


def eating_ways(concealed: Iterable[int], x: int) -> list[tuple[Shape, tuple[Shape, ...] | None, int]]:
    """(chi, bi or None, copies not laid out) for every eating group of x.

    ``concealed`` is the count vector; 坎 tiles are allowed.  An eating group
    with no complete 比 layout appears once with ``bi`` None and the number of
    copies of x that cannot be laid out; otherwise once per layout.
    """
    counts = list(concealed)
    shapes = [s for s in SHAPES if x in s]
    out = []
    for chi in shapes:
        others = list(chi)
        others.remove(x)
        if not _take(counts, others):
            continue
        copies = counts[x]
        layouts = list(_layouts(counts, x, copies, shapes))
        if layouts:
            out += [(chi, bi, 0) for bi in layouts]
        else:
            out.append((chi, None, copies - _most_laid(counts, x, copies, shapes)))
        for t in others:
            counts[t] += 1
    return out
