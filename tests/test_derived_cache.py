"""The one cache of what is derived from a ruleset (``solver.model.derived``): keyed by the ruleset's
content, so that equal rulesets share an entry and different ones never do, and bounded."""
from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from solver.model import derived as D
from solver.model import shape
from solver.model.rules import get_ruleset
from solver.model.ruleset_file import loads, seated

HOUSE = 'schema = 1\nbase = "hunan"\nname = "house"\ntitle = "{title}"\naliases = ["{title}"]\n'


class Made:
    """A maker that counts what it makes."""

    count = 0

    def __init__(self, rules):
        Made.count += 1
        self.rules = rules


@pytest.fixture(autouse=True)
def empty_cache():
    D.clear()
    Made.count = 0
    yield
    D.clear()


def test_equal_rulesets_share_one_entry():
    a, b = loads(HOUSE.format(title="A")), loads(HOUSE.format(title="B"))  # two objects, one content
    assert a is not b and a.digest == b.digest
    got = D.derived(a, Made)
    assert D.derived(b, Made) is got and Made.count == 1 and D.size() == 1
    hunan = get_ruleset("hunan")
    assert D.derived(copy.copy(hunan), Made) is D.derived(hunan, Made)  # a copy is the same content
    assert shape.of(a) is shape.of(b)  # the callers' caches are this one


def test_different_rulesets_never_share():
    hunan, luzhou = get_ruleset("hunan"), get_ruleset("luzhou")
    house = loads(HOUSE.format(title="A"))  # hunan's rules under another name: another content
    two, four = seated(hunan, 2), seated(hunan, 4)  # hunan re-seated: other deals and weights
    rulesets = [hunan, luzhou, house, two, four, seated(luzhou, 2)]
    made = [D.derived(r, Made) for r in rulesets]
    assert len({id(m) for m in made}) == len(rulesets) == Made.count
    assert all(m.rules is r for m, r in zip(made, rulesets))
    assert len({D.key_of(r) for r in rulesets}) == len(rulesets)
    back = seated(two, hunan.game.players)  # seated back at hunan's table: hunan's content again
    assert back is not hunan and D.derived(back, Made) is made[0] and Made.count == len(rulesets)
    assert shape.of(hunan) is not shape.of(luzhou) and shape.of(hunan) is not shape.of(two)


def test_a_ruleset_made_by_replace_is_keyed_by_its_identity():
    """``replace`` keeps the original's digest but not its content: never trusted by it."""
    hunan = get_ruleset("hunan")
    loose = replace(hunan, peng_compulsory=not hunan.peng_compulsory)
    same = replace(hunan)
    assert loose.digest == hunan.digest
    assert D.key_of(loose) == ("object", id(loose)) and D.key_of(hunan)[0] == "content"
    got = D.derived(loose, Made)
    assert got.rules is loose and D.derived(loose, Made) is got
    assert D.derived(hunan, Made) is not got and D.derived(same, Made) is not got
    assert D.derived(same, Made).rules is same and Made.count == 3


def test_the_bound_holds_and_the_least_recently_used_goes_first():
    hunan = get_ruleset("hunan")
    makers = [type(f"Made{i}", (Made,), {}) for i in range(D.BOUND + 5)]
    first = D.derived(hunan, makers[0])
    for m in makers[1:D.BOUND]:
        D.derived(hunan, m)
    assert D.size() == D.BOUND
    assert D.derived(hunan, makers[0]) is first  # used again: now the most recent
    for m in makers[D.BOUND:]:
        D.derived(hunan, m)
        assert D.size() == D.BOUND
    assert D.derived(hunan, makers[0]) is first  # kept: makers[1..5] went out instead
    count = Made.count
    D.derived(hunan, makers[1])
    assert Made.count == count + 1 and D.size() == D.BOUND


def test_identity_entries_keep_their_object_and_go_out_by_the_bound():
    hunan = get_ruleset("hunan")
    variants = [replace(hunan, min_huxi=hunan.min_huxi + i) for i in range(D.BOUND + 3)]
    made = [D.derived(v, Made) for v in variants]
    assert D.size() == D.BOUND and Made.count == len(variants)
    assert D.derived(variants[-1], Made) is made[-1]
    assert D.derived(variants[0], Made) is not made[0]  # out, and made again


def test_a_sealed_ruleset_whose_digest_was_forced_is_not_trusted():
    hunan = get_ruleset("hunan")
    forced = copy.copy(get_ruleset("luzhou"))
    object.__setattr__(forced, "digest", hunan.digest)  # (the frozen dataclass bypassed)
    assert D.key_of(forced) != D.key_of(hunan) and D.key_of(forced)[0] == "object"
