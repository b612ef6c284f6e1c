"""The hands of the ruleset generator (drill seeds of generator 9): hands made of a ruleset's own melds.

Built the way ``drill_hands`` builds them (a completed hand less one tile;
valid counts, at most 4 copies, no concealed four of a kind, legal melds;
RULES.md section 3), but from the ruleset's fields instead of hunan's
kinds: its meld kinds (``Ruleset.melds``: no 偎 where it has none, its
4-tile kinds 跑/提 or 招/垅), a winning tile that makes a 4-tile group only
where its take table says so, a hand ready when a tile wins from a source
the ruleset wins on (``Ruleset.win_on``), each hand checked under it.  Only
plausible hands are kept: no copy of a tile is concealed beside its exposed
碰, 偎 or 4-tile group.

Frozen once released, like ``drill_hands``: a stored seed of generator 9
must mean the same question in later versions (for a given ruleset).
"""
from __future__ import annotations

import random

from ..engine import reference
from ..model.groups import SHAPES, group_pattern
from ..model.hand import Hand, HandError, Meld, check_hand
from ..model.rules import FOUR_KINDS, Ruleset
from ..model.tiles import COPIES, N_KINDS

_PLAIN = tuple(g for g in SHAPES if group_pattern(g) == "ju")
_RICH = tuple(g for g in SHAPES if group_pattern(g) in ("ju123", "ju2710"))
_JIAO = tuple(g for g in SHAPES if group_pattern(g) == "jiao")
#: odds that a ready hand has exposed melds, by level (level 1 has none)
_MELD_ODDS = {1: 0.0, 2: 0.45, 3: 0.25}
#: hands tried for one ready hand before giving up (a ruleset under which hardly any hand wins)
MAX_ATTEMPTS = 5000


class NoHand(ValueError):
    """No ready hand turned up in MAX_ATTEMPTS tries under the ruleset."""


def plausible(hand: Hand) -> bool:
    """No concealed copy beside an exposed meld of identical tiles."""
    return all(hand.concealed[m.tiles[0]] == 0 for m in hand.melds if m.kind != "chi")


def meld_kinds(rules: Ruleset) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
    """(the ruleset's 3-tile melds of identical tiles, its 4-tile melds, whether it has 吃 melds)."""
    threes = tuple(k for k in rules.melds if k != "chi" and k not in FOUR_KINDS)
    return threes, rules.four_kinds, "chi" in rules.melds


def _upgrades(rules: Ruleset) -> tuple[str, ...]:
    """What a hand may hold of its winning tile so that the tile makes a 4-tile group (the take table)."""
    threes, _, _ = meld_kinds(rules)
    return tuple(h for h in threes + ("kan",)
                 if any(rules.take[h, s].makes in FOUR_KINDS for s in rules.win_on if (h, s) in rules.take))


def _fits(used: list[int], tiles) -> bool:
    """Take ``tiles`` from the 4 copies of each tile, if they are all there."""
    for t in tiles:
        used[t] += 1
    if any(used[t] > COPIES for t in tiles):
        for t in tiles:
            used[t] -= 1
        return False
    return True


def _concealed_group(rng: random.Random) -> tuple[int, ...]:
    r = rng.random()
    if r < 0.30:
        return rng.choice(_PLAIN)
    if r < 0.50:
        return rng.choice(_RICH)  # 一二三 / 二七十 carry 胡息
    if r < 0.65:
        return rng.choice(_JIAO)
    x = rng.randrange(N_KINDS)
    return (x, x, x)  # 坎


def _meld(rng: random.Random, kind: str, used: list[int]) -> Meld | None:
    x = rng.randrange(N_KINDS)
    tiles = rng.choice(_PLAIN + _RICH + _JIAO) if kind == "chi" else (x,) * (4 if kind in FOUR_KINDS else 3)
    return Meld(kind, tiles) if _fits(used, tiles) else None


def _ready_attempt(rng: random.Random, meld_odds: float, rules: Ruleset) -> Hand | None:
    """A completed 7-门子 hand less one tile that wins again under ``rules``, or None when the draw does not fit."""
    threes, fours, chi = meld_kinds(rules)
    kinds = ("chi", "chi") * chi + threes
    upgrades = _upgrades(rules)
    used = [0] * N_KINDS
    melds: list[Meld] = []
    concealed: list[int] = []
    upgrade = None  # (what is held at rest, tile): the winning tile makes it a 4-tile group
    r = rng.random()
    if r < meld_odds and kinds:
        four_first = bool(fours) and rng.random() < 0.4
        for i in range(rng.randint(1, 4)):
            m = _meld(rng, rng.choice(fours) if i == 0 and four_first else rng.choice(kinds), used)
            if m is None:
                return None
            melds.append(m)
    elif r < meld_odds + 0.10 and upgrades:
        x = rng.randrange(N_KINDS)
        if not _fits(used, (x,) * 4):
            return None
        upgrade = (rng.choice(upgrades), x)
    four = upgrade is not None or any(m.size == 4 for m in melds)
    if four:  # RULES.md 2: a hand with a 4-tile group needs the 将 pair
        x = rng.randrange(N_KINDS)
        if not _fits(used, (x, x)):
            return None
        concealed += [x, x]
    for _ in range(7 - len(melds) - (upgrade is not None) - four):
        for _try in range(8):
            g = _concealed_group(rng)
            if _fits(used, g):
                concealed += g
                break
        else:
            return None
    counts = [0] * N_KINDS
    for t in concealed:
        counts[t] += 1
    if upgrade:
        held, t = upgrade
        if held == "kan":
            counts[t] += 3
        else:
            melds.insert(rng.randrange(len(melds) + 1), Meld(held, (t,) * 3))
    else:
        t = rng.choice(concealed)
        counts[t] -= 1
    hand = Hand(tuple(counts), tuple(melds))
    if not valid(hand, "rest", rules) or not plausible(hand):
        return None
    if all(reference.best_win(hand, t, s, rules) is None for s in rules.win_on):
        return None
    return hand


def valid(hand: Hand, want: str, rules: Ruleset) -> bool:
    try:
        check_hand(hand, want=want, rules=rules)
    except HandError:
        return False
    return True


def ready_hand(rng: random.Random, level: int, rules: Ruleset) -> Hand:
    for _ in range(MAX_ATTEMPTS):
        h = _ready_attempt(rng, _MELD_ODDS[level], rules)
        if h is not None:
            return h
    raise NoHand(f"no ready hand of level {level} turned up in {MAX_ATTEMPTS} tries under ruleset {rules.name}")


def discard_hand(rng: random.Random, level: int, rules: Ruleset) -> Hand:
    """A ready hand plus one live tile, never onto a pair (the 坎 it made would be locked)."""
    while True:
        h = ready_hand(rng, level, rules)
        held = h.all_counts()
        t = rng.choice([t for t in range(N_KINDS) if held[t] < COPIES and h.concealed[t] < 2])
        counts = list(h.concealed)
        counts[t] += 1
        h = Hand(tuple(counts), h.melds)
        if valid(h, "discard", rules) and plausible(h):
            return h


def _random_hand(rng: random.Random, rules: Ruleset) -> Hand:
    """A random hand at rest (mostly not ready): random melds of the ruleset's kinds, then random tiles,
    three of a kind at most."""
    threes, fours, chi = meld_kinds(rules)
    kinds = ("chi", "chi") * chi + threes + fours
    while True:
        used = [0] * N_KINDS
        melds = []
        if kinds and rng.random() < 0.4:
            for _ in range(rng.randint(1, 4)):
                m = _meld(rng, rng.choice(kinds), used)
                if m is not None:
                    melds.append(m)
        need = Hand((0,) * N_KINDS, tuple(melds)).rest_count()
        # No concealed copy beside a meld of identical tiles (plausible), no concealed four.
        barred = {m.tiles[0] for m in melds if m.kind != "chi"}
        live = [t for t in range(N_KINDS) if t not in barred for _ in range(COPIES - used[t])]
        rng.shuffle(live)
        counts = [0] * N_KINDS
        for t in live:
            if need == 0:
                break
            if counts[t] < 3:
                counts[t] += 1
                need -= 1
        h = Hand(tuple(counts), tuple(melds))
        if valid(h, "rest", rules):
            return h


def rest_hand(rng: random.Random, level: int, rules: Ruleset) -> Hand:
    """A hand at rest for a 吃 or 碰 question, ready half of the time."""
    return ready_hand(rng, level, rules) if rng.random() < 0.5 else _random_hand(rng, rules)


def far_hand(rng: random.Random, level: int, rules: Ruleset) -> Hand | None:
    """A ready hand with one to three concealed tiles swapped for random ones, plus one: a hand to discard from."""
    h = ready_hand(rng, level, rules)
    counts = list(h.concealed)
    held = h.all_counts()
    barred = {m.tiles[0] for m in h.melds if m.kind != "chi"}  # plausible
    swaps = rng.choice((1, 2) if level == 1 else (1, 2, 3))
    for step in range(swaps + 1):
        if step < swaps:
            t = rng.choice([t for t in range(N_KINDS) for _ in range(counts[t])])
            counts[t] -= 1
            held[t] -= 1
        t = rng.choice([t for t in range(N_KINDS) if t not in barred and counts[t] < 3 and held[t] < COPIES])
        counts[t] += 1
        held[t] += 1
    far = Hand(tuple(counts), h.melds)
    return far if valid(far, "discard", rules) and plausible(far) else None
