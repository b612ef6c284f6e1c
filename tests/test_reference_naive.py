"""The reference against the independent partition-first formulation in
tests/naive.py, on seeded random hands built from random groups."""
import random

import pytest
from naive import best as naive_best

from solver.engine import reference
from solver.model.groups import SHAPES
from solver.model.hand import Hand, HandError, Meld, check_hand
from solver.model.rules import HUNAN


def random_position(rng: random.Random) -> Hand | None:
    """A random valid hand at rest: 7 random groups (some laid out), less one tile."""
    counts = [0] * 20
    melds, concealed = [], []
    n_melds = rng.choice([0, 0, 0, 1, 2, 3])
    groups = []
    for g in range(7):
        roll = rng.random()
        x = rng.randrange(20)
        if roll < 0.55:
            tiles = rng.choice(SHAPES)
        elif roll < 0.8:
            tiles = (x,) * 3
        elif roll < 0.9:
            tiles = (x,) * 4
        else:
            tiles = (x,) * 2
        groups.append(tiles)
    for tiles in groups:
        for t in tiles:
            counts[t] += 1
    if max(counts) > 4:
        return None
    for tiles in groups[:n_melds]:
        if len(set(tiles)) > 1:
            melds.append(Meld("chi", tiles))
        elif len(tiles) == 3:
            melds.append(Meld(rng.choice(["peng", "wei"]), tiles))
        elif len(tiles) == 4:
            melds.append(Meld(rng.choice(["pao", "ti"]), tiles))
        else:
            return None
    for tiles in groups[n_melds:]:
        concealed.extend(tiles)
    rng.shuffle(concealed)
    hand = Hand.of(concealed[1:], melds)
    try:
        check_hand(hand, want="rest")
    except HandError:
        return None
    return hand


def positions(n, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        h = random_position(rng)
        if h is not None:
            out.append(h)
    return out


@pytest.mark.parametrize("seed", range(4))
def test_reference_matches_partition_first_formulation(seed):
    wins = 0
    for hand in positions(150, seed):
        held = hand.all_counts()
        for t in range(20):
            if held[t] >= 4:
                continue
            for source in ("self", "other"):
                ref = reference.best_win(hand, t, source, HUNAN)
                got = None if ref is None else (ref.score, ref.huxi, ref.fan_names)
                assert got == naive_best(hand, t, source, HUNAN), (hand.text(), t, source)
                wins += ref is not None
    assert wins > 50  # the sample must exercise wins, not only misses
