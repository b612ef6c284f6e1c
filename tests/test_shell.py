"""``phz shell``: the interactive analyser, driven through stdin as a person would type."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from solver import api
from solver.app.commands import main
from solver.app.shell import Shell
from solver.model.notation import parse_hand
from solver.model.rules import get_ruleset
from solver.text.table_view import width

HAND = "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾"


def _run(lines, *args):
    result = CliRunner().invoke(main, ["shell", *args], input="".join(f"{x}\n" for x in lines))
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def test_a_hand_then_each_step_shows_where_it_stands():
    out = _run([HAND, "? 三 upper-discard", "take 1", "-捌"], "--lang", "en")
    text = "\n".join(out)
    assert "1 away, 9 live 进张" in text  # the hand at rest
    # the legal moves, numbered, the best marked: the one judge's, as phz act --advise names it
    advised = CliRunner().invoke(main, ["act", HAND, "--tile", "三", "--from", "upper-discard", "--advise", "--json"])
    best = json.loads(advised.output)["advice"]["choices"][0]["move"]
    lines = {"chi 一二三 比 三四五": "1. 吃 (chi): eat 三 with 一二 as 一二三", "chi 三三叁": "2. 吃 (chi): eat 三 with 三叁",
             "chi 三四五 比 一二三": "3. 吃 (chi): eat 三 with 四五 as 三四五", "pass": "4. 过 (pass)"}
    starred = [line for line in out if line.startswith("★ ")]
    assert len(starred) == 1 and starred[0].startswith("★ " + lines[best])
    assert sum(line.lstrip("★ ").startswith(tuple(lines.values())) for line in out) == 4  # every move, numbered
    assert "not allowed: 吃 二三四 — 烧比" in text
    # take 1: 三 laid out with 一二 and its 比, never put into the hand (RULES.md 3)
    assert "六七八九十壹贰叁肆伍陆柒捌玖拾 | 吃:一二三 吃:三四五" in text
    assert "discard one tile — best:" in text and "打 捌: 1 away" in text
    assert out[-2] == "六七八九十壹贰叁肆伍陆柒玖拾 | 吃:一二三 吃:三四五"  # after -捌
    assert all(width(line) <= 80 for line in out)


@pytest.mark.parametrize("hand, tile, source", [("一三四四五六八八九九十壹肆伍柒柒捌玖拾拾", "四", "upper-discard"),
                                                ("二二三四五六六六七七八九九叁伍伍陆陆柒柒", "七", "upper-draw")])
def test_the_star_is_act_advises_best_where_a_peng_is_on_offer(hand, tile, source):
    """The star is the judge's choice on the position ``phz act --advise`` asks (the stage of the claim
    round that first asks the seat: here the 碰's); the shell built its own, asked at no stage in
    particular, whose rollouts differ, and starred 过 where act --advise puts another move first."""
    advised = CliRunner().invoke(main, ["act", hand, "--tile", tile, "--from", source, "--advise", "--json"])
    best = json.loads(advised.output)["advice"]["choices"][0]["move"]
    shell = Shell(get_ruleset("hunan"), "en")
    shell.step(hand)
    starred = [line for line in shell.step(f"? {tile} {source}") if line.startswith("★ ")]
    assert len(starred) == 1
    kind = {"吃 (chi)": "chi", "碰 (peng)": "peng", "过 (pass)": "pass"}
    assert [k for w, k in kind.items() if w in starred[0]] == [best.split()[0]], (starred, best)

def test_the_shell_answers_as_the_one_hand_commands_do():
    rules = get_ruleset("hunan")
    shell = Shell(rules, "en")
    shell.step(HAND + "拾")
    table = api.discard(HAND + "拾", rules=rules)
    shown = shell.summary()
    assert [line.split(":")[0].strip() for line in shown[2:]] == [f"打 {'四七十'[i]}" for i in range(3)]
    assert table.rows[0].tile == parse_hand("四", rules).concealed.index(1)
    shell.step("-四")
    t = api.ting(shell.state.hand, seen=shell.state.seen, rules=rules)
    assert [w.tile for w in t.waits] and shell.summary()[1].startswith("ready on 贰")


def test_passing_makes_the_tile_seen_and_chou_and_undo_goes_back():
    rules = get_ruleset("hunan")
    shell = Shell(rules, "en")
    shell.step(HAND)
    menu = shell.step("? 三 upper-discard")
    n = next(i for i, line in enumerate(menu) if "过 (pass)" in line)
    shell.step(f"take {n}")
    assert shell.state.seen == (2,) and 2 in shell.state.chou
    again = shell.step("? 三 upper-discard")
    assert any("臭" in line for line in again) and not any("吃 (chi)" in line for line in again if "★" in line)
    shell.step("undo")
    shell.step("undo")
    assert shell.state.seen == () and not shell.state.chou


@pytest.mark.parametrize("line, words", [
    ("take 1", "no move to take"),
    ("-三", "at rest"),
    ("? 三", "a tile and where it comes from"),
    ("? 三 nowhere", "error:"),
    ("frobnicate", "not a command"),
    ("一二三", "error:"),
    ("undo", "back one step"),
])
def test_mistakes_are_one_line_and_the_shell_goes_on(line, words):
    out = _run([HAND, line, "show"], "--lang", "en") if line != "undo" else _run(["help"], "--lang", "en")
    text = "\n".join(out)
    assert words in text and "Traceback" not in text
    if line != "undo":
        assert out[-1] == "1 away, 9 live 进张: 贰柒拾"  # and the hand is still there


def test_the_shell_speaks_chinese():
    out = _run([HAND, "? 三 upper-discard"], "--lang", "zh")
    text = "\n".join(out)
    assert "差 1 步，9 张进张：贰柒拾" in text and "上家打出的三" in text and "不可以：" in text


def test_quit_and_end_of_input_stop_cleanly():
    out = _run(["quit", HAND])
    assert out[0].startswith("phz shell") and len(out) == 2  # the greeting alone
    assert _run([HAND])[-1] == "1 away, 9 live 进张: 贰柒拾"
