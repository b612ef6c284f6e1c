"""Speed of ``phz serve`` (issue 30: each move answered in at most 100 ms on the server apart from the
coach): the learner's moves of whole hands through the app (Starlette's test client, the same app
uvicorn serves), the bots ``basic`` (the page's default), no coach, the record rewritten after each move.

    python -m pytest benchmarks/bench_web.py --benchmark-only

A round is every learner's move of two hands per ruleset (first option each time; pinned seeds).  What a
learner waits for is one move, so ``extra_info`` holds the median, 90th percentile and largest seconds of
one move's request over the round.  Under ``--benchmark-disable`` it plays one hand, as a smoke test.
"""
from __future__ import annotations

import statistics
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from solver.model.rules import get_ruleset
from solver.web.server import Config, make_app

SEEDS = (31, 32)


def hands(web: TestClient, seeds) -> list[float]:
    """Seconds of each learner's move request over whole hands of ``seeds``."""
    times = []
    for seed in seeds:
        state = web.post("/api/games", json={"bots": "basic", "coach": False, "seed": seed}).json()
        while state["over"] is None:
            start = time.perf_counter()
            r = web.post(f"/api/games/{state['id']}/move", json={"move": state["ask"]["options"][0]["move"]})
            times.append(time.perf_counter() - start)
            assert r.status_code == 200, r.text
            state = r.json()
    return times


@pytest.mark.parametrize("name", ["hunan", "luzhou"])
def test_move_answered(benchmark, name, tmp_path: Path):
    rules = get_ruleset(name)
    web = TestClient(make_app(Config(rules, tmp_path / "records", str(tmp_path / "progress.db"), None)),
                     base_url="http://127.0.0.1:8765")
    seeds = SEEDS[:1] if benchmark.disabled else SEEDS
    hands(web, seeds[:1])  # the bots' kernels loaded
    times: list[float] = []
    benchmark.pedantic(lambda: times.extend(hands(web, seeds)), rounds=1 if benchmark.disabled else 5)
    times.sort()
    benchmark.extra_info.update(moves=len(times), median_s=round(statistics.median(times), 4),
                                p90_s=round(times[int(0.9 * (len(times) - 1))], 4), max_s=round(times[-1], 4))


def test_first_load(benchmark, tmp_path: Path):
    """The page's first load (issue 30: at most 1 s on this machine): a fresh browser context opens the
    page of a running ``phz serve`` until its tabs are drawn from /api/info; ``extra_info`` holds the
    navigation's own figures (DOMContentLoaded and load, in ms) of the last round.  Needs Debian's
    chromium (skipped without it, unless PHZ_REQUIRE_BROWSER=1)."""
    import os

    from tests import web_server

    if not Path(web_server.CHROMIUM).exists():
        if os.environ.get("PHZ_REQUIRE_BROWSER") == "1":
            pytest.fail(f"no {web_server.CHROMIUM}: install Debian's chromium (apt-get install chromium)")
        pytest.skip(f"no {web_server.CHROMIUM}")
    from playwright.sync_api import sync_playwright

    timing: dict = {}
    with web_server.serving(tmp_path / "home") as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=web_server.CHROMIUM, args=web_server.CHROMIUM_ARGS)

        def load() -> None:
            context = browser.new_context(viewport={"width": 360, "height": 740})
            page = context.new_page()
            page.goto(server.url)
            page.wait_for_selector('[data-tab="analyse"]')
            timing.update(page.evaluate("""() => { const n = performance.getEntriesByType('navigation')[0];
                return {dom_ms: Math.round(n.domContentLoadedEventEnd), load_ms: Math.round(n.loadEventEnd)}; }"""))
            context.close()

        load()  # the server's first answers made
        benchmark.pedantic(load, rounds=1 if benchmark.disabled else 10)
        browser.close()
    benchmark.extra_info.update(timing)
