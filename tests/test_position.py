"""Positions (solver.game.position): what one seat knows, its JSON file, the quick approximation."""
from __future__ import annotations

import json
import random

import pytest

from solver.game.engine import Game
from solver.game.events import DiscardEvent, DrawEvent, TakeEvent
from solver.game.players import RandomBot
from solver.game.position import Position, PositionError, dumps, loads, position_of, quick
from solver.game.view import view_of
from solver.model.notation import parse_hand
from solver.model.rules import get_ruleset
from solver.model.tiles import COPIES, N_KINDS, glyph
from tests.game_helpers import tile_counts
from tests.python_engine import Game as Reference  # (it takes a hand up from its seats)
from tests.winrate_reference import deal

RULESETS = ("hunan", "luzhou")


def _positions(name: str, seeds=range(12)):
    """(game, position) at every decision of random games."""
    rules = get_ruleset(name)
    for seed in seeds:
        game = Game(rules, seed=seed)
        bots = [RandomBot(seed, s) for s in range(rules.game.players)]
        while (ask := game.ask()) is not None:
            yield game, position_of(game)
            game.play(bots[ask.seat].choose(view_of(game, ask.seat), ask))


@pytest.mark.parametrize("name", RULESETS)
def test_a_position_is_what_the_seat_sees(name):
    n = eaten = 0
    for game, p in _positions(name):
        ask = game.ask()
        me = game.seats[p.seat]
        assert p.seat == ask.seat and p.stage == ask.stage and p.options == ask.options
        assert p.hand == me.hand() and p.held == tuple(s.n_concealed for s in game.seats)
        assert p.stock == len(game.stock) and p.dealer == game.dealer and p.turn == game.turn
        assert p.chou == frozenset(me.chou) and p.passed_peng == frozenset(me.passed_peng)
        # the tiles it does not see are exactly the others' concealed tiles, face-down 偎, the stock but its
        # shown last tile, and the tiles set aside
        hidden = [0] * N_KINDS
        for q, s in enumerate(game.seats):
            if q == p.seat:
                continue
            for t, c in enumerate(s.concealed):
                hidden[t] += c
            for m, shown in zip(s.melds, s.shown):
                if not shown:
                    for t in m.tiles:
                        hidden[t] += 1
        shown = game.stock[-1:] if game.rules.game.shows_last else []  # a table of four shows the last tile
        for t in game.stock[:len(game.stock) - len(shown)] + game.buried:
            hidden[t] += 1
        assert p.unseen() == hidden and p.last == (shown[0] if shown else None)
        # every tile a 吃 took, under the seat that showed it (drew or discarded it)
        takes = [(e.tile, next(x.seat for x in reversed(game.events[:i]) if isinstance(x, (DrawEvent, DiscardEvent))))
                 for i, e in enumerate(game.events) if isinstance(e, TakeEvent) and e.kind == "chi"]
        assert sorted((glyph(t), q) for q, ts in enumerate(p.eaten) for t in ts) == sorted(takes)
        eaten += len(takes)
        n += 1
    assert n > 300 and eaten > 300


@pytest.mark.parametrize("name", RULESETS)
def test_the_position_file_reads_back_what_it_wrote(name):
    for i, (_, p) in enumerate(_positions(name, range(6))):
        text = dumps(p)
        assert json.loads(text)["format"] == "phz-position"
        assert loads(text) == p


def test_a_position_of_a_seat_not_asked_asks_nothing():
    game = Game(get_ruleset("hunan"), seed=4)
    other = (game.ask().seat + 1) % 3
    p = position_of(game, other)
    assert p.stage == "wait" and p.options == ()
    assert loads(dumps(p)) == p


def _broken(field, value):
    game = Game(get_ruleset("hunan"), seed=2)
    obj = json.loads(dumps(position_of(game)))
    obj[field] = value
    return json.dumps(obj, ensure_ascii=False)


@pytest.mark.parametrize("text, words", [
    ("not json", "not JSON"),
    ('{"format": "phz-game"}', '"format": "phz-position"'),
    ('{"format": "phz-position", "version": 7}', "version 7"),
    (_broken("hand", "一二三X"), "'hand' field"),
    (_broken("ruleset", "nowhere"), "'ruleset' field"),
    (_broken("held", [1, 2, 3]), "held["),
    (_broken("stock", 3), "must hold the"),
    (_broken("seat", 3), "seat, dealer and turn"),
    (_broken("seat", 5), "'seat' field: is 5: give a whole number from 0 to 3"),
    # each field is named by itself, whatever its value (a huge stock was once blamed on the seat)
    (_broken("stock", 100_000), "'stock' field: is 100000: give a whole number from 0 to 80"),
    (_broken("stock", 1.0), "'stock' field: is 1.0"),
    (_broken("dealer", "0"), "'dealer' field"),
    (_broken("turn", 10 ** 400), "'turn' field: is a number of about 401 digits"),
    (_broken("held", [20, 20, 1.5]), "'held' field"),
    (_broken("hand", 1.0), "'hand' field: is 1.0: it holds a string"),
    (_broken("stage", ["discard"]), "'stage' field"),
    (_broken("first_discard", 1), "'first_discard' field"),
    (_broken("ruleset", "/etc/passwd.toml"), "may name only a ruleset file in its own folder"),
    (_broken("ruleset", "../x/rules.toml"), "may name only a ruleset file in its own folder"),
    ('{"format": "phz-position", "version": 1, "hand": ' + "[" * 40 + "]" * 40 + "}", "nests 41 levels"),
    (_broken("stage", "dance"), "stage 'dance'"),
    (_broken("options", ["fly away"]), "'options' field"),
    (_broken("faces", ["一一一一一", "", ""]), "more than 4 copies"),
    (_broken("eaten", ["一", "", ""]), "eaten: 一 is in no 吃 laid out"),
    (_broken("eaten", ["", ""]), "eaten needs one entry per player (3)"),
    (_broken("eaten", "一"), "'eaten' field: is '一': it holds a list"),
])
def test_a_wrong_position_file_is_refused_naming_the_field(text, words):
    with pytest.raises(PositionError) as e:
        loads(text)
    assert words in str(e.value) and "\n" not in str(e.value)


def test_a_position_file_without_a_field_names_it():
    obj = json.loads(dumps(position_of(Game(get_ruleset("hunan"), seed=2))))
    del obj["held"]
    with pytest.raises(PositionError, match="no 'held' field"):
        loads(json.dumps(obj))


@pytest.mark.parametrize("name", RULESETS)
def test_a_deal_of_what_is_unseen_keeps_all_80_tiles_and_what_is_seen(name):
    from tests.python_engine import Game as G  # (the reference takes a hand up from its seats)
    rng = random.Random(1)
    checked = 0
    for game, p in _positions(name, range(4)):
        if p.stage != "discard":
            continue
        got = deal(p, rng)
        assert got is not None
        seats, stock = got
        assert len(stock) == p.stock
        assert seats[p.seat].hand() == p.hand
        for q, s in enumerate(seats):
            assert s.n_concealed == p.held[q] and tuple(s.faces) == p.faces[q]
            shown = [(m.kind, m.tiles) for m, v in zip(s.melds, s.shown) if v or q == p.seat]
            assert shown == [(k, t) for k, t in p.melds[q] if t is not None]
            if q != p.seat:
                assert max(s.concealed) < COPIES
        g = G.resume(p.rules, seats, stock, dealer=p.dealer, turn=p.turn, table=p.table,
                     first_discard=p.first_discard)
        assert tile_counts(g) == [COPIES] * N_KINDS
        assert g.ask().stage == "discard" and g.ask().seat == p.seat
        checked += 1
    assert checked > 20


def test_a_quick_position_says_what_it_assumes():
    rules = get_ruleset("hunan")
    hand = parse_hand("一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾拾", rules)
    p = quick(hand, rules, seen=[0, 0, 15])
    assert isinstance(p, Position) and p.stage == "discard" and "quick position" in p.approx
    assert sum(p.unseen()) == sum(p.held[1:]) + p.stock
    assert p.held[1] == p.held[2] == 20 and p.stock == 80 - 21 - 3 - 40
    seats, stock = deal(p, random.Random(0))
    g = Reference.resume(rules, seats, stock, dealer=p.dealer, turn=p.turn)
    assert tile_counts(g) == [COPIES] * N_KINDS
    q = quick(parse_hand("一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾", rules), rules, tile=2, origin="upper-discard")
    assert q.table == (2, 2, "discard") and q.turn == 2
