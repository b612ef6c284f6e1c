"""The game kernels never index past an array: whole hands of every kernel policy, and the judge's
rollouts on the deal that once wrote past the rows of the ways to eat (hunan, seed 55000, deal 164: a
hand of 68 ways when 64 rows were kept), played with numba's bounds checks on.

The kernels run without bounds checks (an overrun there corrupts memory rather than raising), so a
child process compiles them afresh with ``NUMBA_BOUNDSCHECK=1`` in a cache folder of its own, and
any out-of-bounds index raises ``IndexError`` and fails the test.  Slow: the compile takes minutes."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.slow

SCRIPT = textwrap.dedent("""
    from solver.app import sim
    from solver.app.options import seat_rules
    from solver.engine import basic_steps, game_steps, keen_steps
    from solver.model.rules import RULESETS, get_ruleset

    hunan = get_ruleset("hunan")
    sim.play_deal(sim.Sim(hunan, ("judge", "race", "race"), 55000), 164)
    for name in RULESETS:
        rules = get_ruleset(name)
        seeds = list(range(1, 2001))
        game_steps.play_random(game_steps.tables_of(rules), seeds, b"phz:random:")
        keen_steps.play_keen(rules, seeds[:600], b"phz:keen:", rules.bots.keen_level)
        basic_steps.play_basic(rules, seeds[:200], b"phz:basic:")
    three = seat_rules(get_ruleset("luzhou"), 3)
    for deal in range(3):
        sim.play_deal(sim.Sim(three, ("judge", "race", "race"), 7), deal)
    print("in bounds")
""")


def test_kernels_stay_in_bounds(tmp_path):
    env = dict(os.environ, NUMBA_BOUNDSCHECK="1", NUMBA_CACHE_DIR=str(tmp_path / "kernels"))
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=3600,
                          cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    assert done.returncode == 0 and "in bounds" in done.stdout, done.stderr[-3000:]
