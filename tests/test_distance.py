"""Distance to ready (进张距离) and improving draws (进张) against a plain brute force.

The brute force below is written from RULES.md section 6 alone: it takes
every intake of every tile (the table: 吃 with every 比, 碰, 偎, 跑, 提), then
every discard, builds each resulting hand as a ``Hand`` and asks the numba
ting kernels (themselves checked against the reference in test_kernels.py)
whether it waits on a tile.  ``solver.distance`` shares none of that: it
searches count-vector positions with one split search per question.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

from solver import api, distance, fast, generate
from solver.groups import group_pattern
from solver.hand import Hand, HandError, Meld, check_hand
from solver.notation import parse_hand
from solver.obligations import eating_ways
from solver.rules import HUNAN
from solver.tiles import COPIES, N_KINDS

# ---------------------------------------------------------------- brute force


def canon(hand: Hand) -> Hand:
    """The same hand with its melds in a fixed order (equal hands compare equal)."""
    return Hand(hand.concealed, tuple(sorted(hand.melds, key=lambda m: (m.kind, m.tiles))))


def bf_intakes(hand: Hand) -> list[tuple[tuple, Hand, bool]]:
    """(way, hand after the intake, a discard follows) for every intake of every tile."""
    conc = list(hand.concealed)
    held = hand.all_counts()
    out = []
    for t in range(N_KINDS):
        if held[t] >= COPIES:
            continue
        meld_of_t = [m.kind for m in hand.melds if m.kind in ("wei", "peng") and m.tiles[0] == t]
        after_four = hand.n_four == 0  # the first 跑/提 is followed by a discard; later ones (八块) are not
        if meld_of_t:
            kinds = ("pao",) if meld_of_t[0] == "peng" else ("pao", "ti")
            for kind in kinds:
                melds = [m for m in hand.melds if not (m.kind == meld_of_t[0] and m.tiles[0] == t)]
                melds.append(Meld(kind, (t,) * 4))
                out.append(((kind, t), Hand(hand.concealed, tuple(melds)), after_four))
        if conc[t] == 3:
            for kind in ("pao", "ti"):
                c = list(conc)
                c[t] = 0
                out.append(((kind, t), Hand(tuple(c), hand.melds + (Meld(kind, (t,) * 4),)), after_four))
            continue  # never 吃 a 坎 tile
        if conc[t] == 2:
            for kind in ("peng", "wei"):
                c = list(conc)
                c[t] = 0
                out.append(((kind, t), Hand(tuple(c), hand.melds + (Meld(kind, (t,) * 3),)), True))
        if meld_of_t == ["wei"]:
            continue  # a 偎 tile is never eaten
        for chi, bi, _ in eating_ways(conc, t):
            if bi is None:
                continue  # 烧比
            c = list(conc)
            tiles = list(chi) + [x for g in bi for x in g]
            tiles.remove(t)
            if any(conc[x] == 3 for x in tiles):
                continue  # a 坎 tile never takes part
            for x in tiles:
                c[x] -= 1
            melds = hand.melds + tuple(Meld("chi", g) for g in (chi, *bi))
            out.append((("chi", t, chi, tuple(bi)), Hand(tuple(c), melds), True))
    # An intake that leaves nothing to discard does not count.
    return [(w, h, d) for w, h, d in out if not d or any(n in (1, 2) for n in h.concealed)]


def bf_children(hand: Hand) -> list[tuple[tuple, Hand]]:
    """(way, hand at rest) for every intake followed by every discard."""
    out = []
    for way, h, discard in bf_intakes(hand):
        if not discard:
            out.append((way, canon(h)))
            continue
        for x in range(N_KINDS):
            if h.concealed[x] in (1, 2):
                out.append((way, canon(h.without(x))))
    return out


class Oracle:
    """Is a hand at rest ready?  The ting kernels, batched, remembered."""

    def __init__(self):
        self.memo: dict[Hand, bool] = {}

    def ready(self, hands) -> list[bool]:
        todo = list({h for h in hands if h not in self.memo})
        for lo in range(0, len(todo), 4096):
            chunk = todo[lo:lo + 4096]
            for h, t in zip(chunk, fast.ting_many(chunk, [[0] * N_KINDS] * len(chunk), HUNAN)):
                self.memo[h] = bool(t.waits)
        return [self.memo[h] for h in hands]


def bf_analyse(hand: Hand, oracle: Oracle, max_distance: int = 2):
    """(distance or None beyond max_distance, {tile: set of improving ways})."""
    if oracle.ready([hand])[0]:
        return 0, {}
    kids = bf_children(hand)
    ok = oracle.ready([h for _, h in kids])
    if any(ok):
        return 1, _ways(kids, ok)
    if max_distance < 2:
        return None, {}
    # A child is 1 away when one of its own children is ready.
    unique = list({h for _, h in kids})
    grand = {h: [g for _, g in bf_children(h)] for h in unique}
    oracle.ready([g for gs in grand.values() for g in gs])
    one_away = {h: any(oracle.memo[g] for g in gs) for h, gs in grand.items()}
    ok = [one_away[h] for _, h in kids]
    if any(ok):
        return 2, _ways(kids, ok)
    return None, {}


def _ways(kids, ok) -> dict[int, set]:
    by: dict[int, set] = {}
    for (way, _), good in zip(kids, ok):
        if good:
            by.setdefault(way[1], set()).add(way)
    return by


def way_key(intake: distance.Intake) -> tuple:
    if intake.kind == "chi":
        return ("chi", intake.tile, intake.chi, intake.bi)
    return (intake.kind, intake.tile)


def analysed(hand: Hand):
    a = distance.analyse(hand, HUNAN)
    return a.distance, {t: {way_key(w) for w in ways} for t, ways in a.improving}


# ---------------------------------------------------------------- hands near ready


def near_ready(n: int, seed: int, *, swaps: int = 1, melds: bool | None = None) -> list[Hand]:
    """Hands at rest made from ready hands with ``swaps`` concealed tiles changed at random."""
    rng = random.Random(seed)
    out = []
    pool = generate.ready_hands(4 * n, seed=seed)
    for h in pool:
        if melds is not None and bool(h.melds) != melds:
            continue
        c = list(h.concealed)
        held = h.all_counts()
        for _ in range(swaps):
            a = rng.choice([t for t in range(N_KINDS) if c[t]])
            b = rng.choice([t for t in range(N_KINDS) if held[t] < COPIES and c[t] < 3 and t != a])
            c[a] -= 1
            held[a] -= 1
            c[b] += 1
            held[b] += 1
        hand = Hand(tuple(c), h.melds)
        try:
            check_hand(hand, want="rest")
        except HandError:
            continue
        out.append(hand)
        if len(out) == n:
            break
    return out
