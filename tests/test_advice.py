"""Advice in words and on the command line (issue 16): ``phz discard --win-rate`` and ``phz act --advise``.

Hand-built positions whose right move is known by hand — eating breaks a
wait worth more; passing makes the only 进张 臭; a 碰 that leaves no discard
is not offered; a wide low-score wait against a narrow high-score one,
where the win chance and the score decide against the order by outs — each
checked for the advice's order and its sentences.  The advice's distance,
live 进张 and outs are checked against ``api.discard`` / ``api.ting`` of the
hand each choice leaves (the same seen tiles), and its figures against
``winrate.estimate`` on the same seed.  Then both commands in en and zh,
--json, positions from a game record and a position file, and bad input.
"""
from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from solver import api
from solver.app import advise_command, advise_run
from solver.app.commands import main
from solver.game import winrate
from solver.game.advice import advise, played_out
from solver.game.engine import Game
from solver.game.moves import Move
from solver.game.players import make_bot, play_hand
from solver.game.position import dumps, position_of, quick
from solver.game.record import write
from solver.model.notation import parse_tiles
from solver.model.rules import get_ruleset
from solver.model.tiles import glyph
from solver.text.advice_text import advice_table, choice_text, why
from solver.text.table_view import width
from tests.game_helpers import json_events

HUNAN = get_ruleset("hunan")

# (a) ready on 三/六 (7 live outs); every way to eat 三 spends the waiting 四五 or breaks 二七十, whose
# own completions are all seen: eating leaves fewer live outs or none
BREAKS = ("一一一九九九壹壹壹玖玖玖捌捌捌二七十四五", "三", "一九壹玖捌二二二七七七十十十")
# (b) 1 away, and only 七 brings it nearer (二十 or 六八 eat it; the rest are 坎 and a lone 壹):
# passing makes 七 臭 for 吃, so no later 七 can be eaten
ONLY = ("一一一三三三四四四五五五九九九二十六八壹", "七", "一三四五九")
# (c) six 坎 and a pair: a 碰 of the pair would leave only 坎 tiles, and a 坎 tile is never discarded
NO_DISCARD = ("一一一三三三四四四九九九壹壹壹捌捌捌伍伍", "伍")
# (d) discard 九: ready on 八 alone (2 live, 对对胡 4 番, 28–36); discard 八: ready on 七 and 十 (4 live,
# 平胡, 7–8); the fourth copies of the 坎 and 捌 are seen, so no 提胡/跑胡 or 绞 widens the narrow one
NARROW = ("壹壹壹叁叁叁肆肆肆伍伍伍贰贰贰八八九 | 碰:陆陆陆", "壹贰叁肆伍陆捌捌捌捌七七十十")


def phz(*args: str, env: dict | None = None):
    return CliRunner().invoke(main, list(args), env=env)


def claim(hand: str, tile: str, seen: str = "", rules=HUNAN, **kw):
    d = api.decide(hand, tile=tile, source="upper-discard", seen=seen, rules=rules)
    return d, advise_command.claim_position(d, rules, seen=parse_tiles(seen), stock=kw.get("stock"))


def discard_position(hand: str, seen: str = "", rules=HUNAN):
    table = api.discard(hand, seen=seen, rules=rules)
    return quick(table.hand, rules, seen=parse_tiles(seen), options=[Move("discard", tile=r.tile) for r in table.rows])


# ---------------------------------------------------------------- hand-built positions

def test_eating_breaks_a_wait_worth_more():
    _, pos = claim(*BREAKS)
    a = advise(pos, samples=200)
    best = a.best
    assert best.move == Move("pass") and (best.distance, best.outs) == (0, 7)
    for c in a.choices[1:]:
        assert c.move.kind == "chi" and c.outs < 7
        assert c.loss - c.loss_half_width > 0, c  # worse on the same deals, beyond the noise
    lines = why(a, "en")
    assert lines[0].startswith("passing is best: it keeps ready, 7 live outs, wins ")
    assert "makes 三 臭 for 吃" in lines[0]
    assert lines[1] == "it waits on 三 六"  # the tiles the reasons name (tests/test_reasons.py: the facts)
    # the runner-up (the 吃 played on the most deals: which one, and its discard, the race's first rounds say)
    second = a.choices[1]
    with_ = "".join(glyph(t) for t in second.move.chi if t != parse_tiles("三")[0])
    assert second.distance == 0 and second.follow is not None and second.follow.tile is not None
    assert lines[2].startswith(f"吃 三 with {with_}, then discard {glyph(second.follow.tile)} would leave ready, "
                               f"{second.outs} live outs, expected "), lines[2]
    zh = why(a, "zh")
    assert zh[0].startswith("过最好：保持听牌，7张活胡张，胡牌率") and "三对吃成为臭张" in zh[0]


def test_passing_makes_the_only_improving_tile_chou():
    d, pos = claim(*ONLY)
    ting = api.ting(ONLY[0], seen=ONLY[2] + ONLY[1])
    assert ting.distance == 1 and [x.tile for x in ting.improving] == [6]  # 七 alone
    passing = next(a for a in d.actions if a.action == "pass")
    assert passing.becomes_chou_chi == (6,)
    a = advise(pos, samples=200)
    assert a.best.move.kind == "chi" and a.best.distance == 0
    p = a.choice_of(Move("pass"))
    assert p.chou == (6,) and p.estimate.wins == 0  # 七 can no longer be eaten: the hand never gets ready
    assert p.loss - p.loss_half_width > 0
    lines = why(a, "en")
    assert lines[0].startswith(f"{choice_text(a.best, 'en', tile=6)}: ready, 3 live outs, wins ")
    assert lines[1] == "it waits on 七"
    assert lines[2].startswith("passing keeps 1 away, 3 live 进张 and makes 七 臭 for 吃, expected ")
    assert why(a, "zh")[1] == "听七" and "七对吃成为臭张" in why(a, "zh")[2]


def test_a_peng_that_leaves_no_discard_is_not_offered():
    d, pos = claim(*NO_DISCARD)
    assert [f.reason for f in d.forbidden if f.action == "peng"] == ["no_discard"]
    a = advise(pos)
    assert [c.move for c in a.choices] == [Move("pass")] and a.best.estimate is None  # nothing to weigh
    assert why(a, "en") == ["pass (过): the only move: ready, 11 live outs"]
    out = phz("act", NO_DISCARD[0], "--tile", NO_DISCARD[1], "--from", "upper-discard", "--advise", "--lang", "en")
    assert out.exit_code == 0, out.output
    assert "碰 " not in out.output.split("may not")[0]  # not in the table
    assert "may not: 碰: after it no tile outside a 坎 would be left" in out.output


def test_a_narrow_high_score_wait_beats_a_wide_low_score_one():
    pos = discard_position(*NARROW)
    by_score, by_outs = advise(pos, samples=300), advise(pos, samples=300, rank="outs")
    narrow, wide = Move("discard", tile=8), Move("discard", tile=7)
    assert [c.move for c in by_score.choices] == [narrow, wide]
    assert [c.move for c in by_outs.choices] == [wide, narrow]
    n, w = by_score.choice_of(narrow), by_score.choice_of(wide)
    assert (n.outs, w.outs) == (2, 4)
    full = played_out(by_score, wide).choice_of(wide)  # the wide wait on every deal the narrow had
    assert full.estimate.n == n.estimate.n and full.estimate.wins > n.estimate.wins  # it wins more often …
    assert full.loss - full.loss_half_width > 0 and w.loss - w.loss_half_width > 0  # … and for less: the score decides
    lines = why(by_score, "en")
    assert lines[1] == "it waits on 八" and "against discard 八 it has outs on 八 but not 七 十" in lines
    assert lines[2].startswith("by distance and 进张 alone discard 八 would come first (ready, 4 live outs), "
                               "but it wins ")
    outs_lines = why(by_outs, "en")
    assert outs_lines[0].startswith("discard 八: ready, 4 live outs")
    assert any(line.startswith("by expected score discard 九 would be better: wins ") for line in outs_lines)


# ---------------------------------------------------------------- against the slow references

@pytest.mark.parametrize("name", ["hunan", "luzhou"])
def test_each_discard_leaves_what_api_discard_says(name):
    rules = get_ruleset(name)
    hand, seen = "一二三壹贰叁贰柒拾四五六八九十七七七伍伍捌", "九玖"
    a = advise(discard_position(hand, seen, rules), samples=0)
    rows = {r.tile: r for r in api.discard(hand, seen=seen, rules=rules).rows}
    assert {c.move.tile for c in a.choices} == set(rows)
    for c in a.choices:
        r = rows[c.move.tile]
        assert (c.distance, c.outs) == (r.distance, r.outs)
        assert c.live == (r.outs if r.distance == 0 else r.improving_live)


def test_each_claim_leaves_what_api_ting_says():
    hand, tile, seen = "一二三四五六七八九九壹贰叁肆伍陆柒捌玖拾", "三", "拾"
    _, pos = claim(hand, tile, seen)
    a = advise(pos, samples=0)
    x = parse_tiles(tile)[0]
    assert {c.move.kind for c in a.choices} == {"chi", "pass"}
    for c in a.choices:
        after = list(parse_tiles(seen)) + ([x] if c.move.kind == "pass" else [])  # taken: no longer seen
        if c.follow is not None:
            after.append(c.follow.tile)  # one's own discard is seen
        t = api.ting(c.hand, seen=after)
        assert c.distance == t.distance
        assert c.outs == sum(w.outs for w in t.waits)
        assert c.live == (c.outs if t.distance == 0 else sum(d.live for d in t.improving))


def test_the_win_rate_figures_are_winrate_estimate_on_the_same_seed():
    pos = discard_position(*NARROW)
    a = advise(pos, samples=40, seed=7)
    for c in a.choices:
        e = winrate.estimate(pos, [c.script], samples=c.estimate.n, seed=7, policy=a.policy)[0]
        assert (e.n, e.wins, e.deal_ins, e.nets) == (c.estimate.n, c.estimate.wins, c.estimate.deal_ins,
                                                     c.estimate.nets)
    out = phz("discard", NARROW[0], "--seen", NARROW[1], "--win-rate", "--samples", "40", "--seed", "7", "--json")
    rows = json.loads(out.stdout)["discards"]
    for row, c in zip(rows, a.choices):
        assert row["tile"] == choice_text(c, "zh")[1:]
        assert (row["win"], row["score"], row["samples"]) == (round(c.estimate.win, 4), round(c.estimate.score, 4),
                                                              c.estimate.n)


def test_the_default_samples_are_the_estimates():
    """Without --samples, --win-rate plays DEFAULT_SAMPLES deals a choice, and says so."""
    got = phz("discard", "--win-rate", "--json", "一二三壹贰叁贰柒拾四五六八九十七七七伍伍捌")
    assert got.exit_code == 0, got.output
    assert json.loads(got.output)["advice"]["samples"] == winrate.DEFAULT_SAMPLES == 100


# ---------------------------------------------------------------- the table and the words

def test_the_table_fits_80_columns_and_paints_red_tiles():
    hand = "一二三壹贰叁贰柒拾四五六八九十七七七伍伍捌"
    a = advise(discard_position(hand, rules=get_ruleset("luzhou"), seen=""), samples=30)
    for lang in ("en", "zh"):
        lines = advice_table(a, lang)
        assert max(width(line) for line in lines) <= 80
        assert "deal-in %" in lines[0] or "点炮%" in lines[0]  # luzhou wins on discards
        painted = advice_table(a, lang, colour=True)
        assert any("\x1b[31m柒\x1b[0m" in line for line in painted)  # discard 柒, a red tile
        assert [line.replace("\x1b[31m", "").replace("\x1b[0m", "") for line in painted] == lines
    narrow = advice_table(a, "en", width=40)  # too narrow for any table: condensed, no tile split
    assert all(line.count("±") <= 2 for line in narrow)
    assert not any(" ± " in line for line in narrow)
    hunan = advise(discard_position(hand), samples=30)
    assert "deal-in" not in advice_table(hunan, "en")[0]  # hunan wins on no discard


def test_choice_words():
    c = advise(claim(*ONLY)[1], samples=0).best
    assert choice_text(c, "en") in ("吃 二七十, then discard 壹", "吃 六七八, then discard 壹")
    assert choice_text(c, "en", tile=6) in ("吃 七 with 二十, then discard 壹", "吃 七 with 六八, then discard 壹")
    assert choice_text(c, "zh", tile=6) in ("吃七（二十），打壹", "吃七（六八），打壹")


# ---------------------------------------------------------------- the commands

def test_discard_win_rate_in_english_and_chinese():
    base = ("discard", NARROW[0], "--seen", NARROW[1], "--win-rate", "--samples", "60")
    en, zh = phz(*base, "--lang", "en"), phz(*base, "--lang", "zh")
    assert en.exit_code == 0 and zh.exit_code == 0, en.output + zh.output
    for out in (en.output, zh.output):
        assert max(width(line) for line in out.splitlines()) <= 80
    assert en.output.splitlines()[1].startswith("assumed: a quick position: 40 tiles in the two other hands")
    assert "discard    away    进张/outs    win %" in en.output
    assert "discard 九: ready, 2 live outs, wins " in en.output
    assert "假设：只凭手牌的局面：另两家手里共40张" in zh.output and "打九：听牌，2张活胡张，胡牌率" in zh.output
    assert "rollouts: 60 deals of the unseen tiles per choice" in en.output


def test_discard_win_rate_json_gains_the_fields():
    out = phz("discard", NARROW[0], "--seen", NARROW[1], "--win-rate", "--samples", "30", "--json",
              "--rules", "luzhou")
    assert out.exit_code == 0, out.output
    obj = json.loads(out.stdout)
    assert set(obj) == {"input", "hand", "discards", "advice"}
    row = obj["discards"][0]
    assert {"tile", "outs", "waits", "distance", "improving_live", "win", "win_low", "win_high", "score",
            "score_half_width", "deal_in", "samples", "loss", "loss_half_width"} <= set(row)
    assert row["win_low"] <= row["win"] <= row["win_high"]
    assert obj["advice"]["rank"] == "score" and obj["advice"]["samples"] == 30
    assert obj["advice"]["position"]["format"] == "phz-position"
    hunan = json.loads(phz("discard", NARROW[0], "--seen", NARROW[1], "--win-rate", "--samples", "30",
                           "--json").stdout)
    assert "deal_in" not in hunan["discards"][0]  # hunan wins on no discard
    plain = json.loads(phz("discard", NARROW[0], "--json").stdout)
    assert set(plain) == {"input", "hand", "discards"} and "win" not in plain["discards"][0]


def test_discard_rank_outs_keeps_the_order_of_phz_discard():
    hand = "一二二三四四六七九九十壹贰贰贰叁肆伍陆陆柒"  # 14 discards, ties in distance and 进张
    plain = json.loads(phz("discard", hand, "--json").stdout)["discards"]
    said = []
    for seed in ("0", "3"):
        out = phz("discard", hand, "--win-rate", "--samples", "30", "--rank", "outs", "--seed", seed, "--json",
                  "--lang", "en")
        rows = json.loads(out.stdout)["discards"]
        assert [r["tile"] for r in rows] == [r["tile"] for r in plain]
        assert rows[0]["loss"] == 0 and all(r["loss"] >= 0 for r in rows)
        # the why names the discard of the best expected score when it is not the outs order's first
        top = max(rows, key=lambda r: r["score"])
        lines = [line for line in json.loads(out.stdout)["advice"]["why"] if line.startswith("by expected score ")]
        if top["score"] > rows[0]["score"]:
            assert lines and lines[0].startswith(f"by expected score discard {top['tile']} would be better")
            said.append(seed)
        else:
            assert not lines
    assert said == ["3"]  # (both cases were seen)


def test_a_win_and_a_compulsory_take():
    hand = "一二三壹贰叁贰柒拾四五六八九十七七七伍伍"
    out = phz("act", hand, "--tile", "七", "--from", "self-draw", "--advise", "--samples", "20", "--lang", "en")
    assert out.exit_code == 0, out.output
    assert "胡 (win): wins now: +" in out.output and "next: 提 七: not judged by distance" in out.output
    assert "(and 11 more ways alike)" in out.output  # one line for the ways to eat a 坎's tile
    assert "may not: 过: the 提 is compulsory" in out.output


@pytest.mark.parametrize("name", ["hunan", "luzhou"])
def test_act_asks_the_rollouts_at_the_stage_the_engine_asks(name):
    """``phz act --advise`` plays its moves out from the stage of the claim round that first asks the seat
    about the tile; luzhou's compulsory 碰 (有碰必碰) was put at the take stage of the 4-tile groups, which
    never asks a 碰, so every deal was refused and the advice showed no figures (win 1%, expected +0.00 ± ?).
    Checked against the game engine at every tile a seat is first asked about in random games, where the
    hand alone gives the same legal moves as the game (a game knows more: a tile passed, the last one)."""
    rules = get_ruleset(name)
    checked = set()
    for seed in range(40):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        asked = set()
        while (ask := game.ask()) is not None:
            key = (ask.seat, game.turns, len(game.stock), ask.tile, ask.origin)
            if ask.tile is not None and ask.stage != "qishou" and key not in asked:
                asked.add(key)
                view = game.view(ask.seat)
                d = api.decide(game.hand(ask.seat), tile=ask.tile, source=ask.origin, chou=view.chou,
                               passed_peng=view.passed_peng, rules=rules)
                if {a.action for a in d.actions} == {m.kind for m in ask.options}:
                    assert advise_run._claim_stage(d, rules) == ask.stage, (seed, ask)
                    checked.add((ask.stage, d.compulsory.action if d.compulsory else None))
            game.play(rng.choice(ask.options))
    assert ("peng", "peng" if name == "luzhou" else None) in checked and ("chi", None) in checked
    assert ("take", "pao") in checked if name == "hunan" else ("first", "zhao") in checked
    if name == "luzhou":  # the compulsory 碰 of a hand typed in is played out
        d = api.decide("一二三三四五六七八九十壹贰叁肆伍陆柒捌玖", tile="三", source="upper-discard", rules=rules)
        a = advise(advise_command.claim_position(d, rules, seen=(), stock=None), samples=24)
        assert a.best.estimate is not None and a.best.estimate.n > 0

def test_a_choice_no_deal_could_be_played_on_shows_no_figures():
    """When every deal contradicts the position (here the stage before the fix above: a compulsory 碰 put
    at the take stage), a choice played on no deal has no estimate: no "win 1%, expected +0.00 ± ?"
    read off nothing, the table without those columns."""
    from dataclasses import replace

    rules = get_ruleset("luzhou")
    d = api.decide("一二三三四五六七八九十壹贰叁肆伍陆柒捌玖", tile="三", source="upper-discard", rules=rules)
    pos = replace(advise_command.claim_position(d, rules, seen=(), stock=None), stage="take")
    a = advise(pos, samples=24)
    assert [c.estimate for c in a.choices] == [None]
    table_ = advice_table(a, "en")
    assert "win %" not in table_[0] and "?" not in "".join(table_)

def test_act_advise_in_english_and_chinese():
    hand, tile, seen = ONLY
    base = ("act", hand, "--tile", tile, "--from", "upper-discard", "--seen", seen, "--advise", "--samples", "60")
    en, zh = phz(*base, "--lang", "en"), phz(*base, "--lang", "zh")
    assert en.exit_code == 0 and zh.exit_code == 0, en.output + zh.output
    lines = en.output.splitlines()
    assert lines[0] == "一一一二三三三四四四五五五六八九九九十壹  +  七 upper-discard (上家打出)"
    assert "move       then    away" in en.output
    assert "passing keeps 1 away, 3 live 进张 and makes 七 臭 for 吃" in en.output
    assert "may not: 吃 五六七: 五五五 is a 坎" in en.output
    assert zh.output.splitlines()[0] == "一一一二三三三四四四五五五六八九九九十壹  +  上家打出的七"
    assert "走法" in zh.output and "过：保持差1步，3张进张，七对吃成为臭张" in zh.output
    for out in (en.output, zh.output):
        assert max(width(line) for line in out.splitlines()) <= 80


def test_act_advise_json_for_tools():
    hand, tile, seen = ONLY
    out = phz("act", hand, "--tile", tile, "--from", "upper-discard", "--seen", seen, "--advise", "--samples", "30",
              "--json", "--lang", "en")
    assert out.exit_code == 0, out.output
    obj = json.loads(out.stdout)
    assert {"input", "hand", "tile", "from", "actions", "forbidden", "advice"} <= set(obj)
    choices = obj["advice"]["choices"]
    assert choices[0]["action"] == "chi" and choices[0]["then"] == "壹" and choices[0]["distance"] == 0
    passing = next(c for c in choices if c["action"] == "pass")
    assert passing["chou"] == ["七"] and passing["rollout_win"] == 0 and passing["loss"] > 0
    assert passing["win"] == get_ruleset("hunan").bots.win_curve[0]  # shown as the win curve reads 0
    assert obj["advice"]["why"][1] == "it waits on 七" and choices[0]["draws"] == ["七"]
    assert obj["advice"]["why"][2].startswith("passing keeps 1 away")


def test_the_plain_commands_stay_as_they_are():
    hand = "一二三壹贰叁贰柒拾四五六八九十七七七伍伍捌"
    out = phz("discard", hand)
    assert out.exit_code == 0 and "win %" not in out.output and "rollouts" not in out.output
    act = phz("act", "一二三四五六七八九九壹贰叁肆伍陆柒捌玖拾", "--tile", "三", "--from", "upper-discard")
    assert act.exit_code == 0 and "rollouts" not in act.output
    missing = phz("act", "一二三四五六七八九九壹贰叁肆伍陆柒捌玖拾", "--tile", "三")
    assert missing.exit_code == 2 and "Missing option '--from'" in missing.output
    assert "Missing argument 'HAND...'" in phz("act", "--tile", "三", "--from", "upper-discard").output


# ---------------------------------------------------------------- positions from a record and a file

@pytest.fixture(scope="module")
def game_record(tmp_path_factory):
    """A hand of basic bots (seed 5) written as a record: its path, the game, and per move its (seat, stage,
    number of options)."""
    game = Game(HUNAN, seed=5)
    play_hand(game, [make_bot("basic", 5, s) for s in range(4)])
    path = tmp_path_factory.mktemp("advice") / "game.jsonl"
    write(path, HUNAN, [game], seeds=[5])
    moves = [(e["seat"], e["stage"], len(e["offered"])) for e in json_events(game) if e["e"] == "move"]
    return path, game, moves


def test_a_record_position_at_a_discard_and_at_a_claim(game_record):
    path, _, moves = game_record
    at_discard = next(i for i, (_, stage, n) in enumerate(moves, 1) if stage == "discard" and n > 1)
    at_claim = next(i for i, (_, stage, n) in enumerate(moves, 1) if stage in ("chi", "peng") and n > 1)
    seat = moves[at_discard - 1][0]
    out = phz("discard", "--win-rate", "--record", str(path), "--at", str(at_discard), "--samples", "30",
              "--lang", "en")
    assert out.exit_code == 0, out.output
    assert f"the position of {path} before move {at_discard}: seat {seat}," in out.output.replace("\n  ", " ")
    act = phz("act", "--advise", "--record", str(path), "--at", str(at_claim), "--samples", "30", "--lang", "zh")
    assert act.exit_code == 0, act.output
    assert f"第{at_claim}步之前的局面：座位{moves[at_claim - 1][0]}" in act.output.replace("\n  ", "")
    wrong = phz("act", "--advise", "--record", str(path), "--at", str(at_discard), "--samples", "30")
    assert wrong.exit_code == 2 and "ask phz discard --win-rate" in wrong.output


def test_a_position_file(game_record, tmp_path):
    path, _, moves = game_record
    at = next(i for i, (_, stage, n) in enumerate(moves, 1) if stage == "discard" and n > 1)
    from solver.game import record, replay
    done = replay.replay(record.read(path), to=at)
    pos = position_of(done.at.game)
    file = tmp_path / "pos.json"
    file.write_text(dumps(pos), encoding="utf-8")
    a = phz("discard", "--win-rate", "--position", str(file), "--samples", "30", "--json")
    b = phz("discard", "--win-rate", "--record", str(path), "--at", str(at), "--samples", "30", "--json")
    assert a.exit_code == 0 and b.exit_code == 0, a.output + b.output
    assert json.loads(a.stdout)["discards"] == json.loads(b.stdout)["discards"]
    again = phz("discard", pos.hand.text(), "--win-rate", "--position", str(file), "--samples", "30")
    assert again.exit_code == 0, again.output
    other = phz("discard", "一二三壹贰叁贰柒拾四五六八九十七七七伍伍捌", "--win-rate", "--position", str(file))
    assert other.exit_code == 2 and "HAND is not the hand of the position" in other.output


def _one_error_line(out) -> str:
    assert out.exit_code == 2, out.output
    lines = [line for line in out.output.splitlines() if line.strip()]
    assert len(lines) == 1, out.output
    return lines[0]


def test_bad_input_is_one_line_naming_the_fix(game_record, tmp_path):
    path, _, moves = game_record
    at = next(i for i, (_, stage, n) in enumerate(moves, 1) if stage == "discard" and n > 1)
    seat = moves[at - 1][0]
    hand = "一二三壹贰叁贰柒拾四五六八九十七七七伍伍捌"
    assert "--samples 0: give at least 1 deal per choice" in _one_error_line(
        phz("discard", hand, "--win-rate", "--samples", "0"))
    assert "--seat 3: the seats are 0 to 2" in _one_error_line(
        phz("discard", "--win-rate", "--record", str(path), "--at", str(at), "--seat", "3"))
    assert f"give --seat {seat}" in _one_error_line(
        phz("discard", "--win-rate", "--record", str(path), "--at", str(at), "--seat", str((seat + 1) % 3)))
    assert f"--at 999: the record has moves 1 to {len(moves)}" in _one_error_line(
        phz("discard", "--win-rate", "--record", str(path), "--at", "999"))
    bad = json.loads(dumps(position_of(Game(HUNAN, seed=3))))
    bad["hand"] = "一二三 x"
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(bad, ensure_ascii=False), encoding="utf-8")
    assert "the position's 'hand' field" in _one_error_line(
        phz("discard", "--win-rate", "--position", str(file)))
    assert "--record goes with --at MOVE" in _one_error_line(phz("discard", "--win-rate", "--record", str(path)))
    assert "--seen is for a quick position" in _one_error_line(
        phz("discard", "--win-rate", "--position", str(file), "--seen", "一"))
    misuse = phz("discard", hand, "--samples", "30")
    assert misuse.exit_code == 2 and "--samples goes with --win-rate" in misuse.output
    assert "--seed goes with --advise" in phz("act", hand[:-1], "--tile", "三", "--from", "upper-discard",
                                              "--seed", "1").output
    err = phz("discard", hand, "--win-rate", "--samples", "0", "--json")
    assert json.loads(err.stdout)["error"].startswith("--samples 0")
    assert "--stock 99: only 59 tiles are unseen; give --stock 0 to 59" in _one_error_line(
        phz("discard", "一二二三四四六七九九十壹贰贰贰叁肆伍陆陆柒", "--win-rate", "--stock", "99"))
    quick = ("discard", "一二二三四四六七九九十壹贰贰贰叁肆伍陆陆柒", "--win-rate", "--lang", "zh")
    assert "--stock 99：没见过的牌只有59张；--stock 请给 0 到 59" in _one_error_line(phz(*quick, "--stock", "99"))
    assert "--stock -1：墩里的牌不能少于0张" in _one_error_line(phz(*quick, "--stock", "-1"))
    assert "--samples 0：每个选择至少要1副发牌（默认100" in _one_error_line(phz(*quick, "--samples", "0"))


def test_a_quick_position_needs_a_hand():
    out = phz("discard", "--win-rate")
    assert out.exit_code == 2 and "--win-rate answers one hand: give HAND" in out.output
    out = phz("act", "--advise", "--tile", "三", "--from", "upper-discard")
    assert out.exit_code == 2 and "Missing argument 'HAND...'" in out.output


def test_the_progress_line_shows_on_a_terminal_only_and_is_wiped(monkeypatch):
    import io

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setattr(advise_command, "PROGRESS_AFTER", 0.0)
    term, pipe = Terminal(), io.StringIO()
    for stream in (term, pipe):
        progress = advise_command._Progress(200, stream)
        progress.last -= 1  # as if the last line were long ago
        progress(24)
        progress.close()
    assert term.getvalue().startswith("\rphz: playing out the hand: 24/200 deals\r")
    assert term.getvalue().endswith("\r")
    assert pipe.getvalue() == ""


def test_a_win_on_offer_comes_first_unless_passing_is_clearly_better():
    from solver import api
    from solver.game.advice import advise
    from solver.game.moves import Move
    from solver.game.position import quick
    from solver.model.notation import parse_hand
    from solver.model.rules import get_ruleset
    rules = get_ruleset("hunan")
    hand = parse_hand("一二三壹贰叁贰柒拾四五六八九十七七七伍伍", rules)
    d = api.decide(hand, tile="五", source="upper-draw", rules=rules)
    moves = [Move(a.action, chi=a.chi, bi=a.bi) for a in d.actions]
    assert Move("hu") in moves and Move("pass") in moves
    firsts = set()
    for samples in (16, 60):  # passing wins more on the rollouts: within their noise at 16 deals, beyond it at 60
        advice = advise(quick(hand, rules, tile=d.tile, origin="upper-draw", options=moves), samples=samples)
        passing, hu = advice.choice_of(Move("pass")), advice.choice_of(Move("hu"))
        diff, half = passing.estimate.paired(hu.estimate)
        assert advice.best is (passing if diff - half > 0 else hu)
        firsts.add(advice.best.move.kind)
    assert firsts == {"hu", "pass"}


def test_two_ways_to_eat_that_lay_out_the_same_groups_leave_the_same_hand():
    from solver import api
    from solver.game.advice import advise
    from solver.game.moves import Move
    from solver.game.position import quick
    from solver.model.notation import parse_hand
    from solver.model.rules import get_ruleset
    rules = get_ruleset("hunan")
    hand = parse_hand("二七八九十一一一四四四五五五六六六壹壹贰", rules)
    d = api.decide(hand, tile="十", source="upper-discard", rules=rules)
    moves = [Move(a.action, chi=a.chi, bi=a.bi) for a in d.actions]
    advice = advise(quick(hand, rules, tile=d.tile, origin="upper-discard", options=moves), samples=30)
    by_leaves = {}
    for c in advice.choices:
        by_leaves.setdefault(c.leaves, []).append(c)
    alike = [cs for cs in by_leaves.values() if len(cs) > 1]
    assert alike, [(c.move, c.follow) for c in advice.choices]
    for cs in alike:
        assert len({c.move for c in cs}) == len(cs)
        assert len({(c.estimate.nets, c.estimate.n) for c in cs if c.estimate.n == cs[0].estimate.n}) == 1


def test_passing_a_win_must_be_better_beyond_the_noise():
    from solver.game.advice import Choice, _win_first
    from solver.game.moves import Move
    from solver.game.winrate import Estimate
    hu = Choice(Move("hu"), None, None, None, 0, 0, estimate=Estimate((Move("hu"),), 40, 40, 0, (8,) * 40))
    noisy = Estimate((Move("pass"),), 40, 20, 0, (30, -8) * 20)  # +11 a hand, but ± 12
    sure = Estimate((Move("pass"),), 40, 40, 0, (20,) * 40)  # +20 every deal
    passing = Choice(Move("pass"), None, None, 0, 3, 3)
    from dataclasses import replace
    assert _win_first([replace(passing, estimate=noisy), hu])[0] is hu
    better = replace(passing, estimate=sure)
    assert _win_first([better, hu])[0] is better


def test_a_win_on_the_liang_before_play_is_advised_without_rollouts():
    """起手胡 is asked before play, where no hand can be taken up mid-play (Game.resume): 胡 first."""
    from solver.game.advice import advise
    from solver.game.engine import Game
    from solver.game.position import position_of
    from solver.model.rules import get_ruleset
    game = Game(get_ruleset("hunan"), seed=714)
    assert game.ask().stage == "qishou"
    advice = advise(position_of(game))
    assert advice.best.wins and all(c.estimate is None for c in advice.choices)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_reasons_name_the_tables_second_row_not_a_choice_the_table_folds_away(lang):
    """The learner's trial (luzhou, zh): the table's second row and the summary's 其次 named different
    tiles, the summary's a choice the rollouts had stopped early and the table folded into a line."""
    from solver.text.advice_json import advice_json
    from solver.text.advice_text import answer_lines, dropped

    pos = discard_position("一二二四六七八九十十壹贰叁肆伍陆柒捌捌玖拾", rules=get_ruleset("luzhou"))
    advice = advise(pos, samples=200, seed=0)
    folded = [c for g in dropped(advice) for c in g]
    # the case of the trial: choices the race folds; the best the race played to the end come first
    assert folded and advice.choices[1] not in folded and advice.choices[1].estimate.dealt >= advice.samples
    lines = answer_lines(advice, lang, "head")
    rows = [x for x in lines if x[:1] in "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾" and "  " in x]
    tiles = [r.split()[0] for r in rows]
    prefixes = ("next: discard ", "其次：打", "against discard ", "与打", "by distance and 进张 alone discard ",
                "只看步数和进张会选打")
    said = [x for x in lines if x.startswith(prefixes)]
    assert said  # the reasons compare the best with other discards …
    for x in said:  # … and name only rows of the table
        named = x
        for p in prefixes:
            named = named.removeprefix(p)
        assert named[0] in tiles, (x, tiles)
    why_ = advice_json(advice, lang)["why"]
    assert all(any(w.startswith(x.strip()) for w in why_) for x in said)  # the JSON gives the same reasons
