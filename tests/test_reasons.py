"""The reasons name tiles, and every tile they name is a fact of the position (issue 27: "reasons in
words ... the 进张 a move gains or loses ... the wait it leads to").

``Choice.draws`` (the 进张 or the waits the reasons and the JSON name) is checked against the brute
force of ``test_distance`` (every intake of every tile, then every discard, each hand asked whether
it is ready: RULES.md 6 written out) on the discards of hands dealt and played by the basic bots:
every tile named brings the hand it leaves one step nearer (or, once ready, wins), and every tile that
does and still has a copy out of sight is named.  The sentences are then checked for the tiles they
name, not for their wording.
"""
from __future__ import annotations

import pytest
from test_distance import LUZHOU, Oracle, bf_analyse, luzhou_waits

from solver.engine import wins
from solver.game.advice import advise
from solver.game.engine import Game
from solver.game.players import make_bot
from solver.game.position import position_of
from solver.model.rules import HUNAN
from solver.model.tiles import COPIES, GLYPHS, N_KINDS
from solver.text.advice_text import draws_diff, draws_text, why

RULES = pytest.mark.parametrize("rules", [HUNAN, LUZHOU], ids=["hunan", "luzhou"])


def discard_positions(rules, seeds, per_hand: int = 4):
    """Seat 0's first ``per_hand`` discard decisions with a choice in hands of basic bots."""
    out = []
    for seed in seeds:
        game = Game(rules, seed=seed)
        bots = [make_bot("basic", seed=seed, seat=s) for s in range(rules.game.players)]
        taken = 0
        while (ask := game.ask()) is not None and taken < per_hand:
            if ask.seat == 0 and ask.stage == "discard" and len(ask.options) > 1:
                out.append(position_of(game, 0))
                taken += 1
            game.play(bots[ask.seat].choose(game.view(ask.seat), ask))
    return out


def waits(hand, rules) -> set[int]:
    if rules is LUZHOU:
        return {t for t, _ in luzhou_waits(hand)}
    return {w.tile for w in wins.ting_many([hand], [[0] * N_KINDS], HUNAN)[0].waits}


@RULES
def test_the_tiles_a_choice_draws_to_are_those_the_brute_force_finds(rules):
    oracle = Oracle(rules)
    checked = {0: 0, 1: 0}
    for pos in discard_positions(rules, range(40, 52)):
        advice = advise(pos, samples=0)
        seen = pos.seen_counts()
        for c in advice.choices:
            if c.distance not in (0, 1):
                continue
            out = list(seen)
            out[c.move.tile] += 1  # the discard is face up
            held = c.hand.all_counts()
            live = {t for t in range(N_KINDS) if COPIES - held[t] - out[t] > 0}
            if c.distance == 0:
                want = waits(c.hand, rules) & live
            else:
                d, ways = bf_analyse(c.hand, oracle, max_distance=1)
                assert d == 1, c.hand.text()
                want = set(ways) & live
            assert set(c.draws) == want, (pos.hand.text(), c.move, c.draws, want)
            checked[c.distance] += 1
    assert checked[0] >= 5 and checked[1] >= 20, checked  # the test saw both kinds


@RULES
def test_the_reasons_name_the_best_moves_tiles_and_what_the_next_lacks(rules):
    named = 0
    for pos in discard_positions(rules, range(60, 66), per_hand=3):
        advice = advise(pos, samples=0)
        best = advice.best
        for lang in ("en", "zh"):
            said = " ".join(why(advice, lang))
            line = draws_text(best, lang)
            if best.draws:
                assert line is not None and line in said
                assert all(GLYPHS[t] in line for t in best.draws)
                assert not any(GLYPHS[t] in line.split(":")[-1].split("：")[-1] for t in range(N_KINDS)
                               if t not in best.draws)
                named += 1
            else:
                assert line is None
        for other in advice.choices[1:]:
            diff = draws_diff(best, other, "en", "X")
            if best.distance is None or best.distance != other.distance or best.draws == other.draws:
                assert diff is None
                continue
            more = [GLYPHS[t] for t in best.draws if t not in other.draws]
            less = [GLYPHS[t] for t in other.draws if t not in best.draws]
            assert all(g in diff for g in more + less)
            if more and less:
                assert diff.index(more[0]) < diff.index("but not") < diff.index(less[0])
    assert named >= 10
