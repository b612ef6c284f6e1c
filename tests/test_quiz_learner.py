"""The quiz as a learner meets it (issue 17, point 4): ✓ / ✗ verdicts in colours that are not the red of red
tiles, the learner's row and the best row marked, 等 and 番 in the tables, a note in words for every drill,
a pause between questions on a terminal only, the kinds taking turns on a fresh file, reviews labelled,
answer times and optimal choices in ``phz stats``, ``phz stats --reset``, and notes that cite only the
project's rule book.
"""
from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from question_facts import fact

from solver import puzzles
from solver.app import trainer_command
from solver.app.commands import main
from solver.model.notation import parse_hand, parse_tiles
from solver.model.rules import HUNAN, get_ruleset
from solver.model.tiles import GLYPHS
from solver.puzzles import Puzzle
from solver.text.table_view import width
from solver.trainer import asking, drills, progress
from solver.trainer.asking import drill_note, explanation, grade, right_answer
from solver.trainer.progress import Store
from solver.trainer.question import Question
from solver.trainer.selection import select_questions
from solver.trainer.session import quiz_command, run_quiz, verdict

LUZHOU = get_ruleset("luzhou")
EX1 = "一二三 壹贰叁 贰柒拾 二七十 四五六 七八九 伍陆"  # RULES.md example 1: waits 肆 柒
EX3 = "一二三 壹贰叁 贰柒拾 七八九 五五五 陆柒捌 四六"  # example 3: 五 from another player, 破跑胡 18
SEED000 = "一二三四五 六七八 九九玖 肆伍陆 柒捌玖 拾拾壹"  # eat 三 with 比
RED = "\x1b[31m"  # the red of red tiles (solver.text.render)
T0 = 1_700_000_000.0


def puzzle(pid: str, kind: str, hand: str, answer, **context) -> Puzzle:
    return Puzzle(id=pid, kind=kind, level=context.pop("level", 1), tags=tuple(context.pop("tags", ())), hand=hand,
                  answer=answer, note_en=f"note of {pid} ({hand[0]})", note_zh=f"{pid}的要点（{hand[0]}）", **context)


TING = puzzle("t1", "ting", EX1, "肆柒")
DISCARD = puzzle("d1", "discard", EX1 + " 五", "五")  # 7 outs; 四 leaves 6
HUXI = puzzle("h1", "huxi", EX3, 18, tile="五", source="other")
CHI = puzzle("c1", "chi", SEED000, ({"chi": "一二三", "bi": ("三四五",)}, {"chi": "三四五", "bi": ("一二三",)}),
             tile="三", from_="upper-discard")


def Q(p: Puzzle) -> Question:
    return asking.from_puzzle(p, HUNAN)


class Script:
    """input_fn from lines (EOFError when they run out), keeping the prompts it was asked with."""

    def __init__(self, *lines: str):
        self.lines, self.prompts = list(lines), []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


class Clock:
    """A POSIX clock that moves ``step`` seconds at every reading."""

    def __init__(self, step: float = 5.0, start: float = T0):
        self.t, self.step = start - step, step

    def __call__(self) -> float:
        self.t += self.step
        return self.t


def ask(questions, *lines: str, lang: str = "en", **kw) -> tuple:
    out: list[str] = []
    script = Script(*lines)
    summary = run_quiz(questions, input_fn=script, output_fn=out.append, lang=lang, clock=kw.pop("clock", Clock()),
                       **kw)
    return summary, out, script


def phz(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


# --- the verdict -------------------------------------------------------------------------------------

def test_verdict_is_a_symbol_and_a_word_never_asterisks_nor_the_red_of_red_tiles():
    assert [verdict(ok, lang) for ok in (True, False) for lang in ("en", "zh")] == [
        "✓ correct", "✓ 正确", "✗ incorrect", "✗ 错误"]
    for ok in (True, False):
        painted = verdict(ok, "en", colour=True)
        assert painted.startswith("\x1b[1;32m" if ok else "\x1b[1;33m") and RED not in painted
        assert "\x1b[1;31m" not in painted
    _, out, _ = ask([Q(TING), Q(DISCARD)], "肆柒", "四", colour=True)
    assert "\x1b[1;32m✓ correct\x1b[0m" in out and "\x1b[1;33m✗ incorrect\x1b[0m" in out
    assert not any("**" in line for line in out)


def test_colour_never_on_the_command_line_is_the_bare_symbols(tmp_path):
    db = str(tmp_path / "p.db")
    result = phz("--color", "never", "quiz", "--puzzle", "ting-001", "--db", db, "--lang", "en", input="三六\n")
    assert result.exit_code == 0 and "\n✓ correct\n" in result.stdout and "\x1b" not in result.stdout
    result = phz("quiz", "--color", "always", "--puzzle", "ting-001", "--db", db, "--lang", "en", input="三\n")
    assert "\x1b[1;33m✗ incorrect\x1b[0m" in result.stdout and f"{RED}二" in result.stdout  # tiles stay red


# --- the tables: the learner's row, the best row, 等 and 番 -------------------------------------------

def test_ting_table_shows_deng_and_fan_and_marks_the_waits_named_and_missed():
    q = Q(TING)
    lines = explanation(q, grade(q, "肆"), "en")
    header = next(line for line in lines if line.startswith("wait"))
    assert header.split() == ["wait", "outs", "from", "胡息", "等", "番", "score", "how"]
    row = {line.split()[0]: line for line in lines if line[:1] in ("肆", "柒")}
    assert row["肆"].endswith("← yours") and row["柒"].endswith("← missed")
    assert row["肆"].split()[2:8] == ["self", "18", "3", "1", "3", "顺胡"]  # 18 胡息: 2 等, 自摸 one more
    assert any(line.startswith("score = 等 × 番") and "RULES.md 5" in line for line in lines)
    zh = explanation(q, grade(q, "肆"), "zh")
    assert any(line.split()[:6] == ["听", "张数", "来源", "胡息", "等", "番"] for line in zh)
    assert any(line.endswith("← 你的") for line in zh) and any(line.endswith("← 漏了") for line in zh)


def test_discard_table_marks_the_best_row_and_the_learners():
    q = Q(DISCARD)
    rows = [line for line in explanation(q, grade(q, "四"), "en") if line[:1] in GLYPHS]
    marks = {line.split()[0]: line.split("←")[1].strip() for line in rows if "←" in line}
    assert marks == {"五": "best", "四": "yours"}
    right = explanation(q, grade(q, "五"), "zh")
    assert any(line.startswith("五") and line.endswith("← 最佳，你的") for line in right)


def test_distance_table_marks_the_best_row_and_the_learners():
    q = drills.drill(4253, HUNAN)  # no discard makes the hand ready
    best = asking.solution(q).expected
    other = next(r.tile for r in asking.solution(q).result.rows if r.tile not in best)
    lines = explanation(q, grade(q, GLYPHS[other]), "en")
    marked = {line.split()[0]: line.split("←")[1].strip() for line in lines if "←" in line}
    assert marked == {**{GLYPHS[t]: "best" for t in best}, GLYPHS[other]: "yours"}


def test_huxi_and_chi_mark_the_answer_given():
    q = Q(HUXI)
    total = next(line for line in explanation(q, grade(q, "15"), "en") if " total " in line)
    assert total.split()[:2] == ["total", "18"] and total.endswith("← best (you said 15)")
    assert "等" in explanation(q, grade(q, "18"), "en")[0] and "番" in explanation(q, grade(q, "18"), "en")[0]
    chi = Q(CHI)
    menu = [line for line in explanation(chi, grade(chi, "1 2"), "en") if re.match(r"  \d\. ", line)]
    chosen = [line.split(".")[0].strip() for line in menu if "← you chose it" in line]
    assert chosen == ["1", "2"] and len(menu) == len(fact(chi, "menu"))


# --- notes in words for every drill --------------------------------------------------------------------

NOTE_DRILLS = [(rules, drills.make_seed(base, g, lv, ruleset=ruleset))
               for rules, ruleset in ((HUNAN, False), (HUNAN, True), (LUZHOU, True))
               for g in drills.GENERATORS for lv in drills.LEVELS for base in range(3)]


def own_tiles(q: Question) -> set[str]:
    held = parse_hand(q.hand, q.rules).all_counts()
    return {GLYPHS[t] for t, n in enumerate(held) if n} | set(fact(q, "tile") or "") | {GLYPHS[t] for t in parse_tiles(q.seen)}


@pytest.mark.parametrize("rules,seed", NOTE_DRILLS, ids=[f"{r.name}-{s}" for r, s in NOTE_DRILLS])
def test_every_drill_explains_why_in_words_naming_its_tiles_in_both_languages(rules, seed):
    q = drills.drill(seed, rules)
    en, zh = drill_note(q, "en"), drill_note(q, "zh")
    for note in (en, zh):
        assert len(note) > 40 and own_tiles(q) & set(note), note  # as library.check asks of curated notes
        assert "RULES.md" in note and "seed" not in note.lower() and "**" not in note
    assert not re.search(r"[A-Za-z]{3,}", zh.replace("RULES.md", "")), zh  # Chinese only, but the rule book's name
    g = grade(q, right_answer(q))
    told = explanation(q, g, "en")
    assert any(line.startswith("note: ") for line in told) and any(line.startswith("要点: ")
                                                                   for line in explanation(q, g, "zh"))


def test_a_puzzle_keeps_its_own_note():
    q = Q(TING)
    assert drill_note(q, "en") == "" and "note: note of t1 (一)" in explanation(q, grade(q, "肆柒"), "en")


def test_every_quiz_line_fits_80_columns_for_the_library_and_drills():
    lib = [asking.from_puzzle(p) for p in puzzles.load()]
    some = [drills.drill(seed, rules) for rules, seed in NOTE_DRILLS[::7]]
    for q in lib + some:
        for lang in ("en", "zh"):
            _, out, _ = ask([q], right_answer(q), lang=lang)
            wide = [line for line in out if width(line) > 80]
            assert not wide, (q.name, wide)


# --- the pause -----------------------------------------------------------------------------------------

def test_a_terminal_pauses_after_each_explanation_but_the_last():
    summary, out, script = ask([Q(TING), Q(DISCARD), Q(HUXI)], "肆柒", "\n", "五", " \n", "18", pause=True)
    pauses = [p for p in script.prompts if p.startswith("Enter for the next question")]
    assert summary.answered == 3 and len(pauses) == 2  # none after the last question
    # The pause comes after the explanation of a question, before the header of the next.
    assert script.prompts == ["answer> ", pauses[0], "answer> ", pauses[1], "answer> "]


def test_q_or_the_end_of_input_at_the_pause_stops_keeping_the_answer(tmp_path):
    summary, _, _ = ask([Q(TING), Q(DISCARD)], "肆柒", "q", pause=True)
    assert (summary.answered, summary.stopped) == (1, "quit")
    summary, _, _ = ask([Q(TING), Q(DISCARD)], "肆柒", pause=True)
    assert (summary.answered, summary.stopped) == (1, "eof")
    _, _, script = ask([Q(TING), Q(DISCARD)], "肆柒", "\n", "五", lang="zh", pause=True)
    assert "回车看下一题（q 退出）" in script.prompts


def test_no_pause_when_piped_or_told_not_to(tmp_path):
    _, _, script = ask([Q(TING), Q(DISCARD)], "肆柒", "五")
    assert script.prompts == ["answer> ", "answer> "]
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "ting.toml").write_text('[[puzzle]]\nid = "x1"\nkind = "ting"\nlevel = 1\nhand = "一二三 壹贰叁 贰柒拾 二七十 '
                                   '四五六 七八九 伍陆"\nanswer = "肆柒"\nnote_en = "伍陆 waits."\nnote_zh = "伍陆等。"\n'
                                   '[[puzzle]]\nid = "x2"\nkind = "ting"\nlevel = 1\nhand = "一二三 壹贰叁 贰柒拾 二七十 '
                                   '四五六 七八九 伍陆"\nanswer = "肆柒"\nnote_en = "伍陆 waits!"\nnote_zh = "伍陆等！"\n',
                                   encoding="utf-8")
    for interactive, pauses in ((True, 1), (False, 0), (None, 0)):  # None: pytest's stdin is no terminal
        script = Script("肆柒", "\n", "肆柒")
        quiz_command(rules=HUNAN, db=str(tmp_path / f"{interactive}.db"), puzzles_dir=lib, lang="en",
                     input_fn=script, output_fn=lambda line: None, interactive=interactive)
        assert sum(p.startswith("Enter") for p in script.prompts) == pauses
    piped = phz("quiz", "--db", str(tmp_path / "cli.db"), "--lang", "en", "--count", "2", input="三六\n\n九\n")
    assert piped.exit_code == 0 and "Enter for the next question" not in piped.stdout
    assert "2 answered" in piped.stdout and piped.stdout.count("answer> ") == 3  # the blank line: asked again


# --- the order of a fresh file, reviews labelled ---------------------------------------------------------

def test_a_fresh_file_interleaves_the_kinds(tmp_path):
    with Store(tmp_path / "p.db") as store:
        chosen = select_questions(puzzles.load(), rules=HUNAN, store=store, now=T0)
    kinds = [q.kind for q in chosen]
    assert len(chosen) == 10 and kinds[:5] == ["ting", "discard", "huxi", "chi", "chou"] == kinds[5:]
    assert all(q.level == 1 and q.review is None for q in chosen)


def test_reviews_are_labelled_with_what_happened_last_time(tmp_path):
    db = tmp_path / "p.db"
    with Store(db) as store:
        ask([Q(TING), Q(DISCARD)], "肆", "五", store=store)  # t1 missed, d1 right
        due = select_questions([TING, DISCARD], rules=HUNAN, store=store, now=T0 + 3600)
        later = select_questions([TING, DISCARD], rules=HUNAN, store=store, now=T0 + 2 * 86400)
    assert [(q.puzzle_id, q.review) for q in due] == [("t1", 1), ("d1", 2)]
    assert asking.lines(due[0], "en")[0].endswith("puzzle t1 · review: missed last time")
    assert asking.lines(due[1], "zh")[0].endswith("题库 d1 · 复习：上次答对")
    assert [q.puzzle_id for q in later] == ["t1", "d1"] and all(q.review for q in later)


def test_a_drill_asked_again_is_labelled_and_keeps_its_solution(tmp_path):
    q = drills.drill(4213, HUNAN)
    held = parse_hand(q.hand, HUNAN).concealed
    wrong = next(GLYPHS[t] for t in range(20) if held[t] and t not in asking.solution(q).expected)
    with Store(tmp_path / "p.db") as store:
        ask([q], wrong, store=store)
        again = select_questions([TING], rules=HUNAN, store=store, now=T0 + 3600)
    assert [(x.seed, x.review) for x in again[:1]] == [(4213, 1)] and "_solution" in again[0].__dict__
    assert asking.solution(again[0]) == asking.solution(q)


# --- answer time, optimal choices, reset ------------------------------------------------------------

def test_answer_time_is_recorded_and_stats_show_its_mean_per_kind_and_the_optimal_choices(tmp_path):
    db = tmp_path / "p.db"
    with Store(db) as store:
        ask([Q(TING), Q(DISCARD), Q(DISCARD), Q(HUXI)], "肆柒", "四", "五", "18", store=store, clock=Clock(3.0))
        seconds = [a["seconds"] for a in store.attempts()]
        s = store.stats(T0 + 60)
    assert seconds == [3.0] * 4  # from the question shown to the answer graded
    assert {k: v["mean_seconds"] for k, v in s["by_kind"].items()} == {"discard": 3.0, "huxi": 3.0, "ting": 3.0}
    assert s["optimal"] == {"attempts": 2, "correct": 1} and s["mean_seconds"] == 3.0
    lines = "\n".join(progress.stats_lines(s, "en")).splitlines()
    assert lines[1] == "mean answer time 3.0 s; optimal choices 1 of 2 (50%, discard and game questions)"
    kind_rows = {line.split()[0]: line.split() for line in lines if line.split()[:1] in (["discard"], ["ting"])}
    assert kind_rows["discard"][-2:] == ["3.0", "s"]
    assert progress.stats_lines(s, "zh")[1] == "平均每题用时 3.0秒；最优选择 2 次中 1 次（50%，打牌题和对局题）"


def count(db: Path, table: str) -> int:
    with sqlite3.connect(db) as conn:
        return conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]


@pytest.fixture
def answered(tmp_path) -> Path:
    """A progress file with two hunan attempts and one luzhou attempt."""
    db = tmp_path / "p.db"
    for args, answers in ((["--puzzle", "ting-001"], "三\n"), (["--puzzle", "discard-001"], "九\n"),
                          (["--puzzle", "luzhou-ting-001"], "一\n")):
        assert phz("quiz", "--db", str(db), "--lang", "en", *args, input=answers).exit_code == 0
    assert count(db, "attempts") == 3
    return db


def test_reset_piped_without_yes_refuses_in_one_line_naming_yes(answered):
    result = phz("stats", "--reset", "--db", str(answered))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "--yes" in result.stderr and result.stderr.startswith("Error: ")
    assert count(answered, "attempts") == 3


def test_reset_with_yes_deletes_attempts_and_reviews_of_the_ruleset_asked(answered):
    only = phz("stats", "--reset", "--yes", "--rules", "luzhou", "--db", str(answered), "--lang", "en")
    assert only.exit_code == 0 and "1 attempt(s) and 1 review box(es) of ruleset luzhou deleted" in only.stdout
    assert count(answered, "attempts") == 2
    result = phz("stats", "--reset", "-y", "--db", str(answered), "--json")
    assert json.loads(result.stdout) == {"reset": True, "file": str(answered), "attempts": 2, "reviews": 2,
                                         "game_questions_kept": 0}
    assert count(answered, "attempts") == count(answered, "reviews") == 0
    assert json.loads(phz("stats", "--db", str(answered), "--json").stdout)["attempts"] == 0


def test_reset_on_a_terminal_asks_first(answered, monkeypatch):
    monkeypatch.setattr(trainer_command, "stdin_is_terminal", lambda: True)
    no = phz("stats", "--reset", "--db", str(answered), "--lang", "en", input="\n")  # the default is No
    assert no.exit_code == 0 and "Delete 3 attempt(s) and their review boxes from" in no.stderr
    assert "[y/N]" in no.stderr and no.stdout.strip() == "nothing deleted" and count(answered, "attempts") == 3
    yes = phz("stats", "--reset", "--db", str(answered), "--lang", "zh", input="y\n")
    assert yes.exit_code == 0 and "已删除3 次答题" in yes.stdout and count(answered, "attempts") == 0


def test_reset_of_a_missing_file_creates_nothing_and_yes_needs_reset(tmp_path):
    db = tmp_path / "none.db"
    result = phz("stats", "--reset", "--yes", "--db", str(db), "--lang", "en")
    assert result.exit_code == 0 and "nothing to reset" in result.stdout and not db.exists()
    assert phz("stats", "--yes", "--db", str(db)).exit_code == 2


def test_reset_keeps_the_questions_saved_from_games(tmp_path):
    from test_game_questions import discard_position, question  # the other helper's sample question

    from solver.trainer.game_questions import save
    db = tmp_path / "p.db"
    save(str(db), [question(discard_position(), "discard 叁", "discard 一")])
    assert phz("quiz", "--db", str(db), "--kind", "game", "--lang", "en", input="10\n").exit_code == 0
    result = phz("stats", "--reset", "--yes", "--db", str(db), "--lang", "en")
    assert "the 1 question(s) saved from your games stay" in result.stdout
    assert count(db, "game_questions") == 1 and count(db, "attempts") == 0


# --- help and notes ------------------------------------------------------------------------------------

@pytest.mark.parametrize("command,says", [(["stats"], "statistics"), (["puzzles", "list"], "puzzles"),
                                          (["bench"], "measurements")])
def test_json_help_says_what_is_printed(command, says):
    out = phz(*command, "--help").stdout
    assert "object per hand" not in out and re.search(rf"--json\s+The {says} as one JSON", out), out


def test_stats_help_names_reset_yes_time_and_optimal_choices():
    out = " ".join(phz("stats", "--help").stdout.split())
    assert "--reset" in out and "--yes" in out and "mean answer time" in out and "optimal choices" in out


def test_puzzle_notes_cite_only_the_project_rule_book():
    for p in puzzles.load():
        for note in (p.note_en, p.note_zh):
            assert not re.search(r"seed|种子|\[decision\]|a decision of", note, re.IGNORECASE), (p.id, note)
