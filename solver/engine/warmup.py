"""A helper process of ``solver.engine.compiling``: compile the entry points of its tasks.

``main(["wins"])`` calls each entry point of ``compiling.TASKS["wins"]``
through the wrapper the real calls go through, on a small real hand, so each
compiles with exactly their argument types and numba writes it to its cache;
after each it prints the entry point's name on stdout (the parent's
progress).  It then runs each task its standard input names, one a line,
until that input ends (the parent has no more work for it).  The ruleset does
not change a kernel's argument types (the tests check that another ruleset's
work compiles nothing more), so the default one serves.  A Ctrl-C stops it at
once, without a word, and so does the end of its standard input while it
works (the parent is gone): it never outlives the process that started it.
"""
from __future__ import annotations

import os
import queue
import signal
import threading
from functools import partial
from typing import TYPE_CHECKING

from ..model.notation import parse_hand
from ..model.rules import DEFAULT_RULESET, get_ruleset
from ..model.tiles import N_KINDS
from . import arrays, basic_steps, compiling, distance, game_steps, keen_steps, wins

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from ..model.ruleset import Ruleset

READY = "一二三壹贰叁贰柒拾四五六八九十七七七伍伍"  # waits on 五, 七 and 伍
TO_DISCARD = READY + "拾"  # a hand of 21: the discard table
FAR = "一二三四五 六七八 九九玖 肆伍陆 柒捌玖 拾拾壹"  # two intakes from ready: the distance search runs
UNSEEN = [[0] * N_KINDS]

_steps: list[tuple[tuple[str, ...], Iterator[str]]] = []  # the game's warm-up under way: (its task, its steps)


def _game_step(rules: Ruleset, name: str) -> None:
    """Warm the game kernels up to ``name`` (they are warmed in order, on one hand: those of another task
    on the way are called only where ``name`` needs them, and then loaded or compiled already)."""
    if not _steps or name not in _steps[0][0]:
        task = next(names for names, _ in compiling.TASKS.values() if name in names)
        _steps[:] = [(task, game_steps.warm_steps(rules, task))]
    while next(_steps[0][1]) != name:
        pass


#: entry point -> a call of its real wrapper that compiles it
WARM: dict[str, Callable[[Ruleset], object]] = {
    "half_tables": lambda rules: arrays.of(rules).tables,
    "hu_batch": lambda rules: wins.hu_many([parse_hand(READY, rules)], [4], ["self"], rules),
    "ting_batch": lambda rules: wins.ting_many([parse_hand(READY, rules)], UNSEEN, rules),
    "discard_batch": lambda rules: wins.discard_many([parse_hand(TO_DISCARD, rules)], UNSEEN, rules),
    "run": lambda rules: distance.analyse(parse_hand(FAR, rules), rules, budget=1000),
    # the game kernels one after the other, on one hand (game_steps.warm_steps)
    **{name: partial(_game_step, name=name)
       for name in ("deal", "begin", "tianhu", "advance", "answer", "play_random", "rollouts", "deal_unseen")},
    "keen_pick": lambda rules: keen_steps.warm(rules, "keen_pick"),
    "play_keen": lambda rules: keen_steps.warm(rules, "play_keen"),
    "rollouts_keen": lambda rules: keen_steps.warm(rules, "rollouts_keen"),
    "basic_pick": lambda rules: basic_steps.warm(rules, "basic_pick"),
    "play_basic": lambda rules: basic_steps.warm(rules, "play_basic"),
}


def main(tasks: list[str]) -> None:
    """Run ``tasks``, then each task named on a line of the standard input, until its end."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    compiling.in_helper()
    asked: queue.SimpleQueue[str] = queue.SimpleQueue()
    threading.Thread(target=_read_tasks, args=(asked,), name="phz-parent", daemon=True).start()
    rules = get_ruleset(DEFAULT_RULESET)
    for task in tasks:
        _run(task, rules)
    while True:
        _run(asked.get(), rules)


def _run(task: str, rules: Ruleset) -> None:
    _idle.clear()
    names = compiling.TASKS[task][0]
    for name in names:
        WARM[name](rules)
        if name == names[-1]:
            _idle.set()  # (before the parent reads that the task has ended)
        print(name, flush=True)


_idle = threading.Event()  # set while the process waits for a task


def _read_tasks(asked: queue.SimpleQueue[str]) -> None:
    """Pass on the tasks named on the standard input, one a line; at its end, end the process: the parent
    has no more work for it (it waits for a task: status 0) or is gone (status 1)."""
    buffer = b""
    try:
        # (the file descriptor: a buffered stdin's lock would stop the interpreter's exit)
        while chunk := os.read(0, 4096):
            *lines, buffer = (buffer + chunk).split(b"\n")
            for line in lines:
                asked.put(line.decode())
    finally:
        os._exit(0 if _idle.is_set() and asked.empty() else 1)
