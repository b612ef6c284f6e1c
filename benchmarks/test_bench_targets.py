"""Speed of the distance to ready and of the discard advice, on the pinned hands of benchmarks/data.

    python -m pytest benchmarks/test_bench_targets.py --benchmark-only

Every round is one hand, read from the files of benchmarks/data (made once
by ``make_data.py``; their README gives the mix: how many at 0, 1 and 2 from
ready, how many with melds), so that two versions of the code measure the
very same hands: ``python benchmarks/commands.py CHECKOUT --pytest`` runs
this file against another checkout's ``solver``.  Each round starts from
empty memos (``forget``: what the searches keep from one hand to the next),
so a round costs what the hand costs in a new ``phz ting`` / ``phz discard``,
minus start-up; kernels are loaded or compiled before the first round.

* ``test_distance_near``: distance and improving draws (with their ways) of a
  hand at rest within 2 of ready (``near-*.txt``); ``test_distance_two``: hands
  exactly 2 away (``two-*.txt``).  Per engine: the kernels
  (``engine.distance``) and, where the checkout has it, the plain-Python
  search (``engine.plain_distance``).  ``extra_info`` holds the median and
  the 95th percentile in ms.
* ``test_ting_near``: ``api.ting`` of the same hands (the waits, then the
  distance: what ``phz ting`` answers after start-up).
* ``test_discard_table_near``: ``api.discard`` of a hand of c + 1 tiles whose
  best discard leaves it within 2 (``discard-*.txt``): every row with its
  distance and improving draws.

Each under hunan and luzhou.  Under ``--benchmark-disable`` each runs on one
hand, as a smoke test.
"""
from __future__ import annotations

import importlib
import statistics
from collections import Counter
from pathlib import Path

import pytest

import solver
from solver import api
from solver.model.rules import get_ruleset

DATA = Path(__file__).resolve().parent / "data"
RULESETS = ("hunan", "luzhou")
ENGINES = {"kernels": "solver.engine.distance", "plain": "solver.engine.plain_distance"}


@pytest.fixture(scope="module")
def smoke(request) -> bool:
    return bool(request.config.getoption("benchmark_disable", False))


def pinned(name: str, rules, want: str = "rest") -> list:
    """The hands of ``data/{name}-{ruleset}.txt``, parsed and checked by this checkout's ``api.load``."""
    lines = (DATA / f"{name}-{rules.name}.txt").read_text(encoding="utf-8").splitlines()
    return [api.load(line, want=want, rules=rules)[0] for line in lines if line.strip()]


def engine(name: str):
    try:
        return importlib.import_module(ENGINES[name])
    except ImportError:
        pytest.skip(f"this checkout has no {ENGINES[name]}")


def forget(rules) -> None:
    """Empty what the distance searches keep from one hand to the next (the kernels' memo; the
    plain search's memos of splits and answers), where the checkout has them."""
    try:
        from solver.engine import distance_arrays
        memo = getattr(distance_arrays.of(rules), "memo", None)
        if memo is not None:
            memo.clear()
    except ImportError:
        pass
    try:
        from solver.engine import plain_distance
    except ImportError:
        return
    tables = getattr(plain_distance, "tables", None)
    if tables is not None:
        tables(rules).clear()


def run_per_hand(benchmark, smoke, rules, hands, answer, warm) -> None:
    """One round per hand (each after ``forget``), after ``warm`` (load or compile); median and p95 in extra_info."""
    warm()
    hands = hands[:1] if smoke else hands
    queue = iter(hands)

    def setup():
        forget(rules)
        return (next(queue),), {}

    benchmark.pedantic(answer, setup=setup, rounds=len(hands), iterations=1)
    benchmark.extra_info["solver"] = str(Path(solver.__file__).resolve().parent)
    benchmark.extra_info["hands"] = len(hands)
    stats = getattr(benchmark, "stats", None)
    data = sorted(stats.stats.data) if stats is not None else []
    if data:
        benchmark.extra_info["median_ms"] = statistics.median(data) * 1e3
        benchmark.extra_info["p95_ms"] = (statistics.quantiles(data, n=20, method="inclusive")[18]
                                          if len(data) > 1 else data[0]) * 1e3


def mix(hands, distances) -> dict:
    return {"distances": dict(sorted(Counter("beyond 2" if d is None else d for d in distances).items(), key=str)),
            "with melds": sum(1 for h in hands if h.melds)}


# --- distance and improving draws of a hand at rest ----------------------------------------

@pytest.mark.parametrize("name", ENGINES)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_distance_near(benchmark, smoke, ruleset, name):
    _distance(benchmark, smoke, ruleset, name, "near", "distance + draws of a hand at rest within 2 of ready")


@pytest.mark.parametrize("name", ENGINES)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_distance_two(benchmark, smoke, ruleset, name):
    _distance(benchmark, smoke, ruleset, name, "two", "distance + draws of a hand at rest exactly 2 away")


def _distance(benchmark, smoke, ruleset, name, file, group):
    benchmark.group = f"{group}, {ruleset}"
    rules = get_ruleset(ruleset)
    search = engine(name)
    hands = pinned(file, rules)

    def answer(h):
        return search.analyse(h, rules, budget=0)

    run_per_hand(benchmark, smoke, rules, hands, answer, lambda: answer(hands[-1]))
    if not smoke:
        benchmark.extra_info["mix"] = mix(hands, [answer(h).distance for h in hands])


@pytest.mark.parametrize("ruleset", RULESETS)
def test_ting_near(benchmark, smoke, ruleset):
    benchmark.group = f"distance + draws of a hand at rest within 2 of ready, {ruleset}"
    rules = get_ruleset(ruleset)
    hands = pinned("near", rules)

    def answer(h):
        return api.ting(h, rules=rules)

    run_per_hand(benchmark, smoke, rules, hands, answer, lambda: answer(hands[-1]))


# --- a discard table ------------------------------------------------------------------------

@pytest.mark.parametrize("engine", ["api", "kernels"])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_discard_table_near(benchmark, smoke, ruleset, engine):
    # api: what one `phz discard` computes (api.discard: plain Python where the checkout has it,
    # the kernels before); kernels: the same table from the kernels (api.discard_many of one hand).
    benchmark.group = f"discard table with every row's distance, best discard within 2, {ruleset}"
    rules = get_ruleset(ruleset)
    hands = pinned("discard", rules, want="discard")

    def answer(h):
        return api.discard(h, rules=rules) if engine == "api" else api.discard_many([h], rules=rules)[0]

    run_per_hand(benchmark, smoke, rules, hands, answer, lambda: answer(hands[-1]))
    if not smoke:
        benchmark.extra_info["mix"] = mix(hands, [answer(h).rows[0].distance for h in hands])
