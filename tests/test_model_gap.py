"""benchmarks/model_gap.py: the judge's decisions graded by its own rollouts against another bot's."""
from __future__ import annotations

import json

import pytest

from benchmarks import model_gap


def _write(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def _row(deal, seat, stage, judge, other, best=None, jw=None, ow=None):
    r = {"seed": 1, "deal": deal, "seat": seat, "stage": stage, "choices": 3, "judge": judge, "other": other}
    if best is not None:
        r.update(best=best, judge_worth=jw, other_worth=ow)
    return r


def test_summary_sums_as_written(tmp_path):
    path = tmp_path / "g.jsonl"
    _write(path, [
        _row(0, 0, "discard", "d一", "d二", best=1.0, jw=1.0, ow=0.5),
        _row(0, 0, "chi", "过", "吃", best=2.0, jw=1.5, ow=2.0),
        _row(0, 0, "discard", "d三", "d三"),
        {"seed": 1, "deal": 0, "seat": 0, "game_end": 3},
        _row(0, 1, "discard", "d四", "d五", best=0.0, jw=0.0, ow=-1.0),
        {"seed": 1, "deal": 0, "seat": 1, "game_end": 1},
        {"seed": 1, "deal": 0, "seat": 2, "game_end": 0},
    ])
    s = model_gap.summary([str(path)])
    assert (s["games"], s["decisions"], s["differ"], s["graded"]) == (3, 4, 3, 3)
    assert s["stages"]["all"]["n"] == 3
    assert s["stages"]["all"]["judge_loss"][0] == pytest.approx(0.5 / 3)
    assert s["stages"]["all"]["other_loss"][0] == pytest.approx(1.5 / 3)
    assert s["stages"]["all"]["gain"][0] == pytest.approx((0.5 - 0.5 + 1.0) / 3)
    assert s["stages"]["discard"]["gain"][0] == pytest.approx(0.75)
    assert "chi" not in s["stages"]  # one graded 吃: no interval
    # a game's gain is the sum of its decisions' (0 for the game without any): 0, 1, 0
    assert s["gain_a_hand"][0] == pytest.approx(1 / 3)


def test_damaged_or_empty_files_are_one_line_errors(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"seed": 1, "deal": 0}\nnot json\n', encoding="utf-8")
    assert model_gap.main(["sum", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("model_gap: ") and "line 1" in err and "\n" not in err
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    assert model_gap.main(["sum", str(empty)]) == 2
    assert "no game ended" in capsys.readouterr().err
    assert model_gap.main(["sum", str(tmp_path / "missing.jsonl")]) == 2
    assert "not readable" in capsys.readouterr().err
    assert model_gap.main(["play", "--truth", "5", "--out", str(tmp_path / "x.jsonl")]) == 2
    assert "--truth 5" in capsys.readouterr().err
    assert model_gap.main(["play", "--rules", "nowhere", "--out", str(tmp_path / "x.jsonl")]) == 2
    assert "nowhere" in capsys.readouterr().err


def test_a_real_deal_graded(tmp_path):
    """One luzhou deal at a table of three, every seating: each graded row's moves differ, the best is
    at least either move's worth, and every game ends with a row."""
    out = tmp_path / "g.jsonl"
    n = model_gap.play("luzhou", 3, 51000, 0, 1, 100, "race", str(out), fork="other")
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    ends = [r for r in rows if "game_end" in r]
    decisions = [r for r in rows if "game_end" not in r]
    assert len(ends) == 3 and {r["seat"] for r in ends} == {0, 1, 2}
    assert len(decisions) == n == sum(r["game_end"] for r in ends) > 0
    graded = [r for r in decisions if "best" in r]
    assert graded, "the judge and race differ somewhere on this deal"
    for r in graded:
        assert r["judge"] != r["other"]
        assert r["best"] >= max(r["judge_worth"], r["other_worth"]) - 1e-12
        assert r["played_on"] == "other" and isinstance(r["judge_net"], int) and isinstance(r["other_net"], int)
    s = model_gap.summary([str(out)])
    assert s["games"] == 3 and s["graded"] == len(graded)


def test_slope_of_played_on_claims():
    assert model_gap.slope([0.0, 1.0, 2.0, 3.0], [1.0, 3.0, 5.0, 7.0]) == pytest.approx((2.0, 0.0))
    b, half = model_gap.slope([0.0, 1.0, 2.0, 3.0], [0.0, 1.0, 0.0, 1.0])
    assert b == pytest.approx(0.2) and half > 0
    assert model_gap.slope([1.0, 1.0, 1.0], [0.0, 1.0, 2.0]) is None  # no spread of claims


def test_forks_of_two_ways_are_not_pooled(tmp_path):
    rows = [_row(0, 0, "discard", "d一", "d二", best=1.0, jw=1.0, ow=0.5),
            _row(0, 0, "discard", "d三", "d四", best=1.0, jw=1.0, ow=0.5),
            {"seed": 1, "deal": 0, "seat": 0, "game_end": 2}]
    rows[0].update(judge_net=3, other_net=-1, played_on="seats")
    rows[1].update(judge_net=0, other_net=0)  # a file of before the choice: played on by the other bot
    path = tmp_path / "g.jsonl"
    _write(path, rows)
    with pytest.raises(model_gap.GapError, match="both ways"):
        model_gap.summary([str(path)])


def test_a_stopped_run_counts_only_the_games_that_ended(tmp_path, capsys):
    path = tmp_path / "g.jsonl"
    _write(path, [
        _row(0, 0, "discard", "d一", "d二", best=1.0, jw=1.0, ow=0.5),
        {"seed": 1, "deal": 0, "seat": 0, "game_end": 1},
        _row(0, 1, "discard", "d三", "d四", best=2.0, jw=0.0, ow=2.0),  # its game never ended
    ])
    with path.open("a", encoding="utf-8") as f:
        f.write('{"seed": 1, "deal": 0, "seat": 1, "sta')  # a line cut short by the stop
    s = model_gap.summary([str(path)])
    assert (s["games"], s["decisions"], s["graded"], s["unfinished"]) == (1, 1, 1, 1)
    assert s["gain_a_hand"] == (0.5, None)
    assert model_gap.main(["sum", str(path)]) == 0
    out = capsys.readouterr().out
    assert "1 decisions of games a stopped run did not end left out" in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_the_judge_is_not_its_own_opponent(tmp_path, capsys):
    assert model_gap.main(["play", "--against", "judge", "--out", str(tmp_path / "x.jsonl")]) == 2
    assert "name another bot" in capsys.readouterr().err
