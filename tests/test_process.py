"""The phz process under hostile conditions: signals, closed and full streams,
odd encodings, no writable cache, absurd options.  Each runs the real console
script in a fresh process (RULES have nothing to do with it: these are the
promises of README "Errors and exit status")."""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT
from process_helpers import all_dead, catches, kill_left, numba_loaded, wait_until, workers_of
from process_helpers import children as _children

READY = "一二三壹贰叁贰柒拾四五六八九十七七七伍伍"
FAR = "三三四四五六六七七九十贰贰叁伍陆柒捌拾拾"  # 3 away: the distance kernels run (seconds)


def _env(**extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


def _run(cmd: list[str], *, data: bytes = b"", env: dict | None = None, cwd=None, timeout: float = 300,
         **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, input=data, capture_output=True, env=env or _env(), cwd=cwd, timeout=timeout,
                          **kwargs)


def _no_traceback(err: bytes) -> None:
    text = err.decode("utf-8", "replace")
    assert "Traceback" not in text and "Exception ignored" not in text, text


@pytest.fixture(scope="module")
def discard_batch(tmp_path_factory) -> Path:
    """A few thousand hands to discard from, most not ready after any discard: seconds of distance search."""
    from solver.app import generate
    hands = generate.discard_hands(3000, seed=5)
    path = tmp_path_factory.mktemp("batch") / "discard.txt"
    path.write_text("\n".join(h.text() for h in hands) + "\n", encoding="utf-8")
    return path


# --- Ctrl-C and SIGTERM ------------------------------------------------------------------------------
#
# A test signals when the process is where it wants it (its handlers installed, numba loading, its
# workers running, answers written), never after a fixed time: a busy machine makes it slower, not wrong.

def _started(proc, out_path) -> None:
    """The interpreter is up and phz's guard is in place (solver.app.entry): the first moments of phz."""
    wait_until(lambda: catches(proc.pid, signal.SIGTERM), "phz's signal handlers")


def _loading(proc, out_path) -> None:
    """numba is loading (it and the kernels take the next second or so), or running the kernels."""
    wait_until(lambda: numba_loaded(proc.pid), "numba to load")


def _forked(proc, out_path) -> None:
    workers_of(proc, 2)


def _answering(proc, out_path) -> None:
    """The workers are at work and the first answers are written (more are to come)."""
    workers_of(proc, 2)
    wait_until(lambda: out_path.stat().st_size > 0, "the first answers")


def _stop_when(cmd, ready, signum: int, stdin_path: Path, env: dict, out_path: Path):
    """Start ``cmd``, wait until ``ready(proc, out_path)``, send ``signum``: (status, stderr, seconds from
    the signal to the end, the child processes it had)."""
    with open(stdin_path, "rb") as stdin, open(out_path, "wb") as out:
        proc = subprocess.Popen(cmd, stdin=stdin, stdout=out, stderr=subprocess.PIPE, env=env)
        children: list[int] = []
        try:
            ready(proc, out_path)
            children = _children(proc.pid)
            sent = time.monotonic()
            proc.send_signal(signum)
            _, err = proc.communicate(timeout=60)
            return proc.returncode, err, time.monotonic() - sent, children
        finally:
            proc.kill()
            kill_left(children)


@pytest.mark.parametrize("flags,moments", [
    (("--json",), (_started, _loading)),
    (("--json", "--jobs", "2"), (_started, _loading, _forked, _answering)),
    (("--brief",), (_started, _loading)),
])
def test_ctrl_c_stops_at_once_with_one_line(phz_cmd, discard_batch, tmp_path, flags, moments):
    """Ctrl-C in the first moments, while the kernels load, while the workers answer, stops within a
    moment: one line, status 130, never a traceback, never a batch that runs on."""
    env = _env(TMPDIR=str(tmp_path))
    for moment in moments:
        status, err, took, _ = _stop_when([*phz_cmd, "discard", *flags, "-"], moment, signal.SIGINT,
                                          discard_batch, env, tmp_path / "out.txt")
        assert status == 130, (moment.__name__, status, err)
        assert err.decode() == "phz: interrupted\n", (moment.__name__, err)
        assert took < 3, took
    assert not list(tmp_path.glob("phz-batch-*"))


def test_sigterm_with_jobs_leaves_no_folder_and_no_worker(phz_cmd, discard_batch, tmp_path):
    temp = tmp_path / "tmp"
    temp.mkdir()
    env = _env(TMPDIR=str(temp))
    status, err, took, workers = _stop_when([*phz_cmd, "discard", "--json", "--jobs", "2", "-"], _answering,
                                            signal.SIGTERM, discard_batch, env, tmp_path / "out.txt")
    assert status == 143 and err.decode() == "phz: terminated\n", (status, err)
    assert len(workers) == 2
    all_dead(workers)  # stderr ended: they have closed it, but a zombie may wait a moment for its reaper
    assert not list(temp.iterdir())  # no phz-batch-* folder, no file


def test_ctrl_c_in_a_one_hand_command_that_runs_a_kernel(phz_cmd, tmp_path):
    proc = subprocess.Popen([*phz_cmd, "ting", FAR], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env())
    try:
        _loading(proc, None)  # a second or more of loading and kernels to go
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 130 and err == b"phz: interrupted\n", (proc.returncode, err)


def test_a_killed_worker_is_one_line_and_the_answers_before_it_stay(phz_cmd, discard_batch, tmp_path):
    full = _run([*phz_cmd, "discard", "--brief", "-"], data=discard_batch.read_bytes()).stdout.splitlines()
    text = discard_batch.read_bytes() * 3  # long enough to kill a worker in the middle
    with open(tmp_path / "in.txt", "wb") as f:
        f.write(text)
    with open(tmp_path / "in.txt", "rb") as stdin:
        proc = subprocess.Popen([*phz_cmd, "discard", "--brief", "--jobs", "2", "-"], stdin=stdin, bufsize=0,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env(TMPDIR=str(tmp_path)))
        workers: list[int] = []  # (unbuffered: communicate reads on from where readline stopped)
        try:
            workers = workers_of(proc, 2)
            first = proc.stdout.readline()  # the first chunk is answered; the parent waits on the pipe for us,
            os.kill(workers[-1], signal.SIGKILL)  # its workers for it: more chunks are to come
            out, err = proc.communicate(timeout=120)
        finally:
            proc.kill()
            kill_left(workers)
    assert proc.returncode == 1, (proc.returncode, err)
    line = err.decode()
    assert line.count("\n") == 1 and "worker process answering hands" in line and "died" in line, line
    _no_traceback(err)
    got = (first + out).splitlines()
    assert got and got == (full * 3)[:len(got)]  # what was written is the right answers, in order
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("phz-batch-")]


# --- closed and full streams -------------------------------------------------------------------------

def _closing(fd: int):
    return lambda: os.close(fd)


@pytest.mark.parametrize("args", [("ting", "-"), ("discard", "--json", "-"), ("hu", "-")])
def test_closed_stdin_in_a_batch(phz_cmd, args):
    proc = subprocess.run([*phz_cmd, *args], capture_output=True, env=_env(), preexec_fn=_closing(0))
    assert proc.returncode == 2 and b"standard input is closed" in proc.stderr, proc
    assert proc.stderr.count(b"\n") == 1
    _no_traceback(proc.stderr)


def test_closed_stdin_for_the_quiz(phz_cmd, tmp_path):
    proc = subprocess.run([*phz_cmd, "quiz", "--puzzle", "ting-001"], capture_output=True,
                          env=_env(PHZ_HOME=str(tmp_path)), preexec_fn=_closing(0))
    assert proc.returncode == 2 and b"standard input is closed" in proc.stderr, proc
    _no_traceback(proc.stderr)
    assert not (tmp_path / "progress.db").exists()


@pytest.mark.parametrize("args", [("ting", READY), ("ting", "--json", "-"), ("--help",), ("puzzles", "list")])
def test_closed_stdout_is_an_error_not_silence(phz_cmd, args):
    proc = subprocess.run([*phz_cmd, *args], input=f"{READY}\n".encode(), stdout=None, stderr=subprocess.PIPE,
                          env=_env(), preexec_fn=_closing(1))
    assert proc.returncode == 1 and b"standard output is closed" in proc.stderr, proc
    assert proc.stderr.count(b"\n") == 1
    _no_traceback(proc.stderr)


@pytest.mark.parametrize("args,stdin", [
    (("ting", READY), b""),
    (("ting", "--json", READY), b""),
    (("ting", "-"), f"{READY}\n".encode() * 50),
    (("discard", "--brief", "-"), f"{READY}捌\n".encode() * 50),
    (("hu", "--win", "五", "--source", "self", "-"), f"{READY}\n".encode()),
    (("puzzles", "list"), b""),
    (("stats",), b""),
    (("quiz", "--puzzle", "ting-001"), "三六\n".encode()),
])
def test_a_full_disk_is_one_line(phz_cmd, tmp_path, args, stdin):
    with open("/dev/full", "wb") as full:
        proc = subprocess.run([*phz_cmd, *args], input=stdin, stdout=full, stderr=subprocess.PIPE,
                              env=_env(PHZ_HOME=str(tmp_path)), timeout=300)
    assert proc.returncode == 1, proc
    assert proc.stderr.decode().endswith("phz: cannot write to standard output: No space left on device\n"), proc
    assert proc.stderr.count(b"phz:") == 1
    _no_traceback(proc.stderr)


def test_a_reader_that_goes_away_is_quiet(phz_cmd):
    """`phz ting - < big | head`: the reader left; nobody is told, the status is 1."""
    proc = subprocess.Popen([*phz_cmd, "ting", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=_env())
    proc.stdin.write(f"{READY}\n".encode() * 20_000)
    proc.stdin.close()
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 1
    assert [line for line in err.splitlines() if "compiling" not in line] == [], err


# --- encodings ------------------------------------------------------------------------------------------

def test_a_terminal_that_cannot_show_tiles_gets_escapes_and_a_notice(phz_cmd):
    proc = _run([*phz_cmd, "ting", READY], env=_env(PYTHONIOENCODING="latin-1"))
    assert proc.returncode == 0, proc
    out = proc.stdout.decode("ascii")  # every tile escaped
    assert out.startswith("\\u4e00\\u4e8c\\u4e09") and "ready: 3 waits" in out
    assert b"cannot show the tiles" in proc.stderr and proc.stderr.count(b"\n") == 1
    _no_traceback(proc.stderr)


def test_json_is_utf8_whatever_the_locale(phz_cmd):
    for encoding in ("latin-1", "ascii", "utf-16"):
        proc = _run([*phz_cmd, "ting", "--json", READY], env=_env(PYTHONIOENCODING=encoding))
        assert proc.returncode == 0 and proc.stderr == b"", proc
        assert json.loads(proc.stdout.decode("utf-8"))["hand"] == "一二三四五六七七七八九十壹贰贰叁伍伍柒拾"


def test_text_output_never_echoes_control_characters(phz_cmd):
    proc = _run([*phz_cmd, "ting", "-"], data="一\x1b[2J\x07\u202e二\n".encode())
    assert proc.returncode == 1
    assert proc.stdout == b"\xe4\xb8\x80\\x1b[2J\\x07\\u202e\xe4\xba\x8c: error: unknown character '\\x1b' at column 2 in " \
                          b"'\xe4\xb8\x80\\x1b[2J\\x07\\u202e\xe4\xba\x8c'\n"
    one = _run([*phz_cmd, "ting", "一\x1b[2J"])
    assert one.returncode == 2 and b"\x1b" not in one.stderr and b"\\x1b" in one.stderr


# --- usage errors under --json ------------------------------------------------------------------------

@pytest.mark.parametrize("args,words", [
    (("ting", "--json", "--rules", "nowhere", READY), "--rules"),
    (("act", "--json", READY, "--tile", "三", "--from", "upper-discard", "--lang", "fr"), "--lang"),
    (("hu", "--json", READY), "--win"),
    (("discard", "--json", "--jobs", "0", READY), "--jobs"),
])
def test_a_usage_error_under_json_is_also_an_error_object(phz_cmd, args, words):
    proc = _run([*phz_cmd, *args])
    assert proc.returncode == 2, proc
    lines = proc.stdout.decode().splitlines()
    assert len(lines) == 1, lines
    obj = json.loads(lines[0])
    assert set(obj) == {"input", "error"} and words in obj["error"]
    assert b"Usage:" in proc.stderr
    plain = _run([*phz_cmd, *[a for a in args if a != "--json"]])
    assert plain.returncode == 2 and plain.stdout == b""


# --- bounds ---------------------------------------------------------------------------------------------

def test_more_jobs_than_cores_are_capped_and_said(phz_cmd):
    text = f"{READY}\n".encode() * 500
    proc = _run([*phz_cmd, "ting", "--brief", "--jobs", "1000", "-"], data=text)
    assert proc.returncode == 0, proc
    assert proc.stdout == _run([*phz_cmd, "ting", "--brief", "-"], data=text).stdout
    err = proc.stderr.decode()
    assert "--jobs 1000 is more than the" in err and err.count("\n") == 1, err


def test_bench_hands_have_a_bound(phz_cmd):
    proc = _run([*phz_cmd, "bench", "--hands", "99999999999999999999999"], timeout=60)
    assert proc.returncode == 2 and b"--hands" in proc.stderr and b"100000" in proc.stderr, proc


# --- no writable cache for the kernels ------------------------------------------------------------------

def _without_privileges() -> list[str] | None:
    """A command prefix that runs as this user without the powers of root (permission bits hold)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return None
    probe = subprocess.run([setpriv, "--inh-caps=-all", "--ambient-caps=-all", "--bounding-set=-all", "true"],
                           capture_output=True)
    return [setpriv, "--inh-caps=-all", "--ambient-caps=-all", "--bounding-set=-all"] if probe.returncode == 0 \
        else None


@pytest.fixture
def read_only_install(tmp_path) -> tuple[list[str], dict, Path]:
    """phz copied into a folder nobody may write, run with a HOME that cannot be written either."""
    prefix = _without_privileges()
    if prefix is None:
        pytest.skip("running as root without setpriv: permission bits cannot be made to hold")
    install = tmp_path / "install"
    install.mkdir()
    for name in ("cli.py", "solver", "puzzles"):
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, install / name, ignore=shutil.ignore_patterns("*.nbi", "*.nbc"))
        else:
            shutil.copy(src, install / name)
    home = tmp_path / "home"
    home.mkdir()
    temp = tmp_path / "temp"
    temp.mkdir()
    for path in [install, *install.rglob("*"), home]:
        path.chmod(path.stat().st_mode & ~0o222)
    env = _env(HOME=str(home), TMPDIR=str(temp), PHZ_HOME=str(temp))
    env["PYTHONPATH"] = str(install)
    env.pop("NUMBA_CACHE_DIR", None)  # a cache folder the caller chose is not the install's: none here
    return [*prefix, sys.executable, "-c", "from solver.app.entry import main; main()"], env, temp


def test_no_writable_cache_falls_back_to_a_folder_of_ours(read_only_install):
    cmd, env, temp = read_only_install
    text = f"{READY}\n".encode()
    for run in range(2):
        proc = _run([*cmd, "ting", "--brief", "-"], data=text, env=env, cwd=temp, timeout=600)
        assert proc.returncode == 0, proc
        assert json.loads(proc.stdout)["waits"][0] == ["五", 3, 18, 3, 18, 2]
        _no_traceback(proc.stderr)
    caches = list(temp.glob("phz-numba-cache-*"))
    assert caches and any(caches[0].rglob("*.nbi"))


def test_no_cache_at_all_compiles_with_a_notice(read_only_install):
    cmd, env, temp = read_only_install
    own = temp / f"phz-numba-cache-{os.getuid()}"
    own.mkdir()
    own.chmod(0o777)  # writable by others: a cache there could run their code, so it is not used
    proc = _run([*cmd, "ting", "--brief", "-"], data=f"{READY}\n".encode(), env=env, cwd=temp, timeout=900)
    assert proc.returncode == 0, proc
    assert b"compiled again on each run" in proc.stderr and proc.stderr.count(b"\n") == 1, proc.stderr
    assert not any(own.iterdir())


def test_ctrl_c_in_the_quiz_keeps_every_answer_graded(phz_cmd, tmp_path):
    """Ctrl-C while the quiz waits for the second answer: 130, one line saying so, the first attempt kept."""
    import sqlite3

    proc = subprocess.Popen([*phz_cmd, "quiz", "--puzzle", "ting-001", "--lang", "en"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env(PHZ_HOME=str(tmp_path)))
    proc.stdin.write("3\n".encode())  # unreadable: asked again, so the quiz waits on its pipe
    proc.stdin.flush()
    out = b""
    while out.count(b"answer>") < 2:
        out += os.read(proc.stdout.fileno(), 4096)
    proc.send_signal(signal.SIGINT)
    rest, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, (proc.returncode, err)
    assert err.decode() == "phz: interrupted; every answer graded so far is saved\n"
    with sqlite3.connect(tmp_path / "progress.db") as db:
        assert db.execute("SELECT COUNT(*) FROM attempts").fetchone()[0] == 0  # nothing was graded


def test_ctrl_c_after_an_answer_keeps_it(phz_cmd, tmp_path):
    import sqlite3

    proc = subprocess.Popen([*phz_cmd, "quiz", "--random", "--seed", "7", "--count", "3", "--kind", "huxi",
                             "--lang", "en"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=_env(PHZ_HOME=str(tmp_path)))
    proc.stdin.write(b"18\n")
    proc.stdin.flush()
    out = b""
    while b"[2/3]" not in out:
        chunk = os.read(proc.stdout.fileno(), 4096)
        assert chunk, out
        out += chunk
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and b"every answer graded so far is saved" in err, (proc.returncode, err)
    with sqlite3.connect(tmp_path / "progress.db") as db:
        assert db.execute("SELECT COUNT(*) FROM attempts").fetchone()[0] == 1
