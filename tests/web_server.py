"""``phz serve`` in a process of its own, for the browser tests (tests/test_web_browser.py) and the
screenshots (docs/make_screens.py): started on a free port with its home, records and progress file in
a folder of the caller's, its address read from its first line (with a deadline, never a hang), ready
once GET /api/info answers; stopped with SIGTERM, killed if it does not stop in 10 s.

Also the browser both use: Debian's chromium (``CHROMIUM``) with the arguments of a quiet headless run."""
from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent

#: seconds to wait for the server's first line and then for its API (far more than it needs)
START_PATIENCE = 60.0
#: seconds a stopped server is given before it is killed
STOP_PATIENCE = 10.0

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@dataclass
class Server:
    url: str  # the page's address as printed (ending in / or with ?token=…)
    home: Path  # PHZ_HOME of the process
    records: Path
    db: Path
    proc: subprocess.Popen
    log: Path  # the process's stderr
    output: list[str] = field(default_factory=list)  # its stdout lines after the first
    reader: threading.Thread | None = None  # the thread reading its stdout

    @property
    def base(self) -> str:
        """``http://host:port``."""
        u = urllib.parse.urlsplit(self.url)
        return f"{u.scheme}://{u.netloc}"

    @property
    def token(self) -> str | None:
        return urllib.parse.parse_qs(urllib.parse.urlsplit(self.url).query).get("token", [None])[0]

    def api(self, path: str) -> dict:
        """GET ``path`` of the API as JSON (for checks beside the browser's), with the token if any."""
        headers = {"X-Phz-Token": self.token} if self.token else {}
        with urllib.request.urlopen(urllib.request.Request(self.base + path, headers=headers), timeout=30) as r:
            return json.loads(r.read().decode("utf-8"))

    def stderr(self) -> str:
        try:
            return self.log.read_text(encoding="utf-8", errors="replace")[-4000:]
        except OSError:
            return ""


def _env(home: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "PHZ_LANG")}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["PHZ_HOME"] = str(home)
    env["PYTHONUNBUFFERED"] = "1"
    return env


def start(home: Path, *extra: str) -> Server:
    """``phz serve --port 0`` with its files under ``home``, ready (its API answers); a RuntimeError
    (with what it wrote) when it does not start within START_PATIENCE seconds."""
    home.mkdir(parents=True, exist_ok=True)
    records, db, log = home / "records", home / "progress.db", home / "server.log"
    cmd = [sys.executable, "-c", "from solver.app.entry import main; main()", "serve", "--port", "0",
           "--records", str(records), "--db", str(db), *extra]
    err = open(log, "w", encoding="utf-8")
    try:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=err, stdin=subprocess.DEVNULL,
                                env=_env(home), cwd=str(home), text=True, encoding="utf-8")
    finally:
        err.close()
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:  # every line of stdout, so that the pipe never fills; None at its end
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    server = Server("", home, records, db, proc, log)
    server.reader = threading.Thread(target=read, daemon=True, name="phz-serve-stdout")
    server.reader.start()
    deadline = time.monotonic() + START_PATIENCE
    try:
        try:
            first = lines.get(timeout=START_PATIENCE)
        except queue.Empty:
            raise RuntimeError(f"phz serve wrote nothing in {START_PATIENCE:.0f} s") from None
        prefix = "phz serves at "
        if first is None or not first.startswith(prefix):
            raise RuntimeError(f"phz serve did not start: first line {first!r}")
        server.url = first[len(prefix):].strip()
        threading.Thread(target=_keep, args=(lines, server.output), daemon=True).start()
        while True:
            try:
                server.api("/api/info")
                return server
            except urllib.error.HTTPError as e:  # it answers, and refuses: waiting will not help
                raise RuntimeError(f"phz serve at {server.url} refuses GET /api/info: {e}") from None
            except (urllib.error.URLError, OSError) as e:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"phz serve at {server.url} does not answer: {e}") from None
                time.sleep(0.05)  # polling its readiness, not waiting a fixed time
    except RuntimeError as e:
        stop(server)
        raise RuntimeError(f"{e}\n{server.stderr()}") from None


def _keep(lines: queue.Queue, out: list[str]) -> None:
    while (line := lines.get()) is not None:
        out.append(line)


def stop(server: Server) -> None:
    """SIGTERM, then SIGKILL if it has not stopped within STOP_PATIENCE seconds."""
    proc = server.proc
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=STOP_PATIENCE)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=STOP_PATIENCE)
    if server.reader is not None:
        server.reader.join(timeout=STOP_PATIENCE)  # its stdout ends with it
    if proc.stdout is not None and (server.reader is None or not server.reader.is_alive()):
        proc.stdout.close()


@contextmanager
def serving(home: Path, *extra: str) -> Iterator[Server]:
    """The server of ``start`` for the ``with`` block, stopped after it."""
    server = start(home, *extra)
    try:
        yield server
    finally:
        stop(server)
