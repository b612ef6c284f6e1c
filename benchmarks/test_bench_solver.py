"""Speed of the numba kernels and of the pure-Python reference, side by side.

Run ``python -m pytest benchmarks/test_bench_solver.py --benchmark-only``
(BENCHMARKS.md has the numbers and the full command).  Each benchmark group
holds the kernel and the reference on the same kind of position, from the
pinned seeded inputs of ``solver.app.bench``; every round gets fresh hands (a
new slice of a pre-generated pool, handed out by the round's setup), so
nothing keyed on a hand carries over between rounds, and kernels are loaded
or compiled before the first measured round.  ``extra_info["us_per_hand"]``
is the median round time divided by the hands of a round.  Normal test runs
pass ``--benchmark-disable``: each benchmark then runs once, on a few hands,
as a smoke test.  The ``_luzhou`` benchmarks measure the same kinds of
position, from the same generators and seeds under luzhou (``phz bench
--rules luzhou``'s), with every source it wins on.
"""
from __future__ import annotations

import pytest

from solver.app import batch, bench
from solver.engine import arrays, obligations, reference, wins
from solver.model.hand import Hand
from solver.model.rules import HUNAN, get_ruleset
from solver.model.tiles import N_KINDS
from solver.trainer import drills

LUZHOU = get_ruleset("luzhou")

ROUNDS = 7
# Hands per round.  The reference gets fewer (it is hundreds of times
# slower); per-hand times compare like with like.
WIN_BATCH = 2000
TING_BATCH = 500
DISCARD_BATCH = 100
CLI_BATCH = 500
EAT_BATCH = 100
DRILL_BATCH = 10
REFERENCE_SHARE = 40

WIN = "win check: ready hand + one of its waits, both sources"
TING = "waits of a ready hand, both sources"
DISCARD = "discard table: ready hand + one live tile"
# The same generators and seeds under luzhou (melds 碰/招/垅/吃, its ready
# hands), every source it wins on: self, other, discard.
WIN_LZ = "luzhou win check: ready hand + one of its waits, three sources"
TING_LZ = "luzhou waits of a ready hand, three sources"
DISCARD_LZ = "luzhou discard table: ready hand + one live tile"
EAT = "legal 吃/比 ways of a tile"
DRILL = "drill generation"
CLI = "batch lines to answer lines (phz ting --json, in process)"


@pytest.fixture(scope="module")
def smoke(request) -> bool:
    """True under --benchmark-disable: one round on a few hands."""
    return bool(request.config.getoption("benchmark_disable", False))


@pytest.fixture(scope="module")
def rounds(smoke) -> int:
    return 1 if smoke else ROUNDS


def size(batch: int, smoke: bool, reference: bool = False) -> int:
    if reference:
        batch = max(1, batch // REFERENCE_SHARE)
    return max(1, batch // 50) if smoke else batch


class Pool:
    """Hands out consecutive slices of a pre-generated list, one per round."""

    def __init__(self, items: list, size: int):
        self.items = items
        self.size = size
        self.next = 0

    def take(self) -> list:
        lo = self.next
        self.next += self.size
        assert self.next <= len(self.items), "pool exhausted: generate more hands"
        return self.items[lo:self.next]


def record(benchmark, hands_per_round: int) -> None:
    stats = getattr(benchmark, "stats", None)
    if stats is not None and getattr(stats, "stats", None) is not None:
        benchmark.extra_info["us_per_hand"] = round(stats.stats.median / hands_per_round * 1e6, 3)
    benchmark.extra_info["hands_per_round"] = hands_per_round


def measure(benchmark, group: str, run, pool: Pool, rounds: int, prepare=lambda items: items,
            warm: bool = True) -> None:
    """``run(*prepare(fresh items))`` once per round (preparing outside the round)."""
    benchmark.group = group

    def setup():
        return tuple(prepare(pool.take())), {}

    if warm:
        args, _ = setup()  # load or compile the kernels outside the measured rounds
        run(*args)
    benchmark.pedantic(run, setup=setup, rounds=rounds, iterations=1)
    record(benchmark, pool.size)


def luzhou_ready(n: int, seed: int) -> list[Hand]:
    return bench.ready_hands(n, seed, LUZHOU)


def luzhou_discard(n: int, seed: int) -> list[Hand]:
    return bench.discard_hands(n, seed, LUZHOU)


# --- the win check with its best score ------------------------------------------------------

def win_pool(batch: int, rounds: int, seed: int, rules=HUNAN) -> Pool:
    hands = bench.ready_hands(batch * rounds, seed) if rules is HUNAN else luzhou_ready(batch * rounds, seed)
    return Pool(list(zip(hands, bench.win_queries(hands, seed, rules))), batch)


def hu_args(queries, full: bool, rules=HUNAN):
    """win_batch's arguments for (hand, wait) queries, every source the ruleset wins on."""
    args = wins.win_args(wins.marshal([h for h, _ in queries]), [t for _, t in queries], ["all"] * len(queries),
                         rules, full=full)
    args[-2].fill(0)  # touch its pages here, not inside the measured call
    return args


@pytest.mark.parametrize("full", [False, True], ids=["best_score", "full_answer"])
def test_win_check_kernel(benchmark, rounds, smoke, full):
    n = size(WIN_BATCH, smoke)
    pool = win_pool(n, rounds + 1, seed=1)
    measure(benchmark, WIN, wins.win_batch, pool, rounds, prepare=lambda qs: (hu_args(qs, full),))
    out = hu_args(pool.items[:n], full)
    wins.win_batch(out)
    assert out[-2][:, wins.OUT_WIN].reshape(n, 2).any(axis=1).all()  # every query wins from some source


@pytest.mark.parametrize("full", [False, True], ids=["best_score", "full_answer"])
def test_win_check_kernel_luzhou(benchmark, rounds, smoke, full):
    n = size(WIN_BATCH, smoke)
    pool = win_pool(n, rounds + 1, seed=1, rules=LUZHOU)
    measure(benchmark, WIN_LZ, wins.win_batch, pool, rounds, prepare=lambda qs: (hu_args(qs, full, LUZHOU),))
    out = hu_args(pool.items[:n], full, LUZHOU)
    wins.win_batch(out)
    assert out[-2][:, wins.OUT_WIN].reshape(n, 3).any(axis=1).all()  # every query wins from some source


def test_win_check_win_many(benchmark, rounds, smoke):
    """The same through wins.win_many: hands marshalled and answer arrays made inside the round."""
    n = size(WIN_BATCH, smoke)
    pool = win_pool(n, rounds + 1, seed=2)

    def run(hands, tiles):
        return wins.win_many(hands, tiles, ["both"] * len(tiles), HUNAN, full=False)

    measure(benchmark, WIN, run, pool, rounds, prepare=lambda qs: ([h for h, _ in qs], [t for _, t in qs]))


def test_win_check_reference(benchmark, rounds, smoke):
    pool = win_pool(size(WIN_BATCH, smoke, reference=True), rounds, seed=3)

    def check(queries):
        return [(reference.best_win(h, t, "self", HUNAN), reference.best_win(h, t, "other", HUNAN))
                for h, t in queries]

    measure(benchmark, WIN, check, pool, rounds, prepare=lambda qs: (qs,), warm=False)


# --- waits and discards: the kernel, the kernel with its answers, the reference -------------------

def bench_kernel(benchmark, group: str, rows, pool: Pool, rounds: int, rules=HUNAN) -> None:
    """``rows`` (wins.ting_rows or wins.discard_rows) on hands marshalled outside the round."""
    measure(benchmark, group, rows, pool, rounds, prepare=lambda hs: (wins.marshal(hs), arrays.of(rules)))


def bench_many(benchmark, group: str, many, pool: Pool, rounds: int, rules=HUNAN) -> None:
    """``many`` (wins.ting_many or wins.discard_many), nothing seen."""
    zero = [[0] * N_KINDS] * pool.size
    measure(benchmark, group, many, pool, rounds, prepare=lambda hs: (hs, zero, rules))


def bench_reference(benchmark, group: str, answer, pool: Pool, rounds: int) -> None:
    """``answer`` (reference.ting or reference.discard) hand by hand."""
    measure(benchmark, group, lambda hands: [answer(h, HUNAN) for h in hands], pool, rounds,
            prepare=lambda hs: (hs,), warm=False)


# --- waits: every tile of a hand at rest, both sources ------------------------------------------

def test_ting_kernel(benchmark, rounds, smoke):
    n = size(TING_BATCH, smoke)
    bench_kernel(benchmark, TING, wins.ting_rows, Pool(bench.ready_hands(n * (rounds + 1), 4), n), rounds)


def test_ting_many(benchmark, rounds, smoke):
    n = size(TING_BATCH, smoke)
    bench_many(benchmark, TING, wins.ting_many, Pool(bench.ready_hands(n * (rounds + 1), 5), n), rounds)


def test_ting_reference(benchmark, rounds, smoke):
    n = size(TING_BATCH, smoke, reference=True)
    bench_reference(benchmark, TING, reference.ting, Pool(bench.ready_hands(n * rounds, 6), n), rounds)


def test_ting_kernel_luzhou(benchmark, rounds, smoke):
    n = size(TING_BATCH, smoke)
    bench_kernel(benchmark, TING_LZ, wins.ting_rows, Pool(luzhou_ready(n * (rounds + 1), 4), n), rounds, LUZHOU)


def test_ting_many_luzhou(benchmark, rounds, smoke):
    n = size(TING_BATCH, smoke)
    bench_many(benchmark, TING_LZ, wins.ting_many, Pool(luzhou_ready(n * (rounds + 1), 5), n), rounds, LUZHOU)


# --- discard: a ting per discardable tile, the tile counted as seen ------------------------------

def test_discard_kernel(benchmark, rounds, smoke):
    n = size(DISCARD_BATCH, smoke)
    bench_kernel(benchmark, DISCARD, wins.discard_rows, Pool(bench.discard_hands(n * (rounds + 1), 7), n), rounds)


def test_discard_many(benchmark, rounds, smoke):
    n = size(DISCARD_BATCH, smoke)
    bench_many(benchmark, DISCARD, wins.discard_many, Pool(bench.discard_hands(n * (rounds + 1), 8), n), rounds)


def test_discard_reference(benchmark, rounds, smoke):
    n = size(DISCARD_BATCH, smoke, reference=True)
    bench_reference(benchmark, DISCARD, reference.discard, Pool(bench.discard_hands(n * rounds, 9), n), rounds)


def test_discard_kernel_luzhou(benchmark, rounds, smoke):
    n = size(DISCARD_BATCH, smoke)
    bench_kernel(benchmark, DISCARD_LZ, wins.discard_rows, Pool(luzhou_discard(n * (rounds + 1), 7), n), rounds,
                 LUZHOU)


def test_discard_many_luzhou(benchmark, rounds, smoke):
    n = size(DISCARD_BATCH, smoke)
    bench_many(benchmark, DISCARD_LZ, wins.discard_many, Pool(luzhou_discard(n * (rounds + 1), 8), n), rounds,
               LUZHOU)


# --- the 吃/比 ways of a tile (pure Python) -----------------------------------------------------

def test_eating_ways(benchmark, rounds, smoke):
    """Every eating group of the tile with every complete 比 layout (the core of the ways)."""
    n = size(EAT_BATCH, smoke)
    queries = bench.eat_queries(bench.ready_hands(2 * n * rounds, 10), 10)
    pool = Pool(queries, len(queries) // rounds)

    def ways(qs):
        return [obligations.eating_ways(h.concealed, t) for h, t in qs]

    measure(benchmark, EAT, ways, pool, rounds, prepare=lambda qs: (qs,), warm=False)


def test_decide(benchmark, rounds, smoke):
    """The whole decision: 胡, compulsory moves, 碰, and each way to eat with its reason."""
    n = size(EAT_BATCH, smoke)
    queries = bench.eat_queries(bench.ready_hands(2 * n * rounds, 11), 11)
    pool = Pool(queries, len(queries) // rounds)

    def decide(qs):
        return [obligations.decide(h, tile=t, source="upper-discard", rules=HUNAN) for h, t in qs]

    measure(benchmark, EAT, decide, pool, rounds, prepare=lambda qs: (qs,), warm=False)


# --- drills (pure Python, the reference engine) ---------------------------------------------------

def test_drill_generation(benchmark, rounds, smoke):
    n = max(1, DRILL_BATCH // 5) if smoke else DRILL_BATCH
    pool = Pool(bench.drill_seeds(n * rounds, 12), n)

    def make(seeds):
        return [drills.drill(s, HUNAN) for s in seeds]

    measure(benchmark, DRILL, make, pool, rounds, prepare=lambda seeds: (seeds,), warm=False)


# --- a phz batch in process: lines in, answer lines out ----------------------------------------------

@pytest.mark.parametrize("brief", [False, True], ids=["json", "brief"])
def test_batch_lines(benchmark, rounds, smoke, brief):
    n = size(CLI_BATCH, smoke)
    pool = Pool([h.text() for h in bench.ready_hands(n * (rounds + 1), 13)], n)

    def answer(lines):
        answers, failed = batch.answer(batch.Batch("ting", HUNAN, as_json=True, brief=brief), lines)
        assert not failed

    measure(benchmark, CLI, answer, pool, rounds, prepare=lambda lines: (lines,))
