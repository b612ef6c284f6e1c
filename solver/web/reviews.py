"""The page's review: a record of the records folder, each decision of the learner graded by the judge
(``solver.game.review``, as ``phz review``), the worst first, each with its table."""
from __future__ import annotations

import re
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

from solver.game.review import DEFAULT_SAMPLES, GRADES
from solver.limits import REVIEW_SAMPLES as SAMPLES
from solver.text.page_words import PageError, record_refused

__all__ = ["Reviews", "listing", "record_path", "upload"]

#: reviews kept for "drill this" (the oldest let go)
KEPT = 8

#: a record's name in the folder: a plain file name, no path
NAME = re.compile(r"^[\w][\w.-]{0,120}\.jsonl$")


def listing(folder: Path) -> list[dict]:
    """The records of ``folder``, newest first: name, size, time (POSIX seconds)."""
    if not folder.is_dir():
        return []
    out = []
    for p in folder.iterdir():
        if NAME.match(p.name) and p.is_file():
            st = p.stat()
            out.append({"name": p.name, "bytes": st.st_size, "mtime": st.st_mtime})
    return sorted(out, key=lambda r: -r["mtime"])


#: the largest record the page may send to be reviewed (bytes): some 400 hands
UPLOAD_BYTES = 2 << 20


def upload(folder: Path, body: dict) -> dict:
    """``{name, text}``: a record chosen by the learner (a file of ``phz play``, another machine's) read and,
    when it is one, written into ``folder`` under a name of its own (its name's letters, a random tail), so
    that the review reads it from there; a ValueError (one line) for text that is no record."""
    import secrets

    from solver.game import record as records
    from solver.model import files

    text = body.get("text")
    if not isinstance(text, str) or not text.strip():
        raise PageError("record_text")
    data = text.encode("utf-8", "surrogatepass")
    if len(data) > UPLOAD_BYTES:
        raise PageError("record_large", mb=UPLOAD_BYTES >> 20)
    given = body.get("name")
    stem = re.sub(r"[^\w.-]+", "-", Path(given).stem if isinstance(given, str) else "")[:60].strip(".-") or "record"
    try:
        records.parse(text, where=stem)
    except records.RecordError as e:
        raise record_refused(e, stem) from None
    folder.mkdir(parents=True, exist_ok=True)
    name = f"{stem}-{secrets.token_hex(3)}.jsonl"
    files.write_whole(folder / name, data)
    return {"name": name}


def record_path(folder: Path, name: object) -> Path:
    """The record ``name`` of ``folder``: a plain file name of a record there, else a ValueError (one line)."""
    if not isinstance(name, str) or not NAME.match(name):
        raise PageError("record_name")
    path = folder / name
    if not path.is_file():
        raise PageError("record_missing", name=name)
    return path


class Reviews:
    """The reviews made at the page, the last few kept so that a decision of one can be drilled."""

    def __init__(self, folder: Path, db: str | None):
        self.folder, self.db = folder, db
        self.kept: OrderedDict[str, Any] = OrderedDict()
        self.lock = threading.Lock()

    def review(self, body: dict, lang: str) -> dict:
        """``{record, samples, seed}``: the review of the learner's seat in the record named."""
        out, done = review(self.folder, body, lang)
        with self.lock:
            self.kept[out["record"]] = done
            self.kept.move_to_end(out["record"])
            while len(self.kept) > KEPT:
                self.kept.popitem(last=False)
        return out

    def drill(self, body: dict) -> dict:
        """``{record, index}``: decision ``index`` of the record's review made a quiz question of the learner's
        games (as ``phz review --save`` makes its mistakes), in the progress file."""
        from solver.trainer import game_questions

        name, index = body.get("record"), body.get("index")
        if not isinstance(name, str):
            raise PageError("record_reviewed")
        with self.lock:
            done = self.kept.get(name)
        if done is None:
            raise PageError("review_first")
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(done.decisions):
            raise PageError("index", last=len(done.decisions) - 1)
        qs = game_questions.of_review(done, name, only=index)
        if not qs:
            raise PageError("not_yours")
        return {"questions": len(qs), "new": game_questions.save(self.db, qs)}


def review(folder: Path, body: dict, lang: str) -> tuple[dict, Any]:
    """``{record, samples, seed}``: the review of the learner's seat in the record named (a file of
    ``folder``), as the page shows it, and the review itself."""
    from solver.game import record as records
    from solver.game.moves import move_text
    from solver.game.review import default_seat
    from solver.game.review import review as judge
    from solver.text import table_view as tv
    from solver.text.review_text import grade_text, move_line, review_json, review_lines, why_text

    from .tables import table_json

    path = record_path(folder, body.get("record"))
    name = path.name
    samples = body.get("samples", DEFAULT_SAMPLES)
    if isinstance(samples, bool) or not isinstance(samples, int) or not SAMPLES[0] <= samples <= SAMPLES[1]:
        raise PageError("number", key="samples", low=SAMPLES[0], high=SAMPLES[1])
    try:
        rec = records.read(path)
    except records.RecordError as e:
        raise record_refused(e, name) from None
    seat = default_seat(rec)
    done = judge(rec, seat, samples=samples, seed=int(body.get("seed", 0) or 0))
    bots = [s.get("player", "?") if isinstance(s, dict) else "?" for s in rec.header.get("seats") or []]
    n = rec.rules.game.players
    others = tuple(bots[(seat + k) % n] if len(bots) == n else "?" for k in range(1, n))
    names = tv.seat_names(seat, others, lang)
    decisions = []
    for d in done.decisions:
        best = d.best
        decisions.append({
            "hand_no": d.hand, "n": d.n, "grade": d.grade, "grade_words": grade_text(d.grade, lang) if d.grade else "",
            "move": move_text(d.move), "best": move_text(best.move) if best is not None else None,
            "loss": round(d.loss, 3), "line": move_line(d, lang), "why": why_text(d, lang),
            "options": [move_text(m) for m in d.position.options],
            "option_words": [tv.move_words(m, d.position.table[0] if d.position.table else None, lang)
                             for m in d.position.options],
            **table_json(d.position, names, [0] * n, lang)})
    order = {g: i for i, g in enumerate(GRADES)}
    worst = sorted(range(len(decisions)), key=lambda i: (-order.get(decisions[i]["grade"], 0), -decisions[i]["loss"]))
    return {"record": name, "seat": seat, "lines": review_lines(done, lang), "decisions": decisions, "worst": worst,
            "review": review_json(done, name)}, done
