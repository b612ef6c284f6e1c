"""No worker process outlives the phz that forked it, however phz ends (issue 25: Ctrl-C, SIGTERM,
SIGHUP, kill -9), and the numbers of processes and deals a flag asks for are bounded
(``solver.game.workers``; the three commands that fork: a ``--jobs`` batch, ``phz sim --jobs``,
``discard --win-rate``).

Each test waits for the workers to exist (``pgrep -P``) before it signals, and then for them to
end; ``LATE`` is how long a worker may take to end before the test calls it an orphan: far more
than the few hundredths of a second they take, far less than an orphan lives (it plays on for
minutes, or sleeps for ever)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from process_helpers import (
    PATIENCE,
    all_dead,
    children,
    cpu_seconds,
    env,
    kill_left,
    no_traceback,
    wait_until,
    workers_of,
)

from solver.app import signals

#: seconds a worker may take to end after its parent
LATE = 30.0
WIN_RATE_HAND = "一二二三四四六七九九十壹贰贰贰叁肆伍陆陆柒"


@pytest.fixture(scope="module")
def big_batch(tmp_path_factory) -> Path:
    """Twelve thousand hands to discard from, most not ready: seconds of work for two jobs."""
    from solver.app import generate
    hands = generate.discard_hands(3000, seed=5)
    path = tmp_path_factory.mktemp("batch") / "discard.txt"
    path.write_text(("\n".join(h.text() for h in hands) + "\n") * 4, encoding="utf-8")
    return path


def _expected(signum: int) -> tuple[int, bytes]:
    """The status and the stderr of phz stopped by ``signum``; xfail where solver.app.signals does not
    answer it yet (SIGHUP: it then ends phz as the system's default does, the workers with it)."""
    if signum == signal.SIGKILL:
        return -signal.SIGKILL, b""
    if signum not in signals.STATUS:
        pytest.xfail(f"solver.app.signals does not answer signal {signum} yet (issue 25: SIGHUP, 129)")
    return signals.STATUS[signum], f"phz: {signals.WORDS[signum]}\n".encode()


def _stop(cmd: list[str], signum: int, tmp_path: Path, *, stdin: Path | None = None,
          ready=None) -> tuple[int, bytes, list[int], float]:
    """Run ``cmd``, wait for its two workers (and ``ready()``), send ``signum``: (its status, its
    stderr, the workers, the seconds until the last of them ended)."""
    temp = tmp_path / "tmp"
    temp.mkdir(exist_ok=True)
    found: list[int] = []
    with open(stdin or os.devnull, "rb") as data, open(tmp_path / "out.txt", "wb") as out:
        proc = subprocess.Popen(cmd, stdin=data, stdout=out, stderr=subprocess.PIPE, env=env(TMPDIR=str(temp)))
        try:
            found = workers_of(proc, 2)
            if ready is not None:
                wait_until(ready, "the workers to be at work")
            sent = time.monotonic()
            proc.send_signal(signum)
            _, err = proc.communicate(timeout=LATE)  # stderr ends when the last process holding it ends
            all_dead(found, LATE)
            took = time.monotonic() - sent
        finally:
            proc.kill()
            kill_left(found)
    assert not list(temp.iterdir()), list(temp.iterdir())  # no phz-batch-* folder, no file left behind
    return proc.returncode, err, found, took


def _check(signum: int, status: int, err: bytes, took: float) -> None:
    no_traceback(err)
    assert took < LATE, took
    want_status, want_err = _expected(signum)
    assert (status, err) == (want_status, want_err)


SIGNALS = [signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGKILL]


@pytest.mark.parametrize("signum", SIGNALS, ids=lambda s: signal.Signals(s).name)
def test_win_rate_workers_end_with_phz(phz_cmd, tmp_path, signum):
    """Ctrl-C during --win-rate used to leave its workers playing on, then printing BrokenPipeError
    tracebacks; kill -9 left them waiting for ever."""
    status, err, _, took = _stop([*phz_cmd, "discard", WIN_RATE_HAND, "--win-rate", "--samples", "100000",
                                  "--jobs", "2"], signum, tmp_path)
    _check(signum, status, err, took)


@pytest.mark.parametrize("signum", SIGNALS, ids=lambda s: signal.Signals(s).name)
def test_sim_workers_end_with_phz_and_write_no_more_records(phz_cmd, tmp_path, signum):
    records = tmp_path / "records"
    status, err, _, took = _stop([*phz_cmd, "sim", "--games", "100000", "--bots", "random", "--jobs", "2",
                                  "--records", str(records)], signum, tmp_path,
                                 ready=lambda: records.exists() and any(records.iterdir()))
    _check(signum, status, err, took)


@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGKILL], ids=lambda s: signal.Signals(s).name)
def test_batch_workers_end_with_phz_and_leave_no_folder(phz_cmd, big_batch, tmp_path, signum):
    """(Ctrl-C and SIGTERM: tests/test_process.py.)  kill -9 used to leave the workers answering, then
    asleep for ever, and the run's /tmp/phz-batch-* folder behind (``_stop`` checks TMPDIR is empty)."""
    out = tmp_path / "out.txt"
    status, err, _, took = _stop([*phz_cmd, "discard", "--json", "--jobs", "2", "-"], signum, tmp_path,
                                 stdin=big_batch, ready=lambda: out.stat().st_size > 0)
    _check(signum, status, err, took)


def test_a_killed_win_rate_worker_is_one_line(phz_cmd):
    """A multiprocessing Pool forked another worker for a killed one and waited for ever for its
    work; the executor says it broke: one line, status 1."""
    proc = subprocess.Popen([*phz_cmd, "discard", WIN_RATE_HAND, "--win-rate", "--samples", "100000", "--jobs", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env())
    found: list[int] = []
    try:
        found = workers_of(proc, 2)

        def playing() -> bool:  # (killed while the pool starts, it is a pool that could not start: one process)
            assert proc.poll() is None, f"the command ended ({proc.returncode}) before its workers played a deal"
            return cpu_seconds(found[-1]) >= 0.2

        wait_until(playing, "a worker playing out deals")
        os.kill(found[-1], signal.SIGKILL)
        out, err = proc.communicate(timeout=PATIENCE)  # a busy machine is slow to end the pool; a hang still fails
    finally:
        proc.kill()
        kill_left(found)
    assert proc.returncode == 1 and out == b"", (proc.returncode, err)
    *before, last = err.decode().splitlines()
    assert last == "phz: a worker process playing out the deals died (killed, or out of memory); no advice"
    assert all(line.startswith("phz: compiling") for line in before), err  # (into an empty kernel cache)


# --- bounds -------------------------------------------------------------------------------------------

def test_win_rate_jobs_are_capped_at_the_cores(phz_cmd):
    """--jobs 1000 with --win-rate forked 1000 workers (3.3 GB in a second); now the usable cores, said."""
    cores = len(os.sched_getaffinity(0))
    proc = subprocess.Popen([*phz_cmd, "discard", WIN_RATE_HAND, "--win-rate", "--samples", "48", "--jobs",
                             str(cores + 1)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env())
    most = 0
    while proc.poll() is None:  # watch how many workers it forks, to its end
        most = max(most, len(children(proc.pid)))
        time.sleep(0.01)
    out, err = proc.communicate(timeout=PATIENCE)
    assert proc.returncode == 0, (proc.returncode, err)
    assert err.decode() == (f"phz: --jobs {cores + 1} is more than the {cores} core{'s' * (cores != 1)} this "
                            f"machine gives phz: using {cores}\n")
    assert most <= cores


def test_samples_have_a_stated_bound(phz_cmd):
    proc = subprocess.run([*phz_cmd, "discard", WIN_RATE_HAND, "--win-rate", "--samples", "100001", "--jobs", "1"],
                          capture_output=True, env=env(), timeout=60)
    assert proc.returncode == 2, proc
    assert proc.stderr.decode() == "Error: --samples 100001: at most 100000 deals per choice (default 100)\n"
    assert proc.stdout == b""
    helps = subprocess.run([*phz_cmd, "discard", "--help"], capture_output=True, env=env(), timeout=60).stdout
    assert b"1 to 100000" in helps
    sim_help = subprocess.run([*phz_cmd, "sim", "--help"], capture_output=True, env=env(), timeout=60).stdout
    assert b"1 to the cores phz may use" in b" ".join(sim_help.split())


# --- solver.game.workers itself ------------------------------------------------------------------------

PARENT = """
import sys, time
from solver.game import workers
if sys.argv[1] == "poll":  # as where there is no prctl
    workers._prctl = lambda: None
with workers.executor(2) as pool:
    work = [pool.submit(time.sleep, 600) for _ in range(2)]
    print("working", flush=True)
    time.sleep(600)
"""


@pytest.mark.parametrize("watch", ["prctl", "poll"])
def test_workers_die_with_a_parent_killed_9(tmp_path, watch):
    """The parent gets no chance to kill them: the kernel does (prctl), or their own look at their parent."""
    proc = subprocess.Popen([sys.executable, "-c", PARENT, watch], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env(), cwd=tmp_path)
    found: list[int] = []
    try:
        assert proc.stdout.readline() == b"working\n", proc.stderr.read()
        found = workers_of(proc, 2)
        proc.kill()
        proc.wait(timeout=PATIENCE)
        took = all_dead(found, LATE)
        _, err = proc.communicate(timeout=LATE)  # its stderr ends with the last worker
        no_traceback(err)
        assert took < LATE
    finally:
        proc.kill()
        kill_left(found)


def test_a_worker_whose_parent_is_gone_ends_at_once():
    """The parent may die between the fork and the prctl: the worker sees another parent, and ends."""
    from solver.game import workers
    pid = os.fork()
    if pid == 0:  # the worker, told that its parent is a process that is not its parent
        try:
            workers.become(parent=-1)
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 1


def test_kill_all_kills_the_workers_of_every_executor_not_ended():
    """What solver.app.signals runs on Ctrl-C and SIGTERM (``on_stop``) before phz exits."""
    from solver.game import workers
    with pytest.raises(KeyboardInterrupt):
        with workers.executor(2) as pool:
            [pool.submit(time.sleep, 600) for _ in range(2)]
            found = list(pool._processes)
            assert len(found) == 2 and workers._live == [pool]
            workers.kill_all()
            all_dead(found, LATE)
            raise KeyboardInterrupt  # as the signal would end the process: the block ends by an exception
    assert workers._live == []


def _signatures_in_phz(work: str, kernel: str) -> int:
    """Run ``work`` (Python, after ``from solver.model.rules import get_ruleset``) in a fresh process and
    say how many compiled signatures ``kernel`` (``module.name`` of ``solver.engine``) then has there."""
    module, name = kernel.split(".")
    code = (f"from solver.engine import {module}\nfrom solver.model.rules import get_ruleset\n{work}\n"
            f"print(len({module}.{name}.signatures))")
    done = subprocess.run([sys.executable, "-c", code], env=env(), capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    return int(done.stdout.split()[-1])


def test_win_rate_loads_its_kernels_before_it_forks():
    """``discard --win-rate --jobs 2`` forked its workers before the rollouts' kernels were loaded, so each
    worker started compiling them on its own on a fresh install (two compiles side by side, every progress
    line said twice) and loaded them from the cache on every later run.  They are loaded in phz first now:
    after a race on two workers, phz itself holds the kernel that deals the rollouts."""
    work = ("from solver.game import winrate\nfrom solver.game.engine import Game\n"
            "from solver.game.position import position_of\n"
            "pos = position_of(Game(get_ruleset('hunan'), seed=0))\n"
            "winrate.race(pos, [(m,) for m in pos.options], samples=48, jobs=2, policy='keen')")
    assert _signatures_in_phz(work, "_game_dealing.deal_unseen") == 1


def test_sim_of_mixed_bots_loads_its_kernels_before_it_forks():
    """``phz sim --jobs 2`` with bots that do not play whole hands in the kernels (``strong,basic,random``,
    the default) forked before any kernel was loaded, so each worker compiled the game's kernels on its own
    on a fresh install.  phz plays deal 0 itself first now (the rest go to the workers): after the run, phz
    itself holds the game's kernels."""
    work = ("from solver.app import sim\n"
            "job = sim.Sim(get_ruleset('hunan'), ('basic', 'random', 'random'), seed=3)\n"
            "assert [d.index for d in sim.run(job, 4, jobs=2)] == [0, 1, 2, 3]")
    assert _signatures_in_phz(work, "_game_kernels.advance") == 1
