"""Positions of the plain-Python distance search: readiness, intakes, moves (RULES.md 4 and 6).

``Tables`` holds what the search of ``solver.engine.plain_distance`` reads
of a ruleset (the kernels' context, as Python tuples) and its memos; its
methods answer the kernels' questions about one position at a time —
ready (``ready``), at most 1 away (``good``, ``good_after``), every intake
(``ways``), the position after one (``apply``) and after the discard
(``after_discards``).

What makes it fast enough in Python is the readiness test.  A position is
ready when its free tiles (concealed, 坎 excepted) with one winning tile w
split into groups worth the missing 胡息, or an upgrade does it (RULES.md 4:
the kernels' two phases).  Here that is one question about a *count
vector*: the most 胡息 that the free tiles, with one wildcard tile, a junk
tile (the discard) and the pair where asked, can carry in groups (``best``).
It depends on nothing else — not the melds, not the 胡息 still missing —
so one memo answers it for every position of every search of a ruleset,
and positions that differ in their melds or by a tile already split share
nearly all of it.  Counts are packed four bits a tile into one integer
(a guard bit per tile makes "holds this shape" one subtraction).

A position is a tuple (concealed counts, copies held, 偎 bits, 碰 bits,
胡息 of the melds, m, k), as the kernels' rows, and the concealed counts
packed (which the other fields determine).

>>> from solver.model.rules import HUNAN
>>> tb = Tables(HUNAN)
>>> tb.best(_packed([0, 1, 2]), 0, 0, 0, 0, 0)  # 一二三: 3 胡息
3
>>> tb.best(_packed([0, 1, 5, 6, 7]), 0, 0, 1, 0, 0)  # 一二 六七八 and a wildcard (三)
3
>>> tb.best(_packed([0, 1, 5, 6, 7]), 0, 0, 1, 1 << 2, 0)  # ... never 三
-1073741824
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..model.groups import SHAPES
from ..model.ruleset import HOLDINGS, PATTERNS, Ruleset
from ..model.tiles import N_KINDS
from . import play_rules as PR
from .intake_rules import _THREE_KINDS, INTAKE_KINDS, search_rules

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

#: entries of a ruleset's memo of splits before it is cleared (about 200 bytes each: 60 MB)
MEMO_LIMIT = 300_000

NEG = -(1 << 30)
WEI, PENG, KAN, PAIR, LESS = range(5)
CHI = 0
ONTO_KAN, ONTO_WEI, ONTO_PENG = range(3)
_UNIT = tuple(1 << (4 * t) for t in range(N_KINDS))
_GUARD = sum(8 << (4 * t) for t in range(N_KINDS))

assert HOLDINGS == ("wei", "peng", "kan", "pair", "less") and INTAKE_KINDS[CHI] == "chi"

#: a position (the module docstring): (concealed counts, copies held, 偎 bits, 碰 bits, 胡息 of the melds,
#: m, k, the concealed counts packed)
Position = tuple[tuple[int, ...], tuple[int, ...], int, int, int, int, int, int]
#: an intake (``Tables.ways``): (kind, tile, 吃 shape, 比 shape, 比 shape, onto, discard follows)
Way = tuple[int, int, int, int, int, int, int]


def _packed(tiles: Iterable[int]) -> int:
    return sum(_UNIT[t] for t in tiles)


class Tables:
    """What the search reads of a ruleset (made once per ruleset: ``plain_distance.tables``), and its memo of splits."""

    def __init__(self, rules: Ruleset):
        sr = search_rules(rules)
        self.rules = rules
        self.hx = sr.hx
        self.min = rules.min_huxi
        self.jiang = bool(rules.pao_needs_jiang)
        self.free, self.up, self.trip, self.take, self.top = sr.free, sr.up, sr.trip, sr.take, sr.top
        self.kpat = tuple(k if k in PATTERNS else None for k in INTAKE_KINDS)
        self.shx = sr.shx
        self.cont = tuple(tuple(i for i, s in enumerate(SHAPES) if t in s) for t in range(N_KINDS))
        # Split options of a lowest tile i: whole shapes (packed, 胡息), and the
        # shapes the wildcard w completes: (packed real tiles, 胡息, w).
        self.starts = tuple(tuple((_packed(s), self.shx[i]) for i, s in enumerate(SHAPES) if s[0] == t)
                            for t in range(N_KINDS))
        wild = []
        for t in range(N_KINDS):
            opts = []
            for i, s in enumerate(SHAPES):
                if t in s:
                    for w in sorted(set(s)):
                        rest = list(s)
                        rest.remove(w)
                        if t in rest:
                            opts.append((_packed(rest), self.shx[i], w))
            wild.append(tuple(opts))
        self.wild = tuple(wild)
        # The bound: the shapes that carry 胡息 (their tiles' bit offsets, their 胡息); with it the
        # most one group with the wildcard adds, and one intake and the winning tile.
        self.rich = tuple((4 * s[0], 4 * s[1], 4 * s[2], self.shx[i]) for i, s in enumerate(SHAPES) if self.shx[i] > 0)
        self.bonus, self.step = sr.bonus, sr.step
        self.packed = tuple(_packed(s) for s in SHAPES)
        # The tiles that share a shape with t (t too), as a mask of packed counts.
        self.near = tuple(sum(15 << (4 * x) for x in {x for i in self.cont[t] for x in SHAPES[i]} | {t})
                          for t in range(N_KINDS))
        self.memo: dict[int, int] = {}
        self.ways_memo: dict[int, tuple[Way, ...]] = {}
        self.eat_rows = [[0] * PR.W_SIZE for _ in range(PR.MAX_WAYS)]  # play_rules.ways' rows
        self.ready_memo: dict[tuple[Position, int], bool] = {}
        self.good_memo: dict[Position, bool] = {}

    def clear(self) -> None:
        self.memo.clear()
        self.ways_memo.clear()
        self.ready_memo.clear()
        self.good_memo.clear()

    # ------------------------------------------------------------ splits

    def best(self, c: int, junk: int, pair: int, wild: int, bad: int, no_trip: int) -> int:
        """The most 胡息 the packed counts ``c`` carry split into whole 句/绞, with
        ``junk`` junk tiles (discards: 0, 1 or 2), exactly one pair (``pair``) and one wildcard
        tile completing a group (``wild``): a shape or the pair, never a tile in
        the mask ``bad``; or the triple it makes with a pair of a tile not in the
        mask ``no_trip``.  NEG when no such split exists."""
        key = (((((c << N_KINDS) | bad) << N_KINDS) | no_trip) << 4) | (junk << 2) | (pair << 1) | wild
        memo = self.memo
        r = memo.get(key)
        if r is not None:
            return r
        if c == 0:
            r = 0 if not (junk or pair or wild) else NEG
        else:
            i = ((c & -c).bit_length() - 1) >> 2
            n = (c >> (4 * i)) & 15
            r = NEG
            best = self.best
            cg = c + _GUARD
            for sub, hx in self.starts[i]:
                d = cg - sub
                if d & _GUARD == _GUARD:
                    v = hx + best(d - _GUARD, junk, pair, wild, bad, no_trip)
                    if v > r:
                        r = v
            u = _UNIT[i]
            if pair and n >= 2:
                v = best(c - 2 * u, junk, 0, wild, bad, no_trip)
                if v > r:
                    r = v
            if junk:
                v = best(c - u, junk - 1, pair, wild, bad, no_trip)
                if v > r:
                    r = v
            if wild:
                for sub, hx, w in self.wild[i]:
                    if not (bad >> w) & 1:
                        d = cg - sub
                        if d & _GUARD == _GUARD:
                            v = hx + best(d - _GUARD, junk, pair, 0, 0, 0)
                            if v > r:
                                r = v
                if pair and not (bad >> i) & 1:
                    v = best(c - u, junk, 0, 0, 0, 0)
                    if v > r:
                        r = v
                if n == 2 and not (no_trip >> i) & 1:
                    v = self.trip[i] + best(c - 2 * u, junk, pair, 0, 0, 0)
                    if v > r:
                        r = v
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        memo[key] = r
        return r

    # ------------------------------------------------------------ readiness

    def ready(self, p: Position, junk: int) -> bool:
        """Whether position ``p`` is ready (``junk`` 0: at rest) or some discard makes it ready (1), or
        some two discards do (2: a hand holding two tiles more than at rest)."""
        key = (p, junk)
        r = self.ready_memo.get(key)
        if r is None:
            r = self.ready_memo[key] = self._ready(p, junk)
        return r

    def _ready(self, p: Position, junk: int) -> bool:
        conc, held, wei, peng, base, m, k, _ = p
        kan_hx = self.hx["kan"]
        up = self.up
        need = self.min - base
        c = 0
        bad = 0
        rescue = False
        no_trip = 0
        free = self.free
        gain = NEG  # the richest upgrade of a tile held fewer than 4 times (k = 0 only)
        special = []  # (tile, gain): an upgrade only once a copy is discarded
        for x in range(N_KINDS):
            n = conc[x]
            bit = 1 << x
            h = held[x]
            if n == 3:
                need -= kan_hx[x]
                hold = KAN
            else:
                if n:
                    c += n * _UNIT[x]
                hold = WEI if wei & bit else PENG if peng & bit else PAIR if n == 2 else LESS
            if h >= 4 or not free[hold]:
                bad |= bit
                # Discarding a copy first may let it come, and join (RULES.md 6: as the kernels).
                if junk and n in (1, 2) and free[WEI if wei & bit else PENG if peng & bit else LESS]:
                    rescue = True
            if n == 2 and h >= 4:
                no_trip |= bit
            if hold <= KAN and k == 0:
                g = up[hold][x]
                if g is not None:
                    if h < 4:
                        if g > gain:
                            gain = g
                    elif junk and h == 4 and n in (1, 2):
                        special.append((x, g))
        if junk and c == 0:
            return False
        # The bound: the 胡息 the shapes that carry any could reach, and the most one more group adds.
        rich = 0
        for a, b, d, hx in self.rich:
            rich += min((c >> a) & 15, (c >> b) & 15, (c >> d) & 15) * hx
        top = max([self.bonus, gain] + [g for _, g in special])
        if rich + top < need:
            return False
        pair = 1 if (k >= 1 and self.jiang) else 0
        best = self.best
        if rich + self.bonus >= need:
            if best(c, junk, pair, 1, bad, no_trip) >= need:
                return True
            # A junk is a copy of such a tile x and x wins: the counts as they are, one junk fewer, no wildcard.
            if rescue and best(c, junk - 1, pair, 0, 0, 0) >= need:
                return True
        if k == 0:
            # An upgrade: the winning tile onto a 坎, 偎 or 碰 makes the richest 4-tile group.
            pair = 1 if self.jiang else 0
            if gain > NEG and rich + gain >= need and best(c, junk, pair, 0, 0, 0) + gain >= need:
                return True
            for x, g in special:
                if g > gain and rich + g >= need and best(c - _UNIT[x], junk - 1, pair, 0, 0, 0) + g >= need:
                    return True
        return False

    # ------------------------------------------------------------ intakes

    def ways(self, p: Position, all_kinds: bool, only: int = -1) -> list[Way]:
        """Every intake of position ``p`` (the kernels' ``_ways``, in the same order):
        (kind, tile, 吃 shape, 比 shape, 比 shape, onto, discard follows); of tile ``only`` alone if given.

        The intakes of a tile depend only on what the hand holds of it, the
        counts of the tiles that share a shape with it and whether a 4-tile
        group would be the first: they are kept by those (``ways_memo``)."""
        conc, held, wei, peng = p[0], p[1], p[2], p[3]
        pc = p[7]
        first_four = 1 if p[6] == 0 else 0
        out: list[Way] = []
        memo = self.ways_memo
        near = self.near
        for t in range(N_KINDS) if only < 0 else (only,):
            if held[t] >= 4:
                continue
            bit = 1 << t
            if wei & bit:
                hold = WEI
            elif peng & bit:
                hold = PENG
            else:
                n = conc[t]
                hold = KAN if n == 3 else PAIR if n == 2 else LESS
            key = ((pc & near[t]) << 16) | (t << 8) | (hold << 4) | (first_four << 1) | all_kinds
            got = memo.get(key)
            if got is None:
                got = memo[key] = self._tile_ways(t, hold, first_four, all_kinds, list(conc))
            out += got
        return out

    def _tile_ways(self, t: int, hold: int, first_four: int, all_kinds: bool, cc: list[int]) -> tuple[Way, ...]:
        """The intakes of tile ``t`` held as ``hold`` with concealed counts ``cc`` (a scratch copy):
        the kernels' ``_ways`` for one tile, line by line — 碰/偎/4-tile groups, then each 吃 shape
        with every layout of the 比 that lays out the other copies of t (``play_rules.ways``)."""
        out = []
        onto = ONTO_WEI if hold == WEI else ONTO_PENG if hold == PENG else ONTO_KAN
        kinds = self.take[hold]
        if hold <= KAN and not all_kinds:
            top = self.top[hold][t]
            kinds = (kinds & 1) | ((1 << top) if top >= 0 else 0)
        for kind in range(1, len(INTAKE_KINDS)):
            if (kinds >> kind) & 1:
                out.append((kind, t, -1, -1, -1, onto, first_four if hold <= KAN else 1))
        if not kinds & 1:
            return tuple(out)
        # 吃 with its 比: the rule table's ways to eat, those that break no rule of the way itself
        # (whether a tile is left to discard after it is the search's next step)
        rows = self.eat_rows
        for r in rows[:PR.ways(cc, t, PR.M_FREE, rows)]:
            if r[PR.W_REASON] == PR.NONE or r[PR.W_REASON] == PR.R_NO_DISCARD:
                out.append((CHI, t, r[PR.W_CHI], r[PR.W_BI], r[PR.W_BI + 1], 0, 1))
        return tuple(out)

    def apply(self, p: Position, way: Way) -> Position:
        """The position after intake ``way`` (before its discard)."""
        _, _, wei, peng, base, m, k, pc = p
        kind, t, chi, b1, b2, onto, _ = way
        conc = list(p[0])
        held = list(p[1])
        held[t] += 1
        bit = 1 << t
        hx = self.hx
        if kind == CHI:
            for g in (chi, b1, b2):
                if g >= 0:
                    base += self.shx[g]
                    m += 1
                    pc -= self.packed[g]
                    for q in SHAPES[g]:
                        conc[q] -= 1
            conc[t] += 1  # the eaten copy was never concealed
            pc += _UNIT[t]
        elif INTAKE_KINDS[kind] in _THREE_KINDS:
            conc[t] -= 2
            pc -= 2 * _UNIT[t]
            if INTAKE_KINDS[kind] == "peng":
                peng ^= bit
            else:
                wei ^= bit
            pattern = self.kpat[kind]
            assert pattern is not None  # (every intake but 吃 is a pattern)
            base += hx[pattern][t]
            m += 1
        else:
            pattern = self.kpat[kind]
            assert pattern is not None
            gain = hx[pattern][t]
            if onto == ONTO_KAN:
                conc[t] -= 3
                pc -= 3 * _UNIT[t]
            else:
                gain -= hx["wei" if onto == ONTO_WEI else "peng"][t]
                if onto == ONTO_WEI:
                    wei ^= bit
                else:
                    peng ^= bit
                m -= 1
            base += gain
            k += 1
        return tuple(conc), tuple(held), wei, peng, base, m, k, pc

    def _short(self, p: Position) -> bool:
        """Whether the 胡息 of ``p`` falls short even with the richest intake and winning tile."""
        conc = p[0]
        need = self.min - p[4]
        c = p[7]
        kan_hx = self.hx["kan"]
        for x in range(N_KINDS):
            if conc[x] == 3:
                need -= kan_hx[x]
                c -= 3 * _UNIT[x]
        rich = 0
        for a, b, d, hx in self.rich:
            rich += min((c >> a) & 15, (c >> b) & 15, (c >> d) & 15) * hx
        return rich + self.step < need

    def good(self, p: Position) -> bool:
        """Whether position ``p`` at rest is at most 1 away (the kernels' M_GOOD)."""
        r = self.good_memo.get(p)
        if r is None:
            r = not self._short(p) and any(self.ready(self.apply(p, w), w[6]) for w in self.ways(p, False))
            self.good_memo[p] = r
        return r

    def good_after(self, q: Position) -> bool:
        """Whether some discard from ``q`` (a hand of c + 1 tiles after an intake)
        leaves a position at most 1 away: ``good`` of each position after a
        discard y, asked at once.

        An intake of q is an intake of q - y for every y it leaves (a tile
        other than its own, whose copies it lays out, holds and holding are
        the same; the tiles it lays out must still be there), so its
        position with two junk tiles (y, then the discard after it) answers
        for every y.  Only y's own tile may be taken otherwise after y (fewer
        copies to 比, another holding, or held three times instead of four):
        those intakes are tried on q - y itself.
        """
        r = self.good_memo.get(q)
        if r is not None:
            return r
        ready = self.ready
        apply = self.apply
        short = self._short(q)
        r = not short and any(ready(apply(q, w), 1 + w[6]) for w in self.ways(q, False))
        if not r and not short:
            for p in after_discards(q, 1):
                y = ((q[7] - p[7]).bit_length() - 1) >> 2
                if any(ready(apply(p, w), w[6]) for w in self.ways(p, False, y)):
                    r = True
                    break
        self.good_memo[q] = r
        return r

    def expand(self, p: Position) -> Iterator[Position]:
        """Every position at rest one intake and its discard after ``p`` (the kernels' M_EXPAND)."""
        for w in self.ways(p, False):
            yield from after_discards(self.apply(p, w), w[6])


def after_discards(q: Position, discard: int) -> Iterator[Position]:
    """The positions at rest after the discard that follows an intake (or q itself after 八块)."""
    if not discard:
        yield q
        return
    conc, held = q[0], q[1]
    rest = q[2:7]
    for x in range(N_KINDS):
        if conc[x] == 1 or conc[x] == 2:
            cx = list(conc)
            hx = list(held)
            cx[x] -= 1
            hx[x] -= 1
            yield (tuple(cx), tuple(hx)) + rest + (q[7] - _UNIT[x],)
