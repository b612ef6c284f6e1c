"""The curated puzzle library (puzzles/*.toml): sound (every stored answer is the
solver's, each under the ruleset the puzzle is written for), big enough, covering
every kind, level and known tag, with enough answers worked out by hand; and
puzzles.load / solver.trainer.library.check catching what they must, on small
libraries written to tmp_path."""
from __future__ import annotations

import dataclasses
import json
from collections import Counter

import pytest

from solver import puzzles
from solver.model import ruleset_file
from solver.model.rules import DEFAULT_RULESET, HUNAN, get_ruleset
from solver.model.tiles import GLYPHS
from solver.puzzles import KNOWN_TAGS, LEVELS, QUESTION_KINDS, PuzzleError
from solver.trainer import asking, library

LIBRARY = puzzles.load()
#: the puzzles written for hunan (the library's first 150; their files are named by kind)
HUNAN_LIBRARY = [p for p in LIBRARY if p.rules == "hunan"]


def check(lib=None) -> list[str]:
    """``library.check``: each puzzle under its own ruleset."""
    return library.check(None, lib)


# ---------------------------------------------------------------- the library

def test_library_is_sound():
    assert check(LIBRARY) == []
    assert check() == []  # the same, loading the shipped files itself
    assert library.check(HUNAN, HUNAN_LIBRARY) == []  # hunan's, under the hunan ruleset given


@pytest.mark.parametrize("p", LIBRARY, ids=lambda p: p.id)
def test_stored_answer_is_the_solvers(p):
    assert library.answer(p) == p.answer  # under the ruleset the puzzle is written for
    assert asking.from_puzzle(p).rules is library.rules_of(p) is get_ruleset(p.rules)


def test_the_loader_knows_every_shipped_ruleset_and_only_those():
    assert puzzles.RULESETS == ruleset_file.shipped()
    assert puzzles.DEFAULT_RULES == DEFAULT_RULESET
    assert {p.rules for p in LIBRARY} <= set(puzzles.RULESETS)
    assert len(HUNAN_LIBRARY) >= 150  # the puzzles that name no ruleset are hunan's


def test_library_size_and_kinds():
    assert len(HUNAN_LIBRARY) >= 150
    per_kind = Counter(p.kind for p in HUNAN_LIBRARY)
    assert set(per_kind) == set(QUESTION_KINDS)
    assert all(per_kind[k] >= 25 for k in QUESTION_KINDS), per_kind


def test_every_level_in_every_kind():
    have = {(p.kind, p.level) for p in HUNAN_LIBRARY}
    assert have == {(k, lv) for k in QUESTION_KINDS for lv in LEVELS}


def test_every_known_tag_is_covered():
    tags = {t for p in HUNAN_LIBRARY for t in p.tags}
    assert [t for t in KNOWN_TAGS if t not in tags] == []


def test_enough_answers_worked_out_by_hand():
    by_hand = [p for p in HUNAN_LIBRARY if p.by_hand]
    assert len(by_hand) >= 30
    # the hand working is written down in both notes
    assert all(p.note_en.startswith("By hand") and p.note_zh.startswith("手算") for p in by_hand)


def test_discard_puzzles_on_hands_that_are_not_ready():
    """Curated 进张 puzzles: no discard leaves the hand ready; best at distance 1 and 2, every level,
    with and without melds; each note names a best discard and its count of live improving draws."""
    from solver import api
    from solver.model.notation import parse_hand
    from solver.model.tiles import GLYPHS

    far = []
    for p in HUNAN_LIBRARY:
        if p.kind == "discard":
            best, table = api.discard_choice(p.hand, seen=p.seen)
            if getattr(table.rows[0], "distance", 0):
                far.append((p, best, table))
    assert len(far) >= 12
    assert {table.rows[0].distance for _, _, table in far} == {1, 2}
    assert {p.level for p, _, _ in far} == set(LEVELS)
    melds = [bool(parse_hand(p.hand).melds) for p, _, _ in far]
    assert any(melds) and not all(melds)
    assert any(p.seen for p, _, _ in far)
    for p, best, table in far:
        top = table.rows[0]
        assert "进张" in p.tags and not any(r.waits for r in table.rows), p.id
        assert set(p.answer) == {GLYPHS[t] for t in best}, p.id
        # The note states the count the answer rests on, in the words the notes use.
        assert f"{top.improving_live} live 进张" in p.note_en, p.id
        for note in (p.note_en, p.note_zh):
            assert str(top.improving_live) in note and any(GLYPHS[t] in note for t in best), p.id


def test_ids_files_and_notes():
    ids = [p.id for p in LIBRARY]
    assert len(ids) == len(set(ids))
    # hunan's puzzles are in one file per kind; another ruleset's in the file named after it
    assert all(p.id.startswith(p.kind + "-") and p.file == f"{p.kind}.toml" for p in HUNAN_LIBRARY)
    assert all(p.file == f"{p.rules}.toml" for p in LIBRARY if p.rules != "hunan")
    notes = [n for p in LIBRARY for n in (p.note_en, p.note_zh)]
    assert len(notes) == len(set(notes))


def test_context_fields_fit_each_kind():
    for p in LIBRARY:
        assert (p.tile is not None) == (p.kind in ("huxi", "chi", "chou")), p.id
        assert (p.source is not None) == (p.kind == "huxi"), p.id
        assert (p.from_ is not None) == (p.kind in ("chi", "chou")), p.id
        assert (p.action is not None) == (p.kind == "chou"), p.id


# ---------------------------------------------------------------- small libraries in tmp_path

TING = {"id": "t-1", "kind": "ting", "level": 1, "tags": ["两头"],
        "hand": "一二三 壹贰叁 贰柒拾 七八九 肆伍陆 捌玖拾 四五", "answer": "三六",
        "note_en": "四五 waits on 三 and 六.", "note_zh": "四五等三、六。"}
HUXI = {"id": "h-1", "kind": "huxi", "level": 1, "hand": "一二三 壹贰叁 贰柒拾 七八九 肆伍陆 捌玖拾 四五",
        "tile": "六", "source": "other", "answer": 15,
        "note_en": "六 makes 四五六: 15 胡息.", "note_zh": "六成四五六，15胡息。"}
CHI = {"id": "c-1", "kind": "chi", "level": 1, "hand": "四五 一二三 壹贰叁 贰柒拾 肆伍陆 八九十 捌玖拾",
       "tile": "六", "from": "upper-discard", "answer": [{"chi": "四五六", "bi": []}],
       "note_en": "四五 eats 六.", "note_zh": "四五吃六。"}
CHOU = {"id": "k-1", "kind": "chou", "level": 1, "hand": "四五 一二三 壹贰叁 贰柒拾 肆伍陆 八九十 捌玖拾",
        "tile": "六", "from": "upper-discard", "action": "chi", "chou": "六", "answer": False,
        "note_en": "六 is 臭.", "note_zh": "六已臭。"}


def _value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k} = {_value(x)}" for k, x in v.items()) + "}"
    return "[" + ", ".join(_value(x) for x in v) + "]"


def write(directory, name: str, *entries: dict) -> None:
    text = "".join("[[puzzle]]\n" + "".join(f"{k} = {_value(v)}\n" for k, v in e.items()) + "\n"
                   for e in entries)
    (directory / name).write_text(text, encoding="utf-8")


def test_a_small_sound_library(tmp_path):
    write(tmp_path, "ting.toml", TING)
    write(tmp_path, "huxi.toml", HUXI)
    write(tmp_path, "chi.toml", CHI)
    write(tmp_path, "chou.toml", CHOU)
    lib = puzzles.load(tmp_path)
    assert [p.id for p in lib] == ["t-1", "h-1", "c-1", "k-1"]  # QUESTION_KINDS order of the files
    assert check(lib) == []


@pytest.mark.parametrize("entry, wrong", [
    (TING, "三六九"), (HUXI, 18), (CHI, [{"chi": "四五六", "bi": ["六陆陆"]}]), (CHOU, True)])
def test_check_catches_a_wrong_answer(tmp_path, entry, wrong):
    write(tmp_path, f"{entry['kind']}.toml", dict(entry, answer=wrong))
    problems = check(puzzles.load(tmp_path))
    assert len(problems) == 1
    assert problems[0].startswith(f"puzzle {entry['id']}: stored answer") and "solver gives" in problems[0]


def test_check_catches_a_huxi_puzzle_that_does_not_win(tmp_path):
    write(tmp_path, "huxi.toml", dict(HUXI, tile="五"))
    problems = check(puzzles.load(tmp_path))
    assert len(problems) == 1 and "does not win" in problems[0]


def test_check_catches_an_invalid_hand(tmp_path):
    write(tmp_path, "ting.toml", dict(TING, hand=TING["hand"] + " 九"))  # 21 tiles at rest
    problems = check(puzzles.load(tmp_path))
    assert len(problems) == 1 and "21 concealed tiles" in problems[0]


def _without(entry: dict, key: str) -> dict:
    return {k: v for k, v in entry.items() if k != key}


@pytest.mark.parametrize("entry, words", [
    (_without(TING, "answer"), "missing field 'answer'"),
    (_without(TING, "note_zh"), "missing field 'note_zh'"),
    (_without(HUXI, "source"), "a huxi puzzle needs source"),
    (_without(CHOU, "action"), "a chou puzzle needs action"),
    (dict(TING, kind="riddle"), "kind 'riddle' is not one of"),
    (dict(TING, level=4), "level must be 1, 2 or 3"),
    (dict(TING, answer=["三", "六"]), "the answer of a ting puzzle is a str"),
    (dict(HUXI, answer="15"), "the answer of a huxi puzzle is a int"),
    (dict(CHOU, answer=1), "the answer of a chou puzzle is a bool"),
    (dict(CHI, answer=["四五六"]), "a chi answer is a list of {chi, bi} tables"),
    (dict(TING, tile="三"), "a ting puzzle takes no tile"),
    (dict(HUXI, **{"from": "upper-discard"}), "a huxi puzzle takes no from"),
    (dict(CHI, action="chi"), "a chi puzzle takes no action"),
    (dict(TING, hint="look at 四五"), "unknown field(s) hint"),
    (dict(HUXI, source="mine"), "source must be self, other or discard"),
    (dict(TING, rules="nowhere"), "rules 'nowhere' is not a ruleset: use one of hunan, luzhou, luzhou-deng"),
    (dict(TING, rules="泸州"), "rules '泸州' is not a ruleset"),  # an alias is not the name
    (dict(TING, rules="LUZHOU"), "rules 'LUZHOU' is not a ruleset"),
    (dict(CHOU, action="pao"), "action must be chi or peng"),
    (dict(TING, note_en="  "), "note_en is empty"),
])
def test_a_malformed_entry_is_refused(tmp_path, monkeypatch, entry, words):
    write(tmp_path, "ting.toml", entry)
    with pytest.raises(PuzzleError) as err:
        puzzles.load(tmp_path)
    assert words in str(err.value) and f"puzzle {entry['id']}" in str(err.value)
    # check() reports a library that does not load as its one problem
    monkeypatch.setattr(puzzles, "library_dir", lambda: tmp_path)
    assert check() == [str(err.value)]


def test_invalid_toml_is_refused(tmp_path):
    (tmp_path / "ting.toml").write_text("[[puzzle]]\nid = \n", encoding="utf-8")
    with pytest.raises(PuzzleError, match="ting.toml: not valid TOML"):
        puzzles.load(tmp_path)


def test_a_duplicate_id_is_refused(tmp_path, monkeypatch):
    write(tmp_path, "ting.toml", TING)
    write(tmp_path, "huxi.toml", dict(HUXI, id=TING["id"]))
    with pytest.raises(PuzzleError, match="duplicate puzzle id"):
        puzzles.load(tmp_path)
    monkeypatch.setattr(puzzles, "library_dir", lambda: tmp_path)
    assert check() == [f"duplicate puzzle id(s): {TING['id']}"]


def test_check_catches_two_identical_notes(tmp_path):
    other = dict(CHI, id="c-2", note_en=TING["note_en"], note_zh="四五吃上家的六。")
    write(tmp_path, "ting.toml", TING)
    write(tmp_path, "chi.toml", CHI, other)
    problems = check(puzzles.load(tmp_path))
    assert problems == ["puzzle c-2: its teaching note is the same as puzzle t-1's"]


def test_check_catches_a_note_that_names_no_tile(tmp_path):
    write(tmp_path, "ting.toml", dict(TING, note_en="An open-ended wait on two tiles."))
    problems = check(puzzles.load(tmp_path))
    assert problems == ["puzzle t-1: a teaching note names none of the puzzle's tiles"]


def test_check_catches_bad_seen_tiles(tmp_path):
    write(tmp_path, "ting.toml", dict(TING, seen="三x"))
    problems = check(puzzles.load(tmp_path))
    assert len(problems) == 1 and problems[0].startswith("puzzle t-1:")


#: a ruleset of this test alone, registered nowhere: 12 胡息 win, and a 碰 is worth more
HOUSE = ruleset_file.loads("""
schema = 1
base = "hunan"
name = "house-test"
[score]
min_huxi = 12
deng_base = 12
[huxi]
peng = { small = 2, big = 4 }
""", "house-test.toml")
TING12 = dict(TING, id="t-12", hand="一二三 壹贰叁 二七十 四五六 肆伍陆 捌玖拾 七八", answer="",  # 12 胡息
              note_en="七八 with 12 胡息.", note_zh="七八，12胡息。")
HUXI_PENG = dict(HUXI, id="h-peng", hand="一二三 壹贰叁 贰柒拾 七八九 肆伍陆 四五 | 碰:捌捌捌", answer=18,
                 note_en="六 makes 四五六 beside the 碰 捌捌捌.", note_zh="六成四五六，另有碰捌捌捌。")


def test_check_and_questions_follow_the_ruleset_given(tmp_path):
    """The stored answers are hunan's: under another ruleset ``check`` recomputes them with that one
    (the reference's answers under it), and a question of the puzzle is graded by it."""
    from solver.engine import reference
    from solver.model.notation import parse_hand, parse_tile
    from solver.trainer.asking import grade

    write(tmp_path, "ting.toml", TING12)
    write(tmp_path, "huxi.toml", HUXI_PENG)
    ting, huxi = puzzles.load(tmp_path)
    waits = {rules.name: "".join(GLYPHS[w.tile] for w in reference.ting(parse_hand(ting.hand), rules).waits)
             for rules in (HUNAN, HOUSE)}
    points = {rules.name: reference.best_win(parse_hand(huxi.hand), parse_tile(huxi.tile), huxi.source, rules).huxi
              for rules in (HUNAN, HOUSE)}
    assert waits == {"hunan": "", "house-test": "三六九"} and points == {"hunan": 18, "house-test": 19}
    assert check([ting, huxi]) == []  # the stored answers are hunan's
    assert library.check(HOUSE, [ting, huxi]) == [
        "puzzle t-12: stored answer  but the solver gives 三六九",
        "puzzle h-peng: stored answer 18 but the solver gives 19"]
    for p, stored, house in ((ting, "none", "三六九"), (huxi, "18", "19")):
        q = asking.from_puzzle(p, HOUSE)
        assert grade(q, house).correct and not grade(q, stored).correct, p.id
        assert grade(asking.from_puzzle(p, HUNAN), stored).correct, p.id


def test_each_puzzle_is_checked_and_asked_under_its_own_ruleset(tmp_path):
    """One hand, two puzzles: hunan's (no rules field) and luzhou's (rules = "luzhou"): 12 胡息 win
    under luzhou only, where 二七十 is worth 6 and 10 胡息 are enough."""
    from solver.trainer.asking import grade

    hunan = dict(TING12, note_en="七八 with 12 胡息: short of 15.", note_zh="七八，只有12胡息，不到15。")
    luzhou = dict(TING12, id="t-12-luzhou", rules="luzhou", answer="三六九",
                  note_en="七八 with 15 胡息 in luzhou (二七十 is 6).", note_zh="泸州：二七十6胡，七八共15胡息。")
    write(tmp_path, "ting.toml", hunan)
    write(tmp_path, "luzhou.toml", luzhou)
    lib = puzzles.load(tmp_path)
    assert [(p.id, p.rules, p.file) for p in lib] == [("t-12", "hunan", "ting.toml"),
                                                      ("t-12-luzhou", "luzhou", "luzhou.toml")]
    assert check(lib) == []  # each under its own
    assert [library.answer(p) for p in lib] == ["", "三六九"]
    assert library.check(HUNAN, lib) == ["puzzle t-12-luzhou: stored answer 三六九 but the solver gives "]
    h, z = (asking.from_puzzle(p) for p in lib)
    assert (h.rules.name, z.rules.name) == ("hunan", "luzhou")
    assert grade(z, "三六九").correct and grade(h, "none").correct and not grade(h, "三六九").correct
    with pytest.raises(PuzzleError, match="rules 'luzhou' is not a ruleset: use one of hunan"):
        puzzles.load(tmp_path, rulesets=("hunan",))


# ---------------------------------------------------------------- as_json

JSON_KEYS = ["id", "kind", "level", "tags", "hand", "tile", "source", "from", "action", "seen",
             "chou", "passed_peng", "answer", "rules"]


def test_as_json_keys_and_nulls(tmp_path):
    write(tmp_path, "ting.toml", TING, dict(TING, id="t-2", seen="三三", note_en="三 is seen twice.",
                                            note_zh="三见过两张。"))
    write(tmp_path, "huxi.toml", HUXI)
    write(tmp_path, "chi.toml", CHI)
    write(tmp_path, "chou.toml", CHOU)
    got = {p.id: p.as_json() for p in puzzles.load(tmp_path)}
    assert all(list(j) == JSON_KEYS for j in got.values())
    assert got["t-1"] == {"id": "t-1", "kind": "ting", "level": 1, "tags": ["两头"], "hand": TING["hand"],
                          "tile": None, "source": None, "from": None, "action": None, "seen": None,
                          "chou": None, "passed_peng": None, "answer": "三六", "rules": "hunan"}
    assert got["t-2"]["seen"] == "三三"
    assert (got["h-1"]["tile"], got["h-1"]["source"], got["h-1"]["from"], got["h-1"]["answer"]) == ("六", "other",
                                                                                                  None, 15)
    assert (got["c-1"]["from"], got["c-1"]["action"]) == ("upper-discard", None)
    assert json.loads(json.dumps(got["c-1"]["answer"])) == [{"chi": "四五六", "bi": []}]
    assert (got["k-1"]["action"], got["k-1"]["chou"], got["k-1"]["passed_peng"], got["k-1"]["answer"]) == (
        "chi", "六", None, False)
    for j in got.values():  # plain JSON (lists, not tuples): the same after a round trip
        assert json.loads(json.dumps(j, ensure_ascii=False)) == j


def test_as_json_of_every_library_puzzle_is_what_its_file_says():
    """Each shipped puzzle's JSON, against its TOML entry read here with tomllib (not by the loader)."""
    import tomllib

    raw = {e["id"]: e for path in puzzles.library_dir().glob("*.toml")
           for e in tomllib.loads(path.read_text(encoding="utf-8"))["puzzle"]}
    assert sorted(raw) == sorted(p.id for p in LIBRARY)
    for p in LIBRARY:
        j = p.as_json()
        assert json.loads(json.dumps(j, ensure_ascii=False)) == j and list(j) == JSON_KEYS, p.id
        e = raw[p.id]
        assert {k: j[k] for k in ("id", "kind", "level", "hand", "answer")} == {
            k: e[k] for k in ("id", "kind", "level", "hand", "answer")}, p.id
        assert j["tags"] == e.get("tags", []), p.id
        assert j["rules"] == e.get("rules", "hunan"), p.id
        for key in ("tile", "source", "from", "action", "seen", "chou", "passed_peng"):
            assert j[key] == (e.get(key) or None), (p.id, key)


def test_check_reports_duplicate_ids_in_a_list():
    lib = puzzles.load()
    problems = check([lib[0], lib[0]])
    assert any("duplicate puzzle id" in line and lib[0].id in line for line in problems)


def test_note_with_melds_must_name_a_tile():
    withmelds = next(p for p in puzzles.load() if "|" in p.hand)
    blank = dataclasses.replace(withmelds, note_en="Think about the 跑 rule: a space | colon: here.",
                                note_zh="想一想跑的规则。")
    assert any("names none of the puzzle's tiles" in line for line in check([blank]))


def test_tags_and_kinds_read_in_chinese_and_a_quiz_takes_either_name(tmp_path):
    """``phz puzzles tags`` and ``list`` under --lang zh name every tag and kind in Chinese (``words.tag_in``,
    the kind's NAME_ZH), and ``phz quiz --tag`` takes a tag by the name those lists give it."""
    import re

    from click.testing import CliRunner

    from solver.app.commands import main

    def phz(*args, stdin=None):
        r = CliRunner().invoke(main, list(args), input=stdin, env={"NO_COLOR": "1"})
        assert r.exit_code == 0, r.output
        return r.stdout

    zh, en = phz("puzzles", "tags", "--lang", "zh"), phz("puzzles", "tags", "--lang", "en")
    assert "胡张数" in zh and "outs" in en and re.findall(r"[A-Za-z]+", zh) == []
    listing = phz("puzzles", "list", "--lang", "zh")
    listing = re.sub(r"\b[a-z]+-\d{3}\b|\b(hunan|luzhou-deng|luzhou)\b", "", listing)  # ids and rulesets stay
    assert re.findall(r"[A-Za-z]+", listing) == [] and "听牌" in listing
    wide = phz("--wide", "puzzles", "list", "--lang", "zh")
    assert wide.startswith("题号") and "胡张数" in wide
    for tag, name in [("outs", "胡张数"), ("1 away", "差一步"), ("坎 locked", "坎不能拆")]:
        by_tag = phz("quiz", "--tag", tag, "--count", "1", "--db", str(tmp_path / f"{tag}.db"), "--lang", "en", stdin="q\n")
        by_name = phz("quiz", "--tag", name, "--count", "1", "--db", str(tmp_path / f"{name}.db"), "--lang", "en",
                      stdin="q\n")
        assert by_tag.splitlines()[:2] == by_name.splitlines()[:2] and "puzzle" in by_tag
