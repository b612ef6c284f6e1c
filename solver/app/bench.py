"""Speed of the solver: pinned inputs and measurements, for ``phz bench`` and benchmarks/.

Inputs come from seeded generators (``solver.app.generate``), so every run
measures the same positions: ready hands (about a third with melds), each
with one of its waits for the win check; hands to discard from (a ready hand
plus one live tile); a tile the hand can eat for the 吃/比 ways; drill seeds.
A measurement runs in rounds, each on fresh hands (nothing keyed on a hand
carries over from one round to the next), after a warm-up round that loads
or compiles the kernels, and reports the median round per hand.  The
pure-Python reference runs on the first hands of each round only (it is
hundreds of times slower); the speed-up compares per-hand times.

The distance to ready and the discard advice are measured one hand at a
time (each after clearing the search's memo), median and 95th percentile,
on random hands near ready: at rest within 2 of ready, exactly 2 away, and
hands of c + 1 tiles whose best discard leaves them within 2
(``near_hands``, ``near_discard_hands``; benchmarks/data holds the first of
them as text, for running other checkouts on the very same hands).

Whole hands of self-play (``game_results``, ``phz sim``'s runner) are
measured in hands per second: random bots and basic bots on one process
(per core), and random bots on two processes against one on the same deals.

Nothing here imports numba until a kernel measurement starts.
"""
from __future__ import annotations

import random
import re
import statistics
import time
from dataclasses import asdict, dataclass
from typing import Callable, Iterator, Sequence

from tabulate import tabulate

from ..engine import reference
from ..model.hand import Hand
from ..model.results import DiscardAdvice
from ..model.rules import HUNAN, Ruleset
from ..model.tiles import COPIES, N_KINDS
from ..text.catalogue import say
from . import generate

SEED = 20240601  # the inputs of every measurement derive from it
ROUNDS = 5
REFERENCE_SHARE = 50  # the reference answers one hand in this many (at least one per round)


@dataclass(frozen=True)
class Result:
    """One line of ``phz bench``: the median per-hand time of ``engine`` on ``what``."""
    what: str
    engine: str
    hands: int  # hands answered in all rounds
    us_per_hand: float  # median over rounds
    hands_per_s: float
    speedup: float | None  # reference time per hand / this time per hand (None for the reference itself)

    def as_json(self) -> dict:
        return asdict(self)


# ---------------------------------------------------------------- inputs

def ready_hands(n: int, seed: int = SEED, rules: Ruleset = HUNAN) -> list[Hand]:
    return generate.ready_hands(n, seed=seed, rules=rules)


def discard_hands(n: int, seed: int = SEED, rules: Ruleset = HUNAN) -> list[Hand]:
    return generate.discard_hands(n, seed=seed, rules=rules)


def win_queries(hands: Sequence[Hand], seed: int = SEED, rules: Ruleset = HUNAN) -> list[int]:
    """One wait of each ready hand (drawn with ``seed``), for the win check on both sources."""
    from ..engine import arrays, wins

    rows = wins.ting_rows(wins.marshal(hands), arrays.of(rules)).tolist()
    waits: list[list[int]] = [[] for _ in hands]
    for row in rows:
        tiles = waits[row[wins.ROW_HAND]]
        if not tiles or tiles[-1] != row[wins.ROW_TILE]:
            tiles.append(row[wins.ROW_TILE])
    rng = random.Random(seed)
    return [rng.choice(tiles) for tiles in waits]


def eat_queries(hands: Sequence[Hand], seed: int = SEED) -> list[tuple[Hand, int]]:
    """(hand, tile) with at least one group to eat the tile with, one per hand that has one."""
    from ..engine.obligations import eating_ways

    rng = random.Random(seed)
    out = []
    for h in hands:
        held = h.all_counts()
        tiles = [t for t in range(N_KINDS) if held[t] < COPIES and eating_ways(h.concealed, t)]
        if tiles:
            out.append((h, rng.choice(tiles)))
    return out


def drill_seeds(n: int, seed: int = SEED, rules: Ruleset = HUNAN) -> list[int]:
    """``n`` drill seeds, every generator (each question kind, and discard
    questions on hands that are not ready) and level in turn; the ruleset
    generator's seeds for a ruleset the frozen generators do not fit."""
    from ..trainer.drills import GENERATORS, LEVELS, frozen_fits, make_seed

    rng = random.Random(seed)
    own = not frozen_fits(rules)
    return [make_seed(rng.randrange(10 ** 6), GENERATORS[i % len(GENERATORS)],
                      LEVELS[(i // len(GENERATORS)) % len(LEVELS)], ruleset=own) for i in range(n)]


# ---------------------------------------------------------------- hands near ready (distance, discard advice)

NEAR = 2  # distances 0-2 are exact in every version of the search: the filters below give the same hands


def rest_distances(hands: Sequence[Hand], rules: Ruleset) -> list[int | None]:
    """Distance to ready of hands at rest, None beyond 2 (the search stops there)."""
    from ..engine import distance
    return [a.distance for a in distance.analyse_many(hands, rules, budget=0, improving=False)]


def best_distance(hand: Hand, rules: Ruleset) -> int | None:
    """Distance to ready left by the best discard of a hand of c + 1 tiles, None beyond 2."""
    from .. import api
    best = api.discard(hand, rules=rules).rows[0]
    assert isinstance(best, DiscardAdvice)  # api.discard's rows carry their distances
    return best.distance


def _random_stream(seed: int, rules: Ruleset) -> Iterator[list[Hand]]:
    """``generate.random_hands(m, seed)`` in ever longer prefixes, each new part once (the list is
    the same whatever its length)."""
    done, m = 0, 256
    while True:
        part = generate.random_hands(m, seed=seed, rules=rules)[done:]
        done, m = m, 2 * m
        yield part


def _first(n: int, seed: int, rules: Ruleset, keep: Callable[[int | None], bool]) -> list[Hand]:
    """The first ``n`` hands of the random stream whose distance (None: beyond 2) ``keep`` accepts."""
    out: list[Hand] = []
    for part in _random_stream(seed, rules):
        out += [h for h, d in zip(part, rest_distances(part, rules)) if keep(d)]
        if len(out) >= n:
            return out[:n]
    raise AssertionError("unreachable")


def near_hands(n: int, seed: int = SEED + 6, rules: Ruleset = HUNAN, away: Sequence[int] = (0, 1, 2)) -> list[Hand]:
    """The first ``n`` random hands at rest (``generate.random_hands``: about 40% with melds) whose
    distance to ready is in ``away`` (0 to 2)."""
    assert all(0 <= d <= NEAR for d in away)
    return _first(n, seed, rules, lambda d: d in away)


def far_hands(n: int, seed: int = SEED + 6, rules: Ruleset = HUNAN) -> list[Hand]:
    """The first ``n`` random hands at rest more than 2 from ready (the same stream as ``near_hands``)."""
    return _first(n, seed, rules, lambda d: d is None)


def plus_one(hands: Sequence[Hand], seed: int) -> list[Hand]:
    """Each hand at rest with one more tile (seeded: a tile it holds fewer than 4 of, and fewer than
    3 concealed), a hand to discard from."""
    rng = random.Random(seed)
    out = []
    for h in hands:
        held, conc = h.all_counts(), list(h.concealed)
        conc[rng.choice([t for t in range(N_KINDS) if held[t] < COPIES and conc[t] < 3])] += 1
        out.append(Hand(tuple(conc), h.melds))
    return out


def near_discard_hands(n: int, seed: int = SEED + 8, rules: Ruleset = HUNAN, far: bool = False) -> list[Hand]:
    """The first ``n`` random hands at rest plus one tile (``plus_one``) whose best discard leaves
    them at most 2 from ready (with ``far``: more than 2)."""
    out: list[Hand] = []
    for i, part in enumerate(_random_stream(seed, rules)):
        for h in plus_one(part, seed + i):
            if (best_distance(h, rules) is None) == far:
                out.append(h)
                if len(out) == n:
                    return out
    raise AssertionError("unreachable")


def batch_hands(n: int, seed: int = SEED + 9, rules: Ruleset = HUNAN) -> list[Hand]:
    """``n`` hands at rest, shuffled: ``n // 2`` ready (``ready_hands``) and the rest random hands that
    are not ready (``generate.random_hands``, at any distance), as a batch of ``phz ting`` reads them."""
    from ..engine import arrays, wins

    ready = ready_hands(n // 2, seed, rules)
    rest: list[Hand] = []
    for part in _random_stream(seed, rules):
        waiting = set(wins.ting_rows(wins.marshal(part), arrays.of(rules))[:, wins.ROW_HAND].tolist())
        rest += [h for i, h in enumerate(part) if i not in waiting]
        if len(rest) >= n - n // 2:
            break
    hands = ready + rest[:n - n // 2]
    random.Random(seed).shuffle(hands)
    return hands


def mix(hands: Sequence[Hand], rules: Ruleset, of: Callable | None = None) -> str:
    """How many of ``hands`` are at each distance (``of``: ``rest_distances`` by default, or
    ``best_distance`` per hand) and how many have melds, e.g. ``"100 hands: 2 at 0, 25 at 1, 73 at 2;
    38 with melds"``."""
    got = rest_distances(hands, rules) if of is None else [of(h, rules) for h in hands]
    counts: dict = {}
    for d in got:
        counts[d] = counts.get(d, 0) + 1
    at = ", ".join(f"{counts[d]} {'beyond 2' if d is None else f'at {d}'}"
                   for d in sorted(counts, key=lambda d: 99 if d is None else d))
    return f"{len(hands)} hands: {at}; {sum(1 for h in hands if h.melds)} with melds"


# ---------------------------------------------------------------- timing

def median_us(times: Sequence[float], hands_per_round: Sequence[int]) -> float:
    """Median over rounds of the per-hand time, in µs."""
    return statistics.median(t / n * 1e6 for t, n in zip(times, hands_per_round))


def time_rounds(run: Callable, batches: Sequence) -> list[float]:
    """Wall time of ``run(batch)`` for each batch (one round each)."""
    times = []
    for batch in batches:
        start = time.perf_counter()
        run(batch)
        times.append(time.perf_counter() - start)
    return times


def forget(rules: Ruleset) -> None:
    """Clear what the distance search keeps from one hand to the next (its memo of answers), so
    that a hand costs what a new hand costs."""
    from ..engine import distance_arrays, plain_distance
    distance_arrays.of(rules).memo.clear()
    plain_distance.tables(rules).clear()


def time_each(run: Callable, hands: Sequence[Hand], rules: Ruleset) -> list[float]:
    """Wall time of ``run(hand)`` for each hand, each after ``forget``."""
    times = []
    for h in hands:
        forget(rules)
        start = time.perf_counter()
        run(h)
        times.append(time.perf_counter() - start)
    return times


def p95(times: Sequence[float]) -> float:
    """The 95th percentile (the value 95% of ``times`` are at most, interpolated)."""
    return statistics.quantiles(times, n=20, method="inclusive")[18] if len(times) > 1 else times[0]


# ---------------------------------------------------------------- the measurements of phz bench

NEAR_REST = "distance + draws, hand at rest within 2 of ready"
NEAR_TWO = "distance + draws, hand at rest exactly 2 away"
NEAR_TABLE = "discard table + distances, best within 2"
SIM = "phz sim: whole hands, each deal once per seating"  # (the runs of solver.app.bench_play)
ROLLOUTS = "win-rate rollouts: a deal and the rest of the hand, from a dealer's first discard"

def _rounds(items: list, rounds: int) -> list[list]:
    size = len(items) // rounds
    return [items[i * size:(i + 1) * size] for i in range(rounds)]


def _kernel_args(hands, rules):
    from ..engine import arrays, wins
    return wins.marshal(hands), arrays.of(rules)


def measurements(n: int, rules: Ruleset = HUNAN, rounds: int = ROUNDS) -> Iterator[tuple[str, int, Callable]]:
    """(label, steps, run) for each measurement of ``phz bench``: ``run()``
    measures and returns its Results; ``steps`` is for a progress bar."""
    per_round = max(1, n // rounds)
    ref_n = max(1, per_round // REFERENCE_SHARE)

    def win_check():
        from ..engine import wins
        hands = ready_hands(per_round * (rounds + 1), SEED + 1, rules)
        tiles = win_queries(hands, SEED + 1, rules)

        def args(lo, hi, full):
            a = wins.win_args(wins.marshal(hands[lo:hi]), tiles[lo:hi], ["both"] * (hi - lo), rules, full=full)
            a[-2].fill(0)  # touch its pages here, not inside the measured call
            return a

        results = []
        for full, engine in ((False, "kernel, best score"), (True, "kernel, full answer")):
            batches = [args(i * per_round, (i + 1) * per_round, full) for i in range(rounds + 1)]
            wins.win_batch(batches[0])  # load or compile: never inside a round
            times = time_rounds(wins.win_batch, batches[1:])
            results.append((engine, times, [per_round] * rounds))
        ref = [[(hands[i * per_round + j], tiles[i * per_round + j]) for j in range(ref_n)]
               for i in range(1, rounds + 1)]

        def check(qs):
            for h, t in qs:
                reference.best_win(h, t, "self", rules)
                reference.best_win(h, t, "other", rules)

        results.append(("reference", time_rounds(check, ref), [ref_n] * rounds))
        return _results("win check, ready hand + one of its waits, both sources", results)

    def tables(what: str, hands: list[Hand], kernel_rows: Callable, many: Callable, name: str,
               answer: Callable) -> list[Result]:
        """The waits or discards of ``hands``: the kernel alone, the kernel with its
        answers (``many``, called ``name``), and ``answer`` of the reference."""
        batches = [_kernel_args(b, rules) for b in _rounds(hands, rounds + 1)]
        kernel_rows(*batches[0])
        kernel = time_rounds(lambda a: kernel_rows(*a), batches[1:])
        zero = [[0] * N_KINDS] * per_round
        full = time_rounds(lambda hs: many(hs, zero, rules), _rounds(hands, rounds + 1)[1:])
        ref = time_rounds(lambda hs: [answer(h, rules) for h in hs],
                          [b[:ref_n] for b in _rounds(hands, rounds + 1)[1:]])
        return _results(what, [
            ("kernel", kernel, [per_round] * rounds), (f"kernel + answers ({name})", full, [per_round] * rounds),
            ("reference", ref, [ref_n] * rounds)])

    def waits():
        from ..engine import wins
        sources = "every source" if rules.win_on_discard else "both sources"
        return tables(f"waits of a ready hand, {sources}", ready_hands(per_round * (rounds + 1), SEED + 2, rules),
                      wins.ting_rows, wins.ting_many, "wins.ting_many", reference.ting)

    def discards():
        from ..engine import wins
        return tables("discard table, ready hand + one live tile", discard_hands(per_round * (rounds + 1), SEED + 3, rules),
                      wins.discard_rows, wins.discard_many, "wins.discard_many", reference.discard)

    def eating():
        from ..engine.obligations import decide
        m = max(1, per_round // 10)
        qs = eat_queries(ready_hands(m * rounds, SEED + 4, rules), SEED + 4)
        batches = _rounds(qs, rounds)
        times = time_rounds(lambda b: [decide(h, tile=t, source="upper-discard", rules=rules) for h, t in b], batches)
        return _results("legal 吃/比 ways of a tile (obligations.decide)", [
            ("pure Python", times, [len(b) for b in batches])])

    def drilling():
        from ..trainer.drills import drill
        m = max(1, per_round // 100)
        batches = _rounds(drill_seeds(m * rounds, SEED + 5, rules), rounds)
        times = time_rounds(lambda b: [drill(s, rules) for s in b], batches)
        return _results("drill generation (solver.trainer.drills, one question)", [
            ("pure Python", times, [len(b) for b in batches])])

    def near():
        from ..engine import distance, plain_distance
        m = max(ROUNDS, n // 20)
        results = []
        for what, hands in ((NEAR_REST, near_hands(m, SEED + 6, rules)),
                            (NEAR_TWO, near_hands(m, SEED + 7, rules, away=(2,)))):
            for engine, search in (("kernels", distance), ("plain Python", plain_distance)):
                search.analyse(hands[0], rules, budget=0)  # load or compile: never inside a round
                times = time_each(lambda h: search.analyse(h, rules, budget=0), hands, rules)
                results += _per_hand(what, engine, times)
        return results

    def near_tables():
        from .. import api
        hands = near_discard_hands(max(ROUNDS, n // 100), SEED + 8, rules)
        api.discard(hands[0], rules=rules)
        return _per_hand(NEAR_TABLE, "api.discard", time_each(lambda h: api.discard(h, rules=rules), hands, rules),
                         tail=False)

    def games():
        from .bench_play import game_runs
        return _results(SIM, game_runs(n, rules, rounds, SEED + 10))

    def rollouts():
        from .bench_play import rollout_runs
        return _results(ROLLOUTS, rollout_runs(n, rules, rounds, SEED + 20))

    yield "win check", 1, win_check
    yield "waits", 1, waits
    yield "discard table", 1, discards
    yield "吃/比 ways", 1, eating
    yield "drills", 1, drilling
    yield "distance", 1, near
    yield "discard advice", 1, near_tables
    yield "phz sim", 1, games
    yield "win-rate rollouts", 1, rollouts


def _per_hand(what: str, engine: str, times: list[float], tail: bool = True) -> list[Result]:
    """The median time per hand of ``times`` (one hand each) and, with ``tail``, their 95th percentile."""
    out = _results(what, [(engine, times, [1] * len(times))])
    if tail:
        us = p95(times) * 1e6
        out.append(Result(what, f"{engine}, p95", len(times), us, 1e6 / us, None))
    return out


def _results(what: str, runs: list[tuple[str, list[float], list[int]]]) -> list[Result]:
    ref = next((median_us(t, n) for engine, t, n in runs if engine == "reference"), None)
    out = []
    for engine, times, counts in runs:
        us = median_us(times, counts)
        speedup = None if engine == "reference" or ref is None else ref / us
        out.append(Result(what, engine, sum(counts), us, 1e6 / us, speedup))
    return out


# ---------------------------------------------------------------- the table

#: the measurements and engines in Chinese (the JSON keeps the English names): English -> Chinese, and
#: patterns of the engines whose names carry a figure
_ZH = {"win check, ready hand + one of its waits, both sources": "胡牌判断：听牌的手牌加一张胡张，两种来源",
       "win check, ready hand + one of its waits, every source": "胡牌判断：听牌的手牌加一张胡张，每种来源",
       "waits of a ready hand, both sources": "听牌手牌的胡张，两种来源",
       "waits of a ready hand, every source": "听牌手牌的胡张，每种来源",
       "discard table, ready hand + one live tile": "打牌表：听牌的手牌加一张活牌",
       "legal 吃/比 ways of a tile (obligations.decide)": "一张牌合法的吃/比（obligations.decide）",
       "drill generation (solver.trainer.drills, one question)": "生成练习题（solver.trainer.drills，每题）",
       NEAR_REST: "距离和进张：离听牌2步以内的等牌手牌", NEAR_TWO: "距离和进张：离听牌正好2步的等牌手牌",
       NEAR_TABLE: "打牌表和距离：最好的打法离听牌2步以内", SIM: "phz sim：整手牌局，每副牌每种座次一次",
       ROLLOUTS: "胜率模拟：发一副牌并打完这手，从庄家的第一张出牌起",
       "kernel, best score": "内核，最高分", "kernel, full answer": "内核，完整答案", "reference": "参考实现",
       "kernel": "内核", "kernels": "内核", "pure Python": "纯 Python", "plain Python": "纯 Python 搜索"}
_ZH_PATTERNS = [(r"^kernel \+ answers \((.+)\)$", r"内核加答案（\1）"), (r", p95$", "，p95"),
                (r"^kernels \(winrate\.estimate, (\w+) policy\)$", r"内核（winrate.estimate，\1 策略）"),
                (r"^(\w+) bots, (\d+) jobs?: (.+)× 1 job$", r"\1 机器人，\2 个进程：1 个进程的 \3×"),
                (r"^(\w+) bots, (\d+) jobs?$", r"\1 机器人，\2 个进程")]
#: the table's columns, each the name of its entry in messages/bench.toml
_HEADERS = ("what", "us_per_hand", "hands_per_s", "vs_reference")


def _say(text: str, lang: str) -> str:

    if lang != "zh":
        return text
    if text in _ZH:
        return _ZH[text]
    for pattern, zh in _ZH_PATTERNS:
        text = re.sub(pattern, zh, text)
    return _ZH.get(text, text)


def table_lines(results: Sequence[Result], lang: str = "en", limit: int | None = 80) -> list[str]:
    """``phz bench``'s table: one aligned table of the engines' rows, each measurement a line of its own
    above its rows, in ``lang``, within ``limit`` columns (None: no limit)."""

    from ..text.columns import fit

    rows = [(_say(r.engine, lang), f"{r.us_per_hand:,.2f}", f"{r.hands_per_s:,.0f}",
             "" if r.speedup is None else f"{r.speedup:,.0f}×") for r in results]
    headers = [say(f"bench.col_{h}", lang) for h in _HEADERS]
    lines = tabulate(rows, headers=headers, disable_numparse=True).splitlines()
    out = ["  " + line for line in lines[:2]]
    for i, (r, line) in enumerate(zip(results, lines[2:])):
        if i == 0 or results[i - 1].what != r.what:
            out.append(_say(r.what, lang))
        out.append("  " + line)
    return fit(out, limit, indent="    ")
