"""The ``strong`` bot (issues 15, 16): the api's answers weighed by what they are worth in a race to win,
and the close calls between ready hands settled by the win-rate advice's rollouts.

Every position the bot could leave (a discard, a claim and its discard, or
passing) is a hand at rest with a distance to ready, live improving draws
(at distance 0 its waits) and, once ready, an expected score, as ``basic``
sees it.  ``strong`` turns that into the net score it expects
(``Race.worth``): the hand walks towards ready one intake at a time, taking
a step in a stock draw with the chance that one of its improving tiles
shows up where it may take it — its own draw, the upper player's draw and
discard for a 吃 (where the ruleset eats from them), the others' for a 碰
or 跑, only its own for a 偎 or 提, the sources it wins on for a 胡 — while
each other player wins with a chance per draw that grows with the melds
he has laid out.  Its own win pays twice its score, another's costs a
typical score.  The best few positions one intake from ready are looked
at one intake on: each improving draw's best discard gives the live outs
and expected score the hand would be ready with (``Advisor.waits_after``).

So it knows that one tile short with many live draws can beat ready on a
single live out, that a bigger score is worth a slower win, that late in
the hand only a near hand wins, and that a 吃 or 碰 passed makes the tile 臭
(RULES.md 7): draws that only that move takes stop counting.

The constants (the ruleset's [bots] table, ``Ruleset.bots``: the typical steps,
the factors, the hazards, the typical score) are averages measured
in self-play, not rules; they were measured with ``basic`` bots, and the
results hardly move when they change by half (DECISIONS, bots).

The win-rate advice (``advice.advise``: every choice played out by the
rollout policy on the same deals, ranked by expected score) settles the
close calls between ready hands, where the race model is least sure (its
chances per draw are averages) and the rollouts the most faithful (the
rollout policy keeps a ready hand, so what it plays after the move is what
the bot would): when the best ``SHORTLIST`` moves by race value are within
``MARGIN`` of each other and each leaves the hand ready, they are raced on
``SAMPLES`` deals each and the one of the best expected score is made (a
claim with its best follow-up discard).  The deals come from the bot's own
randomness, so a seat of a game chooses the same way each time.  Raced
between hands that are not yet ready, the rollouts chose worse than the
race model (their policy's play after the move, every 碰 and most 吃, is
not the bot's): the numbers are in DECISIONS (bots, issue 16).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from ..model.hand import Hand
from .advice import advise
from .bot_advice import others_at_rest, position_from_view
from .bot_eval import Spot, advisor, after_intake, after_take, owes_discard, seen_without, unseen_total
from .moves import Ask, Move
from .position import with_options
from .session import bot_rng
from .view import SeatView

__all__ = ["Race", "RaceBot", "StrongBot", "UNRACED"]

HU = Move("hu")

#: close decisions the rollouts were not asked about, and why: another player holding more than at
#: rest (``bot_advice.others_at_rest``), or a position ``advice.advise`` refused (ValueError)
UNRACED: Counter = Counter()

#: (the race model's constants are the ruleset's: ``Ruleset.bots``, its file's [bots] table)

# where a revealed tile comes from: own draw, upper's draw, lower's draw, upper's discard, lower's
OWN, UPPER, LOWER, UPPER_DISCARD, LOWER_DISCARD = range(5)


class Race:
    """What a hand at rest is worth in the race (module docstring), for one decision of one seat."""

    def __init__(self, view: SeatView):
        rules = view.rules
        self.stock = view.stock
        self.bots = tuning = rules.bots
        self.loss = tuning.typical_score
        d = tuning.discard_rate / 3
        self.weight = (1 / 3, 1 / 3, 1 / 3, d, d)
        chi = {OWN: "self-draw", UPPER: "upper-draw", UPPER_DISCARD: "upper-discard"}
        four = (UPPER, LOWER, UPPER_DISCARD, LOWER_DISCARD)
        own_peng = rules.take[("pair", "self")].makes == "peng"  # luzhou: one's own draw is 碰'd
        self.slots = {"吃": frozenset(s for s, o in chi.items() if o in rules.chi_from),
                      "碰": frozenset(four + ((OWN,) if own_peng else ())), "跑": frozenset(four),
                      "招": frozenset(range(5)), "偎": frozenset((OWN,)), "提": frozenset((OWN,))}
        hu = {"self": (OWN,), "other": (UPPER, LOWER), "discard": (UPPER_DISCARD, LOWER_DISCARD)}
        for s in rules.win_on:
            self.slots["胡 " + s] = frozenset(hu[s])
        table = tuning.hazard
        others = [len(m) for p, m in enumerate(view.melds) if p != view.seat]
        self.hazards = [min(0.5, sum(_at(table, n + tuning.meld_rate * k) for n in others)) for k in range(self.stock)]

    def reach(self, tile: int, ways: Sequence[str], chou: frozenset[int], passed: frozenset[int]) -> float:
        """The chance that a copy of ``tile``, when it shows up, is one this hand may take by one
        of ``ways`` (the api's texts; 臭 counted)."""
        hu: set[int] = set()
        take: set[int] = set()
        for w in ways:
            kind = w if w.startswith("胡") else w.split(" ", 1)[0]
            if (kind == "吃" and tile in chou) or (kind == "碰" and tile in passed):
                continue
            (hu if kind.startswith("胡") else take).update(self.slots.get(kind, ()))
        return (self.bots.hu_factor * sum(self.weight[s] for s in hu)
                + self.bots.take_factor * sum(self.weight[s] for s in take))

    def step(self, spot: Spot, unseen: int, chou: frozenset[int], passed: frozenset[int]) -> float:
        """The chance per stock draw that ``spot`` takes its next step (at distance 0: wins)."""
        if unseen <= 0:
            return 0.0
        total = sum(d.live * self.reach(d.tile, d.ways, chou, passed) for d in spot.improving if d.live)
        return min(0.95, total / unseen)

    def chance(self, rates: Sequence[float]) -> tuple[float, float]:
        """(P(this hand wins), P(another does)) over the stock left, for a hand whose steps to a
        win (the last one the win) have chances ``rates`` per stock draw."""
        n = len(rates)
        p = [1.0] + [0.0] * n  # p[i]: i steps taken
        won = lost = 0.0
        for h in self.hazards:
            keep = 1 - h
            lost += h * sum(p[:n])
            for i in range(n - 1, -1, -1):
                moved = p[i] * keep * rates[i]
                p[i + 1] += moved
                p[i] = p[i] * keep - moved
            won += p[n]
            p[n] = 0.0
        return won, lost

    def worth(self, rates: Sequence[float], score: float) -> float:
        """The net score expected: twice ``score`` when it wins, a typical score lost when another does."""
        won, lost = self.chance(rates)
        return 2 * score * won - self.loss * lost


def _at(table: Sequence[float], x: float) -> float:
    """``table`` read at ``x`` (between two entries, on the line between them; past the end, the last)."""
    i = int(x)
    if i >= len(table) - 1:
        return table[-1]
    return table[i] + (x - i) * (table[i + 1] - table[i])


@dataclass
class _Option:
    """A position the bot may leave: the move, the hand at rest (``spot`` None: the api has no answer),
    its 臭 after the move, and its distance (beyond 2 the shape's estimate)."""
    move: Move
    spot: Spot | None
    hand: Hand
    seen: Sequence[int]
    chou: frozenset[int]
    passed: frozenset[int]
    distance: int
    tie: tuple = ()  # basic's order, for options worth the same
    value: float = 0.0


class StrongBot:
    """``basic``'s answers weighed by ``Race`` (module docstring)."""
    name = "strong"
    #: the rollouts (module docstring): deals per raced move, moves raced, and how close their race
    #: values must be (net score a hand)
    SAMPLES, SHORTLIST, MARGIN = 48, 3, 3.0
    raced = 0  # decisions raced by rollouts (for tests and measurements)

    def __init__(self, seed: int = 0, seat: int = 0):
        self.rng = bot_rng(seed, seat, self.name)

    def choose(self, view: SeatView, ask: Ask) -> Move:
        """Every win; else the discard or the claim worth most (``discard``, ``claim``)."""
        options = ask.options
        if len(options) == 1:
            return options[0]
        if HU in options:
            return HU
        if ask.stage == "discard":
            return self.discard(view, ask)
        return self.claim(view, ask)

    def pick(self, scored: Sequence[tuple[tuple, Move]]) -> Move:
        """The move of the least key, a tie broken by the bot's randomness (as ``basic``'s)."""
        best = min(k for k, _ in scored)
        tied = [m for k, m in scored if k == best]
        return tied[0] if len(tied) == 1 else tied[self.rng.randrange(len(tied))]

    def option(self, view: SeatView, move: Move, spot: Spot | None, hand, seen, chou, passed) -> _Option:
        """The option of leaving ``hand`` at rest by ``move``."""
        if spot is None or spot.limit:
            missing, huxi = advisor(view.rules).missing(hand)
            return _Option(move, None, hand, seen, frozenset(chou), frozenset(passed), max(3, missing - 1),
                           (1, missing, -huxi))
        d = -1 if spot.distance is None else spot.distance
        tie = (0, d, -spot.improving_live, -spot.outs, -spot.expected_score)
        return _Option(move, spot, hand, seen, frozenset(chou), frozenset(passed), d, tie)

    def plain_value(self, race: Race, o: _Option) -> float:
        """``Race.worth`` with the later steps typical (a far hand's every step)."""
        if o.distance < 0:
            return -1e9
        steps, far = race.bots.steps, race.bots.far_score
        later = [steps[min(k, len(steps) - 1)] for k in range(o.distance - 1, -1, -1)]
        if o.spot is None:
            return race.worth([steps[min(o.distance, len(steps) - 1)]] + later, far)
        first = race.step(o.spot, unseen_total(o.hand, o.seen), o.chou, o.passed)
        score = float(o.spot.expected_score) if o.distance == 0 else far
        return race.worth([first] + later, score)

    def looked(self, view: SeatView, race: Race, options: list[_Option]) -> None:
        """The value of each distance-1 option, one intake on (module docstring)."""
        adv = advisor(view.rules)
        intakes = [(o, d, w, after_intake(o.hand, w)) for o in options if o.distance == 1 and o.spot is not None
                   for d in o.spot.improving if d.live for w in d.ways]
        todo = [(o, d, w, h) for o, d, w, h in intakes if h is not None]
        answers = dict(zip((t[3] for t in todo), adv.waits_after([t[3] for t in todo])))
        by_option: dict[int, dict[int, tuple]] = {}
        for o, d, w, h in todo:
            got = answers[h]
            if got is None:
                continue
            live, score = adv.best_ready(got, o.seen)
            best = by_option.setdefault(id(o), {}).get(d.tile)
            if best is None or live * score > best[0] * best[1]:
                by_option[id(o)][d.tile] = (live, score)
        for o in options:
            if o.distance != 1 or o.spot is None:
                continue
            unseen = unseen_total(o.hand, o.seen)
            ready = by_option.get(id(o), {})
            rate = outs = scored = 0.0
            for d in o.spot.improving:
                if not d.live or d.tile not in ready:
                    continue
                r = d.live * race.reach(d.tile, d.ways, o.chou, o.passed)
                live, score = ready[d.tile]
                rate += r
                outs += r * live
                scored += r * live * score
            if rate <= 0 or unseen <= 0:
                o.value = race.worth([0.0, 0.0], 0.0)
                continue
            win = min(0.95, race.bots.hu_factor * outs / rate / unseen)
            o.value = race.worth([min(0.95, rate / unseen), win], scored / outs if outs else 0.0)

    def best(self, view: SeatView, ask: Ask, options: list[_Option]) -> Move:
        """The move of the option worth most: every option by ``plain_value``, the best ``bots.look``
        of them looked at one intake on; where the best moves are within ``MARGIN`` of each other and
        leave the hand ready, the best ``SHORTLIST`` of them raced by rollouts (``advice.advise``,
        ``SAMPLES`` deals)."""
        race = Race(view)
        for o in options:
            o.value = self.plain_value(race, o)
        options.sort(key=lambda o: (-o.value, o.tie))
        top = options[:view.rules.bots.look]
        self.looked(view, race, top)
        by_move: dict[Move, tuple] = {}
        for o in top:
            key = (round(-o.value, 9), o.tie)
            by_move[o.move] = min(by_move.get(o.move, key), key)
        chosen = self.pick([(k, m) for m, k in by_move.items()])
        if self.SAMPLES <= 0:
            return chosen
        ranked = sorted(by_move, key=lambda m: (m != chosen, by_move[m]))
        close = [m for m in ranked if by_move[m][0] - by_move[chosen][0] <= self.MARGIN][:self.SHORTLIST]
        if len(close) < 2:
            return chosen
        if any(o.distance != 0 for o in options if o.move in close):  # not all ready: the race model's
            return chosen
        pos = with_options(position_from_view(view, ask), ask.stage, close)
        if not others_at_rest(pos):
            UNRACED["not at rest"] += 1
            return chosen
        self.raced += 1
        seed = self.rng.getrandbits(32)
        try:
            # its rollouts as at issue 26: the quick policy, no close calls
            return advise(pos, samples=self.SAMPLES, seed=seed, policy="fast", close=1.0).best.move
        except ValueError:  # a position the rollouts cannot play out: the race model's move
            UNRACED["refused"] += 1
            return chosen

    def discard(self, view: SeatView, ask: Ask) -> Move:
        adv = advisor(view.rules)
        seen = view.seen_counts()
        spots = adv.discards(view.hand, seen)
        allowed = {m.tile: m for m in ask.options}
        if spots is None:  # not a hand the api answers: the shape measure alone (as ``basic``)
            return self.pick([(adv.missing(view.hand.without(t)), m) for t, m in allowed.items() if t is not None])
        own = view.rules.own_discard_makes_chou
        return self.best(view, ask, [self.option(view, allowed[s.tile], s, s.hand, seen,
                                                 view.chou | {s.tile} if own else view.chou, view.passed_peng)
                                     for s in spots if s.tile in allowed])

    def claim(self, view: SeatView, ask: Ask) -> Move:
        x = ask.tile
        assert x is not None  # a claim is on the tile on the table
        seen = view.seen_counts()
        takes = [m for m in ask.options if m.kind != "pass"]
        hands = [after_take(view.hand, m, x) for m in takes]
        adv = advisor(view.rules)
        adv.prefetch([view.hand] + [h for h in hands if not owes_discard(h)], [h for h in hands if owes_discard(h)])
        after = seen_without(seen, x)
        own = view.rules.own_discard_makes_chou
        options = []
        for m, h in zip(takes, hands):
            if not owes_discard(h):
                options.append(self.option(view, m, adv.rest(h, after), h, after, view.chou, view.passed_peng))
                continue
            spots = adv.discards(h, after)
            if spots is None:
                options += [self.option(view, m, None, h.without(t), after, view.chou, view.passed_peng)
                            for t in range(20) if h.concealed[t] in (1, 2)]
                continue
            options += [self.option(view, m, s, s.hand, after, view.chou | {s.tile} if own else view.chou,
                                    view.passed_peng) for s in spots]
        if len(takes) < len(ask.options):  # passing is allowed: what it makes 臭 counts
            hu_only = view.rules.passed == "hu_only"
            chou = view.chou | {x} if ask.stage == "chi" or hu_only else view.chou
            passed = view.passed_peng | {x} if ask.stage == "peng" or hu_only else view.passed_peng
            options.append(self.option(view, Move("pass"), adv.rest(view.hand, seen), view.hand, seen, chou, passed))
        return self.best(view, ask, options)


class RaceBot(StrongBot):
    """``strong`` as it was when the game moved into kernels (issue 26), kept as a fixed baseline: every
    later bot and judge is measured head to head against it on the same deals.  It draws its tie-breaks
    from ``strong``'s stream, so while ``strong`` is unchanged the two play the same moves; a change to
    ``strong`` must leave this class playing as before (override here what ``strong`` changes)."""
    name = "race"
    SAMPLES, SHORTLIST, MARGIN = 48, 3, 3.0

    def __init__(self, seed: int = 0, seat: int = 0):
        super().__init__(seed, seat)
        self.rng = bot_rng(seed, seat, StrongBot.name)
