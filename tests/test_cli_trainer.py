"""The trainer on the command line: `phz act` (human en/zh, JSON, bad input),
`phz puzzles list` and `phz puzzles check` (shipped and a broken library),
`phz quiz` driven through stdin for every kind (right, wrong, partly right,
bad notation, quitting midway) with the progress database checked after, and
`phz stats`; a corrupt --db is a clean error.

Quiz tests run on a small library of their own (one puzzle per kind, written
to tmp_path and put in place of the shipped one by monkeypatching
``puzzles.library_dir``), so edits to puzzles/*.toml do not move them."""
from __future__ import annotations

import json
import re
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from click.testing import CliRunner

from solver import puzzles
from solver.app.commands import main

SEED000 = "一二三四五 六七八 九九玖 肆伍陆 柒捌玖 拾拾壹"  # 一二三四五: eat 三 with 比; 二四 is 烧比
SEED000_TEXT = "一二三四五六七八九九壹肆伍陆柒捌玖玖拾拾"
LEFT = "六七八九九壹肆伍陆柒捌玖玖拾拾"  # what is left to discard from after either legal way
KAN5 = "一二三 壹贰叁 贰柒拾 七八九 五五五 陆柒捌 四六"  # RULES.md example 3
EX1 = "一二三 壹贰叁 贰柒拾 二七十 四五六 七八九 伍陆"  # RULES.md example 1: waits 肆 柒

ACT_KEYS = ["input", "hand", "tile", "from", "actions", "forbidden"]
ACTION_KEYS = {"action", "compulsory", "chi", "bi", "left", "explain"}
FORBIDDEN_KEYS = {"action", "chi", "bi", "reason", "explain"}
PUZZLE_KEYS = ["id", "kind", "level", "tags", "hand", "tile", "source", "from", "action", "seen", "chou",
               "passed_peng", "answer", "rules"]


def phz(*args: str, input: str | None = None, env: dict | None = None):
    return CliRunner().invoke(main, list(args), input=input, env=env)


def act(*args: str, lang: str = "en"):
    return phz("act", *args, "--lang", lang, "--wide")  # the whole lines, unwrapped


def act_json(*args: str) -> dict:
    result = phz("act", *args, "--json", "--lang", "en")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 1
    return json.loads(lines[0])


def one_line_error(result, message: str) -> None:
    assert result.exit_code == 2, result.output
    err = result.stderr.strip()
    assert "\n" not in err and "Traceback" not in err
    assert err.startswith("Error: ") and message in err, err


# --- phz act -----------------------------------------------------------------------

def test_act_human_english_seed000():
    result = act(SEED000, "--tile", "三", "--from", "upper-discard")
    assert result.exit_code == 0 and result.stderr == ""
    assert result.stdout.splitlines() == [
        f"{SEED000_TEXT}  +  三 upper-discard (上家打出)",
        "may: 吃 (chi): eat 三 with 一二 as 一二三; 比: lay out the 三 still in hand as 三四五; "
        f"then discard one tile [discard from {LEFT}]",
        "may: 吃 (chi): eat 三 with 四五 as 三四五; 比: lay out the 三 still in hand as 一二三; "
        f"then discard one tile [discard from {LEFT}]",
        "may: 过 (pass): 三 then becomes 臭 for 吃 (过张): you may not eat it again this hand",
        "may not: 吃 二三四: 烧比 (shaobi, −6): after eating 三 with 二四, the 三 left in hand can no longer "
        "form a group, so it cannot be laid out (比)",
    ]


def test_act_human_chinese_with_a_chinese_source():
    result = act(SEED000, "--tile", "三", "--from", "上家打出", lang="zh")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == f"{SEED000_TEXT}  +  上家打出的三"
    assert lines[1] == f"可以：吃：用一二吃上家打出的三成一二三；比牌：手里剩下的三比成三四五；吃后打出一张牌（从{LEFT}中打出一张）"
    assert lines[2].startswith("可以：吃：用四五吃上家打出的三成三四五；比牌：手里剩下的三比成一二三")
    assert lines[3] == "可以：过：不要这张牌；之后三成为臭张（过张），这一局不能再吃"
    assert lines[4] == "不可以：吃二三四：烧比（罚6分）：用二四吃三后，手里剩下的三无法组成一句话或绞牌，比不下来"
    assert len(lines) == 5
    # the same answer whichever language names the source
    assert act(SEED000, "--tile", "三", "--from", "upper-discard", lang="zh").stdout == result.stdout


def test_act_language_from_the_locale():
    result = phz("act", SEED000, "--tile", "三", "--from", "upper-discard", env={"LC_ALL": "zh_CN.UTF-8"})
    assert result.stdout.splitlines()[1].startswith("可以：吃：")
    result = phz("act", SEED000, "--tile", "三", "--from", "upper-discard", env={"LC_ALL": "C.UTF-8"})
    assert result.stdout.splitlines()[1].startswith("may: 吃 (chi)")


def test_act_hand_may_span_arguments():
    spread = phz("act", *SEED000.split(), "--tile", "3x", "--from", "upper-discard", "--lang", "en", "--wide")
    assert spread.exit_code == 0
    assert spread.stdout == act(SEED000, "--tile", "三", "--from", "upper-discard").stdout


def test_act_json_contract_seed000():
    obj = act_json(SEED000, "--tile", "三", "--from", "上家打出")
    assert list(obj) == ACT_KEYS
    assert (obj["input"], obj["hand"], obj["tile"], obj["from"]) == (SEED000, SEED000_TEXT, "三", "upper-discard")
    for a in obj["actions"]:
        assert ACTION_KEYS <= set(a)
    for f in obj["forbidden"]:
        assert set(f) == FORBIDDEN_KEYS
    chi = [a for a in obj["actions"] if a["action"] == "chi"]
    assert [(a["chi"], a["bi"]) for a in chi] == [("一二三", ["三四五"]), ("三四五", ["一二三"])]
    assert all(a["compulsory"] is False and a["left"] == LEFT and set(a) == ACTION_KEYS for a in chi)
    assert "eat 三 with 四五 as 三四五" in chi[1]["explain"]
    assert obj["actions"][-1] == {"action": "pass", "compulsory": False, "chi": None, "bi": [], "left": None,
                                  "explain": "过 (pass): 三 then becomes 臭 for 吃 (过张): you may not eat it "
                                             "again this hand",
                                  "becomes_chou": {"chi": ["三"], "peng": []}}
    assert [a["action"] for a in obj["actions"]] == ["chi", "chi", "pass"]
    assert obj["forbidden"] == [{"action": "chi", "chi": "二三四", "bi": [], "reason": "shaobi",
                                 "explain": obj["forbidden"][0]["explain"]}]
    assert "烧比" in obj["forbidden"][0]["explain"] and "二四" in obj["forbidden"][0]["explain"]


def test_act_json_explanations_follow_lang():
    result = phz("act", SEED000, "--tile", "三", "--from", "upper-discard", "--json", "--lang", "zh")
    obj = json.loads(result.stdout)
    assert obj["actions"][0]["explain"].startswith("吃：用一二吃")
    assert obj["forbidden"][0]["explain"].startswith("吃二三四：烧比")
    assert obj["from"] == "upper-discard"  # sources are always given in English in JSON


def test_act_json_compulsory_pao_hu_and_forbidden_pass():
    obj = act_json(KAN5, "--tile", "五", "--from", "upper-draw")
    assert [(a["action"], a["compulsory"]) for a in obj["actions"]] == [("hu", False), ("pao", True)]
    hu, pao = obj["actions"]
    assert (hu["how"], hu["score"]) == ("破跑胡", 2)
    assert pao["discard"] is True and pao["left"] == "一二三四六七八九壹贰贰叁陆柒柒捌拾"
    reasons = {(f["action"], f["chi"]): f["reason"] for f in obj["forbidden"]}
    assert reasons[("pass", None)] == "compulsory"
    assert {r for (a, _), r in reasons.items() if a == "chi"} == {"kan"}
    assert "走跑" in [f for f in obj["forbidden"] if f["action"] == "pass"][0]["explain"]
    # the same tile discarded: 胡 is forbidden (胡牌必须胡墩上的), the 跑 stays compulsory
    obj = act_json(KAN5, "--tile", "五", "--from", "upper-discard")
    assert [a["action"] for a in obj["actions"]] == ["pao"]
    assert ("hu", "discard_no_hu") in {(f["action"], f["reason"]) for f in obj["forbidden"]}


def test_act_chou_passed_peng_and_geshan():
    obj = act_json(SEED000, "--tile", "三", "--from", "upper-discard", "--chou", "三")
    assert [a["action"] for a in obj["actions"]] == ["pass"]
    assert obj["actions"][0]["becomes_chou"] == {"chi": [], "peng": []}
    assert [(f["action"], f["chi"], f["reason"]) for f in obj["forbidden"]] == [("chi", None, "chou")]
    obj = act_json(SEED000, "--tile", "九", "--from", "upper-discard", "--passed-peng", "九")
    assert ("peng", "peng_passed") in {(f["action"], f["reason"]) for f in obj["forbidden"]}
    assert "peng" not in [a["action"] for a in obj["actions"]]
    assert [a["chi"] for a in obj["actions"] if a["action"] == "chi"] == ["七八九", "九九玖"]
    obj = act_json(SEED000, "--tile", "九", "--from", "upper-discard")  # not passed: 碰 is open
    assert "peng" in [a["action"] for a in obj["actions"]]
    assert obj["actions"][-1]["becomes_chou"] == {"chi": ["九"], "peng": ["九"]}
    obj = act_json(SEED000, "--tile", "三", "--from", "下家打出")
    assert obj["from"] == "lower-discard"
    assert [(f["action"], f["reason"]) for f in obj["forbidden"]] == [("chi", "geshan")]
    result = act(SEED000, "--tile", "三", "--from", "lower-discard")
    assert "may not: 吃: 不吃隔山牌" in result.stdout


BAD_ACT = [
    ([SEED000, "--tile", "三", "--from", "nobody"], "unknown source 'nobody': use upper-discard"),
    ([SEED000, "--tile", "三三", "--from", "upper-discard"], "'三三' is not one tile"),
    ([SEED000, "--tile", "Q", "--from", "upper-discard"], "unknown character 'Q'"),
    (["一二三", "--tile", "三", "--from", "upper-discard"], "3 concealed tiles: a hand at rest holds 20"),
    ([SEED000 + "Z", "--tile", "三", "--from", "upper-discard"], "unknown character 'Z'"),
    ([SEED000, "--tile", "三", "--from", "upper-discard", "--seen", "三三三"], "5 copies of 三"),
    ([SEED000, "--tile", "三", "--from", "upper-discard", "--chou", "3"], "chou: digits '3'"),
    ([SEED000, "--tile", "三", "--from", "upper-discard", "--passed-peng", "三Q"], "passed_peng: unknown character"),
]


@pytest.mark.parametrize("args,message", BAD_ACT)
def test_act_bad_input_one_line_exit_2(args, message):
    result = act(*args)
    one_line_error(result, message)
    assert result.stdout == ""


@pytest.mark.parametrize("args,message", BAD_ACT)
def test_act_bad_input_json_error_object(args, message):
    result = phz("act", *args, "--json")
    assert result.exit_code == 2
    obj = json.loads(result.stdout)
    assert set(obj) == {"input", "error"}
    assert obj["input"] == args[0] and message in obj["error"]
    one_line_error(result, message)


@pytest.mark.parametrize("args", [
    [SEED000, "--from", "upper-discard"],  # no --tile
    [SEED000, "--tile", "三"],  # no --from
    ["--tile", "三", "--from", "upper-discard"],  # no HAND
    [SEED000, "--tile", "三", "--from", "upper-discard", "--rules", "wuhan"],
    [SEED000, "--tile", "三", "--from", "upper-discard", "--lang", "fr"],
])
def test_act_usage_errors_exit_2(args):
    result = phz("act", *args)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.stdout == ""


# --- a library of our own -----------------------------------------------------------

LIBRARY = {
    "ting.toml": '''
[[puzzle]]
id = "t-ting"
kind = "ting"
level = 1
tags = ["两头"]
hand = "一二三 壹贰叁 贰柒拾 二七十 四五六 七八九 伍陆"
answer = "肆柒"
note_en = "伍陆 waits on 肆 or 柒."
note_zh = "伍陆两头，等肆或柒。"
''',
    "discard.toml": '''
[[puzzle]]
id = "t-discard"
kind = "discard"
level = 1
tags = ["打牌"]
hand = "一二三 壹贰叁 贰柒拾 二七十 四五六 七八九 伍陆 五"
answer = "五"
note_en = "Discard the lone 五 and keep 伍陆."
note_zh = "打单张五，留伍陆。"
''',
    "huxi.toml": '''
[[puzzle]]
id = "t-huxi"
kind = "huxi"
level = 2
tags = ["破跑胡"]
hand = "一二三 壹贰叁 贰柒拾 七八九 五五五 陆柒捌 四六"
tile = "五"
source = "other"
answer = 18
note_en = "五 joins 四六; the 坎 五五五 stays whole."
note_zh = "五进四六，坎五五五不动。"
''',
    "chi.toml": '''
[[puzzle]]
id = "t-chi"
kind = "chi"
level = 2
tags = ["烧比"]
hand = "一二三四五 六七八 九九玖 肆伍陆 柒捌玖 拾拾壹"
tile = "三"
from = "upper-discard"
answer = [{chi = "一二三", bi = ["三四五"]}, {chi = "三四五", bi = ["一二三"]}]
note_en = "Eating 三 with 二四 strands the 三 in hand: 烧比."
note_zh = "用二四吃三，手里的三比不下来：烧比。"
''',
    "chou.toml": '''
[[puzzle]]
id = "t-chou"
kind = "chou"
level = 3
tags = ["臭张"]
hand = "一二三四五 六七八 九九玖 肆伍陆 柒捌玖 拾拾壹"
tile = "三"
from = "upper-discard"
action = "chi"
chou = "三"
answer = false
note_en = "三 was passed for 吃, so it is 臭."
note_zh = "三过过吃，是臭张。"
''',
}
IDS = ["t-ting", "t-discard", "t-huxi", "t-chi", "t-chou"]


def write_library(directory: Path, files: dict[str, str]) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (directory / name).write_text(text, encoding="utf-8")
    return directory


@pytest.fixture
def library(tmp_path, monkeypatch) -> Path:
    """Our five-puzzle library in place of the shipped one."""
    lib = write_library(tmp_path / "lib", LIBRARY)
    monkeypatch.setattr(puzzles, "library_dir", lambda: lib)
    return lib


@pytest.fixture
def db(tmp_path) -> Path:
    return tmp_path / "progress.db"


def quiz(db: Path, *args: str, input: str, lang: str = "en"):
    return phz("quiz", "--db", str(db), "--lang", lang, *args, input=input)


def attempts(db: Path) -> list[tuple]:
    with closing(sqlite3.connect(db)) as conn:
        return conn.execute("SELECT puzzle_id, kind, level, answer, correct FROM attempts ORDER BY id").fetchall()


def reviews(db: Path) -> dict[str, int]:
    with closing(sqlite3.connect(db)) as conn:
        return dict(conn.execute("SELECT item, box FROM reviews").fetchall())


# --- phz puzzles list / check ----------------------------------------------------------

def _rows(result) -> list[str]:
    """The puzzle lines of `phz puzzles list` (the hands are indented under them, the count last)."""
    return [line for line in result.stdout.splitlines()[:-1] if not line.startswith(" ")]


def test_puzzles_list_shipped_table_and_json():
    shipped = puzzles.load()
    result = phz("puzzles", "list")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[-1] == f"{len(shipped)} puzzles"
    assert [line.split()[0] for line in _rows(result)] == [p.id for p in shipped]  # the hand under each
    wide = phz("puzzles", "list", "--wide").stdout.splitlines()
    assert wide[0].split() == ["id", "kind", "rules", "level", "tags", "hand"]
    assert len(wide) == len(shipped) + 3  # header, rule, one row each, count
    result = phz("puzzles", "list", "--json")
    assert result.exit_code == 0
    items = json.loads(result.stdout)
    assert isinstance(items, list) and len(items) == len(shipped)
    assert all(list(item) == PUZZLE_KEYS for item in items)
    assert {item["kind"] for item in items} <= set(puzzles.QUESTION_KINDS)
    assert [item["id"] for item in items] == [p.id for p in shipped]


@pytest.mark.parametrize("kind", puzzles.QUESTION_KINDS)
def test_puzzles_list_kind_filter_shipped(kind):
    items = json.loads(phz("puzzles", "list", "--kind", kind, "--json").stdout)
    assert items == json.loads(json.dumps([p.as_json() for p in puzzles.load() if p.kind == kind]))
    result = phz("puzzles", "list", "--kind", kind)
    assert result.stdout.splitlines()[-1] == f"{len(items)} puzzles"
    assert all(line.split()[1] == kind for line in _rows(result))


def test_puzzles_list_json_values(library):
    items = json.loads(phz("puzzles", "list", "--json").stdout)
    assert [i["id"] for i in items] == IDS  # file by file in kind order
    by_id = {i["id"]: i for i in items}
    assert by_id["t-ting"] == {"id": "t-ting", "kind": "ting", "level": 1, "tags": ["两头"], "hand": EX1,
                               "tile": None, "source": None, "from": None, "action": None, "seen": None,
                               "chou": None, "passed_peng": None, "answer": "肆柒", "rules": "hunan"}
    assert (by_id["t-huxi"]["tile"], by_id["t-huxi"]["source"], by_id["t-huxi"]["answer"]) == ("五", "other", 18)
    assert by_id["t-chi"]["from"] == "upper-discard" and by_id["t-chi"]["source"] is None
    assert by_id["t-chi"]["answer"] == [{"chi": "一二三", "bi": ["三四五"]}, {"chi": "三四五", "bi": ["一二三"]}]
    assert (by_id["t-chou"]["action"], by_id["t-chou"]["chou"], by_id["t-chou"]["answer"]) == ("chi", "三", False)
    items = json.loads(phz("puzzles", "list", "--kind", "huxi", "--json").stdout)
    assert [i["id"] for i in items] == ["t-huxi"]
    result = phz("puzzles", "list", "--kind", "chou")
    assert _rows(result)[0].split()[:5] == ["t-chou", "chou", "hunan", "3", "臭张"]
    assert result.stdout.splitlines()[-1] == "1 puzzles"


def test_puzzles_list_bad_kind_is_a_usage_error():
    result = phz("puzzles", "list", "--kind", "peng")
    assert result.exit_code == 2 and "'peng' is not one of" in result.stderr


def test_puzzles_list_malformed_library_is_one_clean_error(tmp_path, monkeypatch):
    lib = write_library(tmp_path / "bad", {"ting.toml": LIBRARY["ting.toml"].replace("level = 1", "level = 7")})
    monkeypatch.setattr(puzzles, "library_dir", lambda: lib)
    result = phz("puzzles", "list")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.stderr.strip() == "Error: puzzle t-ting (ting.toml): level must be 1, 2 or 3"


def test_puzzles_check_shipped_library_agrees():
    result = phz("puzzles", "check")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.strip() == f"{len(puzzles.load())} puzzles: every answer agrees with the solver"


def test_puzzles_check_our_library_agrees(library):
    result = phz("puzzles", "check")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.strip() == "5 puzzles: every answer agrees with the solver"


def test_puzzles_check_names_each_wrong_answer(tmp_path, monkeypatch):
    files = dict(LIBRARY)
    files["ting.toml"] = files["ting.toml"].replace('answer = "肆柒"', 'answer = "肆"')
    files["huxi.toml"] = files["huxi.toml"].replace("answer = 18", "answer = 15")
    lib = write_library(tmp_path / "broken", files)
    monkeypatch.setattr(puzzles, "library_dir", lambda: lib)
    result = phz("puzzles", "check")
    assert result.exit_code != 0
    err = result.stderr.splitlines()
    assert "puzzle t-ting: stored answer 肆 but the solver gives 肆柒" in err
    assert "puzzle t-huxi: stored answer 15 but the solver gives 18" in err
    assert err[-1] == "Error: 2 problem(s) in the puzzle library"
    assert not any(line.startswith("puzzle t-chi") for line in err)
    assert "every answer agrees" not in result.stdout


def test_puzzles_check_malformed_library(tmp_path, monkeypatch):
    lib = write_library(tmp_path / "bad", {"chi.toml": "[[puzzle]]\nid = \"x\"\nkind = 3\n["})
    monkeypatch.setattr(puzzles, "library_dir", lambda: lib)
    result = phz("puzzles", "check")
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "chi.toml: not valid TOML" in result.stderr


# --- phz quiz ----------------------------------------------------------------------------

# kind: (right, wrong, partly right or None, bad notation, text of the wrong answer's explanation)
ANSWERS = {
    "ting": ("柒肆", "一", "肆", "4", "Not waits: 一"),
    "discard": ("五", "四", None, "Z", "Discarding 四 leaves 6 outs"),
    "huxi": ("18", "15", None, "many", "You said 15: 3 short"),
    "chi": ("1 3", "2", "3", "9", "2 (二三四) is not legal: 吃 二三四: 烧比"),
    "chou": ("no", "yes", None, "maybe", "No: you may not 吃 三 now"),
}
BAD_TEXT = {"ting": "digits '4' at column 1 have no case letter", "discard": "unknown character 'Z'", "huxi": "'many' is not a number",
            "chi": "9 is not on the menu: the ways are numbered 1 to 3", "chou": "answer yes or no"}


@pytest.mark.parametrize("kind", puzzles.QUESTION_KINDS)
def test_quiz_right_answer_after_bad_notation(kind, library, db):
    right, _, _, bad, _ = ANSWERS[kind]
    result = quiz(db, "--kind", kind, input=f"{bad}\n{right}\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    flat = " ".join(out.split())  # the lines as one text: a long one is wrapped at 80 columns
    assert out.startswith(f"[1/1] {kind} · level ")
    assert "Cannot read that: " in flat and BAD_TEXT[kind] in flat and "Try again (q to stop)." in flat
    assert out.count("answer> ") == 2  # asked again after the bad notation
    assert "✓ correct" in out and "✗ incorrect" not in out
    assert "note: " in out
    assert out.rstrip().endswith("1 answered, 1 correct.")
    pid = f"t-{kind}"
    level = {"ting": 1, "discard": 1, "huxi": 2, "chi": 2, "chou": 3}[kind]
    recorded = {"ting": "肆柒", "discard": "五", "huxi": "18", "chi": "1 3", "chou": "no"}[kind]
    assert attempts(db) == [(pid, kind, level, recorded, 1)]  # the bad notation is no attempt
    assert reviews(db) == {f"puzzle:{pid}": 2}  # a first right answer lands in box 2


@pytest.mark.parametrize("kind", puzzles.QUESTION_KINDS)
def test_quiz_wrong_answer_is_explained_and_recorded(kind, library, db):
    _, wrong, _, _, why = ANSWERS[kind]
    result = quiz(db, "--kind", kind, input=f"{wrong}\n")
    assert result.exit_code == 0, result.output
    assert "✗ incorrect" in result.stdout and why in " ".join(result.stdout.split())  # wrapped lines as one
    assert result.stdout.rstrip().endswith("1 answered, 0 correct.")
    rows = attempts(db)
    assert len(rows) == 1 and rows[0][0] == f"t-{kind}" and rows[0][4] == 0
    assert reviews(db) == {f"puzzle:t-{kind}": 1}  # a miss goes to box 1


@pytest.mark.parametrize("kind", [k for k in puzzles.QUESTION_KINDS if ANSWERS[k][2]])
def test_quiz_partly_right_is_incorrect_naming_what_was_missed(kind, library, db):
    partly = ANSWERS[kind][2]
    result = quiz(db, "--kind", kind, input=f"{partly}\n")
    assert result.exit_code == 0
    assert "✗ incorrect" in result.stdout
    missed = {"ting": "Missed: 柒", "chi": "Missed 1 (一二三 + 比 三四五): it is legal"}[kind]
    assert missed in " ".join(result.stdout.split())
    assert attempts(db) == [(f"t-{kind}", kind, {"ting": 1, "chi": 2}[kind], partly, 0)]


def test_quiz_every_kind_in_one_round(library, db):
    answers = [ANSWERS[k][0] for k in puzzles.QUESTION_KINDS]
    answers[1] = ANSWERS["discard"][1]  # one miss
    result = quiz(db, input="\n".join(answers) + "\n")
    assert result.exit_code == 0
    out = result.stdout
    heads = [line for line in out.splitlines() if line.startswith("[")]
    assert [h.split(" · ")[-1] for h in heads] == [f"puzzle {pid}" for pid in IDS]  # easiest first
    assert [h.split()[0] for h in heads] == [f"[{i}/5]" for i in range(1, 6)]
    assert out.rstrip().endswith("5 answered, 4 correct.")
    assert [(r[0], r[4]) for r in attempts(db)] == [(pid, int(pid != "t-discard")) for pid in IDS]


@pytest.mark.parametrize("stop", ["q", "quit", "退出"])
def test_quiz_quit_midway_keeps_the_answers_given(stop, library, db):
    result = quiz(db, input=f"肆柒\n{stop}\n五\n")
    assert result.exit_code == 0
    out = result.stdout
    assert "[2/5]" in out and "[3/5]" not in out
    assert out.rstrip().endswith("1 answered, 1 correct (stopped early; every answer so far is saved).")
    assert attempts(db) == [("t-ting", "ting", 1, "肆柒", 1)]


def test_quiz_end_of_input_midway_keeps_the_answers_given(library, db):
    result = quiz(db, input="肆柒\n四\n")  # two answers, then the input ends
    assert result.exit_code == 0
    assert result.stdout.rstrip().endswith("2 answered, 1 correct (stopped early; every answer so far is saved).")
    assert [(r[0], r[4]) for r in attempts(db)] == [("t-ting", 1), ("t-discard", 0)]
    result = quiz(db, "--kind", "huxi", input="")  # nothing typed at all
    assert result.exit_code == 0 and "0 answered, 0 correct (stopped early" in result.stdout
    assert len(attempts(db)) == 2


def test_quiz_blank_lines_are_asked_again(library, db):
    result = quiz(db, "--puzzle", "t-huxi", input="\n   \n18\n")
    assert result.exit_code == 0 and "✓ correct" in result.stdout
    assert attempts(db) == [("t-huxi", "huxi", 2, "18", 1)]


def test_quiz_in_chinese(library, db):
    result = quiz(db, "--puzzle", "t-chou", input="不能\n", lang="zh")
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith("[1/1] 臭张 · 难度 3 · 题库 t-chou")
    assert "能吃三吗？" in out and "答案> " in out and "✓ 正确" in out
    assert "要点: 三过过吃，是臭张。" in out
    assert out.rstrip().endswith("答了 1 题，答对 1 题。")
    assert attempts(db) == [("t-chou", "chou", 3, "no", 1)]


def test_quiz_filters_by_level_and_tag(library, db):
    result = quiz(db, "--level", "2", input="18\n1 3\n")
    heads = [line for line in result.stdout.splitlines() if line.startswith("[")]
    assert [h.split(" · ")[-1] for h in heads] == ["puzzle t-huxi", "puzzle t-chi"]
    result = quiz(db, "--tag", "臭张", "--count", "1", input="no\n")
    assert "[1/1] chou" in result.stdout
    assert [r[0] for r in attempts(db)] == ["t-huxi", "t-chi", "t-chou"]


def test_quiz_missed_puzzle_comes_first_when_it_is_due_again(library, db):
    quiz(db, "--puzzle", "t-chou", input="yes\n")  # a miss: box 1, due in ten minutes
    result = quiz(db, "--count", "1", input="q\n")
    assert "puzzle t-ting" in result.stdout.splitlines()[0]  # not due yet: new puzzles first
    with closing(sqlite3.connect(db)) as conn, conn:  # eleven minutes pass
        conn.execute("UPDATE reviews SET due = due - 660, last = last - 660")
    result = quiz(db, "--count", "1", input="no\n")
    assert "puzzle t-chou" in result.stdout.splitlines()[0]
    assert reviews(db)["puzzle:t-chou"] == 2


@pytest.mark.parametrize("args,message", [
    (["--puzzle", "nope"], "no puzzle has id 'nope'"),
    (["--kind", "ting", "--level", "3"], "no puzzle matches --kind ting --level 3"),
    (["--puzzle", "t-ting", "--kind", "chi"], "puzzle t-ting does not match --kind chi"),
])
def test_quiz_nothing_to_ask_is_one_line_exit_2(args, message, library, db):
    result = quiz(db, *args, input="")
    one_line_error(result, message)
    assert result.stdout == ""


def test_quiz_malformed_library_is_one_line_exit_2(tmp_path, monkeypatch, db):
    lib = write_library(tmp_path / "bad", {"ting.toml": LIBRARY["ting.toml"] + LIBRARY["ting.toml"]})
    monkeypatch.setattr(puzzles, "library_dir", lambda: lib)
    one_line_error(quiz(db, input="q\n"), "duplicate puzzle id(s): t-ting")


def test_quiz_random_drills_replay_by_seed(db):
    first = quiz(db, "--random", "--seed", "7", "--count", "2", input="q\n")
    again = quiz(db, "--random", "--seed", "7", "--count", "2", input="q\n")
    assert first.exit_code == again.exit_code == 0
    assert first.stdout == again.stdout and "[1/2]" in first.stdout
    head = first.stdout.splitlines()[0]
    seed = head.split(" · drill ")[-1]
    replay = quiz(db, "--puzzle", f"drill:{seed}", input="q\n")
    assert replay.stdout.splitlines()[1:3] == first.stdout.splitlines()[1:3]  # the same hand
    assert attempts(db) == []


def test_quiz_default_db_under_phz_home(library, tmp_path):
    home = tmp_path / "home"
    result = phz("quiz", "--puzzle", "t-ting", "--lang", "en", input="肆柒\n", env={"PHZ_HOME": str(home)})
    assert result.exit_code == 0
    assert attempts(home / "progress.db") == [("t-ting", "ting", 1, "肆柒", 1)]
    stats = json.loads(phz("stats", "--json", env={"PHZ_HOME": str(home)}).stdout)
    assert (stats["attempts"], stats["correct"]) == (1, 1)


# --- phz stats ---------------------------------------------------------------------------

def test_stats_after_some_attempts(library, db):
    quiz(db, input="肆柒\n四\n18\n2\nno\n")  # ting right, discard wrong, huxi right, chi wrong, chou right
    result = phz("stats", "--db", str(db), "--json")
    assert result.exit_code == 0
    s = json.loads(result.stdout)
    assert list(s) == ["attempts", "correct", "streak", "due", "mean_seconds", "optimal", "by_kind", "by_level",
                       "by_tag", "rules", "by_rules"]
    assert (s["rules"], s["by_rules"]) == (None, {"hunan": {"attempts": 5, "correct": 3, "due": 0}})
    assert (s["attempts"], s["correct"], s["streak"], s["due"]) == (5, 3, 1, 0)
    assert s["optimal"] == {"attempts": 1, "correct": 0}  # the discard question: a choice, not the best one
    times = [v.pop("mean_seconds") for v in s["by_kind"].values()]  # answered at once here: about 0 s
    assert all(isinstance(t, float) and 0 <= t < 60 for t in times + [s["mean_seconds"]])
    assert s["by_kind"] == {"chi": {"attempts": 1, "correct": 0}, "chou": {"attempts": 1, "correct": 1},
                            "discard": {"attempts": 1, "correct": 0}, "huxi": {"attempts": 1, "correct": 1},
                            "ting": {"attempts": 1, "correct": 1}}
    assert s["by_level"] == {"1": {"attempts": 2, "correct": 1}, "2": {"attempts": 2, "correct": 1},
                             "3": {"attempts": 1, "correct": 1}}
    assert s["by_tag"]["烧比"] == {"attempts": 1, "correct": 0} and len(s["by_tag"]) == 5

    text = phz("stats", "--db", str(db), "--lang", "en")
    assert text.exit_code == 0
    lines = text.stdout.splitlines()
    assert lines[0] == "5 attempts, 3 correct (60%); current streak 1; 0 due for review"
    assert lines[1].startswith("mean answer time ") and lines[1].endswith(
        " s; optimal choices 0 of 1 (0%, discard and game questions)")
    assert ["ruleset", "attempts", "correct", "rate", "due"] == lines[3].split()
    assert ["hunan", "5", "3", "60%", "0"] == lines[5].split()
    assert ["kind", "attempts", "correct", "rate", "mean", "time"] == lines[7].split()
    assert ["chi", "1", "0", "0%"] == [line.split() for line in lines if line.startswith("chi ")][0][:4]
    assert ["2", "2", "1", "50%"] in [line.split() for line in lines]
    assert ["烧比", "1", "0", "0%"] in [line.split() for line in lines]
    zh = phz("stats", "--db", str(db), "--lang", "zh").stdout.splitlines()
    assert zh[0] == "答题 5 次，答对 3 次（60%）；当前连对 1 题；待复习 0 题"
    assert zh[1].startswith("平均每题用时 ") and zh[1].endswith("秒；最优选择 1 次中 0 次（0%，打牌题和对局题）")
    assert zh[3].split() == ["规则", "答题", "答对", "正确率", "待复习"]
    assert zh[7].split() == ["题型", "答题", "答对", "正确率", "平均用时"]


def test_stats_streak_grows_and_breaks(library, db):
    quiz(db, "--puzzle", "t-ting", input="一\n")
    for pid, right in (("t-huxi", "18"), ("t-chou", "no")):
        quiz(db, "--puzzle", pid, input=f"{right}\n")
    assert json.loads(phz("stats", "--db", str(db), "--json").stdout)["streak"] == 2
    quiz(db, "--puzzle", "t-chi", input="1\n")
    s = json.loads(phz("stats", "--db", str(db), "--json").stdout)
    assert (s["attempts"], s["correct"], s["streak"]) == (4, 2, 0)


def test_stats_of_a_missing_db_is_empty_and_creates_nothing(db):
    result = phz("stats", "--db", str(db), "--lang", "en")
    assert result.exit_code == 0
    assert result.stdout.strip() == "0 attempts, 0 correct (—); current streak 0; 0 due for review"
    s = json.loads(phz("stats", "--db", str(db), "--json").stdout)
    assert s == {"attempts": 0, "correct": 0, "streak": 0, "due": 0, "mean_seconds": None,
                 "optimal": {"attempts": 0, "correct": 0}, "by_kind": {}, "by_level": {}, "by_tag": {},
                 "rules": None, "by_rules": {}}
    assert not db.exists()


# --- a corrupt --db ----------------------------------------------------------------------

def _foreign_sqlite(path: Path) -> None:
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute("CREATE TABLE notes (x)")


@pytest.mark.parametrize("make,message", [
    (lambda p: p.write_text("not a database\n", encoding="utf-8"), "is not a phz progress file (not an SQLite"),
    (lambda p: p.write_bytes(b"SQLite format 3\x00" + b"\xff" * 200), "is damaged"),
    (_foreign_sqlite, "is an SQLite database of another program"),
])
@pytest.mark.parametrize("command", ["quiz", "stats", "stats --json"])
def test_corrupt_db_is_a_clean_error_exit_2(make, message, command, library, db):
    make(db)
    before = db.read_bytes() if db.is_file() else None
    result = phz(*command.split(), "--db", str(db), input="肆柒\n")
    one_line_error(result, message)
    assert str(db) in result.stderr
    assert result.stdout == ""  # no question asked, no JSON
    if before is not None:
        assert db.read_bytes() == before  # never reset or overwritten


@pytest.mark.parametrize("command", ["quiz", "stats"])
def test_db_that_is_a_directory_is_a_usage_error(command, tmp_path):
    result = phz(command, "--db", str(tmp_path), input="q\n")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "is a directory" in result.stderr and result.stdout == ""


def test_quiz_count_defaults_to_ten_puzzles(tmp_path, monkeypatch, db):
    """`phz quiz --help` says 10 by default: puzzles as well as drills."""
    one = LIBRARY["ting.toml"]
    lib = write_library(tmp_path / "many", {"ting.toml": "".join(one.replace("t-ting", f"t-{i}") for i in range(12))})
    monkeypatch.setattr(puzzles, "library_dir", lambda: lib)
    assert quiz(db, input="q\n").stdout.startswith("[1/10] ting")
    assert quiz(db, "--count", "12", input="q\n").stdout.startswith("[1/12] ting")
    assert quiz(db, "--count", "20", input="q\n").stdout.startswith("[1/12] ting")  # fewer match
    assert "default: 10" in phz("quiz", "--help").stdout


def _readme_trainer_session() -> list[tuple[list[str], str, str]]:
    """(args, stdin, shown output) of README.md's `$ printf '...' | PHZ_HOME=$D phz ...` and
    `$ PHZ_HOME=$D phz ...` examples, in order (the README test of test_cli.py skips them)."""
    import shlex

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    session = []
    for block in re.findall(r"```console\n(.*?)```", readme, flags=re.S):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, output = chunk.partition("\n")
            piped = re.fullmatch(r"printf '([^']*)' \| PHZ_HOME=\$D phz (.*)", command)
            plain = re.fullmatch(r"PHZ_HOME=\$D phz (.*)", command)
            if piped:
                session.append((shlex.split(piped.group(2)), piped.group(1).replace("\\n", "\n"), output))
            elif plain:
                session.append((shlex.split(plain.group(1)), "", output))
    return session


def test_readme_quiz_and_stats_transcript_is_real(tmp_path):
    """The README's quiz round and the stats after it, replayed in a fresh PHZ_HOME (the mean answer
    time is the machine's: a busy one takes a tenth of a second to answer from a pipe)."""
    def timeless(text: str) -> str:
        return re.sub(r"\b\d+\.\d s\b", "T s", text.rstrip("\n"))  # every time stats shows

    session = _readme_trainer_session()
    assert [args[0] for args, _, _ in session] == ["quiz", "stats"]
    assert "answer time 0.0 s" in session[-1][2]
    for args, stdin, shown in session:
        result = phz(*args, input=stdin, env={"PHZ_HOME": str(tmp_path), "NO_COLOR": "1"})
        assert result.exit_code == 0, result.output
        assert timeless(result.output) == timeless(shown)


def test_quiz_seed_without_random_is_a_usage_error(tmp_path):
    result = phz("quiz", "--seed", "7", "--db", str(tmp_path / "p.db"))
    assert result.exit_code == 2 and "--seed goes with --random" in result.stderr


def test_quiz_attempt_kept_by_a_process_that_exits_at_once(run_phz, tmp_path):
    """A drill on a hand that is not ready loads numba, so `phz` ends with an
    immediate exit (solver.app.entry): the graded attempt must already be in the
    progress file, and the answer fully written."""
    env = {"PHZ_HOME": str(tmp_path)}
    quiz = run_phz("quiz", "--puzzle", "drill:4253", "--lang", "en", input="二\n", env=env)
    assert quiz.returncode == 0, quiz.stderr
    assert "✗ incorrect" in quiz.stdout and "Best discard: 叁" in quiz.stdout
    # The table after the verdict and the session summary were flushed before the exit.
    assert "(the discarded tile counts as seen)" in quiz.stdout
    assert quiz.stdout.rstrip().endswith("1 answered, 0 correct.")
    stats = run_phz("stats", "--json", env=env)
    assert stats.returncode == 0, stats.stderr
    kinds = json.loads(stats.stdout)["by_kind"]
    assert list(kinds) == ["discard"] and kinds["discard"]["attempts"] == 1 and kinds["discard"]["correct"] == 0


def test_cli_question_kinds_are_the_library_kinds():
    from solver.trainer import question
    from solver.vocabulary import QUESTION_KINDS

    assert QUESTION_KINDS == puzzles.QUESTION_KINDS == question.QUESTION_KINDS


def test_quiz_and_puzzles_check_take_a_ruleset(library, db):
    assert phz("puzzles", "check", "--rules", "hunan").stdout.strip() == (
        "5 puzzles of ruleset hunan: every answer agrees with the solver")
    result = quiz(db, "--puzzle", "t-huxi", "--rules", "hunan", input="18\n")
    assert result.exit_code == 0 and "✓ correct" in result.stdout
    for args in (("puzzles", "check", "--rules", "nope"), ("quiz", "--db", str(db), "--rules", "nope"),
                 ("puzzles", "list", "--rules", "nope"), ("stats", "--db", str(db), "--rules", "nope")):
        result = phz(*args, input="")
        assert result.exit_code == 2 and "unknown ruleset 'nope'" in result.stderr, args


# --- rulesets: puzzles written for luzhou beside hunan's, progress kept per ruleset ---------------

#: a luzhou puzzle: 12 胡息 of hunan's counting, 15 under luzhou (二七十 is 6), which wins on 10
LUZHOU_PUZZLE = '''
[[puzzle]]
id = "z-ting"
kind = "ting"
rules = "luzhou"
level = 1
hand = "一二三 壹贰叁 二七十 四五六 肆伍陆 捌玖拾 七八"
answer = "三六九"
note_en = "七八 and 15 胡息 in luzhou: 二七十 is worth 6."
note_zh = "泸州二七十6胡，七八共15胡息。"
'''
#: a house ruleset of these tests alone (a file, given by its path)
HOUSE_FILE = '''schema = 1
base = "hunan"
name = "house-cli"
[score]
min_huxi = 12
deng_base = 12
'''


@pytest.fixture
def two_rulesets(tmp_path, monkeypatch) -> Path:
    """Our five hunan puzzles and one luzhou puzzle in place of the shipped library."""
    lib = write_library(tmp_path / "lib2", {**LIBRARY, "luzhou.toml": LUZHOU_PUZZLE})
    monkeypatch.setattr(puzzles, "library_dir", lambda: lib)
    return lib


def test_puzzles_list_and_check_show_and_filter_the_ruleset(two_rulesets, tmp_path):
    rows = [line.split() for line in _rows(phz("puzzles", "list"))]
    assert [(r[0], r[2]) for r in rows] == [(i, "hunan") for i in IDS] + [("z-ting", "luzhou")]
    only = phz("puzzles", "list", "--rules", "LUZHOU")  # a name in any case, or an alias
    assert [line.split()[:3] for line in _rows(only)] == [["z-ting", "ting", "luzhou"]]
    assert only.stdout.splitlines()[-1] == "1 puzzles"
    assert [i["id"] for i in json.loads(phz("puzzles", "list", "--rules", "泸州", "--json").stdout)] == ["z-ting"]
    assert [i["rules"] for i in json.loads(phz("puzzles", "list", "--json").stdout)] == ["hunan"] * 5 + ["luzhou"]
    assert phz("puzzles", "check").stdout.strip() == "6 puzzles: every answer agrees with the solver"
    assert phz("puzzles", "check", "--rules", "luzhou").stdout.strip() == (
        "1 puzzles of ruleset luzhou: every answer agrees with the solver")
    house = tmp_path / "house.toml"
    house.write_text(HOUSE_FILE, encoding="utf-8")
    result = phz("puzzles", "check", "--rules", str(house))
    assert result.exit_code == 1 and result.stderr.strip() == "Error: no puzzle is written for ruleset house-cli"


def test_puzzles_check_solves_each_puzzle_under_its_own_ruleset(two_rulesets):
    lib = two_rulesets
    text = (lib / "luzhou.toml").read_text(encoding="utf-8")
    (lib / "luzhou.toml").write_text(text.replace('rules = "luzhou"\n', ""), encoding="utf-8")  # now hunan's
    result = phz("puzzles", "check")
    assert result.exit_code == 1
    assert "puzzle z-ting: stored answer 三六九 but the solver gives " in result.stderr.splitlines()


def test_quiz_asks_the_puzzles_of_its_ruleset_and_keeps_progress_apart(two_rulesets, db):
    first = quiz(db, "--rules", "luzhou", input="三六九\n")
    assert first.exit_code == 0, first.output
    assert first.stdout.splitlines()[0] == "[1/1] ting · level 1 · puzzle z-ting · luzhou"
    assert "✓ correct" in first.stdout
    hunan = quiz(db, "--count", "1", input="肆柒\n")  # the default ruleset: hunan's puzzles only
    assert hunan.stdout.splitlines()[0] == "[1/1] ting · level 1 · puzzle t-ting"
    env_luzhou = phz("quiz", "--db", str(db), "--lang", "en", input="q\n", env={"PHZ_RULES": "luzhou"})
    assert "puzzle z-ting · luzhou" in env_luzhou.stdout.splitlines()[0]
    # One puzzle asked by id is asked under its own ruleset, whatever --rules says.
    by_id = quiz(db, "--puzzle", "z-ting", "--rules", "hunan", input="三六九\n")
    assert "✓ correct" in by_id.stdout
    with closing(sqlite3.connect(db)) as conn:
        stored = conn.execute("SELECT puzzle_id, rules, rules_digest, correct FROM attempts ORDER BY id").fetchall()
        boxes = conn.execute("SELECT rules, item, box FROM reviews ORDER BY rules, item").fetchall()
    from solver.model.rules import HUNAN, get_ruleset

    luzhou = get_ruleset("luzhou").digest
    assert stored == [("z-ting", "luzhou", luzhou, 1), ("t-ting", "hunan", HUNAN.digest, 1),
                      ("z-ting", "luzhou", luzhou, 1)]
    assert boxes == [("hunan", "puzzle:t-ting", 2), ("luzhou", "puzzle:z-ting", 3)]
    s = json.loads(phz("stats", "--db", str(db), "--json").stdout)
    assert s["by_rules"] == {"hunan": {"attempts": 1, "correct": 1, "due": 0},
                             "luzhou": {"attempts": 2, "correct": 2, "due": 0}}
    only = json.loads(phz("stats", "--db", str(db), "--json", "--rules", "luzhou").stdout)
    assert (only["rules"], only["attempts"], list(only["by_rules"]), only["by_kind"]["ting"]["correct"]) == (
        "luzhou", 2, ["luzhou"], 2)
    text = phz("stats", "--db", str(db), "--rules", "luzhou", "--lang", "en").stdout.splitlines()
    assert text[0] == "luzhou: 2 attempts, 2 correct (100%); current streak 2; 0 due for review"


def test_a_ruleset_with_no_puzzles_gets_drills(two_rulesets, db, tmp_path):
    house = tmp_path / "house.toml"
    house.write_text(HOUSE_FILE, encoding="utf-8")
    result = quiz(db, "--rules", str(house), input="q\n")
    assert result.exit_code == 2
    assert result.stderr.strip() == ("Error: no puzzle is written for ruleset house-cli (the library's are for "
                                     "hunan, luzhou); drills are made under any ruleset: add --random")
    drills = quiz(db, "--rules", str(house), "--random", "--seed", "3", "--count", "1", input="q\n")
    assert drills.exit_code == 0 and " · drill " in drills.stdout.splitlines()[0]
    assert drills.stdout.splitlines()[0].endswith(" · house-cli")


def test_luzhou_drills_from_the_command_line(db):
    first = quiz(db, "--random", "--seed", "7", "--count", "2", "--rules", "luzhou", input="q\n")
    assert first.exit_code == 0, first.output
    head = first.stdout.splitlines()[0]
    assert head.startswith("[1/2] ") and head.endswith(" · luzhou")
    seed = int(head.split(" · drill ")[1].split(" · ")[0])
    assert seed % 100 // 10 == 9  # the ruleset generator
    replay = quiz(db, "--puzzle", f"drill:{seed}", "--rules", "luzhou", input="q\n")
    assert replay.stdout.splitlines()[:3] == [head.replace("[1/2]", "[1/1]")] + first.stdout.splitlines()[1:3]
    refused = quiz(db, "--puzzle", "drill:4213", "--rules", "luzhou", input="q\n")
    assert refused.exit_code == 2 and "drill 4213 is made of 偎, 跑 and 提 melds" in refused.stderr
    answered = quiz(db, "--puzzle", f"drill:{seed}", "--rules", "luzhou", input="一\n0\n")
    assert answered.exit_code == 0
    with closing(sqlite3.connect(db)) as conn:
        assert conn.execute("SELECT drill_seed, rules FROM attempts").fetchall() == [(seed, "luzhou")]
        assert conn.execute("SELECT rules, item FROM reviews").fetchall() == [("luzhou", f"drill:{seed}")]
