"""The game engine against RULES.md 10, point by point, on exact deals.

Each test deals the tiles itself (seat 0 deals: 21 tiles, the 亮张 last; seat 1
is his lower player, seat 2 his upper player; the stock top first, then the
rest of the 80 tiles in tile order) and answers the engine's asks one by one,
checking who is asked what.  Every game is also handed to the referee of
tests/game_helpers.py, which re-checks all its events (claim order, options,
counts, wins, settlement) from the rules.
"""
from __future__ import annotations

import pytest

from solver import api
from solver.game.engine import Game
from solver.game.legality import IllegalMove
from solver.game.moves import parse_move
from solver.model.rules import get_ruleset
from solver.model.ruleset_file import seated
from solver.model.tiles import glyph
from tests.game_helpers import asked, deal, json_events, play, refereed, tiles

HUNAN = get_ruleset("hunan")
LUZHOU = seated(get_ruleset("luzhou"), 3)  # the exact deals below are deals of three


def T(glyphs: str) -> int:
    return tiles(glyphs)[0]


def kinds(events) -> list[str]:
    return [e.E for e in events]


def last(game: Game, kind: str) -> dict:
    return next(e for e in reversed(json_events(game)) if e["e"] == kind)


# ------------------------------------------------------------------ 亮张 and 起手胡

# RULES.md 9 example 1 (20 tiles) waits on 肆 (18 胡息) and 柒; seat 1's hand, RULES.md 9 example 2,
# waits on 伍 from another player (碰胡, 21 胡息, score 3).
READY_ON_SI = "一二三壹贰叁贰柒拾二七十四五六七八九伍陆"
READY_ON_WU = "一二三壹贰叁贰柒拾四五六八九十七七七伍伍"


def test_the_liang_is_shown_to_all_and_the_dealer_wins_on_it_self_drawn():
    g = deal(HUNAN, READY_ON_SI + "肆", "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾",
             "一三四五六八九十壹叁肆伍陆柒捌玖拾捌捌玖")
    assert json_events(g)[0]["liang"] == "肆"
    assert asked(g) == (0, "qishou", {"hu", "pass"})  # only 胡 is asked on the 亮张
    play(g, "hu")
    want = api.hu(READY_ON_SI, win="肆", source="self", conditions={"qishou"}).win
    r = g.result
    assert (r.winner, r.tile, r.source, r.conditions) == (0, T("肆"), "self", ("qishou",))
    assert (r.win.huxi, r.win.score) == (want.huxi, want.score) == (18, 3)  # 2 等 + the 自摸 等
    assert r.net == (6, -3, -3)
    refereed(g)


QISHOU_DEALER = "一二三四六八九十壹叁肆陆柒捌玖拾二三八九伍"  # not ready; the 亮张 伍 is his only 伍
QISHOU_UPPER = "一一四四五六六八九十十壹壹贰叁叁肆陆捌玖"


def test_a_non_dealer_wins_on_the_liang_as_another_players_tile():
    g = deal(HUNAN, QISHOU_DEALER, READY_ON_WU, QISHOU_UPPER)
    assert asked(g) == (1, "qishou", {"hu", "pass"})
    play(g, "hu")
    r = g.result
    assert (r.winner, r.source, r.conditions, r.win.how, r.win.score) == (1, "other", ("qishou",), "碰胡", 3)
    assert r.net == (-3, 6, -3)
    refereed(g)


def test_on_the_liang_only_hu_is_asked_then_the_dealer_keeps_it_and_discards():
    # seat 1 holds 伍伍 and 四五六: on any other tile he could 碰 or eat, not on the 亮张
    g = deal(HUNAN, QISHOU_DEALER, READY_ON_WU, QISHOU_UPPER)
    play(g, "pass")
    seat, stage, options = asked(g)
    assert (seat, stage) == (0, "discard")  # 收张
    dealer = g.seats[0]
    assert dealer.concealed[T("伍")] == 1
    # any concealed tile outside a 坎, the 亮张's kind included
    assert options == {f"discard {glyph(t)}" for t in range(20) if dealer.concealed[t] in (1, 2)}
    assert "discard 伍" in options
    assert g.seats[1].chou == set() and g.seats[1].passed_peng == set()  # a passed 胡 makes nothing 臭
    refereed(g)


def test_the_dealer_is_asked_first_on_the_liang_then_the_others_in_turn():
    dealer = "三三三四四四五九九叁叁叁肆肆肆伍柒捌玖玖伍"  # ready on 伍 (编胡), the 亮张
    g = deal(HUNAN, dealer, READY_ON_WU, "一一二二五六六七八八九十十壹壹贰陆陆捌拾")
    assert asked(g) == (0, "qishou", {"hu", "pass"})
    play(g, "pass")
    assert asked(g) == (1, "qishou", {"hu", "pass"})
    play(g, "hu")
    assert g.result.winner == 1 and g.result.source == "other"
    refereed(g)


# ------------------------------------------------------------------ 收张, 前提 and the missing discard

def test_a_dealer_dealt_two_ti_makes_no_discard_after_the_liang():
    # 一一一一 dealt, 三三三 with the 亮张 三 a second four: both laid out (前提), no 收张 discard
    g = deal(HUNAN, "一一一一二三三三五七九壹叁伍柒玖拾八捌六三", "四四五六七八九十壹贰叁肆伍陆柒捌玖拾十六",
             "四五六七八九十壹贰叁肆伍陆柒捌玖拾十贰陆", "二")
    melds = [e for e in json_events(g) if e["e"] == "meld"]
    assert [(e["seat"], e["kind"], e["tiles"], e["dealt"]) for e in melds] == [
        (0, "ti", "一一一一", True), (0, "ti", "三三三三", True)]
    assert kinds(g.events) == ["deal", "meld", "meld", "draw"]
    assert json_events(g)[-1] == {"e": "draw", "seat": 1, "tile": "二"}
    assert sum(g.seats[0].concealed) == 13
    refereed(g)


def test_a_dealer_dealt_two_ti_discards_after_his_next_intake():
    g = deal(HUNAN, "一一一一二三三三五七九壹叁伍柒玖五八捌六三", "四四五六七八九十壹贰叁肆伍陆柒捌玖拾十六",
             "四拾六七八九十壹贰叁肆伍陆柒捌玖拾十贰陆", "五")
    assert json_events(g)[-1] == {"e": "draw", "seat": 1, "tile": "五"}
    assert asked(g) == (0, "peng", {"peng", "pass"})  # seat 1's draw onto the dealer's pair
    play(g, "peng")
    assert asked(g)[:2] == (0, "discard")  # 11 concealed beside 1 + 2 melds: a tile more than at rest (10)
    refereed(g)


# Seat 1 is dealt 四四四四 and 伍伍伍伍 (two 提) and holds the 坎 八八八.
TWO_TI = "四四四四伍伍伍伍八八八一三五六壹叁柒玖拾"
TWO_TI_DEALER = "二一三六九十贰肆陆捌玖拾十九六三一贰肆陆捌"
TWO_TI_UPPER = "一二三五五六九九壹壹贰贰叁叁肆肆陆陆柒捌"


def test_a_player_dealt_two_ti_skips_the_discard_of_his_first_intake_and_so_on():
    g = deal(HUNAN, TWO_TI_DEALER, TWO_TI, TWO_TI_UPPER, "八柒七")
    assert [(e["seat"], e["tiles"]) for e in json_events(g) if e["e"] == "meld"] == [(1, "四四四四"), (1, "伍伍伍伍")]
    assert sum(g.seats[1].concealed) == 12  # one fewer than a hand at rest with two 提 (13)
    play(g, "discard 二")
    assert asked(g) == (1, "chi", {"chi 一二三", "pass"})
    play(g, "chi 一二三")  # his first intake: no discard
    assert json_events(g)[-1] == {"e": "draw", "seat": 2, "tile": "八"}
    assert asked(g) == (1, "take", {"pao"})
    play(g, "pao")  # again a 跑: no discard (以此类推)
    assert json_events(g)[-1] == {"e": "draw", "seat": 2, "tile": "柒"}  # the lower player of the taker draws
    assert asked(g)[:2] == (0, "chi")
    play(g, "pass")
    assert json_events(g)[-1] == {"e": "draw", "seat": 0, "tile": "七"}
    assert asked(g) == (1, "chi", {"chi 五六七", "pass"})
    play(g, "chi 五六七")  # a 吃: a discard follows again
    assert asked(g)[:2] == (1, "discard")
    refereed(g)


# 天胡 (RULES.md 10, before play, step 3): solver.api.tianhu judges a dealt hand (its dealt fours laid out).
THREE_TI = "四四四四五五五五六六六六七八九十壹贰叁肆"


def tianhu_of(g: Game, seat: int):
    got = api.tianhu(g.seats[seat].hand(), rules=g.rules).win
    assert got is not None and got.how == "天胡"
    return got


def assert_tianhu(g: Game, seat: int, want) -> None:
    assert g.ask() is None, f"a 天胡 wins on the spot, yet the engine asks {asked(g)}"
    r = g.result
    assert (r.winner, r.tile, r.source, r.conditions) == (seat, None, "self", ("tianhu",))
    assert (r.win.how, r.win.huxi, r.win.fan_names, r.win.score) == ("天胡", want.huxi, want.fan_names, want.score)
    assert r.net[seat] == 2 * want.score and sum(r.net) == 0
    assert [e for e in json_events(g) if e["e"] == "win"][0]["conditions"] == ["tianhu"]
    refereed(g)


def test_tianhu_a_player_dealt_three_ti_wins_at_once():
    g = deal(HUNAN, "一一二三七八九十壹贰叁肆伍伍陆柒捌捌玖拾三", THREE_TI, "一二二三七八九十壹贰叁肆伍陆陆柒捌玖玖拾")
    want = tianhu_of(g, 1)
    assert (want.huxi, want.score) == (33, 8)  # 3 提 27 + 壹贰叁 6; 7 等 + 自摸
    assert_tianhu(g, 1, want)


def test_tianhu_five_kan_and_the_dealer_is_asked_first():
    # the dealer holds 5 坎 (一 二 三 壹 贰), his upper player three 提: both are 天胡, the dealer wins
    g = deal(HUNAN, "一一一二二二三三三壹壹壹贰贰贰七八九十捌伍", "一二三七八九十壹贰叁肆伍陆柒柒捌捌玖玖拾",
             "四四四四五五五五六六六六七八九十叁肆伍陆")
    tianhu_of(g, 2)
    assert_tianhu(g, 0, tianhu_of(g, 0))


def test_luzhou_tianhu_is_the_dealers_complete_hand_before_his_first_discard():
    g = deal(LUZHOU, "一二三二七十壹贰叁贰柒拾四五六七八九肆伍陆", "一二三四五六七八九十壹叁肆伍陆柒捌玖拾捌",
             "一三四五六八九十壹叁肆伍陆柒捌玖拾捌玖八")
    want = tianhu_of(g, 0)
    assert "天胡" in want.fan_names  # 2 番 (RULES.md 8)
    assert_tianhu(g, 0, want)


# ------------------------------------------------------------------ claim order (RULES.md 10, "A turn")

def test_hu_is_asked_before_the_compulsory_pao_and_pao_before_chi():
    # seat 1 draws 五: the dealer wins on it (编胡, another player's tile), seat 2 holds 五五五 (跑),
    # seat 1 could eat it (四六)
    g = deal(HUNAN, "二二八八八九九十壹贰贰叁伍伍捌捌捌玖拾拾一", "四六一三四六七七九十壹叁肆肆陆陆柒柒玖拾",
             "五五五一二三六七九十壹叁叁肆肆陆陆柒柒玖", "五")
    play(g, "discard 一", "pass")
    assert json_events(g)[-1] == {"e": "draw", "seat": 1, "tile": "五"}
    assert any(a.action == "chi" for a in api.decide(g.seats[1].hand(), tile="五", source="self-draw").actions)
    assert asked(g) == (0, "hu", {"hu", "pass"})
    play(g, "pass")
    assert asked(g) == (2, "take", {"pao"})  # compulsory: no pass
    play(g, "pao")
    assert asked(g)[:2] == (2, "discard")  # his first 跑: a discard follows
    assert T("五") not in g.seats[1].chou  # never asked to eat it: no 臭
    refereed(g)


def test_two_players_win_on_one_tile_asked_from_the_drawer_on():
    # seat 1 draws 五; seat 2 (顺胡) and the dealer (编胡) both win on it
    g = deal(HUNAN, "二二八八八九九十壹贰贰叁伍伍捌捌捌玖拾拾七", "二三三三六七七十十贰叁叁陆柒柒柒捌玖拾四",
             "一一一四四四六六七九九壹壹壹肆肆肆陆陆玖", "五")
    play(g, "discard 七")
    assert asked(g) == (1, "peng", {"peng", "pass"})
    play(g, "pass")
    assert asked(g) == (2, "hu", {"hu", "pass"})
    play(g, "pass")
    assert asked(g) == (0, "hu", {"hu", "pass"})
    play(g, "hu")
    r = g.result
    want = api.hu("二二八八八九九十壹贰贰叁伍伍捌捌捌玖拾拾", win="五", source="other").win
    assert (r.winner, r.source, r.win.score) == (0, "other", want.score)
    assert r.net == (2 * want.score, -want.score, -want.score)
    refereed(g)


# Seat 1 draws 五: the dealer, his upper player, holds 五五 (碰) and 四六; seat 1 holds 四六, seat 2 三四.
ORDER = ("五五四六一一二八九九十壹壹叁肆陆柒捌玖拾拾", "四六一二三七八九十十壹贰叁伍陆柒捌玖拾九",
         "三四七八二贰贰叁肆伍陆柒捌玖壹叁肆伍陆捌")


def test_peng_before_chi_then_the_drawer_eats_before_his_lower_player_and_the_upper_player_never():
    g = deal(HUNAN, *ORDER, "五")
    play(g, "discard 二", "pass")
    assert json_events(g)[-1] == {"e": "draw", "seat": 1, "tile": "五"}
    assert asked(g) == (0, "peng", {"peng", "pass"})
    play(g, "pass")
    assert asked(g) == (1, "chi", {"chi 三四五", "chi 四五六", "chi 五六七", "pass"})  # the drawer
    play(g, "pass")
    assert asked(g) == (2, "chi", {"chi 三四五", "chi 五伍伍", "pass"})  # then his lower player
    play(g, "pass")
    # the dealer (seat 1's upper player) holds 四六 but is never asked to eat it (隔山)
    assert [(e["seat"], e["stage"]) for e in json_events(g) if e.get("tile") == "五" and e["e"] == "move"] == [
        (0, "peng"), (1, "chi"), (2, "chi")]
    five = T("五")
    assert json_events(g)[-2] == {"e": "faceup", "seat": 1, "tile": "五"}  # face up in front of the drawer
    assert g.seats[1].faces == [five]
    # each gets 臭 for what he passed: the dealer for 碰, the others for 吃
    assert five in g.seats[0].passed_peng and five not in g.seats[0].chou
    assert five in g.seats[1].chou and five in g.seats[2].chou
    refereed(g)


def test_a_peng_takes_the_tile_and_nobody_after_it_is_asked_or_gets_chou():
    g = deal(HUNAN, *ORDER, "五")
    play(g, "discard 二", "pass", "peng")
    assert asked(g)[:2] == (0, "discard")
    five = T("五")
    assert all(five not in s.chou and five not in s.passed_peng for s in g.seats)
    refereed(g)


def test_the_drawer_eats_first_and_his_lower_player_is_never_asked():
    g = deal(HUNAN, *ORDER, "五")
    play(g, "discard 二", "pass", "pass", "chi 四五六")
    assert asked(g)[:2] == (1, "discard")
    assert T("五") not in g.seats[2].chou  # never asked: no 臭
    refereed(g)


def test_only_the_lower_player_of_a_discarder_may_eat_the_discard():
    g = deal(HUNAN, *ORDER)
    five = T("五")
    # the upper player (seat 2) could eat 五 by its shape (三四) but not from the lower player
    d = api.decide(g.seats[2].hand(), tile="五", source="lower-discard")
    assert not [a for a in d.actions if a.action == "chi"] and {f.reason for f in d.forbidden} >= {"geshan"}
    play(g, "discard 五")
    assert asked(g) == (1, "chi", {"chi 三四五", "chi 四五六", "chi 五六七", "pass"})
    play(g, "chi 四五六")
    assert asked(g)[:2] == (1, "discard")
    assert g.seats[1].melds[-1].tiles == (3, 4, 5) and five not in g.seats[2].chou
    refereed(g)


# ------------------------------------------------------------------ 八块

def test_a_second_pao_is_followed_by_no_discard_and_the_takers_lower_player_draws():
    # seat 1 is dealt 四四四四 (提) and holds 八八八; the dealer discards 八
    g = deal(HUNAN, "八二六十壹肆陆捌玖拾十九三一贰肆陆捌二五七", "四四四四八八八一三五七九壹叁伍柒玖拾六贰",
             "一二三五六七九十壹贰叁肆伍陆柒捌玖拾叁伍")
    play(g, "discard 八")
    assert asked(g) == (1, "take", {"pao"})
    play(g, "pao")
    assert json_events(g)[-2:-1] == [{"e": "take", "seat": 1, "kind": "pao", "tile": "八", "melds": ["跑:八八八八"]}]
    assert json_events(g)[-1] == {"e": "draw", "seat": 2, "tile": "一"}  # no discard (八块)
    assert sum(g.seats[1].concealed) == 13
    refereed(g)


# ------------------------------------------------------------------ 臭 (RULES.md 7 and 10)

# The dealer holds one 三 and one 柒; seat 1 holds 一二 (eats 三), seat 2 holds 柒柒.
CHOU = ("三柒一四五九十壹贰叁肆伍陆捌玖拾九十壹肆八", "一二五六八九十壹贰叁肆伍陆玖拾十五壹肆八",
        "柒柒四四六六七八贰贰叁叁陆捌玖拾伍二七九")


def pass_until(g: Game, done) -> list[tuple[int, str]]:
    """Pass every ask until ``done(g)``; the (seat, stage) passed.  No ask on the way may be compulsory."""
    passed = []
    while not done(g):
        a = g.ask()
        assert a is not None and parse_move("pass") in a.options, f"cannot pass {asked(g)}"
        passed.append((a.seat, a.stage))
        play(g, "pass")
    return passed


def happened(g: Game, event: dict):
    """A condition for pass_until: ``event`` is among the events from now on."""
    start = len(g.events)
    return lambda g: event in json_events(g)[start:]


def test_a_passed_chi_makes_the_tile_chou_for_chi_and_it_is_never_offered_again():
    g = deal(HUNAN, *CHOU, "陆拾三")
    play(g, "discard 三")
    assert asked(g) == (1, "chi", {"chi 一二三", "pass"})
    play(g, "pass")
    three = T("三")
    assert g.seats[1].chou == {three} and g.seats[1].passed_peng == set()
    pass_until(g, happened(g, {"e": "draw", "seat": 0, "tile": "三"}))
    # seat 1, the drawer's lower player, still holds 一二 but 三 is 臭 for him
    d = api.decide(g.seats[1].hand(), tile="三", source="upper-draw", chou="三")
    assert not [a for a in d.actions if a.action == "chi"] and {f.reason for f in d.forbidden} == {"chou"}
    asks = pass_until(g, happened(g, {"e": "faceup", "seat": 0, "tile": "三"}))
    assert asks == [(0, "chi")]  # the drawer only
    refereed(g)


def test_a_passed_peng_makes_the_tile_chou_for_peng():
    g = deal(HUNAN, *CHOU, "柒")
    play(g, "discard 柒")
    assert asked(g) == (2, "peng", {"peng", "pass"})
    play(g, "pass")
    seven = T("柒")
    assert g.seats[2].passed_peng == {seven} and seven not in g.seats[2].chou
    assert asked(g) == (1, "chi", {"chi 伍陆柒", "chi 贰柒拾", "pass"})  # 碰 passed: 吃 is asked next
    play(g, "pass")
    assert json_events(g)[-1] == {"e": "draw", "seat": 1, "tile": "柒"}
    # seat 2 still holds 柒柒: the last 柒 is not offered to him for 碰 (臭), only for 吃 (臭 for 碰 only)
    assert asked(g)[:2] == (2, "chi")
    d = api.decide(g.seats[2].hand(), tile="柒", source="upper-draw", passed_peng="柒")
    assert {f.reason for f in d.forbidden if f.action == "peng"} == {"peng_passed"}
    refereed(g)


def test_chou_wei_the_third_tile_drawn_onto_a_pair_whose_peng_was_passed_is_shown_face_up():
    g = deal(HUNAN, *CHOU, "陆柒")
    play(g, "discard 柒", "pass", "pass")
    pass_until(g, happened(g, {"e": "draw", "seat": 2, "tile": "柒"}))
    assert asked(g) == (2, "first", {"wei"})  # his own 偎, before anyone may claim
    assert g.view(0).table is None and g.view(2).table is not None  # only he sees the tile
    play(g, "wei")
    seven = T("柒")
    take = json_events(g)[-2] if json_events(g)[-1]["e"] != "take" else json_events(g)[-1]
    assert take["kind"] == "wei" and take["melds"] == ["偎:柒柒柒"]
    for q in (0, 1):  # a 臭偎 is shown to everyone
        assert ("wei", (seven,) * 3) in g.view(q).melds[2]
    refereed(g)


def test_a_wei_is_hidden_from_the_others():
    g = deal(HUNAN, *CHOU, "陆四")  # seat 2 holds 四四 and draws the third
    play(g, "discard 柒", "pass", "pass")
    pass_until(g, happened(g, {"e": "draw", "seat": 2, "tile": "四"}))
    assert asked(g) == (2, "first", {"wei"})
    play(g, "wei")
    two = T("四")
    assert ("wei", (two,) * 3) in g.view(2).melds[2]
    for q in (0, 1):
        assert ("wei", None) in g.view(q).melds[2] and ("wei", (two,) * 3) not in g.view(q).melds[2]
    refereed(g)


# ------------------------------------------------------------------ 海底 and 荒庄 (RULES.md 10, "End of a hand")

# Seat 1 holds RULES.md 9 example 1 (waits on 肆 and 柒); the stock is short, its last tile decides.
END = ("一三四五六八九十壹叁肆伍陆捌玖拾一四八十捌", READY_ON_SI, "二三五六九十壹贰叁伍陆柒捌玖拾一四八捌玖")


@pytest.mark.parametrize("tile, fan_names, fan, score", [
    ("柒", ["红胡", "海底"], 4, 12),  # 3 等 (2 + 自摸) × (红胡 2 + 海底 2); without 海底: 6
    ("肆", ["海底"], 1, 3),  # no other 花样: 平胡海底 counts 1 番
])
def test_haidi_a_win_on_the_last_stock_tile(tile, fan_names, fan, score):
    g = deal(HUNAN, *END, tile, fill=False)
    play(g, "discard 一", "pass")
    assert json_events(g)[-1] == {"e": "draw", "seat": 1, "tile": tile} and not g.stock
    assert asked(g) == (1, "hu", {"hu", "pass"})
    play(g, "hu")
    r = g.result
    want = api.hu(READY_ON_SI, win=tile, source="self", conditions={"haidi"}).win
    assert r.conditions == ("haidi",)
    assert (list(r.win.fan_names), r.win.fan, r.win.score) == (fan_names, fan, score)
    assert (r.win.fan_names, r.win.score) == (want.fan_names, want.score)
    refereed(g)


def test_haidi_on_another_players_last_draw():
    g = deal(HUNAN, *END, "六七柒", fill=False)
    play(g, "discard 一", "pass")
    pass_until(g, lambda g: g.ask().stage == "hu")
    assert json_events(g)[-1] == {"e": "draw", "seat": 0, "tile": "柒"} and asked(g) == (1, "hu", {"hu", "pass"})
    play(g, "hu")
    r = g.result
    assert (r.winner, r.source, r.conditions, r.win.fan_names, r.win.score) == (
        1, "other", ("haidi",), ("红胡", "海底"), 8)  # 2 等 × 4 番
    refereed(g)


def test_luzhou_has_no_haidi_fan():
    g = deal(LUZHOU, *END, "柒", fill=False)
    play(g, "discard 一")
    pass_until(g, lambda g: g.ask().stage == "hu")
    play(g, "hu")
    r = g.result
    plain = api.hu(READY_ON_SI, win="柒", source="self", rules=LUZHOU).win
    assert "海底" not in r.win.fan_names and (r.win.fan, r.win.score) == (plain.fan, plain.score)
    refereed(g)


def test_huangzhuang_the_last_tiles_taker_still_discards_and_the_discard_is_claimed():
    g = deal(HUNAN, *END, "六", fill=False)
    play(g, "discard 一", "pass", "chi 四五六 比 六七八")  # seat 1 eats the last stock tile
    assert not g.stock and asked(g)[:2] == (1, "discard")
    play(g, "discard 柒")
    assert asked(g)[:2] == (2, "chi")  # his lower player may claim it
    play(g, "chi 陆柒捌 比 柒捌玖", "discard 一")
    assert asked(g) == (0, "chi", {"chi 一一壹", "pass"})
    play(g, "pass")  # nobody takes it, and seat 0 would have to draw from an empty stock
    assert g.ask() is None
    assert kinds(g.events)[-3:] == ["faceup", "drawn", "settle"]
    r = g.result
    assert r.drawn and r.winner is None and r.net == (0, 0, 0)
    refereed(g)


# ------------------------------------------------------------------ settlement and penalties (lenient play)

SHAOBI = "一二三四五六七八九九玖肆伍陆柒捌玖拾拾壹"  # eating 三 with 二四 leaves a 三 that no 比 lays out
SHAOBI_UPPER = "二四五六七七八九九十十壹贰贰叁肆肆玖玖拾"  # waits on 柒 (编胡, self-drawn: score 2)
SHAOBI_DEALER = "三一一二三四四五六七八十壹贰叁叁肆伍陆柒捌"


def shaobi_game(rules):
    g = deal(rules, SHAOBI_DEALER, SHAOBI, SHAOBI_UPPER, "柒", lenient=True)
    play(g, "discard 三")
    assert asked(g)[:2] == (1, "chi") and "chi 二三四" not in asked(g)[2]
    with pytest.raises(IllegalMove) as e:
        g.play(parse_move("chi 二三四"))  # strict play refuses it, with the reason phz act gives
    assert e.value.forbidden.reason == "shaobi"
    return g


def test_a_win_is_paid_the_score_by_each_other_player_and_a_penalty_stands_beside_it():
    g = shaobi_game(HUNAN)
    assert g.play(parse_move("chi 二三四"), lenient=True) == "烧比"
    play(g, "discard 三")
    pass_until(g, lambda g: g.ask().stage == "hu")
    assert json_events(g)[-1] == {"e": "draw", "seat": 2, "tile": "柒"}
    play(g, "hu")
    r = g.result
    assert (r.winner, r.win.score, r.penalties) == (2, 2, ((1, "烧比", 6),))
    # the win: 2 from each loser; 烧比 (6): the offender pays each other player a third
    assert r.net == (-2 + 2, -2 - 4, 4 + 2)


def test_luzhou_chi_baozi_costs_the_offender_the_amount_to_each_other_player():
    g = shaobi_game(LUZHOU)
    assert g.play(parse_move("chi 二三四"), lenient=True) == "吃包子"
    play(g, "discard 三")
    pass_until(g, lambda g: g.ask().stage == "hu")
    play(g, "hu")
    r = g.result
    s = r.win.score
    assert r.winner == 2 and r.penalties == ((1, "吃包子", 10),)
    assert r.net == (-s + 10, -s - 20, 2 * s + 10)


def test_zha_hu_ends_the_hand_with_no_winner_and_the_offender_pays():
    g = deal(HUNAN, SHAOBI_DEALER, SHAOBI, SHAOBI_UPPER, "柒", lenient=True)
    play(g, "discard 三")
    assert g.play(parse_move("hu"), lenient=True) == "诈胡"
    assert g.ask() is None
    assert g.result.winner is None and g.result.net == (10, -20, 10)  # 30: 10 to each


def test_chou_zhang_a_peng_of_a_tile_whose_peng_was_passed():
    g = deal(HUNAN, *CHOU, "柒", lenient=True)
    play(g, "discard 柒", "pass", "pass")  # seat 2 passes the 碰, seat 1 the 吃
    pass_until(g, lambda g: json_events(g)[-1] == {"e": "draw", "seat": 1, "tile": "柒"})
    assert asked(g)[:2] == (2, "chi") and "peng" not in asked(g)[2]
    with pytest.raises(IllegalMove) as e:
        g.play(parse_move("peng"))
    assert e.value.forbidden.reason == "peng_passed"
    assert g.play(parse_move("peng"), lenient=True) == "臭张"
    assert g.penalties == [(2, "臭张", 3)] and asked(g)[:2] == (2, "discard")


def test_zou_pao_passing_a_compulsory_pao():
    g = deal(HUNAN, "二二八八八九九十壹贰贰叁伍伍捌捌捌玖拾拾一", "四六一三四六七七九十壹叁肆肆陆陆柒柒玖拾",
             "五五五一二三六七九十壹叁叁肆肆陆陆柒柒玖", "五", lenient=True)
    play(g, "discard 一")
    pass_until(g, lambda g: g.ask().stage == "take")
    assert asked(g) == (2, "take", {"pao"})
    assert g.play(parse_move("pass"), lenient=True) == "走跑"
    assert g.penalties == [(2, "走跑", 15)]
    assert asked(g)[:2] == (1, "chi")  # the tile goes on to the other claims: the drawer may eat it


def test_shi_ti_passing_a_compulsory_ti():
    g = deal(HUNAN, TWO_TI_DEALER, TWO_TI, TWO_TI_UPPER, "八", lenient=True)
    play(g, "discard 二")
    pass_until(g, lambda g: g.ask().stage == "first")
    assert asked(g) == (1, "first", {"ti"})  # his own draw onto his 坎 八八八
    assert g.play(parse_move("pass"), lenient=True) == "失提"
    assert g.penalties == [(1, "失提", 9)]


def test_an_offenders_own_win_is_void():
    # seat 1 passes the 吃 of 一 (臭), eats the next 一 anyway (臭张), then wins on 肆 self-drawn
    ready = "二三壹贰叁贰柒拾二七十四五六七八九伍陆捌"  # eats 一 with 二三, discards 捌: RULES.md 9 example 1
    g = deal(HUNAN, "一四五六八九十壹叁肆伍陆捌玖拾四八十捌三一", ready, "三五六九十壹叁伍陆柒捌玖拾四八玖玖二五一",
             "拾九一壹陆肆", lenient=True)
    play(g, "discard 一")
    assert asked(g) == (1, "chi", {"chi 一二三", "pass"})
    play(g, "pass")
    pass_until(g, lambda g: g.table is not None and g.table[:2] == (T("一"), 0))
    assert g.play(parse_move("chi 一二三"), lenient=True, seat=1) == "臭张"
    play(g, "discard 捌")
    pass_until(g, lambda g: g.ask().stage == "hu")
    assert json_events(g)[-1] == {"e": "draw", "seat": 1, "tile": "肆"}
    play(g, "hu")
    r = g.result
    assert r.penalties == ((1, "臭张", 3),)
    assert r.net == (1, -2, 1)  # only the penalty: his win counts for nothing


# ------------------------------------------------------------------ luzhou (RULES.md 8 and 10)

LZ_READY = "一一二三六七七八九十十壹壹贰柒柒捌玖拾拾"  # seat 1: wins on 五 (a discard too), 12 胡息
LZ_DEALER = "五一二二三四四九十壹贰贰肆肆伍陆柒捌捌玖玖"  # holds one 五; the 亮张 is 玖


def test_luzhou_zhao_is_made_before_any_claim_and_nobody_else_may_win_on_the_tile():
    # seat 2 holds 五五五: the dealer's 五 is 招'd at once, though seat 1 would win on it
    g = deal(LUZHOU, "五一二二三四四九十壹贰贰肆肆伍陆柒捌捌玖三", LZ_READY, "五五五一二四六七九十壹贰叁肆陆柒捌玖拾拾")
    assert any(a.action == "hu" for a in api.decide(LZ_READY, tile="五", source="upper-discard",
                                                    rules=LUZHOU).actions)
    play(g, "discard 五")
    assert asked(g) == (2, "first", {"zhao"})  # compulsory, and before seat 1's 胡
    play(g, "zhao")
    assert last(g, "take")["melds"] == ["招:五五五五"] and asked(g)[:2] == (2, "discard")
    assert not [e for e in json_events(g) if e["e"] == "move" and e["seat"] == 1]
    refereed(g)


def test_luzhou_discards_are_won_on_asked_from_the_discarders_lower_player():
    # seat 1 and seat 2 both win on the dealer's 五: seat 1 is asked first; seat 2's win is no 地胡
    g = deal(LUZHOU, LZ_DEALER, LZ_READY, "三四六六六七八九叁叁叁肆伍伍陆陆柒捌玖拾")
    play(g, "discard 五")
    assert asked(g) == (1, "hu", {"hu", "pass"})
    play(g, "pass")
    assert asked(g) == (2, "hu", {"hu", "pass"})
    play(g, "hu")
    r = g.result
    want = api.hu("三四六六六七八九叁叁叁肆伍伍陆陆柒捌玖拾", win="五", source="discard", rules=LUZHOU).win
    assert (r.winner, r.source, r.conditions, r.win.score) == (2, "discard", (), want.score)
    assert r.net == (-want.score, -want.score, 2 * want.score)  # each other player pays, the discarder too
    refereed(g)


def test_luzhou_dihu_the_lower_player_wins_on_the_dealers_first_discard():
    g = deal(LUZHOU, LZ_DEALER, LZ_READY, "三四六六六七八九叁叁叁肆伍伍陆陆柒捌玖拾")
    play(g, "discard 五", "hu")
    r = g.result
    want = api.hu(LZ_READY, win="五", source="discard", rules=LUZHOU, conditions={"dihu"}).win
    plain = api.hu(LZ_READY, win="五", source="discard", rules=LUZHOU).win
    assert (r.winner, r.source, r.conditions) == (1, "discard", ("dihu",))
    assert "地胡" in r.win.fan_names and r.win.fan == plain.fan + 2
    assert (r.win.fan_names, r.win.score) == (want.fan_names, want.score)
    assert r.net == (-want.score, 2 * want.score, -want.score)
    refereed(g)


# seat 1 holds 三三; the dealer one 三 and one 柒 (seat 1 eats 柒 with 伍陆 or 贰拾)
LZ_PENG = ("三柒一四五九十壹贰叁肆伍陆捌玖拾九十壹肆八", "三三一二五六八九十壹贰叁伍陆玖拾十五壹八",
           "柒四四六六七八贰贰叁叁陆捌玖拾伍二七九肆")


def test_luzhou_peng_is_compulsory():
    g = deal(LUZHOU, *LZ_PENG)
    play(g, "discard 三")
    assert asked(g) == (1, "peng", {"peng"})
    play(g, "peng")
    assert asked(g)[:2] == (1, "discard")
    refereed(g)


def test_luzhou_the_drawer_must_peng_his_own_draw_onto_his_pair():
    g = deal(LUZHOU, *LZ_PENG, "三")
    play(g, "discard 柒", "pass")
    assert json_events(g)[-1] == {"e": "draw", "seat": 1, "tile": "三"}
    assert asked(g) == (1, "peng", {"peng"})  # no 偎 in luzhou: his own 碰
    play(g, "peng")
    assert last(g, "take")["melds"] == ["碰:三三三"] and g.seats[1].shown[-1]
    refereed(g)


def test_luzhou_a_passed_tile_may_afterwards_only_be_won_on():
    g = deal(LUZHOU, *LZ_PENG, "玖拾柒")
    play(g, "discard 柒")
    assert asked(g) == (1, "chi", {"chi 伍陆柒", "chi 贰柒拾", "pass"})
    play(g, "pass")
    seven = T("柒")
    assert g.seats[1].chou == {seven} and g.seats[1].passed_peng == {seven}  # neither 吃 nor 碰 of it
    pass_until(g, happened(g, {"e": "faceup", "seat": 0, "tile": "柒"}))
    i = json_events(g).index({"e": "draw", "seat": 0, "tile": "柒"})
    assert json_events(g)[i + 1] == {"e": "faceup", "seat": 0, "tile": "柒"}  # seat 1, his lower player, is not asked
    d = api.decide(g.seats[1].hand(), tile="柒", source="upper-draw", chou="柒", rules=LUZHOU)
    assert not [a for a in d.actions if a.action in ("chi", "peng")]
    refereed(g)


def test_luzhou_chi_only_from_the_upper_player_never_ones_own_draw():
    g = deal(LUZHOU, *LZ_PENG, "柒")
    play(g, "discard 一", "pass")  # seat 1 could eat it (一二三)
    assert json_events(g)[-1] == {"e": "draw", "seat": 1, "tile": "柒"}
    # seat 1 holds 伍陆 and 贰拾 but does not eat his own draw (吃牌只能吃上家的)
    d = api.decide(g.seats[1].hand(), tile="柒", source="self-draw", rules=LUZHOU)
    assert not [a for a in d.actions if a.action == "chi"] and "chi_from" in {f.reason for f in d.forbidden}
    assert g.ask() is None or g.ask().seat != 1
    refereed(g)
