"""Compiling the solver kernels a piece of work needs, the first time they are needed.

The kernels compile on their first call and numba keeps them on disk
(``_jit``), so only a fresh install (or an edited kernel file) compiles.
Left alone, each first run would compile only the kernels it happens to
call, one separate stall each.  Instead the first call of a kernel in a
process (``arrays.announce_compile``) looks at the entry points of the work
it belongs to (``NEEDS``: the kernels of one hand — wins and the distance
search, which most hand commands use together — or those of play;
``_jit.will_compile``, once per process, well under a millisecond) and,
when one has no usable cache entry, compiles them now, in helper processes.
Each helper runs ``solver.engine.warmup`` on a task (``TASKS``: a few entry
points), calling each through its real wrapper on a small real hand, so each
kernel is compiled with exactly the argument types the real calls use and
written to numba's cache; this process then loads them from there.  numba
holds the GIL while it compiles, so threads would not help; processes use
the cores, but a kernel of one file calls those of others (the game's flow
the win search, keen the game's flow and the distance search), and a helper
compiles every function its entry points call that it cannot load from the
cache.  So a task starts only once the tasks whose kernels it calls have
ended (it then loads those), and only tasks with nothing between them run
side by side, as many as there are cores: the win check beside the
distance search, then keen's one decision beside the game's flow, then
whole hands beside the rollouts (random, then keen's).  Of the tasks that
can start, the one at the head of the longest chain of work still to do
starts first (``COST``), so that a core seldom waits at the end.  A helper
whose task has ended is given the next task that can start, on its standard
input (one that follows its own first: their kernels are in its memory
already): so the tasks run in as many processes as run side by side, not
one each, and each imports numba and compiles numba's own functions (never
cached) only once.
Where two helpers still meet in one function (a small one both call) the
cache folder's lock keeps their entries apart (``_jit``).

A new kernel file's entry points: a group in ``GROUPS`` (name, kernel, label,
in the order they are warmed), a warm-up call for each in ``warmup.WARM``, a
task in ``TASKS`` naming the tasks whose kernels it calls (it starts once
they have ended; a task of few entry points runs beside others) with its
time in ``COST`` and the group in ``NEEDS`` of each work that uses it.

It says so once on stderr, with progress: on a terminal one line updated in
place, otherwise a line per kernel ready.  It degrades to compiling each
kernel in this process on its first call, as without this module: under
``NUMBA_DISABLE_JIT`` (nothing compiles) and without a folder to cache in
(``will_compile`` is then false: a helper's work could not be shared) it is
never started; when a helper cannot start or fails, one line says so and
the kernels it did not leave in the cache compile here when first called.
A Ctrl-C from the terminal reaches the helpers too (they stop at once,
without a word); if this process ends any other way their standard input
closes and they stop; a KeyboardInterrupt here (as a library) kills them.
"""
from __future__ import annotations

import os
import selectors
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numba

from . import _distance_kernels as DK
from . import _game_basic as BG
from . import _game_dealing as GD
from . import _game_entry as KE
from . import _game_entry_basic as BE
from . import _game_keen as KG
from . import _game_kernels as G
from . import _game_policies as GP
from . import _game_state as GS
from . import _kernels as K
from ._jit import will_compile

ANNOUNCEMENT = "phz: compiling the solver kernels (first run only)…"

#: the kernels called from Python, by kernel file (one helper each): (name, kernel, what it is), in the
#: order the helper compiles them (``warmup.WARM`` has a warm-up call for each name)
GROUPS = {
    "wins": (("half_tables", K.half_tables, "score tables"), ("hu_batch", K.hu_batch, "win check"),
             ("ting_batch", K.ting_batch, "waits"), ("discard_batch", K.discard_batch, "discards")),
    "distance": (("run", DK.run, "distance search"),),
    "game": (("deal", GS.deal, "game: the deal"), ("begin", GS.begin, "game: the start"),
             ("tianhu", GS.tianhu, "game: 天胡"), ("advance", G.advance, "game: the flow"),
             ("answer", G.answer, "game: the moves"), ("play_random", GP.play_random, "game: whole hands"),
             ("rollouts", GP.rollouts, "game: rollouts"), ("deal_unseen", GD.deal_unseen, "game: unseen tiles")),
    "keen": (("keen_pick", KG.keen_pick, "game: the keen bot"), ("play_keen", KE.play_keen, "game: keen hands"),
             ("rollouts_keen", KE.rollouts_keen, "game: keen rollouts")),
    "basic": (("basic_pick", BG.basic_pick, "game: the basic bot"), ("play_basic", BE.play_basic, "game: basic hands")),
}
KERNELS = tuple(k for group in GROUPS.values() for _, k, _ in group)
#: the helpers' tasks: (entry points, the tasks whose kernels they call): a task starts once those it
#: calls have ended, so it loads their functions from numba's cache instead of compiling them again;
#: tasks with nothing between them run side by side (the win check beside the distance search, the
#: game's flow beside keen's one decision, then whole hands beside the rollouts); the other kernels of a
#: task call only the win check's (``_solve_tile``, ``_free_best``): they wait for "wins" alone
TASKS = {
    "wins": (("half_tables", "hu_batch"), ()),
    "distance": (("run",), ()),
    "waits": (("ting_batch", "discard_batch"), ("wins",)),
    "game": (("deal", "begin", "tianhu", "advance", "answer"), ("wins",)),
    "keen_pick": (("keen_pick",), ("wins", "distance")),
    "play_random": (("play_random",), ("game",)),
    "rollouts": (("rollouts", "deal_unseen"), ("game",)),
    "play_keen": (("play_keen",), ("play_random", "keen_pick")),
    "rollouts_keen": (("rollouts_keen",), ("rollouts", "keen_pick")),
    "basic_pick": (("basic_pick",), ("wins", "distance")),
    "play_basic": (("play_basic",), ("play_random", "basic_pick")),
}
#: about how long each task takes (seconds, measured on an idle core, its callees loaded): of the tasks
#: that can start, those at the head of the longest chain of work start first (the waits, a short task
#: at the end of no chain, fill a core that would wait)
COST = {"wins": 12, "distance": 10, "waits": 3, "game": 19, "keen_pick": 28, "play_random": 25, "rollouts": 26,
        "play_keen": 10, "rollouts_keen": 6, "basic_pick": 18, "play_basic": 5}
_ENTRY = {name: (group, k, label) for group, members in GROUPS.items() for name, k, label in members}
#: longest wait for the helpers before they are stopped and the kernels compile here
TIMEOUT = 600.0

_ROOT = str(Path(__file__).resolve().parents[2])  # the folder that holds the ``solver`` package
#: the groups compiled together when a kernel of one is first called: a hand's analysis uses the win
#: kernels and often the distance search; play (sim, the rollouts) only the game's own kernels, which are
#: the slowest to compile and which a hand's analysis never waits for; keen calls all the others' (its
#: helpers load them rather than compile them again, the win and distance searches beside each other)
NEEDS = {"wins": ("wins", "distance"), "distance": ("wins", "distance"), "game": ("game",),
         "keen": ("wins", "distance", "game", "keen"), "basic": ("wins", "distance", "game", "basic")}
_helper = False  # True inside a helper: it compiles what it is told, and starts no helpers of its own
_started: set[str] = set()  # the groups this process has looked at


def in_helper() -> None:
    """Mark this process as a helper (``warmup``): ``start`` does nothing here."""
    global _helper
    _helper = True


def start(kernel=None) -> None:
    """Before a call of ``kernel``: when it has no usable cache entry, compile every kernel of the
    work it belongs to (``NEEDS``) that has none, in helper processes, with the announcement and
    progress (the module docstring); a kernel compiled or loaded already costs nothing more.
    ``kernel`` None: every kernel of every work."""
    if _helper or (kernel is not None and getattr(kernel, "signatures", None)):
        return  # (loaded or compiled in this process: the check of every later call)
    group = next((g for g, members in GROUPS.items() if any(k is kernel for _, k, _ in members)), None)
    if kernel is not None and (group is None or not will_compile(kernel)):
        return
    wanted = [g for g in (NEEDS[group] if group else GROUPS) if g not in _started]
    _started.update(wanted)
    groups = [g for g in wanted if any(will_compile(k) for _, k, _ in GROUPS[g])]
    if groups:
        _compile(groups)


def _command(task: str) -> list[str]:
    """The helper process that compiles ``task``'s kernels (``TASKS``)."""
    code = f"import sys; sys.path.insert(0, {_ROOT!r}); from solver.engine import warmup; warmup.main(sys.argv[1:])"
    return [sys.executable, "-c", code, task]


class _Helper:
    """A helper process: started on one task, given more on its standard input, one a line, while this
    process has tasks for it; the end of its input ends it."""

    def __init__(self, task: str, env: dict):
        self.task: str | None = None  # its task under way (None: it waits for one)
        self.last = task  # its latest task
        self.todo: list[tuple[str, object, str]] = []  # that task's entry points not ready yet
        self.ran: set[str] = set()  # the tasks it ran: their kernels are in its memory
        self.err = tempfile.TemporaryFile()
        self.buffer = b""
        self.proc = subprocess.Popen(_command(task), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.err, env=env, cwd=_ROOT)
        self._take(task)

    def _take(self, task: str) -> None:
        self.task = self.last = task
        self.todo = [(name, *_ENTRY[name][1:]) for name in TASKS[task][0]]

    def give(self, task: str) -> None:
        """Send it ``task``: it must wait for one."""
        self._take(task)
        assert self.proc.stdin is not None  # (a pipe)
        try:
            self.proc.stdin.write(f"{task}\n".encode())
            self.proc.stdin.flush()
        except OSError:  # it has ended: its output's end says so
            pass

    def release(self) -> None:
        """No more tasks: it ends."""
        assert self.proc.stdin is not None  # (a pipe)
        try:
            self.proc.stdin.close()
        except OSError:
            pass

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        assert self.proc.stdin is not None and self.proc.stdout is not None  # (both pipes)
        for f in (self.proc.stdin, self.proc.stdout, self.err):
            try:
                f.close()
            except OSError:
                pass


def _compile(groups: list[str]) -> None:
    tasks = [t for t, (names, _) in TASKS.items() if _ENTRY[names[0]][0] in groups]
    slots = max(1, min(os.cpu_count() or 1, _width(tasks)))
    says = _Progress(sum(len(GROUPS[g]) for g in groups), slots)
    env = dict(os.environ)
    # (``_jit`` may have chosen one: the helpers must write where we read; numba.config sets its options
    # at run time, unseen by mypy)
    if numba.config.CACHE_DIR:  # type: ignore[attr-defined]
        env["NUMBA_CACHE_DIR"] = numba.config.CACHE_DIR  # type: ignore[attr-defined]
    helpers: list[_Helper] = []
    failed: list[str] = []
    try:
        failed += _run(tasks, slots, env, helpers, says)
    finally:
        for h in helpers:
            h.stop()
    left = [label for g in groups for _, k, label in GROUPS[g] if will_compile(k)]
    if left and not failed:
        failed.append("a helper process left them out")
    says.end(left, failed)


def _width(tasks: list[str]) -> int:
    """How many of ``tasks`` can run at once at most (those none of which waits for another's)."""
    ends: dict[str, int] = {}  # each task's step in order of waiting: tasks of one step run side by side
    for t in tasks:  # (a task comes after those it waits for)
        ends[t] = 1 + max((ends[d] for d in TASKS[t][1] if d in ends), default=0)
    return max([list(ends.values()).count(step) for step in set(ends.values())], default=1)


def _chains(tasks: list[str]) -> dict[str, float]:
    """Each of ``tasks``' work with that of the longest chain of tasks that wait for it (``COST``)."""
    chain: dict[str, float] = {}
    for t in reversed(tasks):  # (a task comes after those it waits for)
        chain[t] = COST.get(t, 1) + max((chain[u] for u in tasks if t in TASKS[u][1] and u in chain), default=0)
    return chain


def _run(tasks: list[str], slots: int, env: dict, helpers: list[_Helper], says: _Progress) -> list[str]:
    """Run each task once those it waits for have ended, in at most ``slots`` helpers at a time, reading
    their progress (a kernel's name per line) until all have ended; their failures.  A helper whose task
    has ended takes the next task that can start (one of its own tasks' followers first: it has their
    kernels in memory), or waits for one while another helper's task may still free one, or ends."""
    failed: list[str] = []
    pending, done = list(tasks), set()
    sel = selectors.DefaultSelector()

    chain = _chains(tasks)

    def ready() -> list[str]:
        can = [t for t in pending if all(d in done or d not in tasks for d in TASKS[t][1])]
        return sorted(can, key=lambda t: -chain[t])

    def start() -> None:
        for task in ready():
            idle = [h for h in helpers if h.task is None and h.proc.returncode is None]
            own = [h for h in idle if h.ran & set(TASKS[task][1])]
            if own or idle:
                pending.remove(task)
                (own or idle)[0].give(task)
                continue
            if sum(h.proc.returncode is None for h in helpers) >= slots:
                break
            pending.remove(task)
            try:
                h = _Helper(task, env)
            except (OSError, ValueError, subprocess.SubprocessError) as e:
                failed.append(f"cannot start a helper process ({getattr(e, 'strerror', None) or e})")
                done.add(task)
                continue
            helpers.append(h)
            assert h.proc.stdout is not None  # (a pipe)
            sel.register(h.proc.stdout, selectors.EVENT_READ, h)
        if not pending:
            for h in helpers:
                if h.task is None:
                    h.release()

    def current() -> list[str]:
        return [h.todo[0][2] for h in helpers if h.todo and h.proc.returncode is None]

    start()
    deadline = time.monotonic() + TIMEOUT
    says.now(current())
    while sel.get_map():
        if time.monotonic() > deadline:
            failed.append(f"the helper processes took more than {TIMEOUT:.0f} s")
            break
        for key, _ in sel.select(timeout=says.tick):
            h = key.data
            chunk = os.read(key.fd, 4096)
            if not chunk:
                sel.unregister(key.fileobj)
                status = h.proc.wait()
                if h.task is not None:  # (once its tasks have ended, how it ends does not matter)
                    failed.append(_failure(h, status))
                    done.add(h.task)
                    h.task = None
                start()
                continue
            *lines, h.buffer = (h.buffer + chunk).split(b"\n")
            for line in lines:
                if h.todo and line.decode() == h.todo[0][0]:
                    says.ready(h.todo.pop(0)[2])
                    if not h.todo and h.task is not None:
                        done.add(h.task)
                        h.ran.add(h.task)
                        h.task = None
                        start()
        says.now(current())
    sel.close()
    return failed


def _failure(h: _Helper, status: int) -> str:
    """One line on a helper that ended before its work was done: its status and its last words."""
    h.err.seek(0)
    lines = [line.strip() for line in h.err.read().decode("utf-8", "replace").splitlines() if line.strip()]
    said = "".join(c if c.isprintable() else "?" for c in f": {lines[-1][:160]}") if lines else ""
    how = f"was stopped by signal {-status}" if status < 0 else f"ended with status {status}"
    return f"the helper process compiling the {h.last} kernels {how}{said}"


class _Progress:
    """The announcement and its progress on stderr (see the module docstring)."""

    def __init__(self, n: int, processes: int):
        self.n, self.done, self.t0 = n, 0, time.monotonic()
        self.live = _is_terminal(sys.stderr)
        self.tick = 0.5 if self.live else None  # a terminal's line shows the time as it passes
        self.current: list[str] = []
        self.shown = ""
        plan = f"{n} kernels, {processes} at a time" if processes > 1 else f"{n} kernels"
        if self.live:
            self._write(f"{ANNOUNCEMENT}\n\n")  # and a row for the progress: the cursor stays below it
        else:
            self._write(f"{ANNOUNCEMENT} {plan}\n")

    def elapsed(self) -> float:
        return time.monotonic() - self.t0

    def ready(self, label: str) -> None:
        self.done += 1
        if not self.live:
            self._write(f"phz: compiling: {self.done} of {self.n} ready ({label}), {self.elapsed():.1f} s\n")

    def now(self, current: list[str]) -> None:
        self.current = current
        if self.live:
            self._update()

    def end(self, left: list[str], failed: list[str]) -> None:
        took = f"{self.elapsed():.1f} s"
        if self.live:
            self.current = []
            self._update(f"{self.done} of {self.n} ready in {took}")
        if failed:
            self._write(f"phz: compiling: {'; '.join(failed)}; "
                        f"{', '.join(left) or 'nothing'} will compile in this process when first needed\n")

    def _update(self, tail: str = "") -> None:
        if not tail:
            now = f"; compiling {', '.join(self.current)}" if self.current else ""
            tail = f"{self.done} of {self.n} ready, {self.elapsed():.0f} s{now}"
        line = f"phz: {tail}"[:shutil.get_terminal_size().columns - 1]  # one row: it is rewritten in place
        if line != self.shown:
            self.shown = line
            self._write(f"\x1b[A\r\x1b[K{line}\n")  # up to the row, clear it, write it again

    @staticmethod
    def _write(text: str) -> None:
        try:
            sys.stderr.write(text)
            sys.stderr.flush()
        except (OSError, ValueError, AttributeError):  # no stderr, or a closed one: compile in silence
            pass


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty() and os.environ.get("TERM", "") not in ("", "dumb")
    except (AttributeError, ValueError):
        return False
