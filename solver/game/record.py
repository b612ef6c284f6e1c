"""Game records: one versioned JSON Lines format for the hands ``phz play`` and ``phz sim`` play, and for a
game typed in from a real table (README: Game records).

Line 1 is the header: the format and its version, the engine's version, the
ruleset (its name, digest and whole resolved content, so that the record
replays after a house-rules file changed or went), the session's seed, the
seats and what the session was.  Then each hand: a ``hand`` line (its
number, the seed its deal came from), then the engine's events, one a line,
each as ``solver.game.events.to_json`` writes it (``deal``, ``meld``, ``draw``,
``move``, ``discard``, ``take``, ``faceup``, ``win``, ``drawn``,
``penalty``, ``settle``).  An ``end`` line closes the record: the hands
played and the scores.

``Recorder`` writes a record while the game is played, each line flushed as
it is written, so a game stopped by q or Ctrl-C keeps its record so far.
``read`` / ``parse`` give a ``Record`` or refuse the text with
``RecordError(line, message)``; ``solver.game.replay`` re-plays it through
the engine.

>>> import io
>>> from solver.model.rules import get_ruleset
>>> from solver.game.engine import Game
>>> from solver.game.players import RandomBot, play_hand
>>> out, rules = io.StringIO(), get_ruleset("hunan")
>>> with Recorder(out, rules, seed=7, seats=["random"] * 3) as rec:
...     game = Game(rules, seed=7)
...     rec.hand(game, seed=7)
...     _ = play_hand(game, [RandomBot(7, s) for s in range(3)])
...     rec.sync()
>>> record = parse(out.getvalue())
>>> len(record.hands), record.hands[0].seed, record.rules.name, record.end[1]["scores"] == list(game.result.net)
(1, 7, 'hunan', True)
>>> parse('{"format": "phz-game", "version": 9, "ruleset": "hunan"}')
Traceback (most recent call last):
...
solver.game.record.RecordError: line 1: this record is format version 9, written by a newer phz; this phz reads version 2 (upgrade phz to replay it)
"""
from __future__ import annotations

import json
import os
import threading
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, ContextManager, Iterable, Sequence, TextIO

from .. import limits
from ..model import files
from ..model.rules import Ruleset
from ..model.shown import printable, quoted, value_text
from .events import KINDS, line_fields, to_json
from .record_rules import RulesetRefused, ruleset_of, ruleset_of_version_1
from .table import ENGINE_VERSION

__all__ = ["EVENTS", "FIELDS", "FORMAT", "VERSION", "HandRecord", "Record", "RecordError", "Recorder", "dumps",
           "header", "parse", "read", "write"]

#: the format's name, in every header
FORMAT = "phz-game"
#: the format's version: a record of another version is refused, saying which (version 1, before tables
#: of four and two, is read as a table of three)
VERSION = 2
#: every kind of line after the header (the engine's events, and the record's own: hand, end)
EVENTS = ("hand", "deal", "meld", "draw", "move", "discard", "take", "faceup", "win", "drawn", "penalty",
          "settle", "end")
#: the header's fields (format, version and ruleset are needed; engine only for a strict replay)
HEADER_FIELDS = ("format", "version", "engine", "phz", "seed", "seats", "session", "ruleset")
#: a hand line's fields
HAND_FIELDS = ("e", "hand", "seed", "seats", "info")
#: the fields of each kind of line after the header ("e" is the kind): an engine's event's are its class's
#: (``solver.game.events``); README: Game records
FIELDS = {"hand": HAND_FIELDS, **{k: line_fields(KINDS[k]) for k in EVENTS if k in KINDS},
          "end": ("e", "hands", "scores")}
assert set(FIELDS) == set(EVENTS)

_SEAT, _TILES, _WORD = ("int", limits.SEAT), ("str?", None), ("str", None)
_SCORE, _SCORES, _WORDS = ("int", limits.SCORE), ("ints", limits.SCORE), ("strs", None)
#: what each field of a line holds: a type and, for numbers, their range (a line's "e" is checked apart)
TYPES: dict[str, dict[str, tuple[str, tuple[int, int] | None]]] = {
    "hand": {"hand": ("int", limits.HANDS), "seed": ("int?", limits.SEED), "seats": ("list", None),
             "info": ("dict", None)},
    "deal": {"dealer": _SEAT, "hands": _WORDS, "stock": _TILES, "liang": ("str?", None), "out": _SEAT,
             "last": _TILES, "buried": _TILES},
    "meld": {"seat": _SEAT, "kind": _WORD, "tiles": _TILES, "dealt": ("bool", None)},
    "draw": {"seat": _SEAT, "tile": _TILES},
    "move": {"seat": _SEAT, "stage": _WORD, "tile": _TILES, "offered": _WORDS, "move": ("str?", None),
             "offence": ("str?", None)},
    "discard": {"seat": _SEAT, "tile": _TILES},
    "take": {"seat": _SEAT, "kind": _WORD, "tile": _TILES, "melds": _WORDS},
    "faceup": {"seat": _SEAT, "tile": _TILES},
    "win": {"seat": _SEAT, "tile": _TILES, "source": _WORD, "conditions": _WORDS, "how": _WORD, "huxi": _SCORE,
            "deng": _SCORE, "fan": _SCORE, "fan_names": _WORDS, "score": _SCORE},
    "drawn": {},
    "penalty": {"seat": _SEAT, "offence": _WORD, "amount": _SCORE},
    "settle": {"net": _SCORES},
    "end": {"hands": ("int", (0, limits.HANDS[1])), "scores": _SCORES},
}
assert all(set(TYPES[k]) == set(FIELDS[k][1:]) for k in EVENTS)
_TYPE_WORDS = {"int": "a whole number", "int?": "a whole number or null", "str": "a string", "str?": "a string or null",
               "bool": "true or false", "list": "a list", "dict": "a table", "ints": "a list of whole numbers",
               "strs": "a list of strings"}


def _fits(value, kind: str, bounds) -> bool:
    if value is None and kind.endswith("?"):
        return True
    kind = kind.rstrip("?")
    if kind == "int":
        return limits.check(value, bounds)
    if kind == "ints":
        return isinstance(value, list) and all(limits.check(v, bounds) for v in value)
    if kind == "strs":
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    return isinstance(value, {"str": str, "bool": bool, "list": list, "dict": dict}[kind])


def _check_types(no: int, kind: str, obj: dict) -> None:
    """Each field of a line holds what it should (``TYPES``): one line naming the first that does not."""
    for name, value in obj.items():
        if name == "e":
            continue
        want, bounds = TYPES[kind][name]
        if not _fits(value, want, bounds):
            where = f" from {bounds[0]} to {bounds[1]}" if bounds else ""
            raise RecordError(no, f"the {kind} line's {name!r} is {value_text(value)}: it holds "
                                  f"{_TYPE_WORDS[want]}{where}")


class RecordError(ValueError):
    """A record that cannot be read or does not replay: ``line`` (1-based) and a one-line message.
    ``internal``: the engine itself failed there (a bug to report, not the record's fault);
    ``breaks_rule``: a move that is not legal, which a lenient replay may accept (a real table's offence)."""

    def __init__(self, line: int, message: str, *, internal: bool = False, breaks_rule: bool = False):
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.reason = message
        self.internal = internal
        self.breaks_rule = breaks_rule

    def at(self, file: str) -> str:
        """One line naming where: ``file`` and the line (line 0, the file itself: the reason names it)."""
        return self.reason if self.line == 0 else f"{printable(file)} line {self.line}: {self.reason}"


def dumps(obj: dict) -> str:
    """One record line: compact JSON, the glyphs as they are."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _plain(value):
    """The ruleset's content as plain JSON data (its tables are read-only mappings)."""
    if hasattr(value, "items"):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _seat_entry(seat) -> dict:
    if isinstance(seat, dict):
        return dict(seat)
    return {"name": str(seat), "player": str(seat)}


def header(rules: Ruleset, *, seed: int | None = None, seats: Sequence = (), session: dict | None = None) -> dict:
    """The header line of a record of games under ``rules`` (module docstring).  ``seats``: one entry a seat,
    a dict (name, player) or a player's name; ``session``: what the session was (JSON-ready)."""
    from importlib.metadata import PackageNotFoundError, version
    try:
        phz = version("phz")
    except PackageNotFoundError:  # a checkout run without installing
        phz = ""
    return {"format": FORMAT, "version": VERSION, "engine": ENGINE_VERSION, "phz": phz, "seed": seed,
            "seats": [_seat_entry(s) for s in seats], "session": dict(session or {}),
            "ruleset": {"name": rules.name, "digest": rules.digest, "content": _plain(rules.data)}}


# ---------------------------------------------------------------- writing

class Recorder:
    """Writes a record as it is played: the header at once, then each hand's events when ``sync`` is
    called (after every move), every line written whole as it comes; ``close`` writes the end line.

    ``out`` is a path (the file is created, or replaced) or an open text stream.  A file is written
    with one ``os.write`` a line, unbuffered: a process stopped at any moment leaves whole lines.
    ``sync`` and ``hand`` run on the thread that plays; ``close_now`` is for a signal's watcher thread
    (``solver.app.signals``) while that thread may be anywhere: it writes the end line only (the
    events written so far end with a whole move) and gives up rather than wait for the playing
    thread, leaving the record cut short, which a lenient replay reads.
    """

    def __init__(self, out: str | Path | TextIO, rules: Ruleset, *, seed: int | None = None,
                 seats: Sequence = (), session: dict | None = None,
                 guard: Callable[[], ContextManager] = nullcontext):
        self._guard = guard  # around each writing of lines on the playing thread (signals.deferred)
        self._fd: int | None = None
        self._file: TextIO | None = None
        if isinstance(out, (str, Path)):
            self._fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0), 0o666)
        else:
            self._file = out
        self.rules = rules
        self.hands = 0
        self.scores = [0] * rules.game.players
        self._game = None
        self._written = 0  # events of the current game written
        self._counted = False  # the current game's result is in the scores
        self._closed = False
        self.ended = False  # the end line is written
        self._lock = threading.Lock()
        with self._lock:
            self._line(header(rules, seed=seed, seats=seats, session=session))

    def _line(self, obj: dict) -> None:
        data = dumps(obj) + "\n"
        if self._file is not None:
            self._file.write(data)
            self._file.flush()
            return
        view = memoryview(data.encode("utf-8"))
        assert self._fd is not None  # no stream given: the file opened, open until _release (after the last line)
        while view:  # a regular file takes the whole line at once; a short write only when the disk is full
            view = view[os.write(self._fd, view):]

    def hand(self, game, *, seed: int | None = None, seats: Sequence | None = None,
             info: dict | None = None) -> None:
        """A new hand: its hand line (``seed``: the seed its deal came from, if any; ``seats`` when they
        differ from the header's), then ``game``'s events so far; ``sync`` writes the rest."""
        self.sync()
        with self._guard(), self._lock:
            if self._closed:
                return
            line = {"e": "hand", "hand": self.hands + 1, "seed": seed}
            if seats is not None:
                line["seats"] = [_seat_entry(s) for s in seats]
            if info:
                line["info"] = dict(info)
            self._line(line)
            self.hands += 1
            self._game, self._written, self._counted = game, 0, False
            self._sync()  # the hand line and its deal together: a record never ends between them

    def sync(self) -> None:
        """Write the current hand's events not written yet (on the thread that plays, between moves)."""
        with self._guard(), self._lock:
            if not self._closed:
                self._sync()

    def _sync(self) -> None:
        game = self._game
        if game is None:
            return
        events = game.events
        while self._written < len(events):
            self._line(to_json(events[self._written]))
            self._written += 1  # counted line by line: a write that fails leaves the count right
        if game.result is not None and not self._counted:
            self._counted = True
            for p, v in enumerate(game.result.net):
                self.scores[p] += v

    def close(self) -> None:
        """The events not written yet, then the end line (hands played, scores of the finished hands);
        closes a file the recorder opened."""
        with self._guard(), self._lock:
            if self._closed:
                return
            try:
                self._sync()
                self._end()
            finally:
                self._release()

    def close_now(self, wait: float = 0.5) -> bool:
        """From another thread, the playing one stopped wherever it was (a signal): the end line after the
        lines written so far, unless the playing thread holds the record for longer than ``wait`` seconds.
        True when the record has its end line."""
        if not self._lock.acquire(timeout=wait):
            return False
        try:
            if not self._closed:
                try:
                    self._end()
                except OSError:
                    pass
                self._release()
            return self.ended
        finally:
            self._lock.release()

    def _end(self) -> None:
        self._line({"e": "end", "hands": self.hands, "scores": list(self.scores)})
        self.ended = True

    def _release(self) -> None:
        self._closed = True
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> "Recorder":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def write(out: str | Path | TextIO, rules: Ruleset, games: Iterable, *, seeds: Iterable[int | None] = (),
          seed: int | None = None, seats: Sequence = (), session: dict | None = None) -> None:
    """A whole record of finished (or stopped) ``games`` at once, ``seeds`` their deals' seeds."""
    seeds = list(seeds)
    with Recorder(out, rules, seed=seed, seats=seats, session=session) as rec:
        for i, game in enumerate(games):
            rec.hand(game, seed=seeds[i] if i < len(seeds) else None)


# ---------------------------------------------------------------- reading

@dataclass
class HandRecord:
    """One hand of a record: its hand line (``line`` 0 when a typed record leaves it out), its seed,
    its events as (line number, event), and the line number just after its last line."""
    line: int
    index: int
    seed: int | None
    events: list[tuple[int, dict]] = field(default_factory=list)
    seats: list | None = None
    after: int = 0


@dataclass
class Record:
    """A record as read: the header, its ruleset, the hands, the end line (line, event) if any."""
    header: dict
    rules: Ruleset
    hands: list[HandRecord]
    end: tuple[int, dict] | None
    where: str = ""
    lines: int = 0  # the number of the last line

    @property
    def typed(self) -> bool:
        """A record a person typed in (no engine version in the header): strict replay needs one."""
        return "engine" not in self.header

    @property
    def cut(self) -> bool:
        """A record phz wrote that has no end line: its writer was stopped (killed, or a signal it could not
        answer in time), so it replays leniently, as far as it goes."""
        return self.end is None and not self.typed

    @property
    def lenient(self) -> bool:
        """Whether the record replays leniently: typed in, or cut short."""
        return self.typed or self.cut


def read(path: str | Path, *, rules: Ruleset | None = None) -> Record:
    """The record in the file ``path`` (a regular file of at most ``limits.RECORD_BYTES``); RecordError
    (line 0: the file itself) otherwise.  ``rules``: the ruleset the user gave (``ruleset_of``)."""
    p = Path(path)
    try:
        data = files.read_bytes(p, limit=limits.RECORD_BYTES, what="record")
    except files.FileRefused as e:
        raise RecordError(0, str(e)) from None
    return parse(data, where=str(p), folder=p.parent, rules=rules)


def parse(text: str | bytes, *, where: str = "", folder: Path | None = None, rules: Ruleset | None = None) -> Record:
    """The record ``text`` holds (blank lines and lines starting with # are skipped); RecordError naming
    the first line that is not a record's.  ``folder``: where the record is (a ruleset file it names must
    be there; default the current folder); ``rules``: the ruleset the user gave (``ruleset_of``)."""
    if isinstance(text, bytes):
        lines: list[str] = []
        for no, raw in enumerate(text.split(b"\n"), 1):
            try:
                lines.append(raw.decode("utf-8"))
            except UnicodeDecodeError as e:
                raise RecordError(no, f"not UTF-8 text (byte 0x{raw[e.start]:02x} at column {e.start + 1})") \
                    from None
    else:
        lines = text.split("\n")
    if lines and lines[0].startswith("\ufeff"):
        lines[0] = lines[0][1:]
    objects = []
    for no, line in enumerate(lines, 1):
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        try:
            obj = files.loads_json(s, what="the line")
        except json.JSONDecodeError as e:
            raise RecordError(no, f"not a JSON object ({e.msg.removesuffix(' at')} at column {e.colno}): each line of a record is "
                                  "one JSON object") from None
        except files.FileRefused as e:
            raise RecordError(no, str(e)) from None
        if not isinstance(obj, dict):
            raise RecordError(no, f"a {type(obj).__name__} where a JSON object was expected: each line of a "
                                  "record is one JSON object")
        objects.append((no, obj))
    if not objects:
        raise RecordError(1, "the record is empty: its first line is the header "
                             f'({{"format": "{FORMAT}", "version": {VERSION}, "ruleset": "hunan"}})')
    no, head = objects[0]
    rules = _check_header(no, head, folder, rules)
    record = Record(head, rules, [], None, where, objects[-1][0])
    current: HandRecord | None = None
    for no, obj in objects[1:]:
        kind = obj.get("e", "move" if "move" in obj else None)
        if kind is None:
            raise RecordError(no, 'a line without its event kind "e" (a move needs at least "move")')
        if kind not in EVENTS:
            raise RecordError(no, f"unknown event {value_text(kind)}: a record line is one of {', '.join(EVENTS)}")
        if "format" in obj:
            raise RecordError(no, "a second header: a record has one, on its first line")
        unknown = [k for k in obj if k not in FIELDS[kind]]
        if unknown:
            raise RecordError(no, f"unknown field {quoted(unknown[0])} in a {kind} line (its fields: "
                                  f"{', '.join(FIELDS[kind][1:])})")
        _check_types(no, kind, obj)
        if record.end is not None:
            raise RecordError(no, f"a line after the end line (line {record.end[0]})")
        if kind == "end":
            if current is not None:
                current.after = no
            record.end = (no, obj)
            continue
        if kind == "hand":
            current = _hand_line(no, obj, record, current)
            continue
        if kind == "deal" and (current is None or current.events):
            # a typed record may leave out the hand lines (all of them): a deal begins a hand
            if current is not None and current.line:
                raise RecordError(no, f"a second deal in hand {current.index} (line {current.line}): a hand has "
                                      "one deal, and a new hand begins with its hand line")
            if current is not None:
                current.after = no
            current = HandRecord(0, len(record.hands) + 1, None)
            record.hands.append(current)
        if current is None:
            raise RecordError(no, f"a {kind} line before any hand: a hand begins with its deal line")
        if not current.events and kind != "deal":
            raise RecordError(no, f"hand {current.index} begins with a {kind} line: its first line is its deal")
        current.events.append((no, obj))
    if current is not None and not current.after:
        current.after = record.lines + 1
    if current is not None and not current.events:
        raise RecordError(current.after, f"hand {current.index} has no deal line")
    return record


def _hand_line(no: int, obj: dict, record: Record, current: HandRecord | None) -> HandRecord:
    if current is not None:
        if not current.events:
            raise RecordError(no, f"hand {current.index} (line {current.line}) has no deal line")
        current.after = no
    want = len(record.hands) + 1
    index, seed = obj.get("hand"), obj.get("seed")
    if index != want:
        raise RecordError(no, f"hand {value_text(index)} where hand {want} comes: the hands are numbered 1, 2, … in order")
    seats = obj.get("seats")
    if seats is not None and not isinstance(seats, list):
        raise RecordError(no, "the hand's seats must be a list")
    hand = HandRecord(no, index, seed, seats=seats)
    record.hands.append(hand)
    return hand


def _check_header(no: int, head: dict, folder: Path | None, given: Ruleset | None) -> Ruleset:
    if head.get("format") != FORMAT:
        raise RecordError(no, f"not a phz game record: its first line is the header, "
                              f'{{"format": "{FORMAT}", "version": {VERSION}, "ruleset": …}}')
    unknown = [k for k in head if k not in HEADER_FIELDS]
    if unknown:
        raise RecordError(no, f"unknown field {unknown[0]!r} in the header (its fields: {', '.join(HEADER_FIELDS)})")
    v = head.get("version")
    if v not in (1, VERSION):
        if isinstance(v, int) and not isinstance(v, bool) and v > VERSION:
            why = f"this record is format version {value_text(v)}, written by a newer phz; this phz reads version {VERSION} " \
                  "(upgrade phz to replay it)"
        elif isinstance(v, int) and not isinstance(v, bool):
            why = f"this record is format version {value_text(v)}, which this phz no longer reads (it reads version {VERSION})"
        else:
            why = f'the header needs "version": {VERSION} (the format version), not {value_text(v)}'
        raise RecordError(no, why)
    engine = head.get("engine", ENGINE_VERSION)
    if engine != ENGINE_VERSION:
        raise RecordError(no, f"this record was played by engine version {value_text(engine)}; this phz's engine is version "
                              f"{ENGINE_VERSION} and may play differently, so it cannot re-check it "
                              "(replay it with the phz that wrote it)")
    seed = head.get("seed")
    if seed is not None and not limits.check(seed, limits.SEED):
        raise RecordError(no, f"the header's seed {value_text(seed)} is not a whole number from {limits.SEED[0]} to "
                              f"{limits.SEED[1]}")
    if not isinstance(head.get("seats", []), list) or not isinstance(head.get("session", {}), dict):
        raise RecordError(no, "the header's seats must be a list and its session a table")
    if "ruleset" not in head:
        raise RecordError(no, 'the header names no ruleset: add "ruleset": "hunan" (a name or a ruleset file)')
    try:
        if v == 1:  # every table seated three
            return ruleset_of_version_1(head["ruleset"], no, folder, given=given)
        return ruleset_of(head["ruleset"], no, folder, given=given)
    except RulesetRefused as e:
        raise RecordError(e.line, e.reason) from None
