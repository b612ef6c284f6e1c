"""RULES.md as tests: every worked example of section 9, then one named test
per rule case, all through the typed API (answered by the reference)."""
from fractions import Fraction

import pytest

from solver import api
from solver.model.hand import HandError
from solver.model.rules import HUNAN
from solver.model.tiles import GLYPH_TO_ID, glyphs


def T(glyph: str) -> int:
    return GLYPH_TO_ID[glyph]


def waits(hand: str, **kw) -> dict:
    """{tile glyph: (self Win | None, other Win | None, outs)}."""
    return {glyphs([w.tile]): (w.self, w.other, w.outs) for w in api.ting(hand, **kw).waits}


def nums(win):
    """(huxi, deng, fan, score, how) of a Win, or None."""
    return None if win is None else (win.huxi, win.deng, win.fan, win.score, win.how)


def groups(win):
    return [f"{g.kind}:{g.text()}" for g in win.groups]


# --- RULES.md section 9: worked examples -------------------------------------

def test_example_1_two_waits_one_red_hu():
    w = waits("一二三 壹贰叁 贰柒拾 二七十 四五六 七八九 伍陆")
    assert set(w) == {"肆", "柒"}
    self_, other, _ = w["肆"]
    assert (other.huxi, other.score, self_.score) == (18, 2, 3)
    assert other.fan_names == self_.fan_names == ()
    self_, other, _ = w["柒"]  # the 10th red tile: 红胡
    assert (other.huxi, other.fan_names, other.score, self_.score) == (18, ("红胡",), 4, 6)


def test_example_2_jiao_paohu_tihu_penghu_weihu():
    w = waits("一二三 壹贰叁 贰柒拾 四五六 八九十 七七七 伍伍")
    assert set(w) == {"五", "七", "伍"}
    assert nums(w["五"][1]) == (18, 2, 1, 2, "编胡")
    assert nums(w["五"][0]) == (18, 3, 1, 3, "编胡")
    assert "jiao:五伍伍" in groups(w["五"][1])
    assert nums(w["七"][1]) == (21, 3, 2, 6, "跑胡") and w["七"][1].fan_names == ("红胡",)
    assert nums(w["七"][0]) == (24, 5, 2, 10, "提胡")
    assert groups(w["七"][1])[-1] == "jiang:伍伍"  # the pair becomes the 将 of the 跑
    assert nums(w["伍"][1]) == (21, 3, 1, 3, "碰胡")
    assert nums(w["伍"][0]) == (24, 5, 1, 5, "偎胡")


def test_example_3_popao_from_other_only():
    w = waits("一二三 壹贰叁 贰柒拾 七八九 五五五 陆柒捌 四六")
    assert set(w) == {"五"}
    self_, other, outs = w["五"]
    assert self_ is None  # self-drawn it must become 提: 破跑不破提
    assert nums(other) == (18, 2, 1, 2, "破跑胡")
    assert {"kan:五五五", "ju:四五六"} <= set(groups(other))
    assert outs == 1


def test_example_4_melds_and_forced_wei():
    hand = "肆伍陆 捌玖 拾拾 | 偎:壹壹壹 吃:贰叁肆 提:八八八八 偎:十十十"
    w = waits(hand)
    assert set(w) == {"柒", "拾"}
    self_, other, _ = w["柒"]
    assert (other.huxi, other.score, self_.score) == (18, 2, 3)
    assert groups(other) == ["wei:壹壹壹", "chi:贰叁肆", "ti:八八八八", "wei:十十十",
                             "ju:肆伍陆", "ju:柒捌玖", "jiang:拾拾"]
    self_, other, _ = w["拾"]
    assert self_ is None  # a self-drawn 拾 must become 偎 with the pair
    assert (other.huxi, other.score) == (18, 2)
    assert "ju:捌玖拾" in groups(other) and "jiang:拾拾" in groups(other)


def test_example_5_second_ti_cannot_be_won_on():
    hand = "五五五 四六 一二三 壹贰叁 伍伍 | 提:拾拾拾拾 吃:陆柒捌"
    w = waits(hand)
    assert set(w) == {"五"}
    self_, other, _ = w["五"]
    assert self_ is None
    assert nums(other) == (24, 4, 1, 4, "破跑胡")
    r = api.hu(hand, win="五", source="self")
    assert not r.wins and r.reason == "forced_ti"


# --- one named test per rule case --------------------------------------------

BASE = "一二三 壹贰叁 贰柒拾 二七十"  # 4 groups, 18 胡息


def test_kan_is_locked():
    # 伍 would win by splitting the 坎 五五五 (三四五 五六七 五伍伍): not allowed.
    hand = BASE + " 五五五 三四 六七 伍"
    assert not api.ting(hand).ready
    r = api.hu(hand, win="伍", source="other")
    assert not r.wins and r.reason == "no_7_groups"


def test_forced_ti_po_pao_bu_po_ti():
    hand = "一二三 壹贰叁 贰柒拾 七八九 五五五 陆柒捌 四六"
    r = api.hu(hand, win="五", source="self")
    assert (r.wins, r.reason) == (False, "forced_ti")
    assert api.hu(hand, win="五", source="other").win.how == "破跑胡"


def test_forced_wei_on_self_drawn_pair():
    hand = "肆伍陆 捌玖 拾拾 | 偎:壹壹壹 吃:贰叁肆 提:八八八八 偎:十十十"
    r = api.hu(hand, win="拾", source="self")
    assert (r.wins, r.reason) == (False, "forced_wei")


def test_popao_on_exposed_peng_either_source():
    hand = "一二三 壹贰叁 贰柒拾 七八九 陆柒捌 四六 | 碰:五五五"
    w = waits(hand)
    assert set(w) == {"五"}
    self_, other, outs = w["五"]
    assert nums(other) == (16, 1, 1, 1, "破跑胡")
    assert nums(self_) == (16, 2, 1, 2, "破跑胡")  # a stock tile onto a 碰 may be 破跑'd by its drawer too
    assert groups(other)[0] == "peng:五五五" and outs == 1


def test_popao_on_exposed_wei_only_from_other():
    hand = "一二三 壹贰叁 贰柒拾 七八九 陆柒捌 四六 | 偎:五五五"
    self_, other, _ = waits(hand)["五"]
    assert self_ is None  # self-drawn onto a 偎: 提 is compulsory
    assert nums(other) == (18, 2, 1, 2, "破跑胡")
    assert api.hu(hand, win="五", source="self").reason == "forced_ti"


def test_paohu_takes_the_pair_as_jiang():
    other = waits("一二三 壹贰叁 贰柒拾 四五六 八九十 七七七 伍伍")["七"][1]
    assert "pao:七七七七" in groups(other) and groups(other)[-1] == "jiang:伍伍"


def test_penghu_valued_as_peng():
    other = waits("一二三 壹贰叁 贰柒拾 四五六 八九十 七七七 伍伍")["伍"][1]
    peng = [g for g in other.groups if g.kind == "peng"]
    assert [(g.text(), g.huxi) for g in peng] == [("伍伍伍", HUNAN.huxi["peng"][14])]


def test_duiduihu_with_red():
    # Six 坎 and a pair: another's 九 makes a 碰: every 门子 is a triplet.
    self_, other, _ = waits("二二二 三三三 四四四 五五五 六六六 八八八 九九")["九"]
    assert other.fan_names == ("对对胡",) and (other.huxi, other.fan, other.score) == (19, 4, 8)
    assert self_.how == "偎胡" and (self_.huxi, self_.deng, self_.score) == (21, 4, 16)


def test_wuhu_plus_duiduihu_is_ten():
    self_, other, _ = waits("一一一 三三三 四四四 五五五 六六六 八八八 九九")["九"]
    assert other.fan_names == ("乌胡", "对对胡") and other.fan == 10
    assert other.score == 2 * 10 and self_.score == 4 * 10
    # a 跑 of the 4th 八 with the pair as 将 is 对对胡 too
    assert waits("一一一 三三三 四四四 五五五 六六六 八八八 九九")["八"][1].fan == 10


@pytest.mark.parametrize("red, names, fan", [
    (0, ("乌胡",), 5), (1, ("点胡",), 3), (2, (), 1), (9, (), 1),
    (10, ("红胡",), 2), (12, ("红胡",), 2), (13, ("红乌",), 4), (20, ("红乌",), 4),
])
def test_red_fan_boundaries(red, names, fan):
    assert HUNAN.fan(red, duidui=False) == (fan, names)


def test_dianhu_hand():
    # The only red tile is the 二 of 一二三: 肆 wins 点胡; 柒 adds a second red.
    w = waits("一二三 四四四 五五五 八八八 捌捌捌 玖玖玖 伍陆")
    assert set(w) == {"肆", "柒"}
    assert w["肆"][1].fan_names == ("点胡",) and w["肆"][1].fan == 3
    assert w["柒"][1].fan_names == () and w["柒"][1].fan == 1
    assert w["肆"][1].huxi == w["柒"][1].huxi == 24


def test_deterministic_tie_break():
    # Two splits score and 胡息 alike; the smaller sorted (kind, tiles) list wins.
    hand = "一一二二三七七十十 壹贰贰叁叁肆伍柒柒拾拾"
    r = api.hu(hand, win="三", source="other", all_splits=True)
    tied = [d for d in r.decompositions if (d.score, d.huxi) == (r.win.score, r.win.huxi)]
    assert len(tied) >= 2
    assert groups(r.win) == ["jiao:一一壹", "ju:二七十", "ju:二七十", "jiao:三三叁",
                             "ju:贰柒拾", "ju:贰柒拾", "ju:叁肆伍"]
    assert r.win.how == "编胡"
    assert api.hu(hand, win="三", source="other").win == r.win


def test_deng_table():
    assert [HUNAN.deng(h, self_drawn=False) for h in (15, 17, 18, 20, 21)] == [1, 1, 2, 2, 3]
    assert HUNAN.deng(15, self_drawn=True) == 2


# --- outs, discards ----------------------------------------------------------

def test_outs_count_hand_melds_and_seen():
    hand = "一二三 壹贰叁 贰柒拾 二七十 四五六 七八九 伍陆"
    w = waits(hand, seen="肆肆柒")
    assert w["肆"][2] == 4 - 2  # two seen
    assert w["柒"][2] == 4 - 1 - 1  # one in 贰柒拾, one seen

def test_dead_wait_listed():
    hand = "一二三 壹贰叁 贰柒拾 二七十 四五六 七八九 伍陆"
    t = api.ting(hand, seen="肆肆肆肆")
    dead = [w for w in t.waits if w.dead]
    assert [glyphs([w.tile]) for w in dead] == ["肆"] and t.ready


def test_discard_ranking_and_expected_score():
    d = api.discard("一二三 壹贰叁 贰柒拾 二七十 四五六 七八九 伍陆 捌")
    top = d.rows[0]
    assert glyphs([top.tile]) == "捌"
    # waits 肆 (4 live: self 3, other 2) and 柒 (3 live: self 6, other 4)
    assert top.outs == 7
    assert top.expected_score == Fraction(4 * (3 + 2 * 2) + 3 * (6 + 2 * 4), 3 * 7)
    assert top.best_score == 6
    # Distance to ready first (no distance last), then live improving draws, then outs,
    # expected score, best score and tile index (RULES.md 6).
    keys = [(r.distance is None, r.distance or 0, -r.improving_live, -r.outs, -r.expected_score, -r.best_score,
             r.tile) for r in d.rows]
    assert keys == sorted(keys)


def test_discarded_tile_counts_as_seen():
    d = api.discard("一二三 壹贰叁 贰柒拾 二七十 四五六 七八九 伍陆 肆")
    row = next(r for r in d.rows if glyphs([r.tile]) == "肆")
    assert {glyphs([w.tile]): w.outs for w in row.waits}["肆"] == 3  # the discarded 肆 is seen


def test_kan_tile_is_never_discarded():
    d = api.discard("一二三 壹贰叁 贰柒拾 二七十 七八九 五五五 伍陆 捌")
    assert "五" not in {glyphs([r.tile]) for r in d.rows}


# --- validation (RULES.md section 3) -----------------------------------------

@pytest.mark.parametrize("hand, fragment", [
    ("一二三 壹贰叁 贰柒拾 二七十 四五六 七八九 伍", "holds 20"),
    ("一二三 壹贰叁 贰柒拾 二七十 四五六 七八九 伍陆柒", "phz discard"),
    ("一一一一 二三 壹贰叁 贰柒拾 二七十 四五六 七八", "提"),
    ("伍陆 | 碰:一一一 碰:二二二 碰:三三三 碰:四四四 碰:五五五 碰:六六六 碰:七七七", "too many melds"),
    ("壹贰叁 伍伍 陆陆陆 | 提:一一一一 提:二二二二 提:三三三三", "天胡"),
])
def test_bad_hands(hand, fragment):
    with pytest.raises(HandError, match=fragment):
        api.ting(hand)


def test_too_many_copies_with_seen_and_tile():
    hand = "一二三 壹贰叁 贰柒拾 二七十 四五六 七八九 伍陆"
    with pytest.raises(HandError, match="5 copies of 肆 across hand, melds and --seen"):
        api.ting(hand, seen="肆肆肆肆肆")
    with pytest.raises(HandError, match="5 copies of 伍 .*--seen and the tile asked about"):
        api.load(hand, want="rest", seen="伍伍伍", tile=T("伍"))


# --- flags that no shipped ruleset turns on yet, read where they apply ---------------------------------

PAIR_HAND = "一二三四五 六七八 九九玖 肆伍陆 柒捌玖 拾拾壹"  # a pair 拾拾 (and 九九), at rest


def test_a_compulsory_peng_is_made_before_chi_and_pass():
    from dataclasses import replace

    from solver.api import decide
    from solver.text.explain import action_text, forbidden_text

    optional = decide(PAIR_HAND, tile="九", source="upper-discard")
    peng = next(a for a in optional.actions if a.action == "peng")
    assert not peng.compulsory and any(a.action == "pass" for a in optional.actions)
    assert "optional in hunan" in action_text(optional, peng, "en")
    assert any(a.action == "chi" for a in optional.actions)  # 九九玖 eats as 绞

    must = replace(HUNAN, name="house", peng_compulsory=True)
    d = decide(PAIR_HAND, tile="九", source="upper-discard", rules=must)
    peng = next(a for a in d.actions if a.action == "peng")
    assert peng.compulsory and d.compulsory is peng
    assert [a.action for a in d.actions] == ["peng"]  # no 吃, no 过
    reasons = {(f.action, f.reason, f.detail) for f in d.forbidden}
    assert ("pass", "compulsory", ("peng",)) in reasons
    assert {r for a, r, _ in reasons if a == "chi"} == {"compulsory"}
    assert "compulsory in house (有碰必碰)" in action_text(d, peng, "en")
    assert "必须碰" in action_text(d, peng, "zh")
    passing = next(f for f in d.forbidden if f.action == "pass")
    assert "the 碰 is compulsory" in forbidden_text(d, passing, "en")


def test_own_discards_make_chou_only_under_that_flag():
    from dataclasses import replace

    from solver.api import decide
    from solver.text.explain import action_text

    for rules, said in ((HUNAN, False), (replace(HUNAN, name="house", own_discard_makes_chou=True), True)):
        d = decide(PAIR_HAND, tile="三", source="upper-discard", rules=rules)
        chi = next(a for a in d.actions if a.action == "chi")
        assert ("the tile you discard becomes 臭 for you" in action_text(d, chi, "en")) == said
        assert ("打出的牌对你成为臭张" in action_text(d, chi, "zh")) == said
        passing = next(a for a in d.actions if a.action == "pass")
        assert "the tile you discard" not in action_text(d, passing, "en")  # no discard follows a pass


def test_a_ruleset_is_found_by_its_aliases():
    from solver.model import rules as rules_module

    luzhou = rules_module.get_ruleset("luzhou")
    assert rules_module.get_ruleset("泸州") is luzhou
    assert rules_module.get_ruleset(" 大贰 ") is luzhou
    assert rules_module.get_ruleset("LUZHOU") is luzhou
    assert rules_module.get_ruleset("湖南") is HUNAN
    with pytest.raises(ValueError, match="unknown ruleset 'nowhere': choose one of hunan, luzhou, luzhou-deng"):
        rules_module.get_ruleset("nowhere")
