"""`phz sim`: self-play by deals played once per seating, its statistics, the table and JSON.

The runner gives the same outcomes for the same seed whatever --jobs; the
statistics are checked against numbers worked out by hand; the table fits
80 columns in en and zh.  (Speed is measured in benchmarks/bench_game.py and
`phz bench`, never here.)
"""
from __future__ import annotations

import json
import math
import unicodedata

import pytest
from click.testing import CliRunner

from solver.app import sim, sim_command
from solver.app.commands import main
from solver.game.engine import Game
from solver.game.events import MeldEvent, PenaltyEvent, TakeEvent, WinEvent
from solver.game.stats import (
    EVENTS,
    VERDICT_DEALS,
    DealOutcome,
    GameOutcome,
    Pair,
    Tally,
    game_events,
    mean_interval,
    summarise,
)
from solver.model.rules import FOUR_KINDS, get_ruleset
from solver.text.sim_table import SimInfo, sim_json, sim_lines
from tests.game_helpers import json_events

HUNAN = get_ruleset("hunan")
LUZHOU = get_ruleset("luzhou")
RANDOM = ("random",) * 3


def phz(*args: str):
    return CliRunner().invoke(main, ["sim", *args])


def width(line: str) -> int:
    """Terminal columns of ``line``: wide (CJK) characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def steady(report: dict) -> dict:
    """A --json report without what depends on the run (its time and jobs)."""
    return {k: v for k, v in report.items() if k not in ("seconds", "jobs")}


# --- the runner ---------------------------------------------------------------------------------

def test_a_bot_not_registered_is_refused_naming_the_bots():
    with pytest.raises(ValueError, match="no bot 'nobody': name one of random, basic, strong, race, keen, judge a seat"):
        sim_command.parse_bots("basic,nobody,random")


@pytest.mark.parametrize("rules", [HUNAN, LUZHOU], ids=["hunan", "luzhou"])
def test_jobs_change_no_outcome(rules):
    job = sim.Sim(rules, RANDOM, seed=11)
    one = sim.run(job, 24)
    assert [d.index for d in one] == list(range(24))
    assert sim.run(job, 24, jobs=2) == one
    assert sim.run(job, 24) == one  # the same seed, the same games
    assert sim.run(sim.Sim(rules, RANDOM, seed=12), 24) != one
    tally = Tally(RANDOM)
    assert sim.run(job, 24, jobs=2, each=tally.add) == []  # given deal by deal, in index order, none kept
    assert tally.summary() == summarise(one, RANDOM) and tally.deals == 24


@pytest.mark.parametrize("bots", [RANDOM, ("keen", "random", "random")], ids=["whole", "seatings"])
def test_tallies_added_up_by_the_workers_are_the_tally_of_every_deal(bots):
    """``run(into=)`` on two jobs (each worker adds up its chunks, merged in order) leaves the same
    tally, every count and every per-deal mean in the same order, as adding each deal in turn."""
    job = sim.Sim(HUNAN, bots, seed=3)
    one = sim.run(job, 30)
    each = Tally(bots)
    for d in one:
        each.add(d)
    for jobs in (1, 2):
        into = Tally(bots)
        assert sim.run(job, 30, jobs=jobs, into=into) == []
        assert vars(into) == vars(each) and into.summary() == summarise(one, bots), jobs
    with pytest.raises(ValueError):
        Tally(bots).merge(Tally(("basic",) * 3))


def test_each_deal_is_played_once_per_seating_from_the_same_tiles():
    bots = ("random", "random", "random")
    seed = sim.hand_seed(5, 3)
    dealt = Game(HUNAN, seed=seed)
    deal = sim.play_deal(sim.Sim(HUNAN, bots, seed=5), 3)
    assert deal.index == 3 and len(deal.games) == 1  # three random bots: one seating
    game, outcome = sim.play_game(HUNAN, seed, bots)
    assert game.events[0] == dealt.events[0] and outcome == deal.games[0]
    assert sum(outcome.net) == 0 and outcome.turns == game.turns


def test_three_bots_rotate_over_the_seats_and_jobs_change_nothing():
    job = sim.Sim(HUNAN, ("strong", "basic", "random"), seed=2)
    deals = sim.run(job, 2)
    for d in deals:
        assert [g.bots for g in d.games] == sim.seatings(job.bots)
        assert all(sum(g.net) == 0 for g in d.games)
    assert sim.run(job, 2, jobs=2) == deals
    # deal 0 is played before the fork (its kernels loaded there once), the rest by the workers: the same
    # deals, given in index order, and the same tally
    three = sim.run(job, 3)
    given: list = []
    assert sim.run(job, 3, jobs=2, each=given.append) == [] and given == three and three[:2] == deals
    tally = Tally(job.bots)
    assert sim.run(job, 3, jobs=2, into=tally) == [] and tally.summary() == summarise(three, job.bots)


def test_when_no_worker_can_be_forked_the_rest_play_here_once(monkeypatch):
    """``workers.executor`` gives None when no worker could be forked (a limit of processes or memory):
    the deals after deal 0, which phz played before the fork, are played here, each once."""
    from contextlib import contextmanager

    from solver.game import workers

    @contextmanager
    def no_workers(*args, **kwargs):
        yield None

    job = sim.Sim(HUNAN, ("basic", "random", "random"), seed=2)
    alone = sim.run(job, 3)
    monkeypatch.setattr(workers, "executor", no_workers)
    assert sim.run(job, 3, jobs=2) == alone


def test_rule_events_agree_with_the_table_at_the_end():
    """八块 from the events: every 4-tile group of a seat after its first (dealt ones included)."""
    seen = dict.fromkeys(EVENTS, 0)
    for i in range(150):
        game, outcome = sim.play_game(HUNAN, sim.hand_seed(3, i), RANDOM)
        for p, s in enumerate(game.seats):
            fours = sum(1 for m in s.melds if m.kind in FOUR_KINDS)
            assert sum(1 for q, k in outcome.events if (q, k) == (p, "bakuai")) == max(0, fours - 1)
        weis = sum(1 for e in json_events(game) if e["e"] == "take" and e["kind"] == "wei")
        assert sum(1 for _, k in outcome.events if k == "chou_wei") <= weis
        if game.result.winner is not None and game.result.source == "self":
            assert (game.result.winner, "zimo") in outcome.events
        for _, k in outcome.events:
            seen[k] += 1
    assert seen["bakuai"] > 0 and seen["chou_wei"] > 0


def test_game_events_of_a_win_and_a_penalty():
    events = [MeldEvent(seat=0, kind="ti", tiles="一一一一"), MeldEvent(seat=0, kind="ti", tiles="二二二二"),
              TakeEvent(seat=0, kind="pao", tile="三", melds=("跑:三三三三",)),
              TakeEvent(seat=1, kind="wei", tile="四", melds=("偎:四四四",)),
              PenaltyEvent(seat=2, offence="臭张", amount=3),
              WinEvent(seat=1, tile=None, source="other", conditions=("qishou",), how="天胡", huxi=10, deng=1, fan=1,
                       fan_names=(), score=1)]
    # the second dealt four is no 八块 (nothing is discarded after a deal), the 跑 after them is
    assert game_events(events) == [(0, "bakuai"), (2, "臭张"), (1, "qishou"), (1, "tianhu")]


def test_chunks_cover_every_deal_once():
    for deals, jobs in ((1, 2), (7, 2), (333, 2), (10_000, 3)):
        parts = sim.chunks(deals, jobs)
        assert [i for lo, hi in parts for i in range(lo, hi)] == list(range(deals))
        assert max(hi - lo for lo, hi in parts) <= sim.MAX_CHUNK


# --- the statistics -----------------------------------------------------------------------------

def test_mean_interval_by_hand():
    mean, half = mean_interval([2, 4, 4, 4, 5, 5, 7, 9])
    # mean 5, sample variance 32/7, 1.96 * sqrt(32/7 / 8)
    assert mean == 5 and half == pytest.approx(1.96 * math.sqrt(32 / 7 / 8))
    assert mean_interval([]) == (0.0, None) and mean_interval([3]) == (3.0, None)


def _deal(index, *games):
    return DealOutcome(index, tuple(GameOutcome(*g) for g in games))


def test_summary_of_duplicate_deals_by_hand():
    s3 = ("a", "b", "c")
    rot = [s3, ("b", "c", "a"), ("c", "a", "b")]
    deals = [
        # deal 0: a wins 2 (net +4) as seat 0; then nothing; then b wins 1 (+2) as seat 2
        _deal(0, (rot[0], (4, -2, -2), 0, 10, ((0, "zimo"), (1, "bakuai"))), (rot[1], (0, 0, 0), None, 19),
              (rot[2], (-1, -1, 2), 2, 6)),
        # deal 1: c wins 3 (+6) as seat 2; then a wins 1 as seat 2; then drawn
        _deal(1, (rot[0], (-3, -3, 6), 2, 8), (rot[1], (-1, -1, 2), 2, 12), (rot[2], (0, 0, 0), None, 19)),
    ]
    s = summarise(list(reversed(deals)), s3)  # any order: merged by index
    a, b, c = s.bots
    # a's nets: deal 0: +4, 0, -1 -> 1; deal 1: -3, +2, 0 -> -1/3
    assert a.mean_net == pytest.approx((1 - 1 / 3) / 2)
    assert a.half == pytest.approx(1.96 * math.sqrt((8 / 9) / 2))  # values 1 and -1/3: sample variance 8/9
    assert (a.games, a.wins, a.won_mean, a.losses, a.lost_mean, a.drawn) == (6, 2, 3.0, 2, -2.0, 2)
    assert a.turns == pytest.approx((10 + 19 + 6 + 8 + 12 + 19) / 6) and a.events == {"zimo": 1}
    assert b.events == {"bakuai": 1} and c.events == {}
    # b: deal 0: -2, 0, +2 -> 0; deal 1: -3, -1, 0 -> -4/3.  c: deal 0: -2, 0, -1 -> -1; deal 1: 6, -1, 0 -> 5/3
    assert b.mean_net == pytest.approx(-2 / 3) and c.mean_net == pytest.approx(1 / 3)
    assert sum(x.mean_net for x in s.bots) == pytest.approx(0)  # zero-sum, every bot at every seat
    assert a.win_rate * a.won_mean + a.losses / a.games * a.lost_mean == pytest.approx(a.mean_net)
    assert (s.deals, s.games, s.drawn) == (2, 6, 2)
    ab = s.pairs[0]
    assert (ab.first, ab.second) == ("a", "b")
    assert ab.mean == pytest.approx(((1 - 0) + (-1 / 3 + 4 / 3)) / 2)  # differences 1 and 1
    assert ab.half == pytest.approx(0) and ab.apart  # a zero-width interval at 1: 0 is outside it
    assert [(p.first, p.second) for p in s.pairs] == [("a", "b"), ("a", "c"), ("b", "c")]


def test_a_pair_is_apart_when_its_interval_excludes_zero():
    assert Pair("x", "y", 0.5, 0.3).apart and Pair("x", "y", -0.5, 0.3).apart
    assert not Pair("x", "y", 0.2, 0.3).apart and not Pair("x", "y", 1.0, None).apart


def test_no_bot_is_called_the_better_on_too_few_deals():
    # the learner's trial: 20 deals, an interval far from 0, the wrong way round
    few = Pair("strong", "basic", -2.40, 1.51, 20)
    assert few.apart and few.verdict is None and few.deals_needed == VERDICT_DEALS
    assert Pair("x", "y", -2.40, 1.51, VERDICT_DEALS - 1).verdict is None
    assert Pair("x", "y", -2.40, 1.51, VERDICT_DEALS).verdict == "y"
    assert Pair("x", "y", 0.5, 0.3, VERDICT_DEALS).verdict == "x"
    assert Pair("x", "y", 0.2, 0.3, 10_000).verdict is None  # not apart


def test_deals_needed_is_where_the_interval_would_shrink_to_the_difference():
    # the half-width shrinks as 1 / sqrt(deals): 0.2 -> 0.1 takes four times the deals
    assert Pair("x", "y", 0.1, 0.2, 500).deals_needed == 2000
    assert Pair("x", "y", -0.1, 0.2, 500).deals_needed == 2000
    assert Pair("x", "y", 0.25, 0.5, 1000).deals_needed == 4000
    assert Pair("x", "y", 0.0, 0.2, 500).deals_needed is None  # no difference to show
    assert Pair("x", "y", 0.5, 0.3, 500).deals_needed is None  # shown already
    assert Pair("x", "y", 0.01, 0.001, 20).deals_needed == VERDICT_DEALS  # never below the least


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_comparison_line_gives_no_verdict_on_too_few_deals(lang):
    deal = DealOutcome(0, (GameOutcome(("a", "b", "b"), (4, -2, -2), 0, 9),
                           GameOutcome(("b", "a", "b"), (-1, 2, -1), 1, 9),
                           GameOutcome(("b", "b", "a"), (-3, -3, 6), 2, 9)))
    deals = [DealOutcome(i, deal.games) if i % 3 else DealOutcome(i, tuple(
        GameOutcome(g.bots, tuple(v - 1 if b == "a" else v for v, b in zip(g.net, g.bots)), g.winner, 9)
        for g in deal.games)) for i in range(30)]
    s = summarise(deals, ("a", "b"))
    assert s.pairs[0].apart and s.pairs[0].deals == 30
    text = "\n".join(sim_lines(s, SimInfo("hunan", ("a", "b", "b"), 0, 1, 0.1), lang))
    assert ("is better" not in text and "too few deals for a verdict" in text and "at least 200" in text
            if lang == "en" else "更强" not in text and "副数太少" in text and "200" in text)
    many = summarise([DealOutcome(i, d.games) for i, d in enumerate(deals * 10)], ("a", "b"))
    text = "\n".join(sim_lines(many, SimInfo("hunan", ("a", "b", "b"), 0, 1, 0.1), lang))
    assert ("a is better (95%)" in text if lang == "en" else "a 更强（95%）" in text)


# --- the command --------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_table_fits_80_columns(lang):
    result = phz("--games", "30", "--bots", "random", "--lang", lang)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(width(line) for line in lines) <= 80
    assert lines[0].startswith("phz sim") and "30" in lines[0]
    names = set(EVENTS.values())
    assert names <= {line.split()[0] for line in lines if line.strip()}
    assert result.stderr == ""  # no progress bar off a terminal


def test_a_table_of_three_bots_fits_80_columns():
    g = [GameOutcome(seating, (2, -1, -1), 0, 11, ((0, "zimo"), (1, "臭张"))) for seating in
         sim.seatings(("strong", "basic", "random"))]
    s = summarise([DealOutcome(i, tuple(g)) for i in range(3)], ("strong", "basic", "random"))
    for lang in ("en", "zh"):
        lines = sim_lines(s, SimInfo("luzhou-deng", ("strong", "basic", "random"), 2 ** 40, 2, 1234.5), lang)
        assert max(width(line) for line in lines) <= 80, "\n".join(lines)
        assert any(line.startswith("臭张") for line in lines)  # an event outside EVENTS still shows
        assert len([line for line in lines if "−" in line or " 对 " in line]) >= 3


def test_json_is_one_object_with_every_number():
    result = phz("--games", "12", "--bots", "random", "--json", "--seed", "4")
    assert result.exit_code == 0, result.output
    assert len(result.stdout.strip().splitlines()) == 1
    report = json.loads(result.stdout)
    assert report["rules"] == "hunan" and report["seats"] == list(RANDOM) and report["seed"] == 4
    assert (report["deals"], report["games"]) == (12, 12)
    (bot,) = report["bots"]
    assert set(bot) >= {"name", "games", "mean_net", "half", "wins", "win_rate", "won_mean", "lost_mean",
                        "drawn", "drawn_rate", "turns", "events"}
    assert bot["games"] == 36 and report["pairs"] == [] and report["event_names"] == EVENTS
    again = json.loads(phz("--games", "12", "--bots", "random", "--json", "--seed", "4", "--jobs", "2").stdout)
    assert steady(again) == steady(report)


def test_sim_json_of_a_summary():
    s = summarise([_deal(0, (("a", "b", "a"), (4, -2, -2), 0, 10))], ("a", "b"))
    out = sim_json(s, SimInfo("hunan", ("a", "b", "a"), 0, 1, 0.25))
    assert out["bots"][0]["name"] == "a" and out["bots"][0]["mean_net"] == 1.0  # (4 - 2) / 2 seats
    assert out["pairs"][0]["mean"] == 3.0 and out["pairs"][0]["half"] is None and out["seconds"] == 0.25
    json.dumps(out)


@pytest.mark.parametrize("args, words", [
    (["--bots", "random,nobody"], ["no bot 'nobody'", "--bots strong,basic,random"]),
    (["--bots", "random,basic"], ["2 bots for 3 seats", "name one a seat"]),
    (["--games", "0"], ["--games", "1<=x"]),
    (["--jobs", "0"], ["--jobs"]),
    (["--seed", "-1"], ["--seed"]),
    (["--rules", "nowhere"], ["--rules"]),
])
def test_bad_options_give_one_error_line_naming_the_fix(args, words):
    result = phz(*args)
    assert result.exit_code == 2
    errors = [line for line in result.output.splitlines() if line.startswith("Error")]
    assert len(errors) == 1 and all(w in errors[0] for w in words), result.output


def test_a_house_table_of_two_plays_and_a_deal_that_does_not_fit_it_is_refused_in_one_line(tmp_path):
    path = tmp_path / "two.toml"
    path.write_text('schema = 1\nbase = "hunan"\nname = "two-seats"\ntitle = "t"\naliases = []\n\n'
                    '[game]\nplayers = 2\ndeal = [21, 20]\n', encoding="utf-8")
    result = phz("--rules", str(path), "--bots", "random", "--games", "1")
    assert result.exit_code == 0 and "two-seats, 2 seats: 1 deal" in result.output
    path.write_text(path.read_text(encoding="utf-8").replace("[21, 20]", "[21, 20, 20]"), encoding="utf-8")
    result = phz("--rules", str(path), "--bots", "random", "--games", "1")
    assert result.exit_code == 2
    (error,) = [line for line in result.output.splitlines() if line.startswith("Error")]
    assert "one tile count per player who plays (2 of 2" in error


def test_records_are_written_per_game_the_same_for_any_jobs_and_replay_strictly(tmp_path):
    from solver.game.record import read
    from solver.game.replay import replay

    one, two = tmp_path / "one", tmp_path / "two"
    assert phz("--games", "4", "--bots", "random", "--seed", "9", "--records", str(one)).exit_code == 0
    assert phz("--games", "4", "--bots", "random", "--seed", "9", "--records", str(two), "--jobs", "2").exit_code == 0
    names = sorted(p.name for p in one.iterdir())
    assert names == [sim.record_name(i, 0) for i in range(4)] == sorted(p.name for p in two.iterdir())
    for name in names:
        assert (one / name).read_bytes() == (two / name).read_bytes()
        rec = read(one / name)
        assert rec.header["session"]["command"] == "sim" and rec.hands[0].seed == sim.hand_seed(9, rec.header["session"]["deal"])
        replay(rec)  # strict: every line re-checked by the engine


def test_records_into_a_folder_that_cannot_be_made(tmp_path):
    (tmp_path / "file").write_text("x")
    result = phz("--games", "1", "--bots", "random", "--records", str(tmp_path / "file" / "sub"))
    assert result.exit_code == 2
    (error,) = [line for line in result.output.splitlines() if line.startswith("Error")]
    assert "--records" in error and "name a folder you can write to" in error


def test_json_usage_error_is_an_error_object():
    result = phz("--json", "--bots", "nobody")
    assert result.exit_code == 2
    assert "no bot" in json.loads(result.stdout.splitlines()[0])["error"]


def test_a_worker_that_dies_is_one_line(monkeypatch):
    import os

    parent, real = os.getpid(), sim.play_chunk

    def die(job, lo, hi):
        if os.getpid() == parent:  # deal 0, which phz plays itself before the fork
            return real(job, lo, hi)
        os._exit(3)

    monkeypatch.setattr(sim, "play_chunk", die)
    with pytest.raises(sim.WorkerDied, match=r"^a worker process playing the deals died .* of 8 deals$"):
        sim.run(sim.Sim(HUNAN, RANDOM, seed=1), 8, jobs=2)


def test_help_fits_80_columns():
    result = CliRunner().invoke(main, ["sim", "--help"])
    assert result.exit_code == 0 and "--games N" in result.stdout
    assert max(width(line) for line in result.stdout.splitlines()) <= 80
