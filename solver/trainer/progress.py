"""The learner's progress: every quiz attempt in SQLite, Leitner review boxes, statistics.

One file, ``progress.db`` under ``$PHZ_HOME``, else ``$XDG_DATA_HOME/phz``,
else ``~/.local/share/phz``; a ``path`` argument (the CLI's ``--db``)
overrides it.  Every attempt is committed on its own, the moment it is
recorded, so a quiz stopped in any way (q, end of input, Ctrl-C, a killed
process) keeps every answer already graded.

A question is an *item*: ``puzzle:ID`` for a library puzzle, ``drill:SEED``
for a generated drill (the seed regenerates it).  Spaced review follows the
Leitner system: each item sits in a box 1-5; a miss puts it back in box 1, a
right answer moves it one box up (a first right answer lands in box 2).  The
box sets when the item is due again (``INTERVALS``): a missed item comes back
after ten minutes, a well-known one after a month.

The schema is versioned (``PRAGMA user_version``) and the file is marked
as ours (``PRAGMA application_id``).  A file that is not SQLite, is damaged
(anywhere: the whole file, its columns and its values are checked when it
is opened), is an SQLite database of another program, cannot be written or
is locked by another program raises ``ProgressError`` with a one-line
message when it is opened, before a quiz asks anything; it is never reset
or overwritten.
"""
from __future__ import annotations

import functools
import json
import os
import sqlite3
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Iterable, Iterator, Mapping

SCHEMA_VERSION = 1
#: PRAGMA application_id of a phz progress file: b"phz1" as a big-endian int.
APPLICATION_ID = int.from_bytes(b"phz1", "big")
FILE_NAME = "progress.db"
_SQLITE_MAGIC = b"SQLite format 3\x00"
#: The largest drill seed a progress file holds (an SQLite INTEGER is 64-bit signed).
MAX_SEED = 2**63 - 1
#: Seconds a write waits for another program's transaction to end: another
#: quiz on the same file commits in milliseconds, so both quizzes work.
BUSY_TIMEOUT = 10.0
#: Seconds opening waits for a lock: enough for a commit or another quiz
#: opening, short enough to refuse a file someone keeps locked without a long wait.
OPEN_TIMEOUT = 3.0

MINUTE, DAY = 60.0, 86400.0
#: Leitner box -> seconds until the item is due again
INTERVALS = {1: 10 * MINUTE, 2: DAY, 3: 3 * DAY, 4: 7 * DAY, 5: 30 * DAY}
TOP_BOX = max(INTERVALS)

_SCHEMA = (
    """CREATE TABLE attempts (
    id         INTEGER PRIMARY KEY,
    puzzle_id  TEXT,                -- a library puzzle ...
    drill_seed INTEGER,             -- ... or a generated drill
    kind       TEXT    NOT NULL,    -- ting | discard | huxi | chi | chou
    level      INTEGER NOT NULL,
    tags       TEXT    NOT NULL,    -- JSON list of strings
    answer     TEXT    NOT NULL,    -- the answer as graded, normalised
    correct    INTEGER NOT NULL,    -- 0 or 1
    seconds    REAL    NOT NULL,    -- from the question shown to the answer graded
    at         REAL    NOT NULL,    -- POSIX time of the answer
    CHECK ((puzzle_id IS NULL) <> (drill_seed IS NULL))
)""",
    "CREATE INDEX attempts_puzzle ON attempts (puzzle_id)",
    """CREATE TABLE reviews (
    item TEXT    PRIMARY KEY,       -- 'puzzle:ID' or 'drill:SEED'
    box  INTEGER NOT NULL,          -- Leitner box, 1..5
    due  REAL    NOT NULL,          -- POSIX time it is due again
    last REAL    NOT NULL           -- POSIX time of the last attempt
)""",
)
_TABLES = {"attempts", "reviews"}


class ProgressError(ValueError):
    """The progress file cannot be used; the message is one line naming the file and the fix."""


def default_path(environ: Mapping[str, str] | None = None) -> Path:
    """``$PHZ_HOME/progress.db``, else ``$XDG_DATA_HOME/phz/progress.db``, else ``~/.local/share/phz/progress.db``."""
    env = os.environ if environ is None else environ
    if env.get("PHZ_HOME"):
        return Path(env["PHZ_HOME"]).expanduser() / FILE_NAME
    if env.get("XDG_DATA_HOME"):
        return Path(env["XDG_DATA_HOME"]).expanduser() / "phz" / FILE_NAME
    home = Path(env["HOME"]) if env.get("HOME") else Path.home()
    return home / ".local" / "share" / "phz" / FILE_NAME


def item_key(*, puzzle_id: str | None = None, seed: int | None = None) -> str:
    """The review item of a puzzle or a drill."""
    if (puzzle_id is None) == (seed is None):
        raise ValueError("an attempt is about a puzzle id or a drill seed (exactly one)")
    if seed is not None and not 0 <= int(seed) <= MAX_SEED:
        raise ValueError(f"drill seed {seed} is outside 0 to {MAX_SEED}, which a progress file can store")
    return f"puzzle:{puzzle_id}" if puzzle_id is not None else f"drill:{int(seed)}"


def _item(key: str) -> str | int:
    """A review item as due_reviews lists it: the puzzle id (str) or the drill seed (int)."""
    what, _, value = key.partition(":")
    return int(value) if what == "drill" else value


class Store:
    """An open progress file.  Use as a context manager, or call ``close``.

    Opening checks the whole file and, unless ``writable`` is False (reading
    only, as ``phz stats`` does), that an attempt can be written to it now;
    ProgressError (one line) otherwise.  Later SQLite errors are ProgressError too.
    """

    def __init__(self, path: str | Path | None = None, *, environ: Mapping[str, str] | None = None,
                 writable: bool = True):
        self.path = Path(path).expanduser() if path is not None else default_path(environ)
        self._conn = _open(self.path, writable=writable)

    @contextmanager
    def _sqlite_errors(self, doing: str = "") -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as e:
            raise ProgressError(doing + _problem(str(self.path), e)) from None

    # ------------------------------------------------------------ writing

    def record(self, *, kind: str, level: int, tags: Iterable[str], answer: str, correct: bool,
               seconds: float, at: float, puzzle_id: str | None = None, seed: int | None = None) -> None:
        """Store one graded attempt and move its item between Leitner boxes, in one commit."""
        key = item_key(puzzle_id=puzzle_id, seed=seed)
        tags_json = json.dumps(list(tags), ensure_ascii=False)
        # One transaction: the attempt and its review move together (or neither, on an error).
        with self._sqlite_errors("the answer was not saved: "), self._conn:
            self._conn.execute(
                "INSERT INTO attempts (puzzle_id, drill_seed, kind, level, tags, answer, correct, seconds, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (puzzle_id, seed, kind, int(level), tags_json, answer, int(bool(correct)), float(seconds),
                 float(at)))
            row = self._conn.execute("SELECT box FROM reviews WHERE item = ?", (key,)).fetchone()
            box = next_box(row[0] if row else None, correct)
            self._conn.execute(
                "INSERT INTO reviews (item, box, due, last) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (item) DO UPDATE SET box = excluded.box, due = excluded.due, last = excluded.last",
                (key, box, float(at) + INTERVALS[box], float(at)))

    # ------------------------------------------------------------ reading

    def due_reviews(self, now: float) -> list[str | int]:
        """Items due at ``now``, most overdue first: puzzle ids (str) and drill seeds (int)."""
        with self._sqlite_errors():
            rows = self._conn.execute("SELECT item FROM reviews WHERE due <= ? ORDER BY due, box, item",
                                      (float(now),)).fetchall()
        return [_item(r[0]) for r in rows]

    def review(self, *, puzzle_id: str | None = None, seed: int | None = None) -> tuple[int, float] | None:
        """(box, due) of an item, or None when it was never attempted."""
        with self._sqlite_errors():
            row = self._conn.execute("SELECT box, due FROM reviews WHERE item = ?",
                                     (item_key(puzzle_id=puzzle_id, seed=seed),)).fetchone()
        return (row[0], row[1]) if row else None

    def attempted_puzzles(self) -> set[str]:
        with self._sqlite_errors():
            return {r[0] for r in
                    self._conn.execute("SELECT DISTINCT puzzle_id FROM attempts WHERE puzzle_id IS NOT NULL")}

    def attempts(self) -> list[dict]:
        """Every attempt, oldest first, as dicts (tags decoded)."""
        with self._sqlite_errors():
            cur = self._conn.execute("SELECT id, puzzle_id, drill_seed, kind, level, tags, answer, correct,"
                                     " seconds, at FROM attempts ORDER BY id")
            names = [c[0] for c in cur.description]
            rows = cur.fetchall()
        out = []
        for row in rows:
            d = dict(zip(names, row))
            d["tags"] = json.loads(d["tags"])
            d["correct"] = bool(d["correct"])
            out.append(d)
        return out

    def stats(self, now: float) -> dict:
        """Totals, the current streak of right answers, items due, and totals by kind, level and tag."""
        with self._sqlite_errors():
            rows = self._conn.execute("SELECT kind, level, tags, correct FROM attempts ORDER BY id").fetchall()
            due = self._conn.execute("SELECT COUNT(*) FROM reviews WHERE due <= ?", (float(now),)).fetchone()[0]
        return _stats(rows, due)

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def next_box(box: int | None, correct: bool) -> int:
    """Leitner: a miss goes back to box 1; a right answer one box up (a first one to box 2)."""
    if not correct:
        return 1
    return min((box or 1) + 1, TOP_BOX)


def _stats(rows, due: int) -> dict:
    def bump(table: dict, key, ok: int) -> None:
        entry = table.setdefault(key, {"attempts": 0, "correct": 0})
        entry["attempts"] += 1
        entry["correct"] += ok

    by_kind: dict = {}
    by_level: dict = {}
    by_tag: dict = {}
    correct = 0
    for kind, level, tags, ok in rows:
        correct += ok
        bump(by_kind, kind, ok)
        bump(by_level, level, ok)
        for tag in json.loads(tags):
            bump(by_tag, tag, ok)
    streak = 0
    for *_, ok in reversed(rows):
        if not ok:
            break
        streak += 1
    return {"attempts": len(rows), "correct": correct, "streak": streak, "due": due,
            "by_kind": dict(sorted(by_kind.items())), "by_level": dict(sorted(by_level.items())),
            "by_tag": dict(sorted(by_tag.items()))}


def empty_stats() -> dict:
    return _stats([], 0)


def stats(path: str | Path | None = None, *, now: float, environ: Mapping[str, str] | None = None) -> dict:
    """``Store.stats`` of the file at ``path`` (default file when None), without creating a missing file."""
    target = Path(path).expanduser() if path is not None else default_path(environ)
    if not target.exists() or (target.is_file() and target.stat().st_size == 0):
        return empty_stats()
    with Store(target, writable=False) as store:  # a read-only file still shows its statistics
        return store.stats(now)


def stats_lines(s: dict, lang: str = "en") -> list[str]:
    """``phz stats`` as text lines."""
    from tabulate import tabulate

    zh = lang == "zh"

    def pct(ok: int, n: int) -> str:
        return f"{100 * ok / n:.0f}%" if n else "—"

    if zh:
        lines = [f"答题 {s['attempts']} 次，答对 {s['correct']} 次（{pct(s['correct'], s['attempts'])}）；"
                 f"当前连对 {s['streak']} 题；待复习 {s['due']} 题"]
    else:
        noun = "attempt" if s["attempts"] == 1 else "attempts"
        lines = [f"{s['attempts']} {noun}, {s['correct']} correct ({pct(s['correct'], s['attempts'])}); "
                 f"current streak {s['streak']}; {s['due']} due for review"]
    for key, head in (("by_kind", ("kind", "题型")), ("by_level", ("level", "难度")), ("by_tag", ("tag", "标签"))):
        table = s[key]
        if not table:
            continue
        rows = [[k, v["attempts"], v["correct"], pct(v["correct"], v["attempts"])] for k, v in table.items()]
        headers = [head[1], "答题", "答对", "正确率"] if zh else [head[0], "attempts", "correct", "rate"]
        lines += ["", tabulate(rows, headers, tablefmt="simple", disable_numparse=True)]
    return lines


# ---------------------------------------------------------------- opening

_FIX = "move it away or pass --db with another path"


def _open(path: Path, *, writable: bool = True) -> sqlite3.Connection:
    where = str(path)
    try:
        if path.is_dir():
            raise ProgressError(f"{where} is a directory, not a progress file: pass --db with a file path")
        if path.exists() and not path.is_file():
            raise ProgressError(f"{where} is not a regular file (a device, pipe or socket), not a progress file: "
                                "pass --db with a file path")
        fresh = not path.exists() or path.stat().st_size == 0
    except OSError as e:
        raise ProgressError(f"cannot read {where}: {e.strerror or e}") from None
    if not fresh:
        try:
            with open(path, "rb") as f:
                head = f.read(len(_SQLITE_MAGIC))
        except OSError as e:
            raise ProgressError(f"cannot read {where}: {e.strerror or e}") from None
        if head != _SQLITE_MAGIC:
            raise ProgressError(f"{where} is not a phz progress file (not an SQLite database); {_FIX}")
    elif not writable:  # reading creates nothing
        raise ProgressError(f"{where} holds no progress yet: answer a quiz first, or pass --db with another path")
    else:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise ProgressError(f"cannot create {path.parent}: {e.strerror or e}") from None
    try:
        conn = sqlite3.connect(path, timeout=OPEN_TIMEOUT)
    except sqlite3.Error as e:
        raise ProgressError(_problem(where, e)) from None
    try:
        # The write lock (BEGIN IMMEDIATE) first: a file another program keeps
        # locked is refused now, not after an answer, and no other process can
        # create the schema between our look at the file and our creating it.
        conn.execute("BEGIN IMMEDIATE" if writable else "BEGIN")
        created = _check_or_create(conn, where, create=writable)
        if created:
            conn.commit()
        else:
            if writable:
                # A harmless write, rolled back: SQLite makes its journal beside
                # the file, so this fails now for a read-only file or folder.
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.rollback()
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
    except sqlite3.Error as e:
        conn.close()
        raise ProgressError(_problem(where, e)) from None
    except ProgressError:
        conn.close()
        raise
    return conn


def _problem(where: str, e: sqlite3.Error) -> str:
    """What an SQLite error says about the file at ``where``, and what to do, in one line."""
    detail = _shorten(" ".join(str(e).split()), 160)
    name = getattr(e, "sqlite_errorname", None) or ""
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return f"{where} is in use by another program (locked); try again when it is done"
    if name == "SQLITE_READONLY_DIRECTORY":
        return (f"cannot write to {where}: its folder is read-only (SQLite writes a journal file beside it); "
                "make the folder writable or pass --db with another path")
    if name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")):
        return f"cannot write to {where} ({detail}); make it and its folder writable or pass --db with another path"
    if name.startswith("SQLITE_FULL"):
        return f"cannot write to {where}: the disk is full; free some space or pass --db with another path"
    if name.startswith("SQLITE_IOERR"):
        return f"cannot read or write {where} ({detail}); check the disk or pass --db with another path"
    return f"{where} is damaged ({detail}); {_FIX}"


def _check_or_create(conn: sqlite3.Connection, where: str, *, create: bool = True) -> bool:
    """Check the file inside the open transaction; True when it was new and got the schema."""
    problems = [r[0] for r in conn.execute("PRAGMA quick_check")]
    if problems != ["ok"]:
        # quick_check's lines: "*** in database main ***", then one line per problem.
        said = "; ".join(line for p in problems for line in p.splitlines() if not line.startswith("***"))
        raise ProgressError(f"{where} is damaged ({_shorten(said, 120)}); {_FIX}")
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if app_id == 0 and version == 0 and not tables and create:
        # A new (or empty) file: make it ours, in this transaction.
        for statement in _SCHEMA:
            conn.execute(statement)
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        return True
    if app_id != APPLICATION_ID:
        shown = ", ".join(sorted(tables)) or "none"
        raise ProgressError(f"{where} is an SQLite database of another program (tables: {shown}), "
                            "not a phz progress file; pass --db with another path")
    if version > SCHEMA_VERSION:
        raise ProgressError(f"{where} has progress schema version {version}, newer than this phz reads "
                            f"({SCHEMA_VERSION}): upgrade phz")
    if version < 1:
        raise ProgressError(f"{where} is a phz progress file without a schema version; {_FIX}")
    # Migrations from older schema versions go here, one step per version.
    missing = _TABLES - tables
    if missing:
        raise ProgressError(f"{where} is a phz progress file missing table(s) {', '.join(sorted(missing))}; {_FIX}")
    for table, expected in _columns().items():
        found = conn.execute(f"PRAGMA table_info({table})").fetchall()
        if found != expected:
            raise ProgressError(f"{where} is a phz progress file whose table {table} has the wrong columns "
                                f"({', '.join(c[1] for c in found)}); {_FIX}")
    _check_rows(conn, where)
    return False


@functools.cache
def _columns() -> dict[str, list[tuple]]:
    """``PRAGMA table_info`` of each table as this phz creates it."""
    with closing(sqlite3.connect(":memory:")) as mem:
        for statement in _SCHEMA:
            mem.execute(statement)
        return {table: mem.execute(f"PRAGMA table_info({table})").fetchall() for table in sorted(_TABLES)}


# Values the code reading the file relies on (statistics, Leitner boxes, replaying drills);
# SQLite itself lets a column hold any type.
_BAD_ATTEMPT = """SELECT id FROM attempts WHERE NOT (
    typeof(kind) = 'text' AND typeof(level) = 'integer' AND typeof(answer) = 'text'
    AND typeof(correct) = 'integer' AND correct IN (0, 1)
    AND typeof(seconds) IN ('integer', 'real') AND typeof(at) IN ('integer', 'real')
    AND (typeof(puzzle_id) = 'text' AND drill_seed IS NULL
         OR puzzle_id IS NULL AND typeof(drill_seed) = 'integer' AND drill_seed >= 0)
) ORDER BY id LIMIT 1"""
_BAD_REVIEW = f"""SELECT item FROM reviews WHERE NOT (
    typeof(box) = 'integer' AND box BETWEEN 1 AND {TOP_BOX}
    AND typeof(due) IN ('integer', 'real') AND typeof(last) IN ('integer', 'real')
) ORDER BY item LIMIT 1"""


def _check_rows(conn: sqlite3.Connection, where: str) -> None:
    bad = conn.execute(_BAD_ATTEMPT).fetchone()
    if bad:
        raise ProgressError(f"{where} is damaged: attempt {bad[0]} has a value of the wrong type; {_FIX}")
    for rowid, tags in conn.execute("SELECT id, tags FROM attempts ORDER BY id"):
        if not _is_tag_list(tags):
            raise ProgressError(f"{where} is damaged: attempt {rowid} has tags {_shorten(repr(tags), 40)}, "
                                f"not a JSON list of strings; {_FIX}")
    bad = conn.execute(_BAD_REVIEW).fetchone()
    if bad:
        raise ProgressError(f"{where} is damaged: review item {_shorten(repr(bad[0]), 40)} has a value of the "
                            f"wrong type; {_FIX}")
    for (item,) in conn.execute("SELECT item FROM reviews ORDER BY item"):
        if not _is_item(item):
            raise ProgressError(f"{where} is damaged: review item {_shorten(repr(item), 40)} is neither "
                                f"puzzle:ID nor drill:SEED (SEED a whole number 0 to {MAX_SEED}); {_FIX}")


def _is_item(key) -> bool:
    """'puzzle:ID', or 'drill:SEED' with a seed a progress file can store."""
    if not isinstance(key, str):
        return False
    if key.startswith("puzzle:"):
        return len(key) > len("puzzle:")
    seed = key.removeprefix("drill:") if key.startswith("drill:") else ""
    return seed.isascii() and seed.isdigit() and len(seed) <= len(str(MAX_SEED)) and int(seed) <= MAX_SEED


def _is_tag_list(text) -> bool:
    if not isinstance(text, str):
        return False
    try:
        tags = json.loads(text)
    except ValueError:
        return False
    return isinstance(tags, list) and all(isinstance(t, str) for t in tags)


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"
