"""The progress file (solver.trainer.progress): where it lives, one commit per attempt, statistics,
Leitner review, the schema version and its migration, rulesets kept apart, and files that are not
ours (never reset)."""
from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from types import SimpleNamespace

import pytest

from solver.trainer import asking, progress
from solver.trainer.progress import (
    APPLICATION_ID,
    DAY,
    INTERVALS,
    MINUTE,
    SCHEMA_VERSION,
    ProgressError,
    Store,
    default_path,
    next_box,
)

T0 = 1_700_000_000.0
#: what an attempt stores of its ruleset: a name and a digest (a Ruleset has both)
RULES = SimpleNamespace(name="hunan", digest="d" * 64)
OTHER = SimpleNamespace(name="luzhou", digest="e" * 64)
#: a file made by phz at schema 1 (commit b9ec927's progress.py), before rulesets were recorded: five
#: attempts (ting-001 twice, drill 4213, huxi-003, drill 943) between T0 and T0 + 1000
SCHEMA_1_FILE = Path(__file__).parent / "data" / "progress-schema-1.db"


def attempt(store: Store, *, correct: bool, at: float = T0, kind: str = "ting", level: int = 1, tags=("红胡",),
            puzzle_id: str | None = "p1", seed: int | None = None, answer: str = "肆", rules=RULES,
            seconds: float = 4.5) -> None:
    store.record(rules=rules, puzzle_id=puzzle_id if seed is None else None, seed=seed, kind=kind, level=level,
                 tags=tags, answer=answer, correct=correct, seconds=seconds, at=at)


@pytest.fixture
def db(tmp_path) -> Path:
    return tmp_path / "sub" / "progress.db"


# --- where the file lives -------------------------------------------------------------

@pytest.mark.parametrize("env,expected", [
    ({"PHZ_HOME": "/a/phz", "XDG_DATA_HOME": "/x", "HOME": "/h"}, "/a/phz/progress.db"),
    ({"XDG_DATA_HOME": "/x", "HOME": "/h"}, "/x/phz/progress.db"),
    ({"HOME": "/h"}, "/h/.local/share/phz/progress.db"),
    ({"PHZ_HOME": "", "XDG_DATA_HOME": "", "HOME": "/h"}, "/h/.local/share/phz/progress.db"),
])
def test_default_path(env, expected):
    assert default_path(env) == Path(expected)


def test_store_uses_the_default_path_and_creates_its_folder(tmp_path):
    with Store(environ={"PHZ_HOME": str(tmp_path / "home")}) as store:
        assert store.path == tmp_path / "home" / "progress.db"
    assert (tmp_path / "home" / "progress.db").is_file()


def test_path_argument_overrides_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("PHZ_HOME", str(tmp_path / "env"))
    with Store(tmp_path / "mine.db") as store:
        assert store.path == tmp_path / "mine.db"
    assert not (tmp_path / "env").exists()


# --- schema ---------------------------------------------------------------------------------

def test_new_file_has_the_schema_version_and_our_application_id(db):
    Store(db).close()
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {"attempts", "reviews", "game_questions"}
    Store(db).close()  # and it opens again


def test_empty_file_is_made_ours(tmp_path):
    path = tmp_path / "empty.db"
    path.write_bytes(b"")
    with Store(path) as store:
        attempt(store, correct=True)
    assert len(Store(path).attempts()) == 1


# --- files that are not ours: a clear error, the file untouched ------------------------------

def assert_refused(path: Path, match: str) -> None:
    before = path.read_bytes()
    with pytest.raises(ProgressError, match=match) as err:
        Store(path)
    assert "\n" not in str(err.value) and str(path) in str(err.value)
    assert path.read_bytes() == before  # never reset


def test_text_file_is_refused(tmp_path):
    path = tmp_path / "notes.db"
    path.write_text("my shopping list\n")
    assert_refused(path, "not an SQLite database")


def test_foreign_sqlite_file_is_refused(tmp_path):
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE contacts (name TEXT)")
    assert_refused(path, r"another program \(tables: contacts\)")


def test_foreign_sqlite_file_with_our_table_names_is_refused(tmp_path):
    path = tmp_path / "lookalike.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE attempts (x)")
        conn.execute("CREATE TABLE reviews (x)")
    assert_refused(path, "another program")


def test_damaged_sqlite_file_is_refused(tmp_path, db):
    with Store(db) as store:
        for i in range(50):
            attempt(store, correct=bool(i % 2), at=T0 + i)
    data = bytearray(db.read_bytes())
    data[100:] = b"\xff" * (len(data) - 100)  # header kept, every page overwritten
    path = tmp_path / "damaged.db"
    path.write_bytes(bytes(data))
    assert_refused(path, "damaged")


def test_newer_schema_version_is_refused(db):
    Store(db).close()
    with sqlite3.connect(db) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    assert_refused(db, "newer than this phz reads")


def test_our_file_missing_a_table_is_refused(db):
    Store(db).close()
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TABLE reviews")
    assert_refused(db, "missing table")


def test_directory_is_refused(tmp_path):
    with pytest.raises(ProgressError, match="is a directory"):
        Store(tmp_path)


# --- attempts -------------------------------------------------------------------------------------

def test_each_attempt_is_committed_at_once(db):
    store = Store(db)
    attempt(store, correct=False, answer="伍")
    # Another connection sees it while the store is still open: it was committed.
    with sqlite3.connect(db) as other:
        assert other.execute("SELECT puzzle_id, answer, correct, seconds, at, tags, rules, rules_digest"
                             " FROM attempts").fetchall() == [("p1", "伍", 0, 4.5, T0, '["红胡"]', "hunan", "d" * 64)]
    attempt(store, correct=True, seed=4203, kind="ting", level=3, tags=())
    with sqlite3.connect(db) as other:
        assert other.execute("SELECT puzzle_id, drill_seed FROM attempts ORDER BY id").fetchall() == [
            ("p1", None), (None, 4203)]
    store.close()


def test_an_attempt_is_about_a_puzzle_or_a_drill():
    with pytest.raises(ValueError):
        progress.item_key()
    with pytest.raises(ValueError):
        progress.item_key(puzzle_id="a", seed=1)


# --- statistics ---------------------------------------------------------------------------------------

def test_stats_numbers(db):
    with Store(db) as store:
        assert store.stats(T0) == progress.empty_stats() == {
            "rules": None, "attempts": 0, "correct": 0, "streak": 0, "due": 0, "mean_seconds": None,
            "optimal": {"attempts": 0, "correct": 0}, "by_rules": {}, "by_kind": {}, "by_level": {}, "by_tag": {}}
        attempt(store, correct=True, kind="ting", level=1, tags=("红胡", "两头"), puzzle_id="a")
        attempt(store, correct=False, kind="chi", level=3, tags=("烧比",), puzzle_id="b")
        attempt(store, correct=True, kind="chi", level=3, tags=("烧比",), puzzle_id="c")
        attempt(store, correct=True, kind="huxi", level=2, tags=(), seed=1223)
        attempt(store, correct=False, kind="discard", level=1, tags=(), puzzle_id="d", seconds=10.0)
        attempt(store, correct=True, kind="discard", level=1, tags=(), puzzle_id="e", seconds=2.25)
        s = store.stats(T0 + 20 * MINUTE)
    assert s == {
        "rules": None, "attempts": 6, "correct": 4, "streak": 1, "due": 2,  # b, d missed: due after 10 minutes
        "mean_seconds": round((4 * 4.5 + 10 + 2.25) / 6, 1),  # 5.0
        "optimal": {"attempts": 2, "correct": 1},  # the discard questions: the best choice once in two
        "by_rules": {"hunan": {"attempts": 6, "correct": 4, "due": 2}},
        "by_kind": {"chi": {"attempts": 2, "correct": 1, "mean_seconds": 4.5},
                    "discard": {"attempts": 2, "correct": 1, "mean_seconds": 6.1},  # (10 + 2.25) / 2, rounded
                    "huxi": {"attempts": 1, "correct": 1, "mean_seconds": 4.5},
                    "ting": {"attempts": 1, "correct": 1, "mean_seconds": 4.5}},
        "by_level": {1: {"attempts": 3, "correct": 2}, 2: {"attempts": 1, "correct": 1},
                     3: {"attempts": 2, "correct": 1}},
        "by_tag": {"两头": {"attempts": 1, "correct": 1}, "烧比": {"attempts": 2, "correct": 1},
                   "红胡": {"attempts": 1, "correct": 1}},
    }


def test_streak_is_broken_by_a_miss_and_counts_the_latest_run(db):
    with Store(db) as store:
        for ok in (True, True, True, False, True):
            attempt(store, correct=ok)
        assert store.stats(T0)["streak"] == 1
        attempt(store, correct=False)
        assert store.stats(T0)["streak"] == 0


def test_stats_of_a_missing_file_creates_nothing(tmp_path):
    path = tmp_path / "none.db"
    assert progress.stats(path, now=T0) == progress.empty_stats()
    assert not path.exists()


def test_stats_lines_in_both_languages(db):
    with Store(db) as store:
        attempt(store, correct=True, kind="chi", level=2, tags=("烧比",))
        s = store.stats(T0)
    en = "\n".join(progress.stats_lines(s, "en"))
    zh = "\n".join(progress.stats_lines(s, "zh"))
    assert en.startswith("1 attempt, 1 correct (100%); current streak 1; 0 due for review")
    assert "烧比" in en and "chi" in en
    assert zh.startswith("答题 1 次，答对 1 次（100%）") and "正确率" in zh


# --- Leitner review -----------------------------------------------------------------------------------

def test_leitner_boxes():
    assert next_box(None, False) == 1 and next_box(None, True) == 2
    assert [next_box(b, True) for b in (1, 2, 3, 4, 5)] == [2, 3, 4, 5, 5]
    assert all(next_box(b, False) == 1 for b in (1, 2, 3, 4, 5))
    assert INTERVALS[1] < INTERVALS[2] < INTERVALS[3] < INTERVALS[4] < INTERVALS[5]


def test_missed_comes_back_sooner_than_known(db):
    with Store(db) as store:
        attempt(store, correct=False, puzzle_id="missed")
        attempt(store, correct=True, puzzle_id="known")
        attempt(store, correct=True, seed=5531, kind="chou", level=1)
        assert store.review(rules="hunan", puzzle_id="missed") == (1, T0 + 10 * MINUTE)
        assert store.review(rules=RULES, puzzle_id="known") == (2, T0 + DAY)
        assert store.review(rules="hunan", puzzle_id="never") is None
        assert store.due_reviews(T0, rules="hunan") == []
        assert store.due_reviews(T0 + 11 * MINUTE, rules="hunan") == ["missed"]
        # Most overdue first (ties by box, then item); drill seeds are ints.
        assert store.due_reviews(T0 + DAY, rules=RULES) == ["missed", 5531, "known"]


def test_a_right_answer_moves_up_a_box_and_a_miss_back_to_box_one(db):
    with Store(db) as store:
        at = T0
        for expected_box in (2, 3, 4, 5, 5):
            attempt(store, correct=True, at=at)
            box, due = store.review(rules="hunan", puzzle_id="p1")
            assert box == expected_box and due == at + INTERVALS[box]
            at = due
        attempt(store, correct=False, at=at)
        assert store.review(rules="hunan", puzzle_id="p1") == (1, at + INTERVALS[1])


# --- damage found anywhere in the file, at open --------------------------------------------------

def several_pages(db: Path) -> Path:
    with Store(db) as store:
        for i in range(300):
            attempt(store, correct=bool(i % 2), at=T0 + i, puzzle_id=f"p{i % 37}")
    return db


def test_a_zeroed_page_after_the_first_is_refused(db):
    several_pages(db)
    with sqlite3.connect(db) as conn:
        size = conn.execute("PRAGMA page_size").fetchone()[0]
    data = bytearray(db.read_bytes())
    data[2 * size:3 * size] = bytes(size)  # page 3; page 1 (the header, the schema) intact
    db.write_bytes(bytes(data))
    assert_refused(db, r"is damaged \(Page 3: .*\); move it away or pass --db with another path")


def test_our_file_with_other_columns_is_refused(db):
    Store(db).close()
    with sqlite3.connect(db) as conn:
        conn.execute("ALTER TABLE reviews ADD COLUMN note TEXT")
    assert_refused(db, r"table reviews has the wrong columns \(rules, item, box, due, last, note\)")


@pytest.mark.parametrize("change,match", [
    ("UPDATE attempts SET tags = 'x' WHERE id = 2", r"attempt 2 has tags 'x', not a JSON list of strings"),
    ("UPDATE attempts SET tags = '{\"a\": 1}' WHERE id = 3", r"attempt 3 has tags .*not a JSON list of strings"),
    ("UPDATE attempts SET level = 'hard' WHERE id = 1", r"attempt 1 has a value of the wrong type"),
    ("INSERT INTO reviews VALUES ('hunan', 'drill:abc', 1, 0, 0)", r"review item 'drill:abc' is neither puzzle:ID nor"),
    ("INSERT INTO reviews VALUES ('hunan', 'foo:1', 1, 0, 0)", r"review item 'foo:1' is neither"),
    ("INSERT INTO reviews VALUES ('hunan', 'puzzle:', 1, 0, 0)", r"review item 'puzzle:' is neither"),
    ("INSERT INTO reviews VALUES ('hunan', 'drill:9223372036854775808', 1, 0, 0)",
     r"SEED a whole number 0 to 9223372036854775807"),
    ("UPDATE reviews SET box = 9", r"review item 'puzzle:p1' has a value of the wrong type"),
    (f"INSERT INTO reviews VALUES ('hunan', 'drill:{'9' * 5000}', 1, 0, 0)", r"review item 'drill:9999.*…"),
    ("UPDATE attempts SET rules = '' WHERE id = 2", r"attempt 2 has a value of the wrong type"),
    ("UPDATE attempts SET rules_digest = X'07' WHERE id = 3", r"attempt 3 has a value of the wrong type"),
    ("UPDATE reviews SET rules = X'03'", r"review item 'puzzle:p1' has a value of the wrong type"),
    ("UPDATE reviews SET rules = ''", r"review item 'puzzle:p1' has a value of the wrong type"),
])
def test_bad_values_are_refused_naming_the_row(db, change, match):
    with Store(db) as store:
        for i in range(3):
            attempt(store, correct=True, at=T0 + i)
    with sqlite3.connect(db) as conn:
        conn.execute(change)
    assert_refused(db, match + ".*; move it away or pass --db with another path")


def test_a_device_is_not_a_regular_file():
    with pytest.raises(ProgressError, match="/dev/null is not a regular file"):
        Store("/dev/null")
    with pytest.raises(ProgressError, match="/dev/null is not a regular file"):
        progress.stats("/dev/null", now=T0)


def test_opening_a_good_file_writes_nothing(db):
    several_pages(db)
    before = db.read_bytes()
    with Store(db) as store:  # the write probe is rolled back
        assert len(store.attempts()) == 300
    assert db.read_bytes() == before
    assert not db.with_name(db.name + "-journal").exists()


def test_a_write_that_fails_is_one_line_and_keeps_earlier_attempts(db):
    from solver import puzzles
    from solver.model.rules import HUNAN
    from solver.trainer.asking import right_answer
    from solver.trainer.session import run_quiz

    store = Store(db)
    with sqlite3.connect(db) as conn:
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
    store._conn.execute(f"PRAGMA max_page_count = {pages}")  # the file cannot grow: as a full disk
    with pytest.raises(ProgressError) as err:  # small rows fill it to the last byte a quiz's row could use
        for i in range(10_000):
            attempt(store, correct=True, at=T0 + i, tags=(), puzzle_id="p", answer="")
    message = str(err.value)
    assert "\n" not in message and message.startswith(f"the answer was not saved: cannot write to {db}")
    kept = len(store.attempts())
    out: list[str] = []
    q = asking.from_puzzle(puzzles.load()[0], HUNAN)
    assert q.rules is HUNAN
    summary = run_quiz([q], input_fn=lambda prompt: right_answer(q), output_fn=out.append, store=store)
    assert summary.stopped == "unsaved" and summary.answered == 0 and summary.error.startswith("the answer was not")
    assert not any("correct**" in line for line in out)
    assert len(store.attempts()) == kept
    store.close()


def test_a_drill_seed_beyond_sqlite_integers_is_no_item():
    assert progress.item_key(seed=progress.MAX_SEED) == f"drill:{2**63 - 1}"
    with pytest.raises(ValueError, match="outside 0 to 9223372036854775807"):
        progress.item_key(seed=2**63)


def test_reading_only_creates_nothing(tmp_path):
    missing = tmp_path / "none" / "progress.db"
    with pytest.raises(ProgressError, match="holds no progress yet"):
        Store(missing, writable=False)
    assert not missing.parent.exists()
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    assert progress.stats(empty, now=T0) == progress.empty_stats()
    assert empty.read_bytes() == b""


# --- rulesets kept apart -------------------------------------------------------------------------------

def test_each_ruleset_has_its_own_boxes_reviews_and_statistics(db):
    with Store(db) as store:
        attempt(store, correct=False, puzzle_id="p1")  # hunan: missed, due in ten minutes
        attempt(store, correct=True, puzzle_id="p1", rules=OTHER, at=T0 + 1)  # the same id, another ruleset
        attempt(store, correct=True, seed=4213, rules=OTHER, at=T0 + 2, kind="discard", level=3, tags=("dead wait",))
        assert store.review(rules="hunan", puzzle_id="p1") == (1, T0 + INTERVALS[1])
        assert store.review(rules=OTHER, puzzle_id="p1") == (2, T0 + 1 + INTERVALS[2])
        assert store.review(rules="hunan", seed=4213) is None
        assert store.due_reviews(T0 + DAY + 5, rules="hunan") == ["p1"]
        assert store.due_reviews(T0 + DAY + 5, rules="luzhou") == ["p1", 4213]
        assert store.due_reviews(T0 + DAY + 5, rules="house") == []
        assert store.attempted_puzzles(rules="hunan") == {"p1"} == store.attempted_puzzles(rules=OTHER)
        assert store.attempted_puzzles(rules="house") == set()
        assert [(a["rules"], a["rules_digest"]) for a in store.attempts()] == [
            ("hunan", "d" * 64), ("luzhou", "e" * 64), ("luzhou", "e" * 64)]
        both = store.stats(T0 + 20 * MINUTE)
        luzhou = store.stats(T0 + 20 * MINUTE, rules="luzhou")
    assert (both["rules"], both["attempts"], both["correct"], both["due"]) == (None, 3, 2, 1)
    assert both["by_rules"] == {"hunan": {"attempts": 1, "correct": 0, "due": 1},
                                "luzhou": {"attempts": 2, "correct": 2, "due": 0}}
    assert luzhou == {"rules": "luzhou", "attempts": 2, "correct": 2, "streak": 2, "due": 0, "mean_seconds": 4.5,
                      "optimal": {"attempts": 1, "correct": 1},
                      "by_rules": {"luzhou": {"attempts": 2, "correct": 2, "due": 0}},
                      "by_kind": {"discard": {"attempts": 1, "correct": 1, "mean_seconds": 4.5},
                                  "ting": {"attempts": 1, "correct": 1, "mean_seconds": 4.5}},
                      "by_level": {1: {"attempts": 1, "correct": 1}, 3: {"attempts": 1, "correct": 1}},
                      "by_tag": {"dead wait": {"attempts": 1, "correct": 1}, "红胡": {"attempts": 1, "correct": 1}}}
    assert progress.stats(db, now=T0 + 20 * MINUTE, rules=OTHER) == luzhou
    assert progress.stats(db, now=T0, rules="house")["attempts"] == 0
    en = "\n".join(progress.stats_lines(both, "en")).splitlines()
    assert en[0] == "3 attempts, 2 correct (67%); current streak 2; 1 due for review"
    assert en[1] == "mean answer time 4.5 s; optimal choices 1 of 1 (100%, discard and game questions)"
    assert en[3:7] == ["ruleset    attempts    correct    rate    due",
                       "---------  ----------  ---------  ------  -----",
                       "hunan      1           0          0%      1",
                       "luzhou     2           2          100%    0"]
    assert progress.stats_lines(luzhou, "en")[0] == "luzhou: 2 attempts, 2 correct (100%); current streak 2; 0 due for review"
    zh = "\n".join(progress.stats_lines(luzhou, "zh")).splitlines()
    assert zh[0].startswith("luzhou: 答题 2 次") and zh[3].split() == ["规则", "答题", "答对", "正确率", "待复习"]


def test_an_attempt_stores_the_name_and_digest_of_a_real_ruleset(db):
    from solver.model.rules import HUNAN, get_ruleset

    luzhou = get_ruleset("luzhou")
    with Store(db) as store:
        attempt(store, correct=True, rules=HUNAN)
        attempt(store, correct=True, rules=luzhou)
        got = [(a["rules"], a["rules_digest"]) for a in store.attempts()]
    assert got == [("hunan", HUNAN.digest), ("luzhou", luzhou.digest)] and HUNAN.digest != luzhou.digest
    assert all(len(d) >= 12 for _, d in got)
    with Store(db) as store, pytest.raises(ValueError, match="not a ruleset"):
        attempt(store, correct=True, rules=SimpleNamespace(name="", digest=""))


# --- the migration from schema 1 (a file made by phz before rulesets) ---------------------------------------

def schema_1_copy(tmp_path: Path) -> Path:
    path = tmp_path / "old" / "progress.db"
    path.parent.mkdir()
    shutil.copyfile(SCHEMA_1_FILE, path)
    return path


def table_sql(path: Path) -> list[tuple]:
    with sqlite3.connect(path) as conn:
        return sorted(conn.execute("SELECT type, name, sql FROM sqlite_master"))


SCHEMA_1_ATTEMPTS = [  # what the schema-1 file holds (read here with plain SQL, before any migration)
    (1, "ting-001", None, "ting", 1, '["两头", "顺胡", "outs"]', "三", 0, 4.0, T0),
    (2, "ting-001", None, "ting", 1, '["两头", "顺胡", "outs"]', "三六", 1, 3.5, T0 + 700),
    (3, None, 4213, "discard", 3, '["dead wait"]', "五", 0, 9.25, T0 + 800),
    (4, "huxi-003", None, "huxi", 2, '["红胡"]', "21", 1, 12.0, T0 + 900),
    (5, None, 943, "chou", 3, '["臭张", "隔山"]', "no", 1, 2.0, T0 + 1000),
]


def test_the_schema_1_file_is_what_the_tests_say():
    with sqlite3.connect(SCHEMA_1_FILE) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert conn.execute("SELECT * FROM attempts ORDER BY id").fetchall() == SCHEMA_1_ATTEMPTS
        assert conn.execute("SELECT item, box FROM reviews ORDER BY item").fetchall() == [
            ("drill:4213", 1), ("drill:943", 2), ("puzzle:huxi-003", 2), ("puzzle:ting-001", 2)]


def test_a_schema_1_file_migrates_in_place_to_the_default_ruleset(tmp_path):
    path = schema_1_copy(tmp_path)
    with sqlite3.connect(path) as conn:
        reviews_before = conn.execute("SELECT item, box, due, last FROM reviews ORDER BY item").fetchall()
    with Store(path) as store:  # a quiz opening it
        attempts = store.attempts()
        assert [tuple(a[k] for k in ("id", "puzzle_id", "drill_seed", "kind", "answer", "at")) for a in attempts] == [
            (r[0], r[1], r[2], r[3], r[6], r[9]) for r in SCHEMA_1_ATTEMPTS]
        assert {(a["rules"], a["rules_digest"]) for a in attempts} == {(progress.SCHEMA_1_RULES, "")}
        assert progress.SCHEMA_1_RULES == "hunan"
        later = T0 + 40 * DAY
        assert store.due_reviews(later, rules="hunan") == [4213, "ting-001", "huxi-003", 943]
        assert store.due_reviews(later, rules="luzhou") == []
        assert store.review(rules="hunan", puzzle_id="ting-001") == (2, T0 + 700 + DAY)
        s = store.stats(later)
        assert (s["attempts"], s["correct"], s["streak"], s["due"]) == (5, 3, 2, 4)
        assert s["by_rules"] == {"hunan": {"attempts": 5, "correct": 3, "due": 4}}
        attempt(store, correct=True, rules=OTHER, at=T0 + 2000)  # and it takes new attempts
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert conn.execute("SELECT item, box, due, last FROM reviews WHERE rules = 'hunan'"
                            " ORDER BY item").fetchall() == reviews_before
        assert conn.execute("SELECT COUNT(*) FROM attempts").fetchone()[0] == 6
    fresh = tmp_path / "fresh.db"
    Store(fresh).close()
    assert table_sql(path) == table_sql(fresh)  # the very schema a new file gets
    before = path.read_bytes()
    Store(path).close()  # a migrated file opens as any current one: nothing written
    assert path.read_bytes() == before


def test_reading_a_schema_1_file_migrates_a_copy_and_leaves_the_file_as_it_is(tmp_path):
    path = schema_1_copy(tmp_path)
    before = path.read_bytes()
    s = progress.stats(path, now=T0 + 40 * DAY)
    assert (s["attempts"], s["correct"], s["due"], s["by_rules"]) == (
        5, 3, 4, {"hunan": {"attempts": 5, "correct": 3, "due": 4}})
    assert progress.stats(path, now=T0 + 40 * DAY, rules="luzhou")["attempts"] == 0
    with Store(path, writable=False) as store:
        assert len(store.attempts()) == 5
    assert path.read_bytes() == before  # (a read-only one: tests/test_progress_damage.py)


@pytest.mark.parametrize("change,match", [
    ("UPDATE attempts SET tags = 'x' WHERE id = 2", r"attempt 2 has tags 'x', not a JSON list of strings"),
    ("INSERT INTO reviews VALUES ('drill:abc', 1, 0, 0)", r"review item 'drill:abc' is neither"),
    ("ALTER TABLE attempts ADD COLUMN rules TEXT", r"table attempts has the wrong columns \(id, .*, at, rules\)"),
    ("DROP TABLE reviews", r"missing table\(s\) reviews"),
])
def test_a_schema_1_file_that_is_damaged_is_refused_and_left_unmigrated(tmp_path, change, match):
    path = schema_1_copy(tmp_path)
    with sqlite3.connect(path) as conn:
        conn.execute(change)
    before = path.read_bytes()
    for writable in (True, False):
        with pytest.raises(ProgressError, match=match + ".*; move it away or pass --db with another path"):
            Store(path, writable=writable)
    assert path.read_bytes() == before
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1

