"""The judge's win chance comes true (issue 27): on positions from games of the judge's own bot, the win
chance it shows for its best move against how often that seat went on to win the hand.

The judge bot plays every seat; at every decision with a choice and no 胡 on offer the best choice's
win chance (``Estimate.win``: the rollouts' read off the ruleset's ``win_curve``) is binned by
deciles.  The curve was fitted on other hands (README: calibration; ``benchmarks/win_curve.py``); here,
in every decile holding ``BAND`` (100) positions or more, predicted and observed must be within ``GAP``
(0.05).  Slow: some 5,000 positions a ruleset, a few minutes each.
"""
from __future__ import annotations

import numpy as np
import pytest

from benchmarks.win_curve import BAND, GAP, decisions, table
from solver.model.rules import get_ruleset
from solver.model.ruleset import on_curve

#: hands played from these seeds, per ruleset: others than the curve was fitted on (hunan: seeds 1000–1399,
#: 7000–7399 and 11000–11399; luzhou, at its table of four: 6000–6399 and 5000–5399)
SEEDS = {"hunan": range(13000, 13400), "luzhou": range(12000, 12600)}


def positions(rules, seeds, wanted: int) -> tuple[np.ndarray, np.ndarray]:
    """(the rollouts' win chance for the best choice, whether that seat won the hand) at the judge bots'
    decisions (``benchmarks/win_curve.py``, which fits the curve on such rows of other hands)."""
    raw: list[float] = []
    won: list[bool] = []
    for seed in seeds:
        rows, winner = decisions(rules, seed)
        raw += [p for _, p, _ in rows]
        won += [winner == seat for seat, _, _ in rows]
        if len(raw) >= wanted:
            break
    return np.array(raw), np.array(won, dtype=np.float64)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["hunan", "luzhou"])
def test_the_judges_win_chance_comes_true_decile_by_decile(name):
    rules = get_ruleset(name)
    raw, won = positions(rules, SEEDS[name], 5000)
    assert len(raw) >= 5000
    bands, widest = table(rules.bots.win_curve, raw, won)
    print(name, f"{len(raw)} positions; shown {np.mean([on_curve(rules.bots.win_curve, p) for p in raw]):.3f}, "
          f"won {won.mean():.3f}", *bands, sep="\n")  # README's table (pytest -s)
    assert widest <= GAP, (name, [b for b in bands if b["positions"] >= BAND])
