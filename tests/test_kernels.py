"""The numba kernels (through solver.engine.wins) against the pure-Python reference.

Whole answers are compared, dataclass for dataclass: every wait per source
(胡息, 等, 番 and names, score, how, groups in answer order) and its outs,
every discard row and the ranking, every ``hu`` result with its reason and
the highest-胡息 split of a non-win.  Hands come from the seeded generators:
hunan's (solver.app.generate) and, for luzhou and luzhou-deng (胡息 per tile,
the take table with its compulsory 招 and own 碰, three sources, melds
碰/招/垅/吃), those of tests/test_reference_naive.py.
"""
from __future__ import annotations

import os
import random
import subprocess
import sys
import textwrap
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from test_reference_naive import discard_positions, luzhou_positions

from solver.app import generate
from solver.engine import arrays, reference, wins
from solver.model.hand import Hand
from solver.model.notation import parse_hand
from solver.model.results import HOWS, NO_WIN_REASONS, SOURCES
from solver.model.rules import HUNAN, get_ruleset
from solver.model.tiles import COPIES, N_KINDS

ROOT = Path(__file__).resolve().parent.parent
N_READY = 5000
N_NO_WAIT = 1000
N_DISCARD = 1000
N_HU = 2000


def random_seen(hand: Hand, rng: random.Random) -> list[int]:
    """Seen counts that keep every tile within its 4 copies (half the time none)."""
    seen = [0] * N_KINDS
    if rng.random() < 0.5:
        held = hand.all_counts()
        for t in range(N_KINDS):
            if rng.random() < 0.3:
                seen[t] = rng.randint(0, max(0, COPIES - held[t]))
    return seen


def first_difference(got, want, hands, what: str) -> None:
    assert len(got) == len(want)
    for g, w, h in zip(got, want, hands):
        assert g == w, f"{what} differs for {h.text()}:\n kernel    {g}\n reference {w}"


@pytest.fixture(scope="module")
def ready() -> list[Hand]:
    return generate.ready_hands(N_READY, seed=101)


@pytest.fixture(scope="module")
def ready_seen(ready) -> list[list[int]]:
    rng = random.Random(102)
    return [random_seen(h, rng) for h in ready]


@pytest.fixture(scope="module")
def ready_ting(ready, ready_seen):
    return [reference.ting(h, HUNAN, s) for h, s in zip(ready, ready_seen)]


@pytest.fixture(scope="module")
def no_wait() -> list[Hand]:
    hands = [h for h in generate.random_hands(N_NO_WAIT * 11 // 10, seed=103)
             if not reference.ting(h, HUNAN).ready]
    assert len(hands) >= N_NO_WAIT
    return hands[:N_NO_WAIT]


# --- the worked examples of RULES.md section 9 -------------------------------

EXAMPLES = [
    "一二三 壹贰叁 贰柒拾 二七十 四五六 七八九 伍陆",
    "一二三 壹贰叁 贰柒拾 四五六 八九十 七七七 伍伍",
    "一二三 壹贰叁 贰柒拾 七八九 五五五 陆柒捌 四六",
    "肆伍陆 捌玖 拾拾 | 偎:壹壹壹 吃:贰叁肆 提:八八八八 偎:十十十",
    "五五五 四六 一二三 壹贰叁 伍伍 | 提:拾拾拾拾 吃:陆柒捌",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_worked_examples_ting(text):
    hand = parse_hand(text)
    assert wins.ting_many([hand], [[0] * N_KINDS], HUNAN) == [reference.ting(hand, HUNAN)]


def test_worked_example_2_every_how_of_the_table():
    # 七 onto the 坎: 跑胡 other, 提胡 self; 伍 onto the pair: 碰胡 other, 偎胡 self.
    hand = parse_hand(EXAMPLES[1])
    waits = {w.tile: w for w in wins.ting_many([hand], [[0] * N_KINDS], HUNAN)[0].waits}
    assert (waits[6].other.how, waits[6].other.huxi, waits[6].other.score) == ("跑胡", 21, 6)
    assert (waits[6].self.how, waits[6].self.huxi, waits[6].self.score) == ("提胡", 24, 10)
    assert (waits[14].other.how, waits[14].other.score) == ("碰胡", 3)
    assert (waits[14].self.how, waits[14].self.score) == ("偎胡", 5)


@pytest.mark.parametrize("text, tile, reason", [
    # 五 self-drawn onto the 坎 must become 提 (破跑不破提).
    (EXAMPLES[2], 4, "forced_ti"),
    # 拾 self-drawn onto the pair must become 偎, leaving 捌玖 without a group.
    (EXAMPLES[3], 19, "forced_wei"),
])
def test_worked_examples_forced_moves(text, tile, reason):
    hand = parse_hand(text)
    got = wins.hu_many([hand, hand], [tile, tile], ["self", "other"], HUNAN)
    assert got == [reference.hu(hand, tile, s, HUNAN) for s in ("self", "other")]
    assert got[0].reason == reason and got[1].wins


# --- ting ------------------------------------------------------------------------

def test_ting_of_ready_hands(ready, ready_seen, ready_ting):
    got = wins.ting_many(ready, ready_seen, HUNAN)
    first_difference(got, ready_ting, ready, "ting")


def test_ready_hands_cover_every_how(ready_ting):
    hows = Counter(w.how for tg in ready_ting for wt in tg.waits for w in (wt.self, wt.other) if w)
    assert set(hows) == set(HOWS) - {"招胡"}  # (luzhou's)
    assert any(wt.dead for tg in ready_ting for wt in tg.waits)
    assert any((wt.self is None) != (wt.other is None) for tg in ready_ting for wt in tg.waits)
    fans = Counter(name for tg in ready_ting for wt in tg.waits for w in (wt.self, wt.other) if w
                   for name in w.fan_names)
    assert {"红胡", "点胡", "乌胡", "对对胡"} <= set(fans)


def test_ting_of_hands_with_no_wait(no_wait):
    got = wins.ting_many(no_wait, [[0] * N_KINDS] * len(no_wait), HUNAN)
    assert all(not t.waits for t in got)
    first_difference(got, [reference.ting(h, HUNAN) for h in no_wait], no_wait, "ting")


def test_ting_of_no_hands():
    assert wins.ting_many([], [], HUNAN) == []


# --- discard ---------------------------------------------------------------------

def test_discard_tables():
    hands = generate.discard_hands(N_DISCARD, seed=104)
    rng = random.Random(105)
    seen = [random_seen(h, rng) for h in hands]
    got = wins.discard_many(hands, seen, HUNAN)
    first_difference(got, [reference.discard(h, HUNAN, s) for h, s in zip(hands, seen)], hands, "discard")


# --- hu ----------------------------------------------------------------------------

def test_hu_on_waits(ready, ready_ting):
    queries = [(h, wt.tile, s) for h, tg in zip(ready[:N_HU], ready_ting) for wt in tg.waits[:1]
               for s in ("self", "other")]
    hands, tiles, sources = zip(*queries)
    got = wins.hu_many(hands, tiles, sources, HUNAN)
    first_difference(got, [reference.hu(h, t, s, HUNAN) for h, t, s in queries], hands, "hu")


def test_hu_on_random_tiles(ready, no_wait):
    rng = random.Random(106)
    queries = []
    for h in ready[:N_HU] + no_wait[:N_HU // 2]:
        held = h.all_counts()
        t = rng.choice([x for x in range(N_KINDS) if held[x] < COPIES])
        queries += [(h, t, "self"), (h, t, "other")]
    hands, tiles, sources = zip(*queries)
    got = wins.hu_many(hands, tiles, sources, HUNAN)
    want = [reference.hu(h, t, s, HUNAN) for h, t, s in queries]
    first_difference(got, want, hands, "hu")
    assert {r.reason for r in want if r.reason} == set(NO_WIN_REASONS) - {"forced_zhao", "forced_peng", "source_no_hu"}


# --- the raw batched win check -------------------------------------------------------

def test_win_many_raw_arrays(ready, ready_ting):
    pairs = [(h, tg.waits[0].tile) for h, tg in zip(ready[:200], ready_ting)]
    hands = [h for h, _ in pairs]
    tiles = [t for _, t in pairs]
    arrays = wins.marshal(hands)
    for source, s in (("self", 0), ("other", 1)):
        out = wins.win_many(arrays, tiles, [source] * len(pairs), HUNAN)
        assert out.shape == (len(pairs), 2, wins.OUT_SIZE)
        assert not out[:, 1 - s].any()  # the other source was not asked
        for (h, t), row in zip(pairs, out[:, s]):
            w = reference.best_win(h, t, source, HUNAN)
            assert bool(row[wins.OUT_WIN]) == (w is not None)
            if w:
                assert (row[wins.OUT_HUXI], row[wins.OUT_SCORE], HOWS[row[wins.OUT_HOW]]) == (w.huxi, w.score, w.how)
    both = wins.win_many(hands, tiles, ["both"] * len(pairs), HUNAN)
    assert both[:, :, wins.OUT_WIN].any(axis=1).all()


# --- luzhou: 胡息 per tile, the take table as data, the discard source ---------------------

LUZHOU = get_ruleset("luzhou")
LUZHOU_DENG = get_ruleset("luzhou-deng")
LUZHOUS = [LUZHOU, LUZHOU_DENG]
N_LUZHOU = 3000
N_LUZHOU_DISCARD = 500
N_LUZHOU_HU = 2000


@pytest.fixture(scope="module", params=LUZHOUS, ids=lambda r: r.name)
def luzhou(request):
    """(ruleset, positions: half completed hands less a tile, a quarter near-ready, a quarter random;
    seen counts; the reference's ting of each)."""
    rules = request.param
    hands = luzhou_positions(N_LUZHOU, 500, rules)
    rng = random.Random(501)
    seen = [random_seen(h, rng) for h in hands]
    return rules, hands, seen, [reference.ting(h, rules, s) for h, s in zip(hands, seen)]


def test_luzhou_ting(luzhou):
    rules, hands, seen, want = luzhou
    got = wins.ting_many(hands, seen, rules)
    first_difference(got, want, hands, "ting")


def test_luzhou_sample_covers_melds_sources_and_hows(luzhou):
    rules, hands, _, want = luzhou
    assert {m.kind for h in hands for m in h.melds} == {"chi", "peng", "zhao", "long"}
    wins_by = {s: [w for tg in want for wt in tg.waits for w in [getattr(wt, s)] if w] for s in SOURCES}
    assert all(len(ws) > 300 for ws in wins_by.values())
    hows = Counter(w.how for ws in wins_by.values() for w in ws)
    assert {"招胡", "碰胡", "单吊胡", "编胡", "顺胡"} <= set(hows) <= set(HOWS) - {"提胡", "跑胡", "偎胡", "破跑胡"}
    kinds = {g.kind for ws in wins_by.values() for w in ws for g in w.groups}
    assert {"zhao", "long", "peng", "kan", "chi", "jiang"} <= kinds and not kinds & {"wei", "pao", "ti"}
    # a stock tile onto one's 碰 must become 招, a discarded one is free: either may win alone
    assert any(wt.other and not wt.discard for tg in want for wt in tg.waits)
    assert any(wt.discard and not wt.other for tg in want for wt in tg.waits)
    fans = {n for ws in wins_by.values() for w in ws for n in w.fan_names}
    assert fans == ({"红胡", "乌胡"} if rules is LUZHOU else set())


def test_luzhou_rows_carry_the_discard_source(luzhou):
    rules, hands, _, want = luzhou
    ra = arrays.of(rules)
    assert ra.sources == (0, 1, 2) and ra.n_slots == 3
    rows = wins.ting_rows(wins.marshal(hands[:500]), ra).tolist()
    keys = [(r[wins.ROW_HAND], r[wins.ROW_TILE], r[wins.ROW_SOURCE]) for r in rows]
    assert keys == sorted(set(keys))
    assert keys == [(q, wt.tile, s) for q, tg in enumerate(want[:500]) for wt in tg.waits
                    for s, w in enumerate((wt.self, wt.other, wt.discard)) if w]
    assert {k[2] for k in keys} == {0, 1, 2}


def test_luzhou_discard_tables():
    for rules in LUZHOUS:
        hands = discard_positions(N_LUZHOU_DISCARD, 502, rules)
        rng = random.Random(503)
        seen = [random_seen(h, rng) for h in hands]
        got = wins.discard_many(hands, seen, rules)
        want = [reference.discard(h, rules, s) for h, s in zip(hands, seen)]
        first_difference(got, want, hands, "discard")
        assert sum(1 for d in want for r in d.rows for w in r.waits if w.discard) > 500


def test_luzhou_hu_every_source(luzhou):
    rules, hands, _, want = luzhou
    rng = random.Random(504)
    queries = []
    for h, tg in zip(hands[:N_LUZHOU_HU], want):
        held = h.all_counts()
        tiles = [rng.choice([x for x in range(N_KINDS) if held[x] < COPIES])] + [wt.tile for wt in tg.waits[:1]]
        queries += [(h, t, s) for t in tiles for s in SOURCES]
    hands_q, tiles, sources = zip(*queries)
    got = wins.hu_many(hands_q, tiles, sources, rules)
    want_hu = [reference.hu(h, t, s, rules) for h, t, s in queries]
    first_difference(got, want_hu, hands_q, "hu")
    reasons = Counter(r.reason for r in want_hu)
    assert {"huxi_short", "no_7_groups", "forced_zhao", "forced_peng", None} <= set(reasons)
    assert "source_no_hu" not in reasons


def test_win_many_answers_three_sources_under_luzhou(luzhou):
    rules, hands, _, want = luzhou
    pairs = [(h, tg.waits[0].tile) for h, tg in zip(hands, want) if tg.waits][:300]
    hs, tiles = [h for h, _ in pairs], [t for _, t in pairs]
    for source, asked in (("self", [0]), ("other", [1]), ("discard", [2]), ("both", [0, 1]), ("all", [0, 1, 2])):
        for full in (True, False):
            out = wins.win_many(hs, tiles, [source] * len(pairs), rules, full=full)
            assert out.shape == (len(pairs), 3, wins.OUT_SIZE)
            for s, name in enumerate(SOURCES):
                if s not in asked:
                    assert not out[:, s].any()
                    continue
                for (h, t), row in zip(pairs, out[:, s].tolist()):
                    w = reference.best_win(h, t, name, rules)
                    assert bool(row[wins.OUT_WIN]) == (w is not None), (h.text(), t, name)
                    if w:
                        assert row[wins.OUT_HUXI:wins.OUT_SCORE + 1] == [w.huxi, w.deng, w.fan, w.score]
                        if full:
                            assert HOWS[row[wins.OUT_HOW]] == w.how


def test_hunan_answers_two_sources():
    ra = arrays.of(HUNAN)
    assert ra.sources == (0, 1) and ra.n_slots == 2
    hand = parse_hand(EXAMPLES[0])
    out = wins.win_many([hand], [13], ["all"], HUNAN)
    assert out.shape == (1, 2, wins.OUT_SIZE) and out[0, :, wins.OUT_WIN].tolist() == [1, 1]
    got = wins.hu_many([hand], [13], ["discard"], HUNAN)
    assert got == [reference.hu(hand, 13, "discard", HUNAN)] and got[0].reason == "source_no_hu"


# --- the kernels as plain Python, and the cache in fresh processes ---------------------

COMPARE_SCRIPT = textwrap.dedent("""
    import os, random, sys
    from solver.engine import wins, reference
    from solver.app import generate
    from solver.model.rules import HUNAN
    from solver.model.tiles import COPIES
    n = int(sys.argv[1])
    ready = generate.ready_hands(n, seed=201)
    others = generate.random_hands(n // 2, seed=202)
    hands = ready + others
    zero = [[0] * 20] * len(hands)
    assert wins.ting_many(hands, zero, HUNAN) == [reference.ting(h, HUNAN) for h in hands]
    disc = generate.discard_hands(n // 5, seed=203)
    assert wins.discard_many(disc, [[0] * 20] * len(disc), HUNAN) == [reference.discard(h, HUNAN) for h in disc]
    rng = random.Random(204)
    qs = []
    for h in hands:
        t = rng.choice([x for x in range(20) if h.all_counts()[x] < COPIES])
        qs += [(h, t, "self"), (h, t, "other")]
    got = wins.hu_many(*zip(*qs), HUNAN)
    assert got == [reference.hu(h, t, s, HUNAN) for h, t, s in qs]
    if os.environ.get("NUMBA_DISABLE_JIT") != "1":  # (the half tables take minutes as Python)
        best = wins.win_many([q[0] for q in qs], [q[1] for q in qs], ["both"] * len(qs), HUNAN, full=False)
        for (h, t, s), row in zip(qs, best[:, :, :5].tolist()):
            w = reference.best_win(h, t, s, HUNAN)
            assert row[s == "other"] == ([1, w.huxi, w.deng, w.fan, w.score] if w else [0] * 5)
    sys.path.insert(0, "tests")
    from test_reference_naive import discard_positions, luzhou_positions
    from solver.model.results import SOURCES
    from solver.model.rules import get_ruleset
    lz = get_ruleset("luzhou")
    lh = luzhou_positions(n // 3, 205, lz)
    assert wins.ting_many(lh, [[0] * 20] * len(lh), lz) == [reference.ting(h, lz) for h in lh]
    ld = discard_positions(n // 15, 206, lz)
    assert wins.discard_many(ld, [[0] * 20] * len(ld), lz) == [reference.discard(h, lz) for h in ld]
    lq = [(h, rng.choice([x for x in range(20) if h.all_counts()[x] < COPIES]), s) for h in lh for s in SOURCES]
    lgot = wins.hu_many(*zip(*lq), lz)
    assert lgot == [reference.hu(h, t, s, lz) for h, t, s in lq]
    print("ok", len(hands), len(disc), len(qs), len(lh), len(ld), len(lq), hash(repr(got + lgot)) % 10**9)
""")


def run_python(code: str, *args: str, env: dict | None = None, timeout: float = 600):
    full_env = dict(os.environ)
    full_env["PYTHONPATH"] = str(ROOT) + os.pathsep + full_env.get("PYTHONPATH", "")
    full_env["PYTHONHASHSEED"] = "0"
    full_env.update(env or {})
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          encoding="utf-8", env=full_env, cwd=ROOT, timeout=timeout)


def test_kernels_as_plain_python():
    # NUMBA_DISABLE_JIT runs the kernel lines as Python: the same answers,
    # and line coverage of the kernels.
    proc = run_python(COMPARE_SCRIPT, "300", env={"NUMBA_DISABLE_JIT": "1"})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("ok 450 60 900 100 20 300")
    assert "compiling" not in proc.stderr


def test_cold_then_warm_cache_in_fresh_processes(tmp_path):
    # numba 0.68 loads some cached kernels into a crash (PERF-NOTES.md): the
    # second process, which loads every kernel from the cache, must answer
    # the same as the first, which compiled them.
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "numba-cache")}
    cold = run_python(COMPARE_SCRIPT, "30", env=env)
    assert cold.returncode == 0, cold.stderr
    assert cold.stderr.count("phz: compiling the solver kernels (first run only)") == 1
    warm = run_python(COMPARE_SCRIPT, "30", env=env)
    assert warm.returncode == 0, warm.stderr
    assert "compiling" not in warm.stderr
    assert warm.stdout == cold.stdout


def test_importing_fast_does_not_compile():
    code = ("import solver.engine.wins, solver.engine.distance; from solver.engine import _kernels as K, "
            "_distance_kernels as DK; print(sum(len(k.signatures) for k in (K.ting_batch, K.hu_batch, DK.run)))")
    proc = run_python(code)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "0"


# --- larger runs -------------------------------------------------------------------------

@pytest.mark.slow
def test_many_more_hands():
    hands = generate.ready_hands(30000, seed=301) + generate.random_hands(10000, seed=302)
    zero = [[0] * N_KINDS] * len(hands)
    first_difference(wins.ting_many(hands, zero, HUNAN), [reference.ting(h, HUNAN) for h in hands],
                     hands, "ting")
    disc = generate.discard_hands(5000, seed=303)
    first_difference(wins.discard_many(disc, [[0] * N_KINDS] * len(disc), HUNAN),
                     [reference.discard(h, HUNAN) for h in disc], disc, "discard")


@pytest.mark.slow
def test_every_tile_both_sources_hu():
    hands = generate.ready_hands(1500, seed=304) + generate.random_hands(500, seed=305)
    qs = [(h, t, s) for h in hands for t in range(N_KINDS) if h.all_counts()[t] < COPIES
          for s in ("self", "other")]
    got = wins.hu_many(*zip(*qs), HUNAN)
    first_difference(got, [reference.hu(h, t, s, HUNAN) for h, t, s in qs], [q[0] for q in qs], "hu")


@pytest.mark.slow
@pytest.mark.parametrize("rules", LUZHOUS, ids=lambda r: r.name)
def test_many_more_luzhou_hands(rules):
    hands = luzhou_positions(20000, 601, rules)
    zero = [[0] * N_KINDS] * len(hands)
    first_difference(wins.ting_many(hands, zero, rules), [reference.ting(h, rules) for h in hands], hands, "ting")
    disc = discard_positions(2000, 602, rules)
    first_difference(wins.discard_many(disc, [[0] * N_KINDS] * len(disc), rules),
                     [reference.discard(h, rules) for h in disc], disc, "discard")
    qs = [(h, t, s) for h in hands[:1000] for t in range(N_KINDS) if h.all_counts()[t] < COPIES for s in SOURCES]
    got = wins.hu_many(*zip(*qs), rules)
    first_difference(got, [reference.hu(h, t, s, rules) for h, t, s in qs], [q[0] for q in qs], "hu")


def test_hand_arrays_round_trip(ready):
    arrays = wins.marshal(ready[:50])
    assert arrays.conc.shape == (50, N_KINDS)
    assert (arrays.conc.sum(axis=1) == [h.n_concealed for h in ready[:50]]).all()
    assert list(arrays.nmeld) == [len(h.melds) for h in ready[:50]]
    assert np.array_equal(arrays.slice(10, 20).conc, arrays.conc[10:20])
