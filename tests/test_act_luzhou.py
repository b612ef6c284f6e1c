"""phz act under luzhou (RULES.md 8): one named test per rule that concerns a hand at a
decision point, then decide() against a brute-force enumeration of the legal moves written
here from RULES.md 8 read literally, on thousands of random luzhou positions; last, the
hunan answers pinned to the texts of the code before luzhou (byte for byte)."""
import hashlib
import json
import random
from dataclasses import replace
from itertools import combinations_with_replacement

import golden
import pytest
from test_obligations import READY, SEED000, T, _partitions, action, kinds, random_position, reasons, way

from solver.api import decide
from solver.engine import reference
from solver.engine.obligations import candidate_ways, legal_ways
from solver.model.groups import SHAPES
from solver.model.hand import Hand, HandError, Meld, check_hand
from solver.model.results import ORIGINS, Action
from solver.model.rules import HUNAN, get_ruleset
from solver.model.tiles import glyph, glyphs
from solver.text.explain import act_json, act_lines

LUZHOU = get_ruleset("luzhou")


def lz(hand, tile, source, **kw):
    return decide(hand, tile=tile, source=source, rules=LUZHOU, **kw)


def texts(d) -> str:
    """Every sentence of a decision, in both languages."""
    return "\n".join(act_lines(d, "en") + act_lines(d, "zh"))


KAN5 = "一二三 壹贰叁 贰柒拾 七八九 五五五 陆柒捌 四六"  # RULES.md example 3
PENG5 = "一二三 壹贰叁 贰柒拾 七八九 陆柒捌 四六 | 碰:五五五"
PAIR2 = "一一二二三三七十 肆伍陆 柒捌玖 八九 拾拾 五六"  # seed 002's 一吃两比 hand, a pair of 二
EX2 = "一二三 壹贰叁 贰柒拾 四五六 八九十 七七七 伍伍"  # RULES.md example 2: 伍 wins as 碰胡
ONLY_KAN = "八八 六六六 七七七 | 吃:一二三 吃:壹贰叁 吃:肆伍陆 吃:柒捌玖"  # a 碰 of 八 leaves only 坎 tiles


# --- 招 ---------------------------------------------------------------------------------

@pytest.mark.parametrize("source", ORIGINS)
def test_zhao_onto_kan_is_compulsory_from_anyone(source):
    d = lz(KAN5, "五", source)
    zhao = action(d, "zhao")
    assert (zhao.compulsory, zhao.onto, zhao.discard) == (True, "kan", True)
    assert zhao.left == T("一二三四六七八九壹贰贰叁陆柒柒捌拾")
    assert "pass" not in kinds(d) and reasons(d, "pass") == {(None,): "compulsory"}
    assert [f.detail for f in d.forbidden if f.action == "pass"] == [("zhao",)]
    assert not any(a.action in ("pao", "ti") for a in d.actions)
    assert "hu" not in kinds(d)  # no 破跑 (破招): 四六 stays without a group
    text = act_json(d, KAN5, lang="en")["actions"][0]
    assert text["action"] == "zhao" and text["discard"] is True
    assert "招 五五五五" in text["explain"] and "如果有玩家胡牌也不能胡" in text["explain"]
    assert "拆垅破坎" in act_lines(d, "en")[-1] and "招" in act_lines(d, "zh")[1]


@pytest.mark.parametrize("source", ["upper-draw", "lower-draw", "self-draw"])
def test_zhao_onto_peng_from_the_stock(source):
    d = lz(PENG5, "五", source)
    zhao = action(d, "zhao")
    assert (zhao.compulsory, zhao.onto) == (True, "peng") and kinds(d) == ["zhao"]
    assert "a 碰 becomes a 招 on a stock tile only" in act_lines(d, "en")[1]


@pytest.mark.parametrize("source", ["upper-discard", "lower-discard"])
def test_discarded_fourth_onto_peng_makes_nothing(source):
    d = lz(PENG5, "五", source)
    assert "zhao" not in kinds(d) and "pass" in kinds(d)
    assert action(d, "hu").win.huxi == 19  # 四五六 on a discard (luzhou wins on discards)
    if source == "upper-discard":
        assert legal_ways(d) == [way("三四五"), way("四五六"), way("五六七")]
    else:
        assert legal_ways(d) == [] and reasons(d) == {(None,): "geshan"}
    assert "makes no 招 onto your 碰 五五五" in act_lines(d, "en")[-2 if source == "lower-discard" else -1]


def test_second_four_tile_group_has_no_discard():
    hand = "五五五 四六 一二三 壹贰叁 伍伍 | 垅:拾拾拾拾 吃:陆柒捌"  # RULES.md example 5 with a 垅
    d = lz(hand, "五", "upper-discard")
    zhao = action(d, "zhao")
    assert (zhao.discard, zhao.left) == (False, None)
    assert "second 招/垅 (八块)" in act_lines(d, "en")[1] and "第二次招/垅（八块）" in act_lines(d, "zh")[1]


def test_a_passed_tile_is_still_zhaoed():
    d = lz(KAN5, "五", "upper-draw", chou="五", passed_peng="五")
    assert action(d, "zhao").compulsory and reasons(d) == {(None,): "chou"}


# --- 碰 (有碰必碰) -------------------------------------------------------------------------

@pytest.mark.parametrize("source", ["upper-discard", "upper-draw", "lower-discard", "lower-draw"])
def test_peng_is_compulsory(source):
    d = lz(PAIR2, "二", source)
    peng = action(d, "peng")
    assert (peng.compulsory, peng.onto, peng.left) == (True, "pair", T("一一三三五六七八九十肆伍陆柒捌玖拾拾"))
    assert "pass" not in kinds(d) and [f.detail for f in d.forbidden if f.action == "pass"] == [("peng",)]
    if source.startswith("upper"):  # the 吃 ways give way to the 碰
        assert legal_ways(d) == [] and set(reasons(d).values()) == {"compulsory"} and len(reasons(d)) == 2
    assert "有碰必碰" in act_lines(d, "en")[1] and "必须碰（有碰必碰）" in act_lines(d, "zh")[1]
    # hunan: optional, beside the 吃 and the pass
    assert kinds(decide(PAIR2, tile="二", source="upper-discard")) == ["peng", "chi", "chi", "pass"]


def test_peng_is_compulsory_unless_the_player_wins():
    d = lz(EX2, "伍", "upper-discard")
    assert kinds(d) == ["hu", "peng"] and kinds(d, compulsory=True) == ["peng"]
    assert action(d, "hu").win == reference.best_win(d.hand, T("伍")[0], "discard", LUZHOU)
    assert "but if you do not win, the 碰 is" in act_lines(d, "en")[1]


def test_self_drawn_tile_onto_pair_is_the_players_own_peng():
    d = lz(PAIR2, "二", "self-draw")
    assert kinds(d) == ["peng"] and "wei" not in kinds(d)
    peng = action(d, "peng")
    assert (peng.compulsory, peng.onto) == (True, "pair")
    assert reasons(d) == {(None,): "chi_from"}
    assert "your own 碰 二二二 (there is no 偎 in luzhou)" in act_lines(d, "en")[1]
    assert "是你自己的碰（没有偎牌）" in act_lines(d, "zh")[1]


@pytest.mark.parametrize("source", ["upper-discard", "self-draw"])
def test_compulsory_peng_leaving_no_discard_is_still_made(source):
    d = lz(ONLY_KAN, "八", source)
    peng = action(d, "peng")
    assert (peng.compulsory, peng.left) == (True, None)
    assert "no_discard" not in reasons(d, "peng").values()
    assert act_json(d, ONLY_KAN, lang="en")["actions"][1]["left"] is None
    assert "so no discard follows" in act_lines(d, "en")[2] and "不用打牌" in act_lines(d, "zh")[2]
    # hunan: an optional 碰 that leaves no discard is illegal
    assert reasons(decide(ONLY_KAN, tile="八", source="upper-discard"), "peng") == {(None,): "no_discard"}


# --- 吃 from the upper player only ---------------------------------------------------------

def test_no_chi_of_ones_own_draw():
    d = lz(SEED000, "三", "self-draw")
    assert legal_ways(d) == [] and reasons(d) == {(None,): "chi_from"} and kinds(d) == ["pass"]
    assert {c.reason for c in candidate_ways(d)} == {"chi_from"} and len(candidate_ways(d)) == 3
    assert action(d, "pass").becomes_chou_chi == ()
    assert "吃牌只能吃上家的" in act_lines(d, "en")[-1] and "自己摸出的牌不能吃" in act_lines(d, "zh")[-1]
    assert legal_ways(decide(SEED000, tile="三", source="self-draw"))  # hunan eats its own draw


@pytest.mark.parametrize("source", ["upper-discard", "upper-draw"])
def test_chi_of_the_upper_players_tiles(source):
    assert legal_ways(lz(SEED000, "三", source)) == [way("一二三", "三四五"), way("三四五", "一二三")]


@pytest.mark.parametrize("source", ["lower-discard", "lower-draw"])
def test_no_chi_of_the_lower_players_tiles(source):
    assert reasons(lz(SEED000, "三", source)) == {(None,): "geshan"}


# --- 过张只能胡 ----------------------------------------------------------------------------

@pytest.mark.parametrize("passed", [dict(chou="二"), dict(passed_peng="二"), dict(chou="二", passed_peng="二")])
def test_passed_tile_may_only_be_won_on(passed):
    d = lz(PAIR2, "二", "upper-discard", **passed)  # --chou and --passed-peng both name a 过张
    assert kinds(d) == ["pass"]  # the pass beats 有碰必碰
    assert reasons(d, "peng") == {(None,): "peng_passed"} and reasons(d) == {(None,): "chou"}
    lines = act_lines(d, "en")
    assert "过张只能胡" in lines[-1] and "this beats 有碰必碰" in lines[-2]
    # in hunan --chou blocks 吃 only and --passed-peng 碰 only
    h = decide(PAIR2, tile="二", source="upper-discard", **passed)
    assert ("peng" in kinds(h)) == ("passed_peng" not in passed) and bool(legal_ways(h)) == ("chou" not in passed)


def test_passed_tile_is_won_on():
    d = lz(READY, "肆", "upper-discard", chou="肆")
    assert kinds(d) == ["hu", "pass"] and reasons(d) == {(None,): "chou"}
    assert "a passed tile may still be won on (过张只能胡)" in act_lines(d, "en")[1]
    d = lz(EX2, "伍", "upper-draw", passed_peng="伍")  # 胡, not the compulsory 碰
    assert kinds(d) == ["hu", "pass"] and action(d, "hu").win.how == "碰胡"


def test_passed_tile_is_not_the_players_own_peng():
    d = lz(PAIR2, "二", "self-draw", passed_peng="二")
    assert kinds(d) == ["pass"] and reasons(d, "peng") == {(None,): "peng_passed"}


def test_a_pass_makes_a_guo_zhang():
    d = lz(SEED000, "三", "upper-discard")
    passing = action(d, "pass")
    assert passing.becomes_chou_chi == passing.becomes_chou_peng == T("三")
    assert act_json(d, SEED000, lang="en")["actions"][-1]["becomes_chou"] == {"chi": ["三"], "peng": ["三"]}
    assert "三 then becomes a 过张 (过张只能胡)" in act_lines(d, "en")[3]
    assert "之后三成为过张（过张只能胡）" in act_lines(d, "zh")[3]
    nothing = action(lz(SEED000, "三", "lower-discard"), "pass")
    assert nothing.becomes_chou_chi == nothing.becomes_chou_peng == ()


# --- 吃包子 --------------------------------------------------------------------------------

def test_chi_baozi_named_with_its_penalty():
    d = lz(SEED000, "三", "upper-discard")
    assert reasons(d) == {("二三四",): "shaobi"}
    en, zh = act_lines(d, "en")[-1], act_lines(d, "zh")[-1]
    assert "吃包子 (chi baozi, 吃了没法比: the offender pays each other player 10, 必须赔三家)" in en
    assert "吃包子（吃了没法比，要赔每家10分，必须赔三家）" in zh and "无法组成一列或绞牌" in zh
    assert "烧比" not in en + zh
    dearer = replace(LUZHOU, penalties={**LUZHOU.penalties, "吃包子": 12})
    assert "pays each other player 12" in act_lines(decide(SEED000, tile="三", source="upper-discard",
                                                           rules=dearer), "en")[-1]
    hunan = act_lines(decide(SEED000, tile="三", source="upper-discard"), "zh")[-1]
    assert "烧比（罚6分）" in hunan and "一句话" in hunan


# --- 胡 on a discard -------------------------------------------------------------------------

@pytest.mark.parametrize("source", ["upper-discard", "lower-discard"])
def test_hu_on_a_discard(source):
    d = lz(READY, "肆", source)
    hu = action(d, "hu")
    assert hu.win == reference.best_win(d.hand, T("肆")[0], "discard", LUZHOU)
    assert (hu.win.huxi, hu.win.score, hu.compulsory) == (24, 2, False)
    assert reasons(d, "hu") == {}
    assert "包括玩家打出的牌" in act_lines(d, "en")[1] and "打出的牌也能胡" in act_lines(d, "zh")[1]
    assert reasons(decide(READY, tile="肆", source=source), "hu") == {(None,): "discard_no_hu"}  # hunan
    # valued as a discard, not as a draw: a discarded fourth 五 onto the 碰 makes no 招, so 四五六 wins
    d = lz(PENG5, "五", source)
    assert action(d, "hu").win == reference.best_win(d.hand, T("五")[0], "discard", LUZHOU)
    assert reference.best_win(d.hand, T("五")[0], "other", LUZHOU) is None


def test_luzhou_texts_use_luzhou_terms():
    rng = random.Random(3)
    for _ in range(400):
        hand, x, source, chou, passed = random_luzhou_position(rng)
        text = texts(decide(hand, tile=x, source=source, chou=chou, passed_peng=passed, rules=LUZHOU))
        for word in ("跑", "提", "烧比", "句", "臭张，", "臭偎"):
            assert word not in text, (word, text)
        assert "偎" not in text.replace("no 偎", "").replace("没有偎", "")


# --- brute force ------------------------------------------------------------------------------

def random_luzhou_position(rng: random.Random):
    """A random valid luzhou hand at rest (melds 吃 碰 招 垅), a tile with a copy left, a source,
    and passed tiles; the tile is often onto a pair, a 坎 or a 碰."""
    while True:
        deck = [4] * 20
        melds = []
        for _ in range(rng.choice([0, 0, 1, 1, 2, 3, 4])):
            kind = rng.choice(["chi", "chi", "peng", "peng", "zhao", "long"])
            tiles = rng.choice(SHAPES) if kind == "chi" else (rng.randrange(20),) * (3 if kind == "peng" else 4)
            if all(deck[t] >= tiles.count(t) for t in tiles):
                for t in tiles:
                    deck[t] -= 1
                melds.append(Meld(kind, tuple(sorted(tiles))))
        hand = Hand((0,) * 20, tuple(melds))
        if hand.n_three + hand.n_four >= 7:
            continue
        start = rng.randrange(10)
        pool = [(start + i) % 10 + base for i in range(rng.randint(3, 6)) for base in (0, 10) if rng.random() < 0.8]
        conc = [0] * 20
        for _ in range(200):
            if sum(conc) == hand.rest_count() or not pool:
                break
            t = rng.choice(pool + [rng.randrange(20)])
            if deck[t] > 0 and (conc[t] < 2 or rng.random() < 0.25) and conc[t] < 3:
                conc[t] += 1
                deck[t] -= 1
        hand = Hand(tuple(conc), hand.melds)
        try:
            check_hand(hand, want="rest", rules=LUZHOU)
        except HandError:
            continue
        left = [t for t in range(20) if deck[t] > 0]
        if not left:
            continue
        onto = [t for t in left if conc[t] >= 2 or any(m.kind == "peng" and m.tiles[0] == t for m in melds)]
        near = [t for t in left if conc[t] or any(t in s and conc[u] for s in SHAPES for u in s if u != t)]
        x = rng.choice(onto if onto and rng.random() < 0.3 else near or left)
        chou = [t for t in range(20) if rng.random() < 0.04] + ([x] if rng.random() < 0.06 else [])
        passed = [t for t in range(20) if rng.random() < 0.04] + ([x] if rng.random() < 0.06 else [])
        return hand, x, rng.choice(ORIGINS), chou, passed


def _rest(counts) -> tuple[int, ...]:
    """The tiles one may discard: every concealed tile not in a 坎."""
    return tuple(t for t in range(20) for _ in range(counts[t]) if counts[t] < 3)


def brute_luzhou(hand: Hand, x: int, source: str, chou, passed):
    """(actions, forbidden, candidates) of RULES.md 8 read literally, for luzhou.

    招: the fourth tile onto one's 坎 from anyone, onto one's 碰 from the stock; 碰
    of a pair from anyone (one's own draw too), compulsory; a passed tile is only won
    on (no 吃, no 碰); 吃 from the upper player only, every way with its 比, tried by
    brute force over every pair of concealed tiles and every sub-multiset for the 比."""
    who, how = source.split("-")
    conc = list(hand.concealed)
    n = conc[x]
    peng_meld = any(m.kind == "peng" and m.tiles[0] == x for m in hand.melds)
    gone = x in chou or x in passed
    actions, forbidden = [], []
    win = reference.best_win(hand, x, {"self": "self"}.get(who, "other" if how == "draw" else "discard"), LUZHOU)
    if win:
        actions.append(Action("hu", win=win))
    forced = None
    if n == 3 or (peng_meld and how == "draw"):
        first = not any(m.size == 4 for m in hand.melds)
        after = list(conc)
        after[x] -= 3 if n == 3 else 0
        forced = Action("zhao", compulsory=True, onto="kan" if n == 3 else "peng", discard=first,
                        left=_rest(after) if first else None)
        actions.append(forced)
    elif n == 2 and gone:
        forbidden.append(("peng", None, (), "peng_passed"))
    elif n == 2:
        after = list(conc)
        after[x] -= 2
        forced = Action("peng", compulsory=True, onto="pair", left=_rest(after) or None)
        actions.append(forced)
    shapes = [s for s in SHAPES if x in s]
    candidates = {}
    for a in range(20):
        for b in range(a, 20):
            chi = tuple(sorted((a, b, x)))
            after = list(conc)
            after[a] -= 1
            after[b] -= 1
            if chi not in shapes or after[a] < 0 or after[b] < 0:
                continue
            r = after[x]
            layouts = {()} if r == 0 else set()
            pool = sorted({t for s in shapes for t in s if t != x and after[t] > 0})
            for k in range(1, r + 1):
                for others in combinations_with_replacement(pool, 3 * k - r):
                    if all(others.count(t) <= after[t] for t in others):
                        layouts |= {g for g in _partitions((x,) * r + others) if all(s in shapes for s in g)}
            for bi in layouts or [None]:
                used = [a, b] + [t for g in bi or () for t in g]  # the 比 groups hold only concealed tiles
                rest = list(conc)
                for t in used:
                    rest[t] -= 1
                if who != "upper":
                    reason = "geshan" if who == "lower" else "chi_from"
                elif gone:
                    reason = "chou"
                elif n == 3 or any(conc[t] == 3 for t in used):
                    reason = "kan"
                elif forced:
                    reason = "compulsory"
                elif bi is None:
                    reason = "shaobi"
                elif not _rest(rest):
                    reason = "no_discard"
                else:
                    reason = None
                candidates[chi, bi or ()] = reason
                if reason is None:
                    actions.append(Action("chi", chi=chi, bi=bi, left=_rest(rest)))
    if who != "upper" or gone:
        forbidden.append(("chi", None, (), "geshan" if who == "lower" else "chi_from" if who == "self" else "chou"))
    else:
        forbidden += [("chi", c, b, r) for (c, b), r in candidates.items() if r]
    if forced:
        forbidden.append(("pass", None, (), "compulsory"))
    else:
        made = (x,) if any(a.action == "chi" for a in actions) else ()
        actions.append(Action("pass", becomes_chou_chi=made, becomes_chou_peng=made))
    return actions, forbidden, candidates


def check_luzhou_against_brute(n: int, seed: int) -> dict:
    rng = random.Random(seed)
    seen = {"zhao": 0, "peng": 0, "chi": 0, "hu": 0, "hu_discard": 0, "gone": 0, "own_peng": 0, "shaobi": 0}
    for _ in range(n):
        hand, x, source, chou, passed = random_luzhou_position(rng)
        d = decide(hand, tile=x, source=source, chou=chou, passed_peng=passed, rules=LUZHOU)
        actions, forbidden, candidates = brute_luzhou(hand, x, source, set(chou), set(passed))
        where = (hand.text(), glyphs([x]), source, glyphs(chou), glyphs(passed))
        key = ["hu", "zhao", "peng", "chi", "pass"]
        assert sorted(d.actions, key=lambda a: (key.index(a.action), a.chi or (), a.bi)) == \
            sorted(actions, key=lambda a: (key.index(a.action), a.chi or (), a.bi)), where
        assert sorted((f.action, f.chi, f.bi, f.reason) for f in d.forbidden) == sorted(forbidden), where
        assert {(c.chi, c.bi): c.reason for c in candidate_ways(d)} == candidates, where
        assert len(candidate_ways(d)) == len(candidates), where
        for a in d.actions:
            seen[a.action] = seen.get(a.action, 0) + 1
            seen["hu_discard"] += a.action == "hu" and source.endswith("discard")
            seen["own_peng"] += a.action == "peng" and source == "self-draw"
        seen["gone"] += x in chou or x in passed
        seen["shaobi"] += any(f.reason == "shaobi" for f in d.forbidden)
    return seen


def test_brute_force_agrees_on_random_luzhou_positions():
    seen = check_luzhou_against_brute(3000, seed=20261201)
    # the generator reaches every rule often enough to mean something
    assert seen["zhao"] > 300 and seen["peng"] > 300 and seen["own_peng"] > 80 and seen["chi"] > 150
    assert seen["hu"] > 40 and seen["hu_discard"] > 15 and seen["gone"] > 200 and seen["shaobi"] > 20


@pytest.mark.slow
def test_brute_force_agrees_on_many_random_luzhou_positions():
    check_luzhou_against_brute(20000, seed=13)


# --- hunan unchanged -----------------------------------------------------------------------------

#: act_json (en, zh) and act_lines (en, zh) of 1500 random hunan positions, hashed, by the code
#: before rulesets reached phz act (commit b9ec927); tests/data/golden/hunan-act.jsonl.gz holds
#: those texts, and hunan's answers stay byte for byte the same
HUNAN_ACT_DIGEST = "020fbd75430caae2e90a37eff9cf74197e20cd25d2c6af5fa7209b9ac264f11a"


def _hunan_act_texts() -> tuple[list[str], list[str]]:
    """The texts of the 1500 positions (JSON, then lines, in en and in zh) and what each is of."""
    rng = random.Random(20261201)
    texts, where = [], []
    for i in range(1500):
        hand, x, source, seen, chou, passed = random_position(rng)
        d = decide(hand, tile=x, source=source, seen=seen, chou=chou, passed_peng=passed, rules=HUNAN)
        at = f"position {i}: {hand.text()}, tile {glyph(x)} from {source}"
        for lang in ("en", "zh"):
            texts.append(json.dumps(act_json(d, hand.text(), lang=lang), ensure_ascii=False, sort_keys=True))
            texts.append("\n".join(act_lines(d, lang)))
            where += [f"{at}, JSON in {lang}", f"{at}, lines in {lang}"]
    return texts, where


def test_the_hunan_act_golden_file_is_what_b9ec927_answered():
    h = hashlib.sha256()
    for text in golden.read("hunan-act"):
        h.update(text.encode())
    assert h.hexdigest() == HUNAN_ACT_DIGEST


def test_hunan_act_answers_are_byte_for_byte_unchanged():
    texts, where = _hunan_act_texts()
    golden.check("hunan-act", texts, label=where.__getitem__)
