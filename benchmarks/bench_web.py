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
