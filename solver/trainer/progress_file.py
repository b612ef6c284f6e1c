"""The progress file on disk: its schema, versions and migrations, and opening it with every check.

``progress.Store`` reads and writes through the connection ``open_file`` gives.  Opening
checks the whole file (``PRAGMA quick_check``, the application id, the schema version,
the columns of each table and the values the code relies on) inside one transaction and
raises ``ProgressError`` in one line naming the file and the fix; a file is never reset
or overwritten.  A file of an older schema is checked as it is, then migrated: in place
(``writable``, in the same transaction, so all of it or nothing) or, to read it only,
in a copy in memory.
"""
from __future__ import annotations

import functools
import json
import sqlite3
from contextlib import closing
from pathlib import Path

from ..model.rules import DEFAULT_RULESET
from ..model.shown import printable

SCHEMA_VERSION = 3
#: PRAGMA application_id of a phz progress file: b"phz1" as a big-endian int.
APPLICATION_ID = int.from_bytes(b"phz1", "big")
_SQLITE_MAGIC = b"SQLite format 3\x00"
#: The largest drill seed a progress file holds (an SQLite INTEGER is 64-bit signed).
MAX_SEED = 2**63 - 1
#: Seconds a write waits for another program's transaction to end: another
#: quiz on the same file commits in milliseconds, so both quizzes work.
BUSY_TIMEOUT = 10.0
#: Seconds opening waits for a lock: enough for a commit or another quiz
#: opening, short enough to refuse a file someone keeps locked without a long wait.
OPEN_TIMEOUT = 3.0


#: Schema 1, frozen (the files before rulesets): checked, then migrated (``_migrate_1``).
_SCHEMA_1 = (
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
#: The ruleset of every attempt and review of a schema-1 file: the one phz had then (the
#: default).  Should the default ever change, this stays the name it had when schema 2 came.
SCHEMA_1_RULES = DEFAULT_RULESET

#: Schema 2, frozen (rulesets, before questions from games): checked, then migrated (``_migrate_2``).
_SCHEMA_2 = (
    """CREATE TABLE attempts (
    id           INTEGER PRIMARY KEY,
    puzzle_id    TEXT,              -- a library puzzle ...
    drill_seed   INTEGER,           -- ... or a generated drill
    kind         TEXT    NOT NULL,  -- ting | discard | huxi | chi | chou
    level        INTEGER NOT NULL,
    tags         TEXT    NOT NULL,  -- JSON list of strings
    answer       TEXT    NOT NULL,  -- the answer as graded, normalised
    correct      INTEGER NOT NULL,  -- 0 or 1
    seconds      REAL    NOT NULL,  -- from the question shown to the answer graded
    at           REAL    NOT NULL,  -- POSIX time of the answer
    rules        TEXT    NOT NULL,  -- the ruleset asked under (Ruleset.name) ...
    rules_digest TEXT    NOT NULL,  -- ... and its content (Ruleset.digest; '' from schema 1)
    CHECK ((puzzle_id IS NULL) <> (drill_seed IS NULL))
)""",
    "CREATE INDEX attempts_puzzle ON attempts (puzzle_id)",
    """CREATE TABLE reviews (
    rules TEXT    NOT NULL,         -- the ruleset (Ruleset.name)
    item  TEXT    NOT NULL,         -- 'puzzle:ID' or 'drill:SEED'
    box   INTEGER NOT NULL,         -- Leitner box, 1..5
    due   REAL    NOT NULL,         -- POSIX time it is due again
    last  REAL    NOT NULL,         -- POSIX time of the last attempt
    PRIMARY KEY (rules, item)
)""",
)
_SCHEMA = (
    """CREATE TABLE attempts (
    id            INTEGER PRIMARY KEY,
    puzzle_id     TEXT,             -- a library puzzle ...
    drill_seed    INTEGER,          -- ... or a generated drill
    kind          TEXT    NOT NULL, -- ting | discard | huxi | chi | chou | game
    level         INTEGER NOT NULL, -- 1..3 (0: a question from a game has none)
    tags          TEXT    NOT NULL, -- JSON list of strings
    answer        TEXT    NOT NULL, -- the answer as graded, normalised
    correct       INTEGER NOT NULL, -- 0 or 1
    seconds       REAL    NOT NULL, -- from the question shown to the answer graded
    at            REAL    NOT NULL, -- POSIX time of the answer
    rules         TEXT    NOT NULL, -- the ruleset asked under (Ruleset.name) ...
    rules_digest  TEXT    NOT NULL, -- ... and its content (Ruleset.digest; '' from schema 1)
    game_question INTEGER,          -- ... or a question from a game (game_questions.id)
    CHECK ((puzzle_id IS NOT NULL) + (drill_seed IS NOT NULL) + (game_question IS NOT NULL) = 1)
)""",
    "CREATE INDEX attempts_puzzle ON attempts (puzzle_id)",
    _SCHEMA_2[2],  # reviews as in schema 2 (its item may now be 'game:N' too, N a game_questions id)
    """CREATE TABLE game_questions (
    id        INTEGER PRIMARY KEY,
    rules     TEXT    NOT NULL,     -- the ruleset's name (the position holds the whole ruleset)
    position  TEXT    NOT NULL,     -- the position file's JSON (solver.game.position.dumps)
    options   TEXT    NOT NULL,     -- JSON list of the moves offered (move texts)
    best      TEXT    NOT NULL,     -- the right answer: one of the options
    follow    TEXT,                 -- the discard after the best claim, or NULL
    played    TEXT    NOT NULL,     -- the move made in the game
    loss      REAL    NOT NULL,     -- its expected-score loss against the best (>= 0)
    why_en    TEXT    NOT NULL,     -- the explanation, in English ...
    why_zh    TEXT    NOT NULL,     -- ... and in Chinese
    source_en TEXT    NOT NULL,     -- where it comes from: "from your game of FILE, hand N, move M" ...
    source_zh TEXT    NOT NULL,     -- ... in Chinese
    added     REAL    NOT NULL,     -- POSIX time it was saved (it is due from then)
    UNIQUE (position, best)
)""",
)


#: Leitner boxes go from 1 to TOP_BOX (``progress.INTERVALS``)
TOP_BOX = 5


class ProgressError(ValueError):
    """The progress file cannot be used; the message is one line naming the file and the fix."""


# ---------------------------------------------------------------- opening

_FIX = "move it away or pass --db with another path"


def open_file(path: Path, *, writable: bool = True) -> sqlite3.Connection:
    """A checked connection to the progress file at ``path`` (created when missing and ``writable``;
    migrated in place when older and ``writable``, else a migrated copy in memory)."""
    where = printable(str(path))
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
        raise ProgressError(problem(where, e)) from None
    try:
        # The write lock (BEGIN IMMEDIATE) first: a file another program keeps
        # locked is refused now, not after an answer, and no other process can
        # create the schema between our look at the file and our creating it.
        conn.execute("BEGIN IMMEDIATE" if writable else "BEGIN")
        state = _check_or_create(conn, where, create=writable)
        if state == "created":
            conn.commit()
        elif state == "old" and writable:
            _migrate(conn, where)  # in place, in this transaction: all of it or nothing
            conn.commit()
        elif state == "old":
            conn = _migrated_copy(conn, where)  # reading only: the file is left as it is
        else:
            if writable:
                # A harmless write, rolled back: SQLite makes its journal beside
                # the file, so this fails now for a read-only file or folder.
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.rollback()
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
    except sqlite3.Error as e:
        conn.close()
        raise ProgressError(problem(where, e)) from None
    except ProgressError:
        conn.close()
        raise
    return conn


def problem(where: str, e: sqlite3.Error) -> str:
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


def _check_or_create(conn: sqlite3.Connection, where: str, *, create: bool = True) -> str:
    """Check the file inside the open transaction: 'created' when it was new and got the schema,
    'old' when it is a sound file of an older schema (to migrate), 'current' otherwise."""
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
        return "created"
    if app_id != APPLICATION_ID:
        shown = ", ".join(sorted(tables)) or "none"
        raise ProgressError(f"{where} is an SQLite database of another program (tables: {shown}), "
                            "not a phz progress file; pass --db with another path")
    if version > SCHEMA_VERSION:
        raise ProgressError(f"{where} has progress schema version {version}, newer than this phz reads "
                            f"({SCHEMA_VERSION}): upgrade phz")
    if version < 1:
        raise ProgressError(f"{where} is a phz progress file without a schema version; {_FIX}")
    if version < SCHEMA_VERSION:  # checked as it is, then migrated (``_migrate``)
        _check_columns(conn, where, tables, _SCHEMAS[version])
        return "old"
    _check_columns(conn, where, tables, _SCHEMA)
    _check_rows(conn, where)
    return "current"


def _check_columns(conn: sqlite3.Connection, where: str, tables: set[str], schema: tuple[str, ...]) -> None:
    missing = set(_columns(schema)) - tables
    if missing:
        raise ProgressError(f"{where} is a phz progress file missing table(s) {', '.join(sorted(missing))}; {_FIX}")
    for table, expected in _columns(schema).items():
        found = conn.execute(f"PRAGMA table_info({table})").fetchall()
        if found != expected:
            raise ProgressError(f"{where} is a phz progress file whose table {table} has the wrong columns "
                                f"({', '.join(c[1] for c in found)}); {_FIX}")


@functools.cache
def _columns(schema: tuple[str, ...] = _SCHEMA) -> dict[str, list[tuple]]:
    """``PRAGMA table_info`` of each table ``schema`` creates."""
    with closing(sqlite3.connect(":memory:")) as mem:
        for statement in schema:
            mem.execute(statement)
        tables = [r[0] for r in mem.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return {table: mem.execute(f"PRAGMA table_info({table})").fetchall() for table in tables}


# ---------------------------------------------------------------- migrations

#: the statements of each older schema, by version (each checked before it is migrated)
_SCHEMAS = {1: _SCHEMA_1, 2: _SCHEMA_2}


def _migrate(conn: sqlite3.Connection, where: str) -> None:
    """Bring a checked file of an older schema to SCHEMA_VERSION inside the open transaction,
    one step per version, and check the result as a current file."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version == 1:
        _migrate_1(conn)
    if version <= 2:
        _migrate_2(conn)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    _check_columns(conn, where, tables, _SCHEMA)
    _check_rows(conn, where)


def _migrate_1(conn: sqlite3.Connection) -> None:
    """Schema 1 -> 2: every attempt and review becomes one of SCHEMA_1_RULES, with no digest."""
    conn.execute("ALTER TABLE attempts RENAME TO attempts_1")
    conn.execute("ALTER TABLE reviews RENAME TO reviews_1")
    conn.execute("DROP INDEX attempts_puzzle")
    for statement in _SCHEMA_2:
        conn.execute(statement)
    columns = "id, puzzle_id, drill_seed, kind, level, tags, answer, correct, seconds, at"
    conn.execute(f"INSERT INTO attempts ({columns}, rules, rules_digest) SELECT {columns}, ?, '' FROM attempts_1"
                 " ORDER BY id", (SCHEMA_1_RULES,))
    conn.execute("INSERT INTO reviews (rules, item, box, due, last) SELECT ?, item, box, due, last FROM reviews_1",
                 (SCHEMA_1_RULES,))
    conn.execute("DROP TABLE attempts_1")
    conn.execute("DROP TABLE reviews_1")


def _migrate_2(conn: sqlite3.Connection) -> None:
    """Schema 2 -> 3: the table of questions from games, and attempts that may be about one of them
    (the attempts table made anew: SQLite cannot change a CHECK); every row kept as it is."""
    conn.execute("ALTER TABLE attempts RENAME TO attempts_2")
    conn.execute("DROP INDEX attempts_puzzle")
    for statement in _SCHEMA:
        if statement != _SCHEMA_2[2]:  # the reviews table stays as it is
            conn.execute(statement)
    columns = "id, puzzle_id, drill_seed, kind, level, tags, answer, correct, seconds, at, rules, rules_digest"
    conn.execute(f"INSERT INTO attempts ({columns}) SELECT {columns} FROM attempts_2 ORDER BY id")
    conn.execute("DROP TABLE attempts_2")


def _migrated_copy(conn: sqlite3.Connection, where: str) -> sqlite3.Connection:
    """A migrated copy in memory of the open, checked file of an older schema (to read it only);
    ``conn`` is closed."""
    mem = sqlite3.connect(":memory:")
    try:
        conn.backup(mem)
        conn.rollback()
        conn.close()
        mem.execute("BEGIN")
        _migrate(mem, where)
        mem.commit()
    except BaseException:
        mem.close()
        raise
    return mem


# Values the code reading the file relies on (statistics, Leitner boxes, replaying drills);
# SQLite itself lets a column hold any type.
_BAD_ATTEMPT = """SELECT id FROM attempts WHERE NOT (
    typeof(kind) = 'text' AND typeof(level) = 'integer' AND typeof(answer) = 'text'
    AND typeof(correct) = 'integer' AND correct IN (0, 1)
    AND typeof(seconds) IN ('integer', 'real') AND typeof(at) IN ('integer', 'real')
    AND typeof(rules) = 'text' AND rules <> '' AND typeof(rules_digest) = 'text'
    AND (typeof(puzzle_id) = 'text' AND drill_seed IS NULL AND game_question IS NULL
         OR puzzle_id IS NULL AND typeof(drill_seed) = 'integer' AND drill_seed >= 0 AND game_question IS NULL
         OR puzzle_id IS NULL AND drill_seed IS NULL AND typeof(game_question) = 'integer'
            AND game_question IN (SELECT id FROM game_questions))
) ORDER BY id LIMIT 1"""
_BAD_REVIEW = f"""SELECT item FROM reviews WHERE NOT (
    typeof(rules) = 'text' AND rules <> ''
    AND typeof(box) = 'integer' AND box BETWEEN 1 AND {TOP_BOX}
    AND typeof(due) IN ('integer', 'real') AND typeof(last) IN ('integer', 'real')
) ORDER BY item LIMIT 1"""
_BAD_GAME_QUESTION = """SELECT id FROM game_questions WHERE NOT (
    typeof(rules) = 'text' AND rules <> '' AND typeof(position) = 'text' AND typeof(options) = 'text'
    AND typeof(best) = 'text' AND typeof(follow) IN ('text', 'null') AND typeof(played) = 'text'
    AND typeof(loss) IN ('integer', 'real') AND loss >= 0
    AND typeof(why_en) = 'text' AND typeof(why_zh) = 'text' AND typeof(source_en) = 'text'
    AND typeof(source_zh) = 'text' AND typeof(added) IN ('integer', 'real')
) ORDER BY id LIMIT 1"""


def _check_rows(conn: sqlite3.Connection, where: str) -> None:
    bad = conn.execute(_BAD_GAME_QUESTION).fetchone()
    if bad:
        raise ProgressError(f"{where} is damaged: question {bad[0]} from a game has a value of the wrong type; {_FIX}")
    for rowid, options, best in conn.execute("SELECT id, options, best FROM game_questions ORDER BY id"):
        if not _is_tag_list(options) or best not in json.loads(options):
            raise ProgressError(f"{where} is damaged: question {rowid} from a game has options "
                                f"{_shorten(repr(options), 40)}, not a JSON list of moves holding its answer; {_FIX}")
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
    games = {r[0] for r in conn.execute("SELECT id FROM game_questions")}
    for (item,) in conn.execute("SELECT item FROM reviews ORDER BY item"):
        if not _is_item(item, games):
            raise ProgressError(f"{where} is damaged: review item {_shorten(repr(item), 40)} is neither "
                                f"puzzle:ID nor drill:SEED (SEED a whole number 0 to {MAX_SEED}) nor game:N "
                                f"(N a question from a game the file holds); {_FIX}")


def _is_item(key, games: set[int] | frozenset[int] = frozenset()) -> bool:
    """'puzzle:ID', 'drill:SEED' with a seed a progress file can store, or 'game:N' with N in ``games``."""
    if not isinstance(key, str):
        return False
    if key.startswith("puzzle:"):
        return len(key) > len("puzzle:")
    if key.startswith("game:"):
        n = key.removeprefix("game:")
        return n.isascii() and n.isdigit() and len(n) <= len(str(MAX_SEED)) and int(n) in games
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
