"""The context a game gives a win (RULES.md 5, 8 and 10): 海底, 天胡, 地胡, 起手胡.

Their fans (``Ruleset.fan``'s ``conditions``) on worked examples; the best
decomposition ranked with them (``reference.best_win``/``hu``'s
``conditions``) against a brute force over every decomposition on thousands
of random winning hands per ruleset; 天胡 of a dealt hand
(``solver.engine.dealt``, ``api.tianhu``); the API's checks; and ``phz hu
--last-tile / --dihu / --qishou / --tianhu``.
"""
from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from solver import api
from solver.app.commands import main
from solver.app.generate import ready_hands
from solver.engine import dealt, reference
from solver.model.groups import DUIDUI_KINDS
from solver.model.hand import HandError
from solver.model.notation import parse_hand, parse_tile
from solver.model.results import SOURCES, Win
from solver.model.rules import get_ruleset
from solver.model.ruleset_file import RulesetError, loads
from solver.model.tiles import RED

HUNAN, LUZHOU, DENG = get_ruleset("hunan"), get_ruleset("luzhou"), get_ruleset("luzhou-deng")
EX2 = "一二三壹贰叁贰柒拾四五六八九十七七七伍伍"  # RULES.md 9, example 2
EX3 = "一二三 壹贰叁 贰柒拾 七八九 五五五 陆柒捌 四六"  # example 3: 五 from another player, 破跑胡, 平胡
#: six small 坎 and a pair, no red tile: 九 from another player makes 碰胡, 乌胡 + 对对胡
WU_DUIDUI = "一一一 三三三 四四四 五五五 六六六 八八八 九九"
#: a 提, four 坎 and the pairs 一一 壹壹, four red tiles: 一 from another player is either 碰 一一一 + 将 壹壹
#: (对对胡, 22 胡息) or 绞 一壹壹 + 将 一一 (21 胡息); both 3 等
TWO_WAYS = "一一 三三三 四四四 五五五 六六六 壹壹 | 提:二二二二"
#: the luzhou dealer's 21 tiles, 12 red (红胡): 二七十 6, 贰柒拾 9, 坎 壹壹壹 9
LUZHOU_RED = "二七十 二七十 贰柒拾 贰柒拾 三四五 肆伍陆 壹壹壹"
#: a house ruleset where 海底 ruins a 对对胡 (对对胡 + 海底 = 1 番): the same tiles then score best without it
HOUSE = """schema = 1
base = "hunan"
name = "haidi-house"
title = "海底 spoils 对对胡"
aliases = []
[[score.overrides]]
names = ["乌胡", "对对胡"]
fan = 10
[[score.overrides]]
names = ["对对胡", "海底"]
fan = 1
"""


def win(hand: str, t: str, source: str, rules=HUNAN, conditions=()) -> Win | None:
    return reference.best_win(parse_hand(hand, rules), parse_tile(t), source, rules, conditions=frozenset(conditions))


# --- fans ------------------------------------------------------------------------------

def test_haidi_fans_of_hunan():
    table = {(r, dd): HUNAN.fan(r, duidui=dd, conditions=frozenset({"haidi"})) for r in (0, 1, 5, 10, 13)
             for dd in (False, True)}
    assert table == {
        (0, False): (7, ("乌胡", "海底")), (0, True): (12, ("乌胡", "对对胡", "海底")),
        (1, False): (5, ("点胡", "海底")), (1, True): (9, ("点胡", "对对胡", "海底")),
        (5, False): (1, ("海底",)), (5, True): (6, ("对对胡", "海底")),  # 平胡海底算1番
        (10, False): (4, ("红胡", "海底")), (10, True): (8, ("红胡", "对对胡", "海底")),
        (13, False): (6, ("红乌", "海底")), (13, True): (10, ("红乌", "对对胡", "海底"))}
    # no context: the table of RULES.md 5, as before
    assert HUNAN.fan(5, duidui=False) == (1, ()) and HUNAN.fan(0, duidui=True) == (10, ("乌胡", "对对胡"))
    # the other game conditions bring no fan under hunan (the rule texts give none)
    for c in ("tianhu", "dihu", "qishou"):
        assert HUNAN.fan(10, duidui=False, conditions=frozenset({c})) == (2, ("红胡",))


def test_tianhu_and_dihu_fans_of_luzhou():
    for c in ("tianhu", "dihu"):
        name = {"tianhu": "天胡", "dihu": "地胡"}[c]
        assert LUZHOU.fan(12, duidui=False, conditions=frozenset({c})) == (4, ("红胡", name))
        assert LUZHOU.fan(0, duidui=True, conditions=frozenset({c})) == (6, ("乌胡", name))
        assert LUZHOU.fan(5, duidui=False, conditions=frozenset({c})) == (2, (name,))
    assert LUZHOU.condition_fans("haidi") == () and LUZHOU.fan(5, duidui=False, conditions={"haidi"}) == (1, ())
    # 只算等: no 番 at all, 天胡 and 地胡 included
    assert all(DENG.fan(r, duidui=False, conditions=frozenset({"tianhu", "dihu"})) == (1, ()) for r in (0, 5, 12))


def test_an_override_may_name_one_fan_and_must_name_known_ones():
    assert HUNAN.fan_overrides[frozenset({"海底"})] == 1
    bad = HOUSE.replace('names = ["对对胡", "海底"]', "names = []")
    with pytest.raises(RulesetError, match=r"score.overrides\[1\].*one or more fans"):
        loads(bad)
    with pytest.raises(RulesetError, match=r"score.overrides\[1\].fan"):
        loads(HOUSE.replace("fan = 1\n", "fan = 0\n"))


# --- wins with a condition (worked examples) ---------------------------------------------

def test_haidi_alone_is_fan_1():
    plain = win(EX3, "五", "other")
    last = win(EX3, "五", "other", conditions={"haidi"})
    assert (plain.fan, plain.fan_names, plain.score) == (1, (), 2)
    assert (last.fan, last.fan_names, last.score, last.how) == (1, ("海底",), 2, "破跑胡")
    assert last.groups == plain.groups


def test_haidi_with_hong_hu_is_fan_4():
    w = win(EX2, "七", "other", conditions={"haidi"})
    assert (w.huxi, w.deng, w.fan, w.fan_names, w.score, w.how) == (21, 3, 4, ("红胡", "海底"), 12, "跑胡")
    w = win(EX2, "七", "self", conditions={"haidi"})  # 提胡, 24 胡息: 4 等 + 1 自摸
    assert (w.deng, w.fan, w.score) == (5, 4, 20)


def test_haidi_on_wu_hu_dui_dui_hu_adds_2_to_10():
    w = win(WU_DUIDUI, "九", "other", conditions={"haidi"})
    assert (w.huxi, w.deng, w.how, w.fan, w.fan_names) == (19, 2, "碰胡", 12, ("乌胡", "对对胡", "海底"))
    assert win(WU_DUIDUI, "九", "other").fan == 10


def test_haidi_changes_the_best_decomposition_where_it_spoils_a_fan():
    """Under the shipped rulesets a 对对胡 split never loses to another split of the same tiles
    (it has the more 胡息, and 海底 adds to both), so the house ruleset HOUSE shows it."""
    house = loads(HOUSE)
    hand, t = parse_hand(TWO_WAYS, house), parse_tile("一")
    for rules in (HUNAN, house):
        plain = reference.best_win(hand, t, "other", rules)
        assert (plain.huxi, plain.deng, plain.fan, plain.fan_names, plain.how) == (22, 3, 4, ("对对胡",), "碰胡")
    assert reference.best_win(hand, t, "other", HUNAN, conditions=frozenset({"haidi"})).fan_names == ("对对胡", "海底")
    last = reference.best_win(hand, t, "other", house, conditions=frozenset({"haidi"}))
    assert (last.huxi, last.fan, last.fan_names, last.score) == (21, 2, ("海底",), 6)
    assert any(g.kind == "jiao" for g in last.groups)
    r = reference.hu(hand, t, "other", house, all_splits=True, conditions=frozenset({"haidi"}))
    assert r.win == last and [w.score for w in r.decompositions] == [6, 3]


def test_dihu_under_luzhou_adds_2_to_hong_hu():
    w = api.hu(EX2, win="七", source="discard", rules="luzhou", conditions={"dihu"})
    plain = api.hu(EX2, win="七", source="discard", rules="luzhou")
    assert plain.win.fan_names == ("红胡",) and plain.win.fan == 2
    assert (w.win.fan, w.win.fan_names, w.win.score) == (4, ("红胡", "地胡"), 4 * plain.win.deng)
    wu = "一一一 三四五 四五六 壹壹壹 叁肆伍 肆伍陆 捌捌"  # no red tile: 乌胡
    w = api.hu(wu, win="捌", source="discard", rules="luzhou", conditions={"dihu"}).win
    assert (w.fan, w.fan_names) == (6, ("乌胡", "地胡"))
    assert api.hu(wu, win="捌", source="discard", rules="luzhou-deng", conditions={"dihu"}).win.fan == 1


def test_qishou_has_no_fan_of_its_own():
    for rules, source in ((HUNAN, "self"), (HUNAN, "other"), (LUZHOU, "self"), (LUZHOU, "other")):
        r = api.hu(EX2, win="七", source=source, rules=rules, conditions={"qishou"})
        assert r == api.hu(EX2, win="七", source=source, rules=rules)


# --- 天胡 ----------------------------------------------------------------------------------

def dealt_win(hand: str, rules=HUNAN) -> Win | None:
    return dealt.tianhu(parse_hand(hand, rules), rules)


def test_tianhu_with_three_ti():
    w = dealt_win("一二三五六七八九 | 提:四四四四 提:壹壹壹壹 提:肆肆肆肆")
    # 提 9 + 12 + 12, 一二三 3, 五六七 0 (八九 stay outside): 36 胡息, 8 等 + 1 自摸, 2 red tiles: 平胡
    assert (w.how, w.huxi, w.deng, w.fan, w.fan_names, w.score) == ("天胡", 36, 9, 1, (), 9)
    assert [g.kind for g in w.groups] == ["ti", "ti", "ti", "ju", "ju"]
    d = api.tianhu("一二三五六七八九 | 提:四四四四 提:壹壹壹壹 提:肆肆肆肆")
    assert (d.win, d.dealer, d.fours, d.kans, d.left) == (w, False, 3, 0, (7, 8))


def test_tianhu_with_five_kan_and_the_dealers_21_tiles():
    d = api.tianhu("一一一二二二三三三五五五六六六七七八九十")
    assert (d.kans, d.win.huxi, d.win.deng, d.win.score, d.left) == (5, 15, 2, 2, (6, 9))
    # the dealer's 21 tiles, two 提 and three 坎 (提 count as 坎); 贰柒拾 is the best of the rest
    d = api.tianhu("三三三 五五五 八八八 贰柒拾 壹 | 提:一一一一 提:六六六六")
    assert d.dealer and (d.fours, d.kans) == (2, 3)
    assert d.win.huxi == 9 + 9 + 3 + 3 + 3 + 6 and d.left == (10,)
    # every tile in a 提, 坎 or the 将: 对对胡; no red tile: 乌胡, together 10
    w = dealt_win("五五五 六六六 八八 | 提:一一一一 提:三三三三 提:四四四四")
    assert (w.fan, w.fan_names, w.huxi, w.deng, w.score) == (10, ("乌胡", "对对胡"), 33, 8, 80)
    assert w.groups[-1].kind == "jiang"


def test_a_dealt_hand_without_tianhu():
    d = api.tianhu("三三三 五五五 七八九 壹贰叁 | 提:一一一一 提:六六六六")
    assert d.win is None and (d.fours, d.kans) == (2, 2)
    assert api.tianhu(EX2).win is None


def test_tianhu_of_the_luzhou_dealer_adds_2_fan():
    d = api.tianhu(LUZHOU_RED, rules="luzhou")
    assert d.dealer and d.win.how == "天胡" and d.win.fan_names == ("红胡", "天胡") and d.win.fan == 4
    assert d.win.huxi == 6 + 6 + 9 + 9 + 9 and d.win.deng == 3 + 1  # 39 胡息 // 10, 自摸 +1
    wu = "一一一 三四五 四五六 壹壹壹 叁肆伍 肆伍陆 捌捌捌"  # no red tile: 乌胡; 坎 6, 9, 9
    w = api.tianhu(wu, rules="luzhou").win
    assert (w.fan, w.fan_names, w.huxi, w.deng, w.score) == (6, ("乌胡", "天胡"), 24, 3, 18)
    assert api.tianhu(wu, rules="luzhou-deng").win.score == 3  # 只算等
    # one 垅 needs the 将; the dealer's 21 tiles count the 垅
    w = api.tianhu("三四五 六七八 壹贰叁 肆伍陆 捌玖拾 九九 | 垅:一一一一", rules="luzhou").win
    assert w is not None and w.groups[0].kind == "long" and w.groups[-1].kind == "jiang"
    # no 3 提 / 5 坎 rule there, and a hand short of 7 门子 or of 10 胡息 is none
    assert api.tianhu("一一一二二二三三三五五五六六六七七八九十 壹", rules="luzhou").win is None
    assert api.tianhu("三四五 六七八 叁肆伍 陆柒捌 三四五 六七八 肆伍陆", rules="luzhou").win is None  # 0 胡息


def test_tianhu_of_luzhou_every_triplet_is_a_kan():
    """The 21 tiles are all dealt: a triplet is a 坎 (9 胡息 red), never a 碰 of a drawn tile."""
    w = api.tianhu("二二二 三四五 六七八 九九九 壹贰叁 肆伍陆 柒捌玖", rules="luzhou").win
    assert ("kan", (1, 1, 1)) in [(g.kind, g.tiles) for g in w.groups]


def test_tianhu_refusals_name_the_fix():
    with pytest.raises(HandError, match="holds 20, or 21 for the dealer"):
        api.tianhu("一二三五六七八九十伍 | 提:四四四四 提:壹壹壹壹 提:肆肆肆肆")
    with pytest.raises(HandError, match="only its dealt fours"):
        api.tianhu("一二三五六七八九 | 提:四四四四 提:壹壹壹壹 碰:肆肆肆")
    with pytest.raises(HandError, match=r"laid out as a 提 \(提:一一一一\)"):
        api.tianhu("一一一一二二二三三三五五五六六六七七八九")
    with pytest.raises(HandError, match="天胡 is the dealer's: give his 21 tiles"):
        api.tianhu("一一一二二二三三三五五五六六六七七八九十", rules="luzhou")
    none = loads(HOUSE + '[game]\ntianhu = "none"\n')
    with pytest.raises(HandError, match="have no 天胡"):
        api.tianhu("一一一二二二三三三五五五六六六七七八九十", rules=none)


# --- the API's checks -------------------------------------------------------------------------

@pytest.mark.parametrize("rules, source, conditions, message", [
    ("hunan", "other", {"dihu"}, "the hunan rules have no 地胡"),
    ("luzhou", "other", {"dihu"}, "give the source discard"),
    ("luzhou", "discard", {"haidi"}, "not on a discard"),
    ("hunan", "self", {"haidi", "qishou"}, "exclude each other"),
    ("luzhou", "discard", {"qishou"}, "give the source self"),
    ("hunan", "self", {"tianhu"}, "not of a tile: ask tianhu"),
    ("hunan", "self", {"sea"}, "unknown condition 'sea'"),
])
def test_hu_refuses_a_condition_the_rules_cannot_give(rules, source, conditions, message):
    with pytest.raises(HandError, match=message):
        api.hu(EX2, win="七", source=source, rules=rules, conditions=conditions)


def test_haidi_where_the_last_tile_never_wins():
    rules = loads(HOUSE + "[game]\nlast_tile_wins = false\n")
    with pytest.raises(HandError, match="win on no last stock tile"):
        api.hu(EX2, win="七", source="self", rules=rules, conditions="haidi")
    assert api.hu(EX2, win="七", source="self", rules=LUZHOU, conditions="haidi").win.fan_names == ("红胡",)


# --- the best decomposition with conditions, against a brute force -----------------------------

def spec_fan(rules, red: int, duidui: bool, conditions: frozenset[str]) -> tuple[int, tuple[str, ...]]:
    """RULES.md 5, 8 and 10 read directly: 海底 (hunan) adds 2 番 to the other 花样, 1 番 when
    alone; 天胡 and 地胡 (luzhou) add 2; luzhou-deng has no 番; nothing else brings one."""
    fan, names = rules.fan(red, duidui=duidui)  # the table without context (tests/test_rules.py)
    extra = {"hunan": {"haidi": "海底"}, "luzhou": {"tianhu": "天胡", "dihu": "地胡"}}.get(rules.name, {})
    got = [extra[c] for c in sorted(conditions) if c in extra]
    for name in got:
        fan = fan + 2 if names else (1 if name == "海底" else 2)
        names += (name,)
    order = [f.name for f in rules.fans]
    return fan, tuple(sorted(names, key=order.index))


def brute_best(hand, t, source, rules, conditions, fan_of) -> Win | None:
    """Every winning decomposition the reference lists, scored again with the conditions."""
    r = reference.hu(hand, t, source, rules, all_splits=True)
    best = None
    for w in r.decompositions:
        red = sum(1 for g in w.groups for x in g.tiles if x in RED)
        fan, names = fan_of(rules, red, all(g.kind in DUIDUI_KINDS for g in w.groups), conditions)
        x = Win(w.huxi, w.deng, fan, names, w.deng * fan, w.how, w.groups)
        key = (-x.score, -x.huxi, sorted((g.kind, g.tiles) for g in x.groups))
        if best is None or key < best[0]:
            best = (key, x)
    return best and best[1]


CONDITION_SETS = [frozenset(c) for c in ({"haidi"}, {"tianhu"}, {"dihu"}, {"qishou"}, {"haidi", "qishou"},
                                         {"tianhu", "dihu"})]


def _model_fan(rules, red, duidui, conditions):
    return rules.fan(red, duidui=duidui, conditions=conditions)


@pytest.mark.parametrize("name, n", [("hunan", 2000), ("luzhou", 2000), ("luzhou-deng", 1000),
                                     ("haidi-house", 1500)])
def test_best_win_with_conditions_is_the_brute_force_best(name, n):
    rules = loads(HOUSE) if name == "haidi-house" else get_ruleset(name)
    fan_of = _model_fan if name == "haidi-house" else spec_fan
    rng = random.Random(15)
    checked = changed = 0
    for hand in ready_hands(n, seed=1500 + len(name), rules=rules):
        for t in range(20):
            for source in SOURCES:
                if reference.best_win(hand, t, source, rules) is None:
                    continue
                conditions = rng.choice(CONDITION_SETS)
                got = reference.best_win(hand, t, source, rules, conditions=conditions)
                want = brute_best(hand, t, source, rules, conditions, fan_of)
                assert got == want, (hand.text(), t, source, sorted(conditions))
                assert reference.hu(hand, t, source, rules, conditions=conditions).win == got
                changed += got.groups != reference.best_win(hand, t, source, rules).groups
                checked += 1
    assert checked >= n
    if name != "haidi-house":  # (test_haidi_changes_the_best_decomposition... says why)
        assert not changed


# --- phz hu ------------------------------------------------------------------------------------

def phz(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def test_phz_hu_last_tile_text_and_json():
    r = phz("hu", EX2, "--win", "七", "--source", "other", "--last-tile")
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[1] == "海底 (the last stock tile): 2 番 added to the other 花样, 1 番 alone (平胡海底)"
    assert lines[2] == "胡 跑胡: 21 胡息 → 3 等 × 4 番 (红胡+海底) = 12"
    r = phz("hu", EX2, "--win", "七", "--source", "other", "--last-tile", "--json")
    obj = json.loads(r.stdout)
    assert (obj["fan"], obj["fan_names"], obj["score"], obj["conditions"]) == (4, ["红胡", "海底"], 12, ["haidi"])
    assert "conditions" not in json.loads(phz("hu", EX2, "--win", "七", "--source", "other", "--json").stdout)
    r = phz("hu", EX3, "--win", "五", "--source", "other", "--last-tile")
    assert "胡 破跑胡: 18 胡息 → 2 等 × 1 番 (海底) = 2" in r.stdout


def test_phz_hu_dihu_and_qishou():
    r = phz("hu", EX2, "--win", "七", "--source", "discard", "--dihu", "--rules", "luzhou")
    assert r.exit_code == 0, r.output
    assert "地胡 (the dealer's first discard): 2 番 added to the other 花样" in r.stdout
    assert "× 4 番 (红胡+地胡)" in r.stdout
    r = phz("hu", EX2, "--win", "七", "--source", "self", "--qishou")
    assert "起手胡 (the 亮张): no 番 of its own under the hunan rules" in r.stdout


def test_phz_hu_tianhu_text_and_json():
    hand = "一二三五六七八九 | 提:四四四四 提:壹壹壹壹 提:肆肆肆肆"
    r = phz("hu", hand, "--tianhu")
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0] == f"{hand}  dealt, 20 tiles"
    assert lines[2] == "胡 天胡: 36 胡息 → 9 等 (自摸 +1) × 1 番 (平胡) = 9"
    assert lines[3] == "天胡: 3 提 and 0 坎 (3 提 or 5 坎 win at once, each 提 also a 坎)"
    assert lines[-1] == "outside the groups (no 7 门子 needed): 八九"
    obj = json.loads(phz("hu", hand, "--tianhu", "--json").stdout)
    assert (obj["win"], obj["how"], obj["score"], obj["left"], obj["fours"], obj["conditions"]) == (
        True, "天胡", 9, "八九", 3, ["tianhu"])
    r = phz("hu", "一一一二二二三三三五六六八九十壹 | 提:七七七七", "--tianhu", "--json")
    obj = json.loads(r.stdout)
    assert (obj["win"], obj["reason"], obj["score"]) == (False, "not_tianhu", None)
    r = phz("hu", LUZHOU_RED, "--tianhu", "--rules", "luzhou")
    assert "(the dealer)" in r.stdout.splitlines()[0] and "× 4 番 (红胡+天胡)" in r.stdout


@pytest.mark.parametrize("args, message", [
    ([EX2, "--tianhu", "--win", "七"], "--tianhu asks about a dealt hand, with no winning tile: drop --win"),
    ([EX2, "--win", "七", "--source", "other", "--last-tile", "--qishou"], "--last-tile and --qishou exclude"),
    ([EX2, "--win", "七", "--source", "other", "--dihu"], "the hunan rules have no 地胡"),
    (["一二三五六七八九 | 提:四四四四", "--tianhu"], "a freshly dealt hand holds 20, or 21 for the dealer"),
    (["-", "--last-tile"], "--last-tile is for one hand, not a batch"),
])
def test_phz_hu_bad_combinations_are_one_line_errors(args, message):
    r = phz("hu", *args, input=f"{EX2} ; 七 self\n")
    assert r.exit_code == 2
    assert message in r.stderr
    assert [line for line in r.stderr.splitlines() if line.startswith("Error:")] == [
        line for line in r.stderr.splitlines() if message in line]


def test_phz_hu_help_names_the_context_flags():
    out = phz("hu", "--help").stdout
    for flag in ("--last-tile", "--dihu", "--qishou", "--tianhu", "海底", "地胡", "起手胡", "天胡"):
        assert flag in out
