"""benchmarks/win_curve.py: the rows of the judge's self-play, and the win curve fitted on them.

The fit is checked against what it must recover (rows drawn from a known curve), its pieces against
slow references written here (the curve read off knot by knot; the min–max formula of the closest
non-decreasing sequence), and its play against the judge's advice at the same decisions.
"""
from __future__ import annotations

import itertools
import json
import random

import numpy as np
import pytest

from benchmarks import win_curve
from solver.model.rules import get_ruleset
from solver.model.ruleset import on_curve


def test_the_design_reads_the_curve_as_the_advice_does():
    rng = random.Random(7)
    for _ in range(50):
        curve = np.array(sorted(rng.random() for _ in range(win_curve.KNOTS)))
        raw = np.array([rng.random() for _ in range(20)] + [0.0, 1.0, 0.1, 0.95])
        assert win_curve.design(raw) @ curve == pytest.approx([on_curve(tuple(curve), p) for p in raw])


def closest_never_down(values, weights):
    """The min–max formula: at i, the largest over j ≤ i of the smallest over k ≥ i of the mean of j..k."""
    def mean(j, k):
        return sum(v * w for v, w in zip(values[j:k + 1], weights[j:k + 1])) / sum(weights[j:k + 1])
    n = len(values)
    return [max(min(mean(j, k) for k in range(i, n)) for j in range(i + 1)) for i in range(n)]


def test_never_down_is_the_closest_sequence_that_never_goes_down():
    rng = random.Random(11)
    for n in itertools.chain(range(1, 9), [11] * 40):
        values = [rng.choice([rng.random(), 0.5]) for _ in range(n)]
        weights = [rng.choice([1.0, rng.random() * 50]) for _ in range(n)]
        assert list(win_curve.never_down(np.array(values), np.array(weights))) == pytest.approx(
            closest_never_down(values, weights))


def test_the_fit_recovers_the_curve_its_rows_were_drawn_from():
    rng = np.random.default_rng(5)
    true = (0.02, 0.1, 0.19, 0.27, 0.34, 0.41, 0.47, 0.52, 0.56, 0.59, 0.61)
    raw = rng.beta(2, 3, 40_000)
    won = (rng.random(len(raw)) < win_curve.design(raw) @ np.array(true)).astype(np.float64)
    curve = win_curve.fit(raw, won)
    assert all(a <= b for a, b in zip(curve, curve[1:])) and 0 <= curve[0] and curve[-1] <= 1
    # the knots the rows reach are recovered; the last knots, where few rows lie, are held by the smoothing
    assert curve[:9] == pytest.approx(true[:9], abs=0.03)
    bands, widest = win_curve.table(curve, raw, won)
    assert widest < win_curve.GAP and sum(b["positions"] for b in bands) == len(raw)


def test_the_widest_gap_is_not_rounded_under_the_limit():
    raw = np.full(2500, 0.5)
    won = np.r_[np.ones(1124), np.zeros(1376)]  # shown 0.5, won 0.4496: 0.0504 apart, shown as 0.05
    bands, widest = win_curve.table((0.0, 1.0), raw, won)
    assert widest == pytest.approx(0.0504) and widest > win_curve.GAP and bands[0]["gap"] == 0.05
    assert win_curve.table((0.0, 1.0), np.full(99, 0.5), np.zeros(99))[1] == 0.0  # a band under 100: not checked


def test_a_steeper_penalty_makes_a_straighter_curve():
    rng = np.random.default_rng(6)
    raw = rng.random(3000)
    won = (rng.random(3000) < 0.3 + 0.2 * np.sin(raw * 9)).astype(np.float64)
    bends = [np.abs(np.diff(win_curve.fit(raw, won, smooth), n=2)).sum() for smooth in (1.0, 300.0, 1e6)]
    assert bends[0] > bends[1] > bends[2]


def test_the_deciles_bin_as_the_calibration_test_does():
    shown = np.array([0.05, 0.05, 0.95, 1.0, 0.1])
    won = np.array([0.0, 1.0, 1.0, 1.0, 0.0])
    assert win_curve.deciles(shown, won) == [(0, 2, 0.05, 0.5), (1, 1, 0.1, 0.0), (9, 2, 0.975, 1.0)]


def test_play_writes_the_judges_decisions_and_carries_on_a_stopped_file(tmp_path, capsys):
    out = tmp_path / "rows.jsonl"
    assert win_curve.main(["play", "hunan", "3", "1", str(out)]) == 0
    first = out.read_text()
    hand = json.loads(first)
    rows, winner = win_curve.decisions(get_ruleset("hunan"), 3)
    assert hand == {"seed": 3, "rows": [list(r) for r in rows], "winner": winner} and rows
    curve = get_ruleset("hunan").bots.win_curve
    assert all(shown == pytest.approx(on_curve(curve, raw)) for _, raw, shown in rows)
    assert win_curve.main(["play", "hunan", "3", "1", str(out)]) == 0  # seed 3 is there: nothing added
    assert out.read_text() == first
    assert win_curve.main(["check", str(out), "--rules", "hunan", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["check"]["positions"] == len(rows) and report["curve"] == list(curve)


@pytest.mark.parametrize("text, says", [
    ("not json\n", "not a line `play` writes"),
    ('{"seed": 1, "rows": [[0, 1.5, 0.6]], "winner": 0}\n', "not a line `play` writes"),
    ("", "no positions"),
])
def test_a_bad_file_is_one_line_naming_the_fix(tmp_path, capsys, text, says):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(text)
    assert win_curve.main(["fit", str(bad)]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


def test_play_refuses_a_file_it_did_not_write_and_a_count_out_of_range(tmp_path, capsys):
    other = tmp_path / "other.txt"
    other.write_text("a note\n")
    assert win_curve.main(["play", "hunan", "0", "1", str(other)]) == 2
    assert win_curve.main(["play", "hunan", "0", "0", str(tmp_path / "x.jsonl")]) == 2
    assert other.read_text() == "a note\n" and not (tmp_path / "x.jsonl").exists()
    assert "give another OUT" in capsys.readouterr().err


def test_an_unknown_ruleset_is_one_line_naming_the_known_ones(tmp_path, capsys):
    rows = tmp_path / "rows.jsonl"
    rows.write_text('{"seed": 1, "rows": [[0, 0.5, 0.5]], "winner": 0}\n')
    assert win_curve.main(["play", "nosuch", "0", "1", str(tmp_path / "x.jsonl")]) == 2
    assert win_curve.main(["check", str(rows), "--rules", "nosuch"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and err.count("choose one of hunan") == 2 and not (tmp_path / "x.jsonl").exists()
