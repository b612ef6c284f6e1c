"""Replies and searches that never crash, hang or drive the terminal (issue 25, round 2: points 8, 9, 10
and 14): drill searches are bounded under a house ruleset whose hands are hardly ever ready, and say so
in one line, in en and zh, naming the fix; wrapping is linear and the shell caps its lines; a reply is a
number only when it is ASCII digits, a few of them (², ① or 5,000 digits are asked again); an echoed
reply shows its control characters escaped and its invalid bytes replaced.

A test that would hang on code that loops for ever is bounded: a fresh process with a timeout, or a
count of the hands tried that raises past a bound (``bounded``)."""
from __future__ import annotations

import io
import random

import pytest
from click.testing import CliRunner

from solver import api
from solver.app.commands import main
from solver.app.play import Human, Table, Terminal
from solver.app.shell import MAX_LINE, Shell, read_line
from solver.game.coach import Coach
from solver.game.engine import Game
from solver.game.position import position_of
from solver.model.notation import parse_hand
from solver.model.rules import get_ruleset
from solver.text.columns import width
from solver.text.replies import echoed, whole_number
from solver.trainer import asking, drill_hands, drill_makers, drills
from solver.trainer.asking import grade
from solver.trainer.game_questions import GameItem
from solver.trainer.grading import AnswerError
from solver.trainer.session import line_reader, quiz_command

HUNAN = get_ruleset("hunan")
HAND = "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾"
#: hands tried in one test before the search is taken for one that never ends
GUARD = 60_000
#: replies that look like numbers to str.isdigit and are none
NOT_NUMBERS = ("²", "①", "9" * 5000, "١٢", "1_0", "-1")


def _house(tmp_path, name: str, body: str):
    path = tmp_path / f"{name}.toml"
    path.write_text(f'schema = 1\nbase = "hunan"\nname = "{name}"\n{body}', encoding="utf-8")
    return path


@pytest.fixture
def hard(tmp_path):
    """A house ruleset under which no hand is ever ready (150 胡息 to win)."""
    return _house(tmp_path, "hard", "[score]\nmin_huxi = 150\n")


@pytest.fixture
def discard_only(tmp_path):
    """A house ruleset that wins on discards only: the frozen drills' hands win from self or other."""
    return _house(tmp_path, "discard-only", '[play]\nwin_on = ["discard"]\n[weights]\ndiscard = 1\n')


@pytest.fixture
def bounded(monkeypatch):
    """Every hand search stops with an error past GUARD hands tried in the test (so that code searching
    for ever fails instead of hanging), and a search gives up after 300 (the real 5,000 is tested in a
    fresh process: ``test_a_quiz_of_a_kind_no_hand_makes_ends_at_once_in_one_line``)."""
    tried = [0]

    def counted(real):
        def call(*args, **kwargs):
            tried[0] += 1
            if tried[0] > GUARD:
                raise RuntimeError(f"a hand search went on past {GUARD:,} hands")
            return real(*args, **kwargs)
        return call

    monkeypatch.setattr(drill_hands, "_ready_attempt", counted(drill_hands._ready_attempt))
    monkeypatch.setattr(drill_hands, "_valid", counted(drill_hands._valid))
    monkeypatch.setattr(drill_hands, "MAX_ATTEMPTS", 300)
    return tried


def _one_line(text: str) -> None:
    assert text and "\n" not in text and "Traceback" not in text


# ---------------------------------------------------------------- 8: bounded drill searches

def test_a_quiz_of_a_kind_no_hand_makes_ends_at_once_in_one_line(run_phz, hard, discard_only, tmp_path):
    for path, lang, fix in ((hard, "en", "try --kind chi or chou, or another ruleset"),
                            (discard_only, "zh", "换 --kind chi 或 chou，或换一套规则")):
        done = run_phz("quiz", "--random", "--kind", "ting", "--lang", lang, "--rules", str(path),
                       "--db", str(tmp_path / "progress.db"), timeout=120)
        assert done.returncode == 2, done.stderr
        assert not done.stdout.strip()  # nothing was asked, so no summary either
        line = done.stderr.strip()
        _one_line(line)
        assert fix in line and ("ready hands rare or impossible" in line or "很少或不可能听牌" in line)


def test_every_hand_search_gives_up_within_its_bound(bounded, hard):
    rules = api.ruleset(str(hard))
    rng = random.Random(1)
    for search in (drill_hands.ready_hand, drill_hands.discard_hand, drill_hands.far_hand):
        with pytest.raises(drill_hands.NoHand):
            search(rng, 2, rules)
    with drill_hands.budget():  # in a drill, a ready hand search that failed is not made again
        with pytest.raises(drill_hands.NoHand):
            drill_hands.ready_hand(rng, 1, rules)
        before = bounded[0]
        with pytest.raises(drill_hands.NoHand):
            drill_hands.ready_hand(rng, 1, rules)
        assert bounded[0] == before
        assert drill_hands._random_hand(random.Random(3)) is not None  # a random hand still is drawn


def test_random_and_discard_hands_are_drawn_again_a_bounded_number_of_times(bounded, monkeypatch):
    rng = random.Random(2)
    monkeypatch.setattr(drill_hands, "plausible", lambda hand: False)  # no hand to discard from is kept
    with pytest.raises(drill_hands.NoHand):
        drill_hands.discard_hand(rng, 1, HUNAN)
    monkeypatch.setattr(drill_hands, "_valid", lambda *args: bounded.__setitem__(0, bounded[0] + 1)
                        or bounded[0] > GUARD and pytest.fail("a random hand drawn for ever"))
    with pytest.raises(drill_hands.NoHand):
        drill_hands._random_hand(rng)


def test_a_drill_that_cannot_be_made_says_so_and_the_fix_in_both_languages(bounded, hard):
    rules = api.ruleset(str(hard))
    with pytest.raises(drills.NoDrill) as caught:
        drills.drill(drills.make_seed(7, "huxi", 2), rules)
    e = caught.value
    assert e.kind == "huxi" and e.reason == "hands"
    for lang, words in (("en", "no huxi drill can be made under ruleset hard"), ("zh", "规则 hard 下做不出胡息题")):
        _one_line(e.in_lang(lang))
        assert words in e.in_lang(lang)
    assert "try another ruleset" in drills.NoDrill(1, "chou", 1, rules, "hands").in_lang("en")


def test_a_list_of_drills_leaves_out_the_kinds_the_ruleset_cannot_make(bounded, hard):
    rules = api.ruleset(str(hard))
    skipped: list = []
    made = drills.new_drills(2, rules=rules, seed=7, skipped=skipped)  # seed 7 meets ting, discard and huxi
    assert len(made) == 2 and {q.kind for q in made} <= {"chi", "chou"}
    assert skipped and {e.kind for e in skipped} <= {"ting", "discard", "huxi"}
    with pytest.raises(drills.NoDrill):
        drills.new_drills(1, rules=rules, seed=1, kind="discard")


def test_the_quiz_tells_the_kinds_left_out_and_stops_on_a_kind_it_cannot_make(bounded, hard, tmp_path):
    rules = api.ruleset(str(hard))
    out: list[str] = []
    answers = iter(["y", "1", "y", "1", "y", "1"] * 3)
    summary = quiz_command(rules=rules, random_drills=True, seed=7, count=2, db=str(tmp_path / "p.db"),
                           input_fn=lambda prompt: next(answers, ""), output_fn=out.append, lang="en")
    text = " ".join(line.strip() for line in out)
    assert summary.stopped in ("finished", "eof") and summary.asked == 2
    assert "ruleset hard has too few ready hands for ting drills: the other kinds go on" in text
    summary = quiz_command(rules=rules, random_drills=True, kind="ting", db=str(tmp_path / "p.db"),
                           input_fn=lambda prompt: "", output_fn=out.append, lang="zh")
    assert summary.stopped == "no_drill" and summary.asked == 0
    _one_line(summary.error)
    assert "规则 hard 下做不出听牌题" in summary.error
    result = CliRunner().invoke(main, ["quiz", "--random", "--kind", "chi", "--lang", "zh", "--rules", str(hard),
                                       "--db", str(tmp_path / "p.db"), "--count", "1"], input="")
    assert result.exit_code == 0 and "Traceback" not in result.output  # chi drills are of random hands too


def test_a_distance_drill_of_a_hand_with_no_discard_is_no_question():
    """Seven 坎: no tile may be discarded, so the table has no row (an IndexError before)."""
    hand = parse_hand("二二二三三三十十十壹壹壹贰贰贰叁叁叁捌捌捌")
    assert drill_makers._distance(random.Random(1), 2, 0.5, HUNAN, hand) is None


# ---------------------------------------------------------------- 9: linear wrapping, the shell's lines

def test_wrapping_a_long_line_takes_linear_time(python_in_fresh_process):
    """200,000 characters of each shape wrap within a generous timeout (quadratic or worse took hours)."""
    done = python_in_fresh_process("""
from solver.text.columns import wrap, width
n = 200_000
for text in ("x" * n, "，" * n, "一" * n, "ab " * (n // 3), "\\x1b[31m二\\x1b[0m" * (n // 10)):
    lines = wrap(text, 80)
    assert all(width(line) <= 80 for line in lines), text[:10]
assert "".join(line.strip() for line in wrap("x" * n, 80)) == "x" * n
print("ok")
""", timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def test_a_line_too_narrow_for_a_wide_character_after_its_indent_still_wraps(python_in_fresh_process):
    """7 columns with an indent of 6 (``phz shell`` in a narrow terminal) cut the indent off alone for ever."""
    done = python_in_fresh_process("""
from solver.text.columns import wrap
lines = wrap("一" * 40, 7, indent="      ")
assert len(lines) == 38 and lines[0] == "一一一" and lines[1] == "      一", lines[:3]
print("ok")
""", timeout=30)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def test_the_shell_answers_a_line_past_its_limit_in_one_line():
    for lang, words in (("en", "line too long: phz shell reads lines of at most 1,000 characters"),
                        ("zh", "这一行太长：phz shell 每行最多读 1,000 个字符")):
        shell = Shell(HUNAN, lang)
        assert shell.step("一" * (MAX_LINE + 1) + "\n") == [words]
    shell = Shell(HUNAN)
    assert shell.step("x" * MAX_LINE)[0].startswith("not a command: 'xxx")  # at the limit: read
    assert len(shell.step("x" * MAX_LINE)[0]) < 120  # and quoted cut short


def test_a_megabyte_line_at_the_shell_is_answered_at_once(run_phz):
    done = run_phz("shell", "--lang", "en", input="a" * 1_000_000 + "\n" + HAND + "\n", timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "line too long: phz shell reads lines of at most 1,000 characters" in lines
    assert lines[-1] == "1 away, 9 live 进张: 贰柒拾"  # the next line is read whole


def test_the_shell_reads_past_a_long_line_keeping_little_of_it():
    for stream in (io.StringIO("a" * 50_000 + "\nhelp\n"),
                   io.TextIOWrapper(io.BytesIO(b"a" * 50_000 + b"\n\xff help\n"), encoding="utf-8")):
        first = read_line(stream)
        assert MAX_LINE < len(first) <= 4 * MAX_LINE + 4
        assert read_line(stream).strip().endswith("help") and read_line(stream) == ""


# ---------------------------------------------------------------- 10: numbers

def test_a_number_is_a_few_ascii_digits():
    assert [whole_number(x) for x in ("1", " 17 ", "007", "１８", "999999")] == [1, 17, 7, 18, 999999]
    assert [whole_number(x) for x in NOT_NUMBERS + ("", "1 2", "1234567", "1.0")] == [None] * 10


def _a_discard_ask():
    game = Game(HUNAN, seed=3)
    ask = game.ask()
    assert ask.stage == "discard"
    return game, ask


def test_play_asks_again_for_a_reply_that_is_no_number():
    game, ask = _a_discard_ask()
    term = Terminal(colour=False, write=io.StringIO().write, stdin=io.StringIO())
    human = Human(term, "en", Table(["you", "下家 a", "上家 b"], [0, 0, 0]), Coach(HUNAN, seat=ask.seat),
                  coaching=False, seat=ask.seat)
    for text in NOT_NUMBERS:
        move, error = human._read_move(text, ask)
        assert move is None and error.startswith(("not an answer: ", "no move ")), text
        _one_line(error)
        assert width(error) <= 80
    assert human._read_move("1", ask) == (ask.options[0], None)
    result = CliRunner().invoke(main, ["play", "--seed", "3", "--lang", "en"],
                                input="".join(f"{x}\n" for x in NOT_NUMBERS) + "q\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert result.output.count("not an answer: ") == len(NOT_NUMBERS)


def test_a_game_question_asks_again_for_a_reply_that_is_no_number():
    game, ask = _a_discard_ask()
    p = position_of(game)
    item = GameItem(1, p, p.options, p.options[0], None, p.options[1], 1.0, "", "", "s", "s")
    for text in NOT_NUMBERS + ("x" * 5000,):
        with pytest.raises(AnswerError) as caught:
            asking.parse(item, text)
        _one_line(str(caught.value))
        assert len(str(caught.value)) < 200
    assert asking.parse(item, "１") == p.options[0]


def test_quiz_numbers_are_ascii_digits():
    huxi = drills.drill(drills.make_seed(1, "huxi", 1), HUNAN)
    chi = drills.drill(drills.make_seed(1, "chi", 1), HUNAN)
    for q, texts in ((huxi, NOT_NUMBERS), (chi, ("1 ²", "①", "9" * 5000))):
        for text in texts:
            with pytest.raises(AnswerError) as caught:
                grade(q, text)
            _one_line(str(caught.value))
            assert len(str(caught.value)) < 200
    assert grade(huxi, str(asking.solution(huxi).expected)).correct


def test_the_shell_takes_move_n_only_for_a_number():
    shell = Shell(HUNAN)
    shell.step(HAND)
    shell.step("? 三 upper-discard")
    for text in ("²", "①", "١", "0_1", "9" * 900):  # int() read ١ and 0_1 as 1: move 1 was taken
        assert shell.step(f"take {text}") == ["take N: N is one of 1 to 4"], text
    assert shell.step("take １")[0] == "六七八九十壹贰叁肆伍陆柒捌玖拾 | 吃:一二三 吃:三四五"  # full-width: move 1


def test_a_drill_seed_of_thousands_of_digits_is_one_line(tmp_path):
    for seed, words in (("9" * 5000, "is too large: drill seeds go from 0 to"),
                        ("٤٢١٣", "a drill seed is a whole number from 0 to")):
        result = CliRunner().invoke(main, ["quiz", "--puzzle", "drill:" + seed, "--db", str(tmp_path / "p.db")])
        assert result.exit_code == 2 and words in result.output, result.output
        assert "Exceeds the limit" not in result.output and len(result.output) < 300


# ---------------------------------------------------------------- 14: echoes that cannot drive the terminal

def test_echoed_replies_escape_control_characters_and_replace_bad_bytes():
    assert echoed("五\x1b[2J\x00\x07\udcff\u202e") == "五\\x1b[2J\\x00\\x07�\\u202e"


def test_the_play_echo_cannot_drive_the_terminal():
    out = io.StringIO()
    term = Terminal(colour=False, write=out.write, stdin=io.StringIO("\x1b]0;pwned\x07\x00\udcff五\n"))
    term.echo = True
    assert term.read("> ") == "\x1b]0;pwned\x07\x00\udcff五"
    assert out.getvalue() == "> \\x1b]0;pwned\\x07\\x00�五\n"


def test_the_quiz_echo_cannot_drive_the_terminal():
    out = io.StringIO()
    read = line_reader(io.StringIO("\x1b[31m\x00\udcff五\r\n"), out)
    assert read("answer> ") == "\x1b[31m\x00\udcff五\r\n" and out.getvalue() == "answer> \\x1b[31m\\x00�五\n"


def test_play_echoes_piped_bytes_as_harmless_text():
    result = CliRunner().invoke(main, ["play", "--seed", "3", "--lang", "en"],
                                input=b"\x1b[2J\x00\xff\x9b31m\nq\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "\x1b" not in result.output and "\x00" not in result.output and "\x9b" not in result.output
    assert "\\x1b[2J\\x00" in result.output


def test_the_shell_writes_no_control_character_it_was_sent():
    lines = [HAND, "? 三 \x1b[31m", "seen \x1b[2J", "-\x00", "rules \x1b]0;x\x07", "take \x1b", "\x1b[31m一"]
    result = CliRunner().invoke(main, ["shell", "--lang", "en"], input="".join(f"{x}\n" for x in lines))
    assert result.exit_code == 0 and "Traceback" not in result.output
    assert not any(c in result.output for c in "\x1b\x00\x07"), result.output


def test_the_shell_s_help_states_its_line_limit():
    from solver.app.shell_command import HELP

    assert f"a line holds at most {MAX_LINE:,} characters" in " ".join(HELP.split())
