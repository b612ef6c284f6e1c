"""The ``keen`` policy (``solver.engine._game_keen``) against its plain reference (``tests/keen_reference``)
and against itself: the bot driven a decision at a time plays, move for move and event for event, the
games the reference plays on the Python engine; whole hands played inside the kernels (``play_keen``)
come out as the driven hands do; the kernels' position row of a hand is the distance search's.  Every
shipped ruleset and a house file; more hands under ``-m slow``."""
from __future__ import annotations

import numpy as np
import pytest

from solver.app import sim
from solver.engine import _game_keen as KG
from solver.engine import _game_policies as GP
from solver.engine import distance, distance_arrays, game_steps, keen_steps
from solver.game.bot_keen import KeenBot
from solver.game.engine import Game as KernelGame
from solver.game.players import RandomBot
from solver.game.session import bot_prefix
from solver.game.view import view_of
from tests.keen_reference import KeenReference
from tests.python_engine import Game
from tests.test_game_kernels import ALL, same_rollouts

IDS = [f"{r.name}-{r.game.players}" for r in ALL]


def same_game(rules, seed: int, seating) -> int:
    """The deal of ``seed`` on the Python engine with the reference and in the kernels with the bot (each
    seat ``keen`` or ``random``): the same questions and moves, the same events; the decisions made."""
    game = Game(rules, seed=seed)
    kern = KernelGame(rules, seed=seed)
    refs = [KeenReference(seed, p) if b == "keen" else RandomBot(seed, p) for p, b in enumerate(seating)]
    bots = [KeenBot(seed, p) if b == "keen" else RandomBot(seed, p) for p, b in enumerate(seating)]
    n = 0
    while (ask := game.ask()) is not None:
        got = kern.ask()
        assert got is not None and got.options == ask.options, (rules.name, seed, n)
        if len(ask.options) == 1:
            move = mine = ask.options[0]
        else:
            move = refs[ask.seat].choose(view_of(game, ask.seat), ask)
            mine = bots[ask.seat].choose(view_of(kern, ask.seat), got)
            n += 1
        assert mine == move, (rules.name, seed, n, ask, move, mine)
        game.play(move)
        kern.play(mine)
    assert kern.ask() is None and kern.events == game.events, (rules.name, seed)
    return n


@pytest.mark.parametrize("rules", ALL, ids=IDS)
def test_keen_plays_as_its_reference(rules):
    decisions = sum(same_game(rules, seed, ("keen",) * rules.game.players) for seed in range(12))
    decisions += sum(same_game(rules, seed, ("keen", "random", "keen", "random")) for seed in range(100, 104))
    assert decisions > 150


@pytest.mark.slow
@pytest.mark.parametrize("rules", ALL, ids=IDS)
def test_keen_plays_as_its_reference_at_length(rules):
    for seed in range(1000, 1200):
        same_game(rules, seed, ("keen",) * rules.game.players)


def whole_against_driven(rules, seeds) -> None:
    rows = keen_steps.play_keen(rules, seeds, bot_prefix("keen").encode(), rules.bots.keen_level)
    played = 0
    for seed, row in zip(seeds, rows.tolist()):
        if row[0] != 2:  # a start the Python judge of 天胡 decides: played driven only
            continue
        _, out = sim.play_game(rules, seed, ("keen",) * rules.game.players)
        net = tuple(row[GP.O_NET:GP.O_NET + rules.game.players])
        assert (net, row[1], row[2]) == (out.net, -1 if out.winner is None else out.winner, out.turns), \
            (rules.name, seed)
        played += 1
    assert played > 0.9 * len(seeds)


@pytest.mark.parametrize("rules", ALL, ids=IDS)
def test_whole_hands_in_kernels_are_the_driven_hands(rules):
    whole_against_driven(rules, list(range(200)))


@pytest.mark.slow
@pytest.mark.parametrize("rules", ALL, ids=IDS)
def test_whole_hands_in_kernels_are_the_driven_hands_at_length(rules):
    whole_against_driven(rules, list(range(5000, 7000)))


@pytest.mark.parametrize("rules", ALL, ids=IDS)
def test_position_rows_are_the_distance_search_rows(rules):
    t = game_steps.tables_of(rules)
    nd = np.zeros(KG.DK.POS_SIZE, np.int64)
    seen = 0
    for seed in range(6):
        kern = KernelGame(rules, seed=seed)
        bots = [RandomBot(seed, p) for p in range(rules.game.players)]
        while (ask := kern.ask()) is not None:
            for p in range(rules.game.players):
                hand = kern.hand(p)
                st = kern.st
                KG._position(t.ws, np.array(hand.concealed, np.int64),
                             st[KG.S_MK + KG.MAXM * p:KG.S_MK + KG.MAXM * (p + 1)].copy(),
                             st[KG.S_MT + 3 * KG.MAXM * p:KG.S_MT + 3 * KG.MAXM * (p + 1)].copy(),
                             np.int64(len(hand.melds)), nd)
                assert nd.tolist() == distance.position(hand, rules).tolist(), (rules.name, seed, p)
                seen += len(hand.melds)
            kern.play(ask.options[0] if len(ask.options) == 1 else bots[ask.seat].choose(None, ask))
    assert seen > 50


@pytest.mark.parametrize("rules", ALL, ids=IDS)
def test_keen_rollouts_equal_the_python_rollout(rules):
    """The win-rate rollouts with keen at every seat after the script (``game_steps.rollouts(policy="keen")``)
    against the Python rollout with keen's reference."""
    assert sum(same_rollouts(rules, seed, policy="keen") for seed in range(20)) > 120


@pytest.mark.slow
@pytest.mark.parametrize("rules", ALL, ids=IDS)
def test_many_keen_rollouts_equal_the_python_rollout(rules):
    assert sum(same_rollouts(rules, seed, policy="keen") for seed in range(100, 300)) > 1_500


@pytest.mark.parametrize("reach", [False, True], ids=["alike", "reach"])
@pytest.mark.parametrize("rules", ALL, ids=IDS)
def test_each_discards_improving_tiles_found_together_are_its_own(rules, reach):
    """``_discards_near`` (every discard's improving tiles at once, from the tiles that may be discarded
    after each intake of the whole hand) against ``_improving`` on the hand less each discard, on the
    hands of random play that owe a discard, none of which leaves them ready; each copy counted alike,
    and for its reach (``keen_reach``: a discard from a pair leaves its other copy a single)."""
    from dataclasses import replace

    t = game_steps.tables_of(rules)
    cx = keen_steps.keen_of(rules).distance.context

    def memos():
        return (*distance_arrays.DistanceMemo().args(), *distance_arrays.DistanceMemo(dtype=np.int64).args())

    ks = KG.scratch(reach=keen_steps.reach(replace(rules, bots=replace(rules.bots, keen_reach=reach))))
    compared = 0
    for seed in range(3):
        kern = KernelGame(rules, seed=seed)
        bots = [RandomBot(seed, p) for p in range(rules.game.players)]
        while (ask := kern.ask()) is not None:
            p = ask.seat
            st = kern.st
            conc = np.array(kern.hand(p).concealed, np.int64)
            mk = st[KG.S_MK + KG.MAXM * p:KG.S_MK + KG.MAXM * (p + 1)].copy()
            mt = st[KG.S_MT + 3 * KG.MAXM * p:KG.S_MT + 3 * KG.MAXM * (p + 1)].copy()
            nm = np.int64(st[KG.S_NM + p])
            if KG._owes(conc, mk, nm):
                ks[KG.KS_LIVE:KG.KS_LIVE + 20] = np.maximum(0, 3 - conc)
                each = memos()
                keys = {}
                for x in np.flatnonzero((conc == 1) | (conc == 2)).tolist():
                    conc[x] -= 1
                    keys[x] = KG._rest_key(t.ws, cx, ks, conc, mk, mt, nm, np.int64(1), np.int64(1 << 30), *each)
                    conc[x] += 1
                if keys and min(keys.values()) > KG.READY * KG.COUNT_ROOM:  # (no discard leaves it ready)
                    most = KG._discards_near(t.ws, cx, ks, conc, mk, mt, nm, np.int64(1), np.bool_(False),
                                             np.bool_(False), *memos())
                    counts = {x: KG.NEAR * KG.COUNT_ROOM - k if k < KG.FAR * KG.COUNT_ROOM else 0
                              for x, k in keys.items()}
                    assert {x: int(ks[KG.KS_NEAR + x]) for x in keys} == counts, (rules.name, seed)
                    assert most == max(counts.values())
                    # ``lead``: counts no more than the exact ones, and the same discards at the most
                    KG._discards_near(t.ws, cx, ks, conc, mk, mt, nm, np.int64(1), np.bool_(False), np.bool_(True),
                                      *memos())
                    led = {x: int(ks[KG.KS_NEAR + x]) for x in keys}
                    assert all(led[x] <= counts[x] for x in keys), (rules.name, seed)
                    if most > 0:
                        assert {x for x in keys if led[x] == max(led.values())} == \
                            {x for x in keys if counts[x] == most}, (rules.name, seed)
                    compared += sum(c > 0 for c in counts.values())
            kern.play(ask.options[0] if len(ask.options) == 1 else bots[ask.seat].choose(None, ask))
    assert compared > 20


def test_the_views_keen_passes_share_the_arrays_data():
    """``_jit.unowned`` (the views keen's kernels pass one another): the same items, written through, of
    every shape and type keen passes (int64 and int8, 1-D and 2-D, read-only kept read-only)."""
    import numba

    from solver.engine._jit import unowned

    @numba.njit
    def through(a, b, c, d):
        va, vb, vc, vd = unowned(a), unowned(b), unowned(c), unowned(d)
        va[0] = 7
        vb[1, 2] = 8
        vd[4] = 9
        return va.shape[0] + 100 * vb.shape[0] + 1000 * vb.shape[1] + vc[3] + vd.shape[0]

    a, b, d = np.zeros(5, np.int64), np.zeros((3, 4), np.int64), np.zeros(6, np.int8)
    c = np.arange(6, dtype=np.int64)
    c.flags.writeable = False
    assert through(a, b, c, d) == 5 + 300 + 4000 + 3 + 6
    assert a[0] == 7 and b[1, 2] == 8 and d[4] == 9


def test_the_rulesets_keen_level_is_the_bots_and_the_kernels():
    """``[bots] keen_level = 0`` (readiness alone): the bot driven a decision at a time, whole hands in the
    kernels and the reference (which reads the same field) still agree, and the hands are not level 1's."""
    from solver.model.rules import get_ruleset
    from solver.model.ruleset_file import loads
    level0 = loads('schema = 1\nbase = "hunan"\nname = "keen-level-0"\n[bots]\nkeen_level = 0\n', "house.toml")
    assert (level0.bots.keen_level, get_ruleset("hunan").bots.keen_level) == (0, 1)
    assert sum(same_game(level0, seed, ("keen",) * 3) for seed in range(6)) > 50
    whole_against_driven(level0, list(range(100)))
    seeds = list(range(100))
    at = {lv: keen_steps.play_keen(level0, seeds, bot_prefix("keen").encode(), lv) for lv in (0, 1)}
    assert (at[0] != at[1]).any()


@pytest.mark.parametrize("base", ["hunan", "luzhou"])
def test_keen_reach_counts_each_improving_tile_by_its_sources(base):
    """``[bots] keen_reach = true``: a hand one intake from ready counts each live improving tile by how
    often it can come to the hand as the hand holds it.  The kernels (the bot a decision at a time, whole
    hands) and the reference (which writes the count plainly) still play the same games, and they are not
    the games of every copy counted alike."""
    from solver.model.rules import get_ruleset
    from solver.model.ruleset_file import loads
    house = loads(f'schema = 1\nbase = "{base}"\nname = "keen-reach"\n[game]\nplayers = 3\n[bots]\n'
                  'keen_reach = true\n', "house.toml")
    plain = loads(f'schema = 1\nbase = "{base}"\nname = "keen-plain"\n[game]\nplayers = 3\n', "house.toml")
    assert house.bots.keen_reach and not get_ruleset(base).bots.keen_reach
    pair, less = keen_steps.reach(house)[3:]  # (HOLDINGS: wei, peng, kan, pair, less)
    assert pair > less > 1 and keen_steps.reach(plain) == (1,) * 5
    assert sum(same_game(house, seed, ("keen",) * 3) for seed in range(12)) > 100
    whole_against_driven(house, list(range(100)))
    seeds = list(range(200))
    rows = [keen_steps.play_keen(r, seeds, bot_prefix("keen").encode(), 1) for r in (house, plain)]
    assert (rows[0] != rows[1]).any()
