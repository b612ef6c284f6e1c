"""Golden files: answers pinned as data in tests/data/golden, compared entry by entry.

A golden file is a sequence of entries (one text each), stored gzipped with a line of JSON per
entry.  ``check(name, entries)`` compares what the code gives now with the file and fails on the
FIRST entry that differs, naming it, with the stored and the new text side by side as a diff (what
changed, not only that something did), and on a count that differs.

After a change meant to alter the pinned answers, write the file again with
``PHZ_GOLDEN=write python -m pytest tests/<the test>``: the test then writes the file and fails,
saying so, so that no run passes on answers it has just written; look at ``git diff --stat`` and
the reason for the change, commit the file, and run the test again.
"""
from __future__ import annotations

import difflib
import gzip
import json
import os
from pathlib import Path
from typing import Iterable

FOLDER = Path(__file__).resolve().parent / "data" / "golden"
#: lines of diff shown for the first difference
SHOWN = 30


def path_of(name: str) -> Path:
    return FOLDER / f"{name}.jsonl.gz"


def read(name: str) -> list[str]:
    """The entries of golden file ``name``."""
    with gzip.open(path_of(name), "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def write(name: str, entries: Iterable[str]) -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    text = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in entries)
    path_of(name).write_bytes(gzip.compress(text.encode("utf-8"), mtime=0))


def first_difference(name: str, stored: list[str], now: list[str], label=str) -> str | None:
    """The report of the first entry where ``now`` differs from ``stored`` (``label(i)`` names entry i),
    or None when they agree."""
    for i, (old, new) in enumerate(zip(stored, now)):
        if old != new:
            diff = list(difflib.unified_diff(old.splitlines(), new.splitlines(), "stored", "now", lineterm="", n=2))
            more = f"\n… {len(diff) - SHOWN} more lines of diff" if len(diff) > SHOWN else ""
            return (f"golden {name}: entry {i} ({label(i)}) differs, the first of "
                    f"{sum(a != b for a, b in zip(stored, now))}:\n" + "\n".join(diff[:SHOWN]) + more)
    if len(stored) != len(now):
        return f"golden {name}: {len(stored)} entries stored, {len(now)} now"
    return None


def check(name: str, entries: Iterable[str], label=str) -> None:
    """Fail on the first entry of ``entries`` that differs from golden file ``name`` (module docstring)."""
    now = list(entries)
    if os.environ.get("PHZ_GOLDEN") == "write":
        write(name, now)
        raise AssertionError(f"golden {name}: written ({len(now)} entries) to {path_of(name)}: review and commit it, "
                             "then run again without PHZ_GOLDEN")
    report = first_difference(name, read(name), now, label)
    assert report is None, report
