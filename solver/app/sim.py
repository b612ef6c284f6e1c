"""Self-play for ``phz sim``: bots play deals, each once per seating, on one or several processes.

Deal ``i`` of a simulation of ``seed`` is that of ``hand_seed(seed, i)`` (its tiles and its
dealer), played in the game kernels (``Game``; random, keen or basic bots alone, whole hands at once).  It is played once per seating: rotation r puts
bot ``bots[(p + r) % n]`` at seat p (n seats; at a table of four one sits out each hand), so every bot sits at every seat of the
same deal (duplicate deals; a seating that repeats another, as with three
bots of one kind, is played once).  Each bot is
``make_bot(name, hand_seed(seed, i), seat)``: its randomness comes from the
deal and its seat.  A deal's games depend on nothing but (rules, bots,
seed, i), so ``--jobs`` and the order the deals are played in change no
result: the outcomes are merged by deal index.

With several jobs the deal indices go in chunks to worker processes forked
from this one (a few chunks per job, each to the next free worker), as
``solver.app.batch`` does it; ``progress`` is told each deal done.  The
workers die with this process, however it ends (``solver.game.workers``):
none plays on or writes another record.

>>> from solver.model.rules import get_ruleset
>>> job = Sim(get_ruleset("hunan"), ("random", "random", "random"), seed=1)
>>> [d.index for d in run(job, 3)], len(play_deal(job, 0).games)
([0, 1, 2], 1)
"""
from __future__ import annotations

import itertools
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Sequence

from ..game import roster
from ..game.players import make_bot
from ..game.session import hand_seed
from ..game.stats import DealOutcome, GameOutcome, Tally, game_events
from ..game.view import view_of
from ..model.rules import Ruleset
from .batch import no_gc

if TYPE_CHECKING:
    from ..game.engine import Game

#: chunks per job: the jobs share the work as they come free
CHUNKS_PER_JOB = 8
#: the most deals in one chunk (so the progress bar moves and a stop loses little): deals played a
#: decision at a time, and deals played whole in the game kernels (~20,000 hands a second: a smaller
#: chunk would spend more in handing it to a worker and back than in playing it)
MAX_CHUNK, MAX_KERNEL_CHUNK = 50, 1000


@dataclass(frozen=True)
class Sim:
    """What a simulation is asked: the ruleset, the bot of each seat at rotation 0, the seed, and
    where to write each game's record (None: nowhere)."""
    rules: Ruleset
    bots: tuple[str, ...]
    seed: int = 0
    records: str | None = None


def seatings(bots: Sequence[str]) -> list[tuple[str, ...]]:
    """The bot at each seat, per rotation; a seating that repeats an earlier one is left out.

    >>> seatings(("strong", "basic", "random"))
    [('strong', 'basic', 'random'), ('basic', 'random', 'strong'), ('random', 'strong', 'basic')]
    >>> seatings(("basic", "basic", "basic"))
    [('basic', 'basic', 'basic')]
    """
    n = len(bots)
    return list(dict.fromkeys(tuple(bots[(p + r) % n] for p in range(n)) for r in range(n)))


def record_name(index: int, rotation: int) -> str:
    """The file of the record of deal ``index``, rotation ``rotation``, in the --records folder."""
    return f"deal{index:06d}-{rotation}.jsonl"


def play_game(rules: Ruleset, seed: int, seating: Sequence[str]) -> tuple[Game, GameOutcome]:
    """One game of the deal of ``seed`` with ``seating``'s bots, in the game kernels (``Game``,
    driven a decision at a time); the game and what it came to."""
    from ..game.engine import Game
    game = Game(rules, seed=seed)
    players = [make_bot(name, seed, p) for p, name in enumerate(seating)]
    while (ask := game.ask()) is not None:
        # one option (a compulsory move, an only discard): nothing to choose, no view to build
        move = ask.options[0] if len(ask.options) == 1 else players[ask.seat].choose(view_of(game, ask.seat), ask)
        game.play(move)
    result = game.result
    assert result is not None  # ask() is None: the game is over
    chou_wei = [(p, "chou_wei") for p in range(len(seating)) for _ in range(game.chou_wei(p))]
    return game, GameOutcome(tuple(seating), tuple(result.net), result.winner, game.turns,
                             tuple(sorted(chou_wei + game_events(game.events))))


def play_deal(job: Sim, index: int) -> DealOutcome:
    """Deal ``index`` of ``job``, played once per seating (and its records written)."""
    seed = hand_seed(job.seed, index)
    games = []
    for r, seating in enumerate(seatings(job.bots)):
        game, outcome = play_game(job.rules, seed, seating)
        if job.records is not None:
            _write_record(job, game, seating, index, r)
        games.append(outcome)
    return DealOutcome(index, tuple(games))


def _write_record(job: Sim, game: Game, seating: Sequence[str], index: int, rotation: int) -> None:
    """The record of one game (``solver.game.record``): a header whose seed is the deal's, one hand."""
    from ..game import record

    seed = hand_seed(job.seed, index)
    assert job.records is not None  # play_deal writes a record only into a --records folder
    record.write(os.path.join(job.records, record_name(index, rotation)), job.rules, [game], seeds=[seed],
                 seed=seed, seats=[{"name": f"seat {p}", "player": b} for p, b in enumerate(seating)],
                 session={"command": "sim", "seed": job.seed, "deal": index, "seating": rotation,
                          "bots": list(job.bots)})


def _whole(job: Sim) -> Callable | None:
    """How ``job``'s hands play whole in the game kernels, if they do: one bot at every seat whose
    registration plays whole hands (``roster``: random, keen, basic), no records; else None."""
    return roster.get(job.bots[0]).whole if job.records is None and len(set(job.bots)) == 1 else None


def play_chunk(job: Sim, lo: int, hi: int) -> list[DealOutcome]:
    """Deals lo to hi - 1; random, keen or basic bots alone (and no records) play whole in the game kernels, the same
    games as ``play_deal`` (a deal whose start needs the judge of 天胡 is played here)."""
    whole = _whole(job)
    if whole is not None:
        seeds = [hand_seed(job.seed, i) for i in range(lo, hi)]
        with no_gc():  # its outcomes: tuples of ints and strings, no cycles
            played = whole(job.rules, seeds, tuple(job.bots))
            deals = [DealOutcome(i, (p.outcome,)) if p.outcome is not None else None
                     for i, p in zip(range(lo, hi), played)]
        return [d if d is not None else play_deal(job, i) for i, d in zip(range(lo, hi), deals)]
    return [play_deal(job, i) for i in range(lo, hi)]


# ---------------------------------------------------------------- several processes

_JOB: Sim | None = None  # in a forked worker only: the simulation it works for


def _start_worker(job: Sim) -> None:
    """A forked worker's start (after ``workers.become``): it keeps its simulation (forked with it)."""
    global _JOB
    _JOB = job


def _worker(lo: int, hi: int, tallied: bool) -> tuple[int, int, list[DealOutcome] | Tally]:
    """Deals lo to hi - 1, as they are or (``tallied``) added up in a ``Tally`` of their own, which is
    smaller to send back and leaves the adding to the workers."""
    assert _JOB is not None
    deals = play_chunk(_JOB, lo, hi)
    if not tallied:
        return lo, hi, deals
    tally = Tally(_JOB.bots)
    for d in deals:
        tally.add(d)
    return lo, hi, tally


class WorkerDied(RuntimeError):
    """A --jobs worker process ended without finishing its deals; ``str()`` is one line."""


def chunks(deals: int, jobs: int, most: int = MAX_CHUNK) -> list[tuple[int, int]]:
    """The deal ranges [lo, hi) handed to the workers: about CHUNKS_PER_JOB per job, at most ``most`` deals.

    >>> chunks(10, 2)
    [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7), (7, 8), (8, 9), (9, 10)]
    >>> len(chunks(1000, 2)), chunks(1000, 2)[-1]
    (20, (950, 1000))
    """
    size = max(1, min(most, -(-deals // (jobs * CHUNKS_PER_JOB))))
    return [(lo, min(deals, lo + size)) for lo in range(0, deals, size)]


def run(job: Sim, deals: int, *, jobs: int = 1, progress: Callable[[int], None] | None = None,
        each: Callable[[DealOutcome], None] | None = None, into: Tally | None = None) -> list[DealOutcome]:
    """Deals 0 to ``deals`` - 1 of ``job`` in index order, on ``jobs`` processes; ``progress(k)``
    after each k deals done.  With ``each``, every deal is given to it in index order as soon as the
    deals before it are in, and none is kept (the list returned is empty): a long run keeps only
    what ``each`` keeps.  With ``into`` (a ``stats.Tally`` of ``job.bots``), every deal is added to it
    as ``each=into.add`` would, but on several jobs each worker adds up its own deals and ``into``
    takes their tallies in order (``Tally.merge``: the same numbers), which leaves this process little
    to do a deal."""
    from ..game import workers

    tell = progress or (lambda k: None)
    kept: list[DealOutcome] = []
    take = into.add if into is not None else each or kept.append
    jobs = max(1, min(jobs, deals))
    if jobs == 1 or not workers.forking():  # no fork (Windows): one job
        return _one_job(job, deals, tell, take, kept)
    from concurrent.futures import FIRST_COMPLETED, wait
    from concurrent.futures.process import BrokenProcessPool

    from . import signals

    # deal 0 played here, before the fork, and kept: the kernels its bots use load (or compile, once) in phz,
    # not in each worker (each would compile them on its own on a fresh install); the workers get the rest
    for d in play_chunk(job, 0, 1):
        take(d)
    tell(1)
    next_lo = 1
    most = MAX_KERNEL_CHUNK if _whole(job) is not None else MAX_CHUNK
    parts = [(next_lo + lo, next_lo + hi) for lo, hi in chunks(deals - next_lo, jobs, most)]
    # chunks done, by their first deal, whose earlier chunks are not all in yet: (their end, their deals)
    waiting: dict[int, tuple[int, list[DealOutcome] | Tally]] = {}
    try:
        with (workers.executor(jobs, _start_worker, (job,)) as pool,
              signals.on_stop(workers.kill_all)):  # Ctrl-C, SIGTERM (solver.app.signals): no worker outlives us
            if pool is None:  # no worker could be forked: the rest here
                return _one_job(job, deals, tell, take, kept, start=next_lo)
            # Chunks go in as workers come free (a few ahead), so that finished deals wait in order
            # for few others.
            ahead = 2 * jobs
            queue = iter(parts)
            running = {pool.submit(_worker, lo, hi, into is not None)
                       for lo, hi in itertools.islice(queue, ahead)}
            while running:
                finished, running = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    lo, hi, got = future.result()
                    waiting[lo] = (hi, got)
                    while next_lo in waiting:
                        next_lo, part = waiting.pop(next_lo)
                        if isinstance(part, Tally):
                            assert into is not None  # a worker tallies only for ``into``
                            into.merge(part)
                        else:
                            for d in part:
                                take(d)
                    tell(hi - lo)
                    for lo, hi in itertools.islice(queue, 1):
                        running.add(pool.submit(_worker, lo, hi, into is not None))
    except BrokenProcessPool:
        done = next_lo + sum(hi - lo for lo, (hi, _) in waiting.items())
        raise WorkerDied(f"a worker process playing the deals died (killed, or out of memory) after "
                         f"{done} of {deals} deals") from None
    assert next_lo == deals and not waiting
    return kept


def _one_job(job: Sim, deals: int, tell: Callable[[int], None], take: Callable[[DealOutcome], None],
             kept: list[DealOutcome], start: int = 0) -> list[DealOutcome]:
    """Deals ``start`` to ``deals`` - 1 in this process (those before it are taken already)."""
    for lo, hi in chunks(deals - start, 1, MAX_KERNEL_CHUNK if _whole(job) is not None else MAX_CHUNK):
        for d in play_chunk(job, start + lo, start + hi):
            take(d)
        tell(hi - lo)
    return kept
