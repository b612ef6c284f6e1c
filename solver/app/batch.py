"""Batches of hand lines for ``phz ting`` and ``phz discard``: answering, --brief, --jobs.

A batch gets one answer line per hand line, in input order.  Plain answers
are the API's (``api.ting_many`` / ``api.discard_many``, shown by
``solver.text.render``, ``solver.text.jsonl``).  ``--brief`` answers come straight from the kernels' rows
(``solver.engine.wins``), with no dataclass in between: per wait its tile, live
outs, and 胡息 and score per source (README: Batches).  ``--jobs N`` splits
the lines into N chunks answered by N processes.

The lines are loaded by ``solver.app.loading`` (``load``: the API's hands
and error messages, the glyph lines counted at once).  Importing this
module does not import numba.
"""
from __future__ import annotations

import gc
import json
import os
import tempfile
from collections import deque
from contextlib import contextmanager
from dataclasses import dataclass
from json.encoder import encode_basestring as _jstr  # what json.dumps(ensure_ascii=False) escapes with
from typing import Callable, Literal, Sequence

from ..model import scoring
from ..model.hand import Hand, HandError
from ..model.notation import parse_source, parse_tile
from ..model.rules import Ruleset
from ..model.shown import quoted
from ..model.tiles import COPIES, GLYPHS, N_KINDS
from .loading import Loaded, Want, load

Kind = Literal["ting", "discard"]
WANT: dict[Kind, Want] = {"ting": "rest", "discard": "discard"}
#: fewer lines than this per job are not worth a process of their own
MIN_LINES_PER_JOB = 200


# ---------------------------------------------------------------- --brief

_TILE_JSON = tuple(json.dumps(g, ensure_ascii=False) for g in GLYPHS)


def _source(win) -> str:
    return "null,null" if win is None else f"{win.huxi},{win.score}"


def _wait_brief(w) -> str:
    return f"[{_TILE_JSON[w.tile]},{w.outs},{_source(w.self)},{_source(w.other)}]"


def _wait_brief3(w) -> str:
    return f"[{_TILE_JSON[w.tile]},{w.outs},{_source(w.self)},{_source(w.other)},{_source(w.discard)}]"


def _brief_of(rules):
    """A wait's --brief entry under ``rules``: two sources, or three for a ruleset that wins on discards."""
    return _wait_brief3 if rules.win_on_discard else _wait_brief


def ting_brief_line(text: str, ting, rules) -> str:
    """The --brief line of a ``Ting``: ``{"input", "ready", "waits": [[tile, outs,
    self 胡息, self score, other 胡息, other score]...]}`` (null for a source that does not win),
    and discard 胡息, discard score after those under a ruleset that wins on discards."""
    return '{"input":%s,"ready":%s,"waits":[%s]}' % (
        _jstr(text), "true" if ting.waits else "false", ",".join(map(_brief_of(rules), ting.waits)))


def discard_brief_line(text: str, discards, rules) -> str:
    """The --brief line of ``Discards``: ``{"input", "discards": [[tile, outs,
    expected score, best score, waits as in ting]...]}``, the discards that
    leave a ready hand first, ranked (RULES.md 6), then the others in tile order."""
    ranked, idle = [], []
    for r in discards.rows:
        if not r.waits:
            idle.append(r)
            continue
        total, weighted, best = scoring.weigh(r.waits, rules)
        ranked.append((scoring.outs_key(total, weighted, best, r.tile), r))
    ranked.sort(key=lambda kr: kr[0])
    brief = _brief_of(rules)
    rows = ['[%s,%d,%r,%d,[%s]]' % (_TILE_JSON[r.tile], r.outs, scoring.rounded(r.expected_score), r.best_score,
                                    ",".join(map(brief, r.waits))) for _, r in ranked]
    rows += ['[%s,0,0.0,0,[]]' % _TILE_JSON[r.tile] for r in sorted(idle, key=lambda r: r.tile)]
    return '{"input":%s,"discards":[%s]}' % (_jstr(text), ",".join(rows))


def _rows_of(rows: list, r: int, i: int, x: int, hand_col: int, drop_col: int, tile_col: int, src_col: int):
    """The wins of hand i (after discarding x; -1 for none) from rows[r]:
    ([(tile, self row or None, other row or None)], the next r).  rows end
    in a sentinel row of no hand."""
    wins = []
    row = rows[r]
    while row[hand_col] == i and row[drop_col] == x:
        t = row[tile_col]
        if row[src_col] == 0:
            s_row, o_row = row, None
            r += 1
            row = rows[r]
            if row[hand_col] == i and row[drop_col] == x and row[tile_col] == t:
                o_row = row
                r += 1
                row = rows[r]
        else:
            s_row, o_row = None, row
            r += 1
            row = rows[r]
        wins.append((t, s_row, o_row))
    return wins, r


def _chunks(kind: Kind, loaded: Loaded, ra):
    """(first hand, its concealed counts as lists, the kernel's rows ending in a sentinel) per chunk of hands
    (``ra``: the ruleset's ``engine.arrays``)."""
    from ..engine import wins

    chunk = wins.CHUNK if kind == "ting" else wins.DISCARD_CHUNK
    for lo in range(0, len(loaded.where), chunk):
        ha = wins.marshal_counts(loaded.conc[lo:lo + chunk], loaded.melds[lo:lo + chunk])
        rows = (wins.ting_rows if kind == "ting" else wins.discard_rows)(ha, ra).tolist()
        rows.append([-1] * wins.ROW_SIZE)  # the sentinel: no hand
        yield lo, ha.conc.tolist(), rows


def brief_lines(kind: Kind, loaded: Loaded, rules) -> list[str]:
    """The --brief line of each valid hand of ``loaded``, straight from the
    kernels' rows: one kernel call per chunk, no dataclass."""
    from ..engine import arrays, wins

    ra = arrays.of(rules)
    cols = (wins.ROW_HAND, wins.ROW_DROP, wins.ROW_TILE, wins.ROW_SOURCE)
    hx, sc = wins.ROW_HUXI, wins.ROW_SCORE
    held_all = loaded.held()
    seen = loaded.seen
    tiles = _TILE_JSON
    answers = []
    for lo, conc, rows in _chunks(kind, loaded, ra):
        r = 0
        for i in range(len(conc)):
            held = held_all[lo + i]
            text = _jstr(loaded.lines[loaded.where[lo + i]])
            ranked, idle = [], []
            drops = [-1] if kind == "ting" else [x for x in range(N_KINDS) if conc[i][x] in (1, 2)]
            for x in drops:
                found, r = _rows_of(rows, r, i, x, *cols)
                waits = []
                scores = []
                for t, s_row, o_row in found:
                    s_sc = s_row[sc] if s_row else 0
                    o_sc = o_row[sc] if o_row else 0
                    outs = COPIES - held[t] - seen[t]
                    scores.append((outs, s_sc, o_sc))
                    waits.append("[%s,%d,%s,%s]" % (tiles[t], outs,
                                                    "%d,%d" % (s_row[hx], s_sc) if s_row else "null,null",
                                                    "%d,%d" % (o_row[hx], o_sc) if o_row else "null,null"))
                if kind == "ting":
                    answers.append('{"input":%s,"ready":%s,"waits":[%s]}' % (
                        text, "true" if waits else "false", ",".join(waits)))
                elif waits:
                    # Without x and x seen: the outs of every tile stay (see wins.discard_many).
                    total, weighted, best = scoring.weigh_scores(scores, rules)
                    shown = scoring.rounded(scoring.expected(total, weighted, rules))
                    ranked.append((scoring.outs_key(total, weighted, best, x),
                                   "[%s,%d,%r,%d,[%s]]" % (tiles[x], total, shown, best, ",".join(waits))))
                else:
                    idle.append("[%s,0,0.0,0,[]]" % tiles[x])
            if kind == "discard":
                ranked.sort(key=lambda kr: kr[0])
                answers.append('{"input":%s,"discards":[%s]}' % (text, ",".join([s for _, s in ranked] + idle)))
    return answers


def ting_json_lines(loaded: Loaded, rules) -> list[str | None]:
    """The full --json line of each valid hand of ``loaded`` that is ready,
    straight from the kernels' rows (``jsonl.RowText``); None for a hand
    that is not: its answer needs the distance analysis (``api.ting_many``)."""
    from ..engine import arrays, wins
    from ..text import jsonl

    ra = arrays.of(rules)
    cols = (wins.ROW_HAND, wins.ROW_DROP, wins.ROW_TILE, wins.ROW_SOURCE)
    text_of = jsonl.RowText(ra)
    win = text_of.win
    held_all = loaded.held()
    seen = loaded.seen
    answers: list[str | None] = []
    for lo, conc, rows in _chunks("ting", loaded, ra):
        r = 0
        for i in range(len(conc)):
            found, r = _rows_of(rows, r, i, -1, *cols)
            if not found:
                answers.append(None)
                continue
            held = held_all[lo + i]
            waits = [(t, COPIES - held[t] - seen[t], win(s_row) if s_row else None, win(o_row) if o_row else None)
                     for t, s_row, o_row in found]
            answers.append(jsonl.ting_json_ready(loaded.lines[loaded.where[lo + i]],
                                                  jsonl.counts_text(conc[i], loaded.melds[lo + i]), waits))
    return answers


# ---------------------------------------------------------------- answering

@contextmanager
def no_gc():
    """Python's cyclic garbage collector paused: for work that builds many small objects and no
    reference cycles (a batch's answers, ``phz sim``'s outcomes of whole hands; they are freed by their
    counts as ever), which the collector would only walk again and again (a tenth of the time)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


@dataclass(frozen=True)
class Batch:
    """What a ``phz ting`` or ``phz discard`` batch is asked: its kind, and the options of every line."""
    kind: Kind
    rules: Ruleset
    seen_tiles: tuple[int, ...] = ()
    as_json: bool = False  # full JSON answers (else compact text lines)
    brief: bool = False  # --brief JSON answers
    colour: bool = False  # red tiles in text lines
    lang: str = "en"  # the text lines' language (JSON is the same in both)


def answer(batch: Batch, lines: Sequence[str]) -> tuple[list[str], int]:
    """One answer line per line (JSON with ``as_json`` or ``brief``), and how many lines failed."""
    with no_gc():
        # The collector comes back once the batch's objects are gone, so it has nothing to walk.
        return _answer(batch, lines)


def _answer(batch: Batch, lines: Sequence[str]) -> tuple[list[str], int]:
    from .. import api
    from ..text import jsonl, render

    kind, rules, seen_tiles, colour = batch.kind, batch.rules, batch.seen_tiles, batch.colour
    as_json, brief = batch.as_json, batch.brief

    loaded = load(lines, WANT[kind], seen_tiles, rules)
    answers: list[str] = [""] * len(lines)
    for i, message in loaded.errors.items():
        answers[i] = (jsonl.dumps(jsonl.error_json(lines[i], message)) if as_json or brief
                      else render.error_line(lines[i], message, batch.lang))
    if brief and rules.win_on_discard and loaded.where:
        # Three sources: through the API's answers (the kernels' rows give two).
        hands = loaded.hands()
        solve = api.ting_many if kind == "ting" else api.discard_many
        for i, result in zip(loaded.where, solve(hands, [loaded.seen] * len(hands), rules=rules)):
            answers[i] = (ting_brief_line(lines[i], result, rules) if kind == "ting"
                          else discard_brief_line(lines[i], result, rules))
    elif brief:
        for i, text in zip(loaded.where, brief_lines(kind, loaded, rules)):
            answers[i] = text
    elif as_json and kind == "ting" and loaded.where and not rules.win_on_discard:
        # Ready hands straight from the kernels' rows; the others through the API (distance).
        direct = ting_json_lines(loaded, rules)
        rest = [k for k, text in enumerate(direct) if text is None]
        hands = loaded.hands(rest)
        for k, result in zip(rest, api.ting_many(hands, [loaded.seen] * len(hands), rules=rules)):
            direct[k] = jsonl.ting_json_line(lines[loaded.where[k]], result, rules.win_on_discard)
        for i, shown in zip(loaded.where, direct):
            assert shown is not None  # the hands not ready were answered just above
            answers[i] = shown
    elif loaded.where:
        hands = loaded.hands()
        seen = [loaded.seen] * len(hands)
        if kind == "ting":
            texts = [jsonl.ting_json_line(lines[i], t, rules.win_on_discard) if as_json else
                     render.ting_line(t, colour, rules.win_on, batch.lang)
                     for i, t in zip(loaded.where, api.ting_many(hands, seen, rules=rules))]
        else:
            texts = [jsonl.discard_json_line(lines[i], d, rules.win_on_discard) if as_json else
                     render.discard_line(d, colour, batch.lang)
                     for i, d in zip(loaded.where, api.discard_many(hands, seen, rules=rules))]
        for i, text in zip(loaded.where, texts):
            answers[i] = text
    return answers, len(loaded.errors)


def hu_load(line: str, win: str | None, source: str | None, rules: Ruleset) -> tuple[Hand, int, str]:
    """``HAND ; TILE SOURCE`` (or a HAND alone, with ``win`` and ``source``) as a validated query."""
    from .. import api

    hand_text, _, asked = line.partition(";")
    words = asked.split()
    if len(words) > 2:
        raise HandError(f"{quoted(asked.strip())} after ';': write `HAND ; TILE SOURCE`")
    tile_text = words[0] if words else win
    source_text = words[1] if len(words) > 1 else source
    if tile_text is None or source_text is None:
        raise HandError("no winning tile and source: write `HAND ; TILE SOURCE` (or pass --win and --source)")
    tile = parse_tile(tile_text)
    hand, _ = api.load(hand_text, want="rest", tile=tile, rules=rules)
    return hand, tile, parse_source(source_text)


def answer_hu(lines: Sequence[str], *, win: str | None, source: str | None, rules: Ruleset, as_json: bool,
              all_splits: bool = False, colour: bool = False, lang: str = "en") -> tuple[list[str], int]:
    """One ``phz hu`` answer line per line (``hu_load``), the good ones from one
    kernel call; and how many lines failed."""
    from .. import api
    from ..text import jsonl, render

    answers: list[str] = [""] * len(lines)
    good, where = [], []
    for i, line in enumerate(lines):
        try:
            good.append(hu_load(line, win, source, rules))
            where.append(i)
        except ValueError as e:
            answers[i] = (jsonl.dumps(jsonl.error_json(line, str(e))) if as_json
                          else render.error_line(line, str(e), lang))
    results = api.hu_many(*zip(*good), rules=rules, all_splits=all_splits) if good else []
    for i, result in zip(where, results):
        answers[i] = (jsonl.dumps(jsonl.hu_json(lines[i], result, rules, all_splits=all_splits)) if as_json
                      else render.hu_line(result, colour, lang))
    return answers, len(lines) - len(good)


def emit(write: Callable[[str | bytes], None], answers: Sequence[str]) -> None:
    """``write`` the answer lines in blocks of WRITE_LINES (each block without its last newline)."""
    for start in range(0, len(answers), WRITE_LINES):
        write("\n".join(answers[start:start + WRITE_LINES]))


_WORK: tuple = ()  # in a forked worker only: (batch, chunks, slots) of the run it works for
#: answer lines written per call of ``write``
WRITE_LINES = 2000
#: chunks per job: the jobs share the work as they come free
CHUNKS_PER_JOB = 4


def _start_worker(batch: Batch, chunks: Sequence[Sequence[str]], slots: Sequence[int]) -> None:
    """A forked worker's start (after ``workers.become``): it keeps its run (forked with it, not pickled)."""
    global _WORK
    _WORK = (batch, chunks, slots)


def _worker(i: int) -> tuple[int, int]:
    """Chunk i of the run, in a forked process: its answer lines go to the run's file of slot i (from
    offset 0; the file is empty); returns how many of its lines failed and the bytes written."""
    batch, chunks, slots = _WORK
    answers, failed = answer(batch, chunks[i])
    data = memoryview("\n".join(answers).encode("utf-8"))
    fd, done = slots[i % len(slots)], 0
    while done < len(data):
        done += os.pwrite(fd, data[done:], done)
    return failed, len(data)


def _take(fd: int, size: int) -> bytes:
    """The ``size`` bytes a worker wrote into the file ``fd``, which is emptied for the next chunk."""
    parts, done = [], 0
    while done < size:
        part = os.pread(fd, size - done, done)
        if not part:
            break
        parts.append(part)
        done += len(part)
    os.ftruncate(fd, 0)
    return b"".join(parts)


class WorkerDied(RuntimeError):
    """A --jobs worker process ended without answering its lines; ``str()`` is one line."""


def usable_cores() -> int:
    """The cores this process may run on (more jobs than these only compete for them)."""
    from ..game import workers
    return workers.usable_cores()


def capped_jobs(jobs: int) -> int:
    """``--jobs`` within its range, 1 to the usable cores: more are cut to the cores, with a notice on
    stderr (README: Errors and exit status)."""
    from .console import warn

    cores = usable_cores()
    if jobs > cores:
        warn(f"phz: --jobs {jobs} is more than the {cores} core{'s' * (cores != 1)} this machine gives phz: "
             f"using {cores}")
    return max(1, min(jobs, cores))


def warm(kind: Kind, rules) -> None:
    """Load (or compile) the kernels of ``kind`` in this process, on no hand."""
    from ..engine import arrays, wins

    ha = wins.marshal([])
    (wins.ting_rows if kind == "ting" else wins.discard_rows)(ha, arrays.of(rules))


def run(batch: Batch, lines: Sequence[str], *, write: Callable[[str | bytes], None], jobs: int = 1) -> int:
    """Answer ``lines`` (``answer``) and ``write`` the answer lines in
    input order, a block of lines per call (without its last newline, as
    ``click.echo`` takes it), on ``jobs`` processes; return how many lines
    failed.

    With several jobs the lines go in contiguous chunks, a few per job, to
    worker processes forked once the kernels are loaded (so they start with
    the kernels and the lines), each chunk to the next free worker
    (``solver.game.workers``: no worker outlives this process).  A worker
    leaves a chunk's answer lines in a file; this process writes them out in
    input order as they are done, UTF-8 bytes as they are: on a full
    ``--json`` batch the answers are a hundred times the input, too much to
    send back as Python objects.  The files are unlinked from the start
    (``tempfile.TemporaryFile``), one per chunk in flight, made before the
    workers are forked, which inherit them: however the run ends, even by
    kill -9, the kernel frees them with the last process that holds them,
    and nothing is left to clean up.
    """
    from ..game import workers

    jobs = max(1, min(jobs, len(lines) // MIN_LINES_PER_JOB))
    if jobs == 1 or not workers.forking():  # no fork (Windows): one job
        return _one_job(batch, lines, write)
    from concurrent.futures.process import BrokenProcessPool

    from . import signals

    warm(batch.kind, batch.rules)
    n = max(jobs, min(jobs * CHUNKS_PER_JOB, len(lines) // MIN_LINES_PER_JOB))
    size = -(-len(lines) // n)
    chunks = [lines[lo:lo + size] for lo in range(0, len(lines), size)]
    failed = 0
    done = 0
    # One chunk more than the jobs in flight, so no worker waits; few enough that when the run stops
    # (the reader went away, `| head`; Ctrl-C) little more is answered.  Chunk i goes to slot i % slots.
    files = [tempfile.TemporaryFile(prefix="phz-batch-") for _ in range(min(len(chunks), jobs + 1))]
    slots = [f.fileno() for f in files]
    try:
        with (workers.executor(jobs, _start_worker, (batch, chunks, slots)) as pool,
              signals.on_stop(workers.kill_all)):  # Ctrl-C, SIGTERM (solver.app.signals): no worker outlives us
            if pool is None:
                return _one_job(batch, lines, write)
            ahead = deque(pool.submit(_worker, k) for k in range(len(slots)))
            for i in range(len(chunks)):
                bad, nbytes = ahead.popleft().result()
                block = _take(slots[i % len(slots)], nbytes)
                if i + len(slots) < len(chunks):  # the slot is free again
                    ahead.append(pool.submit(_worker, i + len(slots)))
                if block:
                    write(block)
                failed += bad
                done += 1
    except BrokenProcessPool:
        first = done * size + 1
        last = min(len(lines), (done + 1) * size)
        written = f"the answers to the {first - 1} before them were written" if first > 1 else "no answer was written"
        raise WorkerDied(f"a worker process answering hands {first}-{last} of the batch died (killed, or out "
                         f"of memory); {written}") from None
    finally:
        for f in files:
            f.close()
    return failed


def _one_job(batch: Batch, lines: Sequence[str], write: Callable[[str | bytes], None]) -> int:
    answers, failed = answer(batch, lines)
    emit(write, answers)
    return failed
