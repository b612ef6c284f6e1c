"""A fresh install compiles every kernel once, in its first run that needs one, and says so once
(solver.engine.compiling); every later run loads them all from numba's cache and compiles nothing.

Real processes on an empty NUMBA_CACHE_DIR of their own; the helpers really fail, the signals are real."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solver.engine import compiling, warmup

ROOT = Path(__file__).resolve().parent.parent
ANNOUNCEMENT = "phz: compiling the solver kernels (first run only)"

HUNAN_READY = "一二三壹贰叁贰柒拾四五六八九十七七七伍伍"
HUNAN_FAR = "一二三四五 六七八 九九玖 肆伍陆 柒捌玖 拾拾壹"  # 2 away
LUZHOU_READY = "一二三 壹贰叁 二七十 四五六 七八九 伍伍 | 碰:十十十"
LUZHOU_FAR = "一二三 壹贰叁 贰柒拾 七八九 五五五 陆柒捌 四六"
#: (arguments, standard input) of each kind of work, under each ruleset
WORK = [
    (("ting", "--json", "-"), f"{HUNAN_READY}\n{HUNAN_FAR}\n"),
    (("discard", "--json", "-"), f"{HUNAN_READY}捌\n"),
    (("hu", "--json", "-"), f"{HUNAN_READY} ; 五 other\n{HUNAN_READY} ; 七 self\n"),
    (("ting", "--json", HUNAN_FAR), ""),
    (("discard", "--json", HUNAN_READY + "捌"), ""),
    (("ting", "--json", "--rules", "luzhou", "-"), f"{LUZHOU_READY}\n{LUZHOU_FAR}\n"),
    (("discard", "--json", "--rules", "luzhou", "-"), "一二三 壹贰叁 二七十 四五六 七八九 伍伍 柒 | 碰:十十十\n"),
    (("hu", "--json", "--rules", "luzhou", "-"), f"{LUZHOU_READY} ; 五 discard\n{LUZHOU_READY} ; 伍 self\n"),
    (("ting", "--json", "--rules", "luzhou", LUZHOU_FAR), ""),
    (("sim", "--bots", "keen", "--games", "2", "--rules", "luzhou"), ""),
    (("sim", "--bots", "keen,random,random,random", "--games", "1", "--rules", "luzhou"), ""),
    (("sim", "--bots", "basic", "--games", "2", "--rules", "luzhou"), ""),
    (("sim", "--bots", "basic,random,keen", "--games", "1"), ""),
]
STATE = ("import sys; from solver.engine import compiling, _jit; "
         "print(' '.join(name for g in compiling.GROUPS.values() for name, k, _ in g if _jit.will_compile(k)) or '-')")


def _env(cache: Path, **extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_DISABLE_JIT", "NO_COLOR", "FORCE_COLOR")}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["NUMBA_CACHE_DIR"] = str(cache)
    env.update(extra)
    return env


def _phz(phz_cmd, args, text: str, env: dict, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([*phz_cmd, *args], input=text, capture_output=True, text=True, encoding="utf-8",
                          env=env, cwd=cwd, timeout=900)


def _python(code: str, env: dict, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, encoding="utf-8",
                          env=env, cwd=cwd, timeout=900)


def _files(cache: Path) -> dict[str, tuple[int, int]]:
    """numba's cache: each file with its size and time of change."""
    return {str(p.relative_to(cache)): (p.stat().st_size, p.stat().st_mtime_ns) for p in cache.rglob("*") if p.is_file()}


def test_every_kernel_called_from_python_is_compiled_up_front():
    """The kernels the code calls (each call comes after announce_compile) are those compiling knows,
    and warmup has a call for each."""
    called = set()
    for path in (ROOT / "solver").rglob("*.py"):
        called |= set(re.findall(r"announce_compile\((?:K|DK|G|GS|GP|GD|KG|KE|BG|BE)\.(\w+)\)", path.read_text(encoding="utf-8")))
    names = [name for group in compiling.GROUPS.values() for name, _, _ in group]
    assert called and called == set(names) and len(names) == len(set(names)), (called, names)
    assert set(warmup.WARM) == set(names)
    assert len(compiling.KERNELS) == len(names)


def test_a_fresh_install_compiles_what_the_work_needs_once_then_only_loads(phz_cmd, tmp_path):
    """A hand's first analysis compiles the kernels of a hand (wins and the distance search), not those
    of play; the first game compiles those of play and nothing else, the first game of keen bots keen's
    kernels, of basic bots basic's; then nothing compiles again."""
    cache = tmp_path / "numba-cache"
    env = _env(cache)
    names = {g: [n for n, _, _ in compiling.GROUPS[g]] for g in compiling.GROUPS}
    assert _python(STATE, env, tmp_path).stdout.split() == [n for g in names.values() for n in g]
    labels = {name: label for g in compiling.GROUPS.values() for name, _, label in g}

    def compiled_by(proc, names_: list[str]) -> None:
        assert proc.returncode == 0 and proc.stderr.count(ANNOUNCEMENT) == 1, proc.stderr
        lines = [line for line in proc.stderr.splitlines() if line.startswith("phz: compiling")]
        n = len(names_)
        assert len(lines) == n + 1 and lines[-1].startswith(f"phz: compiling: {n} of {n} ready"), proc.stderr
        said = sorted(line.split(" ready (")[1].rsplit("),", 1)[0] for line in lines[1:])
        assert said == sorted(labels[x] for x in names_), proc.stderr

    first = _phz(phz_cmd, ("ting", "--json", "-"), f"{HUNAN_READY}\n", env, tmp_path)
    compiled_by(first, names["wins"] + names["distance"])
    assert _python(STATE, env, tmp_path).stdout.split() == names["game"] + names["keen"] + names["basic"]  # they wait for play
    compiled_by(_phz(phz_cmd, ("sim", "--bots", "random", "--games", "3"), "", env, tmp_path), names["game"])
    assert _python(STATE, env, tmp_path).stdout.split() == names["keen"] + names["basic"]  # the bots' wait for them
    compiled_by(_phz(phz_cmd, ("sim", "--bots", "keen", "--games", "3"), "", env, tmp_path), names["keen"])
    assert _python(STATE, env, tmp_path).stdout.split() == names["basic"]
    compiled_by(_phz(phz_cmd, ("sim", "--bots", "basic", "--games", "2"), "", env, tmp_path), names["basic"])
    assert _python(STATE, env, tmp_path).stdout.split() == ["-"]  # every kernel has its cache entry
    compiled = _files(cache)
    for args, text in WORK:  # each kind of work, both rulesets: everything loads, nothing compiles
        proc = _phz(phz_cmd, args, text, env, tmp_path)
        assert proc.returncode in (0, 1) and proc.stdout, (args, proc.stderr)
        assert "compil" not in proc.stderr and "Traceback" not in proc.stderr, (args, proc.stderr)
    assert _files(cache) == compiled  # not one entry added or written again
    # A damaged cache (a data file cut short, an index overwritten) is compiled again, once, not an
    # UnpicklingError on every call until someone deletes the folder.
    data = next(p for p in cache.rglob("*.nbc") if "ting_batch" in p.name)
    data.write_bytes(data.read_bytes()[:100])
    index = next(p for p in cache.rglob("*.nbi") if "half_tables" in p.name)
    index.write_bytes(bytes(range(256)) * 2)
    healed = _phz(phz_cmd, ("ting", "--json", "-"), f"{HUNAN_READY}\n", env, tmp_path)
    assert healed.returncode == 0 and healed.stdout == first.stdout, healed.stderr
    assert "Traceback" not in healed.stderr and "Error" not in healed.stderr, healed.stderr
    again = _phz(phz_cmd, ("ting", "--json", "-"), f"{HUNAN_READY}\n", env, tmp_path)
    assert again.returncode == 0 and again.stdout == first.stdout and "compil" not in again.stderr, again.stderr


@pytest.mark.parametrize("helper, said", [
    ("print('half_tables', flush=True); raise SystemExit(3)", "ended with status 3"),
    ("import os, signal; os.kill(os.getpid(), signal.SIGKILL)", "stopped by signal 9"),
])
def test_a_helper_that_fails_leaves_the_compiling_to_this_process(tmp_path, helper, said):
    code = ("import sys; from solver.engine import arrays, compiling, _jit\n"
            f"compiling._command = lambda group: [sys.executable, '-c', {helper!r}]\n"
            "from solver.model.rules import get_ruleset, DEFAULT_RULESET\n"
            "t = arrays.of(get_ruleset(DEFAULT_RULESET)).tables\n"
            "print(len(t), _jit.will_compile(compiling.GROUPS['wins'][0][1]))\n")
    proc = _python(code, _env(tmp_path / "numba-cache"), tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split()[1] == "False"  # compiled here, on its call, and cached
    assert proc.stderr.count(ANNOUNCEMENT) == 1 and "Traceback" not in proc.stderr, proc.stderr
    last = proc.stderr.splitlines()[-1]
    assert said in last and last.endswith("will compile in this process when first needed"), proc.stderr


@pytest.mark.parametrize("how", ["ctrl-c", "sigterm"])
def test_stopping_while_compiling_is_one_line_and_leaves_no_helper(phz_cmd, tmp_path, how):
    """Ctrl-C at a terminal reaches the whole process group; SIGTERM (kill PID) only phz itself."""
    proc = subprocess.Popen([*phz_cmd, "ting", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=_env(tmp_path / "numba-cache"), cwd=tmp_path,
                            start_new_session=True)
    proc.stdin.write(f"{HUNAN_READY}\n".encode())
    proc.stdin.close()
    err = b""
    while b"ready" not in err:  # the helpers are at work
        chunk = os.read(proc.stderr.fileno(), 4096)
        assert chunk, err
        err += chunk
    t0 = time.monotonic()
    if how == "ctrl-c":
        os.killpg(proc.pid, signal.SIGINT)
    else:
        proc.send_signal(signal.SIGTERM)
    err += proc.stderr.read()
    status = proc.wait(timeout=30)
    assert time.monotonic() - t0 < 3
    assert status == (130 if how == "ctrl-c" else 143), err
    assert err.decode().endswith("phz: interrupted\n" if how == "ctrl-c" else "phz: terminated\n"), err
    assert b"Traceback" not in err
    deadline = time.monotonic() + 10
    while _alive_in_group(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive_in_group(proc.pid), "a helper outlived phz"


def _alive_in_group(pgid: int) -> list[int]:
    """The processes of group ``pgid`` that still run (a zombie waits only to be reaped)."""
    alive = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                alive.append(int(entry.name))
    return alive
