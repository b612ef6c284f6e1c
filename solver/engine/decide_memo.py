"""What ``obligations.decide`` reads of a ruleset and of a hand, made once and kept (plain Python).

``context(rules)`` holds a ruleset's fields as decide reads them, the facts
of the hands it was asked about (``Context.facts``: the concealed tiles
packed four bits a tile, the free tiles once the 坎 are set apart, the
胡息 of the melds, the tiles a discard may come from) and the memos of the
ways to eat a tile (filled by ``obligations`` from the rule table's ways,
``play_rules.ways``, keyed by the packed counts of the tiles they depend on).

``Context.may_win`` is an exact test that a tile cannot win, so that the
reference (``reference.best_win``, which builds every split of the hand) is
asked only when it may: it follows the reference's options for the tile
(the take table's cell: the group it makes, 破跑, or the tile joining the
free tiles, onto a pair possibly as the 碰 triplet) and, for each, asks
the most 胡息 the free tiles carry in whole groups — with the 将 pair where
a 4-tile group asks for it — from the memoised split search of the plain
distance tables (``plain_positions.Tables.best``, shared with that search).
A hand whose best split of some option reaches the ruleset's least 胡息
with 7 groups may win; any other cannot (the reference would find no win).

>>> from solver.model.notation import parse_hand
>>> from solver.model.rules import HUNAN
>>> ctx = context(HUNAN)
>>> f = ctx.facts(parse_hand("一二三四五 六七八 九九玖 肆伍陆 柒捌玖 拾拾壹"))
>>> ctx.may_win(f, 1, "less", "other"), ctx.may_win(f, 2, "less", "other")  # 二: 9 胡息 at most
(False, False)
>>> f = ctx.facts(parse_hand("一二三 贰柒拾 壹贰叁 四五六 七八九 捌捌捌 肆伍"))
>>> ctx.may_win(f, 15, "less", "self"), ctx.may_win(f, 16, "less", "self")  # 陆 wins, 柒 does not
(True, False)
"""
from __future__ import annotations

from operator import mul
from typing import TYPE_CHECKING

from ..model.derived import derived
from ..model.groups import SHAPES, group_huxi
from ..model.hand import MAX_GROUPS, Hand
from ..model.ruleset import Ruleset
from ..model.tiles import N_KINDS
from . import plain_distance

if TYPE_CHECKING:
    from ..model.results import Candidate, Forbidden, Shape
    from ..model.ruleset import Take
    from .plain_positions import Tables

    #: a way to eat x as ``obligations._raw_ways`` lists it: (chi, bi or None, copies stranded, tiles
    #: used, 坎 tiles taking part)
    RawWay = tuple[Shape, tuple[Shape, ...] | None, int, tuple[int, ...], tuple[int, ...]]
    #: the ways to eat x under one mode (``obligations._ways``): (candidates, forbidden 吃 entries,
    #: legal ways as (chi, bi, tiles used), their numbers of tiles used)
    Ways = tuple[tuple[Candidate, ...], tuple[Forbidden, ...],
                 tuple[tuple[Shape, tuple[Shape, ...], tuple[int, ...]], ...], frozenset[int]]

#: hands, and ways to eat, a ruleset's memos keep before they are cleared (about 150 and 700
#: bytes an entry: 1.5 MB and 40 MB)
HANDS_LIMIT = 10_000
WAYS_LIMIT = 60_000

_UNIT = tuple(1 << (4 * t) for t in range(N_KINDS))
#: by tile: the tiles that share a shape with it (and itself), as a mask of packed counts
NEAR = tuple(sum(15 << (4 * u) for u in {u for s in SHAPES if t in s for u in s} | {t}) for t in range(N_KINDS))


_COPIES = tuple(tuple((t,) * n for n in range(4)) for t in range(N_KINDS))


class Facts:
    """What decide reads of one hand at rest, under one ruleset (of ``Context``)."""
    __slots__ = ("melds", "packed", "free", "n_free", "kans", "base", "rich", "n_melds", "four", "held", "left")

    def __init__(self, hand: Hand, ctx: "Context"):
        conc = hand.concealed
        packed = free = sum(map(mul, conc, _UNIT))
        kans = conc.count(3)
        base = 0
        if kans:
            kan_values = ctx.hx["kan"]
            for t, n in enumerate(conc):
                if n == 3:
                    free -= 3 * _UNIT[t]
                    base += kan_values[t]
        left: list[int] = []
        for t, n in enumerate(conc):
            if n == 1 or n == 2:
                left += _COPIES[t][n]
        self.melds = hand.melds
        self.packed = packed  # every concealed tile, four bits a tile
        self.free = free  # the concealed tiles outside the 坎, packed
        self.n_free = sum(conc) - 3 * kans
        self.kans = kans
        # The most 胡息 the free tiles can carry: each shape that carries some at most as often as
        # its scarcest tile is there (the plain tables' bound).
        counts = [0 if n == 3 else n for n in conc] if kans else conc
        rich = 0
        for a, b, c, hx in ctx.rich:
            rich += min(counts[a], counts[b], counts[c]) * hx
        self.rich = rich
        self.n_melds = len(hand.melds)
        held: dict[int, str] = {}  # the exposed 偎 or 碰 of a tile (the first, as the take table reads it)
        four = False
        meld_hx = ctx.meld_hx
        for m in hand.melds:
            value = meld_hx.get((m.kind, m.tiles))
            if value is None:
                value = meld_hx[m.kind, m.tiles] = group_huxi(m.kind, m.tiles, ctx.rules)
            base += value
            if m.kind == "wei" or m.kind == "peng":
                held.setdefault(m.tiles[0], m.kind)
            elif len(m.tiles) == 4:
                four = True
        self.base = base  # 胡息 of the melds and the 坎
        self.four = four
        self.held = held
        self.left = tuple(left)  # the tiles a discard may come from: every tile not in a 坎


class Context:
    """A ruleset's fields as decide reads them, and its memos."""

    def __init__(self, rules: Ruleset):
        self.rules = rules
        self.take = dict(rules.take)
        self.win_on = frozenset(rules.win_on)
        self.chi_from = frozenset(rules.chi_from)
        self.hu_only = rules.passed == "hu_only"
        self.pair_rule = rules.pao_needs_jiang
        self.hx = {p: tuple(v) for p, v in rules.huxi.items()}
        self.tables: Tables | None
        try:
            self.tables = plain_distance.tables(rules)
        except NotImplementedError:  # a ruleset the split search cannot read: the reference always decides
            self.tables = None
        # the shapes that carry 胡息 (their tiles, their 胡息), and by tile the most one more copy of
        # it adds to the bound they give (+1 to each shape holding it), or the 碰 triplet it makes
        self.rich = tuple((a >> 2, b >> 2, c >> 2, hx) for a, b, c, hx in self.tables.rich) if self.tables else ()
        self.gain = tuple(max(sum(hx for *tiles, hx in self.rich if t in tiles), self.hx["peng"][t])
                          for t in range(N_KINDS))
        self.hands: dict[tuple[int, ...], Facts] = {}  # by concealed counts (the melds checked)
        self.meld_hx: dict[tuple[str, tuple[int, ...]], int] = {}  # (kind, tiles) -> 胡息 of a meld
        self.raw: dict[int, tuple[RawWay, ...]] = {}  # (near counts, x) -> the ways to eat x with their tiles
        self.ways: dict[int, Ways] = {}  # ... and a mode -> the candidates and legal ways

    def facts(self, hand: Hand) -> Facts:
        got = self.hands.get(hand.concealed)
        if got is None or got.melds != hand.melds:
            if len(self.hands) >= HANDS_LIMIT:
                self.hands.clear()
            got = self.hands[hand.concealed] = Facts(hand, self)
        return got

    def may_win(self, f: Facts, t: int, held: str, source: str) -> bool:
        """False when tile ``t`` (held as ``held``, a row of the take table) from ``source``
        cannot win for the hand of ``f``; True when it may (the reference then decides)."""
        tables = self.tables
        take = self.take.get((held, source))
        if tables is None or take is None:  # the reference answers (a missing cell: as it does)
            return True
        u = _UNIT[t]
        base = f.base
        need = self.rules.min_huxi
        best = tables.best
        if take.makes == "free":  # most tiles: they join the free tiles, and nothing else
            if base + f.rich + self.gain[t] < need:
                return False
            pair = 1 if f.four and self.pair_rule else 0
            rest = f.n_free + 1 - 2 * pair
            if rest % 3 or f.n_melds + f.kans + rest // 3 + pair != MAX_GROUPS:
                return False
            if base + best(f.free + u, 0, pair, 0, 0, 0) >= need:
                return True
            return held == "pair" and base + self.hx["peng"][t] + best(f.free - 2 * u, 0, pair, 0, 0, 0) >= need
        return self._may_make(f, t, held, take)

    def _may_make(self, f: Facts, t: int, held: str, take: Take) -> bool:
        """``may_win`` where the take table makes a group of the tile."""
        hx = self.hx
        u = _UNIT[t]
        base = f.base
        # Each option: (胡息 of the melds and fixed groups, fixed concealed groups, free tiles packed,
        # their number, a 4-tile group among the groups, the tile may make the 碰 triplet).
        joins = (base, f.kans, f.free + u, f.n_free + 1, f.four, held == "pair")
        makes = take.makes
        if held in ("wei", "peng"):  # the exposed meld becomes the 4-tile group
            made = (base - hx[held][t] + hx[makes][t], f.kans, f.free, f.n_free, True, False)
        elif held == "kan":  # the 坎 does
            made = (base - hx["kan"][t] + hx[makes][t], f.kans, f.free, f.n_free, True, False)
        else:  # onto the pair: the triplet at once (偎, luzhou's own 碰)
            made = (base + hx[makes][t], f.kans + 1, f.free - 2 * u, f.n_free - 2, f.four, False)
        if take.po:  # 破跑: the tile goes into another group, the meld or 坎 staying
            options: tuple[tuple[int, int, int, int, bool, bool], ...] = (made, joins[:5] + (False,))
        elif not take.compulsory:
            options = (made, joins)
        else:
            options = (made,)
        need = self.rules.min_huxi
        assert self.tables is not None  # (may_win asks only with the tables)
        best = self.tables.best
        for value, fixed, free, n, four, triple in options:
            pair = 1 if four and self.pair_rule else 0
            rest = n - 2 * pair
            if rest % 3 or f.n_melds + fixed + rest // 3 + pair != MAX_GROUPS:
                continue
            if value + best(free, 0, pair, 0, 0, 0) >= need:
                return True
            if triple and value + hx["peng"][t] + best(free - 3 * u, 0, pair, 0, 0, 0) >= need:
                return True
        return False

    def clear_ways(self) -> None:
        if len(self.ways) + len(self.raw) >= WAYS_LIMIT:
            self.ways.clear()
            self.raw.clear()


def context(rules: Ruleset) -> Context:
    """The context of ``rules`` (made once per ruleset content: ``model.derived``)."""
    return derived(rules, Context)
