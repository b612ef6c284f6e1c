"""A game record survives a signal: Ctrl-C, SIGTERM or SIGHUP at any moment of `phz play --record`
leaves a record that replays (strictly when it has its end line; leniently, with a notice from
`phz review` and `play --from`, when it was cut short), and the process ends at once, in one line.

The signals land at many moments of a fast game (random bots, every answer 1): each run waits for
the record to hold a given number of lines (a readiness signal, never a fixed sleep), then signals.
"""
from __future__ import annotations

import io
import os
import signal
import subprocess
import threading
import time

import pytest
from conftest import ROOT

from solver.game import record, replay
from solver.game.players import RandomBot
from solver.game.session import Session
from solver.game.view import view_of
from solver.model.rules import get_ruleset
from tests.game_helpers import json_events


def _env() -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _lines(path) -> int:
    try:
        with open(path, "rb") as f:
            return f.read().count(b"\n")
    except FileNotFoundError:
        return 0


def _wait_for_lines(path, n: int, proc, timeout: float = 120) -> None:
    end = time.monotonic() + timeout
    while _lines(path) < n:
        assert proc.poll() is None, "phz play ended before the record reached its line"
        assert time.monotonic() < end, f"the record never reached {n} lines"
        time.sleep(0.005)


def replays(path, *, cut_ok: bool):
    """The record at ``path`` as read, after checking that it replays: strictly with its end line,
    leniently when cut short (only if ``cut_ok``)."""
    rec = record.read(path)
    if rec.end is not None:
        replay.replay(rec)
    else:
        assert cut_ok, "the record lost its end line"
        assert rec.cut
        replay.replay(rec, lenient=True)
    return rec


@pytest.mark.parametrize("signum, at", [
    (signal.SIGINT, 3), (signal.SIGINT, 170), (signal.SIGINT, 1500), (signal.SIGINT, 3100), (signal.SIGINT, 4700),
    (signal.SIGINT, 6200), (signal.SIGINT, 7900), (signal.SIGTERM, 25), (signal.SIGTERM, 2300),
    (signal.SIGTERM, 5400), (signal.SIGHUP, 120), (signal.SIGHUP, 3900),
])
def test_a_signal_at_any_moment_leaves_a_record_that_replays(phz_cmd, tmp_path, signum, at):
    path = tmp_path / "game.jsonl"
    answers = tmp_path / "answers.txt"
    answers.write_text("1\n" * 200_000)
    with open(answers, "rb") as stdin:
        proc = subprocess.Popen([*phz_cmd, "play", "--seed", str(at), "--bots", "random,random", "--record",
                                 str(path)], stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                env=_env(), start_new_session=True)
        try:
            _wait_for_lines(path, at, proc)
            os.killpg(proc.pid, signum)  # the whole group, as a terminal's Ctrl-C
            _, err = proc.communicate(timeout=60)
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
    text = err.decode()
    assert proc.returncode == {signal.SIGINT: 130, signal.SIGTERM: 143, signal.SIGHUP: 129}[signum], text
    assert "Traceback" not in text and text.count("\n") == 1, text
    rec = replays(path, cut_ok=True)
    # stderr says which it is
    assert ("cut short" in text) == (rec.end is None), text
    assert str(path) in text


# ---------------------------------------------------------------- the recorder itself

def _game_lines(rules, seed: int, stop_after: int, guard=None):
    """(the recorder, the stream, moves played) of a session of random bots stopped after ``stop_after`` moves."""
    out = io.StringIO()
    session = Session(rules, seed=seed)
    kw = {"guard": guard} if guard else {}
    rec = record.Recorder(out, rules, seed=seed, seats=["random"] * 3, **kw)
    moves = 0
    for h in range(3):
        game = session.game()
        rec.hand(game, seed=None)
        bots = [RandomBot(seed * 7 + h, s) for s in range(4)]
        while (ask := game.ask()) is not None:
            game.play(bots[ask.seat].choose(view_of(game, ask.seat), ask))
            rec.sync()
            moves += 1
            if moves == stop_after:
                return rec, out, moves
        session.record(game.result)
    return rec, out, moves


@pytest.mark.parametrize("rules_name", ["hunan", "luzhou"])
def test_the_end_line_written_from_another_thread_after_any_move_replays_strictly(rules_name):
    rules = get_ruleset(rules_name)
    for seed in range(12):
        rec, out, moves = _game_lines(rules, seed, stop_after=1 + seed * 17)
        done = []
        t = threading.Thread(target=lambda: done.append(rec.close_now()))
        t.start()
        t.join(10)
        assert done == [True]
        got = record.parse(out.getvalue())
        assert got.end is not None
        replay.replay(got)


def test_a_record_held_by_the_playing_thread_is_left_cut_and_replays_leniently():
    rules = get_ruleset("hunan")
    rec, out, _ = _game_lines(rules, 3, stop_after=40)
    rec._lock.acquire()  # the playing thread is in the middle of writing (a stop must not wait for ever)
    try:
        start = time.monotonic()
        assert rec.close_now(wait=0.05) is False
        assert time.monotonic() - start < 5
    finally:
        rec._lock.release()
    got = record.parse(out.getvalue())
    assert got.end is None and got.cut and got.lenient
    with pytest.raises(record.RecordError, match="no end line.*--lenient"):
        replay.replay(got)
    done = replay.replay(got, lenient=True)
    assert done.moves > 0


def test_every_event_is_written_once_even_when_events_come_while_writing():
    """Lines are counted one by one: an event appended while the recorder writes is written by the next
    sync, never counted and skipped (the count was once set to the list's length after the loop)."""
    rules = get_ruleset("hunan")
    game = Session(rules, seed=1).game()
    bots = [RandomBot(1, s) for s in range(4)]

    def move() -> None:
        ask = game.ask()
        if ask is not None:
            game.play(bots[ask.seat].choose(view_of(game, ask.seat), ask))

    class Late(io.StringIO):  # each move line written lets the game make its next move, as another thread might
        def write(self, text):
            if '"e":"move"' in text:
                move()
            return super().write(text)

    out = Late()
    rec = record.Recorder(out, rules, seed=1, seats=["random"] * 3)
    rec.hand(game)
    while game.ask() is not None:
        move()
        rec.sync()
    rec.close()
    written = [record.json.loads(line) for line in out.getvalue().splitlines()]
    assert [e for e in written if "format" not in e and e["e"] not in ("hand", "end")] == \
        [record.json.loads(record.dumps(e)) for e in json_events(game)]


# ---------------------------------------------------------------- records that are cut short

def _cut_record(tmp_path):
    rules = get_ruleset("hunan")
    rec, out, _ = _game_lines(rules, 5, stop_after=30)
    path = tmp_path / "cut.jsonl"
    path.write_text(out.getvalue(), encoding="utf-8")  # no end line: the writer was stopped
    return path


def test_review_accepts_a_cut_record_with_a_notice(run_phz, tmp_path):
    path = _cut_record(tmp_path)
    done = run_phz("review", str(path), "--seat", "1", "--samples", "24")
    assert done.returncode == 0, done.stderr
    assert "has no end line" in done.stderr and "replayed leniently" in done.stderr
    zh = run_phz("review", str(path), "--seat", "1", "--samples", "24", "--lang", "zh")
    assert zh.returncode == 0 and "没有结束行" in zh.stderr


def test_play_from_a_cut_record_with_a_notice(run_phz, tmp_path):
    path = _cut_record(tmp_path)
    done = run_phz("play", "--from", str(path), "--at", "5", input="1\n" * 400)
    assert done.returncode == 0, done.stderr
    assert "has no end line" in done.stderr


def test_replay_of_a_cut_record_names_the_lenient_replay(run_phz, tmp_path):
    path = _cut_record(tmp_path)
    strict = run_phz("replay", str(path))
    assert strict.returncode == 2 and "--lenient" in strict.stderr
    lenient = run_phz("replay", "--lenient", str(path))
    assert lenient.returncode == 0 and "cut short" in lenient.stdout


# ---------------------------------------------------------------- never overwritten without a word

def test_an_existing_record_is_not_replaced_without_overwrite(run_phz, tmp_path):
    path = tmp_path / "game.jsonl"
    path.write_text("mine\n", encoding="utf-8")
    done = run_phz("play", "--seed", "1", "--hands", "1", "--record", str(path), input="1\n" * 400)
    assert done.returncode == 2 and "exists" in done.stderr and "--overwrite" in done.stderr
    assert path.read_text(encoding="utf-8") == "mine\n"
    done = run_phz("play", "--seed", "1", "--hands", "1", "--record", str(path), "--overwrite", input="1\n" * 400)
    assert done.returncode == 0, done.stderr
    replays(path, cut_ok=False)


def test_the_record_played_from_is_never_the_record_written(run_phz, tmp_path):
    path = tmp_path / "game.jsonl"
    assert run_phz("play", "--seed", "1", "--hands", "1", "--record", str(path), input="1\n" * 400).returncode == 0
    before = path.read_bytes()
    for extra in ((), ("--overwrite",)):
        done = run_phz("play", "--from", str(path), "--at", "3", "--record", str(path), *extra, input="1\n" * 400)
        assert done.returncode == 2 and "the record played from" in done.stderr, done.stderr
    assert path.read_bytes() == before


def test_a_hang_up_ignored_from_the_start_does_not_stop_phz(phz_cmd, tmp_path):
    """Under ``nohup`` (SIGHUP ignored when phz starts) a closed terminal does not stop it; Ctrl-C still does."""
    path = tmp_path / "game.jsonl"
    answers = tmp_path / "answers.txt"
    answers.write_text("1\n" * 200_000)

    def nohup() -> None:
        signal.signal(signal.SIGHUP, signal.SIG_IGN)

    with open(answers, "rb") as stdin:
        proc = subprocess.Popen([*phz_cmd, "play", "--seed", "3", "--bots", "random,random", "--record", str(path)],
                                stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=_env(),
                                preexec_fn=nohup)
        try:
            _wait_for_lines(path, 200, proc)
            proc.send_signal(signal.SIGHUP)
            lines = _lines(path)
            _wait_for_lines(path, lines + 500, proc)  # it plays on
            proc.send_signal(signal.SIGINT)
            _, err = proc.communicate(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
    assert proc.returncode == 130, err.decode()
    replays(path, cut_ok=True)
