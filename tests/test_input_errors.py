"""Errors that show the fix (issue 17, point 3): what was read and how to write it, through the CLI.

Every command runs through CliRunner with its language pinned: LC_ALL=C.UTF-8
(English) unless the command is given --lang.  An error is one line, plus at
most one hint line, never a traceback.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from solver import api, puzzles
from solver.app import console
from solver.app.commands import main
from solver.model.notation import advice, parse_hand

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EN = {"LC_ALL": "C.UTF-8"}
EX2 = "一二三壹贰叁贰柒拾四五六八九十七七七伍伍"  # README example 2: ready, waits 七 二 伍
ACT = ["--tile", "三", "--from", "upper-discard"]
ANSI_RED = "\x1b[31m"


def phz(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input, env=EN)


def error_lines(result) -> list[str]:
    """The stderr lines of a bad input: exit 2, no answer, one line and at most one hint line."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.stderr
    assert result.stdout == "" or result.stdout.startswith("{")  # --json: the error object
    lines = result.stderr.rstrip("\n").split("\n")
    assert 1 <= len(lines) <= 2, lines
    assert len(lines) == 1 or lines[1].startswith(("Hint: ", "提示：")), lines
    return lines


# --- an unquoted | : the shell ate the melds -----------------------------------------------

SHORT = "一二三四五六七"  # 7 concealed tiles: a hand at rest with 4 melds (2 three-tile, 2 four-tile) holds 7


def test_hand_cut_at_an_unquoted_bar_gets_the_quoting_hint():
    """phz cannot see what the shell ate.  What it detects: the hand has no meld, holds fewer
    concealed tiles than a hand without melds (20 at rest, 21 to discard from) but exactly as
    many as a hand with 1 to 6 melds holds (7 = 19 - 3*2 - 3*2), and stdout is a pipe -- the
    shell joined the eaten `| 偎:…` to phz's stdout (CliRunner's stdout has no file descriptor,
    which counts as a pipe: phz cannot tell it is not one)."""
    lines = error_lines(phz("ting", SHORT))
    assert lines == ["Error: 7 concealed tiles: a hand at rest holds 20; read 一二三四五六七",
                     "Hint: melds after | must be quoted: phz ting '… | 偎:…'"]
    lines = error_lines(phz("discard", "一二三四五六七八九十壹贰叁肆伍陆柒捌"))  # 18 = 21 - 3: one meld
    assert lines[1] == "Hint: melds after | must be quoted: phz discard '… | 偎:…'"


def test_quoting_hint_in_chinese():
    lines = error_lines(phz("act", SHORT, *ACT, "--lang", "zh"))
    assert lines == ["错误：暗牌7张：等牌的手牌应有20张；读到 一二三四五六七",
                     "提示：| 后的副露要加引号：phz act '… | 偎:…'"]


@pytest.mark.parametrize("text, piped, hint", [
    (SHORT, True, True),
    # stdout a terminal or a file: no shell pipe took the rest of the line
    (SHORT, False, False),
    # 6 concealed tiles fit no hand with melds at rest (20 - 3m or 19 - 3m - 3k)
    ("一二三四五六", True, False),
    # the hand has its melds already: nothing was cut
    ("一二 | 碰:五五五 碰:六六六 碰:七七七 碰:八八八 碰:九九九", True, False),
    # too many tiles is never a cut hand
    (EX2 + "捌捌", True, False),
])
def test_what_counts_as_a_hand_cut_at_a_bar(text, piped, hint):
    with pytest.raises(ValueError) as e:
        api.ting(text)
    message = str(e.value)
    _, shown = advice(text, message, want="rest", piped=piped)
    assert (shown is not None and "must be quoted" in shown) == hint


def test_stdout_piped_tells_a_pipe_from_a_terminal_and_a_file(tmp_path):
    read, write = os.pipe()
    with os.fdopen(write, "w") as pipe, open(tmp_path / "out.txt", "w") as file:
        assert console.stdout_piped(pipe) and not console.stdout_piped(file)
    os.close(read)
    master, slave = os.openpty()
    with os.fdopen(slave, "w") as terminal:
        assert not console.stdout_piped(terminal)
    os.close(master)


def test_a_real_shell_eating_the_melds():
    """The case itself: `phz ting 一二三四五六七 | 偎:八八八 …` in sh, the melds run as a command."""
    env = dict(os.environ, LC_ALL="C.UTF-8", PYTHONPATH=ROOT)
    proc = subprocess.run(f"'{sys.executable}' -m cli ting 一二三四五六七 | 偎:八八八 跑:九九九九", shell=True,
                          capture_output=True, text=True, encoding="utf-8", env=env, cwd=ROOT, timeout=120)
    assert "Hint: melds after | must be quoted: phz ting '… | 偎:…'" in proc.stderr


# --- melds without a bar ---------------------------------------------------------------------

@pytest.mark.parametrize("hand, word, fixed", [
    ("一二三四五六七 偎:八八八", "'偎:' at column 9", "一二三四五六七 | 偎:八八八"),
    ("一二三四五六七 wei:888x", "'wei:' at column 9", "一二三四五六七 | wei:888x"),
    # a kind glyph with no colon: the colon is put in too
    ("一二三四五六七 碰八八八", "'碰' at column 9", "一二三四五六七 | 碰:八八八"),
])
def test_melds_without_a_bar_show_the_hand_with_one(hand, word, fixed):
    lines = error_lines(phz("ting", hand))
    assert lines == [f"Error: {word} starts a meld: melds go after a |, as in '{fixed}'"]
    parse_hand(fixed)  # the fix is a hand phz reads
    obj = json.loads(phz("ting", hand, "--json").stdout)
    assert obj["error"] == lines[0].removeprefix("Error: ")


def test_melds_without_a_bar_in_chinese():
    lines = error_lines(phz("act", "一二三四五六七 偎:八八八", *ACT, "--lang", "zh"))
    assert lines == ["错误：第 9 列的 '偎:' 是副露：副露写在 | 之后，如 '一二三四五六七 | 偎:八八八'"]


def test_an_unknown_character_that_starts_no_meld_is_as_before():
    assert error_lines(phz("ting", "一二 z")) == ["Error: unknown character 'z' at column 4 in '一二 z'"]


# --- count errors echo what was read --------------------------------------------------------

TEN = "12345678910x 壹贰叁肆伍陆柒捌玖拾"  # 十 meant, 10x written: 一 and 十, 21 tiles


def test_ten_written_10x_is_shown_as_read_with_how_to_write_it():
    lines = error_lines(phz("ting", TEN))
    assert lines[0].endswith("; read 一一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾")
    assert lines[1] == "Hint: in '12345678910x', 10 is two tiles, 一十 (one tile per digit): write 十 as 0 (0x) or 十"
    zh = error_lines(phz("act", TEN, *ACT, "--lang", "zh"))
    assert zh[0].endswith("；读到 一一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾")
    assert zh[1] == "提示：'12345678910x' 里的 10 是 一十 两张牌（每个数字一张）：十 写作 0（0x）或 十"
    # 十 written as the hint says is the 20-tile hand
    assert phz("ting", TEN.replace("910x", "90x")).exit_code == 0


def test_count_errors_echo_the_tiles_read():
    assert error_lines(phz("discard", "一二三 | 碰:五五五")) == [
        "Error: 3 concealed tiles: a hand to discard from with 1 meld holds 18; read 一二三 | 碰:五五五"]
    obj = json.loads(phz("ting", "一二三", "--json").stdout)
    assert obj["error"].endswith("; read 一二三")


def test_a_hand_for_the_other_command_is_told_so_without_the_echo():
    lines = error_lines(phz("ting", EX2 + "捌"))
    assert lines == ["Error: 21 concealed tiles: a hand at rest holds 20 "
                     "(this count fits a hand to discard from: use `phz discard`)"]


# --- 参 and full-width digits -----------------------------------------------------------------

@pytest.mark.parametrize("written", [
    EX2.replace("叁", "参"),  # 参, the everyday simplified 參
    EX2.replace("叁", "參"),
    "123x 123d 270d 456x 890x 777x 55d",
    "１２３ｘ １２３ｄ ２７０ｄ ４５６ｘ ８９０Ｘ ７７７ｘ ５５ｄ",  # full-width digits and letters
])
def test_same_hand_however_written(written):
    expected = phz("ting", EX2).stdout
    result = phz("ting", written)
    assert result.exit_code == 0, result.output
    assert result.stdout == expected


def test_full_width_digits_and_参_in_tile_options():
    base = phz("hu", EX2, "--win", "七", "--source", "self").stdout
    assert phz("hu", EX2.replace("叁", "参"), "--win", "７ｘ", "--source", "self").stdout == base
    assert phz("ting", EX2, "--seen", "７ｘ七").stdout == phz("ting", EX2, "--seen", "7x七").stdout


# --- ruleset names in any case ---------------------------------------------------------------

@pytest.mark.parametrize("name, canonical", [("Hunan", "hunan"), ("LUZHOU", "luzhou"), ("Luzhou-Deng", "luzhou-deng")])
def test_ruleset_names_in_any_case(name, canonical):
    assert phz("ting", EX2, "--rules", name).stdout == phz("ting", EX2, "--rules", canonical).stdout
    assert phz("rules", "show", name).stdout == phz("rules", "show", canonical).stdout
    listed = phz("puzzles", "list", "--rules", name, "--json")
    assert listed.exit_code == 0 and {p["rules"] for p in json.loads(listed.stdout)} <= {canonical}


def test_ruleset_file_paths_keep_their_case(tmp_path):
    path = tmp_path / "Mine.toml"
    path.write_text('schema = 1\nbase = "Hunan"\nname = "mine"\n', encoding="utf-8")
    assert phz("ting", EX2, "--rules", str(path)).exit_code == 0
    lowered = phz("ting", EX2, "--rules", str(tmp_path / "mine.toml"))
    assert lowered.exit_code == 2 and "mine.toml" in lowered.stderr


# --- --color on every subcommand -------------------------------------------------------------

def _commands(group: click.Group, path=()):
    for name, command in group.commands.items():
        yield path + (name,), command
        if isinstance(command, click.Group):
            yield from _commands(command, path + (name,))


def test_every_command_takes_color():
    missing = [" ".join(path) for path, command in _commands(main)
               if not any("--color" in p.opts for p in command.params)]
    assert missing == []
    assert "--color [auto|always|never]" in phz("ting", "--help").stdout


def test_color_after_the_subcommand():
    on = phz("ting", "--color", "always", EX2)
    assert on.exit_code == 0 and f"{ANSI_RED}七" in on.stdout
    assert on.stdout == phz("--color", "always", "ting", EX2).stdout
    # the one nearest the command wins
    assert ANSI_RED not in phz("--color", "always", "ting", "--color", "never", EX2).stdout
    assert f"{ANSI_RED}七" in phz("--color", "never", "ting", EX2, "--color=always").stdout
    assert ANSI_RED not in phz("ting", EX2).stdout  # auto: not a terminal
    assert phz("puzzles", "list", "--color", "never").exit_code == 0
    bad = phz("ting", "--color", "sometimes", EX2)
    assert bad.exit_code == 2 and "'sometimes' is not one of 'auto', 'always', 'never'" in bad.stderr


# --- puzzle ids and tags: did you mean, and phz puzzles tags -----------------------------------

def quiz(tmp_path, *args: str):
    return CliRunner().invoke(main, ["quiz", "--db", str(tmp_path / "p.db"), *args], input="q\n", env=EN)


@pytest.mark.parametrize("args, lines", [
    (["--puzzle", "ting-1"], ["Error: no puzzle has id 'ting-1'", "Hint: did you mean ting-001?"]),
    (["--puzzle", "TING-001"], ["Error: no puzzle has id 'TING-001'", "Hint: did you mean ting-001?"]),
    (["--tag", "破跑"], ["Error: no puzzle has tag '破跑'", "Hint: did you mean 破跑胡, no 破跑, 破跑不破提, 跑?"]),
    (["--tag", "破跑", "--random"], ["Error: no drill has tag '破跑'", "Hint: did you mean 破跑胡?"]),
    (["--tag", "破跑", "--lang", "zh"], ["错误：没有题带标签 '破跑'", "提示：是不是 破跑胡, no 破跑, 破跑不破提, 跑？"]),
    (["--puzzle", "ting-1", "--lang", "zh"], ["错误：没有编号为 'ting-1' 的题", "提示：是不是 ting-001？"]),
])
def test_quiz_did_you_mean(tmp_path, args, lines):
    assert error_lines(quiz(tmp_path, *args)) == lines


def test_quiz_nothing_near_says_where_they_all_are(tmp_path):
    n_ids, n_tags = len(puzzles.load()), len({t for p in puzzles.load() for t in p.tags})
    assert error_lines(quiz(tmp_path, "--puzzle", "nope")) == [
        f"Error: no puzzle has id 'nope' (`phz puzzles list` shows the {n_ids} puzzle ids)"]
    assert error_lines(quiz(tmp_path, "--tag", "zzz")) == [
        f"Error: no puzzle has tag 'zzz' (`phz puzzles tags` lists the {n_tags} tags)"]
    drill = error_lines(quiz(tmp_path, "--tag", "zzz", "--random"))
    assert drill[0].startswith("Error: no drill has tag 'zzz' (drill tags: ") and "破跑胡" in drill[0]


def test_quiz_known_id_and_tag_still_ask(tmp_path):
    assert "ting-001" in quiz(tmp_path, "--puzzle", "ting-001").stdout
    assert quiz(tmp_path, "--tag", "破跑胡").exit_code == 0


def test_puzzles_tags_counts_every_tag():
    lib = puzzles.load()
    counts = {}
    for p in lib:
        for t in p.tags:
            counts[t] = counts.get(t, 0) + 1
    rows = json.loads(phz("puzzles", "tags", "--json").stdout)
    assert {r["tag"]: r["puzzles"] for r in rows} == counts
    assert [r["puzzles"] for r in rows] == sorted(counts.values(), reverse=True)
    破跑胡 = next(r for r in rows if r["tag"] == "破跑胡")
    assert set(破跑胡["kinds"]) == {p.kind for p in lib if "破跑胡" in p.tags}
    text = phz("puzzles", "tags", "--lang", "en").stdout.splitlines()
    assert text[0].split() == ["tag", "puzzles", "kinds"]
    assert text[-1] == f"{len(counts)} tags on {len(lib)} puzzles"
    assert any(line.split()[:2] == ["破跑胡", str(counts["破跑胡"])] for line in text)
    zh = phz("puzzles", "tags", "--lang", "zh").stdout.splitlines()
    assert zh[0].split() == ["标签", "题数", "题型"] and zh[-1] == f"共 {len(counts)} 个标签，{len(lib)} 道题"
    luzhou = json.loads(phz("puzzles", "tags", "--rules", "LUZHOU", "--json").stdout)
    assert sum(r["puzzles"] for r in luzhou) == sum(len(p.tags) for p in lib if p.rules == "luzhou")


# --- a path that holds a newline or a terminal's escape is named on one line, escaped ---------------

HOSTILE = "a\x1b[31mred\nx"


@pytest.mark.parametrize("args", [
    ["review", "{dir}/" + HOSTILE + ".jsonl"],
    ["replay", "{dir}/" + HOSTILE + ".jsonl"],
    ["ting", "--rules", "{dir}/" + HOSTILE + ".toml", EX2],
    ["ting", "--rules", "{dir}/bad\nrules.toml", EX2],  # a file that exists: its field errors name it escaped
    ["play", "--from", "{dir}/" + HOSTILE + ".jsonl", "--at", "3"],
    ["review", "{dir}/cut\nshort.jsonl"],  # a record that exists, whose line 1 is not JSON
    ["stats", "--db", "{dir}/" + HOSTILE + "/"],
    ["stats", "--db", "{dir}/not\ndb.db"],  # a file that is not a progress file
    ["sim", "--games", "1", "--rules", "{dir}/two\nseats.toml", "--players", "2"],  # its deal fits no table of 2
])
def test_a_hostile_path_is_named_on_one_line_escaped(tmp_path, args):
    (tmp_path / "bad\nrules.toml").write_text('schema = 1\nbase = "hunan"\nname = "x"\ntitle = "x"\n'
                                              "[score]\nmin_huxi = 9\n", encoding="utf-8")
    (tmp_path / "cut\nshort.jsonl").write_text("not json\n", encoding="utf-8")
    (tmp_path / "two\nseats.toml").write_text('schema = 1\nbase = "luzhou"\nname = "y"\ntitle = "y"\n'
                                              "[game]\nburied = 40\n", encoding="utf-8")
    (tmp_path / HOSTILE).mkdir()
    (tmp_path / "not\ndb.db").write_text("not a database\n" * 10, encoding="utf-8")
    result = phz(*[a.replace("{dir}", str(tmp_path)) for a in args])
    assert result.exit_code != 0 and "Traceback" not in result.stderr, result.output
    lines = result.stderr.rstrip("\n").split("\n")
    error = [i for i, line in enumerate(lines) if line.startswith("Error: ")]  # after click's usage lines, if any
    assert error and error[0] == len(lines) - 1, lines
    assert "\x1b" not in result.stderr and "\\n" in lines[-1], lines
