"""The trainer (question, grading, teach, session, selection): grading every kind, explanations, the quiz loop driven by
scripted input (right, wrong, partly right, bad notation, every way to stop) with the
progress database checked after, question selection, and a quiz process killed mid-way."""
from __future__ import annotations

import dataclasses
import io
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from question_facts import fact

from solver import api, puzzles
from solver.model.notation import parse_hand
from solver.model.rules import HUNAN
from solver.model.tiles import GLYPH_TO_ID, GLYPHS, glyphs
from solver.puzzles import Puzzle
from solver.text.words import MOVE_ZH
from solver.trainer import asking, library
from solver.trainer.asking import explanation, grade, right_answer
from solver.trainer.grading import AnswerError
from solver.trainer.progress import Store
from solver.trainer.question import Question, QuizError
from solver.trainer.selection import select_questions
from solver.trainer.session import line_reader, quiz_command, run_quiz

ROOT = Path(__file__).resolve().parent.parent

EX1 = "一二三 壹贰叁 贰柒拾 二七十 四五六 七八九 伍陆"  # RULES.md example 1: waits 肆 柒
EX2 = "一二三 壹贰叁 贰柒拾 四五六 八九十 七七七 伍伍"  # example 2: waits 五 七 伍
EX3 = "一二三 壹贰叁 贰柒拾 七八九 五五五 陆柒捌 四六"  # example 3: 五 from another player, 破跑胡 18
SEED000 = "一二三四五 六七八 九九玖 肆伍陆 柒捌玖 拾拾壹"  # 一二三四五: eat 三 with 比


def T(text: str) -> int:
    return GLYPH_TO_ID[text]


def puzzle(pid: str, kind: str, hand: str, answer, *, level: int = 1, tags=(), **context) -> Puzzle:
    """A library puzzle with its answer worked out by hand (RULES.md), in the library's stored form;
    ``test_the_test_puzzles_answers_are_the_solvers`` checks each against the solver."""
    if kind == "chi":
        answer = tuple({"chi": chi, "bi": tuple(bi)} for chi, *bi in answer)
    return Puzzle(id=pid, kind=kind, level=level, tags=tuple(tags), hand=hand, answer=answer,
                  note_en=f"note of {pid} ({hand[0]})", note_zh=f"{pid}的要点（{hand[0]}）", **context)


TING = puzzle("ting-1", "ting", EX1, "肆柒", tags=["两头"])
TING3 = puzzle("ting-3", "ting", EX2, "五七伍", level=2, tags=["other-only wait"])
DISCARD = puzzle("discard-1", "discard", EX1 + " 五", "五")  # 7 outs; 四 leaves 6
DISCARD_TIE = puzzle("discard-2", "discard", EX2 + " 一", "一六", level=2)  # 一 and 六 tie on 6 outs; 七七七 is a 坎
HUXI = puzzle("huxi-1", "huxi", EX3, 18, level=3, tags=["破跑胡"], tile="五", source="other")
CHI = puzzle("chi-1", "chi", SEED000, [("一二三", "三四五"), ("三四五", "一二三")], level=2, tags=["烧比"], tile="三",
             from_="upper-discard")  # 二三四 would strand the second 三: 烧比
CHOU = puzzle("chou-1", "chou", SEED000, False, tags=["臭张"], tile="三", from_="upper-discard", action="chi",
              chou="三")
CHOU_PENG = puzzle("chou-2", "chou", SEED000, True, level=3, tile="三", from_="upper-discard", action="chi",
                   passed_peng="三")  # a passed 碰 does not make 三 臭 for 吃
LIBRARY = [TING, TING3, DISCARD, DISCARD_TIE, HUXI, CHI, CHOU, CHOU_PENG]
EX4 = "肆伍陆 捌玖 拾拾 | 偎:壹壹壹 吃:贰叁肆 提:八八八八 偎:十十十"  # RULES.md example 4: 柒 from another player, 18
HUXI4 = puzzle("huxi-4", "huxi", EX4, 18, tile="柒", source="other")
CHI_LOWER = puzzle("chi-2", "chi", SEED000, [], level=3, tile="三", from_="lower-discard")  # 隔山: none is legal
CHI_ONE = puzzle("chi-3", "chi", "一二三四五八九十 壹贰贰叁肆伍陆柒捌玖拾拾", [("四五六",)], tile="六",
                 from_="upper-discard")


def test_the_test_puzzles_answers_are_the_solvers():
    assert library.check(HUNAN, LIBRARY + [HUXI4, CHI_LOWER, CHI_ONE]) == []


def Q(p: Puzzle) -> Question:
    return asking.from_puzzle(p, HUNAN)


class Script:
    """input_fn from lines; an exception instance in the list is raised; EOFError when exhausted."""

    def __init__(self, *lines):
        self.lines = list(lines)
        self.prompts = 0

    def __call__(self, prompt: str) -> str:
        self.prompts += 1
        if not self.lines:
            raise EOFError
        item = self.lines.pop(0)
        if isinstance(item, BaseException):
            raise item
        return item


class Clock:
    """A fake POSIX clock that moves 5 seconds at every reading."""

    def __init__(self, start: float = 1_700_000_000.0):
        self.t = start - 5

    def __call__(self) -> float:
        self.t += 5
        return self.t


def quiz(questions, *lines, store=None, lang="en", clock=None, **kw):
    out: list[str] = []
    summary = run_quiz(questions, input_fn=Script(*lines), output_fn=out.append, lang=lang, store=store,
                       clock=clock or Clock(), **kw)
    return summary, "\n".join(out)


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "progress.db") as s:
        yield s


def rows(path: Path) -> list[tuple]:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT puzzle_id, drill_seed, kind, answer, correct FROM attempts ORDER BY id").fetchall()


# --- grading ------------------------------------------------------------------

@pytest.mark.parametrize("answer", ["肆柒", "柒肆", "4d7d", "肆 柒", "肆,柒", "肆、柒", "肆肆柒"])
def test_ting_right_in_any_notation_and_order(answer):
    g = grade(Q(TING), answer)
    assert g.correct and g.answer == {T("肆"), T("柒")} and g.text == "肆柒"


def test_ting_half_the_waits_is_incorrect_with_the_missed_listed():
    g = grade(Q(TING3), "五")  # waits 五 七 伍
    assert not g.correct and g.missed == (T("七"), T("伍")) and g.extra == ()
    text = "\n".join(explanation(Q(TING3), g, "en"))
    assert "Missed: 七, 伍" in text and "提胡" in text and "碰胡" in text


def test_ting_extra_tile_is_incorrect_and_says_why_it_does_not_win():
    g = grade(Q(TING), "肆柒一")
    assert not g.correct and g.missed == () and g.extra == (T("一"),)
    text = "\n".join(explanation(Q(TING), g, "en"))
    assert "Not waits: 一" in text and "一 wins from neither source" in text


@pytest.mark.parametrize("bad", ["", "   ", "4", "肆|柒", "x", "肆 ok"])
def test_ting_bad_notation_raises_answer_error(bad):
    with pytest.raises(AnswerError):
        grade(Q(TING), bad)


def test_ting_none_is_an_answer():
    g = grade(Q(TING), "none")
    assert not g.correct and g.answer == frozenset() and g.missed == (T("肆"), T("柒")) and g.text == "none"


def test_discard_best_and_tied_best_are_both_right():
    assert grade(Q(DISCARD), "五").correct
    assert grade(Q(DISCARD_TIE), "一").correct and grade(Q(DISCARD_TIE), "六").correct
    assert grade(Q(DISCARD_TIE), "1x").expected == (T("一"), T("六"))


def test_discard_wrong_says_how_many_outs_were_given_up():
    q = Q(DISCARD)
    g = grade(q, "四")
    assert not g.correct
    text = "\n".join(explanation(q, g, "en"))
    assert "Discarding 四 leaves 6 outs" in text and "1 fewer than 五" in text
    assert "Best discard: 五, 7 winning outs" in text
    zh = "\n".join(explanation(q, g, "zh"))
    assert "打四只有6张能胡" in zh and "少1张" in zh


def test_discard_of_a_kan_tile_is_graded_incorrect_with_the_lock_explained():
    q = Q(DISCARD_TIE)
    g = grade(q, "七")
    assert not g.correct
    assert "坎 七七七, and 坎 tiles cannot be discarded" in "\n".join(explanation(q, g, "en"))


@pytest.mark.parametrize("bad", ["肆柒", "捌", "五x"])  # two tiles; a tile not in hand; bad ASCII
def test_discard_unreadable_or_impossible_answers_are_asked_again(bad):
    with pytest.raises(AnswerError):
        grade(Q(DISCARD), bad)


def test_huxi_right_and_wrong():
    q = Q(HUXI)
    assert grade(q, "18").correct and grade(q, "18 胡息").correct and grade(q, "１８").correct
    g = grade(q, "15")
    assert not g.correct and g.expected == 18
    text = "\n".join(explanation(q, g, "en"))
    assert "You said 15: 3 short" in text and "破跑胡" in text and "坎 五五五 stays whole" in text
    assert "total" in text and "note: note of huxi-1" in text


def test_huxi_forgetting_the_melds_is_pointed_out():
    # RULES.md example 4: the melds hold most of the 胡息.
    p = HUXI4
    q = Q(p)
    melds = 6 + 0 + 9 + 3
    g = grade(q, str(p.answer - melds))
    assert not g.correct and f"the melds' {melds} 胡息 count too" in "\n".join(explanation(q, g, "en"))


@pytest.mark.parametrize("bad", ["many", "-3", "18.5"])
def test_huxi_bad_numbers(bad):
    with pytest.raises(AnswerError):
        grade(Q(HUXI), bad)


def test_chi_menu_is_the_sorted_candidates_and_graded_by_number():
    q = Q(CHI)
    assert [(c.chi, c.bi, c.reason) for c in fact(q, "menu")] == [
        ((0, 1, 2), ((2, 3, 4),), None), ((1, 2, 3), (), "shaobi"), ((2, 3, 4), ((0, 1, 2),), None)]
    for answer in ("1 3", "3,1", "1，3", "3 1 1"):
        assert grade(q, answer).correct
    g = grade(q, "1")
    assert not g.correct and g.missed == (3,) and g.extra == ()
    g = grade(q, "1 2 3")
    assert not g.correct and g.missed == () and g.extra == (2,)
    text = "\n".join(explanation(q, g, "en"))
    assert "2 (二三四) is not legal" in text and "烧比" in text
    g = grade(q, "0")
    assert not g.correct and g.missed == (1, 3) and g.text == "0"


@pytest.mark.parametrize("bad", ["4", "0 1", "one", "", "-1"])
def test_chi_numbers_off_the_menu_are_asked_again(bad):
    with pytest.raises(AnswerError):
        grade(Q(CHI), bad)


def test_chi_from_the_lower_player_has_no_legal_way():
    q = Q(CHI_LOWER)
    assert len(fact(q, "menu")) == 3 and grade(q, "0").correct and grade(q, "无").correct
    g = grade(q, "1 3")
    assert "不吃隔山牌" in "\n".join(explanation(q, g, "en"))


@pytest.mark.parametrize("answer,value", [("no", False), ("N", False), ("不能", False), ("否", False),
                                          ("yes", True), ("y", True), ("能", True), ("是", True)])
def test_chou_yes_no_words(answer, value):
    g = grade(Q(CHOU), answer)
    assert g.answer is value and g.correct is (not value)  # 三 is 臭: the answer is no


def test_chou_passed_peng_does_not_block_chi():
    q = Q(CHOU_PENG)
    assert grade(q, "yes").correct
    g = grade(q, "no")
    text = "\n".join(explanation(q, g, "en"))
    assert "Yes: you may 吃 三 now" in text and "passing a 碰 of 三 makes it 臭 for 碰 only" in text
    with pytest.raises(AnswerError):
        grade(q, "maybe")


def stored_right_answers(q: Question, p: Puzzle) -> list[str]:
    """Every right answer to ``q`` as typed, from the answer stored in puzzle ``p`` (not from the solution)."""
    if p.kind == "ting":
        return [p.answer or "none"]
    if p.kind == "discard":
        return list(p.answer)  # each best discard
    if p.kind == "chi":
        ways = [{"chi": glyphs(c.chi), "bi": tuple(glyphs(b) for b in c.bi)} for c in fact(q, "menu")]
        return [" ".join(str(ways.index(w) + 1) for w in p.answer) or "0"]
    if p.kind == "chou":
        return ["yes" if p.answer else "no"]
    return [str(p.answer)]


def test_every_kind_explains_in_both_languages_with_the_note():
    for p in LIBRARY:
        q = Q(p)
        assert right_answer(q) in stored_right_answers(q, p), p.id
        g = grade(q, right_answer(q))
        assert g.correct, p.id
        en, zh = "\n".join(explanation(q, g, "en")), "\n".join(explanation(q, g, "zh"))
        assert f"note: note of {p.id}" in en and f"要点: {p.id}的要点" in zh
        if p.tags:
            assert "tags: " + ", ".join(p.tags) in en


# --- the loop ------------------------------------------------------------------

def test_loop_every_kind_right_wrong_and_bad_notation_recorded(store):
    qs = [Q(p) for p in (TING3, DISCARD, HUXI, CHI, CHOU)]
    summary, out = quiz(qs,
                        "五",  # ting: half the waits -> incorrect
                        "bad!", "五",  # discard: bad notation asked again, then right
                        "18",  # huxi: right
                        "1 2", "1 3",  # chi: wrong (烧比 picked, 3 missed) -- only the first counts
                        "是",  # chou: wrong (三 is 臭)
                        store=store)
    assert summary.stopped == "finished" and summary.answered == 5 and summary.correct == 2
    assert out.count("✓ correct") == 2 and out.count("✗ incorrect") == 3
    assert "Cannot read that" in out and "Try again (q to stop)." in out
    assert "5 answered, 2 correct." in out
    attempts = store.attempts()
    assert [(a["puzzle_id"], a["answer"], a["correct"]) for a in attempts] == [
        ("ting-3", "五", False), ("discard-1", "五", True), ("huxi-1", "18", True), ("chi-1", "1 2", False),
        ("chou-1", "yes", False)]
    assert all(a["seconds"] > 0 and a["at"] > 1_600_000_000 for a in attempts)
    assert attempts[0]["tags"] == ["other-only wait"] and attempts[2]["level"] == 3


def test_loop_shows_hand_melds_context_and_question_but_not_tags_before_answering():
    q = Q(dataclasses.replace(HUXI4, tags=("secret",)))
    out: list[str] = []
    run_quiz([q], input_fn=Script("q"), output_fn=out.append, lang="en")
    assert out[0] == "[1/1] huxi · level 1 · puzzle huxi-4"
    assert out[1] == "hand: 肆伍陆捌玖拾拾  (7 tiles)"
    assert out[2] == "melds: 偎:壹壹壹  吃:贰叁肆  提:八八八八  偎:十十十"
    assert "how many 胡息" in out[3] and not any("secret" in line for line in out)


def test_loop_in_chinese():
    summary, out = quiz([Q(TING), Q(CHOU)], "肆柒", "不能", lang="zh")
    assert summary.correct == 2 and out.count("✓ 正确") == 2
    assert "你听哪些牌" in out and "现在能吃三吗" in out and "答了 2 题，答对 2 题。" in out


def test_loop_colour_paints_red_tiles_only_when_on():
    _, plain = quiz([Q(TING)], "q")
    _, coloured = quiz([Q(TING)], "q", colour=True)
    assert "\x1b[" not in plain and "\x1b[31m二\x1b[0m" in coloured


@pytest.mark.parametrize("stop,how", [("q", "quit"), ("退出", "quit"), ("", "eof"), (None, "eof"),
                                      (EOFError(), "eof"), (KeyboardInterrupt(), "interrupt")])
def test_loop_stops_midway_keeping_every_answer(store, stop, how):
    qs = [Q(p) for p in (TING, DISCARD, HUXI, CHI)]
    lines = ["肆柒", "四", "bad"] + ([] if stop is None else [stop, "18", "1 3"])  # None: the script runs out
    summary, out = quiz(qs, *lines, store=store)
    assert summary.stopped == how and summary.answered == 2 and summary.asked == 3
    assert [(a["puzzle_id"], a["correct"]) for a in store.attempts()] == [("ting-1", True), ("discard-1", False)]
    assert "stopped early; every answer so far is saved" in out
    assert "✓ correct" in out and "huxi" in out  # the third question was shown, never graded


def test_interrupt_while_explaining_keeps_the_attempt(store):
    out: list[str] = []

    def write(line: str) -> None:
        if line.startswith("Best discard"):
            raise KeyboardInterrupt
        out.append(line)

    summary = run_quiz([Q(DISCARD), Q(HUXI)], input_fn=Script("五", "18"), output_fn=write, store=store,
                       clock=Clock())
    assert summary.stopped == "interrupt" and summary.answered == 1
    assert [a["puzzle_id"] for a in store.attempts()] == ["discard-1"]


def test_blank_lines_are_asked_again_and_seconds_cover_retries(store):
    clock = Clock()
    summary, _ = quiz([Q(HUXI)], "\n", "  ", "x", "18\n", store=store, clock=clock)
    assert summary.correct == 1
    (a,) = store.attempts()
    assert a["seconds"] == 10.0  # a reading at the question, one at each answer read (x, 18): two steps


def test_line_reader_echoes_piped_answers_and_ends_at_eof():
    out = io.StringIO()
    read = line_reader(io.StringIO("肆柒\n\n"), out)
    assert read("answer> ") == "肆柒\n" and read("answer> ") == "\n" and read("answer> ") == ""
    assert out.getvalue() == "answer> 肆柒\nanswer> \nanswer> "


def test_line_reader_drives_the_loop_to_the_end_of_a_pipe(store):
    out = io.StringIO()
    summary = run_quiz([Q(TING), Q(HUXI), Q(CHI)], input_fn=line_reader(io.StringIO("肆柒\n\n18\n"), out),
                       output_fn=lambda s: out.write(s + "\n"), store=store, clock=Clock())
    assert summary.stopped == "eof" and summary.answered == 2 and len(store.attempts()) == 2


# --- choosing questions -----------------------------------------------------------

def test_select_unknown_id_and_nothing_matching_are_clear_errors():
    with pytest.raises(QuizError, match="no puzzle has id 'nope'"):
        select_questions(LIBRARY, rules=HUNAN, puzzle_id="nope")
    with pytest.raises(QuizError, match="no puzzle matches --kind chi --level 3"):
        select_questions(LIBRARY, rules=HUNAN, kind="chi", level=3)
    with pytest.raises(QuizError, match="unknown kind"):
        select_questions(LIBRARY, rules=HUNAN, kind="pong")
    with pytest.raises(QuizError, match="does not match --kind ting"):
        select_questions(LIBRARY, rules=HUNAN, puzzle_id="chi-1", kind="ting")
    with pytest.raises(QuizError, match="empty"):
        select_questions([], rules=HUNAN)


def test_select_by_id_kind_level_tag_and_count():
    assert [q.puzzle_id for q in select_questions(LIBRARY, rules=HUNAN, puzzle_id="huxi-1")] == ["huxi-1"]
    assert [q.puzzle_id for q in select_questions(LIBRARY, rules=HUNAN, kind="chou")] == ["chou-1", "chou-2"]
    assert [q.puzzle_id for q in select_questions(LIBRARY, rules=HUNAN, level=2)] == ["ting-3", "discard-2", "chi-1"]
    assert [q.puzzle_id for q in select_questions(LIBRARY, rules=HUNAN, tag="烧比")] == ["chi-1"]
    assert len(select_questions(LIBRARY, rules=HUNAN, count=3)) == 3


def test_select_serves_due_reviews_first_then_new_puzzles_easiest_first(store):
    t0 = 1_700_000_000.0
    store.record(rules=HUNAN, puzzle_id="huxi-1", kind="huxi", level=3, tags=[], answer="15", correct=False, seconds=3, at=t0)
    store.record(rules=HUNAN, puzzle_id="ting-1", kind="ting", level=1, tags=[], answer="肆柒", correct=True, seconds=3, at=t0)
    store.record(rules=HUNAN, seed=4203, kind="ting", level=3, tags=[], answer="七", correct=False, seconds=3, at=t0 + 1)
    soon = t0 + 3600  # both misses are due, the right answer is not
    chosen = select_questions(LIBRARY, rules=HUNAN, store=store, now=soon, count=20)
    keys = [q.key for q in chosen]
    assert keys[:2] == ["puzzle:huxi-1", "drill:4203"]
    assert keys[-1] == "puzzle:ting-1"  # answered right: last, not yet due
    new = [q for q in chosen[2:-1]]
    assert [q.level for q in new] == sorted(q.level for q in new)
    # With a filter, due puzzles of that kind still come first; drills do not.
    huxi = select_questions(LIBRARY, rules=HUNAN, kind="huxi", store=store, now=soon)
    assert [q.key for q in huxi] == ["puzzle:huxi-1"]
    ting = select_questions(LIBRARY, rules=HUNAN, kind="ting", store=store, now=soon)
    assert "drill:4203" not in [q.key for q in ting]
    # Before the miss is due, it waits its turn behind the new puzzles.
    early = [q.key for q in select_questions(LIBRARY, rules=HUNAN, store=store, now=t0 + 60, count=20)]
    assert early[0] != "puzzle:huxi-1" and early.index("puzzle:huxi-1") < early.index("puzzle:ting-1")


def test_select_random_drills_reproducible_by_seed():
    a = select_questions([], rules=HUNAN, random_drills=True, seed=7, count=4, kind="chi", level=2)
    b = select_questions([], rules=HUNAN, random_drills=True, seed=7, count=4, kind="chi", level=2)
    assert [q.seed for q in a] == [q.seed for q in b] and all(q.kind == "chi" and q.level == 2 for q in a)


# --- the whole command --------------------------------------------------------------

def toml_library(directory: Path, ps) -> Path:
    """The puzzles as TOML files, one per kind, as the library stores them."""
    directory.mkdir(parents=True, exist_ok=True)
    by_kind: dict[str, list[str]] = {}
    for p in ps:
        if p.kind == "chi":
            answer = "[" + ", ".join('{chi = "%s", bi = [%s]}' % (w["chi"], ", ".join(f'"{b}"' for b in w["bi"]))
                                     for w in p.answer) + "]"
        else:
            answer = {bool: lambda v: str(v).lower(), int: str}.get(type(p.answer), lambda v: f'"{v}"')(p.answer)
        fields = [f'id = "{p.id}"', f'kind = "{p.kind}"', f"level = {p.level}",
                  "tags = [" + ", ".join(f'"{t}"' for t in p.tags) + "]", f'hand = "{p.hand}"']
        for key, value in (("tile", p.tile), ("source", p.source), ("from", p.from_), ("action", p.action),
                           ("chou", p.chou), ("passed_peng", p.passed_peng)):
            if value:
                fields.append(f'{key} = "{value}"')
        fields += [f"answer = {answer}", f'note_en = "{p.note_en}"', f'note_zh = "{p.note_zh}"']
        by_kind.setdefault(p.kind, []).append("[[puzzle]]\n" + "\n".join(fields) + "\n")
    for kind, entries in by_kind.items():
        (directory / f"{kind}.toml").write_text("\n".join(entries), encoding="utf-8")
    return directory


def test_quiz_command_end_to_end(tmp_path):
    lib = toml_library(tmp_path / "lib", LIBRARY)
    assert library.check(HUNAN, puzzles.load(lib)) == []
    db = tmp_path / "p.db"
    out: list[str] = []
    summary = quiz_command(rules=HUNAN, kind="ting", db=str(db), lang="en", input_fn=Script("肆柒", "五"),
                           output_fn=out.append, puzzles_dir=lib, clock=Clock())
    assert summary.answered == 2 and summary.correct == 1
    assert rows(db) == [("ting-1", None, "ting", "肆柒", 1), ("ting-3", None, "ting", "五", 0)]
    # The miss is due ten minutes later, and comes first.
    out.clear()
    later = Clock(1_700_000_000.0 + 3600)
    quiz_command(rules=HUNAN, db=str(db), lang="en", count=1, input_fn=Script("q"), output_fn=out.append,
                 puzzles_dir=lib, clock=later)
    assert out[0] == "[1/1] ting · level 2 · puzzle ting-3 · review: missed last time"
    with pytest.raises(QuizError):
        quiz_command(rules=HUNAN, puzzle_id="nope", db=str(db), puzzles_dir=lib, input_fn=Script(),
                     output_fn=out.append)


# --- a quiz process killed mid-way ---------------------------------------------------

def test_killed_quiz_process_keeps_every_answered_attempt(tmp_path):
    lib = toml_library(tmp_path / "lib", LIBRARY)
    db = tmp_path / "killed.db"
    code = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        from solver.model.rules import HUNAN
        from solver.trainer.session import quiz_command
        quiz_command(rules=HUNAN, db={str(db)!r}, puzzles_dir={str(lib)!r}, lang="en", count=6)
    """)
    env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, cwd=tmp_path)
    try:
        seen = b""

        def wait_for(marker: bytes, n: int) -> None:
            nonlocal seen
            deadline = time.monotonic() + 60
            while seen.count(marker) < n:
                assert time.monotonic() < deadline, seen.decode("utf-8", "replace")
                chunk = os.read(proc.stdout.fileno(), 65536)
                assert chunk, f"quiz ended early: {proc.stderr.read().decode()}"
                seen += chunk

        # New puzzles come easiest first, the kinds taking turns: ting-1, then discard-1 (level 1).
        for n, answer in ((1, "肆柒"), (2, "四")):
            wait_for(b"answer> ", n)
            proc.stdin.write(answer.encode() + b"\n")
            proc.stdin.flush()
            wait_for("correct\n".encode(), n)  # the verdict of answer n (✓ correct, ✗ incorrect), after its commit
        wait_for(b"answer> ", 3)  # the third question waits for an answer
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.stdin.close()
        proc.stdout.close()
        proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL
    assert rows(db) == [("ting-1", None, "ting", "肆柒", 1), ("discard-1", None, "discard", "四", 0)]


# --- the shipped library --------------------------------------------------------------

def test_every_library_puzzle_is_a_question_graded_and_explained():
    """Each puzzle shipped in puzzles/*.toml: its stored answer is what the quiz expects and is
    graded correct, and a wrong one is explained in both languages, naming what the stored answer says;
    each asked under the ruleset it is written for."""
    for p in puzzles.load():
        q = asking.from_puzzle(p)
        assert q.rules.name == p.rules, p.id
        assert all(grade(q, answer).correct for answer in stored_right_answers(q, p)), p.id
        assert right_answer(q) in stored_right_answers(q, p), p.id
        if p.kind == "ting":
            assert asking.solution(q).expected == {GLYPH_TO_ID[c] for c in p.answer}, p.id
        elif p.kind == "discard":
            assert set(asking.solution(q).expected) == {GLYPH_TO_ID[c] for c in p.answer}, p.id
        elif p.kind == "chi":
            legal = [(c.chi, c.bi) for i, c in enumerate(fact(q, "menu"), 1) if i in asking.solution(q).expected]
            assert [{"chi": glyphs(chi), "bi": tuple(glyphs(b) for b in bi)} for chi, bi in legal] == list(p.answer), p.id
        elif p.kind in ("huxi", "chou"):
            assert asking.solution(q).expected == p.answer, p.id
        wrong_answer_is_explained(q, p)


def wrong_answer_is_explained(q: Question, p: Puzzle) -> None:
    """A wrong answer to ``q`` is graded incorrect, and the first lines of both explanations say
    what the answer stored in ``p`` says (a hand puzzle's answer, checked against the solver)."""
    held = parse_hand(p.hand, q.rules).concealed
    X = p.tile or ""
    if p.kind == "discard":  # a tile held, not in a 坎, and not a best discard
        wrong = next(GLYPHS[t] for t in range(20) if 0 < held[t] < 3 and GLYPHS[t] not in p.answer)
    else:
        wrong = {"ting": "none" if p.answer else "一", "huxi": "0", "chi": "0",
                 "chou": "no" if p.answer else "yes"}[p.kind]
    g = grade(q, wrong)
    assert g.correct == (p.kind == "chi" and not p.answer), p.id  # "0" is right when nothing is legal
    en, zh = explanation(q, g, "en"), explanation(q, g, "zh")
    if p.kind == "ting" and not p.answer:
        assert en[0] == "The hand is not ready: no tile wins for it" and "Not waits: 一" in en, p.id
        assert zh[0] == "这手牌不听牌：没有能胡的牌", p.id
    elif p.kind == "ting":
        assert f"Missed: {', '.join(p.answer)}" in en and f"漏了: {'、'.join(p.answer)}" in zh, p.id
    elif p.kind == "discard":
        # The best discards (tied ones in rank order) are the only tiles the first line names.
        assert en[0].startswith("Best discard") and {c for c in en[0] if c in GLYPHS} == set(p.answer), en[0]
        head = zh[0].split("：")[0].replace("都一样好", "")  # 最好打五 / 打四、七、十都一样好
        assert {c for c in head if c in GLYPHS} == set(p.answer), zh[0]
    elif p.kind == "huxi":
        assert f"You said 0: {p.answer} short" in en and f"你答0，少了{p.answer}胡息" in zh, p.id
    elif p.kind == "chi" and not p.answer:
        assert en[0] == f"No legal way to eat {X} (answer 0)" and zh[0] == f"{X}没有合法的吃法（答 0）", p.id
    elif p.kind == "chi":
        for i in map(int, stored_right_answers(q, p)[0].split()):
            assert any(line.startswith(f"Missed {i} (") for line in en), (p.id, i)
            assert any(line.startswith(f"漏了 {i}（") for line in zh), (p.id, i)
    else:
        move = MOVE_ZH[p.action]
        assert en[0] == (f"Yes: you may {move} {X} now" if p.answer else f"No: you may not {move} {X} now"), p.id
        assert zh[0] == f"{'能' if p.answer else '不能'}{move}{X}", p.id


def test_menu_of_one_way_says_so():
    q = Q(CHI_ONE)
    assert len(fact(q, "menu")) == 1
    with pytest.raises(AnswerError, match="the one way is numbered 1"):
        grade(q, "2")
    _, out = quiz([q], "1")
    assert "ways to eat:\n  1. 四五六" in out and "✓ correct" in out


def test_a_drill_is_replayed_by_its_seed():
    (q,) = select_questions([], rules=HUNAN, puzzle_id="drill:4213")
    assert (q.seed, q.kind, q.level) == (4213, "discard", 3)
    assert select_questions([], rules=HUNAN, puzzle_id="drill 4213")[0].hand == q.hand
    with pytest.raises(QuizError, match="is a discard drill of level 3"):
        select_questions([], rules=HUNAN, puzzle_id="drill:4213", kind="ting")
    with pytest.raises(QuizError, match="not a drill seed"):
        select_questions([], rules=HUNAN, puzzle_id="drill:4299")
    (far,) = select_questions([], rules=HUNAN, puzzle_id="drill:4253")  # a distance drill is a discard question
    assert (far.seed, far.kind, far.level) == (4253, "discard", 3)
    with pytest.raises(QuizError, match="is a discard drill of level 3"):
        select_questions([], rules=HUNAN, puzzle_id="drill:4253", level=1)


def test_distance_drill_piped_wrong_then_right_is_graded_and_recorded(store):
    (q,) = select_questions([], rules=HUNAN, puzzle_id="drill:353")
    assert q.kind == "discard" and {"进张", "dead 进张"} <= set(q.tags)
    best, table = api.discard_choice(q.hand, seen=q.seen)  # the solver's answer, computed here
    rows_ = table.rows
    top = rows_[0]
    # The distance-first trap: a discard with more live 进张 that leaves the hand farther from ready.
    farther = max(rows_, key=lambda r: r.improving_live)
    assert farther.distance > top.distance and farther.tile not in best
    wrong, right = glyphs([farther.tile]), GLYPHS[best[0]]
    dead = next(t for t in q.seen)  # every copy is seen: not in the hand, asked again
    out = io.StringIO()
    summary = run_quiz([q, q], input_fn=line_reader(io.StringIO(f"{wrong}\n{dead}\n{right}\n"), out),
                       output_fn=lambda s: out.write(s + "\n"), store=store, clock=Clock())
    assert summary.answered == 2 and summary.correct == 1 and summary.stopped == "finished"
    text = out.getvalue()
    assert text.count("No discard leaves the hand ready: which one leaves it nearest?") == 2
    assert "✗ incorrect" in text and "✓ correct" in text
    assert f"Discarding {wrong} leaves the hand {farther.distance} away" in text
    assert "the distance comes first" in text
    assert f"Cannot read that: {dead} is not among your concealed tiles" in text
    assert [(a["drill_seed"], a["kind"], a["level"], a["answer"], a["correct"]) for a in store.attempts()] == [
        (353, "discard", 3, wrong, False), (353, "discard", 3, right, True)]
    zh = "\n".join(explanation(q, grade(q, wrong), "zh"))
    assert "但先比距离" in zh and "没有一张能打成听牌" in "\n".join(asking.lines(q, "zh"))


def test_curated_far_discard_puzzle_piped_kan_tile_wrong_and_right(store):
    """discard-036: no discard leaves the hand ready; the 坎 六六六 is locked, 四 is one of the
    seven-draw discards, and 五 keeps the most live improving draws (checked against the solver)."""
    (q,) = select_questions(puzzles.load(), rules=HUNAN, puzzle_id="discard-036")
    (p,) = [p for p in puzzles.load() if p.id == "discard-036"]
    best, table = api.discard_choice(p.hand, seen=p.seen)
    rows_ = {r.tile: r for r in table.rows}
    assert glyphs(best) == p.answer == "五"  # the stored answer, worked out by hand
    assert T("六") not in rows_ and rows_[T("四")].distance == rows_[best[0]].distance == 1
    fewer = rows_[best[0]].improving_live - rows_[T("四")].improving_live
    assert fewer > 0
    out = io.StringIO()
    summary = run_quiz([q, q, q], input_fn=line_reader(io.StringIO(f"六\n四\n{p.answer}\n"), out),
                       output_fn=lambda s: out.write(s + "\n"), store=store, clock=Clock())
    assert (summary.answered, summary.correct) == (3, 1)
    text = " ".join(out.getvalue().split())  # the lines as one text: a long one is wrapped at 80 columns
    assert "六 is in your 坎 六六六, and 坎 tiles cannot be discarded" in text
    assert f"Discarding 四 also leaves the hand 1 away, with {rows_[T('四')].improving_live} live improving draws: " \
           f"{fewer} fewer than {glyphs(best)}" in text
    assert text.count("note: By hand: 四五 is not two-sided here") == 3
    assert [(a["puzzle_id"], a["answer"], a["correct"]) for a in store.attempts()] == [
        ("discard-036", "六", False), ("discard-036", "四", False), ("discard-036", p.answer, True)]


def test_a_drill_is_replayed_under_the_ruleset_its_id_names():
    from solver.model.rules import get_ruleset
    from solver.trainer import drills

    luzhou = get_ruleset("luzhou")
    seed = drills.make_seed(42, "ting", 2, ruleset=True)
    (by_name,) = select_questions([], rules=HUNAN, puzzle_id=f"drill:luzhou:{seed}")
    (spaced,) = select_questions([], rules=HUNAN, puzzle_id=f"drill 泸州 {seed}")  # an alias, as --rules takes it
    (given,) = select_questions([], rules=luzhou, puzzle_id=f"drill:{seed}")
    assert by_name.rules is spaced.rules is given.rules is luzhou and by_name.hand == spaced.hand == given.hand
    (hunan,) = select_questions([], rules=HUNAN, puzzle_id=f"drill:{seed}")
    assert hunan.rules is HUNAN and hunan.hand != given.hand  # one seed, one question per ruleset
    with pytest.raises(QuizError, match="no ruleset is named 'nowhere'"):
        select_questions([], rules=HUNAN, puzzle_id=f"drill:nowhere:{seed}")


def test_reviews_come_due_per_ruleset(store):
    """A miss under one ruleset comes back under that ruleset only; a ruleset with no puzzle of its own
    still gets its due drills; the puzzles asked are the ruleset's."""
    from solver.model import ruleset_file
    from solver.model.rules import get_ruleset
    from solver.trainer import drills

    luzhou = get_ruleset("luzhou")
    house = ruleset_file.loads('''schema = 1
base = "hunan"
name = "house-quiz"
[score]
min_huxi = 12
deng_base = 12
''', "house-quiz.toml")
    t0 = 1_700_000_000.0
    ours = drills.make_seed(3, "ting", 1, ruleset=True)
    z_ting = dataclasses.replace(TING, id="z-ting", rules="luzhou")
    for rules, seed in ((HUNAN, 4203), (luzhou, ours), (house, 4203)):
        store.record(rules=rules, seed=seed, kind="ting", level=1, tags=[], answer="一", correct=False, seconds=1,
                     at=t0)
    store.record(rules=luzhou, puzzle_id="ting-1", kind="ting", level=1, tags=[], answer="一", correct=False,
                 seconds=1, at=t0)
    soon = t0 + 3600
    lib = LIBRARY + [z_ting]
    hunan = [q.key for q in select_questions(lib, rules=HUNAN, store=store, now=soon, count=20)]
    assert hunan[0] == "drill:4203" and f"drill:{ours}" not in hunan and "puzzle:z-ting" not in hunan
    assert hunan.index("puzzle:ting-1") > 0  # never tried under hunan: among the new ones, not a due review
    zhou = select_questions(lib, rules=luzhou, store=store, now=soon, count=20)
    assert [q.key for q in zhou] == [f"drill:{ours}", "puzzle:z-ting"]  # ting-1 is hunan's: not asked
    assert all(q.rules is luzhou for q in zhou)
    mine = select_questions(lib, rules=house, store=store, now=soon)
    assert [(q.key, q.rules.name) for q in mine] == [("drill:4203", "house-quiz")]
    with pytest.raises(QuizError, match="no puzzle is written for ruleset house-quiz"):
        select_questions(lib, rules=house, store=store, now=t0)  # nothing due yet
