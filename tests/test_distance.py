"""Distance to ready (进张距离) and improving draws (进张) against a plain brute force.

The brute force below is written from RULES.md section 6 alone: it takes
every intake of every tile (the table: 吃 with every 比, 碰, 偎, 跑, 提), then
every discard, builds each resulting hand as a ``Hand`` and asks the numba
ting kernels (themselves checked against the reference in test_kernels.py)
whether it waits on a tile.  ``solver.engine.distance`` shares none of that: it
searches count-vector positions with one split search per question.
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from solver import api
from solver.engine import _distance_kernels as DK
from solver.engine import distance, wins
from solver.engine.obligations import eating_ways
from solver.model import scoring
from solver.model.groups import SHAPES, group_pattern
from solver.model.hand import Hand, HandError, Meld, check_hand
from solver.model.notation import parse_hand
from solver.model.rules import HUNAN
from solver.model.tiles import COPIES, GLYPH_TO_ID, GLYPHS, N_KINDS

ROOT = Path(__file__).resolve().parent.parent

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
            for h, t in zip(chunk, wins.ting_many(chunk, [[0] * N_KINDS] * len(chunk), HUNAN)):
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


def analysed(hand: Hand, budget: int = 0):
    a = distance.analyse(hand, HUNAN, budget=budget)
    return a.distance, {t: {way_key(w) for w in ways} for t, ways in a.improving}


def bf_exhaustive(hand: Hand, oracle: Oracle) -> int | None:
    """The distance by trying every sequence of intakes to the end (small hands only)."""
    level, seen, d = {canon(hand)}, set(), 0
    while level:
        if any(oracle.ready(list(level))):
            return d
        seen |= level
        level = {h for x in level for _, h in bf_children(x)} - seen
        d += 1
    return None


# ---------------------------------------------------------------- hands near ready

_PLAIN = tuple(g for g in SHAPES if group_pattern(g) == "ju")
_RICH = tuple(g for g in SHAPES if group_pattern(g) in ("ju123", "ju2710"))
_JIAO = tuple(g for g in SHAPES if group_pattern(g) == "jiao")


def _group(rng: random.Random) -> tuple[int, ...]:
    r = rng.random()
    if r < 0.3:
        return rng.choice(_PLAIN)
    if r < 0.55:
        return rng.choice(_RICH)
    if r < 0.7:
        return rng.choice(_JIAO)
    return (rng.randrange(N_KINDS),) * 3


def near_ready(n: int, seed: int, *, swaps: int = 1, melds: bool | None = None) -> list[Hand]:
    """Valid hands at rest: melds, concealed groups (a pair with a 跑/提), one
    tile short of complete, then ``swaps`` concealed tiles changed at random.
    This file's own generator, so that the hands do not move when
    solver.app.generate changes."""
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
                ms.append(Meld(kind, tiles))
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
            check_hand(hand, want="rest")
        except HandError:
            continue
        out.append(hand)
    return out


ORACLE = Oracle()


def agree(hands, *, at_least: dict[int, int]) -> None:
    """Every hand's distance (0-2, or beyond) and improving intakes agree with the brute force."""
    seen = {}
    for h in hands:
        ORACLE.memo.clear()  # hands rarely share positions; keep the memory of one hand's
        want = bf_analyse(h, ORACLE)
        got = analysed(h)
        if want[0] is None:
            assert got[0] is None or got[0] > 2, h.text()  # beyond 2 (budget 0: limit) or never
        else:
            assert got == want, h.text()
        seen[want[0]] = seen.get(want[0], 0) + 1
    for d, n in at_least.items():
        assert seen.get(d, 0) >= n, f"only {seen.get(d, 0)} hands at distance {d}: {seen}"


# ---------------------------------------------------------------- the split searches

def test_readiness_search_agrees_with_the_ting_kernels():
    hands = near_ready(1500, seed=1, swaps=0) + near_ready(1500, seed=2, swaps=1)
    rows = np.array([distance.position(h, HUNAN) for h in hands])
    got = distance.ready(rows, np.zeros(len(rows), np.int64), HUNAN)
    want = np.array(ORACLE.ready(hands))
    assert 300 < want.sum() < len(hands) - 300
    assert (got == want).all(), [hands[i].text() for i in np.flatnonzero(got != want)[:5]]


def test_some_discard_search_agrees_with_every_discard():
    # A hand of c + 1 tiles: one search with a junk tile instead of one ting per discard.
    rng = random.Random(3)
    hands = []
    for h in near_ready(1500, seed=4, swaps=0) + near_ready(1000, seed=5, swaps=1):
        held, c = h.all_counts(), list(h.concealed)
        t = rng.choice([t for t in range(N_KINDS) if held[t] < COPIES and c[t] < 3])
        c[t] += 1
        hands.append(Hand(tuple(c), h.melds))
    rows = np.array([distance.position(h, HUNAN) for h in hands])
    got = distance.ready(rows, np.ones(len(rows), np.int64), HUNAN)
    each = [[h.without(x) for x in range(N_KINDS) if h.concealed[x] in (1, 2)] for h in hands]
    want = np.array([any(ORACLE.ready(e)) for e in each])
    assert 500 < want.sum() < len(hands) - 300
    assert (got == want).all(), [hands[i].text() for i in np.flatnonzero(got != want)[:5]]


def test_kernel_intakes_are_the_intakes_of_obligations():
    # The kernel enumerates intakes itself; bf_intakes builds them from
    # obligations.eating_ways.  Same ways, same positions (跑 and 提 both listed).
    for h in near_ready(150, seed=6, swaps=1) + near_ready(150, seed=7, swaps=2, melds=True):
        ways = distance._expand(distance.position(h, HUNAN)[None], DK.M_WAYS, HUNAN)
        got = sorted((way_key(distance._intake(r)), tuple(r[:DK.POS_SIZE]), bool(r[DK.WAY_DISCARD])) for r in ways)
        want = sorted((way, tuple(distance.position(after, HUNAN)), d) for way, after, d in bf_intakes(h))
        assert got == want, h.text()


# ---------------------------------------------------------------- against the brute force

@pytest.mark.parametrize("swaps,melds,n,at_least", [
    (0, True, 40, {0: 5, 1: 20}),
    (1, True, 50, {1: 20, 2: 5}),
    (2, True, 45, {1: 10, 2: 10}),
    (0, False, 30, {0: 3, 1: 10}),
    (1, False, 25, {1: 8, 2: 3}),
    (2, False, 10, {2: 3}),
])  # 200 hands, about 45 of them 2 away
def test_distance_and_improving_agree_with_brute_force(swaps, melds, n, at_least):
    agree(near_ready(n, seed=1000 + 10 * swaps + melds, swaps=swaps, melds=melds), at_least=at_least)


@pytest.mark.slow
@pytest.mark.parametrize("swaps,melds,n,at_least", [
    (0, True, 600, {0: 100, 1: 300, 2: 30}),
    (1, True, 800, {1: 300, 2: 100}),
    (2, True, 600, {1: 150, 2: 150}),
    (0, False, 400, {0: 30, 1: 150, 2: 50}),
    (1, False, 400, {1: 150, 2: 80}),
    (2, False, 300, {1: 50, 2: 100}),
])
def test_distance_and_improving_agree_with_brute_force_slow(swaps, melds, n, at_least):
    agree(near_ready(n, seed=2000 + 10 * swaps + melds, swaps=swaps, melds=melds), at_least=at_least)


def test_never_ready_and_beyond_two_agree_with_the_exhaustive_brute_force():
    # Small hands (many melds): every sequence of intakes can be tried to the end.
    small = [h for h in near_ready(400, seed=8, swaps=2, melds=True) if h.n_concealed <= 8][:40]
    small.append(parse_hand(NEVER))
    found = set()
    for h in small:
        want = bf_exhaustive(h, ORACLE)
        a = distance.analyse(h, HUNAN, budget=api.TING_BUDGET)
        assert (a.distance, a.limit) == (want, False), h.text()
        found.add(want)
    assert None in found and {0, 1} <= found


# ---------------------------------------------------------------- properties

@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), swaps=st.integers(1, 2), melds=st.booleans())
def test_each_improving_draw_lowers_the_distance_by_one_and_no_intake_by_more(seed, swaps, melds):
    hand = near_ready(1, seed=seed, swaps=swaps, melds=melds)[0]
    a = distance.analyse(hand, HUNAN, budget=0)
    assume(a.distance in (1, 2))
    k = a.distance
    kids = bf_children(hand)
    after = distance.analyse_many([h for _, h in kids], HUNAN, budget=0)
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


def test_api_ting_of_a_ready_hand_lists_its_waits():
    t = api.ting("一二三 壹贰叁 贰柒拾 七八九 五五五 陆柒捌 四六")  # 五 wins from another player only
    assert (t.distance, t.limit) == (0, False)
    assert [(GLYPHS[d.tile], d.live, d.ways) for d in t.improving] == [("五", 1, ("胡 other",))]


def test_discard_rows_are_ranked_by_distance_then_live_improving_draws():
    d = api.discard("一二三四五 六七八 九九玖 肆伍陆 柒捌玖 拾拾壹二")
    keys = [scoring.advice_key(r) for r in d.rows]
    assert keys == sorted(keys)
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

    from cli import main
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
from solver.model.rules import HUNAN
for text in sys.argv[1:]:
    a = distance.analyse(parse_hand(text), HUNAN, budget=api.TING_BUDGET)
    print(a.distance, a.limit, [(t, [w.text() for w in ws]) for t, ws in a.improving])
"""
FRESH_HANDS = ["一二三四五 六七八 九九玖 肆伍陆 柒捌玖 拾拾壹", "二四七七七十十十壹壹壹捌拾拾 | 碰:一一一 吃:二七十",
               "一一一九十肆伍玖玖拾 | 提:五五五五 碰:九九九 吃:二贰贰", NEVER]


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
    here = "".join(f"{a.distance} {a.limit} {[(t, [w.text() for w in ws]) for t, ws in a.improving]}\n"
                   for a in (distance.analyse(parse_hand(text), HUNAN, budget=api.TING_BUDGET) for text in FRESH_HANDS))
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
    from puzzles import Puzzle
    from solver.trainer.question import Question
    # 二, 捌 and 拾 all leave it 1 away with 14 live improving draws; 肆 only 12, 四 is 2 away
    # (worked out by hand from the 进张 tables below).
    p = Puzzle(id="discard-far", kind="discard", level=2, tags=(), hand=FAR_DISCARD, answer="二捌拾",
               note_en="note (二)", note_zh="要点（二）")
    return p, Question.from_puzzle(p, HUNAN)


def test_a_discard_question_about_a_hand_one_away():
    from solver.trainer import library
    from solver.trainer.grading import grade
    from solver.trainer.teach import explanation
    p, q = _far_question()
    assert library.answer(p, HUNAN) == p.answer
    assert "nearest" in q.prompt("en") and "最近" in q.prompt("zh")
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
