"""Every hand gets a discard ranking: discards beyond the distance search (more than 2 away) are
ranked by the shape measure (``solver.model.shape``: the fewest tiles the 门子 the hand still needs
lack, then the most 胡息 in them), in the api, its JSON and ``phz discard``'s lines."""
from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from solver import api
from solver.app.commands import main
from solver.model import scoring
from solver.model.hand import HandError
from solver.model.rules import get_ruleset
from solver.model.shape import Shape
from solver.model.tiles import GLYPHS

FAR = "一一二二二四六七九十十贰叁肆肆伍捌玖拾拾拾"  # every discard beyond 2 away (hunan)


def _far_hands(rules, n: int, seed: int) -> list[str]:
    """Dealt hands of 21 tiles (no four of a kind) with at least one discard beyond the search."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        deck = [g for g in GLYPHS for _ in range(4)]
        rng.shuffle(deck)
        hand = deck[:21]
        if any(hand.count(g) == 4 for g in GLYPHS):
            continue
        text = "".join(sorted(hand, key=GLYPHS.index))
        try:
            d = api.discard(text, rules=rules)
        except HandError:
            continue
        if any(r.distance is None and r.limit for r in d.rows):
            out.append(text)
    return out


@pytest.mark.parametrize("name", ["hunan", "luzhou"])
def test_far_discards_carry_their_shape_and_are_ranked_by_it(name):
    rules = get_ruleset(name)
    shape = Shape(rules)
    for text in _far_hands(rules, 12, 5):
        d = api.discard(text, rules=rules)
        keys = [scoring.table_key(r) for r in d.rows]
        assert keys == sorted(keys), text
        for r in d.rows:
            if r.distance is None and r.limit:
                assert r.shape == shape.missing(d.hand.without(r.tile)), (text, r.tile)
            else:
                assert r.shape is None
        far = [r for r in d.rows if r.distance is None and r.limit]
        assert [(r.shape[0], -r.shape[1]) for r in far] == sorted((r.shape[0], -r.shape[1]) for r in far)
        near = [r for r in d.rows if r.distance is not None]
        assert d.rows[:len(near)] == tuple(near)  # nearer discards still come first


def _phz(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_hand_with_nothing_within_two_gets_its_best_discards_by_shape(lang):
    d = api.discard(FAR)
    assert all(r.distance is None and r.limit for r in d.rows)
    best = d.rows[0].shape
    tops = [GLYPHS[r.tile] for r in d.rows if r.shape == best]
    result = _phz("discard", FAR, "--lang", lang)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert max(len(x) for x in lines) <= 80
    shown = [x for x in lines if x.startswith("打 ")]
    assert [x.split()[1] for x in shown] == tops  # each of the best has a line, in rank order
    want = f"lack {best[0]} tiles (胡息 {best[1]})" if lang == "en" else f"门子还缺{best[0]}张（胡息{best[1]}）"
    assert all(want in x for x in shown)
    rest = [GLYPHS[r.tile] for r in d.rows if r.shape != best]
    assert rest and all(t in result.output.split(shown[-1], 1)[1] for t in rest)  # the others, after them
    obj = json.loads(_phz("discard", FAR, "--json").output)
    assert [x["shape"] for x in obj["discards"]] == [{"missing": r.shape[0], "huxi": r.shape[1]} for r in d.rows]


def test_a_hand_with_nearer_discards_keeps_the_far_ones_on_one_line():
    result = _phz("discard", "一二二四六七八九十十壹贰叁肆伍陆柒捌捌玖拾", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "lack" not in result.output and "more than 2 away: " in result.output
