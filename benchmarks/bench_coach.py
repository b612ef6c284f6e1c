"""Speed of the coach at the table (issue 27: a hint or a coach line within half a second): at every
decision of seat 0 with a choice in a 2-hand game per ruleset, the ``?`` hint (``Coach.advise`` of the
seat's view and ``play_words.hint_lines``) and then the coach's line on a move other than the best
(``Coach.graded``, which plays that move out on every deal, and ``play_words.coach_lines``), warm.

    python -m pytest benchmarks/bench_coach.py --benchmark-only

A round is the hint and the line at every such decision of the game (the decisions are found once, by
replaying the game to each of them; the game is played by ``basic`` bots from pinned seeds).  What a
learner waits for is one decision, so ``extra_info`` holds the median, 90th percentile and largest
seconds of a single hint and of a single line over the round.  Under ``--benchmark-disable`` it runs
the first three decisions at 8 deals, as a smoke test.
"""
from __future__ import annotations

import statistics
import time

import pytest

from solver.game.coach import Coach
from solver.game.engine import Game
from solver.game.players import make_bot
from solver.model.rules import get_ruleset
from solver.text import play_words

SEEDS = (31, 32)  # the hands of the game


def decisions(rules) -> list:
    """(view, ask) of seat 0 at every decision with a choice, seat 0 played by basic like the others."""
    out = []
    for seed in SEEDS:
        game = Game(rules, seed=seed)
        bots = [make_bot("basic", seed=seed, seat=s) for s in range(rules.game.players)]
        while (ask := game.ask()) is not None:
            view = game.view(ask.seat)
            if ask.seat == 0 and len(ask.options) > 1:
                out.append((view, ask))
            game.play(bots[ask.seat].choose(view, ask))
    return out


@pytest.mark.parametrize("name", ["hunan", "luzhou"])
def test_hint_and_coach_line(benchmark, name):
    rules = get_ruleset(name)
    smoke = bool(benchmark.disabled)
    asked = decisions(rules)[:3 if smoke else None]
    coach = Coach(rules, seat=0, samples=8) if smoke else Coach(rules, seat=0)
    coach.advise(*asked[0])  # the kernels loaded, the memos warm
    hints: list[float] = []
    lines: list[float] = []

    def round_():
        hints.clear()
        lines.clear()
        for view, ask in asked:
            t = time.perf_counter()
            advice = coach.advise(view, ask)
            assert play_words.hint_lines(advice, "en")
            t1 = time.perf_counter()
            other = advice.choices[-1].move  # the move a learner might have made instead: the worst
            assert play_words.coach_lines(coach.graded(advice, other), "en")
            lines.append(time.perf_counter() - t1)
            hints.append(t1 - t)

    benchmark.group = "the coach: a hint and a coach line at every decision of seat 0 (2 hands)"
    benchmark.pedantic(round_, rounds=1 if smoke else 2, iterations=1)
    for what, xs in (("hint", hints), ("line", lines)):
        xs = sorted(xs)
        benchmark.extra_info[f"{what}_median_s"] = round(statistics.median(xs), 4)
        benchmark.extra_info[f"{what}_p90_s"] = round(xs[int(0.9 * (len(xs) - 1))], 4)
        benchmark.extra_info[f"{what}_max_s"] = round(xs[-1], 4)
    benchmark.extra_info["decisions"] = len(asked)
