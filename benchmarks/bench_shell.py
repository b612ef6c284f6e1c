"""Speed of ``phz shell``'s answers once it is up (issue 17: each after the first in under 0.1 s).

    python -m pytest benchmarks/bench_shell.py --benchmark-only

A round is one line typed into a warm shell (``solver.app.shell.Shell.step``)
from a fixed session: a hand, a tile appearing with its numbered moves and
the best marked, a move taken, a discard, undo.  The first answer of a
process (reading the ruleset, the first search) is not timed: the shell
answers it once before the rounds.  ``extra_info["ms_median"]`` is the
median line, ``ms_max`` the slowest; the goal is ``ms_max`` under 100.
Under ``--benchmark-disable`` it runs the session once, as a smoke test.
"""
from __future__ import annotations

import itertools

import pytest

from solver.app.shell import Shell
from solver.model.rules import get_ruleset

SESSION = ("一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾", "? 三 upper-discard", "take 1", "-捌", "? 十 self-draw",
           "take 4", "undo", "undo", "undo", "seen 贰贰", "show")


@pytest.mark.parametrize("name", ["hunan", "luzhou"])
def test_shell_answers(benchmark, name):
    shell = Shell(get_ruleset(name), "en")
    for line in SESSION:  # the first answers of the process, not timed
        assert not any(out.startswith("error") for out in shell.step(line)), line
    lines = itertools.cycle(SESSION)
    benchmark.group = "phz shell: one line in a warm shell"
    benchmark.pedantic(lambda: shell.step(next(lines)), rounds=len(SESSION) * 4, iterations=1)
    stats = getattr(benchmark, "stats", None)
    if stats is not None and getattr(stats, "stats", None) is not None:
        benchmark.extra_info["ms_median"] = round(stats.stats.median * 1e3, 2)
        benchmark.extra_info["ms_max"] = round(stats.stats.max * 1e3, 2)
