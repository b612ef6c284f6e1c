"""The judge's race of rollouts (``solver.game.winrate.race``) and its close calls.

A race plays every choice on the same numbered deals and drops those that cannot be best; with
``close`` > 1 the best two, when still within each other's noise after ``samples`` deals, play on
(``samples`` more deals a round) until one is apart or they have played ``close`` × ``samples``.
These tests hold it to facts worked out here from the race without close calls and from
``estimate`` (the same deals, one script at a time), on positions of whole hands of ``basic`` bots
under every shipped ruleset.
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from solver.game.advice import _choices, _ready, advise, played_out
from solver.game.engine import Game
from solver.game.players import make_bot
from solver.game.position import position_of
from solver.game.view import view_of
from solver.game.winrate import estimate, race
from solver.model.rules import get_ruleset

SAMPLES = 30
CLOSE = 3.0


def _positions(name: str, seeds, every: int = 2):
    """Positions asking a choice of two or more, at every ``every``-th decision of hands of basic bots."""
    rules = get_ruleset(name)
    for seed in seeds:
        game = Game(rules, seed=seed)
        bots = [make_bot("basic", seed, s) for s in range(rules.game.players)]
        k = 0
        while (ask := game.ask()) is not None:
            if ask.stage != "qishou" and len(ask.options) > 1:
                if k % every == 0:
                    yield position_of(game)
                k += 1
            game.play(bots[ask.seat].choose(view_of(game, ask.seat), ask))


def _open(e, best) -> bool:
    """``e`` might still be as good as ``best``: its paired 95% interval reaches 0."""
    diff, half = e.paired(best)
    return diff + half >= 0


@pytest.mark.parametrize("name", ["hunan", "luzhou"])
def test_a_close_call_plays_the_best_two_on_until_one_is_apart(name):
    seen = {"extended": 0, "settled": 0, "apart early": 0}
    for pos in _positions(name, range(2)):
        choices = _choices(pos)
        if len(choices) < 2:
            continue
        scripts, keep = [c.script for c in choices], _ready(choices)
        plain = race(pos, scripts, samples=SAMPLES, seed=3, keep=keep, policy="keen")
        close = race(pos, scripts, samples=SAMPLES, seed=3, keep=keep, policy="keen", close=CLOSE)
        # the first SAMPLES deals are the race without close calls, deal for deal
        for a, b in zip(plain, close):
            assert b.nets[:a.n] == a.nets and b.dealt >= a.dealt
        # who plays on: the best at SAMPLES deals and the best of the rest still open against it
        full = [k for k, e in enumerate(plain) if e.dealt == SAMPLES]
        best = max(full, key=lambda k: plain[k].score)
        rivals = [k for k in full if k != best and _open(plain[k], plain[best])]
        on = {best, max(rivals, key=lambda k: plain[k].score)} if rivals else set()
        assert {k for k, e in enumerate(close) if e.dealt > SAMPLES} == on
        assert all(close[k].dealt == plain[k].dealt for k in range(len(scripts)) if k not in on)
        if not on:
            seen["settled"] += 1
            continue
        seen["extended"] += 1
        x, y = sorted(on, key=lambda k: -close[k].score)
        assert close[x].dealt == close[y].dealt in (2 * SAMPLES, 3 * SAMPLES)
        if close[x].dealt < CLOSE * SAMPLES:  # it stopped early: one is apart
            seen["apart early"] += 1
            assert not _open(close[y], close[x])
        # each figure is the script's own rollouts on those deals
        for k in on:
            again = estimate(pos, [scripts[k]], samples=close[k].dealt, seed=3, keep=keep, policy="keen")[0]
            assert again.nets == close[k].nets and again.wins == close[k].wins
    assert min(seen.values()) > 0, seen  # every branch was taken


def test_the_advice_and_its_grade_rest_on_the_deals_of_the_close_call():
    """``advise`` runs the race with the ruleset's ``close_calls``; a move the review grades is played out
    on every deal the best was, the extra deals of a close call too."""
    rules = get_ruleset("hunan")
    assert rules.bots.close_calls == CLOSE
    checked = 0
    for pos in _positions("hunan", range(1, 3)):
        advice = advise(pos, samples=SAMPLES)
        if len(advice.choices) < 3 or advice.best.estimate is None or advice.best.estimate.dealt <= SAMPLES:
            continue
        dropped = min(advice.choices[1:], key=lambda c: c.deals)
        if dropped.estimate is None or dropped.estimate.dealt >= advice.best.estimate.dealt:
            continue
        graded = played_out(advice, dropped.move).choice_of(dropped.move)
        assert graded is not None and graded.estimate is not None
        assert graded.estimate.dealt == advice.best.estimate.dealt
        assert graded.deals == advice.best.deals
        checked += 1
    assert checked >= 2


@pytest.mark.parametrize("name", ["hunan", "luzhou"])
def test_the_race_keeps_the_rulesets_schedule(name):
    """A house schedule (``[bots] race_first = 8``, ``race_round = 0.5``, ``race_keep = [2, 1]``): every
    script plays the first 8 deals; of those still open against the best, the 2 best by expected score at
    8 deals go on to 20, and the best of them at 20 to 40 — worked out here from ``estimate`` on those
    deals."""
    base = get_ruleset(name)
    rules = replace(base, bots=replace(base.bots, race_first=8, race_round=0.5, race_keep=(2, 1)))
    seen = 0
    for pos in _positions(name, range(1), every=3):
        pos = replace(pos, rules=rules)
        choices = _choices(pos)
        if len(choices) < 3:
            continue
        scripts, keep = [c.script for c in choices], _ready(choices)
        got = race(pos, scripts, samples=40, seed=5, keep=keep, policy="keen")
        assert {e.dealt for e in got} <= {8, 20, 40}
        at8 = estimate(pos, scripts, samples=8, seed=5, keep=keep, policy="keen")
        best8 = max(at8, key=lambda e: e.score)
        on = sorted((k for k, e in enumerate(at8) if e is best8 or _open(e, best8)), key=lambda k: -at8[k].score)[:2]
        assert {k for k, e in enumerate(got) if e.dealt >= 20} == set(on)
        at20 = estimate(pos, [scripts[k] for k in on], samples=20, seed=5, keep=keep, policy="keen")
        last = on[max(range(len(on)), key=lambda i: at20[i].score)]
        assert [k for k, e in enumerate(got) if e.dealt == 40] == [last]
        seen += len(on) == 2
    assert seen >= 3
