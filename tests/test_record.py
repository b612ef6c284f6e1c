"""Game records (solver.game.record), their replay through the engine (solver.game.replay), their text
(solver.text.game_text) and ``phz replay``.

Records of seeded random-bot games replay strictly to the very same events; every single line dropped,
doubled or altered in a sample of records is refused with its line number (a RecordError, never a
traceback); a record typed in from a real table with a 烧比 and a 臭张 replays leniently, both named and
penalised as the ruleset says.
"""
from __future__ import annotations

import dataclasses
import io
import json
import random
import re

import pytest
from click.testing import CliRunner

from solver.app.commands import main
from solver.game import record as records
from solver.game.engine import Game
from solver.game.events import DrawnEvent, MoveEvent, PenaltyEvent, WinEvent
from solver.game.moves import move_text
from solver.game.players import RandomBot, play_hand
from solver.game.record import VERSION, Recorder, RecordError, parse
from solver.game.replay import replay
from solver.game.session import Session, hand_seed
from solver.game.table import ENGINE_VERSION
from solver.model import ruleset_file
from solver.model.rules import get_ruleset
from solver.model.tiles import GLYPHS
from solver.text import game_text
from tests.game_helpers import json_events

# A game typed in from a real table (hunan): the deal, what the players did, and 荒庄.  Seat 1 eats the
# dealer's 三 with 二四 while holding another 三 it lays out in no 比 (烧比); seat 2 declines to eat
# seat 1's 八, then eats the 八 it draws (臭张; the draw line places the 吃 on that 八, not on the one
# declined).  Nothing else is claimed: the passes are filled in.
TYPED = """\
{"format": "phz-game", "version": 2, "ruleset": "hunan"}
{"e": "deal", "dealer": 0, "hands": ["柒玖肆玖壹二一贰壹三伍伍三叁拾陆陆肆柒四四", "一二三四五六七八九九玖肆伍陆柒捌玖拾拾壹", "七九九十捌十三六七四肆伍贰叁捌陆二贰六壹"], "stock": "八五叁拾一二八十十七一捌五六八叁贰五柒"}
{"seat": 0, "move": "discard 三"}
{"seat": 1, "move": "chi 二三四"}
{"seat": 1, "move": "discard 八"}
{"seat": 2, "move": "pass"}
{"e": "draw", "seat": 2, "tile": "八"}
{"seat": 2, "move": "chi 七八九"}
{"seat": 2, "move": "discard 二"}
{"e": "drawn"}
"""


def _record(rules, seed: int, hands: int = 1, session: bool = False) -> str:
    """The record of ``hands`` hands of random bots: a Session's (dealer rotation) or hands of
    seeds seed, seed + 1, …"""
    out = io.StringIO()
    s = Session(rules, seed=seed)
    with Recorder(out, rules, seed=seed, seats=["random"] * rules.game.players, session={"kind": "test"}) as rec:
        for i in range(hands):
            hs = hand_seed(seed, i) if session else seed + i
            game = Game(rules, seed=hs, dealer=s.dealer if session else None)
            rec.hand(game, seed=hs)
            bots = [RandomBot(hs, p) for p in range(rules.game.players)]
            while (ask := game.ask()) is not None:
                game.play(bots[ask.seat].choose(game.view(ask.seat), ask))
                rec.sync()
            s.record(game.result)
    return out.getvalue()


def _refused(text: str, **kw) -> RecordError:
    with pytest.raises(RecordError) as info:
        replay(parse(text), **kw)
    assert not info.value.internal, info.value
    return info.value


# ---------------------------------------------------------------- strict replays


@pytest.mark.parametrize("name", ["hunan", "luzhou"])
def test_records_of_random_games_replay_strictly_to_the_same_events(name):
    rules = get_ruleset(name)
    for seed in range(6):
        played = []
        out = io.StringIO()
        with Recorder(out, rules, seed=seed, seats=["random"] * rules.game.players) as rec:
            for i in range(2):
                game = Game(rules, seed=hand_seed(seed, i))
                rec.hand(game, seed=hand_seed(seed, i))
                play_hand(game, [RandomBot(seed, p) for p in range(rules.game.players)])
                rec.sync()
                played.append(game)
        rp = replay(parse(out.getvalue()))
        assert [g.events for g in rp.games] == [g.events for g in played]
        assert [s.event for s in rp.steps] == [e for g in played for e in g.events]
        assert all(s.line is not None for s in rp.steps) and not rp.offences and not rp.stopped
        assert rp.scores == [sum(g.result.net[p] for g in played) for p in range(rules.game.players)]
        assert [g.result for g in rp.games] == [g.result for g in played]
        assert rp.total == sum(1 for g in played for e in json_events(g) if e["e"] == "move")
        lenient = replay(parse(out.getvalue()), lenient=True)  # a whole record replays leniently alike
        assert [g.events for g in lenient.games] == [g.events for g in played] and not lenient.offences
        assert all(s.line is not None for s in lenient.steps)


def test_the_record_is_the_events_one_a_line_after_a_header_and_hand_lines():
    rules = get_ruleset("hunan")
    text = _record(rules, 43)
    lines = [json.loads(x) for x in text.splitlines()]
    head = lines[0]
    assert (head["format"], head["version"], head["engine"]) == ("phz-game", VERSION, ENGINE_VERSION)
    assert head["ruleset"]["name"] == "hunan" and head["ruleset"]["digest"] == rules.digest
    assert head["seats"] == [{"name": "random", "player": "random"}] * 3 and head["seed"] == 43
    assert lines[1] == {"e": "hand", "hand": 1, "seed": 43}
    game = Game(rules, seed=43)
    for ev in lines[2:-1]:
        if ev["e"] == "move":
            game.play(next(m for m in game.ask().options if move_text(m) == ev["move"]))
    assert lines[2:-1] == json_events(game)
    assert lines[-1] == {"e": "end", "hands": 1, "scores": list(game.result.net)}


def test_the_recorder_writes_each_line_as_it_comes_and_a_stopped_game_replays(tmp_path):
    rules = get_ruleset("hunan")
    path = tmp_path / "game.jsonl"
    rec = Recorder(path, rules, seed=5, seats=["you", "basic", "strong"])
    game = Game(rules, seed=5)
    rec.hand(game, seed=5)
    for _ in range(6):  # a few moves, then the player quits (q)
        game.play(game.ask().options[0])
        rec.sync()
    written = path.read_text(encoding="utf-8").splitlines()
    assert len(written) == 2 + len(game.events)  # header, hand line, the events so far: all on disk
    # cut short (the process killed before it could close the record): strict refuses, lenient shows it
    err = _refused(path.read_text(encoding="utf-8"))
    assert err.line == len(written) + 1 and "no end line" in err.reason
    rp = replay(parse(path.read_text(encoding="utf-8")), lenient=True)
    assert rp.stopped and rp.total == 6
    rec.close()  # q: the end line closes the record so far
    rp = replay(records.read(path))
    assert rp.stopped and rp.total == 6 and rp.scores == [0, 0, 0]
    at = replay(records.read(path), to=7).at  # where the game was left
    assert at.move is None and at.ask == game.ask()


def test_to_n_is_the_position_before_move_n():
    rules = get_ruleset("luzhou")
    text = _record(rules, 15)
    rp = replay(parse(text))
    for n in (1, 5, rp.total):
        at = replay(parse(text), to=n).at
        game = Game(rules, seed=15, explain=True)
        moves = [s for s in rp.steps if s.n is not None]
        for s in moves[:n - 1]:
            game.play(next(m for m in game.ask().options if move_text(m) == s.event.move))
        assert at.ask == game.ask() and move_text(at.move) == moves[n - 1].event.move
        assert at.line == moves[n - 1].line and at.n == n
        assert [s.concealed for s in at.game.seats] == [s.concealed for s in game.seats]
    with pytest.raises(ValueError, match="moves 1 to"):
        replay(parse(text), to=rp.total + 1)


# ---------------------------------------------------------------- corrupted records


def _alter(value, rng: random.Random):
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        if value and all(c in GLYPHS for c in value):
            i = rng.randrange(len(value))
            return value[:i] + GLYPHS[(GLYPHS.index(value[i]) + 1) % 20] + value[i + 1:]
        if value.startswith("discard "):
            return "discard " + _alter(value[8:], rng)
        return value + "x"
    if isinstance(value, list):
        return value[:-1] if value else ["x"]
    return 0 if value is None else "x"


def _corruptions(text: str):
    """(what, corrupted text, the line numbers that may be named): every line dropped, every line
    doubled, every field of every event altered."""
    lines = text.splitlines()
    rng = random.Random(len(lines))
    for k, line in enumerate(lines):
        no = k + 1
        yield f"drop {no}", lines[:k] + lines[k + 1:], {no}
        yield f"double {no}", lines[:k + 1] + lines[k:], {no + 1}
        if k == 0:
            continue
        ev = json.loads(line)
        for key in ev:
            if key == "e":
                continue
            bad = dict(ev, **{key: _alter(ev[key], rng)})
            # a move still legal, a deal's dealer, a hand line's seed agree with their own line: the record
            # and the engine part on the next
            may = {no, no + 1} if (ev["e"], key) in (("move", "move"), ("deal", "dealer"), ("hand", "seed")) \
                else {no}
            yield f"alter {no} {key}", lines[:k] + [json.dumps(bad, ensure_ascii=False)] + lines[k + 1:], may
        yield f"kind {no}", lines[:k] + [json.dumps(dict(ev, e="faceup" if ev["e"] != "faceup" else "draw"),
                                                    ensure_ascii=False)] + lines[k + 1:], {no}


@pytest.mark.parametrize("name,seed,hands", [("hunan", 43, 1), ("luzhou", 15, 1), ("luzhou", 36, 1),
                                             ("hunan", 20, 2)])
def test_every_dropped_doubled_or_altered_line_is_refused_with_its_number(name, seed, hands):
    """hunan 43: a win, a 前提 and a 偎; luzhou 15: a win; luzhou 36: 天胡 (no move at all); hunan 20:
    two hands of a session (hand lines, dealer rotation, the end line)."""
    text = _record(get_ruleset(name), seed, hands, session=hands > 1)
    replay(parse(text))
    for what, lines, may in _corruptions(text):
        try:
            replay(parse("\n".join(lines)))
        except RecordError as e:
            assert isinstance(e, ValueError) and not e.internal, (what, e)
            assert e.line in may, (what, str(e))
            assert "\n" not in str(e) and str(e).startswith(f"line {e.line}: "), (what, str(e))
        else:
            pytest.fail(f"{what}: the corrupted record replays")


def test_lines_that_are_not_a_record_are_refused_by_number():
    rules = get_ruleset("hunan")
    lines = _record(rules, 43).splitlines()
    for bad, why in (("not json", "not a JSON object"), ("[1, 2]", "a list where a JSON object"),
                     ('{"e": "shuffle"}', "unknown event 'shuffle'"), ('{"seat": 1}', 'without its event kind')):
        err = _refused("\n".join(lines[:5] + [bad] + lines[5:]))
        assert err.line == 6 and why in err.reason, err
    assert _refused(b"\xff\xfe" + "\n".join(lines).encode()).line == 1
    err = _refused("\n".join(lines + [lines[-1]]))
    assert err.line == len(lines) + 1 and "after the end line" in err.reason


def test_records_of_another_version_are_refused_saying_so():
    text = _record(get_ruleset("hunan"), 43)
    head, rest = text.split("\n", 1)
    h = json.loads(head)
    for change, words in (({"version": VERSION + 1}, "newer phz"), ({"version": 0}, "no longer reads"),
                          ({"engine": ENGINE_VERSION + 1}, f"engine version {ENGINE_VERSION + 1}"),
                          ({"format": "other"}, "not a phz game record")):
        with pytest.raises(RecordError) as info:
            parse(json.dumps(dict(h, **change), ensure_ascii=False) + "\n" + rest)
        assert info.value.line == 1 and words in info.value.reason
    h["ruleset"]["content"]["penalties"]["诈胡"] = 31  # the content edited: no longer its digest
    with pytest.raises(RecordError, match="line 1: the ruleset in the header does not match"):
        parse(json.dumps(h, ensure_ascii=False) + "\n" + rest)


def test_the_ruleset_is_in_the_record_so_it_replays_after_the_house_rules_file_is_gone(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('schema = 1\nbase = "hunan"\nname = "mine"\ntitle = "Our table"\n'
                    '[score]\nmin_huxi = 18\n[penalties]\n"诈胡" = 60\n"走跑" = 15\n"失提" = 9\n"烧比" = 6\n'
                    '"臭张" = 3\n', encoding="utf-8")
    rules = ruleset_file.load(str(path))
    text = _record(rules, 43)
    path.unlink()
    rp = replay(parse(text))
    assert rp.rules.name == "mine" and rp.rules.digest == rules.digest and rp.rules.min_huxi == 18
    assert rp.rules.penalties["诈胡"] == 60
    assert [json_events(g) for g in rp.games][0] == json_events(_played(rules, 43))


def _played(rules, seed: int) -> Game:
    game = Game(rules, seed=seed)
    play_hand(game, [RandomBot(seed, p) for p in range(rules.game.players)])
    return game


# ---------------------------------------------------------------- lenient replays


def test_a_typed_record_with_a_shaobi_and_a_chouzhang_replays_leniently_with_both_penalised():
    rules = get_ruleset("hunan")
    assert rules.game.penalty_paid == "third_to_each"
    rp = replay(parse(TYPED), lenient=True)
    assert [(o.seat, o.offence, o.amount, o.line) for o in rp.offences] == [(1, "烧比", 6, 4), (2, "臭张", 3, 8)]
    # the offender pays each other player a third: 烧比 2 each from seat 1, 臭张 1 each from seat 2
    assert rp.scores == [2 + 1, -4 + 1, 2 - 2] and rp.games[0].result.winner is None
    penalties = [s.event for s in rp.steps if isinstance(s.event, PenaltyEvent)]
    assert penalties == [PenaltyEvent(seat=1, offence="烧比", amount=6), PenaltyEvent(seat=2, offence="臭张", amount=3)]
    seat1 = rp.games[0].seats[1]
    assert [m.text() for m in seat1.melds] == ["吃:二三四"] and seat1.concealed[2] == 1  # its 三 kept back
    assert any(s.line is None for s in rp.steps)  # the passes and the engine's events were filled in
    lines = game_text.summary_lines(rp, "en")
    assert "rule broken: seat 1 烧比, move 2 (line 4): penalty 6, 2 to each other player" in lines
    assert "rule broken: seat 2 臭张, move 5 (line 8): penalty 3, 1 to each other player" in lines
    err = _refused(TYPED)  # strictly: a typed record is not one the engine wrote
    assert err.line == 1 and err.breaks_rule


@pytest.mark.parametrize("name", ["hunan", "luzhou"])
def test_the_deal_and_the_choices_alone_replay_leniently_to_the_same_game(name):
    """A typed record of a legal game: the deal, each choice made among several (its seat, its move,
    a claim's tile), no pass, no forced move, no engine event; 荒庄 as {"e": "drawn"}.  The lenient
    replay fills in the rest and gives the game's very events."""
    rules = get_ruleset(name)
    for seed in range(25):
        game = _played(rules, seed)
        lines = [json.dumps({"format": "phz-game", "version": VERSION, "ruleset": name})]
        for e in json_events(game):
            if e["e"] == "deal":  # (at a table of four the seat sitting out and the shown tile may be left out)
                lines.append(json.dumps({k: e[k] for k in ("dealer", "hands", "stock", "liang")}
                                        | {"e": "deal"}, ensure_ascii=False))
            elif e["e"] == "move" and e["move"] != "pass" and len(e["offered"]) > 1:
                typed = {"seat": e["seat"], "move": e["move"]}
                if not e["move"].startswith("discard"):
                    typed["tile"] = e["tile"]
                lines.append(json.dumps(typed, ensure_ascii=False))
        if game.result.winner is None:
            lines.append('{"e": "drawn"}')
        rp = replay(parse("\n".join(lines)), lenient=True)
        assert rp.games[0].events == game.events, seed
        assert not rp.offences and rp.scores == list(game.result.net)


def test_typed_records_break_rules_but_not_the_tiles():
    lines = TYPED.splitlines()
    # 诈胡 (its tile named): the hand ends with nobody winning, the offender paying 30, 10 to each
    rp = replay(parse("\n".join(lines[:3] + ['{"seat": 1, "move": "hu", "tile": "三"}'])), lenient=True)
    assert [(o.seat, o.offence) for o in rp.offences] == [(1, "诈胡")] and rp.scores == [10, -20, 10]
    # moves typed in Chinese, and engine events typed with some of their fields
    zh = [x.replace('"chi ', '"吃 ').replace('"discard ', '"打 ').replace('"pass"', '"过"') for x in lines]
    zh.insert(4, '{"e": "take", "seat": 1, "tile": "三"}')
    assert replay(parse("\n".join(zh)), lenient=True).scores == [3, -3, 0]
    for k, bad, why in ((3, '{"seat": 1, "move": "chi 三叁叁"}', "chi 三叁叁 is not one of the moves"),  # no 叁
                        (2, '{"seat": 0, "move": "discard 八"}', "discard 八"),  # the dealer holds no 八
                        (1, lines[1].replace("柒玖肆", "三三三"), "三 is dealt"),
                        (1, lines[1].replace('"dealer": 0', '"dealer": 3'), "dealer"),
                        (4, '{"seat": 2, "move": "discard 八"}', "seat 1 is asked to discard"),
                        (9, '{"e": "win", "seat": 1}', "win")):
        with pytest.raises(RecordError) as info:
            replay(parse("\n".join(lines[:k] + [bad] + lines[k + 1:])), lenient=True)
        assert info.value.line == k + 1 and why in str(info.value) and not info.value.internal, info.value


def test_a_typed_stock_may_stop_after_the_tiles_drawn():
    lines = TYPED.splitlines()
    deal = json.loads(lines[1])
    short = json.dumps(dict(deal, stock=deal["stock"][:3]), ensure_ascii=False)
    rp = replay(parse("\n".join([lines[0], short] + lines[2:9])), lenient=True)
    assert [o.offence for o in rp.offences] == ["烧比", "臭张"] and rp.stopped
    err = _refused("\n".join([lines[0], short] + lines[2:]), lenient=True)  # 荒庄 draws all 19
    assert err.line == 10 and "add the tiles drawn" in err.reason


# ---------------------------------------------------------------- text


def _width(line: str) -> int:
    return game_text.width(re.sub(r"\x1b\[[0-9;]*m", "", line))


def test_every_line_of_a_replay_fits_80_columns_in_both_languages():
    for name, seed in (("hunan", 43), ("luzhou", 15), ("luzhou", 36), ("hunan", 3)):
        rp = replay(parse(_record(get_ruleset(name), seed, 2)))
        for lang in ("en", "zh"):
            lines = game_text.listing(rp, lang) + game_text.summary_lines(rp, lang)
            lines += game_text.header_lines(rp.record, lang)
            for n in (1, rp.total // 2, rp.total):
                if n:
                    at = replay(rp.record, to=n).at
                    lines += game_text.position_lines(at, lang, total=rp.total)
            for s in rp.steps:
                lines.append(game_text.event_line(s.event, lang))
            too_wide = [x for x in lines if _width(x) > 80]
            assert not too_wide, too_wide[:3]
    rp = replay(parse(TYPED), lenient=True)
    assert all(_width(x) <= 80 for lang in ("en", "zh")
               for x in game_text.listing(rp, lang) + game_text.summary_lines(rp, lang))


def test_event_lines_name_what_happened_and_paint_red_tiles():
    ev = WinEvent(seat=1, tile="七", source="self", conditions=("haidi",), how="跑胡", huxi=21, deng=3, fan=3,
                  fan_names=("红胡",), score=9)
    assert game_text.event_line(ev, "en") == "seat 1 wins on 七 (self-drawn, 海底): 跑胡 21 胡息 3 等 3 番 (红胡) = score 9"
    many = dataclasses.replace(ev, fan_names=("红胡", "乌胡", "对对胡", "海底"))  # too long for 80 columns: no names
    assert game_text.event_line(many, "en") == "seat 1 wins on 七 (self-drawn, 海底): 跑胡 21 胡息 3 等 3 番 = score 9"
    assert game_text.event_line(ev, "zh").startswith("1号位 胡 七（自摸，海底）")
    assert "\x1b[31m七\x1b[0m" in game_text.event_line(ev, "en", colour=True)
    move = MoveEvent(seat=2, stage="claim", tile="八", move="chi 七八九", offence="臭张")
    assert game_text.event_line(move, "en") == "seat 2 on 八: 吃 chi 七八九 (out of turn) — breaks a rule: 臭张"
    assert game_text.event_line(move, "zh") == "2号位对 八：吃 七八九（抢在前面）——犯规：臭张"
    assert game_text.event_line(DrawnEvent(), "zh").startswith("荒庄")


# ---------------------------------------------------------------- phz replay


def _phz(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def test_phz_replay_shows_the_game_and_the_position_at_a_move(tmp_path):
    path = tmp_path / "game.jsonl"
    path.write_text(_record(get_ruleset("hunan"), 43), encoding="utf-8")
    r = _phz("replay", str(path))
    assert r.exit_code == 0, r.output
    assert "replayed strictly: 1 hand" in r.stdout and "   1  seat" in r.stdout and "wins on" in r.stdout
    r = _phz("replay", str(path), "--to", "5", "--lang", "zh")
    assert r.exit_code == 0 and "第 5 /" in r.stdout and "记录：" in r.stdout and "0号位" in r.stdout
    r = _phz("replay", str(path), "--json")
    got = json.loads(r.stdout)
    assert got["ok"] and got["mode"] == "strict" and got["hands"][0]["over"]
    got = json.loads(_phz("replay", str(path), "--json", "--to", "3").stdout)
    assert got["move"] == 3 and len(got["seats"]) == 3 and got["played"]["move"] in got["ask"]["options"]
    r = _phz("replay", "-", input=path.read_text(encoding="utf-8"))
    assert r.exit_code == 0 and "replayed strictly" in r.stdout


def test_phz_replay_refuses_a_bad_record_in_one_line_naming_the_line(tmp_path):
    lines = _record(get_ruleset("hunan"), 43).splitlines()
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines[:6] + lines[7:]), encoding="utf-8")
    r = _phz("replay", str(path))
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and r.stderr.startswith(f"Error: {path} line 7: "), r.stderr
    r = _phz("replay", str(path), "--json")
    assert r.exit_code == 2 and json.loads(r.stdout)["ok"] is False and "line 7" in json.loads(r.stdout)["error"]
    typed = tmp_path / "typed.jsonl"
    typed.write_text(TYPED, encoding="utf-8")
    r = _phz("replay", str(typed))
    assert r.exit_code == 2 and "line 1" in r.stderr and "--lenient" in r.stderr
    r = _phz("replay", str(typed), "--lenient")
    assert r.exit_code == 0 and "rule broken: seat 1 烧比, move 2" in r.stdout and "seat 2 臭张" in r.stdout
    assert "scores: seat 0 +3 · seat 1 −3 · seat 2 ±0" in r.stdout
    for args, words in ((["replay", str(tmp_path / "none.jsonl")], "no such record file"),
                        (["replay", str(typed), "--lenient", "--to", "35"], "--to 35: the record has moves 1 to 34")):
        r = _phz(*args)
        assert r.exit_code == 2 and words in r.stderr and r.stderr.count("\n") == 1, r.output
    none = str(tmp_path / "none.jsonl")
    r = _phz("replay", none)
    assert r.stderr.count(none) == 1  # the file named once
    for command in ("replay", "review"):  # the one line in the command's language
        r = _phz(command, none, "--lang", "zh")
        assert r.exit_code == 2 and r.stderr == f"错误：{none}：没有这个记录文件\n", r.stderr
