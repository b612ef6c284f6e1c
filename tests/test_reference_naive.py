"""The reference against the independent partition-first formulation in
tests/naive.py, on seeded random hands built from random groups, under
hunan and luzhou (every source: self, other, discard).

Per hand and tile the two must agree on the best win (score, 胡息, fan names
and the sorted group list of the deterministic tie-break) and, without a
win, on the reason and the highest 胡息 of a 7-门子 split; per hand on the
waits of ``ting`` (each source); per hand of c + 1 tiles on the ranked
discards (RULES.md 6, with the ruleset's source weights).
"""
import random
from fractions import Fraction

import pytest
from naive import SYSTEMS, analyse, system
from naive import best as naive_best

from solver.engine import reference
from solver.model.groups import SHAPES, group_pattern
from solver.model.hand import Hand, HandError, Meld, check_hand
from solver.model.results import NO_WIN_REASONS, SOURCES
from solver.model.rules import HUNAN, get_ruleset
from solver.model.ruleset import FOUR_KINDS
from solver.model.tiles import COPIES, N_KINDS, RED

LUZHOU = get_ruleset("luzhou")
LUZHOU_DENG = get_ruleset("luzhou-deng")


# ---------------------------------------------------------------- hands

def _valid(hand: Hand, want: str, rules) -> bool:
    try:
        check_hand(hand, want=want, rules=rules)
    except HandError:
        return False
    return True


def _meld_kinds(rules):
    """(3-tile triplet meld kinds, 4-tile meld kinds) of a ruleset, in its order."""
    three = [k for k in rules.melds if k not in FOUR_KINDS and k != "chi"]
    return three, [k for k in rules.melds if k in FOUR_KINDS]


def random_position(rng: random.Random, rules=HUNAN) -> Hand | None:
    """A random valid hand at rest: 7 random groups (some laid out), less one tile."""
    three, four = _meld_kinds(rules)
    counts = [0] * 20
    melds, concealed = [], []
    n_melds = rng.choice([0, 0, 0, 1, 2, 3])
    groups = []
    for g in range(7):
        roll = rng.random()
        x = rng.randrange(20)
        if roll < 0.55:
            tiles = rng.choice(SHAPES)
        elif roll < 0.8:
            tiles = (x,) * 3
        elif roll < 0.9:
            tiles = (x,) * 4
        else:
            tiles = (x,) * 2
        groups.append(tiles)
    for tiles in groups:
        for t in tiles:
            counts[t] += 1
    if max(counts) > 4:
        return None
    for tiles in groups[:n_melds]:
        if len(set(tiles)) > 1:
            melds.append(Meld("chi", tiles))
        elif len(tiles) == 3:
            melds.append(Meld(rng.choice(three), tiles))
        elif len(tiles) == 4:
            melds.append(Meld(rng.choice(four), tiles))
        else:
            return None
    for tiles in groups[n_melds:]:
        concealed.extend(tiles)
    rng.shuffle(concealed)
    hand = Hand.of(concealed[1:], melds)
    return hand if _valid(hand, "rest", rules) else None


_RED_SHAPES = tuple(s for s in SHAPES if all(x in RED for x in s))  # 二七十, 贰柒拾, 二二贰 ...
_BLACK_SHAPES = tuple(s for s in SHAPES if not any(x in RED for x in s))
_RICH = tuple(s for s in SHAPES if group_pattern(s) in ("ju123", "ju2710"))


def _shape(rng: random.Random, colour: str) -> tuple[int, ...]:
    """A random 句 or 绞, red-heavy, red-free or any."""
    pool = _RED_SHAPES if colour == "red" else _BLACK_SHAPES if colour == "black" else SHAPES + _RICH
    return rng.choice(pool)


def _group(rng: random.Random, colour: str) -> tuple[int, ...]:
    """A random 3-tile group: a 句/绞 or a triplet, red-heavy, red-free or any."""
    if rng.random() < 0.3:
        reds = sorted(RED)
        tiles = reds if colour == "red" else [x for x in range(N_KINDS) if x not in RED] if colour == "black" \
            else range(N_KINDS)
        return (rng.choice(tiles),) * 3
    return _shape(rng, colour)


def completed_position(rng: random.Random, rules) -> tuple[Hand, int] | None:
    """A completed 7-门子 hand less its winning tile t, as (hand at rest, t): melds of the
    ruleset's kinds (吃, 碰, 4-tile groups and so the 将 pair), sometimes a 4-tile group the
    winning tile makes onto an exposed 碰 or a 坎, often rich in red tiles (红胡) or free of
    them (乌胡)."""
    three, four = _meld_kinds(rules)
    colour = rng.choice(["red", "red", "black", "any", "any"])
    used = [0] * N_KINDS
    melds: list[Meld] = []
    concealed: list[int] = []

    def take(tiles) -> bool:
        for x in tiles:
            used[x] += 1
        return max(used) <= COPIES

    upgrade = None
    r = rng.random()
    if r < 0.45:
        for i in range(rng.randint(1, 4)):
            kind = rng.choice(["chi", "chi"] + three + (four if rng.random() < 0.35 else []))
            if kind == "chi":
                tiles = _shape(rng, colour)
            else:
                tiles = _group(rng, colour)
                tiles = (tiles[0],) * (4 if kind in FOUR_KINDS else 3)
            if not take(tiles):
                return None
            melds.append(Meld(kind, tuple(sorted(tiles))))
    elif r < 0.65:
        x = _group(rng, colour)[0]
        if not take((x,) * 4):
            return None
        upgrade = (rng.choice(["peng", "kan"]), x)
    has_four = upgrade is not None or any(m.size == 4 for m in melds)
    n_groups = 7 - len(melds) - (upgrade is not None)
    if has_four and rules.pao_needs_jiang:
        x = rng.randrange(N_KINDS)
        if not take((x, x)):
            return None
        concealed += [x, x]
        n_groups -= 1
    for _ in range(n_groups):
        g = _group(rng, colour)
        if not take(g):
            return None
        concealed += g
    counts = [0] * N_KINDS
    for x in concealed:
        counts[x] += 1
    if upgrade:
        kind, t = upgrade
        if kind == "kan":
            counts[t] += 3
        else:
            melds.insert(rng.randrange(len(melds) + 1), Meld("peng", (t,) * 3))
    else:
        t = rng.choice(concealed)
        counts[t] -= 1
    hand = Hand(tuple(counts), tuple(melds))
    return (hand, t) if _valid(hand, "rest", rules) else None


def near_position(rng: random.Random, rules) -> Hand | None:
    """A completed hand less its winning tile with one concealed tile swapped for another
    (near-ready: mostly one intake from ready, sometimes still ready)."""
    got = completed_position(rng, rules)
    if got is None:
        return None
    hand = got[0]
    counts = list(hand.concealed)
    out = rng.choice([x for x in range(N_KINDS) if counts[x]])
    counts[out] -= 1
    counts[rng.randrange(N_KINDS)] += 1
    hand = Hand(tuple(counts), hand.melds)
    return hand if _valid(hand, "rest", rules) else None


def positions(n, seed, rules=HUNAN, make=None):
    rng = random.Random(seed)
    make = make or (lambda rng: random_position(rng, rules))
    out = []
    while len(out) < n:
        h = make(rng)
        if h is not None:
            out.append(h if isinstance(h, Hand) else h[0])
    return out


def luzhou_positions(n, seed, rules=LUZHOU):
    """A mix: a half completed hands less one tile (ready), a quarter near-ready, a quarter random."""
    return (positions(n // 2, seed, rules, lambda rng: completed_position(rng, rules))
            + positions(n // 4, seed + 1000, rules, lambda rng: near_position(rng, rules))
            + positions(n - n // 2 - n // 4, seed + 2000, rules))


# ---------------------------------------------------------------- the checks

def check_hand_against_naive(hand, rules, counter):
    """reference.hu and reference.ting against naive.analyse on every tile and source."""
    held = hand.all_counts()
    waits = {w.tile: w for w in reference.ting(hand, rules).waits}
    for t in range(N_KINDS):
        if held[t] >= COPIES:
            assert t not in waits
            continue
        wins, memo = [], {}
        for source in SOURCES:
            want, top, reason = analyse(hand, t, source, rules, memo)
            r = reference.hu(hand, t, source, rules)
            where = (hand.text(), t, source)
            assert r.reason in (None,) + NO_WIN_REASONS, where
            if want is None:
                assert (r.win, r.reason, r.huxi) == (None, reason, top), where
            else:
                w = r.win
                got = (w.score, w.huxi, w.fan_names, tuple(sorted((g.kind, g.tiles) for g in w.groups)))
                assert (got, r.reason) == (want, None), where
            counter[reason or r.win.how] = counter.get(reason or r.win.how, 0) + 1
            wins.append(r.win)
        if any(wins):
            assert (waits[t].self, waits[t].other, waits[t].discard) == tuple(wins), (hand.text(), t)
            assert waits[t].outs == COPIES - held[t]
        else:
            assert t not in waits


@pytest.mark.parametrize("seed", range(4))
def test_reference_matches_partition_first_formulation(seed):
    wins = 0
    for hand in positions(150, seed):
        held = hand.all_counts()
        for t in range(20):
            if held[t] >= 4:
                continue
            for source in ("self", "other"):
                ref = reference.best_win(hand, t, source, HUNAN)
                got = None if ref is None else (ref.score, ref.huxi, ref.fan_names)
                assert got == naive_best(hand, t, source, HUNAN), (hand.text(), t, source)
                wins += ref is not None
    assert wins > 50  # the sample must exercise wins, not only misses


@pytest.mark.parametrize("seed", range(2))
def test_hunan_reasons_groups_and_waits_match(seed):
    counter = {}
    for hand in positions(100, 50 + seed):
        check_hand_against_naive(hand, HUNAN, counter)
    assert counter["source_no_hu"] and counter["huxi_short"] and counter["no_7_groups"]


def test_hunan_never_wins_on_a_discard():
    for hand in positions(40, 7):
        for t in range(N_KINDS):
            assert reference.best_win(hand, t, "discard", HUNAN) is None
        assert all(w.discard is None for w in reference.ting(hand, HUNAN).waits)


LUZHOU_SEEDS = range(4)


@pytest.mark.parametrize("seed", LUZHOU_SEEDS)
def test_luzhou_reference_matches_naive(seed):
    counter = {}
    for hand in luzhou_positions(300, 100 + seed):
        check_hand_against_naive(hand, LUZHOU, counter)
    # the sample must exercise wins of every kind the luzhou table makes and the misses
    assert counter.get("招胡", 0) and counter.get("碰胡", 0) > 10 and counter.get("顺胡", 0) > 100
    assert counter.get("forced_zhao", 0) and counter.get("forced_peng", 0)
    assert counter.get("huxi_short", 0) and counter.get("no_7_groups", 0)


def test_luzhou_sample_covers_melds_sources_and_fans():
    hands = luzhou_positions(600, 100)
    kinds = {m.kind for h in hands for m in h.melds}
    assert kinds == {"chi", "peng", "zhao", "long"}
    fans, by_source = set(), {s: 0 for s in SOURCES}
    for hand in hands:
        for w in reference.ting(hand, LUZHOU).waits:
            for s, win in zip(SOURCES, (w.self, w.other, w.discard)):
                if win:
                    by_source[s] += 1
                    fans |= set(win.fan_names)
            # a stock tile onto one's 碰 must become 招, a discarded one is free: either may win alone
            if w.other and not w.discard:
                by_source["other_only"] = by_source.get("other_only", 0) + 1
            if w.discard and not w.other:
                by_source["discard_only"] = by_source.get("discard_only", 0) + 1
    assert fans == {"红胡", "乌胡"}
    assert len(by_source) == 5 and min(by_source.values()) > 0, by_source


def test_luzhou_deng_reference_matches_naive():
    counter = {}
    for hand in luzhou_positions(120, 400, LUZHOU_DENG):
        check_hand_against_naive(hand, LUZHOU_DENG, counter)
    assert counter.get("顺胡", 0) > 50


@pytest.mark.slow
@pytest.mark.parametrize("rules", [LUZHOU, LUZHOU_DENG], ids=lambda r: r.name)
def test_luzhou_reference_matches_naive_large(rules):
    counter = {}
    for hand in luzhou_positions(4000, 900, rules):
        check_hand_against_naive(hand, rules, counter)


# ---------------------------------------------------------------- discards

def naive_discards(hand, rules, seen):
    """RULES.md 6's ranking from naive's wins: (tile, outs, expected score, best score) per
    discard of a concealed non-坎 tile, the discarded tile counting as seen."""
    weights = {s: (rules.weights[s] if s in SYSTEMS[system(rules)][1] else 0) for s in SOURCES}
    rows = []
    for x in range(N_KINDS):
        if hand.concealed[x] not in (1, 2):
            continue
        rest = hand.without(x)
        held = rest.all_counts()
        total = weighted = best = 0
        for t in range(N_KINDS):
            if held[t] >= COPIES:
                continue
            outs = COPIES - held[t] - seen[t] - (t == x)
            memo = {}
            scores = {s: (analyse(rest, t, s, rules, memo)[0] or (0,))[0] for s in SOURCES}
            if outs and any(scores.values()):
                total += outs
                weighted += outs * sum(weights[s] * scores[s] for s in SOURCES)
                best = max([best] + list(scores.values()))
        value = Fraction(weighted, sum(weights.values()) * total) if total else Fraction(0)
        rows.append((-total, -value, -best, x, total, best))
    rows.sort()
    return [(x, total, -v, best) for _, v, _, x, total, best in rows]


def discard_positions(n, seed, rules):
    """Ready hands of the ruleset plus one live tile (c + 1 tiles)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        got = completed_position(rng, rules)
        if got is None:
            continue
        hand = got[0]
        held = hand.all_counts()
        counts = list(hand.concealed)
        counts[rng.choice([t for t in range(N_KINDS) if held[t] < COPIES and counts[t] < 2])] += 1
        hand = Hand(tuple(counts), hand.melds)
        if _valid(hand, "discard", rules):
            out.append(hand)
    return out


@pytest.mark.parametrize("rules", [HUNAN, LUZHOU], ids=lambda r: r.name)
def test_discard_ranking_matches_naive(rules):
    rng = random.Random(77)
    for hand in discard_positions(25, 70, rules):
        seen = [0] * N_KINDS
        for t in rng.sample(range(N_KINDS), 3):
            seen[t] = min(1, COPIES - hand.all_counts()[t])
        got = reference.discard(hand, rules, seen)
        rows = [(r.tile, r.outs, r.expected_score, r.best_score) for r in got.rows]
        assert rows == naive_discards(hand, rules, seen), hand.text()


# ---------------------------------------------------------------- the transcription

def test_naive_transcribes_the_take_tables_of_the_ruleset_files():
    """naive.py's tables (from RULES.md) say what the shipped files' take tables say."""
    for rules in (HUNAN, LUZHOU, LUZHOU_DENG):
        table, win_on = SYSTEMS[system(rules)]
        assert tuple(rules.win_on) == win_on
        for (holding, source), ways in table.items():
            take = rules.take[holding, source]
            made = [k for what, k in ways if what != "free"]
            po = bool(made) and ("free", None) in ways
            assert (take.makes, take.compulsory, take.po) == (made[0] if made else "free", bool(made), po), \
                (rules.name, holding, source)
