"""Kinds of question are registrations: a kind is one module of ``solver.trainer.kinds``, and adding one touches
nothing else.

The test adds a file to the registry's package path (a folder of its own, so the checkout is never written): a copy
of an existing kind's module under a new name, its ORDER its own (a kind's ORDER is its drills' seed digit).  Nothing
else changes, and the new kind is listed, drilled, asked, answered, graded, recorded, explained and replayed by the
quiz like any other, by the session's functions and by ``phz quiz --kind``.
"""
from __future__ import annotations

import json
import random
import re
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from solver.model.rules import get_ruleset
from solver.trainer import asking, drills, kinds
from solver.trainer.kinds import Kind
from solver.trainer.progress import Store
from solver.trainer.selection import select_questions
from solver.trainer.session import quiz_command
from solver.vocabulary import QUESTION_KINDS, kinds_in

HUNAN = get_ruleset("hunan")
KINDS = Path(kinds.__file__).parent


def copy_of(like: str, order: int | None = None) -> str:
    """The text of kind ``like``'s module, its ORDER line set to ``order`` (as it is when None)."""
    text = (KINDS / f"{like}.py").read_text("utf-8")
    if order is not None:
        text, n = re.subn(r"^ORDER = \d+$", f"ORDER = {order}", text, flags=re.M)
        assert n == 1
    return text


@pytest.fixture
def kinds_with(tmp_path, monkeypatch):
    """Add ``name``.py (``copy_of(like, order)``) to the registry's package path."""
    added = []

    def add(name: str, like: str, order: int | None = None) -> Path:
        folder = tmp_path / "kinds"
        folder.mkdir(exist_ok=True)
        (folder / f"{name}.py").write_text(copy_of(like, order), "utf-8")
        monkeypatch.setattr(kinds, "__path__", [*kinds.__path__, str(folder)])
        kinds.kinds.cache_clear()
        added.append(name)
        return folder

    yield add
    kinds.kinds.cache_clear()
    for name in added:
        sys.modules.pop(f"{kinds.__name__}.{name}", None)


def test_the_registry_lists_every_kind_in_its_order():
    assert kinds.names() == ("ting", "discard", "huxi", "chi", "chou", "game") == tuple(kinds.kinds())
    assert kinds.hand_kinds() == QUESTION_KINDS == ("ting", "discard", "huxi", "chi", "chou")
    assert [(k.ORDER, k.NAME_ZH, k.HAND) for k in kinds.kinds().values()] == [
        (0, "听牌", True), (1, "打牌", True), (2, "胡息", True), (3, "吃牌", True), (4, "臭张", True), (5, "对局", False)]
    # The light listing (files read, nothing imported) is what the modules say.
    assert kinds_in(kinds.__path__) == tuple((k.ORDER, name, k.HAND) for name, k in kinds.kinds().items())
    members = [m for m in vars(Kind) if not m.startswith("_")]
    assert len(members) == 21
    for name, k in kinds.kinds().items():
        assert k.__name__ == f"{kinds.__name__}.{name}"
        assert [m for m in members if not hasattr(k, m)] == [], name
    assert [name for name, k in kinds.kinds().items() if k.MAKERS is None] == ["game"]
    assert drills.GENERATORS == ("ting", "discard", "huxi", "chi", "chou", "distance")
    with pytest.raises(ValueError, match="unknown question kind 'nope': the kinds are ting, discard, huxi, chi"):
        kinds.get("nope")


def test_a_kind_says_itself_that_its_answer_is_one_choice(tmp_path):
    """The optimal choices ``phz stats`` counts are the answers of the kinds whose module says ``CHOICE = True``
    (read from the files, none imported): a copy of discard is one, a copy of chou is not."""
    from solver import vocabulary
    from solver.trainer import progress

    assert vocabulary.CHOICE_KINDS == ("discard", "game") == vocabulary.kinds_with(kinds.__path__, "CHOICE")
    for name, like in (("discard2", "discard"), ("chou2", "chou")):
        (tmp_path / f"{name}.py").write_text(copy_of(like, 7 if like == "discard" else 8), "utf-8")
    assert vocabulary.kinds_with([tmp_path], "CHOICE") == ("discard2",)
    rows = [("hunan", kind, 1, "[]", ok, 1.0) for kind, ok in (("discard", 1), ("game", 0), ("chou", 1))]
    assert progress._stats(rows, {})["optimal"] == {"attempts": 2, "correct": 1}


def test_a_kind_registers_its_puzzles_format_in_its_file(tmp_path):
    """What a library puzzle of a kind holds is its module's PUZZLE_* lines, read without importing it; a
    kind with none has no puzzles yet (``game``)."""
    from solver import puzzles
    from solver.vocabulary import kind_constants

    assert puzzles._format("huxi") == (("tile", "source"), ("seen",), "int")
    assert puzzles._format("chi") == (("tile", "from"), ("seen", "chou", "passed_peng"), "ways")
    assert [k for k in kinds.names() if puzzles._format(k) is None] == ["game"]
    for k in QUESTION_KINDS:
        assert kind_constants(kinds.__path__, k, ["PUZZLE_ANSWER"]) == {"PUZZLE_ANSWER": kinds.get(k).PUZZLE_ANSWER}
    (tmp_path / "plain.py").write_text("ORDER = 9\nHAND = True\nX = len('a')\n", "utf-8")
    assert kind_constants([tmp_path], "plain", ["ORDER", "X", "PUZZLE_NEEDS"]) == {"ORDER": 9}


def test_a_kind_is_one_file(kinds_with, tmp_path):
    assert "chou2" not in kinds.names()
    kinds_with("chou2", like="chou", order=6)
    assert kinds.names() == ("ting", "discard", "huxi", "chi", "chou", "game", "chou2") == tuple(kinds.kinds())
    assert kinds.hand_kinds()[-1] == "chou2" and drills.GENERATORS[-1] == "distance"  # a snapshot of the loaded ones

    # Made (a drill of its own generator, seed digit 6), asked, answered (once badly), graded, recorded, explained.
    db = tmp_path / "progress.db"
    lines: list[str] = []
    answers = iter(["maybe", "yes"])
    summary = quiz_command(rules=HUNAN, kind="chou2", random_drills=True, seed=5, count=1, lang="en", db=str(db),
                           input_fn=lambda prompt: next(answers) + "\n", output_fn=lines.append, interactive=False)
    assert (summary.stopped, summary.asked, summary.answered) == ("finished", 1, 1), lines
    (q, g), = summary.results
    assert q.kind == "chou2" and q.seed % 100 // 10 == 6 and drills.parse_seed(q.seed)[1] == "chou2"
    assert lines[0].startswith(f"[1/1] chou2 · level {q.level} · drill {q.seed}")
    assert "Cannot read that: 'maybe': answer yes or no (y / n, 能 / 不能, 是 / 否)." in "\n".join(lines)
    assert g.text == "yes" and ("✓ correct" if g.correct else "✗ incorrect") in lines
    assert lines[-1] == f"1 answered, {int(g.correct)} correct."
    with Store(db) as store:
        assert store.stats(0.0)["by_kind"]["chou2"]["attempts"] == 1

    # The copy is chou under another name: the same question of kind chou asks, grades and teaches alike.
    same = replace(q, kind="chou")
    assert asking.lines(q, "en")[1:] == asking.lines(same, "en")[1:] and asking.lines(q, "zh")[0].startswith(f"臭张 · 难度 {q.level}")
    for text in ("yes", "no", "能"):
        assert asking.grade(q, text) == asking.grade(same, text)
        assert asking.explanation(q, asking.grade(q, text), "zh") == asking.explanation(same, asking.grade(same, text), "zh")
    assert asking.right_answer(q) == asking.right_answer(same) and asking.drill_note(q, "en") == asking.drill_note(same, "en") != ""

    # Replayed by its seed, as a missed drill comes back.
    again, = select_questions([], rules=HUNAN, puzzle_id=f"drill:{q.seed}")
    assert again == q and asking.solution(again).expected == asking.solution(q).expected


def test_phz_quiz_asks_a_kind_added_as_one_file(kinds_with, python_in_fresh_process, tmp_path):
    folder = kinds_with("chou2", like="chou", order=6)
    code = f"""
import json
from solver.trainer import kinds
kinds.__path__.append({str(folder)!r})
from click.testing import CliRunner
from solver.app.commands import main
runs = [CliRunner().invoke(main, args, input=answer, env={{"NO_COLOR": "", "PHZ_HOME": {str(tmp_path)!r}}})
        for args, answer in (
            (["quiz", "--help"], None),
            (["quiz", "--kind", "chou2", "--random", "--seed", "3", "--count", "1", "--lang", "zh"], "能\\n"),
            (["stats", "--json"], None))]
print(json.dumps([(r.exit_code, r.output) for r in runs]))
"""
    proc = python_in_fresh_process(code)
    assert proc.returncode == 0, proc.stderr
    (help_code, help_text), (quiz_code, quiz), (stats_code, stats) = json.loads(proc.stdout)
    assert help_code == 0 and "[ting|discard|huxi|chi|chou|game|chou2]" in help_text
    assert quiz_code == 0, quiz
    assert re.match(r"\[1/1\] 臭张 · 难度 [123] · 练习 \d+6\d\n", quiz) and "答了 1 题" in quiz
    assert stats_code == 0 and json.loads(stats)["by_kind"]["chou2"]["attempts"] == 1


def test_a_random_quiz_drills_the_new_kind_too(kinds_with):
    kinds_with("chou2", like="chou", order=6)
    seed = next(s for s in range(100) if random.Random(s).choice(list(drills.TAGS) + ["chou2"]) == "chou2")
    q, = drills.new_drills(1, rules=HUNAN, seed=seed)
    assert q.kind == "chou2"
    assert drills.tags(HUNAN)["chou2"] == drills.TAGS["chou"]
    assert drills.tags(get_ruleset("luzhou"))["chou2"] == drills.tags(get_ruleset("luzhou"))["chou"]


def test_two_kinds_cannot_share_an_order(kinds_with):
    kinds_with("chou2", like="chou")  # chou's text as it is: ORDER 4, chou's
    with pytest.raises(ValueError, match="the kinds chou and chou2 have the same ORDER 4"):
        kinds.kinds()
