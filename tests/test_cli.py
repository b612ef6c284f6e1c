"""The `phz` command: human and JSON answers on RULES.md section 9's worked
examples, every kind of bad input, batches, colour, and start-up (no numba
for --help and one-hand commands; a cold then warm kernel cache)."""
from __future__ import annotations

import json
import os
import pty
import select
import subprocess

import pytest
from click.testing import CliRunner

from solver.app.commands import main

EX1 = "一二三 壹贰叁 贰柒拾 二七十 四五六 七八九 伍陆"
EX2 = "一二三壹贰叁贰柒拾四五六八九十七七七伍伍"
EX3 = "一二三 壹贰叁 贰柒拾 七八九 五五五 陆柒捌 四六"
EX4 = "肆伍陆 捌玖 拾拾 | 偎:壹壹壹 吃:贰叁肆 提:八八八八 偎:十十十"
EX5 = "五五五 四六 一二三 壹贰叁 伍伍 | 提:拾拾拾拾 吃:陆柒捌"
NOT_READY = "四五六 七八九 肆伍陆 柒捌玖 三四五 陆柒捌 二三"  # 7 groups with 一, but 3 胡息
EX2_DISCARD = EX2 + "捌"
MULTI = "一二四四五五六六九九九壹壹壹肆伍陆玖玖玖"  # 三 wins in two ways

WIN_KEYS = {"huxi", "deng", "fan", "fan_names", "score", "how", "groups"}
ANSI_RED = "\x1b[31m"


def phz(*args: str, input: str | None = None, env: dict | None = None):
    return CliRunner().invoke(main, list(args), input=input, env=env)


def phz_json(*args: str, input: str | None = None):
    result = phz(*args, "--json", input=input)
    lines = result.stdout.splitlines()
    return result, [json.loads(line) for line in lines]


def one_json(*args: str) -> dict:
    result, objs = phz_json(*args)
    assert result.exit_code == 0, result.output
    assert len(objs) == 1
    return objs[0]


def waits_by_tile(obj: dict) -> dict:
    return {w["tile"]: w for w in obj["waits"]}


def nums(win: dict | None):
    return None if win is None else (win["huxi"], win["deng"], win["fan"], win["score"], win["how"])


# --- ting ----------------------------------------------------------------------

def test_ting_json_example_2_contract():
    obj = one_json("ting", EX2)
    assert set(obj) == {"input", "hand", "ready", "waits", "distance", "limit", "improving"}
    assert (obj["distance"], obj["limit"]) == (0, False)  # ready: the improving draws are the waits
    assert [(d["tile"], d["live"], d["ways"]) for d in obj["improving"]] == [
        ("五", 3, ["胡 self", "胡 other"]), ("七", 1, ["胡 self", "胡 other"]), ("伍", 2, ["胡 self", "胡 other"])]
    assert obj["input"] == EX2
    assert obj["hand"] == "一二三四五六七七七八九十壹贰贰叁伍伍柒拾"
    assert obj["ready"] is True
    assert [w["tile"] for w in obj["waits"]] == ["五", "七", "伍"]  # tile-index order
    w = waits_by_tile(obj)
    assert (w["五"]["outs"], w["七"]["outs"], w["伍"]["outs"]) == (3, 1, 2)
    assert w["五"]["self"]["huxi"] == w["五"]["other"]["huxi"] == 18
    assert (w["五"]["other"]["score"], w["五"]["self"]["score"]) == (2, 3)
    assert nums(w["七"]["other"]) == (21, 3, 2, 6, "跑胡")
    assert w["七"]["other"]["fan_names"] == ["红胡"]
    assert nums(w["七"]["self"]) == (24, 5, 2, 10, "提胡")  # deng includes the 自摸 +1
    assert nums(w["伍"]["other"]) == (21, 3, 1, 3, "碰胡")
    assert nums(w["伍"]["self"]) == (24, 5, 1, 5, "偎胡")
    assert w["伍"]["self"]["fan_names"] == []
    for wait in obj["waits"]:
        assert set(wait) == {"tile", "outs", "dead", "self", "other"}
        assert wait["dead"] is False
        for win in (wait["self"], wait["other"]):
            assert set(win) == WIN_KEYS
            assert len(win["groups"]) == 7
            assert sum(g["huxi"] for g in win["groups"]) == win["huxi"]
    # 五 joins 伍伍 as a 绞; groups are glyph strings in tile-index order.
    assert {"kind": "jiao", "tiles": "五伍伍", "huxi": 0} in w["五"]["other"]["groups"]
    assert w["七"]["self"]["groups"][-1] == {"kind": "jiang", "tiles": "伍伍", "huxi": 0}  # 将 last


def test_ting_json_example_1_red_hu():
    w = waits_by_tile(one_json("ting", EX1))
    assert set(w) == {"肆", "柒"}
    assert (w["肆"]["other"]["huxi"], w["肆"]["other"]["score"], w["肆"]["self"]["score"]) == (18, 2, 3)
    assert (w["柒"]["other"]["fan_names"], w["柒"]["other"]["score"], w["柒"]["self"]["score"]) == (["红胡"], 4, 6)


def test_ting_json_example_3_popao_other_only():
    w = waits_by_tile(one_json("ting", EX3))
    assert set(w) == {"五"}
    assert w["五"]["self"] is None
    assert nums(w["五"]["other"]) == (18, 2, 1, 2, "破跑胡")
    assert {"kind": "kan", "tiles": "五五五", "huxi": 3} in w["五"]["other"]["groups"]


def test_ting_json_example_4_melds_first_in_input_order():
    obj = one_json("ting", EX4)
    assert obj["hand"] == "肆伍陆捌玖拾拾 | 偎:壹壹壹 吃:贰叁肆 提:八八八八 偎:十十十"
    w = waits_by_tile(obj)
    assert set(w) == {"柒", "拾"}
    assert (w["柒"]["other"]["huxi"], w["柒"]["other"]["score"], w["柒"]["self"]["score"]) == (18, 2, 3)
    assert w["拾"]["self"] is None
    assert (w["拾"]["other"]["huxi"], w["拾"]["other"]["score"]) == (18, 2)
    kinds = [g["kind"] for g in w["柒"]["other"]["groups"][:4]]
    assert kinds == ["wei", "chi", "ti", "wei"]


def test_ting_json_example_5():
    w = waits_by_tile(one_json("ting", EX5))
    assert set(w) == {"五"} and w["五"]["self"] is None
    assert nums(w["五"]["other"]) == (24, 4, 1, 4, "破跑胡")


def test_ting_seen_makes_a_dead_wait():
    w = waits_by_tile(one_json("ting", EX2, "--seen", "七"))
    assert w["七"]["outs"] == 0 and w["七"]["dead"] is True
    result = phz("ting", EX2, "--seen", "七")
    assert "0 dead" in result.stdout and "1 dead" in result.stdout


def test_ting_human_example_2():
    result = phz("ting", EX2)
    assert result.exit_code == 0
    out = result.stdout
    assert out.splitlines()[0] == "一二三四五六七七七八九十壹贰贰叁伍伍柒拾"
    assert "ready: 3 waits, 6 live outs" in out
    table = out.split("best decompositions")[0]
    rows = {line.split()[0]: line.split() for line in table.splitlines() if line and line[0] in "五七伍"}
    assert rows["七"][:8] == ["七", "1", "24", "5", "2", "红胡", "10", "提胡"]
    assert rows["七"][8:] == ["21", "3", "2", "红胡", "6", "跑胡"]
    assert "绞五伍伍 0" in out and "提七七七七 9" in out and "碰伍伍伍 3" in out
    assert ANSI_RED not in out


def test_ting_not_ready_is_an_answer():
    result = phz("ting", NOT_READY)
    assert result.exit_code == 0
    assert "not ready" in result.stdout
    obj = one_json("ting", NOT_READY)
    assert obj["ready"] is False and obj["waits"] == []


def test_hand_may_span_arguments_and_ascii():
    obj = one_json("ting", "123x", "123d", "270d", "456x", "890x", "777x", "55d")
    assert obj["hand"] == "一二三四五六七七七八九十壹贰贰叁伍伍柒拾"
    assert [w["tile"] for w in obj["waits"]] == ["五", "七", "伍"]


# --- discard -------------------------------------------------------------------

def test_discard_json_ranked():
    obj = one_json("discard", EX2_DISCARD)
    assert set(obj) == {"input", "hand", "discards"}
    top = obj["discards"][0]
    assert set(top) == {"tile", "outs", "expected_score", "best_score", "waits", "distance", "limit",
                        "improving_live", "improving", "shape"}
    assert (top["distance"], top["improving_live"]) == (0, 6)
    # Σ outs·(self + 2·other) / (3·Σ outs) = (3·7 + 1·22 + 2·11) / 18
    assert (top["tile"], top["outs"], top["expected_score"], top["best_score"]) == ("捌", 6, 3.6111, 10)
    assert [w["tile"] for w in top["waits"]] == ["五", "七", "伍"]
    tiles = [d["tile"] for d in obj["discards"]]
    assert "七" not in tiles  # a 坎 tile is never discarded
    assert len(tiles) == len(set(tiles)) == 16
    assert all(d["outs"] == 0 and d["expected_score"] == 0 for d in obj["discards"][1:])


def test_discard_human():
    result = phz("discard", EX2_DISCARD)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    first_row = next(line for line in lines if line.startswith("捌"))
    assert first_row.split()[:4] == ["捌", "6", "3.6111", "10"]
    assert "after discarding 捌:" in result.stdout


# --- hu ------------------------------------------------------------------------

HU_KEYS = {"input", "hand", "tile", "source", "win", "reason", "explain", "huxi", "deng", "fan", "fan_names",
           "score", "how", "groups"}


def test_hu_json_popao_win():
    obj = one_json("hu", EX3, "--win", "五", "--source", "other")
    assert set(obj) == HU_KEYS
    assert obj["win"] is True and obj["reason"] is None
    assert (obj["huxi"], obj["deng"], obj["fan"], obj["score"], obj["how"]) == (18, 2, 1, 2, "破跑胡")
    assert obj["explain"] == "破跑胡: 五 joins 四六 as 四五六; the 坎 五五五 stays whole"
    assert {"kind": "ju", "tiles": "四五六", "huxi": 0} in obj["groups"]


def test_hu_json_forced_ti():
    obj = one_json("hu", EX3, "--win", "五", "--source", "self")
    assert obj["win"] is False and obj["reason"] == "forced_ti"
    assert "must become a 提 (破跑不破提)" in obj["explain"]
    assert all(obj[k] is None for k in ("deng", "fan", "fan_names", "score", "how"))
    assert obj["groups"] == [] and obj["huxi"] is None


def test_hu_json_forced_wei_and_second_ti():
    obj = one_json("hu", EX4, "--win", "拾", "--source", "self")
    assert obj["reason"] == "forced_wei" and "偎" in obj["explain"]
    obj = one_json("hu", EX5, "--win", "五", "--source", "self")
    assert obj["reason"] == "forced_ti" and "one tile short" in obj["explain"]


def test_hu_json_huxi_short_shows_best_split():
    obj = one_json("hu", NOT_READY, "--win", "一", "--source", "other")
    assert (obj["win"], obj["reason"], obj["huxi"]) == (False, "huxi_short", 3)
    assert len(obj["groups"]) == 7 and "15 needed" in obj["explain"]


def test_hu_json_no_7_groups():
    obj = one_json("hu", EX2, "--win", "一", "--source", "other")
    assert (obj["reason"], obj["huxi"], obj["groups"]) == ("no_7_groups", None, [])
    assert "7 门子" in obj["explain"]


def test_hu_json_wins_on_each_how():
    obj = one_json("hu", EX2, "--win", "七", "--source", "self")
    assert (obj["how"], obj["huxi"], obj["score"]) == ("提胡", 24, 10)
    assert obj["explain"].startswith("提胡: a self-drawn 七 onto the 坎 七七七")
    obj = one_json("hu", EX2, "--win", "伍", "--source", "other")
    assert (obj["how"], obj["score"]) == ("碰胡", 3)
    assert "pair 伍伍" in obj["explain"]


def test_hu_all_lists_decompositions_best_first():
    obj = one_json("hu", MULTI, "--win", "三", "--source", "other", "--all")
    decs = obj["decompositions"]
    assert len(decs) >= 2
    assert nums(decs[0]) == (obj["huxi"], obj["deng"], obj["fan"], obj["score"], obj["how"])
    keys = [(-d["score"], -d["huxi"]) for d in decs]
    assert keys == sorted(keys)
    assert len({json.dumps(d["groups"]) for d in decs}) == len(decs)
    result = phz("hu", MULTI, "--win", "三", "--source", "other", "--all")
    assert f"{len(decs)} decompositions, best first" in result.stdout


def test_hu_human():
    result = phz("hu", EX3, "--win", "五", "--source", "other")
    assert result.exit_code == 0
    out = result.stdout
    assert "胡 破跑胡: 18 胡息 → 2 等 × 1 番 (平胡) = 2" in out
    assert "total" in out and "五五五" in out
    result = phz("hu", EX3, "--win", "五", "--source", "self")
    assert result.exit_code == 0  # "not a win" is an answer
    assert "not a win (forced_ti)" in result.stdout


def test_hu_needs_win_and_source():
    result = phz("hu", EX3, "--win", "五")
    assert result.exit_code == 2 and "--source" in result.stderr


# --- bad input -----------------------------------------------------------------

BAD = [
    (["ting", "一二三A四五六"], "unknown character 'A'"),
    (["ting", "12 3x"], "have no case letter"),
    (["ting", EX2, "--seen", "七七"], "5 copies of 七 across hand, melds and --seen"),
    (["hu", EX2, "--win", "七", "--source", "self", ], None),  # not bad: control
    (["ting", "一一一一二三壹贰叁贰柒拾四五六八九十伍伍"], "four 一 concealed"),
    (["ting", "一一一一一二三壹贰叁贰柒拾四五六八九十伍"], "5 copies of 一 across hand, melds: a tile has only 4"),
    (["ting", "一二三 | 吃:一三五"], "is not a 吃 group"),
    (["ting", "一 | 吃:一二三 吃:四五六 吃:七八九 吃:壹贰叁 吃:肆伍陆 吃:柒捌玖 碰:十十十"], "too many melds"),
    (["ting", EX2_DISCARD], "use `phz discard`"),
    (["discard", EX2], "use `phz ting`"),
    (["ting", "一二三"], "3 concealed tiles: a hand at rest holds 20"),
    (["hu", EX5, "--win", "拾", "--source", "other"], "across hand, melds and the tile asked about"),
    (["hu", EX2, "--win", "五六", "--source", "self"], "is not one tile"),
    (["hu", EX2, "--win", "五", "--source", "nobody"], "unknown source"),
    (["ting", EX2, "--seen", "七x"], "--seen: unknown character 'x'"),
]


@pytest.mark.parametrize("args,message", [b for b in BAD if b[1]])
def test_bad_input_one_line_exit_2(args, message):
    result = phz(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    err = result.stderr.strip()
    assert "\n" not in err and "Traceback" not in err
    assert err.startswith("Error: ") and message in err


@pytest.mark.parametrize("args,message", [b for b in BAD if b[1]])
def test_bad_input_json_error_object(args, message):
    result = phz(*args, "--json")
    assert result.exit_code == 2
    obj = json.loads(result.stdout)
    assert set(obj) == {"input", "error"}
    assert obj["input"] == args[1] and message in obj["error"]
    assert message in result.stderr


@pytest.mark.parametrize("command", ["ting", "discard", "hu"])
def test_unknown_rules(command):
    result = phz(command, EX2, "--rules", "wuhan")
    assert result.exit_code == 2
    assert "unknown ruleset 'wuhan'" in result.stderr and "hunan" in result.stderr
    assert "Traceback" not in result.output


def test_hunan_rules_by_name():
    """--rules hunan answers as the default ruleset does (it is hunan), and luzhou counts otherwise."""
    env = {"PHZ_RULES": None, "PHZ_HOME": None, "XDG_CONFIG_HOME": "/nonexistent"}
    named, default, luzhou = (phz("ting", EX2, "--json", *extra, env=env) for extra in
                              (("--rules", "hunan"), (), ("--rules", "luzhou")))
    assert named.exit_code == default.exit_code == luzhou.exit_code == 0
    assert json.loads(named.output) == json.loads(default.output)
    wait = json.loads(named.output)["waits"][0]
    assert (wait["tile"], wait["self"]["huxi"], json.loads(luzhou.output)["waits"][0]["self"]["huxi"]) == ("五", 18, 27)


# --- batch ---------------------------------------------------------------------

def test_ting_batch_json_bad_line_in_the_middle():
    text = f"# a comment\n{EX2}\n\n一二三Z\n{EX1}\n   \n{NOT_READY}\n"
    result, objs = phz_json("ting", input=text)
    assert result.exit_code == 1
    assert [o["input"] for o in objs] == [EX2, "一二三Z", EX1, NOT_READY]
    assert "error" in objs[1] and "unknown character 'Z'" in objs[1]["error"]
    assert [w["tile"] for w in objs[0]["waits"]] == ["五", "七", "伍"]
    assert [w["tile"] for w in objs[2]["waits"]] == ["肆", "柒"]
    assert objs[3]["ready"] is False
    # the kernels answer exactly as the one-hand (reference) path
    assert objs[0] == one_json("ting", EX2)
    assert objs[2] == one_json("ting", EX1)


def test_ting_batch_text_dash_and_exit_0():
    result = phz("ting", "-", input=f"{EX2}\n{EX4}\n")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("一二三四五六七七七八九十壹贰贰叁伍伍柒拾: waits 五 3 [self 3 · other 2]")
    assert "拾 2 [self — · other 2]" in lines[1]


def test_ting_batch_text_error_line_and_seen():
    result = phz("ting", "--seen", "七", input=f"{EX2}\n一二三\n")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert "七 dead" in lines[0]
    assert lines[1].startswith("一二三: error: 3 concealed tiles")


def test_discard_batch_matches_single():
    result, objs = phz_json("discard", input=f"{EX2_DISCARD}\n{EX2}\n")
    assert result.exit_code == 1
    assert objs[0] == one_json("discard", EX2_DISCARD)
    assert "use `phz ting`" in objs[1]["error"]


def test_hu_batch_lines():
    text = (f"{EX3} ; 五 other\n{EX3} ; 五 self\n{EX2};七 self\n{EX2} ; 七\n{EX2} ; 七 nobody\n"
            f"{EX4} ; 拾 other\n")
    result, objs = phz_json("hu", input=text)
    assert result.exit_code == 1
    assert len(objs) == 6
    assert objs[0]["how"] == "破跑胡" and objs[0]["score"] == 2
    assert objs[1]["reason"] == "forced_ti"
    assert objs[2]["how"] == "提胡" and objs[2]["score"] == 10
    assert "error" in objs[3] and "HAND ; TILE SOURCE" in objs[3]["error"]
    assert "unknown source" in objs[4]["error"]
    assert objs[5]["win"] is True and objs[5]["score"] == 2
    for obj, (tile, source) in zip([objs[0], objs[1], objs[2], objs[5]],
                                   [("五", "other"), ("五", "self"), ("七", "self"), ("拾", "other")]):
        hand = obj["input"].split(";")[0]
        single = one_json("hu", hand, "--win", tile, "--source", source)
        assert {k: v for k, v in obj.items() if k != "input"} == {k: v for k, v in single.items() if k != "input"}


def test_hu_batch_defaults_from_options_and_all():
    result, objs = phz_json("hu", "--win", "三", "--source", "other", "--all",
                            input=f"{MULTI}\n{EX2} ; 伍\n{EX2} ; 一\n")
    assert result.exit_code == 0
    assert objs[0]["decompositions"] == one_json("hu", MULTI, "--win", "三", "--source", "other", "--all")[
        "decompositions"]
    assert objs[1]["how"] == "碰胡" and len(objs[1]["decompositions"]) == 1
    assert objs[2]["win"] is False and objs[2]["decompositions"] == []
    result = phz("hu", "--win", "七", "--source", "other", input=f"{EX2}\n")
    assert "胡 跑胡" in result.stdout and result.exit_code == 0


# --- colour --------------------------------------------------------------------

def test_colour_forced_on_and_off():
    on = phz("--color", "always", "ting", EX2)
    assert f"{ANSI_RED}七" in on.stdout and f"{ANSI_RED}贰" in on.stdout
    assert f"{ANSI_RED}五" not in on.stdout
    assert ANSI_RED not in phz("--color", "always", "ting", EX2, env={"NO_COLOR": "1"}).stdout
    assert ANSI_RED not in phz("--color", "always", "ting", EX2, "--json").stdout
    assert ANSI_RED not in phz("--color", "never", "ting", EX2).stdout
    assert ANSI_RED not in phz("ting", EX2).stdout  # not a terminal


def _run_on_tty(cmd: list[str], env: dict) -> str:
    master, slave = pty.openpty()
    proc = subprocess.Popen(cmd, stdout=slave, stderr=slave, stdin=subprocess.DEVNULL, env=env)
    os.close(slave)
    chunks = []
    while True:
        ready, _, _ = select.select([master], [], [], 60)
        if not ready:
            break
        try:
            data = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=60)
    os.close(master)
    return b"".join(chunks).decode("utf-8")


def test_colour_on_a_terminal_unless_no_color(phz_cmd):
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env["PYTHONPATH"] = os.pathsep.join([os.path.dirname(os.path.dirname(__file__)), env.get("PYTHONPATH", "")])
    env["TERM"] = "xterm"
    screen = _run_on_tty([*phz_cmd, "ting", EX2], env)
    assert f"{ANSI_RED}七" in screen and "ready: 3 waits" in screen
    screen = _run_on_tty([*phz_cmd, "ting", EX2], env | {"NO_COLOR": "1"})
    assert ANSI_RED not in screen and "ready: 3 waits" in screen
    screen = _run_on_tty([*phz_cmd, "ting", "--json", EX2], env)
    assert ANSI_RED not in screen and '"tile":"七"' in screen


# --- start-up: no numba for --help and one hand; cold and warm kernel cache --------------

#: every command and subcommand of phz, as argument lists
COMMANDS = [[], ["ting"], ["discard"], ["hu"], ["act"], ["puzzles"], ["puzzles", "list"], ["puzzles", "check"],
            ["puzzles", "tags"], ["quiz"], ["stats"], ["bench"], ["rules"], ["rules", "list"], ["rules", "show"], ["play"], ["sim"], ["replay"], ["shell"],
            ["review"], ["serve"]]


def test_every_command_is_listed_in_help():
    """COMMANDS covers every command and subcommand of the click group (a new one must be added there)."""
    import click

    def walk(group: click.Group, path: list[str]):
        for name, command in group.commands.items():
            yield path + [name]
            if isinstance(command, click.Group):
                yield from walk(command, path + [name])

    assert sorted(walk(main, [])) == sorted(c for c in COMMANDS if c)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "phz")
@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_every_command_has_help(command, flag):
    result = phz(*command, flag)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"Usage: {' '.join(['main', *command])} ")
    assert result.stderr == ""
    if command == []:
        for name in ("ting", "discard", "hu", "act", "puzzles", "quiz", "stats", "bench"):
            assert f"  {name} " in result.stdout
    if command == ["puzzles"]:
        assert "  list " in result.stdout and "  check " in result.stdout


HELP_RUN = f"""
import sys
from solver.app.commands import main
for args in {[c + ["--help"] for c in COMMANDS]!r}:
    assert main(args, standalone_mode=False) == 0, args
print("NUMBA_LOADED" if "numba" in sys.modules else "NO_NUMBA")
"""


def test_help_never_imports_numba(python_in_fresh_process):
    proc = python_in_fresh_process(HELP_RUN)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().endswith("NO_NUMBA")
    assert "10x" in proc.stdout and "is two tiles" in proc.stdout  # the notation is in --help
    assert "偎:壹壹壹" in proc.stdout
    usages = [line for line in proc.stdout.splitlines() if line.startswith("Usage: ")]
    assert len(usages) == len(COMMANDS)
    for command in ("act", "puzzles list", "puzzles check", "quiz", "stats", "bench"):
        assert any(line.endswith(f" {command} [OPTIONS]") or f" {command} [OPTIONS] " in line for line in usages)


PUZZLES_LIST_RUN = """
import json, sys
from solver.app.commands import main
main(["puzzles", "list"], standalone_mode=False)
main(["puzzles", "list", "--json"], standalone_mode=False)
main(["puzzles", "list", "--kind", "chi", "--json"], standalone_mode=False)
print("NUMBA_LOADED" if "numba" in sys.modules else "NO_NUMBA")
"""


def test_puzzles_list_never_imports_numba(python_in_fresh_process):
    proc = python_in_fresh_process(PUZZLES_LIST_RUN)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert lines[-1] == "NO_NUMBA"
    assert lines[0].split()[:2] == ["ting-001", "ting"]  # a line per puzzle, its hand under it
    assert all(p["kind"] == "chi" for p in json.loads(lines[-2]))
    assert len(json.loads(lines[-3])) > len(json.loads(lines[-2])) > 0


# One hand, ready or not (up to 2 away: the plain-Python distance search),
# and a discard table, never need numba (nor numpy).
NEAR = "一二四六七九九十贰贰肆伍陆柒 | 碰:拾拾拾 偎:玖玖玖"  # 2 away
NEAR_DISCARD = "三三五六六七八八九十壹叁肆肆伍伍陆柒捌拾拾"  # its best discards leave it 2 away
ONE_HAND_RUN = f"""
import sys
from solver.app.commands import main
for args in (["ting", "{EX2}"], ["ting", "--json", "{EX4}"],
             ["hu", "{EX3}", "--win", "五", "--source", "other", "--all"],
             ["hu", "{EX3}", "--win", "五", "--source", "other", "--last-tile"],
             ["hu", "一一一二二二三三三五五五六六六七七八九十", "--tianhu", "--json"],
             ["ting", "一二三 壹贰叁 二七十 四五六 七八九 伍伍 | 碰:十十十", "--rules", "luzhou"],
             ["ting", "{NEAR}"], ["ting", "--json", "{NEAR.replace("偎", "碰")}", "--rules", "luzhou"],
             ["discard", "{NEAR_DISCARD}"], ["discard", "--json", "{NEAR_DISCARD}", "--rules", "luzhou"],
             ["act", "{EX2}", "--tile", "三", "--from", "upper-discard"],
             ["rules", "show", "luzhou"]):
    assert main(args, standalone_mode=False) in (None, 0), args
print("NUMBA_LOADED" if "numba" in sys.modules or "numpy" in sys.modules else "NO_NUMBA")
"""


def test_one_hand_commands_never_import_numba(python_in_fresh_process):
    proc = python_in_fresh_process(ONE_HAND_RUN)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().endswith("NO_NUMBA")
    assert "进张" in proc.stdout or "improving" in proc.stdout.lower()


def test_installed_phz_help_and_one_hand(run_phz):
    for command in COMMANDS:
        proc = run_phz(*command, "--help")
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.startswith("Usage: ")
        assert f"{' '.join(command)} [OPTIONS]" in proc.stdout.splitlines()[0]
    proc = run_phz("ting", "--json", EX2)
    assert proc.returncode == 0
    assert [w["tile"] for w in json.loads(proc.stdout)["waits"]] == ["五", "七", "伍"]
    proc = run_phz("ting", "一二三Q")
    assert proc.returncode == 2
    assert proc.stderr.strip() == "Error: unknown character 'Q' at column 4 in '一二三Q'"


def test_batch_cold_then_warm_kernel_cache(run_phz, tmp_path):
    """Cached kernels must load back (PERF-NOTES: a recursive cached kernel segfaults on the 2nd run)."""
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "numba-cache")}
    runs = []
    for command, text in (("ting", f"{EX2}\n{EX4}\n一二三\n"), ("discard", f"{EX2_DISCARD}\n"),
                          ("hu", f"{EX3} ; 五 other\n{EX2} ; 七 self\n")):
        cold = run_phz(command, "--json", input=text, env=env)
        warm = run_phz(command, "--json", input=text, env=env)
        runs.append((cold, warm))
    assert any((tmp_path / "numba-cache").rglob("*.nbi")), "no kernel was cached"
    for (cold, warm), want in zip(runs, (1, 0, 0)):
        assert cold.returncode == want, cold.stderr
        assert warm.returncode == want, warm.stderr
        assert cold.stdout == warm.stdout and cold.stdout


# --- render: the JSON lines built directly equal the dict form --------------------

@pytest.mark.parametrize("hand", [EX1, EX2, EX3, EX4, EX5, NOT_READY, MULTI])
def test_json_lines_equal_the_dict_form(hand):
    from solver import api
    from solver.text import jsonl

    t = api.ting(hand, seen="七")
    assert jsonl.ting_json_line(hand, t) == jsonl.dumps(jsonl.ting_json(hand, t))
    assert jsonl.hand_text(t.hand) == t.hand.text()
    held = t.hand.all_counts()
    extra = next(x for x in range(20) if held[x] < 3 and t.hand.concealed[x] < 3)
    bigger = type(t.hand)(tuple(c + (x == extra) for x, c in enumerate(t.hand.concealed)), t.hand.melds)
    d = api.discard(bigger, seen="七")
    assert jsonl.discard_json_line("x\"y\\z", d) == jsonl.dumps(jsonl.discard_json("x\"y\\z", d))


def test_readme_test_command_is_what_ci_runs():
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    ci = (root / ".ci" / "run").read_text(encoding="utf-8")
    readme = (root / "README.md").read_text(encoding="utf-8")
    command = next(line for line in ci.splitlines() if "pytest" in line).strip()
    assert command in readme


def _readme_examples():
    """(command args, expected output) of each `$ phz ...` in README.md's console blocks with output shown."""
    import re
    import shlex
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    examples = []
    for block in re.findall(r"```console\n(.*?)```", readme, flags=re.S):
        chunks = re.split(r"^\$ ", block, flags=re.M)[1:]
        for chunk in chunks:
            command, _, output = chunk.partition("\n")
            command = command.split("&& ")[-1]
            words = shlex.split(command)
            if words[0] != "phz" or any(w in command for w in ("<", "| phz", "$?")) or not output.strip():
                continue
            examples.append((words[1:], output))
    return examples


@pytest.mark.parametrize("args,output", _readme_examples(), ids=lambda x: "" if isinstance(x, str) else x[0])
def test_readme_shows_real_output(args, output):
    from solver.engine.compiling import ANNOUNCEMENT

    result = phz(*args, env={"NO_COLOR": "1"})
    # the first run of a cold cache says on stderr that it compiles (run alone, this test may be that run):
    # not part of what the README shows of the command
    notice = ANNOUNCEMENT.split(" the ", 1)[0]  # "phz: compiling"
    shown = "\n".join(line for line in result.output.split("\n") if not line.startswith(notice))
    assert shown.rstrip("\n") == output.rstrip("\n")


def test_the_help_lists_every_origin():
    from solver.model.results import ORIGIN_ZH, ORIGINS

    shown = " ".join(phz("act", "--help", env={"COLUMNS": "200"}).output.split())
    assert f"{', '.join(ORIGINS)} (or {' '.join(ORIGIN_ZH.values())})" in shown


def test_the_default_ruleset_of_the_command_is_the_model_s():
    from solver.model.rules import DEFAULT_RULESET

    assert f"else {DEFAULT_RULESET}" in " ".join(phz("ting", "--help", env={"COLUMNS": "200"}).output.split())
