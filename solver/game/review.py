"""The review of a game: every decision of one seat in a record compared with the advice (issue 16).

Each hand is replayed through the engine (``solver.game.replay``: strictly,
or leniently for a record typed in from a real table, where a move may
break a rule).  At every decision of the seat that had more than one
option — a discard, a claim at a revealed tile, a 胡 or 过 — the position
the seat saw (``position_of``) is advised (``advise``: every option played
out by rollouts on the same deals) and the move made is set against the
best: what it leaves (distance to ready, live 进张 / outs), its win chance
and its expected score.  A claim is judged with its best follow-up discard;
the discard actually made after it is the next decision, reviewed as any.

The grade is the expected-score loss against the best move (``Choice.loss``,
paired on the same deals), in points of net score: below the ruleset's
``grade_points``' first figure (``BotTuning``) ok, then inaccuracy,
mistake, blunder; or, where it is worse, the grade of the win chance given
up (``Choice.win_loss``, the chances as shown, read off the win curve,
against ``grade_win``): a point of score is much or little by the stakes of the
hand, and a move that throws away a ready hand's wait or the 吃 that makes
it ready gives up a third of its chance to win for two points or so.  A
loss whose 95% interval reaches 0 (the rollouts cannot tell the move from
the best) is ok, whatever the win chance: a move that trades wins for
bigger wins at the same expected score is no mistake.  But passing a 胡
that the advice ranks first (it does unless passing is better beyond the
noise) is at least ``PASSED_HU``: a sure score given up for what the
rollouts cannot show is more (a hand ready on many outs may lose little on
average by passing, and the learner should still hear it).
The thresholds come from the losses of the ``basic`` bot's decisions (the
decisions note).  Every decision is advised from the same ``seed``, so the
same record always gets the same grades.

A move that breaks a rule (烧比 / 吃包子, 臭张, 走跑, 失提, 诈胡: only in a
lenient replay) is graded ``broken``: it is named with its penalty from the
ruleset, and the best legal move is shown when the seat was asked.  Every
rule broken in the hands reviewed, by any seat, is listed.

>>> from solver.model.ruleset import BotTuning
>>> t = BotTuning()
>>> grade(t, 0.4, 0.2), grade(t, 5.0, 6.0), grade(t, 5.0, 1.0), grade(t, 9.5, 3.0)
('ok', 'ok', 'mistake', 'blunder')
>>> grade(t, 2.0, 0.6), grade(t, 2.0, 0.6, 0.33), grade(t, 0.5, 0.6, 0.5)
('inaccuracy', 'blunder', 'ok')
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..model.rules import Ruleset
from ..model.ruleset import BotTuning
from .advice import SEED, Advice, Choice, advise
from .events import MoveEvent
from .moves import Move
from .position import Position, position_of
from .record import Record
from .replay import Offence, replay
from .winrate import DEFAULT_SAMPLES, pace

__all__ = ["BROKEN", "GRADES", "PASSED_HU", "ROLLOUTS", "SEED", "Reviewed", "Review", "checked", "count_decisions",
           "default_seat", "grade", "review", "seconds"]

#: the grades, mildest first
GRADES = ("ok", "inaccuracy", "mistake", "blunder")
#: the least grade of passing a 胡 the advice ranks first (module docstring)
PASSED_HU = "mistake"
#: the grade of a move that breaks a rule
BROKEN = "broken"
#: about what one decision costs at the default samples, in rollouts of the judge's policy
#: (``winrate.pace``: a deal and a whole hand in the game kernels, timed as a review starts): 4-hand games
#: of basic bots, seat 0, took 3.7 s for 32 decisions against 0.86 ms a keen rollout (hunan) and 2.7 s for
#: 21 against 0.71 ms (luzhou): 136 and 179 (the races play 100 deals of each option still in the
#: running, and the position and options of each decision are worked out in Python); with close calls
#: (``BotTuning.close_calls``) the same 32 decisions of ``benchmarks/bench_review.py`` took 4.9 s against
#: 2.6 s (twice the rollouts: 20,136 against 10,436)
ROLLOUTS = 300


def seconds(rules: Ruleset, decisions: int, samples: int = DEFAULT_SAMPLES) -> float:
    """About the seconds ``decisions`` decisions take to review on this machine (``ROLLOUTS``, timed now)."""
    return decisions * ROLLOUTS * samples / DEFAULT_SAMPLES * pace(rules, policy=rules.bots.rollout_policy) if decisions and samples else 0.0


def grade(tuning: BotTuning, loss: float, half_width: float, win_loss: float = 0.0) -> str:
    """The grade of an expected-score loss and the win chance given up (module docstring): ok while the
    loss's 95% interval reaches 0."""
    if loss <= half_width:
        return GRADES[0]
    return GRADES[max(sum(loss >= t for t in tuning.grade_points), sum(win_loss >= t for t in tuning.grade_win))]


@dataclass(frozen=True)
class Reviewed:
    """One decision of the seat: hand, move number (as ``phz replay`` numbers them), record line,
    the position, the move made and the advice there (None: the seat was not asked, a rule broken
    out of turn), the rule it broke ('' none) and its grade."""
    hand: int
    n: int
    line: int | None
    position: Position
    move: Move
    advice: Advice | None
    offence: str = ""
    penalty: int = 0

    @property
    def played(self) -> Choice | None:
        return self.advice.choice_of(self.move) if self.advice is not None else None

    @property
    def best(self) -> Choice | None:
        return self.advice.best if self.advice is not None else None

    @property
    def matched(self) -> bool:
        # (best is None only when played is: no advice)
        return not self.offence and self.played is not None and self.best is not None and (
            self.played.move == self.best.move or self.played.leaves == self.best.leaves)

    @property
    def loss(self) -> float:
        return self.played.loss if self.played is not None and not self.offence else 0.0

    @property
    def loss_half_width(self) -> float:
        return self.played.loss_half_width if self.played is not None and not self.offence else 0.0

    @property
    def grade(self) -> str:
        if self.offence:
            return BROKEN
        if self.played is None:
            return ""
        g = grade(self.position.rules.bots, self.loss, self.loss_half_width, self.played.win_loss)
        if self.best is not None and self.best.wins and not self.played.wins:  # (best is set: played is)
            return max(g, PASSED_HU, key=GRADES.index)
        return g


@dataclass(frozen=True)
class Review:
    """The review of ``seat`` over ``hands`` of ``record`` (module docstring)."""
    record: Record
    seat: int
    hands: tuple[int, ...]
    decisions: tuple[Reviewed, ...]
    offences: tuple[Offence, ...]  # every rule broken in the hands reviewed, by any seat
    forced: int  # the seat's moves with one option (not reviewed)
    nets: tuple[int, ...]  # the seat's net score in each finished hand reviewed
    samples: int
    seed: int
    lenient: bool

    @property
    def graded(self) -> list[Reviewed]:
        return [d for d in self.decisions if d.grade in GRADES]

    @property
    def matched(self) -> int:
        return sum(d.matched for d in self.decisions)

    def count(self, g: str) -> int:
        return sum(d.grade == g for d in self.decisions)

    @property
    def total_loss(self) -> float:
        """The expected-score loss of the decisions graded worse than ok (the rollouts tell them apart)."""
        return sum(d.loss for d in self.graded if d.grade != GRADES[0])

    @property
    def penalties(self) -> int:
        """What the seat paid for the rules it broke."""
        return sum(o.amount for o in self.offences if o.seat == self.seat)

    def worst(self, k: int = 3) -> list[Reviewed]:
        """The ``k`` worst decisions graded worse than ok: the worst grade first, then the larger loss; a
        tie in move order."""
        costly = [d for d in self.graded if d.loss > 0 and d.grade != GRADES[0]]
        return sorted(costly, key=lambda d: (-GRADES.index(d.grade), -d.loss, d.hand, d.n))[:k]


def default_seat(record: Record) -> int:
    """The seat to review: the human's of a ``phz play`` record (its header's seats say so), else 0."""
    seats = record.header.get("seats") or []
    players = [s.get("player") if isinstance(s, dict) else None for s in seats]
    return players.index("human") if "human" in players else 0


def checked(record: Record, seat: int | None, hand: int | None) -> int:
    """The seat to review (``default_seat`` when None); ValueError naming the fix for a seat or a hand
    the record has not."""
    n_seats, count = record.rules.game.players, len(record.hands)
    seat = default_seat(record) if seat is None else seat
    if not 0 <= seat < n_seats:
        raise ValueError(f"seat {seat}: the seats are 0 to {n_seats - 1}")
    if hand is not None and not 1 <= hand <= count:
        which = "hand 1" if count == 1 else f"hands 1 to {count}"
        raise ValueError(f"hand {hand}: the record holds {which}")
    return seat


def _moves(record: Record, lenient: bool, seat: int, hands: tuple[int, ...]):
    """The full replay, and the seat's moves in ``hands``: (hand, move number, line, event)."""
    full = replay(record, lenient=lenient)
    steps = [s for s in full.steps
             if s.n is not None and s.hand in hands and isinstance(s.event, MoveEvent) and s.event.seat == seat]
    return full, steps


def review(record: Record, seat: int | None = None, *, hand: int | None = None, samples: int = DEFAULT_SAMPLES,
           seed: int = SEED, lenient: bool | None = None,
           progress: Callable[[int, int], None] | None = None) -> Review:
    """The review of ``seat`` (default ``default_seat``) in hand ``hand`` (default every hand) of
    ``record`` (module docstring).  ``lenient``: replay leniently (default: when the record was typed
    in).  ``progress(i, total)`` is called before the i-th decision is advised (0-based) and once at
    the end with i == total.  RecordError when the record does not replay; ValueError for a seat or
    hand the record has not."""
    lenient = record.lenient if lenient is None else lenient
    seat = checked(record, seat, hand)
    hands = tuple(range(1, len(record.hands) + 1)) if hand is None else (hand,)
    full, steps = _moves(record, lenient, seat, hands)
    todo, forced = [], 0
    for s in steps:
        at = replay(record, lenient=lenient, to=s.n).at
        assert at is not None and at.move is not None  # replay stops at move s.n, one the record makes
        ask, move = at.ask, at.move
        assert isinstance(s.event, MoveEvent)  # (_moves keeps the moves)
        offence = s.event.offence or ""
        asked = ask.seat == seat and ask.stage != "open"
        if not offence and asked and len(ask.options) < 2:
            forced += 1
            continue
        if not offence and not asked:  # a legal claim out of the engine's order: no options to weigh
            continue
        pos = position_of(at.game, seat)
        todo.append((s, pos, move, offence, asked and len(ask.options) > 1))
    out = []
    for i, (s, pos, move, offence, weigh) in enumerate(todo):
        if progress is not None:
            progress(i, len(todo))
        advice = advise(pos, samples=samples, seed=seed, played=move) if weigh else None
        penalty = record.rules.penalties[offence] if offence else 0
        out.append(Reviewed(s.hand, s.n, s.line, pos, move, advice, offence, penalty))
    if progress is not None:
        progress(len(todo), len(todo))
    offences = tuple(o for o in full.offences if o.hand in hands)
    nets = tuple(full.games[h - 1].result.net[seat] for h in hands
                 if h - 1 < len(full.games) and full.games[h - 1].result is not None)
    return Review(record, seat, hands, tuple(out), offences, forced, nets, samples, seed, lenient)


def count_decisions(record: Record, seat: int, *, hand: int | None = None, lenient: bool | None = None) -> int:
    """How many decisions ``review`` will advise (to say how long it will take)."""
    lenient = record.lenient if lenient is None else lenient
    hands = tuple(range(1, len(record.hands) + 1)) if hand is None else (hand,)
    _, steps = _moves(record, lenient, seat, hands)
    return sum(1 for s in steps if isinstance(s.event, MoveEvent) and (s.event.offence or len(s.event.offered or ()) > 1))
