"""The hands of the drills: a frozen copy of ``solver.app.generate``'s builder (old drill seeds keep their questions).

Hands are built like ``solver.app.generate`` builds them (a completed hand less
one tile; valid counts, at most 4 copies, no concealed four of a kind, legal
melds; RULES.md section 3), and only plausible ones are kept: no copy of a tile
is concealed beside its exposed 碰, 偎, 跑 or 提 (tiles never enter the concealed hand).
"""
from __future__ import annotations

import contextlib
import contextvars
import random
from typing import Iterator, Literal, NamedTuple

from ..engine import reference
from ..model.groups import SHAPES, group_pattern
from ..model.hand import Hand, HandError, Meld, check_hand
from ..model.rules import FOUR_KINDS, Ruleset
from ..model.tiles import COPIES, N_KINDS


def plausible(hand: Hand) -> bool:
    """No concealed copy beside an exposed 碰/偎/跑/提 of the same tile."""
    return all(hand.concealed[m.tiles[0]] == 0 for m in hand.melds if m.kind != "chi")


# The hand builder is deliberately a copy, drills' own, not a call to solver.app.generate:
# a drill seed stored for review must mean the same question in later versions, so
# this code is frozen (tests/test_drills.py pins seeds, under the default ruleset) and
# must not be merged with generate's or tidied; changing it changes old seeds.  The
# ruleset only says which hands are ready, as it does for every answer.  The ruleset
# generator (9, ``ruleset_hands``), frozen too, builds its hands with this same code,
# given a Kit of the ruleset's kinds instead of FROZEN (hunan's, whatever the ruleset).
_PLAIN = tuple(g for g in SHAPES if group_pattern(g) == "ju")
_RICH = tuple(g for g in SHAPES if group_pattern(g) in ("ju123", "ju2710"))
_JIAO = tuple(g for g in SHAPES if group_pattern(g) == "jiao")
#: odds that a ready hand has exposed melds, by level (level 1 has none)
_MELD_ODDS = {1: 0.0, 2: 0.45, 3: 0.25}


# Every search is bounded (a house ruleset may make ready hands rare or impossible: min_huxi = 150, or
# wins on discards only, a source the frozen hands never win from).  The bounds are far beyond what
# hunan needs, so no seed that made a question before meets them: its question stays what it was.
#: hands tried for one ready hand before NoHand; under hunan about one in six is ready (the most one of
#: 4,600 searches took was 55)
MAX_ATTEMPTS = 5000
#: times a discard or random hand is drawn again before NoHand (under hunan: at most 3 in 3,000)
MAX_REDRAWS = 100
#: hands tried for one drill, its searches together (``budget``; the most a hunan drill took in 1,800
#: was 244)
DRILL_ATTEMPTS = 20000


class NoHand(ValueError):
    """No hand of the kind wanted turned up within the bounds (``MAX_ATTEMPTS``, ``MAX_REDRAWS``, the
    drill's ``budget``) under the ruleset: its ready hands are rare or impossible."""


#: the drill being made (``budget``): [hands it may still try, whether a ready hand search failed], or None
_LEFT: contextvars.ContextVar[list | None] = contextvars.ContextVar("drill_hands_left", default=None)


@contextlib.contextmanager
def budget(attempts: int = DRILL_ATTEMPTS) -> Iterator[None]:
    """Bound the hand searches inside to ``attempts`` hands tried in all; once a search for a ready
    hand fails, the ready hand searches after it fail at once (the ruleset has too few of them: a
    drill does not spend its tries finding that out again; a random hand is still tried).  Draws
    nothing of the random stream: a drill's hands are the same with it."""
    token = _LEFT.set([attempts, False])
    try:
        yield
    finally:
        _LEFT.reset(token)


def _spend(ready: bool = False) -> bool:
    """One hand tried (``ready``: in search of a ready hand), if the drill being made has it left."""
    state = _LEFT.get()
    if state is None:
        return True
    if state[0] <= 0 or (ready and state[1]):
        return False
    state[0] -= 1
    return True


def _give_up(message: str, ready: bool = True) -> NoHand:
    """The NoHand of a failed search (``ready``: for a ready hand, and the drill's later ones fail at once)."""
    state = _LEFT.get()
    if state is not None and ready:
        state[1] = True
    return NoHand(message)


class Kit(NamedTuple):
    """What a generator's hands are made of."""

    #: the exposed melds of a ready hand, as drawn (吃 twice, for twice the odds)
    kinds: tuple[str, ...]
    #: the 4-tile melds (a ready hand's first meld, sometimes; a random hand's, as the others)
    fours: tuple[str, ...]
    #: what a ready hand may hold of its winning tile so that the tile makes a 4-tile group
    upgrades: tuple[str, ...]
    #: the sources a ready hand's tile must win from (one of them)
    sources: tuple[str, ...]
    #: the ruleset the hands are checked under (None: check_hand's own, hunan's)
    rules: Ruleset | None = None
    #: ready hands tried before NoHand (None: MAX_ATTEMPTS)
    tries: int | None = None


#: the hands of generators 0-5: hunan's kinds, whatever the ruleset
FROZEN = Kit(("chi", "chi", "peng", "wei"), ("pao", "ti"), ("peng", "wei", "kan"), ("self", "other"))


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
        return rng.choice(_RICH)  # 一二三 / 二七十 carry 胡息, so more hands reach 15
    if r < 0.65:
        return rng.choice(_JIAO)
    x = rng.randrange(N_KINDS)
    return (x, x, x)  # 坎


def _meld(rng: random.Random, kind: str, used: list[int]) -> Meld | None:
    """A meld of ``kind`` on a random tile (or of a random 吃 group), if its tiles are all there."""
    x = rng.randrange(N_KINDS)
    tiles = rng.choice(_PLAIN + _RICH + _JIAO) if kind == "chi" else (x,) * (4 if kind in FOUR_KINDS else 3)
    return Meld(kind, tiles) if _fits(used, tiles) else None


def _ready_attempt(rng: random.Random, meld_odds: float, rules: Ruleset, kit: Kit = FROZEN) -> Hand | None:
    """A completed 7-门子 hand less one tile that wins again, or None when the draw does not fit."""
    used = [0] * N_KINDS
    melds: list[Meld] = []
    concealed: list[int] = []
    upgrade = None  # (what is held at rest, tile): the winning tile makes it a 4-tile group (跑/提, 招/垅)
    r = rng.random()
    if r < meld_odds and kit.kinds:
        four_first = bool(kit.fours) and rng.random() < 0.4
        for i in range(rng.randint(1, 4)):
            m = _meld(rng, rng.choice(kit.fours) if i == 0 and four_first else rng.choice(kit.kinds), used)
            if m is None:
                return None
            melds.append(m)
    elif r < meld_odds + 0.10 and kit.upgrades:
        x = rng.randrange(N_KINDS)
        if not _fits(used, (x,) * 4):
            return None
        upgrade = (rng.choice(kit.upgrades), x)
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
    if not _valid(hand, "rest", kit.rules) or not plausible(hand):
        return None
    if all(reference.best_win(hand, t, s, rules) is None for s in kit.sources):
        return None
    return hand


def _valid(hand: Hand, want: Literal["rest", "discard"], rules: Ruleset | None = None) -> bool:
    try:
        check_hand(hand, want=want, rules=rules)
    except HandError:
        return False
    return True


def ready_hand(rng: random.Random, level: int, rules: Ruleset, kit: Kit = FROZEN) -> Hand:
    """A ready hand of ``level`` (NoHand after the kit's tries, or when the drill's budget is spent)."""
    tries = MAX_ATTEMPTS if kit.tries is None else kit.tries
    for _ in range(tries):
        if not _spend(ready=True):
            break
        h = _ready_attempt(rng, _MELD_ODDS[level], rules, kit)
        if h is not None:
            return h
    raise _give_up(f"no ready hand of level {level} turned up in {tries} tries under ruleset {rules.name}")


def discard_hand(rng: random.Random, level: int, rules: Ruleset, kit: Kit = FROZEN) -> Hand:
    """A ready hand plus one live tile, never onto a pair (the 坎 it made would be locked)."""
    for _ in range(MAX_REDRAWS):
        h = ready_hand(rng, level, rules, kit)
        held = h.all_counts()
        t = rng.choice([t for t in range(N_KINDS) if held[t] < COPIES and h.concealed[t] < 2])
        counts = list(h.concealed)
        counts[t] += 1
        h = Hand(tuple(counts), h.melds)
        if _valid(h, "discard", kit.rules) and plausible(h):
            return h
    raise _give_up(f"no hand to discard from turned up in {MAX_REDRAWS} ready hands under ruleset "
                   f"{rules.name}")


def _random_hand(rng: random.Random, kit: Kit = FROZEN) -> Hand:
    """A random hand at rest (mostly not ready): random melds of the kit's kinds, then random tiles,
    three of a kind at most."""
    kinds = kit.kinds + kit.fours
    for _ in range(MAX_REDRAWS):
        if not _spend():
            break
        used = [0] * N_KINDS
        melds = []
        if kinds and rng.random() < 0.4:
            for _ in range(rng.randint(1, 4)):
                m = _meld(rng, rng.choice(kinds), used)
                if m is not None:
                    melds.append(m)
        need = Hand((0,) * N_KINDS, tuple(melds)).rest_count()
        # No concealed copy beside a 碰/偎/跑/提 (plausible), no concealed four.
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
        if _valid(h, "rest", kit.rules):
            return h
    raise _give_up(f"no valid random hand turned up in {MAX_REDRAWS} tries"
                   + (f" under ruleset {kit.rules.name}" if kit.rules is not None else ""), ready=False)


def rest_hand(rng: random.Random, level: int, rules: Ruleset, kit: Kit = FROZEN) -> Hand:
    """A hand at rest for a 吃 or 碰 question, ready half of the time."""
    return ready_hand(rng, level, rules, kit) if rng.random() < 0.5 else _random_hand(rng, kit)



# Distance drills (generator 5): frozen like the rest once released.

def far_hand(rng: random.Random, level: int, rules: Ruleset, kit: Kit = FROZEN) -> Hand | None:
    """A ready hand with one to three concealed tiles swapped for random ones, plus one: a hand to discard from."""
    h = ready_hand(rng, level, rules, kit)
    counts = list(h.concealed)
    held = h.all_counts()
    barred = {m.tiles[0] for m in h.melds if m.kind != "chi"}  # plausible: nothing beside a 碰/偎/跑/提
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
    return far if _valid(far, "discard", kit.rules) and plausible(far) else None
