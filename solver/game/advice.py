"""Which move to make, and why: every legal option of a position ranked by the position it leads to.

An option is a discard, or at a tile on the table a way to 吃 (with its
比), 碰, a compulsory 跑/提/偎, 胡 or 过.  A claim that owes a discard is
followed by the best discards of the hand after it (``follow_ups`` of
them, the ruleset's ``BotTuning``, by the outs order of ``phz discard``); each (option, follow-up) is a
``Choice`` with the hand at rest it leaves: its distance to ready and live
improving draws (at distance 0 its live outs), as ``phz discard`` counts
them with the tiles this seat has seen, the tiles passing makes 臭, and
the rollouts' win chance and expected score (``solver.game.winrate.race``:
every choice on the same deals).  The win chance shown is the rollouts'
read off the ruleset's ``win_curve`` (``BotTuning``): what the judge's
own play wins where the rollouts predict so (README: calibration).

``rank="score"`` (the default) orders by expected score, then by the outs
order, a choice the race played to the end before one it dropped early
(the race's winner is the best, never a choice that looked better on fewer
deals; when the best two were too close to tell apart, the better of them
on the extra deals of the close call, ``BotTuning.close_calls``);
``rank="outs"`` by distance, live draws or outs, then expected
score.  ``Choice.loss`` is the expected-score loss against the best choice
on the same deals (0 for the best): the unit of ``phz review``'s grades.
Of a claim, the best follow-up is kept (a 吃 followed by its best discard).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ..model.hand import Hand
from .bot_eval import Spot, advisor, after_take, owes_discard, seen_without
from .moves import Move
from .position import Position
from .winrate import DEFAULT_SAMPLES, Estimate, estimate, most_deals, race

__all__ = ["Advice", "Choice", "SEED", "advise", "played_out"]

#: the rollouts' seed wherever advice is asked without one (the coach, the hint, the review, ``--win-rate``,
#: ``--advise``, the shell): the same position, the same deals, the same best move and figures everywhere
SEED = 0
FAR = 99  # the distance key of a hand beyond the search


@dataclass(frozen=True)
class Choice:
    move: Move
    follow: Move | None  # the discard after it
    hand: Hand | None  # the hand at rest it leaves (None after 胡)
    distance: int | None  # None: beyond the distance search (``limit``), never ready, or after 胡
    live: int  # live improving draws; at distance 0 live outs
    outs: int  # live outs (0 unless ready)
    chou: tuple[int, ...] = ()  # tiles this move makes 臭
    estimate: Estimate | None = None
    loss: float = 0.0  # expected-score loss against the best choice (same deals)
    loss_half_width: float = 0.0
    #: the win chance given up against the best choice, as shown (read off the win curve; same deals; 0 if
    #: it wins more)
    win_loss: float = 0.0
    limit: bool = False  # the distance is beyond the search (more than 2 away)
    #: the tiles that bring the hand it leaves nearer with live copies left (its 进张), or once ready the
    #: tiles it waits on with live outs; () beyond the search or after 胡
    draws: tuple[int, ...] = ()

    @property
    def script(self) -> tuple[Move, ...]:
        return (self.move,) if self.follow is None else (self.move, self.follow)

    @property
    def score(self) -> float:
        return self.estimate.score if self.estimate is not None else 0.0

    @property
    def deals(self) -> int:
        """The deals the rollouts played it on: the race drops a choice that cannot be best early."""
        return self.estimate.n if self.estimate is not None else 0

    @property
    def wins(self) -> bool:
        return self.move.kind == "hu"

    @property
    def leaves(self) -> tuple:
        """What the choice leaves: the same for two ways to 吃 that lay out the same groups."""
        if self.hand is None:
            return (self.move,)
        melds = tuple(sorted((m.kind, m.tiles) for m in self.hand.melds))
        return (self.hand.concealed, melds, self.follow)

    def outs_key(self) -> tuple:
        """The outs order of ``phz discard``: a win, then nearer, then more live draws or outs."""
        if self.wins:
            return (-1, 0, 0)
        return (FAR if self.distance is None else self.distance, -self.live, -self.outs)


@dataclass(frozen=True)
class Advice:
    position: Position
    choices: tuple[Choice, ...]  # best first
    rank: str
    samples: int
    seed: int
    policy: str  # who played the rollouts (``BotTuning.rollout_policy``)
    close: float = 1.0  # its close calls (``BotTuning.close_calls``: ``winrate.race``)

    @property
    def best(self) -> Choice:
        return self.choices[0]

    @property
    def most_deals(self) -> int:
        """The most deals a choice may have been played on: ``samples``, more for a close call (``winrate.race``)."""
        return most_deals(self.samples, self.close)

    def choice_of(self, move: Move, follow: Move | None = None) -> Choice | None:
        """The choice of ``move`` (and ``follow``, when given; else its best follow-up)."""
        for c in self.choices:
            if c.move == move and (follow is None or c.follow == follow):
                return c
        return None


def advise(pos: Position, *, samples: int = DEFAULT_SAMPLES, seed: int = SEED, rank: str = "score",
           jobs: int = 1, progress=None, played: Move | None = None, policy: str | None = None,
           close: float | None = None) -> Advice:
    """Every legal option of ``pos`` ranked (module docstring); ``samples`` deals per choice
    (0: no rollouts, the outs order alone, as for a 起手胡 on the 亮张, asked before play); ``jobs``
    processes for the rollouts (the same figures).  ``played`` (the move a review grades) is then
    played out on every deal the best was (``played_out``): a grade never rests on fewer deals than
    the best move's, and the ranking is the same as without it.  ``policy`` plays the rollouts (default:
    the ruleset's ``BotTuning.rollout_policy``); ``close`` its close calls (``winrate.race``; default: the
    ruleset's ``BotTuning.close_calls``).
    In the rollouts a hand a choice leaves ready keeps its wait (``bot_fast.Policy.keep``)."""
    if rank not in ("score", "outs"):
        raise ValueError(f"rank {rank!r}: score or outs")
    if not pos.options:
        raise ValueError("the position asks no decision of this seat")
    choices = _choices(pos)
    policy = policy or pos.rules.bots.rollout_policy
    close = pos.rules.bots.close_calls if close is None else close
    if pos.stage == "qishou":  # before play: no hand to take up (the rollouts take a hand up mid-play); 胡 first
        samples = 0
    if samples > 0 and len(choices) > 1:
        ests = race(pos, [c.script for c in choices], samples=samples, seed=seed, keep=_ready(choices), jobs=jobs,
                    progress=progress, policy=policy, close=close)
        # a choice no deal could be played on (every deal contradicted the position) has no estimate, not
        # a win chance read off no deals
        choices = [replace(c, estimate=_judged(e, pos) if e.n else None) for c, e in zip(choices, ests)]
    if rank == "outs" or samples <= 0:
        choices.sort(key=lambda c: (c.outs_key(), -c.score))
    else:
        choices = _race_order(choices, samples)
    kept: dict[Move, Choice] = {}
    for c in choices:  # a claim keeps its best follow-up
        kept.setdefault(c.move, c)
    choices = _win_first(list(kept.values()))
    best = choices[0]
    if best.estimate is not None:
        choices = [replace(c, **_loss(c, best)) for c in choices]
    advice = Advice(pos, tuple(choices), rank, samples, seed, policy, close)
    return advice if played is None else played_out(advice, played)


def played_out(advice: Advice, move: Move) -> Advice:
    """``advice`` with the choice of ``move`` played out on every deal the best was (the same deals):
    its estimate and loss at full precision.  The ranking and the best
    stay the race's, so the coach's hint before a move and the grade after it (and the review's) name
    the same best move; a move that comes out better than the best on the same deals loses 0."""
    best, mine = advice.best, advice.choice_of(move)
    if mine is None or mine is best or best.estimate is None or mine.estimate is None \
            or mine.estimate.n >= best.estimate.n:
        return advice
    # every deal again: the race's are numbered, its skips unknown
    again = estimate(advice.position, [mine.script], samples=best.estimate.dealt, seed=advice.seed,
                     keep=_ready(advice.choices), policy=advice.policy)[0]
    full = replace(mine, estimate=_judged(again, advice.position))
    full = replace(full, **_loss(full, best))
    return replace(advice, choices=tuple(full if c is mine else c for c in advice.choices))


def _race_order(choices: list[Choice], samples: int) -> list[Choice]:
    """The race's winner (the best expected score of the choices played on the most deals: a close call's
    two, else every choice still in the race at ``samples``), then the choices played to the end by
    expected score, then those the race dropped early by deals and expected score."""
    def dealt(c: Choice) -> int:
        return c.estimate.dealt if c.estimate is not None else 0
    order = sorted(choices, key=lambda c: (-min(dealt(c), samples), -c.score, c.outs_key()))
    top = max(dealt(c) for c in order)
    winner = next(c for c in order if dealt(c) == top)
    return [winner] + [c for c in order if c is not winner]


def _judged(e: Estimate, pos: Position) -> Estimate:
    """The rollouts' estimate with the win chance the judge shows: read off the ruleset's ``win_curve``."""
    return replace(e, win_curve=pos.rules.bots.win_curve)


def _ready(choices) -> frozenset:
    """The hands the choices leave ready: the rollouts keep their waits (``bot_fast.Policy.keep``)."""
    return frozenset(c.hand for c in choices if c.distance == 0 and c.hand is not None)


def _win_first(choices: list[Choice]) -> list[Choice]:
    """A 胡 on offer comes first unless passing it is better beyond the noise (its paired 95%
    interval above 0): a sure score is not given up on the rollouts' word alone."""
    hu = next((c for c in choices if c.wins), None)
    if hu is None or choices[0] is hu or hu.estimate is None or choices[0].estimate is None:
        return choices
    diff, half = choices[0].estimate.paired(hu.estimate)
    if diff - half > 0:
        return choices
    return [hu] + [c for c in choices if c is not hu]


def _loss(c: Choice, best: Choice) -> dict:
    if c is best or c.estimate is None:
        return {"loss": 0.0, "loss_half_width": 0.0, "win_loss": 0.0}
    assert best.estimate is not None  # asked only of a best choice played out (advise, played_out)
    diff, half = best.estimate.paired(c.estimate)
    return {"loss": max(0.0, diff), "loss_half_width": half if math.isfinite(half) else 0.0,
            "win_loss": max(0.0, best.estimate.win - c.estimate.win)}


def _choices(pos: Position) -> list[Choice]:
    adv = advisor(pos.rules)
    seen = pos.seen_counts()
    follow_ups = pos.rules.bots.follow_ups
    if pos.stage == "discard":
        by_tile = {s.tile: s for s in adv.discards(pos.hand, seen) or ()}
        discards = []
        for m in pos.options:
            assert m.tile is not None  # a discard names its tile
            discards.append(_choice(m, None, pos.hand.without(m.tile), by_tile.get(m.tile)))
        return discards
    x = pos.table[0] if pos.table is not None else None
    claims = [m for m in pos.options if m.kind in ("chi", "peng")]
    out = []
    for m in pos.options:
        if m.kind == "hu":
            out.append(Choice(m, None, None, None, 0, 0))
        elif m.kind == "pass":
            chou = (x,) if claims and x is not None else ()
            out.append(replace(_choice(m, None, pos.hand, adv.rest(pos.hand, seen)), chou=chou))
        elif m.kind in ("chi", "peng") and x is not None:
            h = after_take(pos.hand, m, x)
            after = seen_without(seen, x)
            if owes_discard(h):
                spots = adv.discards(h, after)
                if not spots:  # not a hand the api answers: the first discards, unranked
                    tiles = [t for t, c in enumerate(h.concealed) if c in (1, 2)][:follow_ups]
                    out += [_choice(m, Move("discard", tile=t), h.without(t), None) for t in tiles]
                    continue
                for s in spots[:follow_ups]:
                    out.append(_choice(m, Move("discard", tile=s.tile), s.hand, s))
            else:
                out.append(_choice(m, None, h, adv.rest(h, after)))
        else:  # a compulsory take (跑, 提, 偎, 招): the hand after it is the engine's to lay out
            out.append(Choice(m, None, None, None, 0, 0))
    return out


def _choice(move: Move, follow: Move | None, hand: Hand, spot: Spot | None) -> Choice:
    if spot is None or spot.distance is None:
        return Choice(move, follow, hand, None, spot.improving_live if spot else 0, 0,
                      limit=spot is None or spot.limit)
    live = spot.outs if spot.distance == 0 else spot.improving_live
    draws = tuple(sorted({w.tile for w in spot.waits if w.outs > 0})) if spot.distance == 0 else \
        tuple(sorted({d.tile for d in spot.improving if d.live > 0}))
    return Choice(move, follow, hand, spot.distance, live, spot.outs, draws=draws)
