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
must mean the same question in later versions (for a given ruleset).  The
builder is ``drill_hands``' own (frozen there too), given a ``Kit`` read
from the ruleset (``kit``) instead of its hunan kinds.
"""
from __future__ import annotations

import random

from ..model.hand import Hand
from ..model.rules import FOUR_KINDS, Ruleset
from . import drill_hands
from .drill_hands import Kit
from .drill_hands import NoHand as NoHand  # raised here, caught by drills
from .drill_hands import plausible as plausible

#: hands tried for one ready hand before giving up (a ruleset under which hardly any hand wins)
MAX_ATTEMPTS = drill_hands.MAX_ATTEMPTS


def meld_kinds(rules: Ruleset) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
    """(the ruleset's 3-tile melds of identical tiles, its 4-tile melds, whether it has 吃 melds)."""
    threes = tuple(k for k in rules.melds if k != "chi" and k not in FOUR_KINDS)
    return threes, rules.four_kinds, "chi" in rules.melds


def _upgrades(rules: Ruleset) -> tuple[str, ...]:
    """What a hand may hold of its winning tile so that the tile makes a 4-tile group (the take table)."""
    threes, _, _ = meld_kinds(rules)
    return tuple(h for h in threes + ("kan",)
                 if any(rules.take[h, s].makes in FOUR_KINDS for s in rules.win_on if (h, s) in rules.take))


def kit(rules: Ruleset) -> Kit:
    """What generator 9's hands are made of under ``rules``: its kinds, sources and checks.

    >>> from solver.model.rules import HUNAN
    >>> kit(HUNAN)[:4] == drill_hands.FROZEN[:4]
    True
    """
    threes, fours, chi = meld_kinds(rules)
    return Kit(("chi", "chi") * chi + threes, fours, _upgrades(rules), rules.win_on, rules, MAX_ATTEMPTS)


def ready_hand(rng: random.Random, level: int, rules: Ruleset) -> Hand:
    """A ready hand of the ruleset's melds (NoHand after MAX_ATTEMPTS tries)."""
    return drill_hands.ready_hand(rng, level, rules, kit(rules))


def discard_hand(rng: random.Random, level: int, rules: Ruleset) -> Hand:
    """A ready hand plus one live tile, never onto a pair (the 坎 it made would be locked)."""
    return drill_hands.discard_hand(rng, level, rules, kit(rules))


def rest_hand(rng: random.Random, level: int, rules: Ruleset) -> Hand:
    """A hand at rest for a 吃 or 碰 question, ready half of the time."""
    return drill_hands.rest_hand(rng, level, rules, kit(rules))


def far_hand(rng: random.Random, level: int, rules: Ruleset) -> Hand | None:
    """A ready hand with one to three concealed tiles swapped for random ones, plus one: a hand to discard from."""
    return drill_hands.far_hand(rng, level, rules, kit(rules))
