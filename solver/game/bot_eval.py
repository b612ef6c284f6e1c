"""What the bots know of a position, all of it from ``solver.api``: the waits, distance to ready and
improving draws of a hand at rest (``api.ting_many``) and the ranked discards of a hand to discard
from (``api.discard_many``), with the live counts of the tiles this seat has seen.

A bot meets the same hand many times (at every tile revealed while it
holds it, and again at the discard after a claim it weighed), while the
tiles it has seen change all the time.  So the api is asked once per hand
with nothing seen, and every answer is read again with the seat's seen
tiles: a tile seen is one live copy less for every draw and wait that
needs it (``api.with_advice`` counts a discarded tile as seen the same
way), the expected score is weighed again by ``scoring.weigh`` and the
rows ranked again by ``scoring.advice_key``.  The answers come from the
kernels (``api.ting_many`` / ``api.discard_many``), the hands of one decision
in one call: on positions of real games a discard table costs about 1.5 ms
there against about 25 ms by the plain-Python search of ``api.discard``.
Where only the waits matter (is some discard ready, and on how many live
outs?) only the waits are asked (``Advisor.waits_after``), as
``api.discard_choice`` does when some discard leaves live outs.

A hand the api's validation rejects (a hand dealt two 提 holds one tile
fewer until its first intake) has no answer: ``Spot`` None, and the bots
fall back on the shape measure (``solver.model.shape``); ``REJECTED``
counts them.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Literal, Sequence, cast

from .. import api
from ..engine.play_moves import hand_after_take, hand_owes_discard
from ..model import scoring, shape
from ..model.derived import derived
from ..model.hand import MELD_ZH, Hand, HandError, Meld
from ..model.results import DiscardAdvice, Discards, Draw, Shape, Ting, Wait
from ..model.rules import Ruleset
from ..model.tiles import GLYPH_TO_ID, N_KINDS
from .moves import Move

__all__ = ["REJECTED", "Advisor", "Spot", "advisor", "after_intake", "after_take", "owes_discard", "seen_without",
           "unseen_total"]

#: answers an advisor keeps before it forgets them all (a hand of play needs a few hundred)
MEMO_LIMIT = 4_000
ZERO = (0,) * N_KINDS
#: hands the api's validation rejected, by what was asked (rest, discard)
REJECTED: Counter = Counter()


@dataclass(frozen=True)
class _Live(Wait):
    """A wait with its live outs, as ``scoring.weigh`` reads it (a ``Wait``'s fields, ``outs`` the live ones)."""


@dataclass(frozen=True)
class Spot:
    """A hand at rest as the seat sees it: ``tile`` the discard that leaves it (-1: none), its
    distance to ready (``limit``: beyond the search), live improving draws (at distance 0 its
    waits), live outs, expected and best score; ranked by ``scoring.advice_key``."""
    tile: int
    hand: Hand
    distance: int | None
    limit: bool
    improving: tuple[Draw, ...]
    waits: tuple[_Live, ...]
    outs: int
    expected_score: Fraction
    best_score: int

    @property
    def improving_live(self) -> int:
        return sum(d.live for d in self.improving)


def after_take(hand: Hand, move: Move, tile: int) -> Hand:
    """The hand after taking ``tile`` by ``move`` (吃 with its 比, or 碰): the melds laid out,
    as the engine lays them."""
    return hand_after_take(hand, move.kind, tile, move.chi, move.bi)


_KIND_OF = {zh: kind for kind, zh in MELD_ZH.items()}


def after_intake(hand: Hand, way: str) -> Hand | None:
    """The hand after an improving intake, as ``api`` writes it (``Intake.text``: 吃 四 with 肆肆,
    比 三四五; 碰 八; 跑 玖 …), before its discard; None for a 胡 or a text it does not read."""
    words = way.replace(",", " ").split()
    kind = _KIND_OF.get(words[0])
    if kind is None or len(words) < 2 or words[1] not in GLYPH_TO_ID:
        return None
    x = GLYPH_TO_ID[words[1]]
    if kind == "chi":
        try:
            # Intake.text's groups, of 3 tiles each
            chi = cast(Shape, tuple(sorted([x] + [GLYPH_TO_ID[g] for g in words[3]])))
            bi = cast("tuple[Shape, ...]", tuple(tuple(sorted(GLYPH_TO_ID[g] for g in w)) for w in words[5:]))
        except (IndexError, KeyError):
            return None
        return after_take(hand, Move("chi", chi=chi, bi=bi), x)
    if kind in ("peng", "wei"):
        return after_take(hand, Move(kind), x)
    counts = list(hand.concealed)
    if counts[x] == 3:  # a 坎 becomes the four
        counts[x] = 0
        return Hand(tuple(counts), hand.melds + (Meld(kind, (x,) * 4),))
    melds = list(hand.melds)
    for i, m in enumerate(melds):
        if m.kind in ("wei", "peng") and m.tiles[0] == x:
            melds[i] = Meld(kind, (x,) * 4)
            return Hand(hand.concealed, tuple(melds))
    return None


def owes_discard(hand: Hand) -> bool:
    """Whether a hand just after an intake discards (the rule table's ``play_rules.owes_discard``)."""
    return hand_owes_discard(hand.concealed, hand.melds)


class Advisor:
    """The api's answers for the hands of one ruleset, asked once per hand (module docstring)."""

    def __init__(self, rules: Ruleset):
        self.rules = rules
        self.shape = shape.of(rules)
        self._rest: dict[Hand, Ting | None] = {}
        self._table: dict[Hand, Discards | None] = {}
        self._after: dict[Hand, tuple | None] = {}

    # ---------------------------------------------------------------- the api, once per hand

    def _ask(self, memo: dict, hands: Sequence[Hand], want: Literal["rest", "discard"], many) -> list:
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        todo = []
        for h in dict.fromkeys(hands):
            if h in memo:
                continue
            try:
                api.load(h, want=want, rules=self.rules)
            except HandError:
                REJECTED[want] += 1
                memo[h] = None
                continue
            todo.append(h)
        if todo:
            for h, answer in zip(todo, many(todo, rules=self.rules)):
                memo[h] = answer
        return [memo[h] for h in hands]

    def tings(self, hands: Sequence[Hand]) -> list[Ting | None]:
        return self._ask(self._rest, hands, "rest", api.ting_many)

    def tables(self, hands: Sequence[Hand]) -> list[Discards | None]:
        return self._ask(self._table, hands, "discard", api.discard_many)

    # ---------------------------------------------------------------- read with the seen tiles

    def _spot(self, tile: int, hand: Hand, distance, limit, improving, waits, seen: Sequence[int]) -> Spot:
        live = tuple(_Live(w.tile, max(0, w.outs - seen[w.tile]), w.self, w.other, w.discard) for w in waits)
        total, weighted, best = scoring.weigh(live, self.rules)
        draws = tuple(Draw(d.tile, max(0, d.live - seen[d.tile]), d.ways) for d in improving)
        return Spot(tile, hand, distance, limit, draws, live, total, scoring.expected(total, weighted, self.rules),
                    best)

    def rest(self, hand: Hand, seen: Sequence[int]) -> Spot | None:
        """The hand at rest ``hand`` as a seat that has seen ``seen`` (copies per tile) sees it."""
        t = self.tings([hand])[0]
        if t is None:
            return None
        return self._spot(-1, hand, t.distance, t.limit, t.improving, t.waits, seen)

    def discards(self, hand: Hand, seen: Sequence[int]) -> list[Spot] | None:
        """Every discard of ``hand`` as the hand it leaves, best first (``scoring.advice_key``)."""
        d = self.tables([hand])[0]
        if d is None:
            return None
        rows = cast("tuple[DiscardAdvice, ...]", d.rows)  # api.discard_many's rows carry their distances
        spots = [self._spot(r.tile, hand.without(r.tile), r.distance, r.limit, r.improving, r.waits, seen)
                 for r in rows]
        spots.sort(key=cast("Callable[[Spot], tuple]", scoring.advice_key))  # reads what Spot shares with DiscardAdvice
        return spots

    def prefetch(self, rests: Sequence[Hand], tables: Sequence[Hand]) -> None:
        """Ask the api about several hands at once (one kernel call for each kind)."""
        if rests:
            self.tings(rests)
        if tables:
            self.tables(tables)

    # ---------------------------------------------------------------- one intake on

    def waits_after(self, hands: Sequence[Hand]) -> list[tuple | None]:
        """For hands just after an intake: (discard, the waits it leaves) for each discard
        ((-1, waits) when no discard follows), nothing seen; None for a hand of counts no hand at rest
        or to discard from has.  Only waits are asked (``solver.engine.wins``, the kernels under
        ``api.discard_many`` and ``api.ting_many``), not the distances of the hands not ready."""
        memo = self._after
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        rest: list[Hand] = []
        table: list[Hand] = []
        for h in dict.fromkeys(hands):
            if h in memo:
                continue
            c, at_rest = h.n_concealed, h.rest_count()
            if max(h.concealed) > 3 or c not in (at_rest, at_rest + 1) or len(h.melds) >= 7:
                memo[h] = None  # (the intakes come from the api's answers: a count check is enough)
                continue
            (table if owes_discard(h) else rest).append(h)
        if rest or table:
            from ..engine import wins
            for h, t in zip(rest, wins.ting_many(rest, [ZERO] * len(rest), self.rules) if rest else ()):
                memo[h] = ((-1, t.waits),)
            for h, d in zip(table, wins.discard_many(table, [ZERO] * len(table), self.rules) if table else ()):
                memo[h] = tuple((r.tile, r.waits) for r in d.rows)
        return [memo[h] for h in hands]

    def ready(self, hand: Hand, seen: Sequence[int]) -> list[Spot] | None:
        """The discards of ``hand`` (just after an intake) that leave it ready, best first, as
        ``discards`` ranks them; the hand itself when no discard follows and it is ready."""
        got = self.waits_after([hand])[0]
        if got is None:
            return None
        spots = [self._spot(t, hand.without(t) if t >= 0 else hand, 0, False, api.wait_draws(w), w, seen)
                 for t, w in got if w]
        spots.sort(key=cast("Callable[[Spot], tuple]", scoring.advice_key))  # reads what Spot shares with DiscardAdvice
        return spots

    def best_ready(self, choices: tuple, seen: Sequence[int]) -> tuple[int, float]:
        """(live outs, expected score) of the best of ``waits_after``'s choices for a seat that has
        seen ``seen``: the most live outs × expected score."""
        best = (0, 0.0)
        for _, waits in choices:
            live = [_Live(w.tile, max(0, w.outs - seen[w.tile]), w.self, w.other, w.discard) for w in waits]
            total, weighted, _ = scoring.weigh(live, self.rules)
            if total:
                value = float(scoring.expected(total, weighted, self.rules))
                if total * value > best[0] * best[1]:
                    best = (total, value)
        return best

    def missing(self, hand: Hand) -> tuple[int, int]:
        """``shape.Shape.missing`` of a hand."""
        return self.shape.missing(hand)


def advisor(rules: Ruleset) -> Advisor:
    """The advisor of ``rules`` (one per ruleset content, shared by every bot: ``model.derived``)."""
    return derived(rules, Advisor)


def seen_without(seen: Sequence[int], tile: int) -> list[int]:
    """``seen`` less one copy of ``tile`` (the tile on the table, once taken into the hand)."""
    out = list(seen)
    out[tile] -= 1
    return out


def unseen_total(hand: Hand, seen: Sequence[int]) -> int:
    """Copies this seat has not seen: in the other hands and the stock."""
    held = hand.all_counts()
    return sum(4 - held[t] - seen[t] for t in range(N_KINDS))
