"""Win chance and expected score of each move at a position, by rollouts of the game engine.

What the seat cannot see — the other players' concealed tiles, the kinds
of their face-down 偎 and the stock order — is dealt anew for each sample
(``engine._game_dealing.deal_unseen``): the unseen tiles shuffled, each face-down 偎 given a kind with
three unseen copies (weighted by the ways to hold it), the rest dealt to
the others by the counts they hold and to the stock.  A deal that could
not have led to what was seen is dealt again: another player holding four
of a kind (it would be laid out), a 坎 of a tile that lay face up in front
of anyone (its compulsory 跑/提 would have taken it), a pair of a tile he
discarded or drew and left, or (under 有碰必碰) a pair of a tile he was asked
to 碰 and left (``caps_of``), or one asked before this seat on the tile on
the table having to take it (it would be gone).  And the others' hands
are kept as play keeps a hand (``kept_of``): a player's dealt hand trades
tiles with those nobody holds, giving back its least useful, a few times
for each turn he has had, so that it is about as near ready as real hands
are at that point of play.  Nothing else is inferred from how the others
played.

Each candidate — a script of this seat's moves, e.g. a discard, or a 吃
and the discard after it — is played on the same deals (common random
numbers: the differences between candidates are far more precise than
each figure), in the game kernels (``engine._game_policies.rollouts``: the
deal's hand resumed, the script played, then the rollout policy of
``bot_fast.Policy`` for every seat; tests/winrate_reference.py plays the
same in Python, the reference the kernels are tested against).  Players asked
on the tile on the table before this seat pass (they did).  The hand is
played to its end: a win of this seat counts, its net score (what it
wins minus what it pays, by the ruleset's settlement) is averaged, and a
win of another player on this seat's discard at once is a deal-in.

The figures are those of play by the rollout policy, which wins less often
than a careful player; the README says how far they can be trusted (the
calibration of tests/test_winrate.py).
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Sequence

from ..model.hand import Meld
from ..model.rules import Ruleset
from ..model.ruleset import ROLLOUT_POLICIES, on_curve
from ..model.tiles import N_KINDS
from ..vocabulary import DEFAULT_SAMPLES  # samples per candidate by default (--win-rate, --advise)
from . import workers
from .engine import Game
from .moves import Move
from .position import Position
from .table import Seat

__all__ = ["DEFAULT_SAMPLES", "Estimate", "caps_of", "estimate", "kept_of", "most_deals", "pace", "own_seat", "race",
           "unseen_of"]

#: samples played out in one call of the game kernels (the progress moves between calls)
BATCH = 25
#: deals tried before a sample is given up as inconsistent
TRIES = 200
#: the most scripts that play on past ``samples`` when the best few are still within each other's noise
#: (``BotTuning.close_calls``): the best and the runner-up
CLOSE_KEEP = 2
Z95 = 1.96


@dataclass(frozen=True)
class Estimate:
    """One candidate's rollouts: ``n`` samples, ``wins`` of this seat, its mean net score and the
    sample nets (for paired comparisons), deal-ins (another's win on this seat's discard at once) and
    ``handed`` (another's 碰, 跑 or 招 of this seat's discard at once)."""
    script: tuple[Move, ...]
    n: int
    wins: int
    deal_ins: int
    nets: tuple[int, ...]
    handed: int = 0
    #: the numbered deals it was played on (``n`` less those that could not be dealt)
    dealt: int = 0
    #: the ruleset's ``BotTuning.win_curve`` when the win chance is the judge's (``advice``): ``win`` and
    #: ``win_interval`` are then read off it; () the rollouts' own rate (``raw_win``)
    win_curve: tuple[float, ...] = ()

    def plus(self, more: "Estimate") -> "Estimate":
        """This estimate and ``more`` (the same script on further deals) as one."""
        return Estimate(self.script, self.n + more.n, self.wins + more.wins, self.deal_ins + more.deal_ins,
                        self.nets + more.nets, self.handed + more.handed, self.dealt + more.dealt, self.win_curve)

    @property
    def raw_win(self) -> float:
        """The share of the rollouts this seat won."""
        return self.wins / self.n if self.n else 0.0

    @property
    def win(self) -> float:
        """The win chance: ``raw_win``, read off ``win_curve`` when there is one."""
        return on_curve(self.win_curve, self.raw_win) if self.win_curve else self.raw_win

    @property
    def win_interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win chance (read off ``win_curve`` likewise)."""
        lo, hi = wilson(self.wins, self.n)
        return (on_curve(self.win_curve, lo), on_curve(self.win_curve, hi)) if self.win_curve else (lo, hi)

    @property
    def deal_in(self) -> float:
        return self.deal_ins / self.n if self.n else 0.0

    @property
    def hands_over(self) -> float:
        """The chance that another player 碰s, 跑s or 招s this seat's discard at once."""
        return self.handed / self.n if self.n else 0.0

    @property
    def danger(self) -> float:
        """The chance that this seat's discard lets another player win, 碰, 跑 or 招 at once."""
        return (self.deal_ins + self.handed) / self.n if self.n else 0.0

    @property
    def score(self) -> float:
        return sum(self.nets) / self.n if self.n else 0.0

    @property
    def score_half_width(self) -> float:
        """Half the 95% interval of the mean net score."""
        return Z95 * sd(self.nets) / math.sqrt(self.n) if self.n > 1 else math.inf

    def paired(self, other: "Estimate") -> tuple[float, float]:
        """(mean of this candidate's net minus ``other``'s on the same deals, half its 95% interval)."""
        diffs = [a - b for a, b in zip(self.nets, other.nets)]
        if len(diffs) < 2:
            return (sum(diffs) / len(diffs) if diffs else 0.0), math.inf
        return sum(diffs) / len(diffs), Z95 * sd(diffs) / math.sqrt(len(diffs))


def sd(xs: Sequence[float]) -> float:
    n = len(xs)
    m = sum(xs) / n
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of k successes in n."""
    if n == 0:
        return 0.0, 1.0
    p, z2 = k / n, Z95 * Z95
    mid = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, mid - half), min(1.0, mid + half)


# ---------------------------------------------------------------- dealing what is unseen

def unseen_of(pos: Position):
    """What the kernels deal a sample from (``game_steps.Unseen``; the module docstring): the seats as
    ``pos`` shows them, the face-down 偎 still to be given a kind, the tiles unseen."""
    from ..engine import game_steps
    seats, weis = [], []
    for p in range(pos.players):
        if p == pos.seat:
            seats.append(own_seat(pos))
            continue
        melds, shown = [], []
        for j, (kind, tiles) in enumerate(pos.melds[p]):
            shown.append(tiles is not None)
            if tiles is None:
                weis.append((p, j))
            melds.append(Meld(kind, tiles if tiles is not None else (0, 0, 0)))
        seats.append(Seat([0] * N_KINDS, melds, shown, list(pos.faces[p]), *_chou_of(pos, p)))
    return game_steps.Unseen((seats, []), pos.unseen(), pos.held, weis, pos.stock, pos.last, caps_of(pos),
                             kept_of(pos))


def caps_of(pos: Position) -> list[list[int]]:
    """The most copies of each tile each seat may hold concealed in a deal consistent with ``pos``.

    Concealed tiles only ever leave a hand, so what a seat could not hold when a tile was shown and
    left face up it cannot hold now:

    * never four (they would be laid out);
    * of a tile face up in front of anyone, no 坎 (at most two) when the ruleset makes a 坎's 4-tile
      group compulsory from every source (``kan_always_taken``);
    * of a tile face up in front of the seat itself, at most one when its own draw onto a pair or a
      坎 is compulsory (``self_pair_must_wei``, and the 坎's group on its own draw): the seat either
      discarded that copy (never from a 坎, so one was left at most) or drew it and left it;
    * of a tile face up in front of another seat, at most one under 有碰必碰 (``peng_compulsory``): the
      seat was asked about that copy and did not 碰 it.  (A tile passed once may not be 碰'd after,
      under ``passed = "hu_only"``; but passing it while holding a pair was not allowed, so no seat
      holds a pair of a tile it has passed.)

    A tile shown and then taken by a 吃 (``pos.eaten``) counts as one left face up in front of the seat
    that showed it: every seat was asked about it before the 吃 (a 跑/提 and a 碰 come first), and
    the eater puts every copy it held into the 吃's 比.

    A quick position (``pos.approx``) lays every tile seen in front of one seat, but who showed it is
    not known: the rule of one's own tiles is not applied there.
    """
    rules = pos.rules
    own_kan = rules.take["kan", "self"].compulsory
    own = 1 if own_kan and rules.self_pair_must_wei else 2 if own_kan else 3
    kan = 2 if rules.kan_always_taken else 3
    others = 1 if rules.peng_compulsory else kan
    caps = [[3] * N_KINDS for _ in range(pos.players)]
    for q, faces in enumerate(pos.faces):
        for t in (*faces, *(pos.eaten[q] if pos.eaten else ())):
            for p, row in enumerate(caps):
                row[t] = min(row[t], kan, own if p == q and not pos.approx else others)
    return caps


def kept_of(pos: Position) -> list[int]:
    """How often each other seat's dealt hand is kept as play keeps one (0 for this seat and for a seat
    holding nothing concealed).

    A hand at the table is not a random one: turn after turn its player threw the tile he needed
    least, took the tiles that made groups, and kept the rest.  A sample's hand of another seat does
    the same: it takes a tile at random from those no seat holds (the stock and the tiles set aside)
    and gives back its least useful one (``bot_fast.use``; never a 坎's), ``kept_draws`` (the ruleset's
    ``BotTuning``) times for each tile face up in front of that seat and each meld it laid out (about
    one a turn it has had: a quick position, which lays every tile seen in front of one seat, shares
    them out evenly).  Without it the others' hands are farther from ready than real hands are
    (DECISIONS.md), and waiting for a bigger hand looks better than it is.
    """
    f = pos.rules.bots.kept_draws
    turns = [float(len(pos.faces[p]) + len(pos.melds[p])) for p in range(pos.players)]
    if pos.approx:
        turns = [sum(turns) / pos.players] * pos.players
    return [0 if p == pos.seat or not pos.held[p] else round(f * turns[p]) for p in range(pos.players)]


def own_seat(pos: Position) -> Seat:
    """The seat of ``pos``'s player as it knows itself: its hand (its 偎 face down), its tiles face
    up, its 臭."""
    h = pos.hand
    return Seat(list(h.concealed), list(h.melds), [m.kind != "wei" for m in h.melds], list(pos.faces[pos.seat]),
                set(pos.chou), set(pos.passed_peng))


def _chou_of(pos: Position, p: int) -> tuple[set[int], set[int]]:
    """Another player's 臭, as far as the table shows it: the tiles face up in front of him and of
    his upper player (he might have eaten them) for 吃, every tile face up in front of another for 碰."""
    from .view import others_of
    upper = others_of(p, pos.players, pos.out)[-1]
    chi = {t for q in (p, upper) for t in pos.faces[q]}
    peng = {t for q in range(pos.players) if q != p for t in pos.faces[q]}
    if pos.rules.passed == "hu_only":
        chi |= peng
        peng |= chi
    return chi, peng


# ---------------------------------------------------------------- playing it out

def pace(rules: Ruleset, samples: int = 50, policy: str = "fast") -> float:
    """The seconds one rollout takes on this machine, now: a deal of the unseen tiles and a whole hand
    of ``policy`` from the dealer's first decision, as ``estimate`` plays them (``samples`` of them
    timed after as many played to compile and warm)."""
    from .position import position_of
    game = Game(rules, seed=0)
    pos = position_of(game)
    estimate(pos, [()], samples=samples, seed=1, policy=policy)
    start = time.perf_counter()
    estimate(pos, [()], samples=samples, seed=2, policy=policy)
    return (time.perf_counter() - start) / samples


def estimate(pos: Position, scripts: Sequence[Sequence[Move]], *, samples: int = DEFAULT_SAMPLES,
             seed: int = 0, ties: bool = True, start: int = 0, keep: frozenset = frozenset(),
             progress=None, policy: str = "fast") -> list[Estimate]:
    """Each script's estimate over the same ``samples`` deals (module docstring); the deals and the
    rollouts' tie-breaks come from ``seed``, so the same call gives the same figures (``ties``
    False: the policy takes the first of tied options, a rollout is a function of its deal).
    ``start``: the deals are those numbered start … start + samples − 1 (``race`` goes on from one
    call's deals to the next).  ``policy``: who plays every seat after the script, the rollout policy
    (``fast``, every figure the advice prints) or the bot ``keen`` (as strong as ``basic``)."""
    from ..engine import game_steps
    from .rng_keys import str_key

    if policy not in ROLLOUT_POLICIES:
        raise ValueError(f"no rollout policy {policy!r}: choose one of {', '.join(ROLLOUT_POLICIES)}")
    roll = None
    if policy == "keen":
        from ..engine import keen_steps
        roll = keen_steps.roller(pos.rules)
    plays = [tuple(s) for s in scripts]
    nets: list[list[int]] = [[] for _ in plays]
    wins = [0] * len(plays)
    ins = [0] * len(plays)
    handed = [0] * len(plays)
    tables = game_steps.tables_of(pos.rules)
    unseen = unseen_of(pos)
    refused: tuple[Move, ...] = ()  # a script the engine did not offer on some deal
    for lo in range(start, start + samples, BATCH):
        numbers = range(lo, min(lo + BATCH, start + samples))
        res = game_steps.deal_and_roll(
            tables, unseen, [str_key(f"{seed}:{i}") for i in numbers], TRIES, me=pos.seat, stage=pos.stage,
            table=pos.table, dealer=pos.dealer, turn=pos.turn, first_discard=pos.first_discard,
            last_stock=pos.last_stock, scripts=plays, keys=[str_key(f"{seed}:{i}:play") for i in numbers],
            ties=ties, keep=keep, roll=roll).tolist()
        for row in res:
            if any(r[3] < 0 for r in row):
                # a deal where the script is not what the seat is asked: the others' counts it was dealt
                # (a position's, as given) do not lead to this decision; left out, as below
                refused = refused or next(plays[k] for k, r in enumerate(row) if r[3] < 0)
                continue
            if any(r[3] == 0 for r in row):
                continue  # no deal, or one that contradicts what was seen
            for k, (net, won, deal_in, _, gave) in enumerate(row):
                nets[k].append(net)
                wins[k] += won
                ins[k] += deal_in
                handed[k] += gave
        if progress is not None:
            progress(min(lo + BATCH, start + samples) - lo)
    if refused and not any(nets):
        raise ValueError(f"the script {refused} has a move that is not offered")
    return [Estimate(s, len(nets[k]), wins[k], ins[k], tuple(nets[k]), handed[k], samples)
            for k, s in enumerate(plays)]


def race(pos: Position, scripts: Sequence[Sequence[Move]], *, samples: int = DEFAULT_SAMPLES, seed: int = 0,
         ties: bool = True, keep: frozenset = frozenset(), jobs: int = 1, progress=None,
         policy: str = "fast", close: float = 1.0) -> list[Estimate]:
    """``estimate`` with the scripts that cannot be best dropped early (the schedule is the ruleset's:
    ``BotTuning.race_first``, ``race_round``, ``race_keep``).  Every script is played on the first
    ``race_first`` deals; after each round (``race_first``, then ``samples`` × ``race_round``) a
    script goes on only while the 95% interval of its paired difference from the best so far
    reaches 0, and while it is among the ``race_keep`` best so far (6, then 3): early in a hand many
    discards are about as good, and telling them all apart would cost more deals than the advice
    can afford.  The best plays every deal, even once it is the only one left.  A dropped script keeps its estimate on fewer deals (a wider interval; ``advice.played_out``
    plays the move a review grades on the rest).  ``jobs`` > 1
    plays each round's deals in that many processes, the same deals in the same order: the figures
    do not change.  The same call gives the same figures.  ``policy``: who plays the rollouts (``estimate``).
    ``close`` (``BotTuning.close_calls``): when the best and the runner-up are still within each other's
    noise after ``samples`` deals, the two play on, ``samples`` more deals a round, until one is
    apart or they have played ``close`` × ``samples``: a close call gets the deals it needs, the others
    none (``Estimate.dealt`` says how many each played)."""
    plays = [tuple(s) for s in scripts]
    if jobs > 1 and samples >= 2 * pos.rules.bots.race_first and workers.forking():
        global _JOB
        _JOB = (pos, plays, seed, ties, keep, policy)  # the workers get it by the fork
        # the rollouts' kernels loaded (or compiled, announced once) here, before the fork: each worker
        # used to start compiling them on its own, every progress line said twice
        estimate(pos, [()], samples=1, seed=seed, policy=policy)
        with workers.executor(jobs) as pool:  # workers that die with this process (solver.game.workers)
            return _race(pos, plays, samples, seed, ties, keep, jobs, progress, pool, policy, close)
    return _race(pos, plays, samples, seed, ties, keep, jobs, progress, None, policy, close)


def _race(pos: Position, scripts: list[tuple[Move, ...]], samples: int, seed: int, ties: bool, keep: frozenset,
          jobs: int, progress, pool, policy: str = "fast", close: float = 1.0) -> list[Estimate]:
    """``race`` on one process (``pool`` None) or each round's deals on the processes of ``pool``."""
    tuning = pos.rules.bots
    first, keeps = tuning.race_first, tuning.race_keep
    ends = sorted({min(samples, first), min(samples, max(first, round(samples * tuning.race_round))), samples})
    most = most_deals(samples, close)
    ends += list(range(2 * samples, most, samples)) + ([most] if most > samples else [])
    ests: dict[int, Estimate] = {}  # by script, once played
    keep_going, done = list(range(len(scripts))), 0
    for end in ends:
        if end > samples:  # a close call: the best and the runner-up play on while neither is apart
            if len(keep_going) < 2:
                break
            keep_going = keep_going[:CLOSE_KEEP]
        if pool is None:
            more = estimate(pos, [scripts[k] for k in keep_going], samples=end - done, seed=seed, ties=ties,
                            start=done, keep=keep, progress=progress, policy=policy)
        else:
            more = _parallel(pool, jobs, keep_going, done, end - done, progress)
        for k, e in zip(keep_going, more):
            a = ests.get(k)
            ests[k] = e if a is None else a.plus(e)
        done = end
        best = max((ests[k] for k in keep_going), key=lambda e: e.score)
        keep_going = [k for k in keep_going if ests[k] is best or _open(ests[k], best)]
        keep_going.sort(key=lambda k: -ests[k].score)
        most = keeps[min(len(keeps) - 1, ends.index(end))]
        keep_going = keep_going[:most]  # the last one left goes on: the best is known on every deal
    return [ests[k] for k in range(len(scripts))]  # (every script is played in the first round)


def most_deals(samples: int, close: float) -> int:
    """The most deals a choice of a race of ``samples`` deals can be played on: a close call's (``race``)."""
    return max(samples, round(samples * close))


def _open(e: Estimate, best: Estimate) -> bool:
    """Whether ``e`` might still be as good as ``best`` (its paired 95% interval reaches 0)."""
    diff, half = e.paired(best)
    return diff + half >= 0


# ---------------------------------------------------------------- rounds in several processes

#: (pos, scripts, seed, ties, keep, policy) of the race whose pool is forked
_JOB: tuple[Position, list[tuple[Move, ...]], int, bool, frozenset, str] | None = None


def _part(args: tuple[tuple[int, ...], int, int]) -> list[Estimate]:
    which, start, n = args
    assert _JOB is not None  # set by race before its pool forked this worker
    pos, scripts, seed, ties, keep, policy = _JOB
    return estimate(pos, [scripts[k] for k in which], samples=n, seed=seed, ties=ties, start=start, keep=keep,
                    policy=policy)


def _parallel(pool, jobs: int, which: list[int], start: int, n: int, progress) -> list[Estimate]:
    """``estimate`` of the scripts ``which`` on deals start … start + n − 1, split in contiguous parts."""
    cuts = [start + n * j // jobs for j in range(jobs + 1)]
    parts = list(pool.map(_part, [(tuple(which), a, b - a) for a, b in zip(cuts, cuts[1:]) if b > a]))
    if progress is not None:
        progress(n)
    out = parts[0]
    for part in parts[1:]:
        out = [a.plus(e) for a, e in zip(out, part)]
    return out
