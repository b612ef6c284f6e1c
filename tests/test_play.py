"""`phz play`: whole games played through stdin (scripted answers), with and without --coach, in en and
zh; bad answers, hints, q, the end of input and Ctrl-C; the record replays strictly; every line of the
table, menus and words fits 80 columns on many random positions of both rulesets."""
from __future__ import annotations

import io
import json
import os
import random
import signal
import subprocess
import threading

import pytest
from click.testing import CliRunner
from process_helpers import wait_until

from solver.app.commands import main
from solver.app.play import Human, Table, Terminal
from solver.game import record, replay
from solver.game.coach import Coach, after, makes_chou
from solver.game.engine import Game
from solver.game.moves import Move, parse_move
from solver.game.players import RandomBot
from solver.model.hand import Hand
from solver.model.rules import get_ruleset
from solver.model.tiles import glyphs
from solver.text import play_words as pw
from solver.text import table_view as tv
from tests.game_helpers import json_events

RULESETS = ("hunan", "luzhou")


def play(*args: str, input: str | io.BytesIO = ""):
    return CliRunner().invoke(main, ["play", *args], input=input)


def lines_fit(text: str) -> None:
    """Every line fits 80 columns, but a line that is a file path alone (the record the player named,
    printed whole: it may be as long as the test's temporary folder makes it)."""
    wide = [line for line in text.splitlines() if tv.width(line) > tv.WIDTH and not _a_path(line)]
    assert not wide, f"{len(wide)} lines wider than 80 columns, e.g. {wide[0]!r}"


def _a_path(line: str) -> bool:
    word = line.strip()
    return " " not in word and os.sep in word


def replays_strictly(path) -> record.Record:
    """The record at ``path`` replays strictly (``solver.game.replay``); and every hand played again
    through the engine from its seed and dealer, move by move, gives the same events, line for line."""
    rec = record.read(path)
    replay.replay(rec)
    for hand in rec.hands:
        events = [e for _, e in hand.events]
        game = Game(rec.rules, seed=hand.seed, dealer=events[0]["dealer"])
        for e in events:
            if e["e"] == "move":
                game.play(parse_move(e["move"]))
        assert json_events(game)[:len(events)] == events
        assert json_events(game) == events or rec.end is None or hand is rec.hands[-1]
    return rec


# ---------------------------------------------------------------- whole games

@pytest.mark.parametrize("coach", [False, True], ids=["plain", "coach"])
def test_a_whole_session_played_through_stdin(tmp_path, coach):
    path = tmp_path / "game.jsonl"
    result = play("--seed", "3", "--hands", "2", "--bots", "basic,strong", "--lang", "en",
                  "--record", str(path), *(["--coach"] if coach else []), input="1\n" * 400)
    assert result.exit_code == 0, result.output
    out = result.output
    lines_fit(out)
    assert "Traceback" not in out
    assert out.count("== hand 1 ") >= 1 and "== hand 2 " in out
    assert "your hand" in out and "unseen" in out and "臭 for you" in out
    assert ("coach: " in out) == coach
    assert "scores after 2 hands:" in out
    assert out.count("this hand: ") == 2  # each hand ends with its settlement in words
    rec = replays_strictly(path)
    assert len(rec.hands) == 2 and rec.end is not None
    assert rec.header["seats"][0]["player"] == "human"
    final = out.split("scores after 2 hands: ")[1].splitlines()[0]
    assert final == " · ".join(f"{n} {v:+d}" if v else f"{n} 0"
                               for n, v in zip(["you", "下家 basic", "上家 strong"], rec.end[1]["scores"]))


def test_a_coached_session_in_chinese_under_luzhou(tmp_path):
    path = tmp_path / "game.jsonl"
    result = play("--seed", "4", "--hands", "1", "--rules", "luzhou", "--coach", "--lang", "zh",
                  "--record", str(path), input="1\n" * 300)
    assert result.exit_code == 0, result.output
    lines_fit(result.output)
    assert "你的手牌" in result.output and "教练：" in result.output and "本局：" in result.output
    assert "过张" in result.output  # luzhou: a passed tile may only be won on
    rec = replays_strictly(path)
    assert rec.rules.name == "luzhou" and len(rec.hands) == 1


def test_the_same_seed_and_answers_play_the_same_game(tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first = play("--seed", "11", "--hands", "1", "--record", str(a), input="1\n" * 300)
    second = play("--seed", "11", "--hands", "1", "--record", str(b), input="1\n" * 300)
    assert first.output.replace("a.jsonl", "b.jsonl") == second.output
    assert a.read_text(encoding="utf-8").splitlines()[1:] == b.read_text(encoding="utf-8").splitlines()[1:]


def test_bad_answers_are_told_in_one_line_and_asked_again(tmp_path):
    """Not a number, a number out of range, a move not offered, ?, w and t, then q: no traceback,
    each refusal one line, and the record so far kept."""
    path = tmp_path / "game.jsonl"
    script = ["hello", "99", "", "hu", "?", "w", "t", "1", "?", "1", "q"]
    result = play("--seed", "3", "--lang", "en", "--record", str(path), input="\n".join(script) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    lines_fit(out)
    assert "Traceback" not in out
    assert "not an answer: 'hello'; type 1-" in out
    assert "no move 99: type 1-" in out
    assert "胡 hu is not a move here: type 1-" in out
    assert "hint: the solver would " in out
    assert "may: " in out or "may not: " in out or "坎 tiles are never discarded" in out
    assert "stopped after 0 hands" in out
    assert out.count("your move (") == len(script)  # each answer asked once, a refusal asked again
    rec = record.read(path)
    assert len(rec.hands) == 1 and rec.end is not None and rec.end[1]["hands"] == 1
    replays_strictly(path)


def test_a_forbidden_move_names_its_rule():
    """A move the obligations engine forbids (here: eating with a 坎 tile) is refused with its reason."""
    rules = get_ruleset("hunan")
    for seed in range(200):
        game = Game(rules, seed=seed, explain=True)
        bots = [RandomBot(seed, s) for s in range(rules.game.players)]
        while (ask := game.ask()) is not None:
            d = ask.decision
            f = next((f for f in (d.forbidden if d else ()) if f.action == "chi" and f.chi), None)
            if f is not None and ask.stage == "chi":
                break
            game.play(bots[ask.seat].choose(game.view(ask.seat), ask))
        else:
            continue
        break
    term = Terminal(colour=False, write=io.StringIO().write, stdin=io.StringIO())
    human = Human(term, "en", Table(["you", "下家 a", "上家 b"], [0, 0, 0]), Coach(rules, seat=ask.seat),
                  coaching=False, seat=ask.seat)
    move, error = human._read_move(f"chi {glyphs(f.chi)}" + "".join(f" 比 {glyphs(b)}" for b in f.bi), ask)
    assert move is None and "is not allowed here (" in error and "w says why" in error
    assert "\n" not in error and tv.width(error) <= 80


def test_the_end_of_input_stops_cleanly_and_keeps_the_record(tmp_path):
    path = tmp_path / "game.jsonl"
    result = play("--seed", "5", "--record", str(path), "--lang", "en", input="1\n" * 3)
    assert result.exit_code == 0, result.output
    assert "the input ended: stopped after 0 hands" in result.output
    assert f"the record of this game so far is in:\n  {path}\n" in result.output
    rec = record.read(path)
    assert rec.hands and any(e["e"] == "move" and e["seat"] == 0 for _, e in rec.hands[0].events)
    replays_strictly(path)


class _CtrlC(io.BytesIO):
    """Standard input whose reader presses Ctrl-C once the scripted answers are used up."""

    def read(self, *args):
        data = super().read(*args)
        if not data and args != (0,):
            raise KeyboardInterrupt
        return data

    read1 = read


def test_ctrl_c_at_a_prompt_stops_cleanly_and_keeps_the_record(tmp_path):
    path = tmp_path / "game.jsonl"
    result = play("--seed", "5", "--record", str(path), "--lang", "zh", input=_CtrlC(b"1\n1\n"))
    assert result.exit_code == 130, result.output
    assert "中断：0局后停止" in result.output and "Traceback" not in result.output
    assert record.read(path).hands


def test_ctrl_c_in_a_real_process_keeps_the_record(phz_cmd, tmp_path):
    path = tmp_path / "game.jsonl"
    proc = subprocess.Popen([*phz_cmd, "play", "--seed", "5", "--record", str(path)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path)
    out = bytearray()

    def drain() -> None:  # the screens as they come, so a prompt can be waited for
        for chunk in iter(proc.stdout.read1, b""):
            out.extend(chunk)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        # until the first prompt has been written (the record's deal before it): on a cold kernel cache
        # the game compiles first, so a busy machine may take minutes (waited for, never assumed)
        wait_until(lambda: b"your move (" in out or proc.poll() is not None, "the first prompt", timeout=600)
        assert proc.poll() is None, bytes(out)
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=60)  # (stdout is drained by the reader; stderr holds a few lines)
        reader.join(timeout=60)
        err = proc.stderr.read()
    finally:
        proc.kill()
    assert proc.returncode == 130
    assert "interrupted" in err.decode() and str(path) in err.decode()
    rec = replays_strictly(path)  # its end line written on the way out
    assert rec.hands and rec.end is not None


def test_play_on_from_a_position_of_a_record(tmp_path):
    """--from RECORD --at MOVE: the position before that move, replayed; the learner answers it
    differently and the new record holds the same hand up to there, then the new moves."""
    old, new = tmp_path / "old.jsonl", tmp_path / "new.jsonl"
    play("--seed", "3", "--hands", "1", "--record", str(old), input="1\n" * 300)
    done = replay.replay(record.read(old))
    mine = [s.n for s in done.steps if s.n and s.event.seat == 0 and len(s.event.offered) > 1]
    at = mine[0]
    result = play("--from", str(old), "--at", str(at), "--record", str(new), "--coach", input="2\n" + "1\n" * 300)
    assert result.exit_code == 0, result.output
    lines_fit(result.output)
    assert f"playing on from move {at} (hand 1) of the record:\n  {old}\n" in result.output
    assert "this hand: " in result.output and "scores after 1 hand: " in result.output
    rec = replays_strictly(new)
    assert len(rec.hands) == 1
    before = [e for _, e in record.read(old).hands[0].events]
    after_ = [e for _, e in rec.hands[0].events]
    cut = next(i for i, e in enumerate(before) if e["e"] == "move" and
               sum(x["e"] == "move" for x in before[:i + 1]) == at)
    assert after_[:cut] == before[:cut] and after_[cut]["move"] != before[cut]["move"]


def test_a_bad_record_or_move_is_one_line(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "phz-game"}\n', encoding="utf-8")
    result = play("--from", str(bad), "--at", "1")
    assert result.exit_code == 2 and "line 1:" in result.output and "Traceback" not in result.output
    good = tmp_path / "good.jsonl"
    play("--seed", "3", "--hands", "1", "--record", str(good), input="1\n" * 300)
    result = play("--from", str(good), "--at", "9999")
    assert result.exit_code == 2 and "no move 9999 in " in result.output and "Traceback" not in result.output


def test_options_are_checked_in_one_line():
    result = play("--bots", "basic,strong,random")
    assert result.exit_code == 2 and "a table of 3 needs 2 bots" in result.output and "--bots basic,strong" in result.output
    result = play("--bots", "basic,grandmaster")
    assert result.exit_code == 2 and "random, basic, strong" in result.output
    result = play("--from", "x.jsonl")
    assert result.exit_code == 2 and "--from and --at go together" in result.output


# ---------------------------------------------------------------- the coach

def test_makes_chou_follows_the_engine():
    hunan, luzhou = get_ruleset("hunan"), get_ruleset("luzhou")
    from solver.game.moves import Ask
    peng = Ask(0, "peng", 4, "upper-discard", (Move("peng"), Move("pass")))
    chi = Ask(0, "chi", 4, "upper-discard", (Move("chi", chi=(3, 4, 5)), Move("pass")))
    assert makes_chou(peng, Move("pass"), hunan) == ((), (4,))
    assert makes_chou(chi, Move("pass"), hunan) == ((4,), ())
    assert makes_chou(peng, Move("pass"), luzhou) == ((4,), (4,))  # 过张只能胡: both
    assert makes_chou(chi, Move("chi", chi=(3, 4, 5)), hunan) == ((), ())
    assert makes_chou(Ask(0, "discard", None, None, ()), Move("discard", tile=2), hunan) == ((), ())


def test_after_lays_out_the_move():
    from solver.game.moves import Ask
    hand = Hand.of([0, 1, 2, 2, 3, 4, 12, 12])
    ask = Ask(0, "chi", 2, "upper-discard", ())
    left = after(hand, ask, Move("chi", chi=(2, 3, 4), bi=((2, 12, 12),)))
    assert left.text() == "一二三 | 吃:三四五 吃:三叁叁"


# ---------------------------------------------------------------- 80 columns, everywhere

@pytest.mark.parametrize("rules_name", RULESETS)
def test_every_screen_fits_80_columns(rules_name):
    """Tables, menus, why-not lines, narration and settlements of 40 random hands, from every seat,
    en and zh; coach and hint lines on a sample of the decisions."""
    rules = get_ruleset(rules_name)
    rng = random.Random(rules_name)
    checked = 0
    for seed in range(40):
        game = Game(rules, seed=seed)
        bots = [RandomBot(seed, s) for s in range(rules.game.players)]
        coaches = [Coach(rules, seat=s, samples=12) for s in range(rules.game.players)]
        while (ask := game.ask()) is not None:
            view = game.view(ask.seat)
            for lang in ("en", "zh"):
                names = tv.seat_names(ask.seat, ("basic", "strong", "keen")[:rules.game.players - 1], lang)
                lines = tv.table_lines(view, names, [rng.randint(-999, 999) for _ in range(rules.game.players)], lang, hand_no=seed)
                lines += tv.menu_lines(ask, lang, {0: pw.warning(pw.chou_note([3], [4], lang), lang)})
                lines += tv.why_lines(ask, view, lang)
                if rng.random() < 0.05 and not ask.forced:
                    advice = coaches[ask.seat].advise(view, ask)
                    lines += pw.hint_lines(advice, lang)
                    lines += pw.coach_lines(coaches[ask.seat].graded(advice, rng.choice(ask.options)), lang)
                lines_fit("\n".join(lines))
                checked += 1
            game.play(bots[ask.seat].choose(view, ask))
        for lang in ("en", "zh"):
            names = tv.seat_names(0, ("basic", "strong", "keen")[:rules.game.players - 1], lang)
            lines = [line for e in game.events for line in tv.wrap(pw.event_line(e, names, lang, me=0) or "")]
            lines += pw.settlement_lines(game.result, names, rules, lang)
            lines += pw.scores_line([-999, 0, 999], 9, names, lang)
            lines_fit("\n".join(lines))
    assert checked > 1000


def test_wrap_keeps_words_and_punctuation():
    assert tv.wrap("alpha beta gamma", 11) == ["alpha beta", "  gamma"]
    assert all(not line.lstrip().startswith("，") for line in tv.wrap("吃，" * 60))
    assert tv.wrap("x" * 100, 40)[0] == "x" * 40


def test_a_record_line_is_json_per_event(tmp_path):
    path = tmp_path / "game.jsonl"
    play("--seed", "2", "--hands", "1", "--record", str(path), input="1\n" * 300)
    lines = path.read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[0])
    assert first["format"] == record.FORMAT and first["session"]["command"] == "play"
    assert json.loads(lines[-1])["e"] == "end"


def test_red_tiles_are_red_when_colour_is_on():
    result = CliRunner().invoke(main, ["--color", "always", "play", "--seed", "3", "--hands", "1"], input="1\n" * 300)
    assert result.exit_code == 0, result.output
    assert "\x1b[31m" in result.output  # 二七十贰柒拾 in red
    lines_fit(result.output)  # colour codes take no columns
    plain = play("--seed", "3", "--hands", "1", input="1\n" * 300)
    assert "\x1b[" not in plain.output


def test_another_players_hidden_wei_is_not_shown():
    """A draw another player takes at once as his 偎 is told without its tile (RULES.md 10: none shown)."""
    from solver.app.play import Narrator

    rules = get_ruleset("hunan")
    found = 0
    for seed in range(60):
        out = io.StringIO()
        term = Terminal(colour=False, write=out.write, stdin=io.StringIO())
        game = Game(rules, seed=seed)
        narrate = Narrator(term, Table(tv.seat_names(0, ("a", "b"), "en"), [0, 0, 0]), "en", 0)
        bots = [RandomBot(seed, s) for s in range(rules.game.players)]
        narrate(game)
        while (ask := game.ask()) is not None:
            game.play(bots[ask.seat].choose(game.view(ask.seat), ask))
            narrate(game)
        lines = out.getvalue().splitlines()
        for i, line in enumerate(lines):
            if line.endswith("takes a tile: a 偎 face down"):
                found += 1
                assert lines[i - 1].endswith("draws a tile")
    assert found > 0
