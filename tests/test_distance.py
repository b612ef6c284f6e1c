"""Distance to ready (进张距离) and improving draws (进张) against a plain brute force, under hunan and luzhou.

The brute force below is written from RULES.md section 6 alone (and, for
``luzhou``, the intake table of section 8): it takes every intake of every
tile (the table: 吃 with every 比, 碰, 偎, 跑, 提; luzhou 吃, 碰, 招), then
every discard, builds each resulting hand as a ``Hand`` and asks a win
check whether it waits on a tile: the numba ting kernels under hunan
(themselves checked against the reference in test_kernels.py), and under
luzhou ``luzhou_wins`` below, written from RULES.md 8's take table and
checked here against the reference (``reference.best_win``, every tile and
source) on thousands of hands; the readiness search is also checked against
the reference directly.
``solver.engine.distance`` shares none of that: it searches count-vector
positions with one split search per question, from the tables that
``solver.engine.distance_arrays`` derives from the ruleset's fields; and
every answer of it checked here must also be the plain-Python search's
(``solver.engine.plain_distance``, its own code: a memoised split of the
count vector, one question per intake at level 2).
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

import eating_reference
import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from solver import api
from solver.engine import _distance_kernels as DK
from solver.engine import distance, intake_rules, plain_distance, reference, wins
from solver.model import scoring
from solver.model.groups import SHAPES, group_pattern
from solver.model.hand import Hand, HandError, Meld, check_hand
from solver.model.notation import parse_hand
from solver.model.results import SOURCES
from solver.model.rules import HUNAN, get_ruleset
from solver.model.tiles import COPIES, GLYPH_TO_ID, GLYPHS, N_KINDS
from solver.trainer import asking

ROOT = Path(__file__).resolve().parent.parent
LUZHOU = get_ruleset("luzhou")
RULESETS = pytest.mark.parametrize("rules", [HUNAN, LUZHOU], ids=["hunan", "luzhou"])

# ---------------------------------------------------------------- brute force

#: The intakes that count, by what the hand holds of t: RULES.md 6 (hunan)
#: and the luzhou table of RULES.md 8, written out.
INTAKES = {
    "hunan": {"wei": ("pao", "ti"), "peng": ("pao", "chi"), "kan": ("pao", "ti"), "pair": ("peng", "wei", "chi"),
              "less": ("chi",)},
    "luzhou": {"peng": ("zhao", "chi"), "kan": ("zhao",), "pair": ("peng",), "less": ("chi",)},
}


def canon(hand: Hand) -> Hand:
    """The same hand with its melds in a fixed order (equal hands compare equal)."""
    return Hand(hand.concealed, tuple(sorted(hand.melds, key=lambda m: (m.kind, m.tiles))))


def holding(hand: Hand, t: int) -> str:
    """What the hand holds of t: an exposed 偎 or 碰, a concealed 坎 or pair, or less."""
    for m in hand.melds:
        if m.kind in ("wei", "peng") and m.tiles[0] == t:
            return m.kind
    return {3: "kan", 2: "pair"}.get(hand.concealed[t], "less")


def bf_intakes(hand: Hand, rules=HUNAN) -> list[tuple[tuple, Hand, bool]]:
    """(way, hand after the intake, a discard follows) for every intake of every tile."""
    conc = list(hand.concealed)
    held = hand.all_counts()
    table = INTAKES[rules.name]
    out = []
    for t in range(N_KINDS):
        if held[t] >= COPIES:
            continue
        hold = holding(hand, t)
        kinds = table.get(hold, ())
        after_four = hand.n_four == 0  # the first 4-tile group is followed by a discard; later ones (八块) are not
        for kind in kinds:
            if kind == "chi":
                continue
            c = list(conc)
            melds = list(hand.melds)
            if hold in ("wei", "peng"):  # the fourth copy onto the exposed meld
                melds.remove(Meld(hold, (t,) * 3))
                melds.append(Meld(kind, (t,) * 4))
            elif hold == "kan":  # the fourth copy onto the 坎
                c[t] = 0
                melds.append(Meld(kind, (t,) * 4))
            else:  # onto the pair
                c[t] = 0
                melds.append(Meld(kind, (t,) * 3))
            out.append(((kind, t), Hand(tuple(c), tuple(melds)), after_four if hold != "pair" else True))
        if "chi" not in kinds:
            continue  # never 吃 a 坎 tile; a 偎 tile (hunan) or a pair's tile (luzhou: 碰 is compulsory) neither
        for chi, bi, _ in eating_reference.eating_ways(conc, t):
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


def bf_children(hand: Hand, rules=HUNAN) -> list[tuple[tuple, Hand]]:
    """(way, hand at rest) for every intake followed by every discard."""
    out = []
    for way, h, discard in bf_intakes(hand, rules):
        if not discard:
            out.append((way, canon(h)))
            continue
        for x in range(N_KINDS):
            if h.concealed[x] in (1, 2):
                out.append((way, canon(h.without(x))))
    return out


# ---------------------------------------------------------------- a luzhou win check

@lru_cache(maxsize=None)
def _most_huxi(free: tuple[int, ...], need_pair: bool, triple: int) -> int:
    """Most luzhou 胡息 of an exact split of ``free`` into 句/绞 (one 将 pair when
    ``need_pair``; the triplet of ``triple`` valued as 碰 at most once), -1 if none."""
    i = next((x for x in range(N_KINDS) if free[x]), None)
    if i is None:
        return -1 if need_pair else 0
    best = -1
    for shape in SHAPES:
        rest = list(free)
        for x in shape:
            rest[x] -= 1
        if shape[0] == i and min(rest) >= 0:
            r = _most_huxi(tuple(rest), need_pair, triple)
            if r >= 0:
                best = max(best, r + LUZHOU.huxi[group_pattern(shape)][i])
    if need_pair and free[i] >= 2:
        rest = list(free)
        rest[i] -= 2
        best = max(best, _most_huxi(tuple(rest), False, triple))
    if i == triple and free[i] == 3:
        rest = list(free)
        rest[i] = 0
        r = _most_huxi(tuple(rest), need_pair, -1)
        if r >= 0:
            best = max(best, r + LUZHOU.huxi["peng"][i])
    return best


def luzhou_waits(hand: Hand) -> set[tuple[int, str]]:
    """Every (t, source) on which the luzhou hand at rest wins.  Written from
    RULES.md 8: 坎 + t must become 招 from every source (never broken), 碰 + t
    a 招 from the stock and free from a discard, pair + t one's own 碰 when
    self-drawn and free otherwise (a 碰 with the pair, or any other group);
    7 门子, one 将 pair with a 4-tile group, 10 胡息."""
    hx = LUZHOU.huxi
    held = hand.all_counts()
    melds = sum(hx[group_pattern(m.tiles) if m.kind == "chi" else m.kind][m.tiles[0]] for m in hand.melds)
    pengs = {m.tiles[0] for m in hand.melds if m.kind == "peng"}
    kans = [x for x in range(N_KINDS) if hand.concealed[x] == 3]
    answers: dict[tuple, bool] = {}
    out = set()
    for t in (t for t in range(N_KINDS) if held[t] < COPIES):
        hold = "peng" if t in pengs else {3: "kan", 2: "pair"}.get(hand.concealed[t], "less")
        for source in SOURCES:
            conc = list(hand.concealed)
            huxi, groups, fours, triple = melds, len(hand.melds), hand.n_four, -1
            if hold == "kan":
                conc[t] = 0
                huxi, groups, fours = huxi + hx["zhao"][t], groups + 1, fours + 1
            elif hold == "peng" and source != "discard":
                huxi, fours = huxi + hx["zhao"][t] - hx["peng"][t], fours + 1
            elif hold == "pair" and source == "self":
                conc[t] = 0
                huxi, groups = huxi + hx["peng"][t], groups + 1
            else:
                conc[t] += 1
                triple = t if hold == "pair" else -1
            for x in kans:
                if x != t:
                    conc[x] = 0
                    huxi, groups = huxi + hx["kan"][x], groups + 1
            key = (tuple(conc), huxi, groups, fours, triple)
            if key not in answers:
                n = sum(conc) - 2 * (fours > 0)
                r = -1 if n % 3 or groups + n // 3 + (fours > 0) != 7 else _most_huxi(key[0], fours > 0, triple)
                answers[key] = r >= 0 and huxi + r >= LUZHOU.min_huxi
            if answers[key]:
                out.add((t, source))
    return out


def luzhou_wins(hand: Hand, t: int, source: str) -> bool:
    """Does t from source (self, other, discard) win for the luzhou hand at rest?"""
    return (t, source) in luzhou_waits(hand)


def luzhou_ready(hand: Hand) -> bool:
    return bool(luzhou_waits(hand))


class Oracle:
    """Is a hand at rest ready?  The ting kernels (hunan) or luzhou_ready, remembered."""

    def __init__(self, rules=HUNAN):
        self.rules = rules
        self.memo: dict[Hand, bool] = {}

    def ready(self, hands) -> list[bool]:
        todo = list({h for h in hands if h not in self.memo})
        if self.rules is LUZHOU:
            self.memo.update((h, luzhou_ready(h)) for h in todo)
            todo = []
        for lo in range(0, len(todo), 4096):
            chunk = todo[lo:lo + 4096]
            for h, t in zip(chunk, wins.ting_many(chunk, [[0] * N_KINDS] * len(chunk), HUNAN)):
                self.memo[h] = bool(t.waits)
        return [self.memo[h] for h in hands]


def bf_analyse(hand: Hand, oracle: Oracle, max_distance: int = 2):
    """(distance or None beyond max_distance, {tile: set of improving ways})."""
    rules = oracle.rules
    if oracle.ready([hand])[0]:
        return 0, {}
    kids = bf_children(hand, rules)
    ok = oracle.ready([h for _, h in kids])
    if any(ok):
        return 1, _ways(kids, ok)
    if max_distance < 2:
        return None, {}
    # A child is 1 away when one of its own children is ready.
    unique = list({h for _, h in kids})
    grand = {h: [g for _, g in bf_children(h, rules)] for h in unique}
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


def analysed(hand: Hand, budget: int = 0, rules=HUNAN):
    """The kernels' analysis, which the plain-Python search must give too, as (distance, ways by tile)."""
    a = distance.analyse(hand, rules, budget=budget)
    assert plain_distance.analyse(hand, rules, budget=budget) == a, hand.text()
    return a.distance, {t: {way_key(w) for w in ways} for t, ways in a.improving}


def bf_exhaustive(hand: Hand, oracle: Oracle) -> int | None:
    """The distance by trying every sequence of intakes to the end (small hands only)."""
    level, seen, d = {canon(hand)}, set(), 0
    while level:
        if any(oracle.ready(list(level))):
            return d
        seen |= level
        level = {h for x in level for _, h in bf_children(x, oracle.rules)} - seen
        d += 1
    return None


# ---------------------------------------------------------------- hands near ready

_PLAIN = tuple(g for g in SHAPES if group_pattern(g) == "ju")
_RICH = tuple(g for g in SHAPES if group_pattern(g) in ("ju123", "ju2710"))
_JIAO = tuple(g for g in SHAPES if group_pattern(g) == "jiao")
#: the meld kinds near_ready draws, and what each is under luzhou (no 偎: a 碰)
_LUZHOU_KIND = {"chi": "chi", "peng": "peng", "wei": "peng", "pao": "zhao", "ti": "long"}


def _group(rng: random.Random) -> tuple[int, ...]:
    r = rng.random()
    if r < 0.3:
        return rng.choice(_PLAIN)
    if r < 0.55:
        return rng.choice(_RICH)
    if r < 0.7:
        return rng.choice(_JIAO)
    return (rng.randrange(N_KINDS),) * 3


def near_ready(n: int, seed: int, *, swaps: int = 1, melds: bool | None = None, rules=HUNAN) -> list[Hand]:
    """Valid hands at rest: melds, concealed groups (a pair with a 4-tile
    group), one tile short of complete, then ``swaps`` concealed tiles
    changed at random.  Under luzhou the same hands with luzhou's melds
    (偎 → 碰, 跑 → 招, 提 → 垅).  This file's own generator, so that the hands
    do not move when solver.app.generate changes."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        used = [0] * N_KINDS
        ms = []
        n_melds = rng.choice((0, 0, 1, 2, 3, 4)) if melds is None else (rng.randint(1, 4) if melds else 0)
        for i in range(n_melds):
            kind = rng.choice(("chi", "chi", "peng", "wei", "pao", "ti") if i == 0 else ("chi", "chi", "peng", "wei"))
            tiles = _group(rng) if kind == "chi" else (rng.randrange(N_KINDS),) * (4 if kind in ("pao", "ti") else 3)
            if kind == "chi" and len(set(tiles)) == 1:
                continue
            if all(used[t] + tiles.count(t) <= COPIES for t in tiles):
                ms.append(Meld(kind if rules is HUNAN else _LUZHOU_KIND[kind], tiles))
                for t in tiles:
                    used[t] += 1
        hand = Hand((0,) * N_KINDS, tuple(ms))
        need = hand.rest_count()
        conc = [0] * N_KINDS

        def fits(tiles):
            return all(conc[t] + tiles.count(t) <= 3 and used[t] + conc[t] + tiles.count(t) <= COPIES for t in tiles)

        if hand.n_four:
            x = rng.randrange(N_KINDS)
            if fits((x, x)):
                conc[x] += 2
        for _ in range(40):
            if need - sum(conc) < 3:
                break
            g = _group(rng)
            if fits(g):
                for t in g:
                    conc[t] += 1
        for _ in range(200):
            if sum(conc) >= need:
                break
            t = rng.randrange(N_KINDS)
            if fits((t,)):
                conc[t] += 1
        for _ in range(swaps):
            a = rng.choice([t for t in range(N_KINDS) if conc[t]])
            b = rng.choice([t for t in range(N_KINDS) if t != a and fits((t,))])
            conc[a] -= 1
            conc[b] += 1
        hand = Hand(tuple(conc), tuple(ms))
        try:
            check_hand(hand, want="rest", rules=rules)
        except HandError:
            continue
        out.append(hand)
    return out


ORACLES = {"hunan": Oracle(HUNAN), "luzhou": Oracle(LUZHOU)}
ORACLE = ORACLES["hunan"]


def agree(hands, *, at_least: dict[int, int], rules=HUNAN) -> None:
    """Every hand's distance (0-2, or beyond) and improving intakes agree with the brute force."""
    oracle = ORACLES[rules.name]
    seen = {}
    for h in hands:
        oracle.memo.clear()  # hands rarely share positions; keep the memory of one hand's
        want = bf_analyse(h, oracle)
        got = analysed(h, rules=rules)
        if want[0] is None:
            assert got[0] is None or got[0] > 2, h.text()  # beyond 2 (budget 0: limit) or never
        else:
            assert got == want, h.text()
        seen[want[0]] = seen.get(want[0], 0) + 1
    for d, n in at_least.items():
        assert seen.get(d, 0) >= n, f"only {seen.get(d, 0)} hands at distance {d}: {seen}"


# ---------------------------------------------------------------- the split searches

@RULESETS
def test_readiness_search_agrees_with_the_win_check(rules):
    hands = near_ready(1500, seed=1, swaps=0, rules=rules) + near_ready(1500, seed=2, swaps=1, rules=rules)
    rows = np.array([distance.position(h, rules) for h in hands])
    got = distance.ready(rows, np.zeros(len(rows), np.int64), rules)
    want = np.array(ORACLES[rules.name].ready(hands))
    assert 300 < want.sum() < len(hands) - 300
    assert (got == want).all(), [hands[i].text() for i in np.flatnonzero(got != want)[:5]]
    if rules is LUZHOU:  # and the reference itself
        assert [bool(reference.ting(h, rules).waits) for h in hands] == want.tolist()


def test_the_luzhou_win_check_is_the_references():
    # luzhou_wins, the brute force's win check under luzhou, against the reference on every
    # tile and source: hands near ready, and hands one intake and discard after them (the
    # positions the brute force asks about: new 碰, 招 and 吃 melds, 八块).
    rng = random.Random(12)
    hands = near_ready(800, seed=13, swaps=0, rules=LUZHOU) + near_ready(700, seed=14, swaps=1, rules=LUZHOU)
    hands += [h for x in near_ready(150, seed=15, swaps=1, rules=LUZHOU) for h in
              rng.sample([h for _, h in bf_children(x, LUZHOU)], 6)]
    wins_on = {}
    for h in hands:
        got = luzhou_waits(h)
        for t in (t for t in range(N_KINDS) if h.all_counts()[t] < COPIES):
            for s in SOURCES:
                want = reference.best_win(h, t, s, LUZHOU) is not None
                assert ((t, s) in got) == want, (h.text(), GLYPHS[t], s)
                wins_on[s] = wins_on.get(s, 0) + want
    ready = sum(map(luzhou_ready, hands))
    assert ready > 300 and len(hands) - ready > 600 and min(wins_on.values()) > 300, (ready, wins_on)


@RULESETS
def test_some_discard_search_agrees_with_every_discard(rules):
    # A hand of c + 1 tiles: one search with a junk tile instead of one ting per discard.
    rng = random.Random(3)
    hands = []
    for h in near_ready(1500, seed=4, swaps=0, rules=rules) + near_ready(1000, seed=5, swaps=1, rules=rules):
        held, c = h.all_counts(), list(h.concealed)
        t = rng.choice([t for t in range(N_KINDS) if held[t] < COPIES and c[t] < 3])
        c[t] += 1
        hands.append(Hand(tuple(c), h.melds))
    rows = np.array([distance.position(h, rules) for h in hands])
    got = distance.ready(rows, np.ones(len(rows), np.int64), rules)
    each = [[h.without(x) for x in range(N_KINDS) if h.concealed[x] in (1, 2)] for h in hands]
    want = np.array([any(ORACLES[rules.name].ready(e)) for e in each])
    assert 500 < want.sum() < len(hands) - 300
    assert (got == want).all(), [hands[i].text() for i in np.flatnonzero(got != want)[:5]]


@RULESETS
def test_kernel_intakes_are_the_intakes_of_obligations(rules):
    # The kernel enumerates intakes itself, from the table distance_arrays
    # derives from the ruleset's fields; bf_intakes builds them from the
    # tables of RULES.md written out (INTAKES) and the plain ways to eat (tests/eating_reference.py).
    # Same ways, same positions (跑 and 提 both listed).
    hands = near_ready(150, seed=6, swaps=1, rules=rules) + near_ready(150, seed=7, swaps=2, melds=True, rules=rules)
    kinds = set()
    for h in hands:
        ways = distance._expand(distance.position(h, rules)[None], DK.M_WAYS, rules)
        got = sorted((way_key(distance._intake(r)), tuple(r[:DK.POS_SIZE]), bool(r[DK.WAY_DISCARD])) for r in ways)
        want = sorted((way, tuple(distance.position(after, rules)), d) for way, after, d in bf_intakes(h, rules))
        assert got == want, h.text()
        kinds |= {(holding(h, w[0][1]), w[0][0]) for w in got}
    # Every row of the table was met.
    assert kinds == {(hold, kind) for hold, ks in INTAKES[rules.name].items() for kind in ks}


def test_the_intake_table_is_read_from_the_ruleset_fields():
    # distance_arrays derives the tables of RULES.md 6 and 8 from the fields (never the name) ...
    for rules in (HUNAN, LUZHOU, get_ruleset("luzhou-deng")):
        table = intake_rules.intakes(rules)
        want = INTAKES["luzhou" if rules.name.startswith("luzhou") else rules.name]
        assert {h: set(k) for h, k in table.items() if k} == {h: set(k) for h, k in want.items()}
    # ... so a house rule changes what it should: with 碰 optional, luzhou eats a pair's tile too,
    assert set(intake_rules.intakes(replace(LUZHOU, peng_compulsory=False))["pair"]) == {"peng", "chi"}
    # and with 吃 from one's own draw only, hunan never eats a pair's tile (one's draw onto it is 偎'd)
    # nor a 碰's (its 4th from one's draw is 跑'd).
    own = intake_rules.intakes(replace(HUNAN, chi_from=("self-draw",)))
    assert (own["pair"], own["peng"], own["less"]) == (("peng", "wei"), ("pao",), ("chi",))
    hand = parse_hand("一一二三四七七七十十十壹壹伍陆 | 碰:捌捌捌", LUZHOU)  # 吃 一 needs both 一 as 比
    ways = lambda rules: {(GLYPHS[w.tile], w.kind) for w in  # noqa: E731
                          map(distance._intake, distance._expand(distance.position(hand, rules)[None], DK.M_WAYS,
                                                                 rules))}
    assert ("一", "chi") not in ways(LUZHOU) and ("一", "peng") in ways(LUZHOU)
    assert ("一", "chi") in ways(replace(LUZHOU, peng_compulsory=False))


# ---------------------------------------------------------------- against the brute force

def _cases(hunan, luzhou):
    return [pytest.param(HUNAN, *c, id=f"hunan-{c[0]}-{c[1]}") for c in hunan] + \
           [pytest.param(LUZHOU, *c, id=f"luzhou-{c[0]}-{c[1]}") for c in luzhou]


@pytest.mark.parametrize("rules,swaps,melds,n,at_least", _cases([
    (0, True, 40, {0: 5, 1: 20}),
    (1, True, 50, {1: 20, 2: 5}),
    (2, True, 45, {1: 10, 2: 10}),
    (0, False, 30, {0: 3, 1: 10}),
    (1, False, 25, {1: 8, 2: 3}),
    (2, False, 10, {2: 3}),
], [
    (0, True, 40, {0: 5, 1: 20}),
    (1, True, 50, {1: 20, 2: 8}),
    (2, True, 45, {1: 15, 2: 10}),
    (0, False, 30, {0: 3, 1: 12}),
    (1, False, 25, {1: 10, 2: 5}),
    (2, False, 10, {2: 3}),
]))  # 200 hands per ruleset, about 45 (hunan) and 50 (luzhou) of them 2 away
def test_distance_and_improving_agree_with_brute_force(rules, swaps, melds, n, at_least):
    agree(near_ready(n, seed=1000 + 10 * swaps + melds, swaps=swaps, melds=melds, rules=rules), at_least=at_least,
          rules=rules)


@pytest.mark.slow
@pytest.mark.parametrize("rules,swaps,melds,n,at_least", _cases([
    (0, True, 600, {0: 100, 1: 300, 2: 30}),
    (1, True, 800, {1: 300, 2: 100}),
    (2, True, 600, {1: 150, 2: 150}),
    (0, False, 400, {0: 30, 1: 150, 2: 50}),
    (1, False, 400, {1: 150, 2: 80}),
    (2, False, 300, {1: 50, 2: 100}),
], [
    (0, True, 600, {0: 120, 1: 250, 2: 40}),
    (1, True, 800, {1: 350, 2: 120}),
    (2, True, 600, {1: 240, 2: 130}),
    (0, False, 400, {0: 40, 1: 150, 2: 80}),
    (1, False, 400, {1: 150, 2: 90}),
    (2, False, 300, {1: 90, 2: 90}),
]))  # 3100 hands per ruleset, luzhou: about 800 of them 2 away
def test_distance_and_improving_agree_with_brute_force_slow(rules, swaps, melds, n, at_least):
    agree(near_ready(n, seed=2000 + 10 * swaps + melds, swaps=swaps, melds=melds, rules=rules), at_least=at_least,
          rules=rules)


@RULESETS
def test_never_ready_and_beyond_two_agree_with_the_exhaustive_brute_force(rules):
    # Small hands (many melds): every sequence of intakes can be tried to the end.
    small = [h for h in near_ready(400, seed=8, swaps=2, melds=True, rules=rules) if h.n_concealed <= 8][:40]
    small.append(parse_hand(NEVER, rules))
    found = set()
    for h in small:
        want = bf_exhaustive(h, ORACLES[rules.name])
        a = distance.analyse(h, rules, budget=api.TING_BUDGET)
        assert (a.distance, a.limit) == (want, False), h.text()
        assert plain_distance.analyse(h, rules, budget=api.TING_BUDGET) == a, h.text()
        found.add(want)
    assert None in found and {0, 1} <= found


# ---------------------------------------------------------------- properties

@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), swaps=st.integers(1, 2), melds=st.booleans(),
       rules=st.sampled_from([HUNAN, LUZHOU]))
def test_each_improving_draw_lowers_the_distance_by_one_and_no_intake_by_more(seed, swaps, melds, rules):
    hand = near_ready(1, seed=seed, swaps=swaps, melds=melds, rules=rules)[0]
    a = distance.analyse(hand, rules, budget=0)
    assume(a.distance in (1, 2))
    assert plain_distance.analyse(hand, rules, budget=0) == a
    k = a.distance
    kids = bf_children(hand, rules)
    after = distance.analyse_many([h for _, h in kids], rules, budget=0)
    assert [plain_distance.analyse(h, rules, budget=0).distance for _, h in kids] == [x.distance for x in after]
    far = {w: min((x.distance if x.distance is not None else 99) for (way, _), x in zip(kids, after) if way == w)
           for w in {way for way, _ in kids}}
    improving = {way_key(w) for _, ways in a.improving for w in ways}
    # No intake, whatever the discard, lowers the distance by more than one ...
    assert min(far.values()) == k - 1
    # ... each listed way of each improving draw, with its best discard, by exactly one ...
    for w in improving:
        assert far[w] == k - 1, (hand.text(), w)
    # ... and no other way does.
    for w, d in far.items():
        assert (d == k - 1) == (w in improving), (hand.text(), w)


# ---------------------------------------------------------------- readable cases

NEVER = "一一 | 吃:二三四 吃:四五六 吃:五六七 吃:七八九 吃:肆伍陆 吃:捌玖拾"


@pytest.mark.parametrize("text,want_distance,want", [
    # README: 吃 三 must lay out the 三 in hand as 比; 玖 and 拾 can only be 偎'd.
    ("一二三四五 六七八 九九玖 肆伍陆 柒捌玖 拾拾壹", 2, {
        "三": ["吃 三 with 一二, 比 三四五", "吃 三 with 四五, 比 一二三"],
        "六": ["吃 六 with 四五, 比 六七八", "吃 六 with 七八, 比 四五六"],
        "贰": ["吃 贰 with 柒拾"], "叁": ["吃 叁 with 肆伍"],
        "陆": ["吃 陆 with 肆伍, 比 陆柒捌", "吃 陆 with 柒捌, 比 肆伍陆"],
        "玖": ["偎 玖"], "拾": ["偎 拾"]}),
    # 跑 onto a 碰, 跑/提 onto a 坎, 碰/偎 onto a pair, 吃 with a 绞.
    ("二四七七七十十十壹壹壹捌拾拾 | 碰:一一一 吃:二七十", 1, {
        "一": ["跑 一"], "三": ["吃 三 with 二四"], "壹": ["跑 壹", "提 壹"], "玖": ["吃 玖 with 捌拾"],
        "拾": ["碰 拾", "偎 拾"]}),
    # The fourth copy of a 碰: 跑 from the stock, or eaten (a discarded one makes no 跑).
    ("一四七七贰叁肆伍伍伍柒 | 碰:壹壹壹 碰:八八八 偎:拾拾拾", 1, {
        "四": ["吃 四 with 四肆"], "八": ["跑 八"], "壹": ["跑 壹", "吃 壹 with 贰叁"], "肆": ["吃 肆 with 四肆"],
        "伍": ["跑 伍", "提 伍"], "拾": ["跑 拾", "提 拾"]}),
    # 一吃两比: both 三 still in hand are laid out.
    ("一一二二三三六壹壹壹叁叁柒 | 提:捌捌捌捌 碰:十十十", 1, {
        "三": ["吃 三 with 一二, 比 一二三 三叁叁", "吃 三 with 叁叁, 比 一二三 一二三"], "叁": ["碰 叁", "偎 叁"]}),
    # With a 提 already laid out, 跑/提 of the 坎 一一一 is 八块: no discard follows.
    ("一一一九十肆伍玖玖拾 | 提:五五五五 碰:九九九 吃:二贰贰", 2, {
        "一": ["跑 一", "提 一"], "八": ["吃 八 with 九十"], "十": ["吃 十 with 十拾"], "叁": ["吃 叁 with 肆伍"],
        "陆": ["吃 陆 with 肆伍"], "玖": ["碰 玖", "偎 玖"], "拾": ["吃 拾 with 十拾"]}),
    # Two tiles left: 碰/偎 一 or 吃 壹 with 一一 would leave nothing to discard.
    (NEVER, None, {}),
])
def test_readable_cases(text, want_distance, want):
    a = distance.analyse(parse_hand(text), HUNAN, budget=api.TING_BUDGET)
    assert (a.distance, a.limit) == (want_distance, False)
    assert {GLYPHS[t]: [w.text() for w in ways] for t, ways in a.improving} == want


@pytest.mark.parametrize("text,want_distance,want", [
    # Worked by hand.  A red 碰 is worth 9 (big) and 贰柒拾 9: 1 away where hunan is 2.  The pairs
    # 玖玖 and 拾拾 are only 碰'd (no 偎, and never eaten: 碰 is compulsory); 碰 拾 with 一二三 makes
    # 12 胡息 (discard 壹, wait on 九/玖), 吃 贰 with 柒拾 too.
    ("一二三四五 六七八 九九玖 肆伍陆 柒捌玖 拾拾壹", 1, {
        "三": ["吃 三 with 一二, 比 三四五", "吃 三 with 四五, 比 一二三"],
        "六": ["吃 六 with 四五, 比 六七八", "吃 六 with 七八, 比 四五六"],
        "贰": ["吃 贰 with 柒拾"], "叁": ["吃 叁 with 肆伍"],
        "陆": ["吃 陆 with 肆伍, 比 陆柒捌", "吃 陆 with 柒捌, 比 肆伍陆"], "拾": ["碰 拾"]}),
    # 招 onto a 碰 (a stock tile) and onto a 坎, 碰 onto a pair (no 偎), 吃 as in hunan.
    ("二四七七七十十十壹壹壹捌拾拾 | 碰:一一一 吃:二七十", 1, {
        "一": ["招 一"], "三": ["吃 三 with 二四"], "壹": ["招 壹"], "玖": ["吃 玖 with 捌拾"], "拾": ["碰 拾"]}),
    # The fourth copy of a 碰: 招 from the stock, or eaten (a discarded one makes no 招).
    ("一四七七贰叁肆伍伍伍柒 | 碰:壹壹壹 碰:八八八 碰:拾拾拾", 1, {
        "四": ["吃 四 with 四肆"], "八": ["招 八"], "壹": ["招 壹", "吃 壹 with 贰叁"], "肆": ["吃 肆 with 四肆"],
        "伍": ["招 伍"], "拾": ["招 拾"]}),
    # The pairs 三三 and 叁叁 are never eaten: only 碰 叁 helps (discard 六 or 柒, wait on 柒 for the
    # pair beside the 招); hunan also lists 偎 叁 and two ways to 吃 三.
    ("一一二二三三六壹壹壹叁叁柒 | 招:捌捌捌捌 碰:十十十", 1, {"叁": ["碰 叁"]}),
    # RULES.md 9 example 3: 五 onto the 坎 must become 招 and the 坎 is never broken (no 破跑), so the
    # hand is not ready (hunan: ready on another player's 五); 招 五 then wants the pair 六六 (discard 四).
    ("一二三 壹贰叁 贰柒拾 七八九 五五五 陆柒捌 四六", 1, {
        "一": ["吃 一 with 一壹"], "五": ["招 五"], "六": ["吃 六 with 六陆"], "十": ["吃 十 with 八九"],
        "壹": ["吃 壹 with 一壹"], "肆": ["吃 肆 with 贰叁"], "陆": ["吃 陆 with 六陆"], "玖": ["吃 玖 with 柒捌"]}),
    (NEVER, None, {}),
])
def test_readable_cases_luzhou(text, want_distance, want):
    a = distance.analyse(parse_hand(text, LUZHOU), LUZHOU, budget=api.TING_BUDGET)
    assert (a.distance, a.limit) == (want_distance, False)
    assert {GLYPHS[t]: [w.text() for w in ways] for t, ways in a.improving} == want


def test_a_hand_that_wins_only_on_a_discard_is_ready_under_luzhou():
    # Worked by hand: 叁 discarded onto the 碰 is free (a discarded 4th makes no 招): 壹贰叁 二七十
    # 三四五 五六七 beside the 坎 陆陆陆, 30 胡息.  From the stock it must become 招, and then
    # 二三四五五六七七十壹贰 make no pair and three groups.
    text = "二三四五五六七七十壹贰陆陆陆 | 碰:叁叁叁 吃:二七十"
    hand = parse_hand(text, LUZHOU)
    assert [(GLYPHS[t], s) for t in range(N_KINDS) for s in ("self", "other", "discard")
            if luzhou_wins(hand, t, s)] == [("叁", "discard")]
    assert distance.analyse(hand, LUZHOU, budget=0) == distance.Analysis(0, False)
    # The same ruleset without wins on discards: 1 away.
    stock_only = replace(LUZHOU, win_on=("self", "other"))
    a = distance.analyse(hand, stock_only, budget=0)
    assert (a.distance, [GLYPHS[t] for t, _ in a.improving]) == (1, ["二", "贰", "叁", "陆"])


def test_a_search_stopped_at_its_budget_says_so():
    far = next(h for h in near_ready(200, seed=9, swaps=3) if analysed(h)[0] is None)
    a = distance.analyse(far, HUNAN, budget=0)
    assert (a.distance, a.limit, a.improving) == (None, True, ())
    deeper = distance.analyse(far, HUNAN, budget=api.TING_BUDGET)
    assert deeper.limit or deeper.distance is None or deeper.distance >= 3


# ---------------------------------------------------------------- the API and the command

def test_api_ting_of_a_hand_not_ready():
    t = api.ting("二四七七七十十十壹壹壹捌拾拾 | 碰:一一一 吃:二七十", seen="玖")
    assert (t.ready, t.distance, t.limit) == (False, 1, False)
    assert [(GLYPHS[d.tile], d.live, d.ways) for d in t.improving] == [
        ("一", 1, ("跑 一",)), ("三", 4, ("吃 三 with 二四",)), ("壹", 1, ("跑 壹", "提 壹")),
        ("玖", 3, ("吃 玖 with 捌拾",)), ("拾", 2, ("碰 拾", "偎 拾"))]  # one 玖 seen


def test_api_ting_of_a_hand_not_ready_under_luzhou():
    t = api.ting("二四七七七十十十壹壹壹捌拾拾 | 碰:一一一 吃:二七十", seen="玖", rules="luzhou")
    assert (t.ready, t.distance, t.limit) == (False, 1, False)
    assert [(GLYPHS[d.tile], d.live, d.ways) for d in t.improving] == [
        ("一", 1, ("招 一",)), ("三", 4, ("吃 三 with 二四",)), ("壹", 1, ("招 壹",)),
        ("玖", 3, ("吃 玖 with 捌拾",)), ("拾", 2, ("碰 拾",))]
    # Ready only on a discarded 叁: its wait is the improving draw.
    t = api.ting("二三四五五六七七十壹贰陆陆陆 | 碰:叁叁叁 吃:二七十", rules="luzhou")
    assert (t.distance, [(GLYPHS[d.tile], d.live, d.ways) for d in t.improving]) == (0, [("叁", 1, ("胡 discard",))])


def test_api_ting_of_a_ready_hand_lists_its_waits():
    t = api.ting("一二三 壹贰叁 贰柒拾 七八九 五五五 陆柒捌 四六")  # 五 wins from another player only
    assert (t.distance, t.limit) == (0, False)
    assert [(GLYPHS[d.tile], d.live, d.ways) for d in t.improving] == [("五", 1, ("胡 other",))]


def test_discard_rows_are_ranked_by_distance_then_live_improving_draws():
    d = api.discard("一二三四五 六七八 九九玖 肆伍陆 柒捌玖 拾拾壹二")
    keys = [scoring.advice_key(r) for r in d.rows]
    assert keys == sorted(keys, key=lambda k: k[:2])  # by distance; beyond it, by shape (below)
    assert [scoring.table_key(r) for r in d.rows] == sorted(scoring.table_key(r) for r in d.rows)
    assert [r.distance for r in d.rows[:2]] == [2, 2] and d.rows[0].improving_live >= d.rows[1].improving_live
    assert all(r.limit for r in d.rows if r.distance is None)  # exact to 2; beyond, the table stops
    for r in d.rows:  # the discarded tile counts as seen
        after = d.hand.without(r.tile)
        for x in r.improving:
            assert x.live == COPIES - after.all_counts()[x.tile] - (x.tile == r.tile)


def test_batches_give_the_same_answers_as_one_hand():
    hands = near_ready(12, seed=10, swaps=1)
    many = api.ting_many(hands)
    for h, t in zip(hands, many):
        one = api.ting(h, budget=0)
        assert (t.distance, t.limit, t.improving) == (one.distance, one.limit, one.improving)
    rng = random.Random(11)
    tables = []
    for h in hands[:6]:
        held, c = h.all_counts(), list(h.concealed)
        c[rng.choice([t for t in range(N_KINDS) if held[t] < COPIES and c[t] < 2])] += 1
        tables.append(Hand(tuple(c), h.melds))
    for d_many, h in zip(api.discard_many(tables), tables):
        d_one = api.discard(h)
        assert [(r.tile, r.distance, r.limit, r.improving) for r in d_many.rows] == \
               [(r.tile, r.distance, r.limit, r.improving) for r in d_one.rows]


def test_cli_json_and_text_of_a_hand_not_ready():
    from click.testing import CliRunner

    from solver.app.commands import main
    hand = "二四七七七十十十壹壹壹捌拾拾 | 碰:一一一 吃:二七十"
    result = CliRunner().invoke(main, ["ting", "--json", hand])
    obj = json.loads(result.stdout)
    assert (obj["ready"], obj["distance"], obj["limit"]) == (False, 1, False)
    assert obj["improving"][0] == {"tile": "一", "live": 1, "ways": ["跑 一"]}
    text = CliRunner().invoke(main, ["ting", hand], env={"NO_COLOR": "1"}).stdout
    assert "not ready: 1 away · 进张 一 三 壹 玖 拾 (12 live)" in text
    batch = CliRunner().invoke(main, ["ting", "--json", "-"], input=hand + "\n" + NEVER + "\n")
    lines = [json.loads(x) for x in batch.stdout.splitlines()]
    assert lines[0] == obj
    assert (lines[1]["distance"], lines[1]["limit"], lines[1]["improving"]) == (None, False, [])
    text = CliRunner().invoke(main, ["discard", "二四七七七十十十壹壹壹肆捌拾拾 | 碰:一一一 吃:二七十"],
                              env={"NO_COLOR": "1"}).stdout
    assert "打 二 → 1 away · 进张 一 四 壹 肆 玖 拾 (14 live)" in text
    batch = CliRunner().invoke(main, ["discard", "-"], input="二四七七七十十十壹壹壹肆捌拾拾 | 碰:一一一 吃:二七十\n")
    assert "二: 1 away · 进张 一 四 壹 肆 玖 拾 (14 live)" in batch.stdout


# ---------------------------------------------------------------- the kernels in fresh processes

FRESH = """
import sys
from solver import api
from solver.engine import distance
from solver.model.notation import parse_hand
from solver.model.rules import get_ruleset
for arg in sys.argv[1:]:
    name, text = arg.split("=", 1)
    rules = get_ruleset(name)
    a = distance.analyse(parse_hand(text, rules), rules, budget=api.TING_BUDGET)
    print(a.distance, a.limit, [(t, [w.text() for w in ws]) for t, ws in a.improving])
"""
FRESH_HANDS = ["hunan=一二三四五 六七八 九九玖 肆伍陆 柒捌玖 拾拾壹", "hunan=二四七七七十十十壹壹壹捌拾拾 | 碰:一一一 吃:二七十",
               "hunan=一一一九十肆伍玖玖拾 | 提:五五五五 碰:九九九 吃:二贰贰", "luzhou=一一一九十肆伍玖玖拾 | 招:五五五五 碰:九九九 吃:二贰贰",
               "luzhou=一二三 壹贰叁 贰柒拾 七八九 五五五 陆柒捌 四六", "hunan=" + NEVER]


def _fresh(env: dict) -> str:
    full = dict(os.environ)
    full["PYTHONPATH"] = str(ROOT) + os.pathsep + full.get("PYTHONPATH", "")
    full.update(env)
    proc = subprocess.run([sys.executable, "-c", FRESH, *FRESH_HANDS], capture_output=True, text=True,
                          encoding="utf-8", env=full, cwd=ROOT, timeout=600)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout, proc.stderr


def test_fresh_processes_load_the_cache_then_plain_python():
    # numba 0.68 can crash loading cached kernels (PERF-NOTES.md).  The tests
    # above compiled the kernel in this process and cached it: two fresh
    # processes load it back (the first compiles only if that cache is
    # stale) and answer as this one does.  (tests/test_cli.py's batch test
    # compiles it cold in an empty cache, as a discard batch needs it.)
    # Without the JIT the kernels run as Python (coverage of their lines).
    rules = [get_ruleset(arg.split("=")[0]) for arg in FRESH_HANDS]
    here = "".join(f"{a.distance} {a.limit} {[(t, [w.text() for w in ws]) for t, ws in a.improving]}\n"
                   for a in (distance.analyse(parse_hand(arg.split("=", 1)[1], r), r, budget=api.TING_BUDGET)
                             for arg, r in zip(FRESH_HANDS, rules)))
    first, said = _fresh({})
    assert first == here and said.count("compiling") <= 1
    second, said = _fresh({})
    assert second == here and "compiling" not in said
    plain, said = _fresh({"NUMBA_DISABLE_JIT": "1"})
    assert plain == here and "compiling" not in said
    assert here.splitlines()[0].startswith("2 False") and here.splitlines()[-1] == "None False []"


# ---------------------------------------------------------------- the trainer

FAR_DISCARD = "二四七七七十十十壹壹壹肆捌拾拾 | 碰:一一一 吃:二七十"  # no discard leaves it ready


def _far_question():
    from solver.puzzles import Puzzle
    # 二, 捌 and 拾 all leave it 1 away with 14 live improving draws; 肆 only 12, 四 is 2 away
    # (worked out by hand from the 进张 tables below).
    p = Puzzle(id="discard-far", kind="discard", level=2, tags=(), hand=FAR_DISCARD, answer="二捌拾",
               note_en="note (二)", note_zh="要点（二）")
    return p, asking.from_puzzle(p, HUNAN)


def test_a_discard_question_about_a_hand_one_away():
    from solver.trainer import library
    from solver.trainer.asking import explanation, grade
    p, q = _far_question()
    assert library.answer(p, HUNAN) == p.answer
    assert "nearest" in asking.prompt(q, "en") and "最近" in asking.prompt(q, "zh")
    assert grade(q, "捌").correct and grade(q, "拾").correct
    g = grade(q, "肆")
    assert not g.correct
    text = "\n".join(explanation(q, g, "en"))
    assert "Best discards (tied): 二, 捌, 拾, 1 away, 14 live improving draws (进张) each" in text
    assert "Discarding 肆 also leaves the hand 1 away, with 12 live improving draws: 2 fewer than 二" in text
    assert "After discarding 二, take: 一: 跑 一; 四: 吃 四 with 四肆" in text
    assert "Discarding 四 leaves the hand 2 away" in "\n".join(explanation(q, grade(q, "四"), "en"))
    assert "离听牌1步" in "\n".join(explanation(q, g, "zh"))


def test_discard_questions_with_a_ready_discard_need_no_distance():
    # Today's puzzles: the answer is the most live outs, from the reference's table alone.
    best, table = api.discard_choice("一二三 壹贰叁 贰柒拾 二七十 四五六 七八九 伍陆 五")
    assert best == (GLYPH_TO_ID["五"],)
    assert not hasattr(table.rows[0], "distance")
