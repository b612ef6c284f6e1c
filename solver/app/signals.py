"""Ctrl-C, SIGTERM and SIGHUP for the ``phz`` command: stop at once, with one line and a known status.

Python raises KeyboardInterrupt only between bytecodes of the main thread.
A Ctrl-C that lands while a numba kernel runs (seconds of distance search)
surfaces when the kernel returns, as a SystemError; one that lands while
numba loads its cache, inside a ctypes callback, is swallowed and the
command runs on.  So no KeyboardInterrupt is raised: the interpreter's C
handler writes the signal number to a pipe (``signal.set_wakeup_fd``), and a
watcher thread, woken at once whatever the main thread is doing, stops the
process: it runs the cleanups registered with ``on_stop`` (workers killed,
a game record closed), writes one line on stderr and ends the process with
130 (SIGINT), 143 (SIGTERM) or 129 (SIGHUP, the terminal closed; not when
SIGHUP was ignored at the start, as under ``nohup``).  The Python-level
handler does the same when the main thread runs it first, so a command that
was about to end anyway (its input closed at the same moment) still ends as
stopped; inside a ``deferred`` block it waits for the block's end.  Every
answer already written stays written (each write is flushed), and the quiz
stores an attempt the moment it is graded.

``install`` is for the console script only; as a library (and under
click's CliRunner) Ctrl-C stays a KeyboardInterrupt.
"""
from __future__ import annotations

import os
import signal
import threading
from contextlib import contextmanager
from typing import Callable, Iterator

STATUS: dict[int, int] = {signal.SIGINT: 130, signal.SIGTERM: 143, signal.SIGHUP: 129}
WORDS: dict[int, str] = {signal.SIGINT: "interrupted", signal.SIGTERM: "terminated", signal.SIGHUP: "hung up"}

_cleanups: list[Callable[[], object]] = []  # what a cleanup returns is not used
_notes: list[str | Callable[[], str]] = []
_stopping = threading.Lock()


def install() -> None:
    """Stop the process at once on SIGINT, SIGTERM or SIGHUP (see the module docstring); main thread only."""
    if threading.current_thread() is not threading.main_thread():
        return
    read, write = os.pipe()
    os.set_blocking(write, False)
    signal.set_wakeup_fd(write, warn_on_full_buffer=False)
    for signum in STATUS:
        if signum == signal.SIGHUP and signal.getsignal(signum) == signal.SIG_IGN:
            continue  # nohup phz …: a closed terminal does not stop it (entry.main left it ignored)
        signal.signal(signum, _handle)
    threading.Thread(target=_watch, args=(read,), name="phz-signals", daemon=True).start()


def _handle(signum, frame) -> None:
    """The Python-level handler, when the main thread gets to run it first (say, a read
    interrupted at the end of its input): it stops the process as the watcher would, unless the
    main thread is inside a ``deferred`` block, which then stops it as it ends."""
    global _pending
    if _deferring:
        _pending = signum
        return
    stop(signum)


_deferring = 0  # the depth of ``deferred`` blocks the main thread is in
_pending: int | None = None  # a signal whose stop waits for the end of a ``deferred`` block


@contextmanager
def deferred() -> Iterator[None]:
    """A block the main thread finishes before it stops for a signal (a record's lines about one move):
    the Python-level handler waits for its end.  The watcher thread stops the process meanwhile, with
    cleanups that wait for such a block (``Recorder.close_now``); the block only keeps the main thread
    from stopping itself in the middle of it."""
    global _deferring
    _deferring += 1
    try:
        yield
    finally:
        _deferring -= 1
        if not _deferring and _pending is not None:
            stop(_pending)


def _watch(fd: int) -> None:
    while True:
        for signum in os.read(fd, 64):
            if signum in STATUS:
                stop(signum)


def stop(signum: int) -> None:
    """Run the cleanups, write one line on stderr and end the process (never returns)."""
    _stopping.acquire()  # never released: the first stop wins, a second signal waits for it
    for cleanup in reversed(list(_cleanups)):
        try:
            cleanup()
        except Exception:  # a cleanup that fails must not keep the process alive
            pass
    note = "; ".join(["phz: " + WORDS[signum]] + [_said(n) for n in _notes])
    try:
        os.write(2, (note + "\n").encode("utf-8", "backslashreplace"))
    except OSError:
        pass
    os._exit(STATUS[signum])


@contextmanager
def on_stop(cleanup: Callable[[], object]) -> Iterator[None]:
    """Run ``cleanup`` if the process is stopped by a signal inside this block.

    It runs on the watcher thread while the main thread is wherever it was:
    it may kill processes and remove files, but must take no lock that the
    main thread could hold (no writing to sys.stdout)."""
    _cleanups.append(cleanup)
    try:
        yield
    finally:
        _cleanups.remove(cleanup)


def _said(note: str | Callable[[], str]) -> str:
    if isinstance(note, str):
        return note
    try:
        return note()
    except Exception:
        return ""


@contextmanager
def note(text: str | Callable[[], str]) -> Iterator[None]:
    """Add ``text`` to the line written when the process is stopped inside this block (a callable: called
    after the cleanups, so that it can say what they did)."""
    _notes.append(text)
    try:
        yield
    finally:
        _notes.remove(text)


def child(parent: int | None = None) -> None:
    """In a forked worker of ``parent`` (its pid, taken before the fork; default: this process's
    parent now): the parent answers the signals (Ctrl-C and a hang-up reach the whole process group,
    and the parent kills its workers); SIGTERM kills; the worker dies with its parent however the
    parent ends.  ``solver.game.workers.become``, which every worker of ``workers.executor`` runs first."""
    from ..game import workers

    workers.become(os.getppid() if parent is None else parent)
