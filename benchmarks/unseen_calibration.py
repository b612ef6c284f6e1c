"""How true the rollouts' picture of the other players' hands is, and the danger figures the advice shows.

    python benchmarks/unseen_calibration.py hands --rules luzhou --seed 40000 --hands 200 [--samples 100]
    python benchmarks/unseen_calibration.py danger --rules luzhou --seed 30000 --hands 400

``hands``: ``race`` plays every seat.  At each discard with a choice, the seat's unseen tiles are dealt as
the rollouts deal them (``winrate.unseen_of`` and the kernels' ``deal_unseen``: the caps, and the others'
hands kept as play keeps them) ``--samples`` times; for every tile kind, the share of the deals in which
another seat holds two or more of it concealed (a pair: what a 碰 needs) and three or more (a 坎), against
whether one does in the game.  Pooled, and by tenths of the dealt share.  And the distance to ready
(intakes, 3 standing for 3 or more) of each other seat's hand in the game against its mean over
``DISTANCE_DEALS`` of the deals, by the turns that seat has had (tiles face up before it and melds).

``danger``: the judge bot plays every seat.  At each of its discards, the chance its advice gave the
discard of another's win on it at once (``Estimate.deal_in``) and of another's 碰, 跑 or 招 of it at once
(``Estimate.hands_over``), against what followed: the two figures of the advice's "careful" line.

A ruleset file may stand for ``--rules`` (e.g. a copy with another ``[bots] kept_draws``).  ``--json``
writes the figures as one JSON object.  Figures and their reading: BENCHMARKS.md, DECISIONS.md.
"""
from __future__ import annotations

import argparse
import json
import sys

import numpy as np
from tabulate import tabulate

from solver.engine import _game_dealing as GD
from solver.engine import distance, game_steps
from solver.game import roster, winrate
from solver.game.advice import SEED, advise
from solver.game.bot_advice import position_from_view
from solver.game.engine import Game
from solver.game.events import DiscardEvent, DrawEvent, FaceUpEvent, TakeEvent, WinEvent
from solver.game.position import position_of
from solver.game.rng_keys import str_key
from solver.model.hand import Hand
from solver.model.rules import get_ruleset
from solver.model.tiles import N_KINDS

#: tries for a deal consistent with what was seen (as the rollouts give it)
TRIES = 200
#: the deals whose hands' distance to ready is measured at a decision
DISTANCE_DEALS = 8
#: turns of a seat counted apart (more are counted with the last)
TURNS = 6


def _bins() -> list[list[float]]:
    return [[0, 0.0, 0.0] for _ in range(10)]  # (count, sum predicted, sum observed) by tenth


def _add(bins: list[list[float]], p: float, seen: float) -> None:
    b = bins[min(9, int(p * 10))]
    b[0] += 1
    b[1] += p
    b[2] += seen


def _table(bins: list[list[float]]) -> list[dict]:
    return [{"tenth": i / 10, "n": int(n), "predicted": round(p / n, 3), "observed": round(o / n, 3)}
            for i, (n, p, o) in enumerate(bins) if n]


def _pooled(bins: list[list[float]]) -> dict:
    n = sum(b[0] for b in bins)
    return {"n": int(n), "predicted": round(sum(b[1] for b in bins) / max(1, n), 4),
            "observed": round(sum(b[2] for b in bins) / max(1, n), 4)}


def hands(rules, seed: int, count: int, samples: int) -> dict:
    measures = {"pair": _bins(), "kan": _bins(), "distance": [[0, 0.0, 0.0] for _ in range(TURNS)]}
    race = roster.get("race")
    for s in range(seed, seed + count):
        game = Game(rules, seed=s)
        bots = [race.make(s, p) for p in range(rules.game.players)]
        while (ask := game.ask()) is not None:
            if ask.stage == "discard" and len(ask.options) > 1:
                _deal_and_count(game, measures, samples, f"unseen:{s}:{len(game.events)}")
            game.play(bots[ask.seat].choose(game.view(ask.seat), ask) if len(ask.options) > 1 else ask.options[0])
    far = measures.pop("distance")
    out = {name: {"pooled": _pooled(b), "by_tenth": _table(b)} for name, b in measures.items()}
    out["distance"] = [{"turns": k, "n": int(n), "game": round(g / n, 3), "dealt": round(d / n, 3)}
                       for k, (n, g, d) in enumerate(far) if n]
    return out


def _distances(rules, hands: list[Hand]) -> list[int]:
    found = distance.analyse_many(hands, rules, budget=0, improving=False)
    return [min(3, a.distance) if a.distance is not None else 3 for a in found]


def _deal_and_count(game: Game, measures: dict, samples: int, key: str) -> None:
    pos = position_of(game)
    un = winrate.unseen_of(pos)
    rows = [np.repeat(a, samples, axis=0) for a in un.rows]
    ok = np.zeros(samples, np.int64)
    dk, dl = game_steps.key_rows([str_key(f"{key}:{i}") for i in range(samples)])
    GD.deal_unseen(dk, dl, un.pool, np.int64(pos.seat), un.held, un.caps, un.wei_p, un.wei_j, np.int64(TRIES),
                   np.int64(un.stock), np.int64(un.last), un.kept, np.int64(-1 if pos.table is None else pos.table[0]),
                   rows[0], rows[3], rows[9], rows[10], ok)
    good = ok.astype(bool)
    if good.sum() < samples // 5:
        return
    others = [p for p in range(pos.players) if p not in (pos.seat, pos.out)]  # the seat sitting out holds none
    dealt = rows[0][good][:, others, :]  # deals x other seats x kinds
    truth = np.array([[game.hand(p).concealed[t] for t in range(N_KINDS)] for p in others])
    for j, p in enumerate(others):
        melds = game.hand(p).melds
        hands = [game.hand(p)] + [Hand(tuple(int(c) for c in dealt[i, j]), melds)
                                  for i in range(min(DISTANCE_DEALS, len(dealt)))]
        got = _distances(pos.rules, hands)
        row = measures["distance"][min(TURNS - 1, len(pos.faces[p]) + len(melds))]
        row[0] += 1
        row[1] += got[0]
        row[2] += sum(got[1:]) / len(got[1:])
    for name, least in (("pair", 2), ("kan", 3)):
        shares = (dealt >= least).any(axis=1).mean(axis=0)
        held = (truth >= least).any(axis=0)
        for t in range(N_KINDS):
            _add(measures[name], float(shares[t]), float(held[t]))


def _what_followed(events: list, at: int, seat: int) -> str | None:
    """What became of the discard at ``events[at - 1]``: 'win', 'handed' (碰/跑/招), 'taken' (吃),
    'none', or None while it waits on the table."""
    for e in events[at:]:
        if isinstance(e, WinEvent) and e.seat != seat:
            return "win"
        if isinstance(e, TakeEvent):
            return "taken" if e.kind == "chi" else "handed" if e.seat != seat else None
        if isinstance(e, (DrawEvent, FaceUpEvent, DiscardEvent)):
            return "none"
    return None


def danger(rules, seed: int, count: int) -> dict:
    measures = {"deal_in": _bins(), "hands_over": _bins()}
    for s in range(seed, seed + count):
        game = Game(rules, seed=s)
        waiting: tuple[int, int, float, float] | None = None  # (seat, events index, deal-in, hand-over)
        while True:
            if waiting is not None:
                seat, at, deal_in, over = waiting
                followed = _what_followed(game.events, at, seat)
                if followed is None and game.result is not None:
                    followed = "none"
                if followed is not None:
                    _add(measures["deal_in"], deal_in, followed == "win")
                    _add(measures["hands_over"], over, followed == "handed")
                    waiting = None
            ask = game.ask()
            if ask is None:
                break
            if len(ask.options) == 1:
                game.play(ask.options[0])
                continue
            best = advise(position_from_view(game.view(ask.seat), ask), seed=SEED).best
            start = len(game.events)
            game.play(best.move)
            if ask.stage == "discard" and best.estimate is not None and waiting is None:
                at = next((i for i in range(start, len(game.events)) if isinstance(game.events[i], DiscardEvent)), None)
                if at is not None:
                    waiting = (ask.seat, at + 1, best.estimate.deal_in, best.estimate.hands_over)
    return {name: {"pooled": _pooled(b), "by_tenth": _table(b)} for name, b in measures.items()}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("hands", "danger"))
    ap.add_argument("--rules", default="hunan", help="a ruleset's name or file")
    ap.add_argument("--seed", type=int, default=40000, help="the first hand's seed")
    ap.add_argument("--hands", type=int, default=100, help="hands played")
    ap.add_argument("--samples", type=int, default=100, help="deals at each decision (hands)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if not (1 <= args.hands <= 100_000 and 10 <= args.samples <= 10_000 and args.seed >= 0):
        ap.error("--hands 1 to 100000, --samples 10 to 10000, --seed 0 or more")
    rules = get_ruleset(args.rules)
    out = (hands(rules, args.seed, args.hands, args.samples) if args.what == "hands"
           else danger(rules, args.seed, args.hands))
    out = {"rules": rules.name, "seed": args.seed, "hands": args.hands, **out}
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
        return
    print(f"{args.what}: {rules.name}, {args.hands} hands from seed {args.seed}")
    if "distance" in out:
        print("\ndistance to ready of the others' hands, in the game and dealt, by their turns")
        print(tabulate([[r["turns"], r["n"], r["game"], r["dealt"]] for r in out["distance"]],
                       headers=["turns", "n", "game", "dealt"]))
    for name in (k for k in out if isinstance(out[k], dict)):
        pooled = out[name]["pooled"]
        print(f"\n{name}: {pooled['n']} cases, predicted {pooled['predicted']:.3f}, observed {pooled['observed']:.3f}")
        print(tabulate([[r["tenth"], r["n"], r["predicted"], r["observed"]] for r in out[name]["by_tenth"]],
                       headers=["tenth", "n", "predicted", "observed"]))


if __name__ == "__main__":
    main(sys.argv[1:])
