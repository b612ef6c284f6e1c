"""RULES.md section 8 (泸州 大贰, ``luzhou``) as tests: one named test per row of
the variant table and of its take table that concerns a hand, then worked
examples whose numbers were computed by hand (the arithmetic is in each
comment).  Every answer is asked of the reference (solver/engine/reference.py)
and of the independent formulation (tests/naive.py), which must agree.

Tiles: 一..十 small, 壹..拾 big; red: 二 七 十 贰 柒 拾.
"""
import pytest
from naive import analyse

from solver.engine import reference
from solver.model.groups import group_huxi
from solver.model.hand import HandError, check_hand
from solver.model.notation import parse_hand
from solver.model.results import SOURCES
from solver.model.rules import HUNAN, get_ruleset
from solver.model.tiles import GLYPH_TO_ID, RED, glyphs

LUZHOU = get_ruleset("luzhou")
LUZHOU_DENG = get_ruleset("luzhou-deng")


def T(glyph: str) -> int:
    return GLYPH_TO_ID[glyph]


def hand_of(text, rules=LUZHOU):
    hand = parse_hand(text, rules)
    check_hand(hand, want="rest", rules=rules)
    return hand


def hu(text, tile, source, rules=LUZHOU):
    """reference.hu, after checking that naive.py gives the same answer."""
    hand = hand_of(text, rules)
    r = reference.hu(hand, T(tile), source, rules)
    best, top, reason = analyse(hand, T(tile), source, rules)
    if r.win is None:
        assert (best, reason, top) == (None, r.reason, r.huxi), "naive disagrees"
    else:
        w = r.win
        assert best == (w.score, w.huxi, w.fan_names, tuple(sorted((g.kind, g.tiles) for g in w.groups))), \
            "naive disagrees"
    return r


def nums(r):
    """(胡息, 等, 番, score, how) of a winning HuResult, or its reason."""
    w = r.win
    return r.reason if w is None else (w.huxi, w.deng, w.fan, w.score, w.how)


def per_source(text, tile, rules=LUZHOU):
    """{source: nums} for self, other and discard."""
    return {s: nums(hu(text, tile, s, rules)) for s in SOURCES}


def groups(r):
    return [f"{g.kind}:{g.text()}={g.huxi}" for g in r.win.groups]


def waits(text, rules=LUZHOU):
    return {glyphs([w.tile]) for w in reference.ting(hand_of(text, rules), rules).waits}


# The worked examples (the arithmetic is at each test below).
E1 = "二七十 一二三 八八八 四五六 壹贰叁 肆伍陆 柒捌"
E2 = "贰柒拾 十十十 七七柒 二二 四五六 壹贰叁 捌玖拾"
E3 = "一二三 贰柒拾 七八九 壹贰叁 陆陆陆 五五 | 碰:伍伍伍"
E4 = "肆伍陆 捌玖 拾拾 | 碰:壹壹壹 吃:贰叁肆 招:八八八八 碰:十十十"
E5 = "三四五 肆伍陆 九九九 壹壹壹 叁肆伍 六 | 招:捌捌捌捌"
E6 = "柒柒柒 一二三 二七十 四五六 壹贰叁 肆伍陆 拾拾"
E7 = "一二三 五五五 七八九 肆伍陆 陆柒捌 四四 捌玖拾"
E8 = "一二三 二七十 肆陆 壹贰叁 拾拾 | 招:捌捌捌捌 碰:伍伍伍"
DUIDUI = "九九九 壹壹壹 陆陆陆 肆肆肆 八八 | 碰:伍伍伍 碰:三三三"
ONE_RED = "三四五 肆伍陆 九九九 壹壹壹 伍陆柒 六 | 招:捌捌捌捌"
LONG = "一二三 二七十 四五六 壹贰叁 肆伍陆 九 | 垅:拾拾拾拾"
# RULES.md 9's examples 3 and 5, written for luzhou (提 → 招)
POPAO = "一二三 壹贰叁 贰柒拾 七八九 五五五 陆柒捌 四六"
SECOND_FOUR = "五五五 四六 一二三 壹贰叁 伍伍 | 招:拾拾拾拾 吃:陆柒捌"


# ---------------------------------------------------------------- 胡息 (the variant table's 胡息 rows)

# RULES.md 8: (small, big, red small, red big) of each triplet/quad, and (small, big) of the 句 that carry 胡息
TRIPLETS = {"peng": (1, 3, 6, 9), "kan": (6, 9, 9, 12), "zhao": (9, 12, 12, 15), "long": (12, 15, 15, 18)}


@pytest.mark.parametrize("kind", list(TRIPLETS))
def test_huxi_of_each_tile_of_a_triplet_or_quad(kind, rules=LUZHOU):
    small, big, red_small, red_big = TRIPLETS[kind]
    size = 3 if kind in ("peng", "kan") else 4
    for t in range(20):
        want = (red_big if t in RED else big) if t >= 10 else (red_small if t in RED else small)
        assert group_huxi(kind, (t,) * size, rules) == want, (kind, glyphs([t]))


def test_huxi_of_123_and_2710(rules=LUZHOU):
    assert [group_huxi("ju", tuple(map(T, g)), rules) for g in ("一二三", "壹贰叁", "二七十", "贰柒拾", "四五六", "九九玖")] \
        == [3, 6, 6, 9, 0, 0]


def test_red_peng_is_worth_6_and_9_in_a_hand():
    # 二 from another player onto the pair 二二: a red small 碰, 6 (hunan: 1); 拾 onto 拾拾: red big, 9.
    assert "peng:二二二=6" in groups(hu(E2, "二", "other"))
    assert "peng:拾拾拾=9" in groups(hu(E6, "拾", "other"))
    # black: 四四四 small 1 (E7), the exposed 碰:伍伍伍 big 3 (E3)
    assert "peng:四四四=1" in groups(hu(E7, "四", "discard"))
    assert "peng:伍伍伍=3" in groups(hu(E3, "五", "other"))
    # an exposed red 碰 too: 碰:十十十 is 6
    assert "peng:十十十=6" in groups(hu(E4, "柒", "other"))


def test_kan_is_worth_6_9_and_red_9_12_in_a_hand():
    assert "kan:八八八=6" in groups(hu(E1, "玖", "other"))
    assert "kan:陆陆陆=9" in groups(hu(E3, "五", "other"))
    assert "kan:十十十=9" in groups(hu(E2, "二", "other"))
    assert "kan:柒柒柒=12" in groups(hu(E6, "拾", "other"))


def test_zhao_is_kan_plus_3_in_a_hand():
    assert "zhao:八八八八=9" in groups(hu(E4, "柒", "other"))        # exposed, black small
    assert "zhao:伍伍伍伍=12" in groups(hu(E3, "伍", "self"))         # made onto the 碰, black big
    assert "zhao:十十十十=12" in groups(hu(E2, "十", "discard"))      # made onto the 坎, red small
    assert "zhao:柒柒柒柒=15" in groups(hu(E6, "柒", "other"))        # made onto the 坎, red big


def test_long_is_zhao_plus_3_in_a_hand():
    # 垅:拾拾拾拾 is red big: 18, "最高为18胡"
    assert "long:拾拾拾拾=18" in groups(hu(LONG, "九", "other"))


def test_2710_is_worth_6_and_9_in_a_hand():
    assert {"ju:二七十=6", "ju:一二三=3", "ju:壹贰叁=6"} <= set(groups(hu(E1, "玖", "self")))
    assert "ju:贰柒拾=9" in groups(hu(E3, "五", "other"))


# ---------------------------------------------------------------- no 偎: one's own 碰

def test_wei_is_refused_by_the_notation(rules=LUZHOU):
    with pytest.raises(HandError, match="no 偎 .*有碰必碰"):
        parse_hand("肆伍陆 捌玖 拾拾 | 偎:壹壹壹 吃:贰叁肆 招:八八八八 碰:十十十", rules)
    assert parse_hand(E4, rules).melds[0].kind == "peng"


def test_a_self_drawn_tile_onto_a_pair_is_ones_own_peng():
    # E2: 二 self-drawn onto 二二 makes the drawer's own 碰, valued as 碰 (6, red small), not as 偎.
    r = hu(E2, "二", "self")
    assert nums(r) == (30, 4, 2, 8, "碰胡") and "peng:二二二=6" in groups(r)
    assert not any(g.kind == "wei" for g in r.win.groups)


def test_the_own_peng_is_compulsory():
    # E4: 拾 self-drawn onto 拾拾 must be 碰'd, which leaves 捌玖 without a group; another's 拾 wins
    assert per_source(E4, "拾") == {"self": "forced_peng", "other": (18, 1, 1, 1, "单吊胡"),
                                    "discard": (18, 1, 1, 1, "单吊胡")}
    # E2: the two 贰 (in 壹贰叁 and 贰柒拾) are a concealed pair too
    assert per_source(E2, "贰")["self"] == "forced_peng"


# ---------------------------------------------------------------- 招: compulsory, onto a 坎 from every source

def test_zhao_onto_a_kan_from_every_source():
    # E6: 柒 onto the 坎 柒柒柒 is 招'd whoever reveals it, a discard included
    assert per_source(E6, "柒") == {"self": (30, 4, 2, 8, "招胡"), "other": (30, 3, 2, 6, "招胡"),
                                    "discard": (30, 3, 2, 6, "招胡")}


def test_zhao_that_leaves_the_hand_short_wins_from_no_source():
    # RULES.md 9 example 5 under luzhou: the 招 of 五 would be a second 4-tile group
    assert per_source(SECOND_FOUR, "五") == dict.fromkeys(SOURCES, "forced_zhao")
    assert waits(SECOND_FOUR) == set()


def test_zhao_onto_an_exposed_peng_from_the_stock_free_from_a_discard():
    # E8 has a 招 already: a stock 伍 onto 碰:伍伍伍 must be 招'd (a second 4-tile group: one
    # tile short), a discarded 伍 is free and makes 肆伍陆.
    assert per_source(E8, "伍") == {"self": "forced_zhao", "other": "forced_zhao",
                                    "discard": (30, 3, 1, 3, "顺胡")}
    assert groups(hu(E8, "伍", "discard"))[:2] == ["zhao:捌捌捌捌=12", "peng:伍伍伍=3"]
    # E3: the stock 伍 wins as 招 (39 胡息), the discarded one with 五五伍 (30)
    assert per_source(E3, "伍") == {"self": (39, 4, 1, 4, "招胡"), "other": (39, 3, 1, 3, "招胡"),
                                    "discard": (30, 3, 1, 3, "编胡")}


def test_an_exposed_zhao_or_long_needs_the_jiang_pair():
    assert groups(hu(E5, "六", "other"))[-1] == "jiang:六六=0"
    assert groups(hu(LONG, "九", "other"))[-1] == "jiang:九九=0"


# ---------------------------------------------------------------- no 破跑

def test_no_po_pao():
    # hunan wins RULES.md 9 example 3 on another's 五 by 破跑 (the 坎 kept, 四五六); luzhou does not:
    # 五 must be 招'd from every source and 四六 is left without a group.
    assert reference.hu(hand_of(POPAO, HUNAN), T("五"), "other", HUNAN).win.how == "破跑胡"
    assert per_source(POPAO, "五") == dict.fromkeys(SOURCES, "forced_zhao")
    assert waits(POPAO) == set()


# ---------------------------------------------------------------- winning on discards

def test_a_discard_wins():
    assert per_source(E1, "玖")["discard"] == (21, 2, 1, 2, "顺胡")
    w = {glyphs([x.tile]): x for x in reference.ting(hand_of(E1), LUZHOU).waits}
    assert w["玖"].discard is not None and w["玖"].discard == w["玖"].other


def test_hunan_wins_on_no_discard():
    r = reference.hu(hand_of(POPAO, HUNAN), T("五"), "discard", HUNAN)
    assert (r.win, r.reason) == (None, "source_no_hu")
    assert reference.best_win(hand_of(POPAO, HUNAN), T("五"), "discard", HUNAN) is None


def test_a_discard_onto_a_pair_or_kan_is_valued_as_from_another_player():
    for text, tile in ((E2, "二"), (E6, "拾"), (E6, "柒"), (E3, "陆"), (E7, "四")):
        s = per_source(text, tile)
        assert s["discard"] == s["other"], (text, tile)
    assert per_source(E2, "二")["discard"] == (30, 3, 2, 6, "碰胡")


# ---------------------------------------------------------------- minimum, 等, 自摸

def test_minimum_is_10_huxi():
    # E7: 四 onto the pair makes a black 碰 (1): 3 + 6 + 1 = 10, a win; 肆 makes 四四肆 (0): 9, none
    assert per_source(E7, "四")["other"] == (10, 1, 1, 1, "碰胡")
    r = hu(E7, "肆", "other")
    assert (r.reason, r.huxi) == ("huxi_short", 9)


def test_deng_is_huxi_by_tens():
    assert [LUZHOU.deng(h, self_drawn=False) for h in (10, 19, 20, 29, 30, 39, 45)] == [1, 1, 2, 2, 3, 3, 4]
    assert [nums(hu(text, t, "other"))[:2] for text, t in ((E7, "四"), (E4, "柒"), (E1, "玖"), (E6, "柒"))] \
        == [(10, 1), (18, 1), (21, 2), (30, 3)]


def test_zimo_adds_one_deng_after_the_minimum():
    # 10 胡息 self-drawn: 1 + 1 等; 9 胡息 self-drawn does not win although 0 + 1 等 would be 1
    assert per_source(E7, "四")["self"] == (10, 2, 1, 2, "碰胡")
    r = hu(E7, "肆", "self")
    assert (r.reason, r.huxi) == ("huxi_short", 9)
    assert per_source(E1, "玖")["self"] == (21, 3, 1, 3, "顺胡")  # only self is 自摸: discard 2


# ---------------------------------------------------------------- 番

def test_honghu_from_10_red_tiles_with_no_upper_bound():
    assert LUZHOU.fan(9, duidui=False) == (1, ())
    assert [LUZHOU.fan(n, duidui=False) for n in (10, 12, 13, 20)] == [(2, ("红胡",))] * 4
    # E2's 二 from a discard: 14 red tiles (hunan: 红乌 4) is 红胡 2
    r = hu(E2, "二", "discard")
    assert sum(x in RED for g in r.win.groups for x in g.tiles) == 14
    assert (r.win.fan_names, r.win.fan) == (("红胡",), 2)


def test_wuhu_is_4():
    assert LUZHOU.fan(0, duidui=False) == (4, ("乌胡",))
    r = hu(E5, "六", "other")
    assert (r.win.fan_names, r.win.fan, r.win.score) == (("乌胡",), 4, 8)


def test_no_dianhu_hongwu_or_duiduihu():
    assert LUZHOU.fan(1, duidui=False) == (1, ())  # 点胡 in hunan
    r = hu(ONE_RED, "六", "other")  # the only red tile is 柒
    assert sum(x in RED for g in r.win.groups for x in g.tiles) == 1
    assert (r.win.fan_names, r.win.fan) == ((), 1)
    # every 门子 a triplet and no red: 乌胡 4 alone (hunan: 乌胡 + 对对胡 = 10)
    r = hu(DUIDUI, "八", "other")
    assert all(g.kind in ("peng", "kan") for g in r.win.groups)
    assert nums(r) == (38, 3, 4, 12, "碰胡") and r.win.fan_names == ("乌胡",)


def test_luzhou_deng_fan_is_always_1():
    for text, tile in ((E2, "二"), (E5, "六"), (DUIDUI, "八"), (E1, "玖")):
        for source in SOURCES:
            r = hu(text, tile, source, LUZHOU_DENG)
            full = hu(text, tile, source, LUZHOU)
            assert (r.win.fan, r.win.fan_names) == (1, ())
            assert (r.win.huxi, r.win.deng, r.win.score) == (full.win.huxi, full.win.deng, full.win.deng)


# ---------------------------------------------------------------- worked examples (computed by hand)

def test_worked_example_1_plain_hand_every_source():
    # E1 二七十 一二三 八八八 四五六 壹贰叁 肆伍陆 柒捌 (20 tiles) waits on 叁, 陆, 玖.
    # 玖: 二七十 6 + 一二三 3 + 坎 八八八 6 + 四五六 0 + 壹贰叁 6 + 肆伍陆 0 + 柒捌玖 0 = 21 胡息;
    #     等 21 // 10 = 2; red 二七十 3 + 二 + 贰 + 柒 = 6: no 番 (1).
    #     self 等 2 + 1 = 3 → 3; other 2 × 1 = 2; discard 2.
    assert waits(E1) == {"叁", "陆", "玖"}
    assert per_source(E1, "玖") == {"self": (21, 3, 1, 3, "顺胡"), "other": (21, 2, 1, 2, "顺胡"),
                                    "discard": (21, 2, 1, 2, "顺胡")}
    assert groups(hu(E1, "玖", "other")) == ["ju:一二三=3", "ju:二七十=6", "ju:四五六=0", "kan:八八八=6",
                                            "ju:壹贰叁=6", "ju:肆伍陆=0", "ju:柒捌玖=0"]


def test_worked_example_2_red_peng_honghu_own_peng():
    # E2 贰柒拾 十十十 七七柒 二二 四五六 壹贰叁 捌玖拾; 二 onto the pair 二二.
    # other / discard: 碰 二二二 (red small) 6 + 四五六 0 + 七七柒 0 + 坎 十十十 (red small) 9
    #     + 壹贰叁 6 + 贰柒拾 9 + 捌玖拾 0 = 30 胡息; 等 3; red 3 + 0 + 3 + 3 + 1 + 3 + 1 = 14
    #     → 红胡 2 (no upper bound); score 3 × 2 = 6.
    # self: the drawer's own 碰 二二二, the same groups: 等 3 + 1 = 4, score 4 × 2 = 8.
    assert per_source(E2, "二") == {"self": (30, 4, 2, 8, "碰胡"), "other": (30, 3, 2, 6, "碰胡"),
                                    "discard": (30, 3, 2, 6, "碰胡")}
    assert groups(hu(E2, "二", "self")) == ["peng:二二二=6", "ju:四五六=0", "jiao:七七柒=0", "kan:十十十=9",
                                           "ju:壹贰叁=6", "ju:贰柒拾=9", "ju:捌玖拾=0"]
    # 贰 (the hand holds two, in 壹贰叁 and 贰柒拾): another's makes 二二贰 (24 胡息, 红胡: 2 × 2 = 4);
    # self-drawn it must be the own 碰 贰贰贰, and 壹叁柒拾 are left: forced_peng.
    assert per_source(E2, "贰") == {"self": "forced_peng", "other": (24, 2, 2, 4, "编胡"),
                                    "discard": (24, 2, 2, 4, "编胡")}


def test_worked_example_3_zhao_from_the_stock_free_from_a_discard():
    # E3 一二三 贰柒拾 七八九 壹贰叁 陆陆陆 五五 | 碰:伍伍伍 (17 concealed: 20 − 3).
    # 伍 from the stock (self, other): 招 伍伍伍伍 (big black) 12 + 一二三 3 + 七八九 0 + 壹贰叁 6
    #     + 贰柒拾 9 + 坎 陆陆陆 (big black) 9 + 将 五五 0 = 39; 等 3; red 1 + 3 + 1 + 1 = 6: 番 1;
    #     other 3, self 等 4 → 4.
    # 伍 discarded: no 招; 碰 伍伍伍 3 + 一二三 3 + 五五伍 0 + 七八九 0 + 壹贰叁 6 + 贰柒拾 9
    #     + 陆陆陆 9 = 30; 等 3 → 3.
    # 陆 onto the 坎, from every source a discard included: 招 陆陆陆陆 12 with the 将 五五:
    #     3 + 3 + 0 + 6 + 9 + 12 + 0 = 33; 等 3: other / discard 3, self 4.
    # 五 onto the pair 五五: 碰 五五五 (small black) 1: 3 + 3 + 1 + 0 + 6 + 9 + 9 = 31: 3 / self 4.
    assert waits(E3) == {"五", "伍", "陆"}
    assert per_source(E3, "伍") == {"self": (39, 4, 1, 4, "招胡"), "other": (39, 3, 1, 3, "招胡"),
                                    "discard": (30, 3, 1, 3, "编胡")}
    assert per_source(E3, "陆") == {"self": (33, 4, 1, 4, "招胡"), "other": (33, 3, 1, 3, "招胡"),
                                    "discard": (33, 3, 1, 3, "招胡")}
    assert per_source(E3, "五") == {"self": (31, 4, 1, 4, "碰胡"), "other": (31, 3, 1, 3, "碰胡"),
                                    "discard": (31, 3, 1, 3, "碰胡")}
    assert groups(hu(E3, "伍", "other"))[0] == "zhao:伍伍伍伍=12"
    assert groups(hu(E3, "伍", "discard"))[0] == "peng:伍伍伍=3"


def test_worked_example_4_melds_and_the_own_peng():
    # E4 肆伍陆 捌玖 拾拾 | 碰:壹壹壹 吃:贰叁肆 招:八八八八 碰:十十十 (7 concealed: 19 − 3·3 − 3).
    # 柒: 碰 壹壹壹 3 + 吃 贰叁肆 0 + 招 八八八八 9 + 碰 十十十 (red) 6 + 肆伍陆 0 + 柒捌玖 0
    #     + 将 拾拾 0 = 18; 等 1; red 贰 + 十×3 + 柒 + 拾×2 = 7: 番 1; other / discard 1, self 2.
    # 拾: another's (or a discard) makes 捌玖拾 with the 将 拾拾: 18, 1; self-drawn it must be the
    #     own 碰 拾拾拾 and 捌玖 is left: forced_peng.
    assert waits(E4) == {"柒", "拾"}
    assert per_source(E4, "柒") == {"self": (18, 2, 1, 2, "顺胡"), "other": (18, 1, 1, 1, "顺胡"),
                                    "discard": (18, 1, 1, 1, "顺胡")}
    assert per_source(E4, "拾") == {"self": "forced_peng", "other": (18, 1, 1, 1, "单吊胡"),
                                    "discard": (18, 1, 1, 1, "单吊胡")}
    assert groups(hu(E4, "柒", "other")) == ["peng:壹壹壹=3", "chi:贰叁肆=0", "zhao:八八八八=9",
                                            "peng:十十十=6", "ju:肆伍陆=0", "ju:柒捌玖=0", "jiang:拾拾=0"]


def test_worked_example_5_wuhu_with_an_exposed_zhao():
    # E5 三四五 肆伍陆 九九九 壹壹壹 叁肆伍 六 | 招:捌捌捌捌 (16 concealed: 19 − 3), no red tile.
    # 六 (单吊): 招 捌捌捌捌 (big black) 12 + 三四五 0 + 坎 九九九 6 + 坎 壹壹壹 9 + 叁肆伍 0
    #     + 肆伍陆 0 + 将 六六 0 = 27; 等 2; 乌胡 4: other / discard 2 × 4 = 8, self 3 × 4 = 12.
    assert per_source(E5, "六") == {"self": (27, 3, 4, 12, "单吊胡"), "other": (27, 2, 4, 8, "单吊胡"),
                                    "discard": (27, 2, 4, 8, "单吊胡")}
    assert groups(hu(E5, "六", "self")) == ["zhao:捌捌捌捌=12", "ju:三四五=0", "kan:九九九=6", "kan:壹壹壹=9",
                                           "ju:叁肆伍=0", "ju:肆伍陆=0", "jiang:六六=0"]


def test_worked_example_6_zhao_onto_a_red_kan_and_a_red_peng():
    # E6 柒柒柒 一二三 二七十 四五六 壹贰叁 肆伍陆 拾拾.
    # 柒 (any source): 招 柒柒柒柒 (red big) 15 + 一二三 3 + 二七十 6 + 四五六 0 + 壹贰叁 6 + 肆伍陆 0
    #     + 将 拾拾 0 = 30; 等 3; red 4 + 1 + 3 + 1 + 2 = 11 → 红胡 2: 6, self 4 × 2 = 8.
    # 拾 onto the pair (other, discard): 碰 拾拾拾 (red big) 9 with the 坎 柒柒柒 12 kept and no 将:
    #     12 + 3 + 6 + 0 + 6 + 0 + 9 = 36; 等 3; red 3 + 1 + 3 + 1 + 3 = 11 → 红胡: 6; self (own 碰) 8.
    assert per_source(E6, "柒") == {"self": (30, 4, 2, 8, "招胡"), "other": (30, 3, 2, 6, "招胡"),
                                    "discard": (30, 3, 2, 6, "招胡")}
    assert per_source(E6, "拾") == {"self": (36, 4, 2, 8, "碰胡"), "other": (36, 3, 2, 6, "碰胡"),
                                    "discard": (36, 3, 2, 6, "碰胡")}
    assert groups(hu(E6, "柒", "discard"))[-2:] == ["zhao:柒柒柒柒=15", "jiang:拾拾=0"]


def test_worked_example_7_the_minimum():
    # E7 一二三 五五五 七八九 肆伍陆 陆柒捌 四四 捌玖拾.
    # 四 onto the pair: 一二三 3 + 碰 四四四 (small black) 1 + 坎 五五五 6 + the rest 0 = 10 ≥ 10;
    #     等 1; red 二 七 柒 拾 = 4: 番 1; other / discard 1, self 等 2 → 2.
    # 肆 (one held, so no own 碰): 四四肆 (绞, 0): 3 + 6 + 0 = 9 < 10, from every source (self
    #     too: the minimum is checked before the 自摸 等, which would make 0 + 1 = 1).
    assert per_source(E7, "四") == {"self": (10, 2, 1, 2, "碰胡"), "other": (10, 1, 1, 1, "碰胡"),
                                    "discard": (10, 1, 1, 1, "碰胡")}
    assert per_source(E7, "肆") == dict.fromkeys(SOURCES, "huxi_short")
    assert "肆" not in waits(E7)


def test_worked_example_8_a_discard_onto_a_peng_beside_a_zhao():
    # E8 一二三 二七十 肆陆 壹贰叁 拾拾 | 招:捌捌捌捌 碰:伍伍伍 (13 concealed: 19 − 3 − 3).
    # 伍 discarded (free): 招 捌捌捌捌 12 + 碰 伍伍伍 3 + 一二三 3 + 二七十 6 + 壹贰叁 6 + 肆伍陆 0
    #     + 将 拾拾 0 = 30; 等 3; red 1 + 3 + 1 + 2 = 7: 番 1 → 3.
    # 伍 from the stock must be 招'd onto the 碰: a second 4-tile group, one tile short: forced_zhao.
    assert per_source(E8, "伍") == {"self": "forced_zhao", "other": "forced_zhao",
                                    "discard": (30, 3, 1, 3, "顺胡")}
    w = {glyphs([x.tile]): x for x in reference.ting(hand_of(E8), LUZHOU).waits}
    assert set(w) == {"伍"} and (w["伍"].self, w["伍"].other) == (None, None) and w["伍"].outs == 1


def test_discard_advice_weighs_the_discard_source():
    # E8 plus 九: discarding 九 keeps the wait on 伍 (1 live copy), which only a discard wins:
    # expected score = 1·(1·0 + 2·0 + 2·3) / (5·1) = 6/5 with the weights self 1, other 2, discard 2.
    hand = parse_hand(E8.replace(" |", " 九 |"), LUZHOU)
    check_hand(hand, want="discard", rules=LUZHOU)
    row = reference.discard(hand, LUZHOU).rows[0]
    assert (glyphs([row.tile]), row.outs, str(row.expected_score), row.best_score) == ("九", 1, "6/5", 3)
