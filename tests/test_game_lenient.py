"""A lenient replay's moves in the game kernels against the Python reference (``tests/python_engine.py``):
hands of random play in which, at random tiles on the table, a random seat makes a random move that
breaks a rule (诈胡, 走跑, 失提, 烧比 / 吃包子, 臭张) or claims out of turn.  Both games must take or
refuse the same moves, name the same offences and give the same events, result and penalties, field
for field.  Every shipped ruleset and a house file; many more hands under ``-m slow``."""
from __future__ import annotations

import random

import pytest

from solver.game.engine import Game as KernelGame
from solver.game.legality import IllegalMove
from solver.game.moves import Move
from tests.game_helpers import json_events
from tests.python_engine import Game
from tests.test_game_kernels import ALL


def _candidates(game, ask, rng: random.Random) -> list[tuple[int, Move]]:
    """Moves a lenient replay may try at ``ask``: for a random seat, its legal moves and those the
    obligations engine forbids, a 胡 and a 过, in a random order."""
    x, by, kind = game.table
    seats = [p for p in range(game.n) if p != game.out and not (kind == "discard" and p == by)]
    q = rng.choice(seats)
    d = game._decide(q, x, by, kind)
    moves = [Move(a.action, chi=a.chi, bi=a.bi) for a in d.actions]
    moves += [Move(f.action, chi=f.chi, bi=f.bi) for f in d.forbidden
              if f.action != "pass" and (f.action != "chi" or f.chi is not None)]  # (a 吃 names its group)
    moves += [Move("hu"), Move("pass")]
    rng.shuffle(moves)
    return [(q, m) for m in moves]


def lenient_hand(rules, seed: int) -> tuple[int, int]:
    """One hand played on both engines, rule-breaking moves tried at a third of the tiles; (moves made
    that broke a rule, moves refused)."""
    rng = random.Random(f"lenient:{seed}")
    ref = Game(rules, seed=seed, lenient=True)
    kern = KernelGame(rules, seed=seed, lenient=True)
    broken = refused = 0
    while (ask := ref.ask()) is not None:
        got = kern.ask()
        assert got is not None and (got.seat, got.stage, got.tile, got.origin, got.options) == \
            (ask.seat, ask.stage, ask.tile, ask.origin, ask.options), (seed, ask, got)
        assert got.decision == ask.decision, (seed, ask)
        if ask.tile is not None and ask.stage not in ("qishou",) and rng.random() < 0.35:
            for q, move in _candidates(ref, ask, rng)[:4]:
                try:
                    offence = ref.play(move, lenient=True, seat=q)
                except IllegalMove as e:
                    with pytest.raises(IllegalMove) as k:
                        kern.play(move, lenient=True, seat=q)
                    assert str(k.value) == str(e)
                    refused += 1
                    continue
                assert kern.play(move, lenient=True, seat=q) == offence, (seed, q, move)
                broken += bool(offence)
                break
            else:
                move = rng.choice(ask.options)
                ref.play(move)
                kern.play(move)
        else:
            move = rng.choice(ask.options)
            ref.play(move)
            kern.play(move)
        assert json_events(kern) == json_events(ref), seed
    assert kern.ask() is None
    assert kern.result == ref.result, seed
    return broken, refused


@pytest.mark.parametrize("rules", ALL, ids=lambda r: f"{r.name}-{r.game.players}")
def test_lenient_hands_equal_the_python_reference(rules):
    broken = refused = 0
    for seed in range(60):
        b, r = lenient_hand(rules, seed)
        broken, refused = broken + b, refused + r
    assert broken >= 20 and refused >= 20, (broken, refused)  # (the test reaches both kinds of move)


@pytest.mark.slow
@pytest.mark.parametrize("rules", ALL, ids=lambda r: f"{r.name}-{r.game.players}")
def test_many_lenient_hands_equal_the_python_reference(rules):
    for seed in range(1000, 3000):
        lenient_hand(rules, seed)
