"""Speed of the win-chance estimate (``solver.game.winrate.estimate``) at its default precision.

    python -m pytest benchmarks/bench_winrate.py --benchmark-only
    python benchmarks/bench_winrate.py        # prints the pinned positions again (from seed 1)

The positions are pinned below as position files (the JSON of
``solver.game.position``, read by ``loads``), per ruleset: ``early``, the
dealer's first discard of the hand of seed 1 (19 tiles in the stock: a
rollout plays the whole hand), and ``mid``, the first discard with at most 10
stock tiles of that hand played by the rollout policy at every seat (``FastBot``).
A round is one ``estimate`` of the position's first ``SCRIPTS`` options with
``DEFAULT_SAMPLES`` deals each (common deals, the tie-breaks' randomness on),
as ``phz discard --win-rate`` runs it; ``extra_info["ms_per_rollout"]`` is the
round's median over the rollouts it played, the figure to track.
``--benchmark-timer=time.thread_time`` counts the CPU time alone, steadier on a
shared machine.  Under ``--benchmark-disable`` each runs one round of 4 deals,
as a smoke test.
"""
from __future__ import annotations

import json

import pytest

from solver.game.position import loads
from solver.game.winrate import DEFAULT_SAMPLES, estimate

SCRIPTS = 3  # options estimated per round
ROUNDS = 3
GROUP = "winrate.estimate: default samples"

_HAND = "一二二三五六七八十壹贰贰叁肆柒捌捌玖拾拾拾"
_EARLY_OPTIONS = ["discard " + t for t in "一二三五六七八十壹贰叁肆柒捌玖"]


def _early(name: str) -> dict:
    return {"ruleset": name, "seat": 0, "dealer": 0, "turn": 0, "hand": _HAND, "melds": [[], [], []],
            "held": [21, 20, 20], "faces": ["", "", ""], "stock": 19, "table": None, "stage": "discard",
            "options": _EARLY_OPTIONS, "chou": "", "passed_peng": "", "first_discard": True, "last_stock": False}


PINNED = {
    ("hunan", "early"): _early("hunan"),
    ("hunan", "mid"): {
        "ruleset": "hunan", "seat": 2, "dealer": 0, "turn": 1,
        "hand": "六七七八八九九十 | 跑:肆肆肆肆 碰:壹壹壹 碰:柒柒柒 碰:四四四",
        "melds": [[["chi", "三叁叁"], ["pao", "贰贰贰贰"], ["pao", "拾拾拾拾"], ["peng", "二二二"]],
                  [["peng", "伍伍伍"], ["peng", "五五五"], ["peng", "六六六"], ["chi", "九玖玖"], ["chi", "三三叁"]],
                  [["pao", "肆肆肆肆"], ["peng", "壹壹壹"], ["peng", "柒柒柒"], ["peng", "四四四"]]],
        "held": [7, 5, 8], "faces": ["壹一一陆", "陆二", "一一"], "stock": 10, "table": None, "stage": "discard",
        "options": ["discard 六", "discard 七", "discard 八", "discard 九", "discard 十"],
        "chou": "二", "passed_peng": "", "first_discard": False, "last_stock": False},
    ("luzhou", "early"): _early("luzhou"),
    ("luzhou", "mid"): {
        "ruleset": "luzhou", "seat": 2, "dealer": 0, "turn": 1,
        "hand": "六七七八八十柒柒 | 招:肆肆肆肆 碰:壹壹壹 吃:九九玖 碰:四四四",
        "melds": [[["chi", "三叁叁"], ["zhao", "贰贰贰贰"], ["zhao", "拾拾拾拾"], ["peng", "二二二"]],
                  [["peng", "伍伍伍"], ["peng", "五五五"], ["peng", "六六六"]],
                  [["zhao", "肆肆肆肆"], ["peng", "壹壹壹"], ["chi", "九九玖"], ["peng", "四四四"]]],
        "held": [7, 11, 8], "faces": ["壹一一陆", "陆叁", "一一"], "stock": 10, "table": None, "stage": "discard",
        "options": ["discard 六", "discard 七", "discard 八", "discard 十", "discard 柒"],
        "chou": "", "passed_peng": "", "first_discard": False, "last_stock": False},
}


def pinned(name: str, when: str):
    return loads(json.dumps({"format": "phz-position", "version": 1, **PINNED[(name, when)]}, ensure_ascii=False))


@pytest.fixture(scope="module")
def smoke(request) -> bool:
    return bool(request.config.getoption("benchmark_disable", False))


@pytest.mark.parametrize("policy", ["fast", "keen"])
@pytest.mark.parametrize("when", ["early", "mid"])
@pytest.mark.parametrize("name", ["hunan", "luzhou"])
def test_estimate(benchmark, smoke, name, when, policy):
    """``policy``: the rollout policy the advice rolls out with (fast), or the keen bot (as strong as basic)."""
    pos = pinned(name, when)
    scripts = [(m,) for m in pos.options[:SCRIPTS]]
    samples = 4 if smoke else DEFAULT_SAMPLES
    try:
        estimate(pos, scripts, samples=2, policy=policy)  # the first rollouts of the process (memos), not timed
    except TypeError:
        pytest.skip("no rollout policy but the fast one in this checkout")
    played = []

    def run():
        ests = estimate(pos, scripts, samples=samples, policy=policy)
        played.append(sum(e.n for e in ests))
        return ests

    benchmark.group = f"{GROUP} ({name}, {policy})"
    ests = benchmark.pedantic(run, rounds=1 if smoke else ROUNDS, iterations=1)
    assert all(e.n > 0 for e in ests)
    stats = getattr(benchmark, "stats", None)
    if stats is not None and getattr(stats, "stats", None) is not None:
        benchmark.extra_info["ms_per_rollout"] = round(stats.stats.median / max(played) * 1e3, 3)
        benchmark.extra_info["s_per_estimate"] = round(stats.stats.median, 3)
    benchmark.extra_info["rollouts_per_round"] = max(played)


def main() -> None:
    """The pinned positions as made from seed 1 by this checkout (compare them with PINNED)."""
    from solver.game.bot_fast import FastBot
    from solver.game.engine import Game
    from solver.game.position import dumps, position_of
    from solver.game.view import view_of
    from solver.model.rules import get_ruleset

    for name in ("hunan", "luzhou"):
        game = Game(get_ruleset(name), seed=1)
        print(name, "early", dumps(position_of(game)))
        bots = [FastBot(1, s) for s in range(3)]
        while (ask := game.ask()) is not None:
            if len(game.stock) <= 10 and len(ask.options) > 2 and ask.stage == "discard":
                print(name, "mid", dumps(position_of(game)))
                break
            game.play(bots[ask.seat].choose(view_of(game, ask.seat), ask))


if __name__ == "__main__":
    main()
