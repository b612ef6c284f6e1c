"""The rule table of play (``solver.engine.play_rules``) against the obligations engine: the same legal
actions in the same order, and the same candidate ways to eat with the same reasons, on random hands,
tiles, origins and passed tiles, and at every decision of random games, under every shipped ruleset and
a house file (in plain Python here; the game kernels compile the very same functions)."""
from __future__ import annotations

import random

import pytest

from solver.app.generate import random_hands, ready_hands
from solver.engine import play_moves
from solver.engine import play_rules as P
from solver.engine.obligations import decide
from solver.game.engine import Game
from solver.game.players import RandomBot
from solver.game.table import origin as origin_of
from solver.game.view import view_of
from solver.model.groups import SHAPES
from solver.model.hand import Hand
from solver.model.results import ORIGINS
from solver.model.rules import RULESETS, get_ruleset
from solver.model.ruleset_file import loads

HOUSE = loads('schema = 1\nbase = "luzhou"\nname = "house-pass"\n[play]\npassed = "chou"\npeng_compulsory = false\n'
              'chi_from = ["upper-discard", "upper-draw", "self-draw"]\nown_discard_makes_chou = true\n', "house.toml")
KIND = {k: i for i, k in enumerate(P.KIND_NAMES)}
AC = {a: i for i, a in enumerate(P.ACTION_NAMES)}


def _arrays(hand):
    mk = [0] * 7
    mt = [0] * 21
    for j, m in enumerate(hand.melds):
        mk[j] = KIND[m.kind]
        mt[3 * j:3 * j + 3] = m.tiles[:3]
    return list(hand.concealed), mk, mt, len(hand.melds)


def _shape(s):
    return tuple(SHAPES[s]) if s >= 0 else None


def expected_actions(d):
    return [(a.action, bool(a.compulsory), a.chi, tuple(a.bi), bool(a.chou_wei), bool(a.becomes_chou_chi),
             bool(a.becomes_chou_peng)) for a in d.actions]


def table_actions(hand, x, origin, chou, passed, wins, rules):
    conc, mk, mt, nm = _arrays(hand)
    out = [[0] * P.A_SIZE for _ in range(P.MAX_ACTIONS)]
    wbuf = [[0] * P.W_SIZE for _ in range(P.MAX_WAYS)]
    n = P.legal(conc, mk, mt, nm, x, ORIGINS.index(origin), int(x in chou), int(x in passed), int(wins),
                P.rule_vector(rules), wbuf, out)
    assert conc == list(hand.concealed)  # the counts are given back as they were
    return [(P.ACTION_NAMES[r[P.A_KIND]], bool(r[P.A_COMPULSORY]), _shape(r[P.A_CHI]),
             tuple(_shape(b) for b in r[P.A_BI:P.A_BI + 3] if b >= 0), bool(r[P.A_CHOU_WEI]),
             bool(r[P.A_CHOU_CHI]), bool(r[P.A_CHOU_PENG])) for r in out[:n]]


def table_ways(hand, x, origin, chou, passed, d, rules):
    rv = P.rule_vector(rules)
    hu_only = rules.passed == "hu_only"
    no_chi = x in chou or (hu_only and x in passed)
    forced = d.compulsory
    mode = P.chi_mode(ORIGINS.index(origin), int(no_chi), AC[forced.action] if forced else -1, rv)
    wbuf = [[0] * P.W_SIZE for _ in range(P.MAX_WAYS)]
    n = P.ways(list(hand.concealed), x, mode, wbuf)
    got = []
    for w in wbuf[:n]:
        reason = P.CHI_REASONS[w[P.W_REASON]] if w[P.W_REASON] >= 0 else None
        detail = (tuple(t for t in range(20) if (w[P.W_KANS] >> t) & 1) if reason == "kan" else
                  (x,) * w[P.W_STRANDED] if reason == "shaobi" else
                  (forced.action,) if reason == "compulsory" else ())
        got.append((_shape(w[P.W_CHI]), tuple(_shape(b) for b in w[P.W_BI:P.W_BI + 3] if b >= 0), reason, detail))
    return got


def _check(hand, x, origin, chou, passed, rules):
    d = decide(hand, tile=x, source=origin, chou=chou, passed_peng=passed, rules=rules)
    wins = any(a.action == "hu" for a in d.actions)
    assert table_actions(hand, x, origin, chou, passed, wins, rules) == expected_actions(d), \
        (rules.name, hand.text(), x, origin, chou, passed)
    want = [(c.chi, tuple(c.bi), c.reason, tuple(c.detail)) for c in d.candidates]
    assert table_ways(hand, x, origin, chou, passed, d, rules) == want, (rules.name, hand.text(), x, origin)


@pytest.mark.parametrize("rules", [get_ruleset(n) for n in RULESETS] + [HOUSE], ids=lambda r: r.name)
def test_random_hands_tiles_and_origins(rules):
    rng = random.Random(11)
    hands = random_hands(300, 3, rules) + ready_hands(150, 4, rules)
    cases = 0
    for hand in hands:
        held = hand.all_counts()
        for _ in range(4):
            x = rng.randrange(20)
            if held[x] >= 4:
                continue
            chou = set(rng.sample(range(20), rng.randrange(3)))
            passed = set(rng.sample(range(20), rng.randrange(3)))
            _check(hand, x, rng.choice(ORIGINS), chou, passed, rules)
            cases += 1
    assert cases > 1500


@pytest.mark.parametrize("rules", [get_ruleset(n) for n in RULESETS] + [HOUSE], ids=lambda r: r.name)
def test_every_claim_of_random_games(rules):
    """At each tile of a game, for every seat the engine asked about it."""
    asked = 0
    for seed in range(12):
        game = Game(rules, seed=seed, explain=True)
        bots = [RandomBot(seed, s) for s in range(rules.game.players)]
        while (ask := game.ask()) is not None:
            if ask.stage not in ("discard", "qishou") and ask.decision is not None:
                x, by, kind = game.table
                for seat in range(rules.game.players):
                    if kind == "discard" and seat == by:
                        continue
                    s = game.seats[seat]
                    _check(s.hand(), x, origin_of(seat, by, kind), s.chou, s.passed_peng, rules)
                    asked += 1
            game.play(bots[ask.seat].choose(view_of(game, ask.seat), ask))
    assert asked > 200


def test_the_counts_and_shapes_tables():
    assert P.N_SHAPES == len(SHAPES) and len(P.SHAPE_TILES) == 3 * len(SHAPES)
    for x in range(20):
        held = [P.HOLDING[i] for i in range(P.HOLDING_AT[x], P.HOLDING_AT[x + 1])]
        assert held == [s for s, shape in enumerate(SHAPES) if x in shape]


def test_the_rows_hold_every_way_and_action():
    """``ways`` lays out more ways the more tiles the hand holds, so 4 of every other tile is its most for
    each tile and count of it: MAX_WAYS rows hold them all; ``legal``'s ways never hold a 坎 of x (R_KAN),
    so its most is at 2 copies, plus 胡, a group, 碰 and 过."""
    room = [[0] * P.W_SIZE for _ in range(4 * P.MAX_WAYS)]
    most = [max(P.ways([4] * x + [c] + [4] * (19 - x), x, P.M_FREE, room) for x in range(20)) for c in range(4)]
    assert max(most) == P.MAX_WAYS
    assert max(most[:3]) + 4 == P.MAX_ACTIONS


@pytest.mark.parametrize("rules", [get_ruleset(n) for n in RULESETS] + [HOUSE], ids=lambda r: r.name)
def test_hands_with_more_than_64_ways(rules):
    """Hands that lay out many ways to eat 七, in rows of exactly MAX_WAYS and MAX_ACTIONS (lists: an
    overrun raises): the 20 tiles a kernel's rollout held (hunan, seed 55000, deal 164) when its 68 ways
    ran past the 64 rows then kept (each way uses a 坎: none is legal), and a hand of 143 ways and one of
    62 legal 吃 (a search for the most); the same answers as the obligations engine, from every origin."""
    rv = P.rule_vector(rules)
    room = [[0] * P.W_SIZE for _ in range(P.MAX_WAYS)]
    out = [[0] * P.A_SIZE for _ in range(P.MAX_ACTIONS)]
    for counts, n_ways, n_chi in (([0, 2, 0, 0, 2, 3, 2, 2, 3, 2, 0, 0, 0, 0, 1, 0, 3, 0, 0, 0], 68, 0),
                                  ([0, 2, 0, 0, 2, 3, 3, 3, 2, 2, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0], 143, 0),
                                  ([0, 2, 0, 0, 2, 2, 2, 2, 2, 2, 0, 1, 2, 0, 1, 0, 2, 0, 0, 0], 62, 62)):
        assert P.ways(list(counts), 6, P.M_FREE, room) == n_ways
        n = P.legal(list(counts), [0] * 7, [0] * 21, 0, 6, P.O_UPPER_DISCARD, 0, 0, 0, rv, room, out)
        if rules.name == "hunan":
            assert sum(1 for row in out[:n] if row[P.A_KIND] == AC["chi"]) == n_chi
        hand = Hand(tuple(counts))
        for origin in ORIGINS:
            _check(hand, 6, origin, set(), set(), rules)


@pytest.mark.parametrize("rules", [get_ruleset(n) for n in RULESETS] + [HOUSE], ids=lambda r: r.name)
def test_hands_of_kan_leave_no_discard(rules):
    """Edge cases that random hands hardly reach: nothing but 坎 beside the pair or the tiles a way
    uses (no discard would be left: an optional 碰 or 吃 is forbidden, a compulsory one is made)."""
    from solver.model.notation import parse_hand
    texts = ["一一一二二二三三三四四四五五五六六六七七", "一一一二二二三三三四四四五五五六六六七八",
             "壹壹壹贰贰贰叁叁叁肆肆肆伍伍伍陆陆陆柒柒", "一一一二二二三三三四四四五五五九九玖玖拾",
             "一一一二二二三三三四四四七七 | 碰:八八八", "六六六七七七八八八九九 | 吃:一二三 吃:四五六"]
    for text in texts:
        hand = parse_hand(text, rules) if "碰" not in text or "peng" in rules.melds else None
        if hand is None:
            continue
        for x in range(20):
            if hand.all_counts()[x] >= 4:
                continue
            for origin in ORIGINS:
                _check(hand, x, origin, set(), set(), rules)
                _check(hand, x, origin, {x}, set(), rules)


# ---------------------------------------------------------------- taking a tile

def _after_by_hand(hand, x, move):
    """RULES.md 3 written out: the melds a take lays out, never x put into the hand."""
    from solver.model.hand import Hand, Meld
    from solver.model.rules import FOUR_KINDS
    counts, melds = list(hand.concealed), list(hand.melds)
    if move.kind == "chi":
        used = [t for g in (move.chi, *move.bi) for t in g]
        used.remove(x)
        for t in used:
            counts[t] -= 1
        melds += [Meld("chi", g) for g in (move.chi, *move.bi)]
    elif move.kind in ("peng", "wei"):
        counts[x] -= 2
        melds.append(Meld(move.kind, (x,) * 3))
    elif move.kind in FOUR_KINDS:
        if counts[x] == 3:
            counts[x] = 0
            melds.append(Meld(move.kind, (x,) * 4))
        else:
            at = next(i for i, m in enumerate(melds) if m.kind in ("wei", "peng") and m.tiles[0] == x)
            melds[at] = Meld(move.kind, (x,) * 4)
    return Hand(tuple(counts), tuple(melds))


@pytest.mark.parametrize("name", ["hunan", "luzhou"])
def test_a_take_lays_out_what_the_rules_say(name):
    """``hand_after_take`` (the rule table's ``take_into``, which the game kernels run) on every take
    offered in random games: the hand RULES.md 3 gives."""
    rules = get_ruleset(name)
    kinds = set()
    for seed in range(80):
        game = Game(rules, seed=seed)
        bots = [RandomBot(seed, s) for s in range(rules.game.players)]
        while (ask := game.ask()) is not None:
            hand = game.seats[ask.seat].hand()
            for m in ask.options:
                if m.kind in ("chi", "peng", "wei", "pao", "ti", "zhao"):
                    assert play_moves.hand_after_take(hand, m.kind, ask.tile, m.chi, m.bi) == _after_by_hand(hand, ask.tile, m)
                    kinds.add(m.kind)
            game.play(ask.options[0] if len(ask.options) == 1 else bots[ask.seat].choose(None, ask))
    four = "pao" if "pao" in rules.melds else "zhao"
    assert kinds >= {"chi", "peng", four}, kinds
