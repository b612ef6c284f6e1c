"""`phz sim --per-deal` and benchmarks/strength.py, which pools its files and compares them deal by deal.

The per-deal file holds exactly the numbers behind `phz sim`'s own comparison (the same pair mean and
interval, whatever --jobs); pooling is the mean of every deal's difference once; the paired change of
--vs is worked out by hand on files built here.
"""
from __future__ import annotations

import json
import signal
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from benchmarks import strength
from solver.app import sim as sim_runner
from solver.app.commands import main
from solver.game.stats import mean_interval
from tests.process_helpers import PATIENCE, env, no_traceback, wait_until


def sim(*args: str):
    return CliRunner().invoke(main, ["sim", "--rules", "luzhou", "--players", "3", *args])


def per_deal_file(path, seed, nets: dict[str, list[float]], bots=("judge", "race", "race"), rules="luzhou"):
    path.write_text(json.dumps({"phz": strength.KIND, "rules": rules, "players": 3, "bots": list(bots),
                                "seed": seed, "deals": len(next(iter(nets.values()))), "per_deal": nets}))
    return str(path)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_per_deal_file_holds_the_numbers_of_the_sims_comparison(tmp_path, jobs):
    out = tmp_path / "run.json"
    result = sim("--bots", "keen,random,random", "--games", "24", "--seed", "5", "--json", "--jobs", jobs,
                 "--per-deal", str(out))
    assert result.exit_code == 0, result.output
    pair = json.loads(result.output)["pairs"][0]
    body = json.loads(out.read_text())
    assert (body["rules"], body["players"], body["bots"], body["seed"], body["deals"]) == \
        ("luzhou", 3, ["keen", "random", "random"], 5, 24)
    diffs = [a - b for a, b in zip(body["per_deal"]["keen"], body["per_deal"]["random"])]
    assert mean_interval(diffs) == (pytest.approx(pair["mean"]), pytest.approx(pair["half"]))
    s = strength.summary([str(out)], None, None)
    assert (s["first"], s["second"], s["deals"]) == ("keen", "random", 24)
    assert (s["mean"], s["half"]) == (pytest.approx(pair["mean"]), pytest.approx(pair["half"]))
    assert s["bootstrap"][0] < s["mean"] < s["bootstrap"][1]
    assert not list(tmp_path.glob("*.tmp"))  # written whole, nothing left beside it
    # deal i is deal i: the same numbers in the same order from a shorter run of the same seed
    short = tmp_path / "short.json"
    assert sim("--bots", "keen,random,random", "--games", "9", "--seed", "5", "--per-deal", str(short)).exit_code == 0
    assert {b: v[:9] for b, v in body["per_deal"].items()} == json.loads(short.read_text())["per_deal"]


@pytest.mark.parametrize("where", ["folder", "missing"])
def test_a_per_deal_file_that_cannot_be_written_is_refused_before_play(tmp_path, where):
    target = tmp_path if where == "folder" else tmp_path / "no" / "run.json"
    result = sim("--bots", "random", "--games", "1", "--per-deal", str(target))
    assert result.exit_code == 2
    (error,) = [line for line in result.output.splitlines() if line.startswith("Error")]
    assert "--per-deal" in error and "name a file in a folder you can write to" in error


def test_pooled_runs_are_every_deal_once(tmp_path):
    a = per_deal_file(tmp_path / "a.json", 1, {"judge": [1.0, -2.0, 3.0], "race": [0.0, 1.0, -1.5]})
    b = per_deal_file(tmp_path / "b.json", 2, {"judge": [0.5, 4.0], "race": [0.25, -2.0]})
    s = strength.summary([a, b], None, None)
    assert (s["deals"], s["seeds"]) == (5, [1, 2])
    assert (s["mean"], s["half"]) == mean_interval([1.0, -3.0, 4.5, 0.25, 6.0])
    assert strength.summary([a, b], "race,judge", None)["mean"] == pytest.approx(-s["mean"])
    with pytest.raises(strength.StrengthError, match="deal 0 of seed 1 is in an earlier file too"):
        strength.summary([a, a], None, None)
    other = per_deal_file(tmp_path / "c.json", 3, {"keen": [1.0], "race": [0.0]}, bots=("keen", "race", "race"))
    with pytest.raises(strength.StrengthError, match="pool runs of one ruleset, table and bots"):
        strength.summary([a, other], None, None)


def test_vs_is_the_paired_change_on_the_deals_in_both(tmp_path):
    before = per_deal_file(tmp_path / "before.json", 7, {"judge": [1.0, 2.0, 3.0], "race": [0.5, 0.0, -1.0]})
    after = per_deal_file(tmp_path / "after.json", 7, {"judge": [2.0, 1.0, 5.0, 9.0], "race": [0.0, -1.0, 0.0, 0.0]})
    v = strength.summary([before], None, [after])["vs"]
    assert (v["deals"], v["changed"]) == (3, 2)  # deal 3 is in one set only
    assert (v["mean"], v["half"]) == mean_interval([1.5, 0.0, 1.0])
    far = per_deal_file(tmp_path / "far.json", 8, {"judge": [1.0], "race": [0.0]})
    with pytest.raises(strength.StrengthError, match="no deal in both sets"):
        strength.summary([before], None, [far])


@pytest.mark.parametrize("text, words", [
    ("not json", "not a readable per-deal file"),
    ('{"phz": "something else"}', "not a per-deal file of phz sim"),
    ('{"phz": "sim per-deal", "rules": "luzhou", "players": 3, "bots": ["a", "b"], "seed": 1, "deals": 3, '
     '"per_deal": {"a": [1, 2], "b": [1, 2, 3]}}', "a damaged per-deal file"),
])
def test_files_that_are_not_per_deal_files_are_one_line(tmp_path, capsys, text, words):
    path = tmp_path / "x.json"
    path.write_text(text)
    assert strength.main([str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err and ("phz sim --per-deal" in err or "play the run again" in err)


def test_the_tool_prints_the_pooled_comparison(tmp_path, capsys):
    a = per_deal_file(tmp_path / "a.json", 1, {"judge": [1.0, -2.0, 3.0], "race": [0.0, 1.0, -1.5]})
    assert strength.main([a]) == 0
    out = capsys.readouterr().out
    assert "luzhou, 3 seats, judge,race,race: 3 deals (1 seed)" in out and "judge − race: +0.833 ±" in out


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_run_stopped_by_ctrl_c_keeps_the_deals_done(phz_cmd, tmp_path, jobs):
    """A long run with --per-deal that is interrupted writes the deals done so far, each whole (every
    bot's net of each deal written), and its last line says how many."""
    out, records = tmp_path / "run.json", tmp_path / "records"
    proc = subprocess.Popen([*phz_cmd, "sim", "--bots", "keen,random,random", "--games", "10000000", "--jobs", jobs,
                             "--records", str(records), "--per-deal", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env())
    try:  # well under way: deal 200's games are written, three chunks of deals (sim.MAX_CHUNK) after the first
        wait_until(lambda: records.is_dir() and any(records.glob("deal000200-*")), "the run to be under way")
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=PATIENCE)
    finally:
        proc.kill()
    no_traceback(err)
    assert proc.returncode == 130
    body = json.loads(out.read_text())
    n = body["deals"]
    assert body["stopped"] is True and n >= sim_runner.MAX_CHUNK and all(len(v) == n for v in body["per_deal"].values())
    assert err.decode().strip().splitlines()[-1] == f"phz: interrupted; the {n} deals done are in {out}"
    assert not list(tmp_path.glob("*.tmp"))


# ---------------------------------------------------------------- the committed runs behind README's figures

ROOT = Path(__file__).resolve().parent.parent
STRENGTH = ROOT / "benchmarks" / "data" / "strength"


def _committed_runs() -> list[str]:
    return sorted(str(p) for p in STRENGTH.glob("*.json"))


def test_the_committed_runs_pool_to_the_readme_figure():
    """benchmarks/data/strength holds the per-deal files of a figure of README's strength table: the
    row that names the folder gives their pooled deals, hands and mean ± half-interval."""
    files = _committed_runs()
    assert files, "no per-deal files in benchmarks/data/strength"
    s = strength.summary(files, None, None)
    assert (s["bots"], s["players"]) == (["judge", "race", "race"], 3)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (row,) = [line for line in readme.splitlines() if line.startswith("|") and "benchmarks/data/strength" in line]
    assert row.startswith(f"| {s['rules']}, "), row
    assert f"{s['deals']:,} ({3 * s['deals']:,})" in row, (row, s["deals"])
    assert row.endswith(f"| {s['mean']:+.2f} ± {s['half']:.2f} |"), (row, s["mean"], s["half"])


@pytest.mark.slow
def test_the_committed_runs_are_what_this_code_plays():
    """The first deal of each committed run, played again: the same nets (a change to the judge or to
    race makes the README's figure stale: play the runs again)."""
    for path in _committed_runs():
        body = json.loads(Path(path).read_text(encoding="utf-8"))
        result = CliRunner().invoke(main, ["sim", "--rules", body["rules"], "--players", str(body["players"]),
                                           "--bots", ",".join(body["bots"]), "--games", "1",
                                           "--seed", str(body["seed"]), "--json"])
        assert result.exit_code == 0, result.output
        nets = {b["name"]: b["mean_net"] for b in json.loads(result.stdout)["bots"]}
        for bot, values in body["per_deal"].items():
            assert nets[bot] == pytest.approx(values[0]), (path, bot)
