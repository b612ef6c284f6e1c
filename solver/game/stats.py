"""The statistics of self-play (``phz sim``): what each game came to, and per bot what its games came to.

A simulation plays each deal once per seating of the bots (duplicate deals:
the same tiles and dealer, the bots rotated over the seats), so the luck of
the deal and of the seat cancels out.  A bot's value for a deal is its mean
net score over the games of that deal in which it sat (a seat-game each);
the comparison metric is the mean of those values over the deals, with a
95% interval by the normal approximation (mean ± 1.96 · s / √n, s the
sample standard deviation of the per-deal values, n the deals).  Two bots
are compared by the same interval on their per-deal differences (paired:
the same deals).  Net scores have heavy tails (a rare hand with many 番 is
worth dozens of ordinary ones), so with few deals that interval is too
narrow: no bot is called the better below ``VERDICT_DEALS`` deals, however
far apart their means (``Pair.verdict``), and a comparison that shows no
difference says how many deals would show one of its size
(``Pair.deals_needed``).

>>> g = GameOutcome(("a", "b", "c"), (4, -2, -2), 0, 9, ((0, "zimo"),))
>>> h = GameOutcome(("b", "c", "a"), (0, 0, 0), None, 12, ())
>>> s = summarise([DealOutcome(0, (g, h))], ("a", "b", "c"))
>>> a = s.bot("a")
>>> a.mean_net, a.half, a.wins, a.won_mean, a.drawn, a.turns, a.events
(2.0, None, 1, 4.0, 1, 10.5, {'zimo': 1})
"""
from __future__ import annotations

import math
from array import array
from dataclasses import asdict, dataclass
from typing import Iterable, Sequence

from ..model.ruleset import FOUR_KINDS
from .events import Event, MeldEvent, PenaltyEvent, TakeEvent, WinEvent

__all__ = ["EVENTS", "BotStats", "DealOutcome", "GameOutcome", "Pair", "Summary", "Tally", "game_events",
           "mean_interval", "summarise"]

#: the rule events counted per bot, in the order shown: key -> its name at the table
EVENTS = {"bakuai": "八块", "chou_wei": "臭偎", "popao": "破跑胡", "tianhu": "天胡", "qishou": "起手胡",
          "dihu": "地胡", "haidi": "海底", "zimo": "自摸"}
#: z of a two-sided 95% interval (normal approximation)
Z95 = 1.96
#: the fewest deals on which ``phz sim`` calls one bot the better (module docstring; DECISIONS.md)
VERDICT_DEALS = 200
_CONDITIONS = ("tianhu", "qishou", "dihu", "haidi")


@dataclass(frozen=True)
class GameOutcome:
    """One game of a deal: the bot at each seat, net score per seat, the winner (None: 荒庄), the
    turns (stock draws), and the rule events as (seat, key of EVENTS or a penalty's offence)."""
    bots: tuple[str, ...]
    net: tuple[int, ...]
    winner: int | None
    turns: int
    events: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class DealOutcome:
    """The games of deal ``index`` (``hand_seed(seed, index)``), one per seating."""
    index: int
    games: tuple[GameOutcome, ...]


def game_events(events: Iterable[Event]) -> list[tuple[int, str]]:
    """The rule events of a game's event list (``Game.events``) as (seat, key): 八块 (a second or
    later 4-tile group, the dealt ones counted), the win's game conditions (天胡, 起手胡, 地胡, 海底),
    a win whose how is 破跑胡 or 天胡, a self-drawn win (自摸), and each penalty by its offence.
    (臭偎 is not in the events: the player loop counts it from the move's Action.)

    >>> from solver.game.events import MeldEvent, TakeEvent, WinEvent
    >>> game_events([MeldEvent(seat=1, kind="ti", tiles="一一一一"),
    ...              TakeEvent(seat=1, kind="pao", tile="二", melds=("二二二二",)),
    ...              TakeEvent(seat=2, kind="ti", tile="三", melds=("三三三三",)),
    ...              WinEvent(seat=2, tile="四", source="self", conditions=("haidi",), how="破跑胡", huxi=30, deng=1,
    ...                       fan=1, fan_names=(), score=3)])
    [(1, 'bakuai'), (2, 'haidi'), (2, 'popao'), (2, 'zimo')]
    """
    fours: dict[int, int] = {}
    out: list[tuple[int, str]] = []
    for e in events:
        if isinstance(e, (MeldEvent, TakeEvent)) and e.kind in FOUR_KINDS:
            p = e.seat
            if isinstance(e, TakeEvent) and fours.get(p, 0):
                out.append((p, "bakuai"))
            fours[p] = fours.get(p, 0) + 1
        elif isinstance(e, WinEvent):
            p = e.seat
            keys = [c for c in _CONDITIONS if c in e.conditions]
            if e.how == "破跑胡":
                keys.append("popao")
            if e.how == "天胡" and "tianhu" not in keys:
                keys.append("tianhu")
            if e.source == "self":
                keys.append("zimo")
            out += [(p, k) for k in keys]
        elif isinstance(e, PenaltyEvent):
            out.append((e.seat, e.offence))
    return out


def mean_interval(xs: Sequence[float]) -> tuple[float, float | None]:
    """(mean, half-width of its 95% interval), the normal approximation; no interval below 2 values.

    >>> mean_interval([1, 2, 3, 4])  # s = 1.291, 1.96 * s / 2
    (2.5, 1.2651...)
    >>> mean_interval([5])
    (5.0, None)
    """
    n = len(xs)
    if n == 0:
        return 0.0, None
    mean = math.fsum(xs) / n
    if n < 2:
        return mean, None
    var = math.fsum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, Z95 * math.sqrt(var / n)


@dataclass(frozen=True)
class BotStats:
    """What one bot's seat-games came to (module docstring)."""
    name: str
    games: int  # seat-games: one per game it sat in, per seat
    mean_net: float  # mean net score per hand (the comparison metric)
    half: float | None  # half-width of its 95% interval
    wins: int
    won_mean: float | None  # mean net of the games it won
    losses: int  # games another seat won
    lost_mean: float | None  # mean net of those (negative)
    drawn: int  # its games that were drawn (荒庄)
    turns: float  # mean turns (stock draws) of its games
    events: dict[str, int]

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def drawn_rate(self) -> float:
        return self.drawn / self.games if self.games else 0.0

    def as_json(self) -> dict:
        return {**asdict(self), "win_rate": self.win_rate, "drawn_rate": self.drawn_rate}


@dataclass(frozen=True)
class Pair:
    """``first`` against ``second`` on ``deals`` deals: the mean per-deal difference of their net per
    hand, and its 95% interval.

    >>> Pair("x", "y", -2.4, 1.5, 20).verdict is None  # apart, but on too few deals
    True
    >>> Pair("x", "y", 0.3, 0.15, 2000).verdict, Pair("x", "y", 0.1, 0.2, 500).deals_needed
    ('x', 2000)
    """
    first: str
    second: str
    mean: float
    half: float | None
    deals: int = 0

    @property
    def apart(self) -> bool:
        """The interval excludes 0."""
        return self.half is not None and abs(self.mean) > self.half

    @property
    def verdict(self) -> str | None:
        """The better bot at 95%: the interval excludes 0 on at least VERDICT_DEALS deals; else None."""
        if not self.apart or self.deals < VERDICT_DEALS:
            return None
        return self.first if self.mean > 0 else self.second

    @property
    def deals_needed(self) -> int | None:
        """About how many deals would make an interval as narrow as the difference seen (the
        half-width shrinks as 1/√deals), at least VERDICT_DEALS; None when there is no interval or
        no difference, or the bots are told apart already."""
        if self.half is None or self.mean == 0 or self.verdict is not None:
            return None
        return max(VERDICT_DEALS, math.ceil(self.deals * (self.half / self.mean) ** 2))

    def as_json(self) -> dict:
        return {**asdict(self), "apart": self.apart, "verdict": self.verdict, "deals_needed": self.deals_needed}


@dataclass(frozen=True)
class Summary:
    deals: int
    games: int
    drawn: int  # games drawn (荒庄)
    turns: float  # mean turns per game
    bots: tuple[BotStats, ...]  # in the order first named
    pairs: tuple[Pair, ...]  # every two bots, in that order

    def bot(self, name: str) -> BotStats:
        return next(b for b in self.bots if b.name == name)

    def as_json(self) -> dict:
        return {"deals": self.deals, "games": self.games, "drawn": self.drawn, "turns": self.turns,
                "bots": [b.as_json() for b in self.bots], "pairs": [p.as_json() for p in self.pairs]}


class Tally:
    """The running counts of a simulation, deal by deal (``add``), so that a long run keeps a few
    numbers a deal, not its games; ``summary()`` at any point.  Add the deals in index order for
    numbers that do not depend on the order they were played in (``summarise`` sorts them)."""

    def __init__(self, bots: Sequence[str]):
        self.names = list(dict.fromkeys(bots))
        # a bot's mean net per deal (8 bytes a deal: a run of millions of deals stays small)
        self.per_deal: dict[str, array] = {b: array("d") for b in self.names}
        self.seat_games = dict.fromkeys(self.names, 0)
        self.won = {b: [0, 0] for b in self.names}  # games, net
        self.lost = {b: [0, 0] for b in self.names}
        self.drawn = dict.fromkeys(self.names, 0)
        self.turns = dict.fromkeys(self.names, 0)  # summed over its seat-games
        self.events: dict[str, dict[str, int]] = {b: {} for b in self.names}
        self.deals = self.games = self.games_drawn = self.all_turns = 0

    def add(self, deal: DealOutcome) -> None:
        nets: dict[str, list[int]] = {b: [] for b in self.names}
        self.deals += 1
        for g in deal.games:
            self.games += 1
            self.games_drawn += g.winner is None
            self.all_turns += g.turns
            for p, b in enumerate(g.bots):
                v = g.net[p]
                nets[b].append(v)
                self.seat_games[b] += 1
                self.turns[b] += g.turns
                if g.winner is None:
                    self.drawn[b] += 1
                else:
                    tally = self.won[b] if g.winner == p else self.lost[b]
                    tally[0] += 1
                    tally[1] += v
            for p, key in g.events:
                counts = self.events[g.bots[p]]
                counts[key] = counts.get(key, 0) + 1
        for b in self.names:
            if nets[b]:
                self.per_deal[b].append(sum(nets[b]) / len(nets[b]))

    def merge(self, other: Tally) -> None:
        """Add ``other``'s deals, as if each had been ``add``-ed here after this tally's own (the same
        bots): the counts summed, the per-deal means appended."""
        if other.names != self.names:
            raise ValueError(f"a tally of {other.names} merged into one of {self.names}")
        for b in self.names:
            self.per_deal[b].extend(other.per_deal[b])
            self.seat_games[b] += other.seat_games[b]
            for mine, theirs in ((self.won[b], other.won[b]), (self.lost[b], other.lost[b])):
                mine[0] += theirs[0]
                mine[1] += theirs[1]
            self.drawn[b] += other.drawn[b]
            self.turns[b] += other.turns[b]
            for key, n in other.events[b].items():
                self.events[b][key] = self.events[b].get(key, 0) + n
        self.deals += other.deals
        self.games += other.games
        self.games_drawn += other.games_drawn
        self.all_turns += other.all_turns

    def summary(self) -> Summary:
        order = {k: i for i, k in enumerate(EVENTS)}
        stats = []
        for b in self.names:
            mean, half = mean_interval(self.per_deal[b])
            n = self.seat_games[b]
            (wins, won), (losses, lost) = self.won[b], self.lost[b]
            stats.append(BotStats(b, n, mean, half, wins, won / wins if wins else None, losses,
                                  lost / losses if losses else None, self.drawn[b], self.turns[b] / n if n else 0.0,
                                  dict(sorted(self.events[b].items(),
                                              key=lambda kv: (order.get(kv[0], len(order)), kv[0])))))
        pairs = []
        for i, a in enumerate(self.names):
            for b in self.names[i + 1:]:
                xs, ys = self.per_deal[a], self.per_deal[b]
                if len(xs) == len(ys):
                    pairs.append(Pair(a, b, *mean_interval(array("d", (x - y for x, y in zip(xs, ys)))), len(xs)))
        return Summary(self.deals, self.games, self.games_drawn, self.all_turns / self.games if self.games else 0.0,
                       tuple(stats), tuple(pairs))


def summarise(deals: Sequence[DealOutcome], bots: Sequence[str]) -> Summary:
    """Per bot (``bots``: the names, each once, in the order to show) and per pair of bots, over
    ``deals`` taken in index order (the same numbers whatever order they were played in)."""
    tally = Tally(bots)
    for deal in sorted(deals, key=lambda d: d.index):
        tally.add(deal)
    return tally.summary()
