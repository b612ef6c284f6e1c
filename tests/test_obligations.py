"""The obligations engine (solver.engine.obligations): one decision point per test,
each in a full valid hand at rest, then a brute-force enumeration of the ways
to eat compared with the engine on random hands, then bad input and rendering."""
import random
from itertools import combinations, combinations_with_replacement

import pytest

from solver.api import decide
from solver.engine.obligations import candidate_ways, legal_ways
from solver.model.groups import SHAPES
from solver.model.hand import Hand, HandError, Meld, check_hand
from solver.model.results import ORIGINS as SOURCES
from solver.model.tiles import GLYPH_TO_ID, glyphs
from solver.text.explain import act_json, act_lines


def T(text: str) -> tuple[int, ...]:
    """Tile ids of a glyph string, in tile-index order."""
    return tuple(sorted(GLYPH_TO_ID[g] for g in text))


def way(chi: str, *bi: str):
    return (T(chi), tuple(sorted(T(b) for b in bi)))


def kinds(d, *, compulsory=None):
    return [a.action for a in d.actions if compulsory is None or a.compulsory == compulsory]


def reasons(d, action="chi"):
    """{(chi glyphs | None, bi glyphs...): reason} of the forbidden moves of ``action``."""
    return {(glyphs(f.chi) if f.chi else None,) + tuple(glyphs(b) for b in f.bi): f.reason
            for f in d.forbidden if f.action == action}


def action(d, name):
    found = [a for a in d.actions if a.action == name]
    assert len(found) == 1, (name, d.actions)
    return found[0]


# --- 吃 and 比 (seeds 000 and 002) -------------------------------------------

EX4 = "肆伍陆 捌玖 拾拾 | 偎:壹壹壹 吃:贰叁肆 提:八八八八 偎:十十十"  # RULES.md example 4
SEED000 = "一二三四五 六七八 九九玖 肆伍陆 柒捌玖 拾拾壹"  # 一二三四五 plus groups holding no 三


def test_seed000_eat_with_siwu_and_bi_yiersan():
    d = decide(SEED000, tile="三", source="upper-discard")
    assert legal_ways(d) == [way("一二三", "三四五"), way("三四五", "一二三")]
    assert reasons(d) == {("二三四",): "shaobi"}  # eating with 二四 strands the 三 in hand
    assert kinds(d) == ["chi", "chi", "pass"]
    eat = [a for a in d.actions if a.chi == T("三四五")][0]
    assert eat.left == T("六七八九九壹肆伍陆柒捌玖玖拾拾") and not eat.compulsory
    text = act_json(d, SEED000, lang="en")
    shaobi = [f for f in text["forbidden"] if f["reason"] == "shaobi"][0]
    assert shaobi == {"action": "chi", "chi": "二三四", "bi": [], "reason": "shaobi", "explain": shaobi["explain"]}
    assert "烧比" in shaobi["explain"] and "二四" in shaobi["explain"] and "三 left in hand" in shaobi["explain"]
    chi = [a for a in text["actions"] if a["chi"] == "三四五"][0]
    assert chi["bi"] == ["一二三"] and "四五" in chi["explain"] and "一二三" in chi["explain"]
    zh = act_json(d, SEED000, lang="zh")
    assert "烧比" in [f for f in zh["forbidden"] if f["reason"] == "shaobi"][0]["explain"]


def test_seed000_self_drawn_tile_may_be_eaten():
    d = decide(SEED000, tile="三", source="self-draw")
    assert legal_ways(d) == [way("一二三", "三四五"), way("三四五", "一二三")]


def test_seed002_yi_chi_liang_bi():
    # 一一二二三三七十: eating 二 lays out both 二 in hand (一二三, 一二三, 二七十).
    hand = "一一二二三三七十 肆伍陆 柒捌玖 八九 拾拾 五六"
    d = decide(hand, tile="二", source="上家打出")
    assert legal_ways(d) == [way("一二三", "一二三", "二七十"), way("二七十", "一二三", "一二三")]
    assert kinds(d) == ["peng", "chi", "chi", "pass"]  # 碰 is optional in hunan
    assert action(d, "peng").left == T("一一三三五六七八九十肆伍陆柒捌玖拾拾")
    passing = action(d, "pass")
    assert passing.becomes_chou_chi == T("二") and passing.becomes_chou_peng == T("二")
    text = act_json(d, hand, lang="en")
    assert "一吃两比" in text["actions"][1]["explain"]
    assert text["actions"][1]["bi"] == ["一二三", "二七十"]
    assert text["actions"][-1]["becomes_chou"] == {"chi": ["二"], "peng": ["二"]}
    assert "一吃两比" in act_json(d, hand, lang="zh")["actions"][1]["explain"]


def test_jiao_lays_out_two_copies_at_once():
    # 二二贰 is a 绞: one 比 group lays out both 二 still in hand.
    hand = "一二二三 七十 六七八 九九玖 壹贰叁 肆伍陆 柒捌"
    d = decide(hand, tile="二", source="upper-discard")
    assert way("一二三", "二二贰") in legal_ways(d)  # eat with 一三, 比 二二贰
    assert way("二二贰", "一二三") in legal_ways(d)  # eat with 二贰, 比 the other 二
    assert way("二七十", "二二贰") in legal_ways(d)


def test_same_layout_split_differently_is_another_way():
    # After eating 二 with 二贰 the last 二 goes to 一二三 or to 二七十: two ways.
    hand = "一二二三 七十 六七八 九九玖 壹贰叁 肆伍陆 柒捌"
    d = decide(hand, tile="二", source="upper-discard")
    eat_jiao = [w for w in legal_ways(d) if w[0] == T("二二贰")]
    assert eat_jiao == [way("二二贰", "一二三"), way("二二贰", "二七十")]


def test_partial_bi_names_the_stranded_copy():
    # 二二 in hand, eat 二 with 一三: one 二 can go to 二三四 but the other has nothing.
    hand = "一二二三三四 六七八 九九玖 肆伍陆 柒捌玖 拾拾"
    d = decide(hand, tile="二", source="upper-discard")
    assert reasons(d)[("一二三",)] == "shaobi"
    f = [f for f in d.forbidden if f.chi == T("一二三")][0]
    assert f.detail == T("二")  # one copy stranded
    assert "only one of the two 二" in act_json(d, hand, lang="en")["forbidden"][0]["explain"]


# --- 不吃隔山牌, 臭张 --------------------------------------------------------------

@pytest.mark.parametrize("source", ["lower-discard", "lower-draw", "下家打出", "下家摸出"])
def test_bu_chi_ge_shan(source):
    d = decide(SEED000, tile="三", source=source)
    assert legal_ways(d) == []
    assert reasons(d) == {(None,): "geshan"}  # one entry, replacing the per-way ones
    assert kinds(d) == ["pass"] and action(d, "pass").becomes_chou_chi == ()
    assert {c.reason for c in candidate_ways(d)} == {"geshan"} and len(candidate_ways(d)) == 3


def test_ge_shan_entry_even_with_no_group():
    d = decide(EX4, tile="一", source="lower-discard")
    assert candidate_ways(d) == [] and reasons(d) == {(None,): "geshan"}


def test_bu_chi_chou_zhang():
    d = decide(SEED000, tile="三", source="upper-discard", chou="三")
    assert legal_ways(d) == [] and reasons(d) == {(None,): "chou"}
    assert action(d, "pass").becomes_chou_chi == ()
    assert "不吃臭张" in act_json(d, SEED000, lang="en")["forbidden"][0]["explain"]
    # another tile is not 臭
    assert legal_ways(decide(SEED000, tile="三", source="upper-discard", chou="四"))


READY = "一二三 壹贰叁 贰柒拾 二七十 四五六 七八九 伍陆"  # RULES.md example 1: waits 肆 柒


def test_chou_never_blocks_hu():
    d = decide(READY, tile="肆", source="upper-draw", chou="肆")
    hu = action(d, "hu")
    assert (hu.compulsory, hu.win.score, hu.win.how) == (False, 2, "顺胡")
    assert reasons(d) == {(None,): "chou"}
    assert kinds(d) == ["hu", "pass"]
    assert action(decide(READY, tile="肆", source="self-draw", chou="肆"), "hu").win.score == 3
    text = act_json(d, READY, lang="en")["actions"][0]
    assert (text["score"], text["how"]) == (2, "顺胡") and "臭 never blocks 胡" in text["explain"]


def test_discard_cannot_be_won_on():
    d = decide(READY, tile="肆", source="upper-discard")
    assert "hu" not in kinds(d)
    assert reasons(d, "hu") == {(None,): "discard_no_hu"}
    assert len(legal_ways(d)) == 3  # 贰叁肆 叁肆伍 肆伍陆, nothing to 比


def test_lower_draw_wins_but_is_not_eaten():
    d = decide(READY, tile="柒", source="lower-draw")
    assert action(d, "hu").win.score == 4 and reasons(d) == {(None,): "geshan"}


# --- 坎 ----------------------------------------------------------------------------

def test_kan_tile_never_in_chi_or_bi():
    hand = "一二三四 五五五 六七八 九九玖 肆伍陆 柒捌 拾拾"
    d = decide(hand, tile="三", source="upper-discard")
    assert legal_ways(d) == []
    assert reasons(d) == {("一二三", "三四五"): "kan",  # the 比 would take a 五 of the 坎
                          ("二三四",): "shaobi",
                          ("三四五", "一二三"): "kan"}  # the eating group takes a 五
    f = [f for f in d.forbidden if f.chi == T("三四五")][0]
    assert f.detail == T("五")
    assert "五五五 is a 坎" in act_json(d, hand, lang="en")["forbidden"][0]["explain"]
    assert action(d, "pass").becomes_chou_chi == ()  # no legal way: passing makes nothing 臭


def test_tile_matching_kan_is_never_eaten_but_paoed():
    hand = "一二三 壹贰叁 贰柒拾 七八九 五五五 陆柒捌 四六"
    d = decide(hand, tile="五", source="upper-discard")
    pao = action(d, "pao")
    assert (pao.compulsory, pao.onto, pao.discard) == (True, "kan", True)
    assert pao.left == T("一二三四六七八九壹贰贰叁陆柒柒捌拾")
    assert set(reasons(d).values()) == {"kan"} and len(reasons(d)) == 3
    assert reasons(d, "pass") == {(None,): "compulsory"}
    assert "走跑" in act_json(d, hand, lang="en")["forbidden"][-1]["explain"]
    assert kinds(d) == ["pao"]  # a discard cannot be won on
    assert reasons(d, "hu") == {(None,): "discard_no_hu"}


# --- 跑 ----------------------------------------------------------------------------

KAN5 = "一二三 壹贰叁 贰柒拾 七八九 五五五 陆柒捌 四六"  # RULES.md example 3


@pytest.mark.parametrize("source", ["upper-discard", "upper-draw", "lower-discard", "lower-draw"])
def test_pao_on_kan_from_another_player(source):
    d = decide(KAN5, tile="五", source=source)
    assert action(d, "pao").compulsory and "pass" not in kinds(d)
    if source.endswith("draw"):  # 破跑胡 keeps the 坎
        assert action(d, "hu").win.how == "破跑胡" and kinds(d) == ["hu", "pao"]


WEI5 = "一二三 壹贰叁 贰柒拾 七八九 陆柒捌 四六 | 偎:五五五"


@pytest.mark.parametrize("source", ["upper-discard", "upper-draw", "lower-discard", "lower-draw"])
def test_pao_on_wei_from_another_player(source):
    d = decide(WEI5, tile="五", source=source)
    pao = action(d, "pao")
    assert (pao.compulsory, pao.onto, pao.discard) == (True, "wei", True)
    assert pao.left == T("一二三四六七八九壹贰贰叁陆柒柒捌拾")
    if source.startswith("upper"):
        assert set(reasons(d).values()) == {"compulsory"} and legal_ways(d) == []


PENG5 = "一二三 壹贰叁 贰柒拾 七八九 陆柒捌 四六 | 碰:五五五"


@pytest.mark.parametrize("source", ["upper-draw", "lower-draw", "self-draw"])
def test_pao_on_peng_from_the_stock(source):
    d = decide(PENG5, tile="五", source=source)
    pao = action(d, "pao")
    assert (pao.compulsory, pao.onto) == (True, "peng")
    assert action(d, "hu").win.how == "破跑胡"  # a stock tile onto a 碰 may also be 破跑'd
    assert reasons(d, "pass") == {(None,): "compulsory"}


def test_discarded_fourth_tile_of_peng_makes_no_pao():
    d = decide(PENG5, tile="五", source="upper-discard")
    assert "pao" not in kinds(d)
    assert legal_ways(d) == [way("三四五"), way("四五六"), way("五六七")]  # nothing left to 比
    assert "makes no 跑" in act_json(d, PENG5, lang="en")["actions"][-1]["explain"]
    d = decide(PENG5, tile="五", source="lower-discard")
    assert kinds(d) == ["pass"]


# --- 提 and 偎 on one's own draw -----------------------------------------------------

def test_forced_ti_on_kan():
    d = decide(KAN5, tile="五", source="self-draw")
    ti = action(d, "ti")
    assert (ti.compulsory, ti.onto, ti.discard) == (True, "kan", True)
    assert kinds(d) == ["ti"]  # 破跑不破提: no win
    assert set(reasons(d).values()) == {"kan"}
    assert reasons(d, "pass") == {(None,): "compulsory"}
    text = act_json(d, KAN5, lang="en")
    assert text["actions"][0]["discard"] is True and "失提" in text["forbidden"][-1]["explain"]


def test_forced_ti_on_wei():
    d = decide(WEI5, tile="五", source="self-draw")
    ti = action(d, "ti")
    assert (ti.compulsory, ti.onto) == (True, "wei")
    assert ti.left == T("一二三四六七八九壹贰贰叁陆柒柒捌拾")
    assert set(reasons(d).values()) == {"compulsory"}


def test_forced_wei_on_pair():
    d = decide(EX4, tile="拾", source="self-draw")
    wei = action(d, "wei")
    assert (wei.compulsory, wei.chou_wei, wei.left) == (True, False, T("肆伍陆捌玖"))
    assert kinds(d) == ["wei"]  # the forced 偎 leaves 捌玖 without a group: no win
    assert reasons(d) == {("捌玖拾",): "must_wei"}
    assert reasons(d, "peng") == {(None,): "must_wei"}
    assert reasons(d, "pass") == {(None,): "compulsory"}
    assert act_json(d, EX4, lang="en")["actions"][0]["chou_wei"] is False


def test_chou_wei():
    d = decide(EX4, tile="拾", source="self-draw", passed_peng="拾")
    assert action(d, "wei").chou_wei
    text = act_json(d, EX4, lang="en")["actions"][0]
    assert text["chou_wei"] is True and "臭偎" in text["explain"]
    assert "臭偎" in act_json(d, EX4, lang="zh")["actions"][0]["explain"]


def test_another_players_tile_onto_pair_is_penged_not_eaten():
    d = decide(EX4, tile="拾", source="upper-discard")
    assert kinds(d) == ["peng", "pass"]
    # 捌玖 eats 拾, but both 拾 left in hand must then be laid out, and nothing holds them.
    assert reasons(d) == {("捌玖拾",): "shaobi"}
    f = [f for f in d.forbidden if f.action == "chi"][0]
    assert f.detail == T("拾拾")
    shaobi = [f for f in act_json(d, EX4, lang="en")["forbidden"] if f["action"] == "chi"][0]
    assert "neither of the two 拾" in shaobi["explain"]
    assert action(d, "pass").becomes_chou_peng == T("拾")


def test_peng_passed():
    d = decide(EX4, tile="拾", source="upper-draw", passed_peng="拾")
    assert reasons(d, "peng") == {(None,): "peng_passed"}
    assert action(d, "hu").win.score == 2  # 臭 never blocks 胡
    assert action(d, "pass").becomes_chou_peng == ()


# --- 八块 ----------------------------------------------------------------------------

EX5 = "五五五 四六 一二三 壹贰叁 伍伍 | 提:拾拾拾拾 吃:陆柒捌"  # RULES.md example 5


def test_bakuai_second_ti_no_discard():
    d = decide(EX5, tile="五", source="self-draw")
    ti = action(d, "ti")
    assert (ti.compulsory, ti.discard, ti.left) == (True, False, None)
    text = act_json(d, EX5, lang="en")["actions"][0]
    assert text["discard"] is False and text["left"] is None and "八块" in text["explain"]


def test_bakuai_second_pao_no_discard():
    d = decide(EX5, tile="五", source="upper-discard")
    pao = action(d, "pao")
    assert (pao.discard, pao.left) == (False, None)
    d = decide(EX5, tile="五", source="lower-draw")  # wins by 破跑 instead, if the player likes
    assert action(d, "hu").win.how == "破跑胡" and not action(d, "pao").discard


def test_first_pao_is_followed_by_a_discard():
    d = decide(KAN5, tile="五", source="upper-draw")
    assert action(d, "pao").discard and act_json(d, KAN5, lang="en")["actions"][1]["discard"] is True


# --- no discard left -------------------------------------------------------------------

MELDS4 = " | 吃:一二三 吃:壹贰叁 吃:肆伍陆 吃:柒捌玖"  # 8 concealed tiles at rest


def test_chi_leaving_only_kan_tiles_is_illegal():
    hand = "四五 六六六 七七七" + MELDS4
    d = decide(hand, tile="三", source="upper-discard")
    assert legal_ways(d) == [] and reasons(d) == {("三四五",): "no_discard"}
    assert kinds(d) == ["pass"]


def test_peng_leaving_only_kan_tiles_is_illegal():
    hand = "八八 六六六 七七七" + MELDS4
    d = decide(hand, tile="八", source="upper-discard")
    assert reasons(d, "peng") == {(None,): "no_discard"}
    assert action(d, "pass").becomes_chou_peng == ()
    d = decide(hand, tile="八", source="upper-draw")
    assert action(d, "hu").win.how == "碰胡"  # winning needs no discard


# --- brute force --------------------------------------------------------------------------

SHAPE_SET = frozenset(SHAPES)


def _partitions(tiles: tuple[int, ...]):
    """Every way to cut a multiset of tiles into triples (as sorted tuples of sorted triples)."""
    if not tiles:
        yield ()
        return
    first, rest = tiles[0], tiles[1:]
    for i, j in combinations(range(len(rest)), 2):
        group = tuple(sorted((first, rest[i], rest[j])))
        remaining = tuple(t for k, t in enumerate(rest) if k not in (i, j))
        for more in _partitions(remaining):
            yield tuple(sorted((group,) + more))


def brute_candidates(hand: Hand, x: int, source: str, chou, passed_peng) -> dict:
    """{(chi, bi): reason or None}, from RULES.md 7 read literally: every pair of
    concealed tiles that makes a group with x, then every sub-multiset of what is
    left that holds all remaining copies of x, cut into groups that each hold x."""
    conc = list(hand.concealed)
    who, how = source.split("-")
    meld = {m.kind for m in hand.melds if m.tiles[0] == x and m.kind in ("wei", "peng")}
    must_wei = who == "self" and conc[x] == 2
    if who == "self":
        forced = conc[x] == 3 or bool(meld)
    else:
        forced = conc[x] == 3 or "wei" in meld or ("peng" in meld and how == "draw")
    partners = {t for s in SHAPES if x in s for t in s if t != x}
    out = {}
    for a in range(20):
        for b in range(a, 20):
            chi = tuple(sorted((a, b, x)))
            after = list(conc)
            after[a] -= 1
            after[b] -= 1
            if chi not in SHAPE_SET or after[a] < 0 or after[b] < 0:
                continue
            r = after[x]
            layouts = {()} if r == 0 else set()
            pool = [t for t in sorted(partners) if after[t] > 0]
            for k in range(1, r + 1):
                for others in combinations_with_replacement(pool, 3 * k - r):
                    if any(others.count(t) > after[t] for t in set(others)):
                        continue
                    for groups in _partitions((x,) * r + others):
                        if all(g in SHAPE_SET and x in g for g in groups):
                            layouts.add(groups)
            for bi in layouts or [None]:
                used = [a, b] + [t for g in (bi or ()) for t in g]
                rest = list(conc)
                for t in used:
                    rest[t] -= 1
                if who == "lower":
                    reason = "geshan"
                elif x in chou:
                    reason = "chou"
                elif conc[x] == 3 or any(conc[t] == 3 for t in used):
                    reason = "kan"
                elif must_wei:
                    reason = "must_wei"
                elif forced:
                    reason = "compulsory"
                elif bi is None:
                    reason = "shaobi"
                elif not any(n in (1, 2) for n in rest):
                    reason = "no_discard"
                else:
                    reason = None
                out[(chi, bi or ())] = reason
    return out


def random_position(rng: random.Random):
    """A random valid hand at rest, a tile with a copy left, and a source.

    Concealed tiles come from a few neighbouring kinds of both cases, so that
    pairs, 坎, sequences and 绞 — and so ways to eat with 比 — are common."""
    while True:
        deck = [4] * 20
        melds = []
        for _ in range(rng.choice([0, 0, 0, 1, 1, 2, 3, 4])):
            kind = rng.choice(["chi", "chi", "peng", "wei", "pao", "ti"])
            tiles = rng.choice(SHAPES) if kind == "chi" else (rng.randrange(20),) * (4 if kind in ("pao", "ti") else 3)
            if all(deck[t] >= tiles.count(t) for t in tiles):
                for t in tiles:
                    deck[t] -= 1
                melds.append(Meld(kind, tuple(sorted(tiles))))
        hand = Hand((0,) * 20, tuple(melds))
        if hand.n_three + hand.n_four >= 7:
            continue
        start = rng.randrange(10)
        nums = [(start + i) % 10 for i in range(rng.randint(3, 6))]
        pool = [n + base for n in nums for base in (0, 10) if rng.random() < 0.8]
        conc = [0] * 20
        for _ in range(200):
            if sum(conc) == hand.rest_count() or not pool:
                break
            t = rng.choice(pool + [rng.randrange(20)])
            # a third copy (a 坎) less often: 坎 forbid every way they touch
            if deck[t] > 0 and conc[t] < 2 or (conc[t] == 2 and deck[t] > 0 and rng.random() < 0.25):
                conc[t] += 1
                deck[t] -= 1
        hand = Hand(tuple(conc), hand.melds)
        try:
            check_hand(hand, want="rest")
        except HandError:
            continue
        left = [t for t in range(20) if deck[t] > 0]
        if not left:
            continue
        near = [t for t in left if conc[t] or any(t in s and conc[u] for s in SHAPES for u in s if u != t)]
        onto = [m.tiles[0] for m in melds if m.kind in ("wei", "peng") and deck[m.tiles[0]]]
        x = rng.choice(onto if onto and rng.random() < 0.3 else near or left)
        deck[x] -= 1
        seen = [t for t in range(20) for _ in range(deck[t]) if rng.random() < 0.1]
        chou = [t for t in range(20) if rng.random() < 0.08]
        passed = [t for t in range(20) if rng.random() < 0.08]
        return hand, x, rng.choice(SOURCES), seen, chou, passed


def check_against_brute(n: int, seed: int) -> int:
    rng = random.Random(seed)
    eaten = 0
    for _ in range(n):
        hand, x, source, seen, chou, passed = random_position(rng)
        d = decide(hand, tile=x, source=source, seen=seen, chou=chou, passed_peng=passed)
        want = brute_candidates(hand, x, source, set(chou), set(passed))
        got = {(c.chi, c.bi): c.reason for c in candidate_ways(d)}
        assert got == want, (hand.text(), glyphs([x]), source)
        assert len(candidate_ways(d)) == len(got)  # no way listed twice
        legal = sorted(w for w, r in want.items() if r is None)
        assert legal_ways(d) == legal, (hand.text(), glyphs([x]), source)
        eaten += bool(legal)
        # forbidden 吃 entries: one for 隔山/臭张, else one per illegal candidate
        chi_forbidden = [(f.chi, f.bi, f.reason) for f in d.forbidden if f.action == "chi"]
        if source.startswith("lower"):
            assert chi_forbidden == [(None, (), "geshan")]
        elif x in chou:
            assert chi_forbidden == [(None, (), "chou")]
        else:
            assert chi_forbidden == sorted((c, b, r) for (c, b), r in want.items() if r)
        # passing is forbidden exactly when a move is compulsory, and makes 臭 what could be taken
        forced = [a for a in d.actions if a.compulsory]
        assert ("pass" in [a.action for a in d.actions]) == (not forced)
        if not forced:
            assert action(d, "pass").becomes_chou_chi == ((x,) if legal else ())
        for a in d.actions:
            if a.action in ("chi", "peng"):
                assert a.left  # a 吃/碰 is followed by a discard
    return eaten


def test_brute_force_agrees_on_random_hands():
    eaten = check_against_brute(4000, seed=20240601)
    assert eaten > 300  # the generator exercises legal 吃 often


@pytest.mark.slow
def test_brute_force_agrees_on_many_random_hands():
    check_against_brute(25000, seed=7)


# --- input and rendering -------------------------------------------------------------

@pytest.mark.parametrize("kw, message", [
    (dict(source="foo"), "unknown source 'foo': use upper-discard, upper-draw, self-draw, lower-discard, "
                         "lower-draw or 上家打出 上家摸出 自己摸出 下家打出 下家摸出"),
    (dict(tile="三三"), "'三三' is not one tile"),
    (dict(tile="z"), "unknown character 'z' at column 1 in 'z'"),
    (dict(tile=20), "20 is not a tile: tile ids are 0-19"),
    (dict(hand="一二三"), "3 concealed tiles: a hand at rest holds 20"),
    (dict(seen="三三三"), "5 copies of 三 across hand, melds and --seen and the tile asked about"),
    (dict(chou="3"), "chou: digits '3' at column 1 have no case letter"),
    (dict(passed_peng=[99]), "99 is not a tile"),
])
def test_bad_input_one_line_errors(kw, message):
    args = dict(hand=SEED000, tile="三", source="upper-discard") | kw
    hand = args.pop("hand")
    with pytest.raises(HandError) as e:
        decide(hand, **args)
    assert message in str(e.value) and "\n" not in str(e.value)


def test_sources_in_english_and_chinese():
    for en, zh in zip(SOURCES, ["上家打出", "上家摸出", "自己摸出", "下家打出", "下家摸出"]):
        assert decide(SEED000, tile="三", source=zh).source == en
        assert decide(SEED000, tile=2, source=en.upper()).source == en


def test_act_json_contract():
    d = decide(SEED000, tile="三", source="上家打出")
    text = act_json(d, "in", lang="en")
    assert list(text) == ["input", "hand", "tile", "from", "actions", "forbidden"]
    assert (text["input"], text["hand"], text["tile"], text["from"]) == ("in", d.hand.text(), "三", "upper-discard")
    for a in text["actions"]:
        assert {"action", "compulsory", "chi", "bi", "left", "explain"} <= set(a)
    assert text["actions"][-1] == {"action": "pass", "compulsory": False, "chi": None, "bi": [], "left": None,
                                   "explain": text["actions"][-1]["explain"],
                                   "becomes_chou": {"chi": ["三"], "peng": []}}
    assert text["actions"][0]["left"] == "六七八九九壹肆伍陆柒捌玖玖拾拾"


def test_language_from_locale(monkeypatch):
    d = decide(SEED000, tile="三", source="upper-discard")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert act_json(d, "")["actions"][0]["explain"].startswith("吃：用一二吃")
    assert act_lines(d)[1].startswith("可以：")
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    assert act_json(d, "")["actions"][0]["explain"].startswith("吃 (chi): eat 三")
    assert act_lines(d, "zh")[-1].startswith("不可以：吃二三四：烧比")
    with pytest.raises(HandError, match="unknown language 'fr'"):
        act_lines(d, "fr")


def test_act_lines_show_every_move():
    d = decide(KAN5, tile="五", source="upper-draw")
    lines = act_lines(d, "en")
    assert lines[0].endswith("+  五 upper-draw (上家摸出)")
    assert lines[1].startswith("may: 胡 (hu, 破跑胡)") and lines[2].startswith("must: 跑 (pao, compulsory)")
    assert lines[-1] == "may not: 过: the 跑 is compulsory: not making it is 走跑 (−15)"


def test_penalties_named_come_from_the_ruleset():
    """The 罚则 in the texts are those of the ruleset decided under (RULES.md, seed 002),
    not numbers of their own, even for a ruleset that is not registered by name."""
    from dataclasses import replace

    from solver.model import rules

    assert dict(rules.HUNAN.penalties) == {"诈胡": 30, "走跑": 15, "失提": 9, "烧比": 6, "臭张": 3}
    stricter = replace(rules.HUNAN, name="stricter", penalties={**rules.HUNAN.penalties, "走跑": 20})
    d = decide(KAN5, tile="五", source="upper-draw", rules=stricter)
    assert act_lines(d, "en")[-1] == "may not: 过: the 跑 is compulsory: not making it is 走跑 (−20)"
    assert "罚20分" in act_lines(d, "zh")[-1]


def test_house_rules_read_from_the_ruleset():
    """A ruleset made from hunan with other fields answers by those fields, not by its name:
    whose tiles are eaten (chi_from) and 有碰必碰 (a compulsory 碰 leaving only 坎 tiles is
    still made, with no discard after it)."""
    from dataclasses import replace

    from solver.model import rules

    upper = replace(rules.HUNAN, name="upper-only", chi_from=("upper-discard",))
    d = decide(SEED000, tile="三", source="upper-draw", rules=upper)
    assert legal_ways(d) == [] and reasons(d) == {(None,): "chi_from"}
    assert act_lines(d, "en")[-1] == ("may not: 吃: under upper-only a tile upper-draw is never eaten "
                                      "(吃 takes only upper-discard)")
    assert legal_ways(decide(SEED000, tile="三", source="upper-discard", rules=upper))

    must = replace(rules.HUNAN, name="must-peng", peng_compulsory=True)
    hand = "八八 六六六 七七七" + MELDS4
    peng = action(decide(hand, tile="八", source="upper-discard", rules=must), "peng")
    assert (peng.compulsory, peng.left) == (True, None)
    d = decide("一一二二三三七十 肆伍陆 柒捌玖 八九 拾拾 五六", tile="二", source="upper-discard", rules=must)
    assert kinds(d) == ["peng"] and set(reasons(d).values()) == {"compulsory"}
    assert action(d, "peng").compulsory and reasons(d, "pass") == {(None,): "compulsory"}
