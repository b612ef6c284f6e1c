"""Seeded generators of valid positions, for tests and benchmarks.

Every hand returned passes ``hand.check_hand`` (RULES.md section 3 counts, at
most 4 copies of a tile, no four of a kind concealed, legal melds), and the
same seed always gives the same hands.  Pure Python: it never imports numba.

* ``ready_hands``: hands at rest that wait on at least one tile, built as a
  completed 7-门子 hand (often rich in 胡息, a third with exposed melds, some
  with a 跑/提 and the 将 pair) less one tile;
* ``random_hands``: random hands at rest, mostly not ready;
* ``discard_hands``: a ready hand plus one live tile (c + 1 tiles).

Melds are of the ruleset's kinds (``Ruleset.melds``: 偎/跑/提 under hunan,
招/垅 under luzhou), with the same random draws for hunan as before.
"""
from __future__ import annotations

import random
from typing import Literal

from ..engine import reference
from ..model.groups import SHAPES, group_pattern
from ..model.hand import Hand, HandError, Meld, check_hand
from ..model.results import SOURCES
from ..model.rules import HUNAN, Ruleset
from ..model.ruleset import FOUR_KINDS
from ..model.tiles import COPIES, N_KINDS

# Concealed 句/绞 shapes by pattern; 一二三 and 二七十 carry 胡息.
_PLAIN = tuple(s for s in SHAPES if group_pattern(s) == "ju")
_RICH = tuple(s for s in SHAPES if group_pattern(s) in ("ju123", "ju2710"))
_JIAO = tuple(s for s in SHAPES if group_pattern(s) == "jiao")


class _Pool:
    """Copies of each tile used so far (at most 4)."""

    def __init__(self) -> None:
        self.used = [0] * N_KINDS

    def fits(self, tiles) -> bool:
        need = [0] * N_KINDS
        for t in tiles:
            need[t] += 1
        return all(self.used[t] + need[t] <= COPIES for t in set(tiles))

    def take(self, tiles) -> bool:
        if not self.fits(tiles):
            return False
        for t in tiles:
            self.used[t] += 1
        return True


def _concealed_group(rng: random.Random) -> tuple[int, ...]:
    r = rng.random()
    if r < 0.30:
        return rng.choice(_PLAIN)
    if r < 0.50:
        return rng.choice(_RICH)
    if r < 0.65:
        return rng.choice(_JIAO)
    x = rng.randrange(N_KINDS)
    return (x, x, x)  # 坎


def _exposed_meld(rng: random.Random, kinds: tuple[str, ...]) -> Meld:
    kind = rng.choice(kinds)
    if kind == "chi":
        return Meld("chi", rng.choice(_PLAIN + _RICH + _JIAO))
    x = rng.randrange(N_KINDS)
    return Meld(kind, (x,) * (4 if kind in FOUR_KINDS else 3))


def _kinds(rules: Ruleset) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(3-tile meld kinds, 4-tile meld kinds, what a winning tile may make a 4-tile group of) of ``rules``."""
    three = tuple(k for k in ("chi", "peng", "wei") if k in rules.melds)
    four = tuple(k for k in FOUR_KINDS if k in rules.melds)
    onto = tuple(k for k in ("peng", "wei", "kan") if k == "kan" or k in rules.melds)
    return three, four, onto


def _valid(hand: Hand, want: Literal["rest", "discard"], rules: Ruleset) -> bool:
    try:
        check_hand(hand, want=want, rules=rules)
    except HandError:
        return False
    return True


def _wins_on(hand: Hand, t: int, rules: Ruleset) -> bool:
    return any(reference.best_win(hand, t, s, rules) is not None for s in SOURCES)


def _ready_attempt(rng: random.Random, rules: Ruleset) -> Hand | None:
    """One completed hand less one tile, or None when the draw does not fit."""
    pool = _Pool()
    melds: list[Meld] = []
    concealed: list[int] = []
    upgrade = None  # (kind at rest, tile): the winning tile makes this group a 跑/提 (招)
    threes, fours, onto = _kinds(rules)
    # Branch odds chosen so that about a third of the hands kept have melds
    # (hands with melds reach 15 胡息 more often).
    r = rng.random()
    if r < 0.13:
        # Exposed melds; about half of these hands hold a 跑/提 and so the
        # pair, some of those a second one (八块).
        n_melds = rng.randint(1, 4)
        four_kinds = fours if rng.random() < 0.5 else ()
        for i in range(n_melds):
            four = four_kinds and (i == 0 or rng.random() < 0.15)
            kinds = four_kinds if four else threes
            meld = _exposed_meld(rng, kinds)
            if not pool.take(meld.tiles):
                return None
            melds.append(meld)
    elif r < 0.23:
        # A 跑/提 made by the winning tile onto a 碰, 偎 or 坎 held at rest.
        x = rng.randrange(N_KINDS)
        if not pool.take((x,) * 4):
            return None
        upgrade = (rng.choice(onto), x)
    four = upgrade is not None or any(m.size == 4 for m in melds)
    if four and rules.pao_needs_jiang:
        x = rng.randrange(N_KINDS)
        if not pool.take((x, x)):
            return None
        concealed += [x, x]
    n_groups = 7 - len(melds) - (1 if upgrade else 0) - (1 if four and rules.pao_needs_jiang else 0)
    for _ in range(n_groups):
        for _try in range(8):
            g = _concealed_group(rng)
            if pool.take(g):
                concealed += g
                break
        else:
            return None
    counts = [0] * N_KINDS
    for t in concealed:
        counts[t] += 1
    if upgrade:
        kind, t = upgrade
        if kind == "kan":
            counts[t] += 3
        else:
            melds.insert(rng.randrange(len(melds) + 1), Meld(kind, (t,) * 3))
    else:
        t = rng.choice(concealed)
        counts[t] -= 1
    hand = Hand(tuple(counts), tuple(melds))
    if not _valid(hand, "rest", rules) or not _wins_on(hand, t, rules):
        return None
    return hand


def ready_hands(n: int, seed: int, rules: Ruleset = HUNAN) -> list[Hand]:
    """``n`` valid hands at rest that wait on at least one tile."""
    rng = random.Random(seed)
    hands: list[Hand] = []
    while len(hands) < n:
        hand = _ready_attempt(rng, rules)
        if hand is not None:
            hands.append(hand)
    return hands


def random_hands(n: int, seed: int, rules: Ruleset = HUNAN) -> list[Hand]:
    """``n`` random valid hands at rest (mostly not ready)."""
    rng = random.Random(seed)
    threes, fours, _ = _kinds(rules)
    kinds = ("chi",) + threes + fours
    hands: list[Hand] = []
    while len(hands) < n:
        pool = _Pool()
        melds = []
        if rng.random() < 0.4:
            for _ in range(rng.randint(1, 4)):
                meld = _exposed_meld(rng, kinds)
                if pool.take(meld.tiles):
                    melds.append(meld)
        hand = Hand((0,) * N_KINDS, tuple(melds))
        counts = [0] * N_KINDS
        live = [t for t in range(N_KINDS) for _ in range(COPIES - pool.used[t])]
        rng.shuffle(live)
        need = hand.rest_count()
        for t in live:
            if need == 0:
                break
            if counts[t] < 3:  # four of a kind concealed would be a 提
                counts[t] += 1
                need -= 1
        hand = Hand(tuple(counts), tuple(melds))
        if _valid(hand, "rest", rules):
            hands.append(hand)
    return hands


def discard_hands(n: int, seed: int, rules: Ruleset = HUNAN) -> list[Hand]:
    """``n`` hands holding c + 1 tiles: a ready hand plus one live tile."""
    rng = random.Random(seed)
    hands: list[Hand] = []
    while len(hands) < n:
        hand = _ready_attempt(rng, rules)
        if hand is None:
            continue
        held = hand.all_counts()
        # Not onto a pair: the 坎 it would make is locked, and discarding the
        # added tile would no longer give the ready hand back.
        live = [t for t in range(N_KINDS) if held[t] < COPIES and hand.concealed[t] < 2]
        t = rng.choice(live)
        counts = list(hand.concealed)
        counts[t] += 1
        hand = Hand(tuple(counts), hand.melds)
        if _valid(hand, "discard", rules):
            hands.append(hand)
    return hands

