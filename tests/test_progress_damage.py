"""A tester's attacks on the progress file and the quiz, each in fresh `phz` processes where a
file permission, a lock held by another process or a pipe is involved:

* damaged files (a zeroed page, wrong columns, bad values, not a regular file) are refused
  before any question, in one line naming the file and the fix, and left untouched;
* no question is asked whose answer cannot be stored (read-only file or folder, a lock held
  by another program), and a store that fails mid-quiz stops the quiz cleanly;
* quizzes starting at once on a new path all work;
* drill ids that a progress file cannot store are refused before asking;
* ``--random --count 100000`` shows its first question at once;
* an answer that is not UTF-8 is asked again.
"""
from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack, closing, contextmanager
from pathlib import Path

import pytest

from solver import puzzles
from solver.model.rules import HUNAN
from solver.trainer import asking, drills, progress, progress_file
from solver.trainer.asking import right_answer
from solver.trainer.progress import MAX_SEED, Store
from solver.trainer.selection import LazyQuestions, select_questions
from solver.trainer.session import quiz_command, run_quiz

ROOT = Path(__file__).resolve().parent.parent
PUZZLE = "ting-001"
NOBODY = 65534


def right(puzzle_id: str = PUZZLE) -> str:
    (p,) = [p for p in puzzles.load() if p.id == puzzle_id]
    return right_answer(asking.from_puzzle(p, HUNAN))


def make_progress(path: Path, n: int = 300) -> Path:
    """A real progress file of ``n`` attempts (several pages)."""
    with Store(path) as store:
        for i in range(n):
            store.record(rules=HUNAN, puzzle_id=f"p{i % 37}", kind="ting", level=1 + i % 3,
                         tags=["红胡", "两头"], answer="肆柒", correct=i % 3 == 0, seconds=3.0, at=1_700_000_000.0 + i)
    return path


def sql(path: Path, *statements: str) -> None:
    with closing(sqlite3.connect(path)) as conn, conn:
        for s in statements:
            conn.execute(s)


def count_attempts(path: Path) -> int:
    with closing(sqlite3.connect(path)) as conn:
        return conn.execute("SELECT COUNT(*) FROM attempts").fetchone()[0]


def assert_refused_up_front(result, db: Path, *words: str) -> None:
    """Exit 2, one line on stderr naming the file and the words, no question asked."""
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert str(db) in lines[0], lines[0]
    for w in words:
        assert w in lines[0], lines[0]
    assert result.stdout == ""  # no question asked


# --- 1. damaged files: refused before any question, untouched -------------------------------

def zero_page(path: Path, page: int) -> None:
    """Zero a page with plain file writes (SQLite pages are numbered from 1)."""
    with closing(sqlite3.connect(path)) as conn:
        size = conn.execute("PRAGMA page_size").fetchone()[0]
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
    assert pages > page
    with open(path, "r+b") as f:
        f.seek((page - 1) * size)
        f.write(bytes(size))


def test_a_zeroed_later_page_is_refused_by_stats_and_quiz(run_phz, tmp_path):
    db = make_progress(tmp_path / "progress.db")
    zero_page(db, 3)
    before = db.read_bytes()
    for args in (("stats",), ("stats", "--json"), ("quiz", "--puzzle", PUZZLE), ("quiz",)):
        result = run_phz(*args, "--db", str(db), input=f"{right()}\n")
        assert_refused_up_front(result, db, "is damaged", "move it away or pass --db with another path")
    assert db.read_bytes() == before


def _wrong_columns(db: Path) -> None:
    sql(db, "DROP TABLE reviews", "CREATE TABLE reviews (item TEXT PRIMARY KEY, box INTEGER)")


def _renamed_column(db: Path) -> None:
    sql(db, "ALTER TABLE attempts RENAME COLUMN tags TO labels")


def _bad_tags(db: Path) -> None:
    sql(db, "UPDATE attempts SET tags = '' WHERE id = 7")


def _tags_not_strings(db: Path) -> None:
    sql(db, "UPDATE attempts SET tags = '[1, 2]' WHERE id = 8")


def _bad_value(db: Path) -> None:
    sql(db, "UPDATE attempts SET correct = 'yes' WHERE id = 9")


def _review(item: str):
    def make(db: Path) -> None:
        sql(db, f"INSERT INTO reviews (rules, item, box, due, last) VALUES ('hunan', '{item}', 1, 0, 0)")
    return make


@pytest.mark.parametrize("damage,words", [
    (_wrong_columns, ("table reviews has the wrong columns", "item, box")),
    (_renamed_column, ("table attempts has the wrong columns", "labels")),
    (_bad_tags, ("attempt 7 has tags ''", "not a JSON list of strings")),
    (_tags_not_strings, ("attempt 8 has tags '[1, 2]'", "not a JSON list of strings")),
    (_bad_value, ("attempt 9 has a value of the wrong type",)),
    (_review("drill:abc"), ("review item 'drill:abc'", "puzzle:ID nor drill:SEED")),
    (_review("foo:1"), ("review item 'foo:1'",)),
    (_review("drill:-4"), ("review item 'drill:-4'",)),
    (_review(f"drill:{MAX_SEED + 94}"), (f"review item 'drill:{MAX_SEED + 94}'", str(MAX_SEED))),
], ids=["wrong-columns", "renamed-column", "tags-not-json", "tags-not-strings", "wrong-type", "drill-abc",
        "foo-1", "negative-seed", "seed-too-large"])
def test_a_phz_file_with_bad_columns_or_values_is_refused(run_phz, tmp_path, damage, words):
    db = make_progress(tmp_path / "progress.db", n=20)
    damage(db)
    before = db.read_bytes()
    for args in (("stats",), ("quiz",), ("quiz", "--puzzle", PUZZLE)):
        result = run_phz(*args, "--db", str(db), input=f"{right()}\n")
        assert_refused_up_front(result, db, *words, "move it away or pass --db with another path")
    assert db.read_bytes() == before


@pytest.mark.parametrize("special", ["/dev/null", "fifo"])
def test_a_path_that_is_not_a_regular_file_is_refused(run_phz, tmp_path, special):
    if special == "fifo":
        special = str(tmp_path / "fifo")
        os.mkfifo(special)
    for args in (("stats",), ("quiz", "--puzzle", PUZZLE)):
        result = run_phz(*args, "--db", special, input=f"{right()}\n", timeout=60)
        assert_refused_up_front(result, Path(special), "is not a regular file", "pass --db with a file path")
    assert not Path(special).is_file()


# --- 2. never ask a question whose answer cannot be stored ----------------------------------

@pytest.fixture
def shared_dir():
    """A folder outside pytest's private tmp (0700 under root), which another user can reach."""
    base = Path(tempfile.mkdtemp(prefix="phz-perm-"))
    base.chmod(0o755)
    yield base
    for p in [base, *base.rglob("*")]:
        if p.is_dir():
            p.chmod(0o755)
    shutil.rmtree(base)


@pytest.fixture(scope="session")
def unprivileged(phz_cmd):
    """The command prefix and subprocess options that run phz as a user file permissions apply to.

    Not root: as ourselves.  Root (as in CI): as uid/gid 65534.  When 65534 cannot even run
    the interpreter (this venv's python lives under /root, mode 0700), 65534 is given the one
    capability to read and search any folder (CAP_DAC_READ_SEARCH, ambient, via setpriv);
    writing stays subject to the file and folder permissions, which is what is tested.
    """
    if os.geteuid() != 0:
        return [], {}
    as_nobody = {"user": NOBODY, "group": NOBODY, "extra_groups": []}
    try:
        subprocess.run([*phz_cmd, "--help"], capture_output=True, timeout=120, check=True, **as_nobody)
        return [], as_nobody
    except (PermissionError, subprocess.CalledProcessError):
        pass
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root, uid 65534 cannot run this python, and setpriv is missing")
    prefix = [setpriv, f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups",
              "--inh-caps=+dac_read_search", "--ambient-caps=+dac_read_search"]
    check = subprocess.run([*prefix, *phz_cmd, "--help"], capture_output=True, timeout=120)
    if check.returncode != 0:
        pytest.skip(f"running as root and cannot run phz as uid 65534: {check.stderr.decode()[-200:]}")
    return prefix, {}


def run_unprivileged(unprivileged, phz_cmd, home: Path, *args: str, input: str = ""):
    prefix, options = unprivileged
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env.update(HOME=str(home), PHZ_HOME=str(home), PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""))
    return subprocess.run([*prefix, *phz_cmd, *args], input=input, capture_output=True, text=True,
                          encoding="utf-8", env=env, cwd=home, timeout=300, **options)


def test_unprivileged_runs_really_are_denied_a_read_only_file(unprivileged, phz_cmd, shared_dir):
    """The setup of the tests below: the phz process cannot open a 0444 file for writing."""
    target = shared_dir / "x"
    target.write_text("")
    target.chmod(0o444)
    prefix, options = unprivileged
    code = f"open({str(target)!r}, 'a')"
    result = subprocess.run([*prefix, sys.executable, "-c", code], capture_output=True, text=True, **options)
    assert result.returncode != 0 and "Permission denied" in result.stderr


@pytest.mark.parametrize("case", ["read-only file", "read-only folder", "new file in a read-only folder"])
def test_a_progress_file_that_cannot_be_written_is_refused_before_asking(unprivileged, phz_cmd, shared_dir, case):
    folder = shared_dir / "data"
    folder.mkdir()
    db = folder / "progress.db"
    if case == "new file in a read-only folder":
        db = folder / "new.db"
    else:
        make_progress(db, n=20)
        db.chmod(0o444 if case == "read-only file" else 0o666)
    folder.chmod(0o777 if case == "read-only file" else 0o555)
    before = db.read_bytes() if db.exists() else None
    result = run_unprivileged(unprivileged, phz_cmd, shared_dir, "quiz", "--puzzle", PUZZLE, "--db", str(db),
                              input=f"{right()}\n")
    assert_refused_up_front(result, db, "cannot write to", "writable or pass --db with another path")
    if case == "read-only folder":
        assert "folder is read-only" in result.stderr
    if before is not None:
        assert db.read_bytes() == before
        # phz stats only reads: a read-only file still shows its numbers.
        shown = run_unprivileged(unprivileged, phz_cmd, shared_dir, "stats", "--db", str(db))
        assert shown.returncode == 0 and shown.stdout.startswith("20 attempts"), shown.stderr
    else:
        assert not db.exists()


@pytest.mark.parametrize("case", ["read-only file", "read-only folder"])
def test_an_old_schema_file_that_cannot_be_written_is_not_migrated_but_still_read(unprivileged, phz_cmd,
                                                                                   shared_dir, case):
    """A schema-1 file (made by phz before rulesets): a quiz that cannot migrate it in place
    refuses before asking and leaves it as it was; phz stats reads it through a migrated copy."""
    folder = shared_dir / "data"
    folder.mkdir()
    db = folder / "progress.db"
    shutil.copyfile(ROOT / "tests" / "data" / "progress-schema-1.db", db)
    db.chmod(0o444 if case == "read-only file" else 0o666)
    folder.chmod(0o777 if case == "read-only file" else 0o555)
    before = db.read_bytes()
    result = run_unprivileged(unprivileged, phz_cmd, shared_dir, "quiz", "--puzzle", PUZZLE, "--db", str(db),
                              input=f"{right()}\n")
    assert_refused_up_front(result, db, "cannot write to")
    assert db.read_bytes() == before
    shown = run_unprivileged(unprivileged, phz_cmd, shared_dir, "stats", "--db", str(db), "--json")
    assert shown.returncode == 0, shown.stderr
    numbers = json.loads(shown.stdout)
    assert (numbers["attempts"], numbers["by_rules"]) == (5, {"hunan": {"attempts": 5, "correct": 3, "due": 4}})
    assert db.read_bytes() == before


@contextmanager
def lock_held(db: Path, how: str = "EXCLUSIVE"):
    """Another process holding a write lock on ``db`` until the block ends."""
    code = ("import sqlite3, sys, time\n"
            f"conn = sqlite3.connect({str(db)!r}, isolation_level=None)\n"
            f"conn.execute('BEGIN {how}')\n"
            "print('locked', flush=True)\n"
            "time.sleep(120)\n")
    holder = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        yield holder
    finally:
        holder.kill()
        holder.wait()


@pytest.mark.parametrize("how", ["EXCLUSIVE", "IMMEDIATE"])
def test_a_file_locked_by_another_program_is_refused_before_asking(run_phz, tmp_path, how):
    db = make_progress(tmp_path / "progress.db", n=20)
    with lock_held(db, how):
        start = time.monotonic()
        result = run_phz("quiz", "--puzzle", PUZZLE, "--db", str(db), input=f"{right()}\n")
        waited = time.monotonic() - start
    assert_refused_up_front(result, db, "is in use by another program (locked)", "try again when it is done")
    assert "damaged" not in result.stderr
    assert waited < progress.BUSY_TIMEOUT  # the short open-time wait, not the write timeout
    assert count_attempts(db) == 20
    with lock_held(db, how):
        shown = run_phz("stats", "--db", str(db))
    if how == "EXCLUSIVE":  # no reading either
        assert_refused_up_front(shown, db, "is in use by another program (locked)")
    else:  # a writer in progress does not keep phz stats from reading
        assert shown.returncode == 0 and shown.stdout.startswith("20 attempts"), shown.stderr


def test_two_quizzes_on_one_file_both_store_their_answers(tmp_path):
    db = tmp_path / "progress.db"
    with Store(db) as first, Store(db) as second:
        for i in range(3):
            for store in (first, second):
                store.record(rules=HUNAN, puzzle_id="p", kind="ting", level=1, tags=[], answer="x",
                             correct=True, seconds=1, at=1.0 + i)
    assert count_attempts(db) == 6


def test_a_lock_taken_after_opening_stops_the_quiz_unsaved(tmp_path, monkeypatch):
    """The probe passed, then another program locked the file while the learner thought:
    the quiz stops at that answer, shows no verdict, and says why."""
    monkeypatch.setattr(progress_file, "BUSY_TIMEOUT", 0.3)
    db = tmp_path / "progress.db"
    out: list[str] = []
    with ExitStack() as stack:
        def answer(prompt: str) -> str:
            stack.enter_context(lock_held(db))
            return f"{right()}\n"

        summary = quiz_command(rules=HUNAN, puzzle_id=PUZZLE, lang="en", db=str(db), input_fn=answer,
                               output_fn=out.append)
    assert summary.stopped == "unsaved" and summary.answered == 0 and summary.asked == 1
    assert summary.error and "\n" not in summary.error and str(db) in summary.error
    assert "not saved" in summary.error and "in use by another program (locked)" in summary.error
    text = "\n".join(out)
    assert "correct**" not in text  # no verdict as if saved
    assert out[-1] == ("0 answered, 0 correct (stopped: the last answer could not be saved; "
                       "every answer before it is saved).")
    assert count_attempts(db) == 0


# --- 3. creation is race-free ------------------------------------------------------------------

RACER = """
import sys, time
from solver.model.rules import HUNAN
from solver.trainer.progress import Store
base, start, rounds, me = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
for r in range(rounds):
    time.sleep(max(0.0, start + 0.4 * r - time.time()))
    with Store(f"{base}/round{r}/progress.db") as store:
        store.record(rules=HUNAN, puzzle_id="p" + me, kind="ting", level=1, tags=["t"], answer="x", correct=True,
                     seconds=1.0, at=1.0)
"""


def test_quizzes_starting_at_once_on_a_new_path_all_succeed(tmp_path):
    processes, rounds = 8, 6
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    start = time.time() + 2.0  # every process started and waiting
    racers = [subprocess.Popen([sys.executable, "-c", RACER, str(tmp_path), str(start), str(rounds), str(i)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
              for i in range(processes)]
    results = [(r.wait(timeout=120), r.stderr.read()) for r in racers]
    for r in racers:
        r.stdout.close()
        r.stderr.close()
    assert results == [(0, "")] * processes
    for r in range(rounds):
        assert count_attempts(tmp_path / f"round{r}" / "progress.db") == processes


# --- 4. drill ids a progress file cannot store -----------------------------------------------

def test_drill_seeds_stop_at_what_sqlite_stores(tmp_path):
    largest = MAX_SEED - MAX_SEED % 100 + 3  # ...03: a ting drill of level 3, the largest seed of its kind
    assert largest <= MAX_SEED == 2**63 - 1
    assert drills.parse_seed(largest)[1:] == ("ting", 3)
    for seed in (2**63 + 1, 9223372036854775901, 10**30 + 11):
        with pytest.raises(drills.DrillError, match=f"drill seed {seed} is too large: drill seeds go from 0 to "
                                                    f"{MAX_SEED}") as err:
            drills.parse_seed(seed)
        assert "\n" not in str(err.value)
        with pytest.raises(drills.DrillError, match="too large"):
            select_questions([], rules=HUNAN, puzzle_id=f"drill:{seed}")
    with Store(tmp_path / "p.db") as store:  # the largest is storable
        store.record(rules=HUNAN, seed=largest, kind="ting", level=3, tags=[], answer="x", correct=False,
                     seconds=1, at=1.0)
        assert store.due_reviews(1e10, rules=HUNAN) == [largest]


def test_a_drill_id_too_large_is_refused_before_asking(run_phz, tmp_path):
    db = tmp_path / "p.db"
    result = run_phz("quiz", "--puzzle", "drill:9223372036854775901", "--db", str(db), input="三\n")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip() == (f"Error: drill seed 9223372036854775901 is too large: "
                                     f"drill seeds go from 0 to {MAX_SEED}")
    assert result.stdout == ""


def test_random_drills_from_a_huge_seed_are_storable(tmp_path):
    questions = select_questions([], rules=HUNAN, random_drills=True, seed=2**200 + 12345, count=3)
    with Store(tmp_path / "p.db") as store:
        summary = run_quiz(questions, input_fn=lambda prompt, it=iter(["q"]): next(it), output_fn=lambda s: None,
                           store=store)
        assert summary.asked == 1
        for q in select_questions([], rules=HUNAN, random_drills=True, seed=2**200 + 12345, count=3):
            assert 0 <= q.seed <= MAX_SEED and drills.parse_seed(q.seed)
            store.record(rules=HUNAN, seed=q.seed, kind=q.kind, level=q.level, tags=q.tags, answer="x", correct=True,
                         seconds=1, at=1.0)
        assert len(store.attempts()) == 3


# --- 5. drills are made as they are asked ----------------------------------------------------

def test_iter_drills_gives_the_drills_of_new_drills():
    for kw in ({"seed": 11}, {"seed": 5, "kind": "discard"}, {"seed": 3, "tag": "烧比"}):
        lazy = drills.iter_drills(4, rules=HUNAN, **kw)
        assert [q.seed for q in lazy] == [q.seed for q in drills.new_drills(4, rules=HUNAN, **kw)]
    with pytest.raises(drills.DrillError, match="no drill of kind ting has tag"):
        drills.iter_drills(1, rules=HUNAN, seed=3, kind="ting", tag="烧比")  # at once, before any drill is made


def test_a_long_random_quiz_asks_after_making_one_drill(monkeypatch):
    made = []
    real = drills.drill

    def counted(seed, rules):
        made.append(seed)
        assert len(made) < 10, "drills made before the first question was asked"
        return real(seed, rules)

    monkeypatch.setattr(drills, "drill", counted)
    questions = select_questions([], rules=HUNAN, random_drills=True, seed=7, count=100_000)
    assert isinstance(questions, LazyQuestions) and len(questions) == 100_000 and made == []
    out: list[str] = []
    summary = run_quiz(questions, input_fn=lambda prompt, it=iter(["q"]): next(it), output_fn=out.append)
    assert out[0].startswith("[1/100000] ") and summary.total == 100_000 and summary.stopped == "quit"
    assert len(made) == 1


def test_phz_quiz_random_count_100000_starts_at_once(run_phz, tmp_path):
    start = time.monotonic()
    result = run_phz("quiz", "--random", "--seed", "7", "--count", "100000", "--db", str(tmp_path / "p.db"),
                     "--lang", "en", input="q\n", timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("[1/100000] ")
    assert time.monotonic() - start < 60  # all 100000 drills first took over 120 s


# --- 6. an answer that is not UTF-8 -------------------------------------------------------------

def test_an_answer_that_is_not_utf8_is_asked_again(phz_cmd, tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env.update(PHZ_HOME=str(tmp_path), PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""))
    stdin = b"\xff\n" + right().encode() + b"\n"
    result = subprocess.run([*phz_cmd, "quiz", "--puzzle", PUZZLE, "--lang", "en"], input=stdin,
                            capture_output=True, env=env, cwd=tmp_path, timeout=300)
    out = result.stdout.decode("utf-8")
    assert result.returncode == 0 and result.stderr == b"", result.stderr
    assert "Cannot read that: that line is not UTF-8 text. Try again (q to stop)." in out
    assert "✓ correct" in out and out.rstrip().endswith("1 answered, 1 correct.")
    assert count_attempts(tmp_path / "progress.db") == 1


def test_line_reader_on_a_terminal_asks_again_after_undecodable_input(monkeypatch):
    from solver.trainer import grading, session

    class Terminal:
        def isatty(self):
            return True

    def bad_input(prompt):
        raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")

    monkeypatch.setattr(sys, "stdin", Terminal())
    monkeypatch.setattr("builtins.input", bad_input)
    with pytest.raises(grading.AnswerError, match="not UTF-8"):
        session.line_reader()("answer> ")


def test_run_quiz_asks_again_when_the_reader_cannot_read_a_line():
    from solver.trainer.grading import AnswerError

    (p,) = [p for p in puzzles.load() if p.id == PUZZLE]
    lines = [AnswerError("that line is not UTF-8 text"), f"{right()}\n"]

    def read(prompt):
        item = lines.pop(0)
        if isinstance(item, Exception):
            raise item
        return item

    out: list[str] = []
    summary = run_quiz([asking.from_puzzle(p, HUNAN)], input_fn=read, output_fn=out.append)
    assert summary.answered == 1 and summary.correct == 1 and summary.stopped == "finished"
    assert "Cannot read that: that line is not UTF-8 text. Try again (q to stop)." in out

