"""Seeded position generators: every hand valid, the same seed the same hands."""
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from solver.app import generate
from solver.engine import reference
from solver.model.hand import check_hand
from solver.model.rules import HUNAN
from solver.model.tiles import COPIES

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def ready():
    return generate.ready_hands(300, seed=1)


@pytest.fixture(scope="module")
def randoms():
    return generate.random_hands(300, seed=2)


@pytest.fixture(scope="module")
def discards():
    return generate.discard_hands(200, seed=3)


def test_ready_hands_are_valid_hands_at_rest(ready):
    for hand in ready:
        check_hand(hand, want="rest")  # raises on any problem


def test_random_hands_are_valid_hands_at_rest(randoms):
    for hand in randoms:
        check_hand(hand, want="rest")


def test_discard_hands_hold_one_tile_more(discards):
    for hand in discards:
        check_hand(hand, want="discard")


def test_ready_hands_wait_on_a_tile(ready):
    for hand in ready[:60]:
        assert reference.ting(hand, HUNAN).ready, hand.text()


def test_random_hands_are_mostly_not_ready(randoms):
    ready = sum(1 for hand in randoms[:60] if reference.ting(hand, HUNAN).ready)
    assert ready < 10


def test_discard_hands_are_a_ready_hand_plus_a_live_tile(discards):
    # Some discard leaves a ready hand, and no tile is held five times.
    for hand in discards[:25]:
        assert any(row.waits for row in reference.discard(hand, HUNAN).rows), hand.text()
        assert max(hand.all_counts()) <= COPIES


def test_ready_hands_mix_melds_and_fours(ready):
    with_melds = sum(1 for h in ready if h.melds)
    assert 0.2 * len(ready) < with_melds < 0.5 * len(ready)  # about a third
    kinds = Counter(m.kind for h in ready for m in h.melds)
    assert set(kinds) == {"chi", "peng", "wei", "pao", "ti"}
    # Hands with a 跑/提 need the 将 pair: there are such hands, and ones whose
    # 坎 or 碰/偎 waits for its fourth tile.
    assert any(h.n_four for h in ready)
    assert any(3 in h.concealed for h in ready)


def test_ready_hands_are_rich_in_huxi(ready):
    wins = [w for h in ready[:60] for wt in reference.ting(h, HUNAN).waits for w in (wt.self, wt.other) if w]
    assert max(w.huxi for w in wins) >= 24


@pytest.mark.parametrize("make", [generate.ready_hands, generate.random_hands, generate.discard_hands])
def test_same_seed_same_hands(make):
    assert make(40, seed=7) == make(40, seed=7)
    assert make(40, seed=7) != make(40, seed=8)


def test_a_prefix_of_a_longer_run(ready):
    # n only decides when to stop: fewer hands of a seed are the first ones.
    assert generate.ready_hands(50, seed=1) == ready[:50]


def test_generate_does_not_import_numba():
    code = "import sys, solver.app.generate; assert 'numba' not in sys.modules, 'numba imported'"
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert proc.returncode == 0, proc.stderr


def test_hands_of_another_ruleset_have_its_melds_and_wait():
    from solver.engine import reference
    from solver.model.hand import check_hand
    from solver.model.rules import get_ruleset

    lz = get_ruleset("luzhou")
    ready = generate.ready_hands(120, seed=31, rules=lz)
    kinds = {m.kind for h in ready for m in h.melds}
    assert kinds <= set(lz.melds) and {"zhao", "long", "peng", "chi"} <= kinds
    for h in ready:
        check_hand(h, want="rest", rules=lz)
        assert reference.ting(h, lz, [0] * 20).waits, h.text()
    for h in generate.discard_hands(40, seed=32, rules=lz):
        check_hand(h, want="discard", rules=lz)
    for h in generate.random_hands(60, seed=33, rules=lz):
        check_hand(h, want="rest", rules=lz)
