"""Helpers of the tests that run phz in a process of its own and signal it (tests/test_process.py,
tests/test_workers.py).

A test never sleeps a fixed time and then acts: it waits, with a generous timeout, for a sign that
the process got where the test wants it (``wait_until``: its workers exist, numba is loaded, a line
is written), so a busy machine makes it slower, never wrong."""
from __future__ import annotations

import os
import subprocess
import time
from typing import Callable, TypeVar

from conftest import ROOT

T = TypeVar("T")

#: seconds a test waits for a sign of readiness (or of an end) before it fails; far more than any needs
PATIENCE = 120.0


def env(**extra: str) -> dict:
    """The environment of a phz run from this checkout (no colour settings of the caller)."""
    out = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    out["PYTHONPATH"] = str(ROOT) + os.pathsep + out.get("PYTHONPATH", "")
    out.update(extra)
    return out


def wait_until(check: Callable[[], T], what: str, timeout: float = PATIENCE) -> T:
    """Poll ``check`` until it gives something true, and return that; fail naming ``what`` after ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        got = check()
        if got:
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:.0f} s for {what}")
        time.sleep(0.01)


#: the start time of each process ``children`` found (``kill_left`` kills no other process of the same pid)
_started: dict[int, str | None] = {}


def _start_time(pid: int) -> str | None:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rpartition(")")[2].split()[19]
    except (FileNotFoundError, ProcessLookupError):
        return None


def cpu_seconds(pid: int) -> float:
    """The CPU time the process has used (user + system), 0 once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rpartition(")")[2].split()
    except (FileNotFoundError, ProcessLookupError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
    got = [int(p) for p in found]
    for p in got:
        _started.setdefault(p, _start_time(p))
    return got


def alive(pid: int) -> bool:
    """Running (a zombie, killed and waiting for a reaper that may never come here, is not)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rpartition(")")[2].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


def _cmdline(pid: int) -> bytes | None:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read()
    except (FileNotFoundError, ProcessLookupError):
        return None


def workers_of(proc: subprocess.Popen, n: int) -> list[int]:
    """The pids of ``n`` worker processes of ``proc``, once they all exist (fails if ``proc`` ends first).
    A worker is forked: it runs the parent's command line.  The helpers that compile kernels into an
    empty cache (``solver.engine.compiling``) are children too, of another command line: not counted
    (killing one of those, taken for a worker, made a test of a killed worker wait for the whole work)."""
    def found() -> list[int]:
        assert proc.poll() is None, f"the command ended ({proc.returncode}) before it had {n} workers"
        mine = _cmdline(proc.pid)
        got = [c for c in children(proc.pid) if _cmdline(c) == mine]
        return got if len(got) >= n else []
    return wait_until(found, f"{n} worker processes")


def numba_loaded(pid: int) -> bool:
    """The process has mapped llvmlite: it is loading numba's kernels, or running them."""
    try:
        with open(f"/proc/{pid}/maps") as f:
            return "llvmlite" in f.read()
    except (FileNotFoundError, ProcessLookupError):
        return False


def catches(pid: int, signum: int) -> bool:
    """The process has a handler of its own for ``signum`` (``SigCgt``): for SIGTERM, phz's guard is in place
    (``solver.app.entry``), the interpreter has started."""
    try:
        with open(f"/proc/{pid}/status") as f:
            mask = next(line.split()[1] for line in f if line.startswith("SigCgt:"))
    except (FileNotFoundError, ProcessLookupError, StopIteration):
        return False
    return bool(int(mask, 16) >> (signum - 1) & 1)


def all_dead(pids: list[int], timeout: float = PATIENCE) -> float:
    """Wait until none of ``pids`` runs; the seconds it took."""
    start = time.monotonic()
    wait_until(lambda: not any(alive(p) for p in pids), f"the workers {pids} to end", timeout)
    return time.monotonic() - start


def kill_left(pids: list[int]) -> None:
    """Kill whatever of ``pids`` (found by ``children``) still runs: a test that failed must leave no
    process behind.  A pid now of another process is left alone."""
    import signal
    for p in pids:
        if alive(p) and _started.get(p) is not None and _start_time(p) == _started[p]:
            try:
                os.kill(p, signal.SIGKILL)
            except OSError:
                pass


def no_traceback(err: bytes) -> None:
    text = err.decode("utf-8", "replace")
    assert "Traceback" not in text and "Exception ignored" not in text, text
