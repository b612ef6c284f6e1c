"""The learner's progress: every quiz attempt in SQLite, Leitner review boxes, statistics.

One file, ``progress.db`` under ``$PHZ_HOME``, else ``$XDG_DATA_HOME/phz``,
else ``~/.local/share/phz``; a ``path`` argument (the CLI's ``--db``)
overrides it.  Every attempt is committed on its own, the moment it is
recorded, so a quiz stopped in any way (q, end of input, Ctrl-C, a killed
process) keeps every answer already graded.

A question is an *item*: ``puzzle:ID`` for a library puzzle, ``drill:SEED``
for a generated drill (the seed regenerates it), ``game:N`` for a decision of
the learner's own game saved in the file (``solver.trainer.game_questions``;
due from the moment it is saved), within the ruleset it was
asked under: every attempt stores that ruleset's name and content digest
(``Ruleset.name``, ``Ruleset.digest``), and review boxes, the questions due
and the statistics are kept per ruleset.  Each attempt keeps the seconds from
the question shown to the answer graded: ``stats`` gives their mean per
kind, and the share of optimal choices (the right answers to questions that
are one choice among the moves open: discard and game questions).
``Store.reset`` (``phz stats --reset``) deletes the attempts and review boxes
(of one ruleset, or all); the questions saved from games stay.  Spaced review follows the
Leitner system: each item sits in a box 1-5; a miss puts it back in box 1, a
right answer moves it one box up (a first right answer lands in box 2).  The
box sets when the item is due again (``INTERVALS``): a missed item comes back
after ten minutes, a well-known one after a month.

The schema is versioned (``PRAGMA user_version``) and the file is marked
as ours (``PRAGMA application_id``); ``solver.trainer.progress_file`` opens
and checks it.  An older schema is migrated in place when a quiz opens the
file (one transaction: all of it or nothing), and read through a migrated
copy in memory when only reading (``phz stats``): schema 1 (before
rulesets) becomes 2, its attempts and reviews those of the default
ruleset, the only one phz had then, with an empty digest (not recorded);
schema 2 becomes 3, which adds the questions from games.
A file that is not SQLite, is damaged (anywhere: the whole file, its
columns and its values are checked when it is opened), is an SQLite
database of another program, cannot be written or is locked by another
program raises ``ProgressError`` with a one-line message when it is
opened, before a quiz asks anything; it is never reset or overwritten.
"""
from __future__ import annotations

import json
import os
import sqlite3
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator, Mapping, Protocol

from ..text.catalogue import say
from ..text.words import tag_in
from ..vocabulary import CHOICE_KINDS
from .progress_file import (
    APPLICATION_ID,
    BUSY_TIMEOUT,
    MAX_SEED,
    OPEN_TIMEOUT,
    SCHEMA_1_RULES,
    SCHEMA_VERSION,
    TOP_BOX,
    ProgressError,
    open_file,
    problem,
)

__all__ = ["APPLICATION_ID", "BUSY_TIMEOUT", "DAY", "FILE_NAME", "GAME_COLUMNS", "INTERVALS", "MAX_SEED", "MINUTE",
           "OPEN_TIMEOUT", "SCHEMA_1_RULES", "SCHEMA_VERSION", "TOP_BOX", "GameRef", "ProgressError", "Store",
           "default_path", "empty_stats", "item_key", "next_box", "reset", "stats", "stats_lines"]

FILE_NAME = "progress.db"
MINUTE, DAY = 60.0, 86400.0
#: Leitner box -> seconds until the item is due again
INTERVALS = {1: 10 * MINUTE, 2: DAY, 3: 3 * DAY, 4: 7 * DAY, 5: 30 * DAY}
assert max(INTERVALS) == TOP_BOX and min(INTERVALS) == 1


class RulesetLike(Protocol):
    """What an attempt stores of its ruleset (a ``solver.model.ruleset.Ruleset``)."""
    # read-only, as the fields of a frozen Ruleset are
    @property
    def name(self) -> str: ...
    @property
    def digest(self) -> str: ...


def default_path(environ: Mapping[str, str] | None = None) -> Path:
    """``$PHZ_HOME/progress.db``, else ``$XDG_DATA_HOME/phz/progress.db``, else ``~/.local/share/phz/progress.db``.
    A relative ``$XDG_DATA_HOME`` is ignored, as the XDG base directory specification says (it would put
    the file in whatever folder phz runs in)."""
    env = os.environ if environ is None else environ
    if env.get("PHZ_HOME"):
        return Path(env["PHZ_HOME"]).expanduser() / FILE_NAME
    data = Path(env["XDG_DATA_HOME"]).expanduser() if env.get("XDG_DATA_HOME") else None
    if data is not None and data.is_absolute():
        return data / "phz" / FILE_NAME
    home = Path(env["HOME"]) if env.get("HOME") else Path.home()
    return home / ".local" / "share" / "phz" / FILE_NAME


#: the columns of a question from a game (table game_questions) that ``Store.add_game_questions`` fills
GAME_COLUMNS = ("rules", "position", "options", "best", "follow", "played", "loss", "why_en", "why_zh", "source_en",
                "source_zh")


@dataclass(frozen=True)
class GameRef:
    """A question from a game as ``Store.due_reviews`` lists it: its row id in game_questions."""
    id: int


def item_key(*, puzzle_id: str | None = None, seed: int | None = None, game_id: int | None = None) -> str:
    """The review item of a puzzle, a drill or a question from a game."""
    if sum(x is not None for x in (puzzle_id, seed, game_id)) != 1:
        raise ValueError("an attempt is about a puzzle id, a drill seed or a question from a game (exactly one)")
    if seed is not None and not 0 <= int(seed) <= MAX_SEED:
        raise ValueError(f"drill seed {seed} is outside 0 to {MAX_SEED}, which a progress file can store")
    if game_id is not None:
        return f"game:{int(game_id)}"
    if puzzle_id is not None:
        return f"puzzle:{puzzle_id}"
    assert seed is not None  # exactly one of the three is given
    return f"drill:{int(seed)}"


def _item(key: str) -> str | int | GameRef:
    """A review item as due_reviews lists it: the puzzle id (str), the drill seed (int) or a GameRef."""
    what, _, value = key.partition(":")
    return int(value) if what == "drill" else GameRef(int(value)) if what == "game" else value


class Store:
    """An open progress file.  Use as a context manager, or call ``close``.

    Opening checks the whole file and, unless ``writable`` is False (reading
    only, as ``phz stats`` does), that an attempt can be written to it now;
    ProgressError (one line) otherwise.  Later SQLite errors are ProgressError too.
    """

    def __init__(self, path: str | Path | None = None, *, environ: Mapping[str, str] | None = None,
                 writable: bool = True):
        self.path = Path(path).expanduser() if path is not None else default_path(environ)
        self._conn = open_file(self.path, writable=writable)

    @contextmanager
    def _sqlite_errors(self, doing: str = "") -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as e:
            raise ProgressError(doing + problem(str(self.path), e)) from None

    # ------------------------------------------------------------ writing

    def record(self, *, rules: RulesetLike, kind: str, level: int, tags: Iterable[str], answer: str,
               correct: bool, seconds: float, at: float, puzzle_id: str | None = None,
               seed: int | None = None, game_id: int | None = None) -> None:
        """Store one graded attempt, asked under ``rules``, and move its item between the
        Leitner boxes of that ruleset, in one commit."""
        key = item_key(puzzle_id=puzzle_id, seed=seed, game_id=game_id)
        name, digest = _rules_name(rules), str(rules.digest)
        tags_json = json.dumps(list(tags), ensure_ascii=False)
        # One transaction: the attempt and its review move together (or neither, on an error).
        with self._sqlite_errors("the answer was not saved: "), self._conn:
            self._conn.execute(
                "INSERT INTO attempts (puzzle_id, drill_seed, kind, level, tags, answer, correct, seconds, at,"
                " rules, rules_digest, game_question) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (puzzle_id, seed, kind, int(level), tags_json, answer, int(bool(correct)), float(seconds),
                 float(at), name, digest, game_id))
            row = self._conn.execute("SELECT box FROM reviews WHERE rules = ? AND item = ?", (name, key)).fetchone()
            box = next_box(row[0] if row else None, correct)
            self._conn.execute(
                "INSERT INTO reviews (rules, item, box, due, last) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (rules, item) DO UPDATE SET box = excluded.box, due = excluded.due,"
                " last = excluded.last",
                (name, key, box, float(at) + INTERVALS[box], float(at)))

    def add_game_questions(self, rows: Iterable[Mapping], *, at: float) -> int:
        """Store questions from games (dicts of GAME_COLUMNS; ``options`` a list of move texts), saved at
        ``at``, in one commit; one already held (the same position and best move) is kept as it was.
        Returns how many are new."""
        names = ", ".join(GAME_COLUMNS)
        marks = ", ".join("?" * (len(GAME_COLUMNS) + 1))
        new = 0
        with self._sqlite_errors("the questions were not saved: "), self._conn:
            for row in rows:
                values = [json.dumps(list(row[c]), ensure_ascii=False) if c == "options" else row[c]
                          for c in GAME_COLUMNS]
                cur = self._conn.execute(f"INSERT INTO game_questions ({names}, added) VALUES ({marks})"
                                         " ON CONFLICT (position, best) DO NOTHING", (*values, float(at)))
                new += cur.rowcount
        return new

    def game_questions(self, ids: Iterable[int] | None = None, *, rules: str | RulesetLike | None = None) -> list[dict]:
        """The questions from games with these ``ids`` (every one when None), of ruleset ``rules`` (any when None),
        by id: dicts of ``id``, GAME_COLUMNS (``options`` decoded) and ``added``."""
        where: list[str] = []
        args: list[int | str] = []
        if ids is not None:
            ids = [int(i) for i in ids]
            where.append(f"id IN ({', '.join('?' * len(ids))})")
            args += ids
        if rules is not None:
            where.append("rules = ?")
            args.append(_rules_name(rules))
        sql = f"SELECT id, {', '.join(GAME_COLUMNS)}, added FROM game_questions"
        with self._sqlite_errors():
            cur = self._conn.execute(sql + (" WHERE " + " AND ".join(where) if where else "") + " ORDER BY id", args)
            names = [c[0] for c in cur.description]
            rows = [dict(zip(names, r)) for r in cur.fetchall()]
        for row in rows:
            row["options"] = tuple(json.loads(row["options"]))
        return rows

    # ------------------------------------------------------------ reading

    def due_reviews(self, now: float, *, rules: str | RulesetLike) -> list[str | int | GameRef]:
        """Items of ruleset ``rules`` (a name or a ruleset) due at ``now``, most overdue first:
        puzzle ids (str), drill seeds (int) and questions from games (GameRef; one never asked is
        due from the time it was saved)."""
        name = _rules_name(rules)
        with self._sqlite_errors():
            rows = self._conn.execute(
                "SELECT item, due, box FROM reviews WHERE rules = ? AND due <= ? UNION ALL"
                f" SELECT 'game:' || id, added, 0 FROM game_questions WHERE rules = ? AND {_UNASKED} AND added <= ?"
                " ORDER BY 2, 3, 1", (name, float(now), name, float(now))).fetchall()
        return [_item(r[0]) for r in rows]

    def review(self, *, rules: str | RulesetLike, puzzle_id: str | None = None,
               seed: int | None = None, game_id: int | None = None) -> tuple[int, float] | None:
        """(box, due) of an item under ruleset ``rules``, or None when it was never attempted under it."""
        key = item_key(puzzle_id=puzzle_id, seed=seed, game_id=game_id)
        with self._sqlite_errors():
            row = self._conn.execute("SELECT box, due FROM reviews WHERE rules = ? AND item = ?",
                                     (_rules_name(rules), key)).fetchone()
        return (row[0], row[1]) if row else None

    def attempted_puzzles(self, *, rules: str | RulesetLike) -> set[str]:
        """The puzzles attempted under ruleset ``rules``."""
        with self._sqlite_errors():
            return {r[0] for r in self._conn.execute(
                "SELECT DISTINCT puzzle_id FROM attempts WHERE puzzle_id IS NOT NULL AND rules = ?",
                (_rules_name(rules),))}

    def attempts(self) -> list[dict]:
        """Every attempt, oldest first, as dicts (tags decoded; ``rules`` and ``rules_digest`` its ruleset)."""
        with self._sqlite_errors():
            cur = self._conn.execute("SELECT id, puzzle_id, drill_seed, kind, level, tags, answer, correct,"
                                     " seconds, at, rules, rules_digest FROM attempts ORDER BY id")
            names = [c[0] for c in cur.description]
            rows = cur.fetchall()
        out = []
        for row in rows:
            d = dict(zip(names, row))
            d["tags"] = json.loads(d["tags"])
            d["correct"] = bool(d["correct"])
            out.append(d)
        return out

    def stats(self, now: float, *, rules: str | RulesetLike | None = None) -> dict:
        """Totals, the current streak of right answers, items due, and totals by ruleset, kind,
        level and tag: of ruleset ``rules`` (a name or a ruleset) alone, or of every ruleset when None."""
        name = None if rules is None else _rules_name(rules)
        where = "" if name is None else " WHERE rules = ?"
        args = () if name is None else (name,)
        with self._sqlite_errors():
            rows = self._conn.execute(f"SELECT rules, kind, level, tags, correct, seconds FROM attempts{where}"
                                      " ORDER BY id", args).fetchall()
            due = dict(self._conn.execute(
                f"SELECT rules, COUNT(*) FROM (SELECT rules FROM reviews WHERE due <= ? UNION ALL SELECT rules"
                f" FROM game_questions WHERE {_UNASKED}"
                f" AND added <= ?){where} GROUP BY rules", (float(now), float(now)) + args).fetchall())
        return _stats(rows, due, name)

    def reset(self, *, rules: str | RulesetLike | None = None) -> dict:
        """Delete every attempt and review box of ruleset ``rules`` (of every ruleset when None), in one commit;
        the questions saved from games stay (they come back as new).  Returns how many of each went."""
        where, args = ("", ()) if rules is None else (" WHERE rules = ?", (_rules_name(rules),))
        with self._sqlite_errors("nothing was reset: "), self._conn:
            attempts = self._conn.execute(f"DELETE FROM attempts{where}", args).rowcount
            reviews = self._conn.execute(f"DELETE FROM reviews{where}", args).rowcount
            kept = self._conn.execute(f"SELECT COUNT(*) FROM game_questions{where}", args).fetchone()[0]
        return {"attempts": attempts, "reviews": reviews, "game_questions_kept": kept}

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


#: a question from a game never asked under its ruleset (it has no review yet)
_UNASKED = ("NOT EXISTS (SELECT 1 FROM reviews WHERE reviews.rules = game_questions.rules"
            " AND reviews.item = 'game:' || game_questions.id)")


def _rules_name(rules: str | RulesetLike) -> str:
    name = rules if isinstance(rules, str) else rules.name
    if not isinstance(name, str) or not name:
        raise ValueError(f"{rules!r} is not a ruleset (nor the name of one)")
    return name


def next_box(box: int | None, correct: bool) -> int:
    """Leitner: a miss goes back to box 1; a right answer one box up (a first one to box 2)."""
    if not correct:
        return 1
    return min((box or 1) + 1, TOP_BOX)


def _mean(total: float, n: int) -> float | None:
    return round(total / n, 1) if n else None


def _stats(rows, due: Mapping[str, int], rules: str | None = None) -> dict:
    def bump(table: dict, key, ok: int) -> None:
        entry = table.setdefault(key, {"attempts": 0, "correct": 0})
        entry["attempts"] += 1
        entry["correct"] += ok

    by_rules: dict = {}
    by_kind: dict = {}
    by_level: dict = {}
    by_tag: dict = {}
    seconds: dict = {}
    optimal = {"attempts": 0, "correct": 0}
    correct = 0
    for name, kind, level, tags, ok, took in rows:
        correct += ok
        bump(by_rules, name, ok)
        bump(by_kind, kind, ok)
        seconds[kind] = seconds.get(kind, 0.0) + took
        if kind in CHOICE_KINDS:
            optimal["attempts"] += 1
            optimal["correct"] += ok
        if level:  # 0: a question from a game, which has no level
            bump(by_level, level, ok)
        for tag in json.loads(tags):
            bump(by_tag, tag, ok)
    streak = 0
    for row in reversed(rows):
        if not row[4]:
            break
        streak += 1
    by_rules = {name: {**v, "due": due.get(name, 0)} for name, v in sorted(by_rules.items())}
    by_kind = {k: {**v, "mean_seconds": _mean(seconds[k], v["attempts"])} for k, v in sorted(by_kind.items())}
    return {"attempts": len(rows), "correct": correct, "streak": streak, "due": sum(due.values()),
            "mean_seconds": _mean(sum(seconds.values()), len(rows)), "optimal": optimal,
            "by_kind": by_kind, "by_level": dict(sorted(by_level.items())),
            "by_tag": dict(sorted(by_tag.items())), "rules": rules, "by_rules": by_rules}


def empty_stats(rules: str | None = None) -> dict:
    return _stats([], {}, rules)


def stats(path: str | Path | None = None, *, now: float, rules: str | RulesetLike | None = None,
          environ: Mapping[str, str] | None = None) -> dict:
    """``Store.stats`` of the file at ``path`` (default file when None), of ruleset ``rules``
    or of every ruleset, without creating a missing file or migrating an old one."""
    target = Path(path).expanduser() if path is not None else default_path(environ)
    if not target.exists() or (target.is_file() and target.stat().st_size == 0):
        return empty_stats(None if rules is None else _rules_name(rules))
    with Store(target, writable=False) as store:  # a read-only file still shows its statistics
        return store.stats(now, rules=rules)


def stats_lines(s: dict, lang: str = "en", kind_name: Callable[[str], str] = str) -> list[str]:
    """``phz stats`` as text lines: the totals, the optimal choices and the mean answer time, then a table
    per ruleset, kind (with each kind's mean time; ``kind_name``: a kind as the language names it), level
    and tag (in Chinese, ``words.tag_in``)."""
    from tabulate import tabulate

    zh = lang == "zh"

    def pct(ok: int, n: int) -> str:
        return f"{100 * ok / n:.0f}%" if n else "—"

    def took(mean: float | None) -> str:
        return "—" if mean is None else say("progress.seconds", zh, mean=mean)

    which = f"{s['rules']}: " if s.get("rules") else ""  # the statistics of one ruleset (--rules)
    best = s.get("optimal") or {"attempts": 0, "correct": 0}
    lines = [say("progress.totals", zh, which=which, attempts=s["attempts"], correct=s["correct"],
                 rate=pct(s["correct"], s["attempts"]), streak=s["streak"], due=s["due"],
                 _s="" if s["attempts"] == 1 else "s")]
    if s["attempts"]:
        lines.append(say("progress.mean_time", zh, took=took(s.get("mean_seconds"))) + (
            say("progress.optimal", zh, attempts=best["attempts"], correct=best["correct"],
                rate=pct(best["correct"], best["attempts"])) if best["attempts"] else ""))
    for key, head in (("by_rules", "ruleset"), ("by_kind", "kind"), ("by_level", "level"), ("by_tag", "tag")):
        table = s.get(key)
        if not table:
            continue
        name = {"by_kind": kind_name, "by_tag": lambda t: tag_in(t, lang)}.get(key, str)
        rows = [[name(k), v["attempts"], v["correct"], pct(v["correct"], v["attempts"])] + ([v["due"]] if "due" in v else [])
                + ([took(v["mean_seconds"])] if "mean_seconds" in v else []) for k, v in table.items()]
        headers = [say(f"progress.col_{head}", zh), say("progress.col_attempts", zh), say("progress.col_correct", zh),
                   say("progress.col_rate", zh)]
        if key == "by_rules":
            headers.append(say("progress.col_due", zh))
        if key == "by_kind":
            headers.append(say("progress.col_mean_time", zh))
        lines += ["", tabulate(rows, headers, tablefmt="simple", disable_numparse=True)]
    return lines


def reset(path: str | Path | None = None, *, rules: str | RulesetLike | None = None,
          environ: Mapping[str, str] | None = None) -> dict | None:
    """``Store.reset`` of the file at ``path`` (default file when None); None, creating nothing, when the file
    holds no progress yet."""
    target = Path(path).expanduser() if path is not None else default_path(environ)
    if not target.exists() or (target.is_file() and target.stat().st_size == 0):
        return None
    with Store(target) as store:
        return store.reset(rules=rules)
