"""What the judge's rollouts say its moves are worth against another bot's, at the judge's own decisions.

    python benchmarks/model_gap.py play --rules luzhou --players 3 --seed 51000 --start 0 --deals 60 \\
        --truth 1000 --out runs/gap-luzhou-0.jsonl
    python benchmarks/model_gap.py sum runs/gap-luzhou-*.jsonl [--json]

``play``: one ``judge`` against ``--against`` bots (``race`` by default) on duplicate deals, the judge in
each seat in turn, as ``phz sim --bots judge,race,race`` plays them (the same deals for the same seed).
At each of the judge's decisions with a choice, the move the other bot would make in its seat is asked
too; where the two differ and no 胡 is on offer, every choice of the judge's advice is played out by
the rollouts on ``--truth`` fresh deals (a seed of their own, every choice on the same deals), and the
expected score of the judge's move, of the other bot's and of the best is written.  The judge's move is
then played.  With ``--fork`` each graded decision is also played on to the end twice, after either
move, on the deal's own tiles: by the seats' own bots (``seats``: the judge goes on in its seat, as
if it had made the other bot's move there) or by the other bot in every seat (``other``); each
seat's net is written.  One JSON line a decision and one at each game's end (appended: a run stopped
part way keeps what it wrote; split the deals over processes with ``--start``).

``sum``: pooled over files, by kind of decision: how often the two differ, the loss of each against the
best by the rollouts' own measure (the judge's on ``DEFAULT_SAMPLES`` deals: the rollouts' noise), the
judge's gain over the other bot where they differ, and that gain summed over a game: what the rollouts
claim the judge gains a hand by its decisions alone (95% intervals, over decisions and over games).
Only games that ended count (a run stopped mid-game leaves that game's rows out, and a line cut short
by the stop is skipped).
Beside the head-to-head result of ``phz sim`` on the same ruleset, this separates the rollouts' noise
(the judge's loss against the best on more deals) from their bias (a gain they claim that play does
not show); the played-on figures, over many decisions, say what the two moves were worth in play.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from collections import defaultdict
from pathlib import Path

from solver.game.stats import mean_interval

#: the seed of the grading deals, apart from the advice's own (``advice.SEED``) and the game's
TRUTH_SEED = 987_654
STAGES = ("discard", "chi", "peng")


class GapError(ValueError):
    """A run that cannot be played or files that cannot be summed (one line naming the fix)."""


def play(rules_name: str, players: int | None, seed: int, start: int, deals: int, truth: int, against: str,
         out: str, fork: str | None = None) -> int:
    """Play deals ``start`` … ``start + deals − 1`` of ``seed`` (module docstring); the rows written.
    ``fork``: at each graded decision the game is also played on from it twice, after the judge's move
    and after the other bot's, on the deal's own tiles, by the bots of the seats (``"seats"``: the judge
    goes on in its own) or by the other bot in every seat (``"other"``)."""
    from solver.app.sim import seatings
    from solver.game.advice import advise
    from solver.game.bot_advice import position_from_view
    from solver.game.engine import Game
    from solver.game.moves import move_text
    from solver.game.players import make_bot
    from solver.game.session import hand_seed
    from solver.game.view import view_of
    from solver.game.winrate import estimate
    from solver.model.rules import get_ruleset
    from solver.model.ruleset_file import seated

    if against == "judge":
        raise GapError("--against judge: the judge against itself never differs; name another bot")
    try:
        rules = get_ruleset(rules_name)
        rules = seated(rules, players) if players is not None else rules
        make_bot(against, 0, 0)
    except (KeyError, ValueError) as e:
        raise GapError(str(e.args[0] if e.args else e)) from None
    bots = ("judge",) + (against,) * (rules.game.players - 1)
    written = 0
    with open(out, "a", encoding="utf-8") as f:
        for index in range(start, start + deals):
            deal_seed = hand_seed(seed, index)
            for seating in seatings(bots):
                game = Game(rules, seed=deal_seed)
                played: list = []
                seats = [make_bot(b, deal_seed, p) for p, b in enumerate(seating)]
                me = seating.index("judge")
                twin = make_bot(against, deal_seed, me)  # the other bot, asked in the judge's seat
                asked = 0
                while (ask := game.ask()) is not None:
                    if len(ask.options) == 1:
                        played.append(ask.options[0])
                        game.play(ask.options[0])
                        continue
                    view = view_of(game, ask.seat)
                    if ask.seat != me:
                        played.append(seats[ask.seat].choose(view, ask))
                        game.play(played[-1])
                        continue
                    pos = position_from_view(view, ask)
                    adv = advise(pos)
                    mine, other = adv.best.move, twin.choose(view, ask)
                    row: dict = {"seed": seed, "deal": index, "seat": me, "stage": pos.stage,
                                 "choices": len(adv.choices), "judge": move_text(mine), "other": move_text(other)}
                    if mine != other and not any(c.wins for c in adv.choices):
                        keep = frozenset(c.hand for c in adv.choices if c.distance == 0 and c.hand is not None)
                        ests = estimate(pos, [c.script for c in adv.choices], samples=truth, seed=TRUTH_SEED + index,
                                        keep=keep, policy=adv.policy)
                        worth = {c.move: e.score for c, e in zip(adv.choices, ests)}
                        row.update(best=max(worth.values()), judge_worth=worth[mine], other_worth=worth.get(other))
                        if fork:
                            on = seating if fork == "seats" else (against,) * len(seating)
                            row.update(judge_net=_played_on(rules, deal_seed, played, mine, on, me),
                                       other_net=_played_on(rules, deal_seed, played, other, on, me),
                                       played_on=fork)
                    f.write(json.dumps(row, ensure_ascii=False) + "\n")
                    f.flush()
                    written += 1
                    asked += 1
                    played.append(mine)
                    game.play(mine)
                f.write(json.dumps({"seed": seed, "deal": index, "seat": me, "game_end": asked}) + "\n")
                f.flush()
    return written


def _played_on(rules, deal_seed: int, played: list, move, bots: tuple[str, ...], me: int) -> int:
    """Seat ``me``'s net when the game of ``deal_seed`` is played again to this decision, ``move`` is made,
    and ``bots`` play the seats to the end."""
    from solver.game.engine import Game
    from solver.game.players import make_bot
    from solver.game.view import view_of

    game = Game(rules, seed=deal_seed)
    for m in played:
        game.ask()
        game.play(m)
    game.ask()
    game.play(move)
    seats = [make_bot(b, deal_seed, p) for p, b in enumerate(bots)]
    while (ask := game.ask()) is not None:
        game.play(ask.options[0] if len(ask.options) == 1 else seats[ask.seat].choose(view_of(game, ask.seat), ask))
    assert game.result is not None
    return game.result.net[me]


def load(paths: list[str]) -> tuple[list[dict], int, int]:
    """The decision rows of the games of ``paths`` that ended, those games, and the rows left out (of
    games a stopped run did not end; a last line cut short by the stop is skipped)."""
    rows, ended = [], set()
    for path in paths:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as e:
            raise GapError(f"{path}: not readable ({e.strerror}); name files written by model_gap.py play")
        lines = text.splitlines()
        if lines and not text.endswith("\n"):
            lines.pop()  # cut short: its game has not ended either
        for n, line in enumerate(lines, 1):
            try:
                row = json.loads(line)
                game = (row["seed"], row["deal"], row["seat"])
                if "game_end" in row:
                    ended.add(game)
                elif not {"stage", "judge", "other"} <= row.keys():
                    raise KeyError("stage")
                else:
                    rows.append((game, row))
            except (ValueError, KeyError, TypeError, AttributeError):
                raise GapError(f"{path}, line {n}: not a row of model_gap.py play; play the run again") from None
    if not ended:
        raise GapError("no game ended in these files: name files written by model_gap.py play")
    kept = [row for game, row in rows if game in ended]
    return kept, len(ended), len(rows) - len(kept)


def summary(paths: list[str]) -> dict:
    rows, games, unfinished = load(paths)
    graded = [r for r in rows if r.get("other_worth") is not None]
    ways = {r.get("played_on", "other") for r in graded if "judge_net" in r}
    if len(ways) > 1:
        raise GapError("these files were played on in both ways (--fork seats and other): pool files of one")
    out: dict = {"games": games, "decisions": len(rows), "differ": sum(r["judge"] != r["other"] for r in rows),
                 "graded": len(graded), "stages": {}, "played_on": ways.pop() if ways else None,
                 "unfinished": unfinished}
    for stage in (None,) + STAGES:
        g = [r for r in graded if stage is None or r["stage"] == stage]
        if len(g) < 2:
            continue
        out["stages"][stage or "all"] = {
            "n": len(g),
            "judge_loss": mean_interval([r["best"] - r["judge_worth"] for r in g]),
            "other_loss": mean_interval([r["best"] - r["other_worth"] for r in g]),
            "gain": mean_interval([r["judge_worth"] - r["other_worth"] for r in g])}
        played = [r for r in g if "judge_net" in r]
        if len(played) >= 3:
            claims = [r["judge_worth"] - r["other_worth"] for r in played]
            nets = [r["judge_net"] - r["other_net"] for r in played]
            out["stages"][stage or "all"].update(
                forked=len(played), played_gain=mean_interval(nets), its_claim=mean_interval(claims),
                slope=slope(claims, nets))
    per_game: dict[tuple, float] = defaultdict(float)
    for r in graded:
        per_game[r["seed"], r["deal"], r["seat"]] += r["judge_worth"] - r["other_worth"]
    sums = list(per_game.values()) + [0.0] * (games - len(per_game))
    out["gain_a_hand"] = mean_interval(sums)
    return out


def slope(xs: list[float], ys: list[float]) -> tuple[float, float] | None:
    """The least-squares slope of ``ys`` on ``xs`` and its 95% half-width (normal approximation): how much
    of a gain the rollouts claim comes true when the game is played on (1: all of it, 0: none)."""
    n = len(xs)
    mx, my = math.fsum(xs) / n, math.fsum(ys) / n
    sxx = math.fsum((x - mx) ** 2 for x in xs)
    if n < 3 or sxx == 0:
        return None
    b = math.fsum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx
    resid = math.fsum((y - my - b * (x - mx)) ** 2 for x, y in zip(xs, ys))
    return b, 1.96 * math.sqrt(resid / (n - 2) / sxx)


def lines(s: dict) -> list[str]:
    """The summary as lines of at most 80 columns."""
    def pm(x: tuple[float, float | None]) -> str:
        return f"{x[0]:+.3f}" if x[1] is None else f"{x[0]:+.3f} ± {x[1]:.3f}"
    out = [f"{s['games']:,} games, {s['decisions']:,} decisions with a choice;",
           f"the judge and the other bot differ at {s['differ']:,} ({s['graded']:,} graded)"]
    if s["unfinished"]:
        out.append(f"({s['unfinished']:,} decisions of games a stopped run did not end left out)")
    out.append("kind       graded   judge's loss     other's loss     judge − other")
    for stage, v in s["stages"].items():
        out.append(f"{stage:9} {v['n']:7,}   {pm(v['judge_loss']):15}  {pm(v['other_loss']):15}  {pm(v['gain'])}")
    out.append(f"the judge's gain a hand by the rollouts' measure: {pm(s['gain_a_hand'])}")
    for stage, v in s["stages"].items():
        if "forked" in v:
            out.append(f"{stage}: played on ({s['played_on']}) from {v['forked']:,} decisions:")
            out.append(f"  judge − other {pm(v['played_gain'])}, the rollouts claimed {pm(v['its_claim'])}")
            if v["slope"] is not None:
                out.append(f"  of a claimed gain, played on: {pm(v['slope'])} (slope)")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="what", required=True)
    p = sub.add_parser("play", help="play deals and grade the judge's decisions")
    p.add_argument("--rules", default="hunan", help="a shipped ruleset (default hunan)")
    p.add_argument("--players", type=int, choices=(2, 3, 4), help="the table (default: the ruleset's)")
    p.add_argument("--seed", type=int, default=51000, help="the deals' seed, as phz sim --seed")
    p.add_argument("--start", type=int, default=0, help="the first deal's index (0 … 10^6)")
    p.add_argument("--deals", type=int, default=20, help="how many deals (1 … 10^5)")
    p.add_argument("--truth", type=int, default=1000, help="grading deals a choice (100 … 20,000)")
    p.add_argument("--against", default="race", help="the other seats' bot (default race)")
    p.add_argument("--out", required=True, help="the JSON-lines file written (appended)")
    p.add_argument("--fork", choices=("seats", "other"),
                   help="also play each graded decision on after either move: by the seats' own bots (the "
                        "judge in its seat) or by the other bot in every seat")
    s = sub.add_parser("sum", help="pool files of play")
    s.add_argument("files", nargs="+", metavar="FILE")
    s.add_argument("--json", action="store_true", help="one JSON object")
    args = ap.parse_args(argv)
    try:
        if args.what == "play":
            for name, value, lo, hi in (("--start", args.start, 0, 10**6), ("--deals", args.deals, 1, 10**5),
                                        ("--truth", args.truth, 100, 20_000)):
                if not lo <= value <= hi:
                    raise GapError(f"{name} {value}: give {lo:,} … {hi:,}")
            n = play(args.rules, args.players, args.seed, args.start, args.deals, args.truth, args.against, args.out,
                     args.fork)
            print(f"{n:,} decisions written to {args.out}")
        else:
            s_ = summary(args.files)
            print(json.dumps(s_, ensure_ascii=False) if args.json else "\n".join(lines(s_)))
    except GapError as e:
        print(f"model_gap: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"model_gap: {e.filename or args.out}: {e.strerror}; name a folder that can be written", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        kept = f"; the rows written are kept in {args.out}" if args.what == "play" else ""
        print(f"model_gap: stopped{kept}", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
