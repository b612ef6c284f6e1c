"""The game in kernels (``solver.game.engine``) against the Python flow (``tests/python_engine.py``, the
readable reference of the rules of play): for the same deal and the same choices, the same questions with the same options in the
same order and the same events, field for field; and whole hands of random bots played inside the
kernels (``phz sim``'s) with the same outcomes as the Python engine's games, hand for hand.  Every
shipped ruleset and a house file; many more hands under ``-m slow``."""
from __future__ import annotations

from collections import Counter

import pytest

from solver.app import sim
from solver.game.engine import Game as KernelGame
from solver.game.events import WinEvent
from solver.game.players import RandomBot, make_bot
from solver.game.session import hand_seed
from solver.game.stats import GameOutcome, game_events
from solver.game.view import view_of
from solver.game.whole_hands import random_outcomes
from solver.model.rules import RULESETS, get_ruleset
from solver.model.ruleset_file import loads, seated
from tests import winrate_reference
from tests.keen_reference import KeenReference
from tests.python_engine import Game

HOUSE = loads('schema = 1\nbase = "luzhou"\nname = "house-game"\n[play]\npassed = "chou"\npeng_compulsory = false\n'
              'own_discard_makes_chou = true\n[game]\nlast_tile_wins = false\npay = "discarder"\n'
              '[score]\nmin_huxi = 12\n', "house.toml")
#: every shipped ruleset at its own table (luzhou: four), a house file, and the tables of two and three
ALL = [get_ruleset(n) for n in RULESETS] + [HOUSE, seated(get_ruleset("hunan"), 2), seated(get_ruleset("luzhou"), 3)]


def play_game(rules, seed: int, seating) -> tuple[Game, GameOutcome]:
    """``sim.play_game`` on the Python engine (the reference): 臭偎 counted from the move's Action."""
    game = Game(rules, seed=seed)
    players = [make_bot(name, seed, p) for p, name in enumerate(seating)]
    chou_wei = []
    while (ask := game.ask()) is not None:
        if len(ask.options) == 1:
            move = ask.options[0]
        else:  # (a random bot reads no view)
            view = None if seating[ask.seat] == "random" else view_of(game, ask.seat)
            move = players[ask.seat].choose(view, ask)
        if move.kind == "wei" and any(a.action == "wei" and a.chou_wei for a in ask.decision.actions):
            chou_wei.append((ask.seat, "chou_wei"))
        game.play(move)
    result = game.result
    return game, GameOutcome(tuple(seating), tuple(result.net), result.winner, game.turns,
                             tuple(sorted(chou_wei + game_events(game.events))))


def same_hand(rules, seed: int, views: bool = True) -> int:
    """Play the deal of ``seed`` in both engines with random bots' choices (``views``: every seat's view
    compared at every decision too); the number of decisions."""
    game = Game(rules, seed=seed)
    kern = KernelGame(rules, seed=seed)
    bots = [RandomBot(seed, s) for s in range(rules.game.players)]
    n = 0
    while (ask := game.ask()) is not None:
        got = kern.ask()
        assert got is not None, (rules.name, seed, n, "the kernels ended the hand")
        assert (got.seat, got.stage, got.tile, got.origin, got.options) == \
            (ask.seat, ask.stage, ask.tile, ask.origin, ask.options), (rules.name, seed, n)
        if views:
            assert [view_of(kern, p) for p in range(rules.game.players)] == [view_of(game, p) for p in range(rules.game.players)], (rules.name, seed, n)
        move = ask.options[0] if len(ask.options) == 1 else bots[ask.seat].choose(None, ask)
        game.play(move)
        kern.play(move)
        n += 1
        assert kern.events == game.events, (rules.name, seed, n)
    assert kern.ask() is None and kern.events == game.events
    assert kern.result.net == game.result.net and kern.result.winner == game.result.winner
    assert kern.result.conditions == game.result.conditions
    assert kern.turns == game.turns and kern.seats == game.seats
    return n


def _special(rules, seeds) -> set[str]:
    """The rare events the deals of ``seeds`` reach (so the test says what it covered)."""
    seen = set()
    for seed in seeds:
        game = Game(rules, seed=seed)
        bots = [RandomBot(seed, s) for s in range(rules.game.players)]
        while (ask := game.ask()) is not None:
            seen.add(ask.stage)
            game.play(ask.options[0] if len(ask.options) == 1 else bots[ask.seat].choose(None, ask))
        for e in game.events:
            if isinstance(e, WinEvent):
                seen.update(e.conditions)
                seen.add(e.how)
    return seen


@pytest.mark.parametrize("rules", ALL, ids=lambda r: f"{r.name}-{r.game.players}")
def test_driven_hands_equal_the_python_engine(rules):
    decisions = sum(same_hand(rules, seed) for seed in range(250))
    assert decisions > 5000


def test_the_rare_starts_and_ends_are_played_alike():
    """Deals whose random games reach 海底, 起手胡, 天胡 (hunan) and 天胡, 海底, 地胡, 起手胡 (luzhou): found by
    searching seeds with the Python engine (``_special``)."""
    for name, seeds in (("hunan", (138, 714, 2857)), ("luzhou", (36, 43, 79, 857))):
        rules = seated(get_ruleset(name), 3)  # (seeds found at a table of three)
        for seed in seeds:
            same_hand(rules, seed)
        assert {"haidi", "qishou", "tianhu"} <= _special(rules, seeds)
    assert "dihu" in _special(seated(get_ruleset("luzhou"), 3), (79,))


@pytest.mark.parametrize("rules", ALL, ids=lambda r: f"{r.name}-{r.game.players}")
def test_whole_hands_of_random_bots_equal_the_python_engine(rules):
    seeds = [hand_seed(7, i) for i in range(2000)]
    played = random_outcomes(rules, seeds)
    for seed, p in zip(seeds, played):
        _, want = play_game(rules, seed, ("random",) * rules.game.players)
        if p.outcome is None:  # the start needs the Python judge of 天胡: phz sim plays it there
            continue
        assert p.outcome == want, (rules.name, seed)
    assert sum(p.outcome is not None for p in played) >= 1940


@pytest.mark.parametrize("rules", ALL, ids=lambda r: f"{r.name}-{r.game.players}")
def test_phz_sim_plays_the_python_engines_games_with_every_bot(rules):
    """``sim.play_game`` drives the kernels (``KernelGame``) with the bots' choices: the same game, event
    for event, and the same outcome as the Python engine, for every bot and seating."""
    n = rules.game.players
    for i, seating in enumerate((("basic", "random", "strong", "keen"), ("race", "basic", "random", "strong"),
                                 ("random", "random", "basic", "random"))):
        seating, seed = seating[:n], hand_seed(5, i)
        game, outcome = sim.play_game(rules, seed, seating)
        want_game, want = play_game(rules, seed, seating)
        assert game.events == want_game.events and outcome == want, (rules.name, seed, seating)


@pytest.mark.slow
@pytest.mark.parametrize("rules", ALL, ids=lambda r: f"{r.name}-{r.game.players}")
def test_many_driven_hands_equal_the_python_engine(rules):
    for seed in range(250, 5250):
        same_hand(rules, seed, views=False)


@pytest.mark.slow
@pytest.mark.parametrize("rules", ALL, ids=lambda r: f"{r.name}-{r.game.players}")
def test_many_whole_hands_equal_the_python_engine(rules):
    seeds = [hand_seed(11, i) for i in range(100_000)]
    for seed, p in zip(seeds, random_outcomes(rules, seeds)):
        if p.outcome is not None:
            assert p.outcome == play_game(rules, seed, ("random",) * rules.game.players)[1], (rules.name, seed)


# ---------------------------------------------------------------- the rollouts of the advice

def played_into(rules, seed: int, most: int) -> Game | None:
    """The hand of ``seed`` after a seeded number (below ``most``) of rollout-policy moves, or None when
    it ended before."""
    import random

    from solver.game.bot_fast import Policy

    game = Game(rules, seed=seed)
    game.quiet = True
    policy = Policy(rules, random.Random(seed))
    steps = random.Random(seed).randrange(0, most)
    while (ask := game.ask()) is not None and steps > 0:
        game.play(policy.choose(game.seats[ask.seat].hand(), ask))
        steps -= 1
    return game if game.ask() is not None else None


#: rollouts where another seat 碰'd or 跑'd the script's discard at once, by ruleset
HANDED: Counter = Counter()


def same_rollouts(rules, seed: int, samples: int = 6, policy: str = "fast") -> int:
    """From a position a seeded number of rollout-policy moves into the hand of ``seed``, each option
    of the seat asked as a script, played out on ``samples`` deals by the kernels
    (``game_steps.rollouts``) and by ``winrate_reference.rollout`` in Python: the same (net, won, dealt in,
    a 碰/跑 handed at once) or
    the same "this deal contradicts what was seen", deal by deal.  The number of rollouts compared.
    ``policy`` keen: the keen bot plays every seat after the script (``keen_reference`` in Python)."""
    import random

    from solver.engine import game_steps, keen_steps
    from solver.game.position import position_of
    from solver.game.rng_keys import str_key

    game = played_into(rules, seed, 70)
    if game is None:
        return 0
    ask = game.ask()
    pos = position_of(game, ask.seat)
    scripts = [(m,) for m in ask.options]
    ties = seed % 3 != 0
    dealt = [(d, str_key(f"{seed}:{i}:play"), i) for i in range(samples)
             if (d := winrate_reference.deal(pos, random.Random(f"{seed}:{i}"))) is not None]
    if not dealt:
        return 0
    got = game_steps.rollouts(game_steps.tables_of(rules), me=pos.seat, stage=pos.stage, table=pos.table,
                              dealer=pos.dealer, turn=pos.turn, first_discard=pos.first_discard,
                              last_stock=pos.last_stock, samples=[d for d, _, _ in dealt], scripts=scripts,
                              keys=[k for _, k, _ in dealt], ties=ties,
                              roll=keen_steps.roller(rules) if policy == "keen" else None)
    for i, (d, _, number) in enumerate(dealt):  # (the keys of the deals dealt: a deal may fail)
        for j, script in enumerate(scripts):
            rng = random.Random(f"{seed}:{number}:play") if ties else None
            player = None
            if policy == "keen":
                player = KeenReference()
                player.rng = rng
            want = winrate_reference.rollout(pos, d[0], list(d[1]), script, rng, player=player)
            row = got[i, j]
            assert row[3] != -1, (rules.name, seed, script)
            mine = None if row[3] == 0 else (int(row[0]), bool(row[1]), bool(row[2]), bool(row[4]))
            assert mine == want, (rules.name, seed, pos.stage, script, i)
            HANDED[rules.name] += bool(mine and mine[3])
    return len(dealt) * len(scripts)


@pytest.mark.parametrize("rules", ALL, ids=lambda r: f"{r.name}-{r.game.players}")
def test_the_rollouts_equal_the_python_rollout(rules):
    before = HANDED[rules.name]
    assert sum(same_rollouts(rules, seed) for seed in range(40)) > 300
    assert HANDED[rules.name] > before  # some discards were 碰'd or 跑'd at once, in both


@pytest.mark.slow
@pytest.mark.parametrize("rules", ALL, ids=lambda r: f"{r.name}-{r.game.players}")
def test_many_rollouts_equal_the_python_rollout(rules):
    assert sum(same_rollouts(rules, seed) for seed in range(40, 1040)) > 8_000


def same_deals(rules, seed: int, samples: int = 20) -> int:
    """The unseen tiles of a position a seeded number of rollout-policy moves into the hand of ``seed``,
    dealt by the kernels (``game_steps.deal_and_roll``'s ``_game_dealing.deal_unseen``) and by
    ``winrate_reference.deal`` in Python from the same random.Random: the same seats and stock, or no deal in both.
    The number of deals compared."""
    import random

    import numpy as np

    from solver.engine import _game_dealing as GD
    from solver.engine import game_steps
    from solver.game import winrate
    from solver.game.position import position_of
    from solver.game.rng_keys import str_key

    game = played_into(rules, seed, 45)
    if game is None:
        return 0
    pos = position_of(game)
    unseen = winrate.unseen_of(pos)
    rows = [np.repeat(a, samples, axis=0) for a in unseen.rows]
    ok = np.zeros(samples, np.int64)
    tries = 1 + seed % 3  # few tries: the deals that fail every try are met too
    dk, dl = game_steps.key_rows([str_key(f"{seed}:{i}") for i in range(samples)])
    GD.deal_unseen(dk, dl, unseen.pool, np.int64(pos.seat), unseen.held, unseen.caps, unseen.wei_p, unseen.wei_j,
                   np.int64(tries), np.int64(unseen.stock), np.int64(unseen.last), unseen.kept,
                   np.int64(-1 if pos.table is None else pos.table[0]), rows[0], rows[3], rows[9], rows[10], ok)
    for i in range(samples):
        rng = random.Random(f"{seed}:{i}")
        want = next((d for d in (winrate_reference._deal_once(pos, rng) for _ in range(tries)) if d is not None), None)
        assert bool(ok[i]) == (want is not None), (rules.name, seed, i)
        if want is None:
            continue
        seats, stock = want
        assert rows[10][i] == len(stock) and list(rows[9][i, :len(stock)]) == stock, (rules.name, seed, i)
        for p, s in enumerate(seats):
            assert list(rows[0][i, p]) == list(s.concealed), (rules.name, seed, i, p)
            assert list(rows[3][i, p, :3 * len(s.melds)]) == [t for m in s.melds for t in m.tiles[:3]]
    return samples


@pytest.mark.parametrize("rules", ALL, ids=lambda r: f"{r.name}-{r.game.players}")
def test_the_unseen_tiles_are_dealt_as_in_python(rules):
    assert sum(same_deals(rules, seed) for seed in range(150)) > 1500


def kept(base: str, draws: float, players: int | None = None):
    rules = loads(f'schema = 1\nbase = "{base}"\nname = "kept-{round(draws * 10)}"\n[bots]\nkept_draws = {draws}\n', "kept.toml")
    return rules if players is None else seated(rules, players)


@pytest.mark.parametrize("rules", [kept("hunan", 0.5), kept("hunan", 3), kept("luzhou", 12), kept("luzhou", 50, 3),
                                   kept("hunan", 7, 2)], ids=lambda r: f"{r.name}-{r.game.players}")
def test_the_hands_kept_as_played_are_dealt_as_in_python(rules):
    """The others' hands kept as play keeps them (``winrate.kept_of``), a few times to many times a
    tile face up: the kernels' and the reference's deals equal, and some hands were kept."""
    from solver.game import winrate
    from solver.game.position import position_of

    assert sum(same_deals(rules, seed) for seed in range(60)) >= 500
    games = [played_into(rules, seed, 45) for seed in range(60)]
    assert sum(sum(winrate.kept_of(position_of(g))) > 0 for g in games if g is not None) >= 15
