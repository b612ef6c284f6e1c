"""benchmarks/compile_time.py: compiling every kernel into an empty cache, timed."""
from __future__ import annotations

import json

import pytest

from benchmarks import compile_time


def _run(wall, cpu, **steps):
    return {"wall": wall, "cpu": cpu, "steps": steps}


def test_the_table_gives_medians_and_the_ratio_pair_by_pair():
    runs = {"before": [_run(100, 200, _optimize_final_module=40), _run(90, 180, _optimize_final_module=44),
                       _run(120, 190, _optimize_final_module=42)],
            "after": [_run(70, 140, _optimize_final_module=5), _run(72, 130, _optimize_final_module=4),
                      _run(60, 150, _optimize_final_module=6)]}
    lines = compile_time.summary(runs)
    assert lines[0] == "| | before | after | after / before |"
    rows = {line.split(" | ")[0].lstrip("| "): line.strip("| ").split(" | ")[1:] for line in lines[2:]}
    assert rows["wall (s)"] == ["100.0", "70.0", "0.70"]  # ratios 0.70, 0.80, 0.50: median 0.70
    assert rows["CPU (s)"] == ["190.0", "140.0", "0.72"]  # 0.70, 0.72, 0.79
    assert rows["module passes (CPU s)"] == ["42.0", "5.0", "0.12"]  # 0.125, 0.091, 0.143


def test_one_side_alone_has_no_ratio():
    lines = compile_time.summary({"after": [_run(70, 140)]})
    assert lines[0] == "| | after |"
    assert lines[2:] == ["| wall (s) | 70.0 |", "| CPU (s) | 140.0 |"]


def test_a_folder_that_is_no_checkout_is_refused(tmp_path):
    with pytest.raises(SystemExit, match="is not a checkout of phz"):
        compile_time.checkout(str(tmp_path))


def test_runs_out_of_range_are_refused(capsys):
    with pytest.raises(SystemExit):
        compile_time.main(["--runs", "0"])
    assert "give 1 to 20" in capsys.readouterr().err


def test_json_gives_every_run(monkeypatch, capsys):
    made = iter([_run(70, 140, _optimize_final_module=5), _run(60, 130, _optimize_final_module=4)])
    monkeypatch.setattr(compile_time, "one_run", lambda side, one, steps: next(made))
    assert compile_time.main(["--runs", "2", "--json"]) == 0
    runs = json.loads(capsys.readouterr().out)
    assert runs == {"after": [_run(70, 140, _optimize_final_module=5), _run(60, 130, _optimize_final_module=4)]}


@pytest.mark.slow
def test_a_real_compile_of_this_checkout(capsys):
    assert compile_time.main(["--runs", "1", "--steps"]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = {line.split(" | ")[0].lstrip("| "): float(line.strip("| ").split(" | ")[1]) for line in out[2:]}
    assert rows["wall (s)"] > 0 and rows["CPU (s)"] > rows["module passes (CPU s)"] > 0
    assert rows["CPU (s)"] > rows["machine code (CPU s)"] > 0
