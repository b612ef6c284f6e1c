"""Shared test fixtures: how to run the `phz` command in a fresh process."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _hangups_for_the_commands_run() -> None:
    """Under ``nohup`` SIGHUP is ignored, and an ignored signal stays ignored in every program started
    after: phz then rightly keeps running on SIGHUP (tests/test_workers.py), and the tests that send it
    would wait in vain.  A handler that does nothing keeps this run alive through a hangup as nohup
    asked, while the commands it starts get SIGHUP's default again (a handler, unlike SIG_IGN, does not
    pass to a program started after)."""
    if (hasattr(signal, "SIGHUP") and threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGHUP) == signal.SIG_IGN):
        signal.signal(signal.SIGHUP, lambda signum, frame: None)


_hangups_for_the_commands_run()


def _phz_command() -> list[str]:
    """The installed console script of this interpreter, else `python cli.py` from the checkout."""
    script = Path(sys.executable).with_name("phz")
    if script.exists():
        return [str(script)]
    found = shutil.which("phz")
    if found and Path(found).resolve().parent == Path(sys.executable).resolve().parent:
        return [found]
    return [sys.executable, str(ROOT / "cli.py")]


@pytest.fixture(scope="session")
def phz_cmd() -> list[str]:
    return _phz_command()


@pytest.fixture
def run_phz(phz_cmd, tmp_path):
    """Run phz in a fresh process: run_phz(*args, input=None, env={}) -> CompletedProcess (text)."""

    def run(*args: str, input: str | None = None, env: dict | None = None, timeout: float = 600):
        full_env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
        full_env["PYTHONPATH"] = str(ROOT) + os.pathsep + full_env.get("PYTHONPATH", "")
        full_env.update(env or {})
        return subprocess.run([*phz_cmd, *args], input=input if input is not None else "",
                              capture_output=True, text=True, encoding="utf-8", env=full_env,
                              cwd=tmp_path, timeout=timeout)

    return run


@pytest.fixture
def python_in_fresh_process(tmp_path):
    """Run a Python snippet in a fresh interpreter that imports from this checkout."""

    def run(code: str, timeout: float = 120):
        env = dict(os.environ)
        env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              encoding="utf-8", env=env, cwd=tmp_path, timeout=timeout)

    return run
