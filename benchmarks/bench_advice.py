"""Speed of one hand's advice (``solver.game.advice.advise``) at its default precision, warm: what
``phz discard --win-rate`` and ``phz act --advise`` spend after start-up (issue 16: one hand in ≤ 2 s).

    python -m pytest benchmarks/bench_advice.py --benchmark-only
    python benchmarks/bench_advice.py        # prints the pinned positions again

The positions are pinned below as position files (the JSON of
``solver.game.position``, read by ``loads``), per ruleset: ``discard``, the
dealer's first discard of a seeded hand (19 tiles in the stock, 14 or 15
discards to weigh: a rollout plays the whole hand), and ``claim``, the first
吃 or 碰 with at most 12 (hunan) or 14 (luzhou) stock tiles of that hand
played by the rollout policy at every seat (``FastBot``; hunan three ways to
eat and 过, luzhou one and 过), each claim weighed with its best follow-up
discards.  A round is one ``advise`` with ``DEFAULT_SAMPLES`` deals (the
race drops the clearly worse choices early, as the commands run it), after
one advise of the same position that is not timed (the api's answers and
the memos of the process are warm, the kernels loaded).  Each runs as its
command runs it by default: a discard's rollouts on every core phz may use
(``phz discard --win-rate``'s default ``--jobs``; the figures do not change),
a claim's in this process (``phz act --advise``); ``discard-1job`` is the
discard on one process, for the CPU a hand costs.
``extra_info["rollouts"]`` counts the rollouts a round played and
``ms_per_rollout`` the round's median over them.
``--benchmark-timer=time.thread_time`` counts the CPU time alone, steadier on a
shared machine.  Under ``--benchmark-disable`` each runs one round of 4 deals,
as a smoke test.
"""
from __future__ import annotations

import json

import pytest

from solver.app.batch import usable_cores
from solver.game.advice import advise
from solver.game.position import loads
from solver.game.winrate import DEFAULT_SAMPLES

ROUNDS = 3
GROUP = "advise: one hand, default samples, warm"

PINNED = {
    ("hunan", "discard"): {  # seed 3, the dealer's first discard
        "ruleset": "hunan", "seat": 0, "dealer": 0, "turn": 0, "hand": "一二二三四四六七九九十壹贰贰贰叁肆伍陆陆柒",
        "melds": [[], [], []], "held": [21, 20, 20], "faces": ["", "", ""], "stock": 19, "table": None,
        "stage": "discard", "options": ["discard " + t for t in "一二三四六七九十壹叁肆伍陆柒"], "chou": "",
        "passed_peng": "", "first_discard": True, "last_stock": False},
    ("hunan", "claim"): {  # seed 3, a drawn 捌 that seat 1 may eat three ways
        "ruleset": "hunan", "seat": 1, "dealer": 0, "turn": 0, "hand": "四四五六六六伍陆柒玖拾 | 吃:七八九 吃:八九十 碰:肆肆肆",
        "melds": [[["chi", "一壹壹"], ["peng", "二二二"], ["chi", "五六七"], ["chi", "三三叁"]],
                  [["chi", "七八九"], ["chi", "八九十"], ["peng", "肆肆肆"]],
                  [["peng", "十十十"], ["chi", "一一壹"], ["peng", "拾拾拾"], ["peng", "叁叁叁"], ["peng", "伍伍伍"],
                   ["chi", "七柒柒"]]],
        "held": [8, 11, 2], "faces": ["九柒", "三二", "壹玖五"], "stock": 12,
        "table": {"tile": "捌", "by": 0, "kind": "draw"}, "stage": "chi",
        "options": ["chi 陆柒捌", "chi 柒捌玖", "chi 捌玖拾", "pass"], "chou": "三", "passed_peng": "",
        "first_discard": False, "last_stock": False},
    ("luzhou", "discard"): {  # seed 1, the dealer's first discard
        "ruleset": "luzhou", "seat": 0, "dealer": 0, "turn": 0, "hand": "一二二三五六七八十壹贰贰叁肆柒捌捌玖拾拾拾",
        "melds": [[], [], []], "held": [21, 20, 20], "faces": ["", "", ""], "stock": 19, "table": None,
        "stage": "discard", "options": ["discard " + t for t in "一二三五六七八十壹贰叁肆柒捌玖"], "chou": "",
        "passed_peng": "", "first_discard": True, "last_stock": False},
    ("luzhou", "claim"): {  # seed 1, a drawn 陆 that seat 1 may eat
        "ruleset": "luzhou", "seat": 1, "dealer": 0, "turn": 0, "hand": "二三三八九十十柒捌捌玖 | 碰:伍伍伍 碰:五五五 碰:六六六",
        "melds": [[["chi", "三叁叁"], ["zhao", "贰贰贰贰"], ["zhao", "拾拾拾拾"], ["peng", "二二二"]],
                  [["peng", "伍伍伍"], ["peng", "五五五"], ["peng", "六六六"]],
                  [["zhao", "肆肆肆肆"], ["peng", "壹壹壹"], ["chi", "九九玖"]]],
        "held": [7, 11, 10], "faces": ["壹一一", "陆叁", "一一"], "stock": 11,
        "table": {"tile": "陆", "by": 0, "kind": "draw"}, "stage": "chi", "options": ["chi 陆柒捌", "pass"],
        "chou": "一", "passed_peng": "一", "first_discard": False, "last_stock": False},
}


def pinned(name: str, when: str):
    return loads(json.dumps({"format": "phz-position", "version": 1, **PINNED[(name, when)]}, ensure_ascii=False))


@pytest.fixture(scope="module")
def smoke(request) -> bool:
    return bool(request.config.getoption("benchmark_disable", False))


@pytest.mark.parametrize("when", ["discard", "claim", "discard-1job"])
@pytest.mark.parametrize("name", ["hunan", "luzhou"])
def test_advise(benchmark, smoke, name, when):
    pos = pinned(name, when.split("-")[0])
    samples = 4 if smoke else DEFAULT_SAMPLES
    jobs = usable_cores() if when == "discard" else 1
    advise(pos, samples=samples)  # warm: the api's answers, the process's memos, the kernels
    played = []

    def run():
        a = advise(pos, samples=samples, jobs=jobs)
        played.append(sum(c.estimate.n for c in a.choices if c.estimate is not None))
        return a

    benchmark.group = f"{GROUP} ({name})"
    a = benchmark.pedantic(run, rounds=1 if smoke else ROUNDS, iterations=1)
    assert len(a.choices) > 1 and a.best.estimate is not None
    stats = getattr(benchmark, "stats", None)
    if stats is not None and getattr(stats, "stats", None) is not None:
        benchmark.extra_info["s_per_advice"] = round(stats.stats.median, 3)
        benchmark.extra_info["ms_per_rollout"] = round(stats.stats.median / max(played) * 1e3, 3)
    benchmark.extra_info["rollouts"] = max(played)
    benchmark.extra_info["jobs"] = jobs
    benchmark.extra_info["choices"] = len(a.choices)


def main() -> None:
    """The pinned positions as this checkout makes them (compare them with PINNED)."""
    from solver.game.bot_fast import FastBot
    from solver.game.engine import Game
    from solver.game.position import dumps, position_of
    from solver.game.view import view_of
    from solver.model.rules import get_ruleset

    def show(name: str, when: str, pos) -> None:
        obj = json.loads(dumps(pos))
        obj.pop("format"), obj.pop("version")
        obj["ruleset"] = name
        print(name, when, "same as pinned" if obj == PINNED[(name, when)] else json.dumps(obj, ensure_ascii=False))

    for name, seed, stock, ways in (("hunan", 3, 12, 3), ("luzhou", 1, 14, 2)):
        game = Game(get_ruleset(name), seed=seed)
        bots = [FastBot(seed, s) for s in range(3)]
        early = False
        while (ask := game.ask()) is not None:
            if not early and ask.stage == "discard" and len(ask.options) > 2:
                show(name, "discard", position_of(game))
                early = True
            if len(game.stock) <= stock and len(ask.options) >= ways and ask.stage in ("chi", "peng"):
                show(name, "claim", position_of(game))
                break
            game.play(bots[ask.seat].choose(view_of(game, ask.seat), ask))


if __name__ == "__main__":
    main()
