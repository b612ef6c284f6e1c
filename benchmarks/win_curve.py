"""The judge's win curve (``[bots] win_curve``): its self-play rows, the curve fitted on them, and its check.

    python benchmarks/win_curve.py play RULES FIRST_SEED HANDS OUT.jsonl
    python benchmarks/win_curve.py fit FILE... [--check FILE...] [--smooth 300] [--json]
    python benchmarks/win_curve.py check FILE... --rules RULES [--json]

``play``: the judge bot plays every seat of ``HANDS`` hands from ``FIRST_SEED`` on (RULES: a ruleset's name
or file).  At every decision with a choice and no 胡 on offer (the slow calibration test's positions) it
writes the best choice's win chance as the rollouts have it (``Estimate.raw_win``) and as the advice shows
it (read off the ruleset's present curve), and after the hand the winner: one JSON line a hand,
``{"seed", "rows": [[seat, raw_win, win], ...], "winner"}`` (``winner`` null: a drawn hand).  A file that
already holds some of the seeds is carried on after its last line, so a stopped run loses nothing.

``fit``: the curve, from the rows of the FILEs: the knots at rollout chances 0, 0.1, …, 1 of the
piecewise-linear curve (``model.ruleset.on_curve``) closest, in least squares, to whether each seat went on
to win, with a penalty of ``--smooth`` on the knots' second differences, then made never to go down
(weighted pool-adjacent-violators) and kept within 0 and 1.  Printed: the ``win_curve`` line for a ruleset
file, and, decile by decile of the chance shown (as the slow calibration test bins it), the positions, the
mean chance shown and the rate won: on the fitted rows, and on ``--check``'s rows (hands the fit never saw,
which is what tells).

``check``: the same deciles for the curve a ruleset has now (RULES: a name or a file), on the FILEs' rows.
How the shipped curves were made: DECISIONS.md, "The win chance comes true".
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
from tabulate import tabulate

from solver.model.ruleset import on_curve
from solver.model.ruleset_file import RulesetError

#: knots of a fitted curve: rollout chances 0, 0.1, …, 1
KNOTS = 11
#: the default penalty on the curve's second differences (DECISIONS.md: the fits since 2026-12-06)
SMOOTH = 300.0
#: the largest gap the slow calibration test allows in a decile of ``BAND`` positions or more
GAP, BAND = 0.05, 100


class CurveError(ValueError):
    """A file the tool cannot read, said in one line."""


def decisions(rules, seed: int) -> tuple[list[tuple[int, float, float]], int | None]:
    """One hand of judge self-play: (seat, raw win, win shown) at each decision with a choice and no 胡 on
    offer, and the winner (None: drawn)."""
    from solver.game.advice import SEED, advise
    from solver.game.bot_advice import position_from_view
    from solver.game.engine import Game
    game = Game(rules, seed=seed)
    rows = []
    while (ask := game.ask()) is not None:
        if len(ask.options) == 1:
            game.play(ask.options[0])
            continue
        best = advise(position_from_view(game.view(ask.seat), ask), seed=SEED).best
        if best.estimate is not None and not best.wins:
            rows.append((ask.seat, best.estimate.raw_win, best.estimate.win))
        game.play(best.move)
    return rows, game.result.winner


def seeds_in(path: Path) -> set[int]:
    """The seeds of the hands a file of ``play`` holds already."""
    try:
        return {int(json.loads(line)["seed"]) for line in path.read_text(encoding="utf-8").splitlines()}
    except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError):
        raise CurveError(f"{path}: not a file `play` writes; give another OUT") from None


def read_rows(paths: list[str]) -> tuple[np.ndarray, np.ndarray, int]:
    """(raw win, won) of every row of the files, and the hands they hold."""
    raw: list[float] = []
    won: list[bool] = []
    hands = 0
    for path in paths:
        try:
            lines = Path(path).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as e:
            raise CurveError(f"{path}: cannot read it ({e.__class__.__name__}); give a file `play` wrote") from None
        for n, line in enumerate(lines, 1):
            try:
                hand = json.loads(line)
                for seat, p, _ in hand["rows"]:
                    if not 0.0 <= float(p) <= 1.0:
                        raise ValueError
                    raw.append(float(p))
                    won.append(hand["winner"] == seat)
            except (ValueError, TypeError, KeyError):
                raise CurveError(f"{path}:{n}: not a line `play` writes (a hand's seed, rows and winner)") from None
            hands += 1
    return np.array(raw, dtype=np.float64), np.array(won, dtype=np.float64), hands


def design(raw: np.ndarray, knots: int = KNOTS) -> np.ndarray:
    """Each row's weights on the knots: ``design(raw) @ curve`` is ``on_curve(curve, raw)`` row by row."""
    x = np.clip(raw, 0.0, 1.0) * (knots - 1)
    i = np.minimum(x.astype(np.int64), knots - 2)
    a = np.zeros((len(raw), knots))
    a[np.arange(len(raw)), i] = 1.0 - (x - i)
    a[np.arange(len(raw)), i + 1] = x - i
    return a


def never_down(values: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """The non-decreasing sequence closest to ``values`` in weighted least squares (pool adjacent violators)."""
    blocks: list[list[float]] = []  # [mean, weight, length]
    for v, w in zip(values, np.maximum(weights, 1e-9)):
        blocks.append([float(v), float(w), 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            m2, w2, n2 = blocks.pop()
            m1, w1, n1 = blocks.pop()
            blocks.append([(m1 * w1 + m2 * w2) / (w1 + w2), w1 + w2, n1 + n2])
    return np.array([m for m, _, n in blocks for _ in range(n)])


def fit(raw: np.ndarray, won: np.ndarray, smooth: float = SMOOTH, knots: int = KNOTS) -> tuple[float, ...]:
    """The curve (``knots`` chances, never going down, within 0 and 1) fitted to the rows (see the module)."""
    a = design(raw, knots)
    d2 = np.diff(np.eye(knots), n=2, axis=0)
    curve = np.linalg.solve(a.T @ a + smooth * d2.T @ d2, a.T @ won)
    curve = never_down(curve, a.sum(axis=0))
    return tuple(round(float(c), 3) for c in np.clip(curve, 0.0, 1.0))


def deciles(shown: np.ndarray, won: np.ndarray) -> list[tuple[int, int, float, float]]:
    """(decile, positions, mean shown, rate won) of every decile of the chance shown that holds a position."""
    band = np.minimum((shown * 10).astype(np.int64), 9)
    return [(d, int((band == d).sum()), float(shown[band == d].mean()), float(won[band == d].mean()))
            for d in range(10) if (band == d).any()]


def table(curve: tuple[float, ...], raw: np.ndarray, won: np.ndarray) -> tuple[list[dict], float]:
    """The deciles of the rows with the chance read off ``curve``, and the widest gap of a band the test checks."""
    rows = deciles(np.array([on_curve(curve, p) for p in raw]), won)
    bands = [{"band": f"{d * 10}–{d * 10 + 10}%", "positions": n, "shown": round(p, 3), "won": round(o, 3),
              "gap": round(p - o, 3)} for d, n, p, o in rows]
    return bands, max((abs(p - o) for _, n, p, o in rows if n >= BAND), default=0.0)  # unrounded, as tested


def play(args) -> int:
    from solver.model.rules import get_ruleset
    rules = get_ruleset(args.rules)
    if not (0 <= args.first <= 10**9 and 1 <= args.hands <= 10**6):
        raise CurveError("give a first seed of 0 to 10^9 and 1 to 10^6 hands")
    out = Path(args.out)
    done = seeds_in(out) if out.exists() else set()
    with out.open("a", encoding="utf-8") as f:
        for n, seed in enumerate(range(args.first, args.first + args.hands), 1):
            if seed in done:
                continue
            rows, winner = decisions(rules, seed)
            f.write(json.dumps({"seed": seed, "rows": rows, "winner": winner}) + "\n")
            f.flush()
            print(f"\r{n}/{args.hands} hands", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return 0


def fit_command(args) -> int:
    raw, won, hands = read_rows(args.files)
    if not len(raw):
        raise CurveError("the files hold no positions; play some hands first (`play`)")
    if args.command == "check":
        from solver.model.rules import get_ruleset
        curve, part = get_ruleset(args.rules).bots.win_curve, "check"
    else:
        curve, part = fit(raw, won, args.smooth), "fitted"
    report: dict = {"curve": curve, part: {"hands": hands, "positions": len(raw)}}
    report[part]["bands"], report[part]["widest"] = table(curve, raw, won)
    if args.check:
        c_raw, c_won, c_hands = read_rows(args.check)
        report["check"] = {"hands": c_hands, "positions": len(c_raw)}
        report["check"]["bands"], report["check"]["widest"] = table(curve, c_raw, c_won)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    print("win_curve = [" + ", ".join(f"{c:.3f}" for c in curve) + "]")
    for part in ("fitted", "check"):
        if part in report:
            r = report[part]
            print(f"\n{part}: {r['hands']} hands, {r['positions']} positions; widest gap in a band of "
                  f"{BAND}+: {r['widest']:.3f} (the test allows {GAP})")
            print(tabulate([b.values() for b in r["bands"]], headers=list(r["bands"][0])))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="judge self-play rows")
    p.add_argument("rules")
    p.add_argument("first", type=int)
    p.add_argument("hands", type=int)
    p.add_argument("out")
    p.set_defaults(run=play)
    f = sub.add_parser("fit", help="fit a curve to the rows, and check it")
    f.add_argument("files", nargs="+")
    f.add_argument("--check", nargs="+", default=[])
    f.add_argument("--smooth", type=float, default=SMOOTH)
    f.add_argument("--json", action="store_true")
    f.set_defaults(run=fit_command)
    c = sub.add_parser("check", help="the deciles of a ruleset's curve on the rows")
    c.add_argument("files", nargs="+")
    c.add_argument("--rules", required=True)
    c.add_argument("--json", action="store_true")
    c.set_defaults(run=fit_command, check=[])
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except (CurveError, RulesetError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
