"""Hand state: concealed count vector plus exposed melds, and its validation.

Validation follows RULES.md section 3: copies per tile, no four of a kind
concealed, legal melds, and the concealed count of a hand at rest (c) or to
discard from (c + 1).  Malformed input raises ``HandError`` (a ValueError)
whose message names the problem in one line.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Literal

from .ruleset import DEALT_KINDS, FOUR_KINDS, MELD_KINDS
from .tiles import COPIES, N_KINDS, glyph, glyphs, tiles_to_counts

if TYPE_CHECKING:
    from .ruleset import Ruleset

#: every meld kind (a ruleset has some of them: Ruleset.melds) and its Chinese name
MELD_ZH = {"chi": "吃", "peng": "碰", "wei": "偎", "pao": "跑", "ti": "提", "zhao": "招", "long": "垅"}
assert tuple(MELD_ZH) == MELD_KINDS
MAX_GROUPS = 7


class HandError(ValueError):
    """Bad input: the message is one line a user can act on."""


@dataclass(frozen=True)
class Meld:
    kind: str  # one of MELD_KINDS
    tiles: tuple[int, ...]  # tile-index order

    @property
    def size(self) -> int:
        return len(self.tiles)

    def text(self) -> str:
        return f"{MELD_ZH[self.kind]}:{glyphs(self.tiles)}"


def rest_count(m: int, k: int) -> int:
    """c: concealed tiles at rest beside m exposed 3-tile and k 4-tile melds (RULES.md section 3)."""
    return 20 - 3 * m if k == 0 else 19 - 3 * m - 3 * k


@dataclass(frozen=True)
class Hand:
    concealed: tuple[int, ...]  # 20 counts
    melds: tuple[Meld, ...] = ()

    @classmethod
    def of(cls, tiles: Iterable[int], melds: Iterable[Meld] = ()) -> "Hand":
        return cls(tuple(tiles_to_counts(tiles)), tuple(melds))

    @property
    def n_concealed(self) -> int:
        return sum(self.concealed)

    @property
    def n_three(self) -> int:
        """m: exposed 3-tile melds (吃, 碰, 偎)."""
        return sum(1 for m in self.melds if m.size == 3)

    @property
    def n_four(self) -> int:
        """k: exposed 4-tile melds (跑, 提)."""
        return sum(1 for m in self.melds if m.size == 4)

    def rest_count(self) -> int:
        """c: concealed tiles of this hand at rest (RULES.md section 3)."""
        return rest_count(self.n_three, self.n_four)

    def all_counts(self) -> list[int]:
        """Copies of each tile in the concealed tiles and melds."""
        counts = list(self.concealed)
        for meld in self.melds:
            for t in meld.tiles:
                counts[t] += 1
        return counts

    def text(self) -> str:
        """Normalised notation: concealed glyphs, then ' | ' and the melds."""
        tiles = glyphs(t for t in range(N_KINDS) for _ in range(self.concealed[t]))
        if not self.melds:
            return tiles
        return tiles + " | " + " ".join(m.text() for m in self.melds)

    def without(self, tile: int) -> "Hand":
        counts = list(self.concealed)
        counts[tile] -= 1
        return Hand(tuple(counts), self.melds)


def meld_problem(kind: str, tiles: tuple[int, ...]) -> str | None:
    """Why ``tiles`` is not a legal meld of ``kind``, or None when it is."""
    from .groups import group_pattern

    name = f"{MELD_ZH[kind]}:{glyphs(tiles)}"
    if kind == "chi":
        if len(tiles) != 3 or group_pattern(tiles) is None:
            return f"{name} is not a 吃 group: a 吃 is a 句 (sequence, 二七十) or a 绞 of 3 tiles"
        return None
    size = 4 if kind in FOUR_KINDS else 3
    if len(tiles) != size or len(set(tiles)) != 1:
        return f"{name} is not a {MELD_ZH[kind]}: it needs {size} identical tiles"
    return None


def check_copies(hand: Hand, *extra: Iterable[int], what: str = "") -> None:
    """At most 4 copies of a tile across the hand and the ``extra`` tiles."""
    counts = hand.all_counts()
    for tiles in extra:
        for t in tiles:
            counts[t] += 1
    for t, n in enumerate(counts):
        if n > COPIES:
            where = "hand, melds" + (f" and {what}" if what else "")
            raise HandError(f"{n} copies of {glyph(t)} across {where}: a tile has only {COPIES} copies")


def check_hand(hand: Hand, *, want: Literal["rest", "discard"], rules: "Ruleset | None" = None) -> None:
    """Raise HandError unless ``hand`` is a valid hand at rest / to discard from
    (its melds of ``rules``' kinds; hunan's when no ruleset is given)."""
    from .rules import DEFAULT_RULESET, get_ruleset

    rules = rules or get_ruleset(DEFAULT_RULESET)
    dealt = MELD_ZH[rules.dealt_four]
    for t in range(N_KINDS):
        if hand.concealed[t] == COPIES:  # (more than four: check_copies says so)
            raise HandError(f"four {glyph(t)} concealed: four of a kind must already be laid out"
                            f" as a {dealt} ({dealt}:{glyph(t) * 4})")
    for meld in hand.melds:
        if meld.kind not in rules.melds:
            raise HandError(f"{meld.text()}: the {rules.name} rules have no {MELD_ZH[meld.kind]}"
                            f" (their melds: {' '.join(MELD_ZH[k] for k in rules.melds)})")
        problem = meld_problem(meld.kind, meld.tiles)
        if problem:
            raise HandError(problem)
    check_copies(hand)
    m, k = hand.n_three, hand.n_four
    if m + k >= MAX_GROUPS:
        raise HandError(f"too many melds: {m + k} melds leave no room for a 7-门子 hand (at most 6)")
    rest = hand.rest_count()
    c = hand.n_concealed
    want_n = rest if want == "rest" else rest + 1
    if c == want_n:
        return
    position = _dealt_position(hand)
    if position:
        raise HandError(position)
    melds = f" with {m + k} meld{'s' if m + k != 1 else ''}" if hand.melds else ""
    if want == "rest":
        msg = f"{c} concealed tiles: a hand at rest{melds} holds {rest}"
        if c == rest + 1:
            msg += " (this count fits a hand to discard from: use `phz discard`)"
    else:
        msg = f"{c} concealed tiles: a hand to discard from{melds} holds {rest + 1}"
        if c == rest:
            msg += " (this count fits a hand at rest: use `phz ting`)"
    raise HandError(msg)


def _dealt_position(hand: Hand) -> str | None:
    """Explain the two dealt positions RULES.md section 3 names, if this is one."""
    k = hand.n_four
    if k and all(m.kind in DEALT_KINDS for m in hand.melds):
        c = hand.n_concealed
        if k >= 3 and c in (20 - 4 * k, 21 - 4 * k):
            return f"a dealt hand with {k} 提 is 天胡 (it wins at once): ask phz hu --tianhu"
        if k == 2 and c in (12, 13) and c == hand.rest_count() - 1:
            return ("a hand dealt two 提 holds one tile fewer until its first intake"
                    " (that intake has no discard); phz analyses hands from then on")
    return None
