"""Worker processes that never outlive the process that forked them.

Three things fork workers: ``--jobs`` batches (``solver.app.batch``), ``phz
sim --jobs`` (``solver.app.sim``) and the ``--win-rate`` rollouts
(``solver.game.winrate``).  They all get them here, so a worker ends with
its parent however the parent ends:

- Ctrl-C, SIGTERM, SIGHUP: the parent answers them (``solver.app.signals``):
  its cleanups kill the workers of every executor made here (``kill_all``), then
  it exits.  A worker ignores SIGINT and SIGHUP, which a terminal sends to
  the whole process group (the parent decides, and says so in one line), and
  dies at SIGTERM.
- kill -9, a crash, anything that runs no code of the parent: on Linux each
  worker asks the kernel, first thing, to be sent SIGKILL when its parent
  dies (``prctl(PR_SET_PDEATHSIG)``).  Nothing of the worker has to run for
  it, so it holds in the middle of a numba kernel, and a worker never
  finishes its chunk, writes another file or sleeps on an orphaned queue.
  The parent may die between the fork and the prctl: the worker then sees
  another parent (the process that adopted it) and ends at once.  Where
  there is no prctl, a thread of the worker looks at ``os.getppid()`` every
  ``POLL`` seconds instead (a thread, not the worker's main loop: a kernel
  releases the GIL).
  The parent-death signal is tied to the thread that forked: ``executor``
  forks every worker at once, from the thread that makes it (the main thread
  of the commands), and never another.

What workers leave on disk must need nobody to clean it: ``batch.run``'s
workers write into temporary files unlinked from the start, which the
kernel frees when the last process holding them ends.

Every executor made here is flushed for (stdout and stderr: a forked worker
flushes what it inherited as it ends) and made with the parent's objects
frozen (``gc.freeze``: the workers share them instead of copying them as
their collector walks them).
"""
from __future__ import annotations

import gc
import os
import signal
import sys
import threading
import time
from contextlib import contextmanager
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Iterator

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

__all__ = ["POLL", "become", "executor", "forking", "kill", "kill_all", "usable_cores"]

#: seconds between two looks at the parent where the kernel cannot watch it (not on Linux)
POLL = 0.2
_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>

#: the executors made here and not yet ended (``kill_all``); appended and removed by the thread that makes them,
#: read by the signal watcher, so a list copied whole (atomic under the GIL), never a lock
_live: list = []


def usable_cores() -> int:
    """The cores this process may run on (more jobs than these only compete for them)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def forking() -> bool:
    """Whether workers can be forked here (not on Windows: there every command runs on one process)."""
    import multiprocessing
    return "fork" in multiprocessing.get_all_start_methods()


@lru_cache(maxsize=None)
def _prctl() -> Callable[..., int] | None:
    """libc's prctl, or None (not Linux).  Looked up in the parent, so that a worker finds it ready."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
    prctl.restype = ctypes.c_int
    return prctl


def become(parent: int) -> None:
    """Make this forked process a worker of ``parent`` (its pid, taken before the fork): the signals
    as the module docstring says, and death with the parent.  First thing in a worker."""
    try:
        signal.set_wakeup_fd(-1)  # the parent's wake-up pipe (solver.app.signals) is the parent's
    except ValueError:  # not the main thread
        pass
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    prctl = _prctl()
    if prctl is None or prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
        threading.Thread(target=_watch, args=(parent,), name="phz-parent", daemon=True).start()
    if os.getppid() != parent:  # the parent died before the kernel was told: nobody will read our work
        os._exit(1)


def _watch(parent: int) -> None:
    """Without prctl: end the process once ``parent`` is gone (another process adopted it)."""
    while os.getppid() == parent:
        time.sleep(POLL)
    os._exit(1)


def _start(parent: int, initializer: Callable[..., None] | None, initargs: tuple) -> None:
    become(parent)
    if initializer is not None:
        initializer(*initargs)


def kill(pool: ProcessPoolExecutor) -> None:
    """Kill the worker processes of ``pool`` now.  Takes no lock, so the signal watcher may call it
    whatever the main thread holds."""
    try:  # its private table of its processes is the only one there is
        processes = list((getattr(pool, "_processes", None) or {}).values())
    except RuntimeError:  # the table changed while it was read: the pool is ending them already
        return
    for process in processes:
        try:
            process.kill()
        except (OSError, ValueError, AttributeError):
            pass


def kill_all() -> None:
    """Kill the workers of every executor made here that has not ended (``solver.app.signals.on_stop``)."""
    for made in list(_live):
        kill(made)


@contextmanager
def executor(jobs: int, initializer: Callable[..., None] | None = None,
             initargs: tuple = ()) -> Iterator[ProcessPoolExecutor | None]:
    """A ``ProcessPoolExecutor`` of ``jobs`` workers forked at once, from this thread (``become``, then
    ``initializer(*initargs)`` in each), shut down at the end of the block; on an exception out of the
    block its workers are killed first (nobody will read what they are doing, and the shutdown would
    wait for it).  None when the workers cannot be forked (a limit of processes, of memory): the caller
    works on one process.

    An executor, not a ``multiprocessing`` Pool: a Pool forks a new worker for one that died, from a
    thread of its own (whose end would kill it: ``prctl``), and then waits for ever for the work the
    dead one had; an executor forks none after the first and says it is broken."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    for stream in (sys.stdout, sys.stderr):  # a forked worker must not write out what this process still holds
        if stream is not None:
            stream.flush()
    _prctl()
    gc.freeze()
    made = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"), initializer=_start,
                               initargs=(os.getpid(), initializer, initargs))
    _live.append(made)
    ok = False
    try:
        try:
            made.submit(int).result()  # all forked now (an executor with fork forks them all at its first task)
            forked = True
        except (OSError, BrokenProcessPool):
            forked = False
        yield made if forked else None
        ok = forked
    finally:
        if not ok:
            kill(made)
        made.shutdown(wait=True, cancel_futures=not ok)
        _live.remove(made)
        gc.unfreeze()
