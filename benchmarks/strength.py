"""How much better one bot plays than another, pooled over runs of ``phz sim --per-deal``.

    python benchmarks/strength.py FILE... [--pair A,B] [--vs FILE...] [--json]

Each FILE is the per-deal file of one ``phz sim`` run (``--per-deal FILE``): each bot's net per hand
on each deal, over its seatings.  The runs pooled must be of the same ruleset, table and bots, and
no deal may be in two of them (a deal is its run's seed and its index).  Printed: the deals, the
mean per-deal difference of A's net and B's (A, B: ``--pair``, by default the first two bots of the
runs) with its 95% interval (the normal approximation, as ``phz sim``), the 95% interval of a
bootstrap of the deals (the differences have heavy tails), and, while there is no verdict, about how
many deals would tell the two apart (``stats.Pair.deals_needed``, as ``phz sim`` says it).

``--vs FILE...``: another configuration played on deals of the same seeds (e.g. a house ruleset's
tuning, or the code before a change): on the deals in both, the mean per-deal change of A − B from
the first set to the second, with its 95% interval (paired deal by deal: the deals' luck cancels),
and how many deals it changed at all.

This is how the strength figures of README ("The bots") and BENCHMARKS.md were pooled, e.g.

    phz sim --rules luzhou --players 3 --bots judge,race,race --games 200 --seed 51000 --jobs 2 \\
        --per-deal runs/luzhou-51000.json
    python benchmarks/strength.py runs/luzhou-*.json
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

from solver.game.stats import VERDICT_DEALS, Pair, mean_interval
from solver.text.sim_table import PER_DEAL as KIND

#: bootstrap resamples of the deals (a fixed stream: the same files give the same interval)
RESAMPLES = 2000


class StrengthError(ValueError):
    """Files that cannot be pooled or compared (one line naming the fix)."""


def load(paths: list[str]) -> tuple[dict, dict[tuple[int, int], dict[str, float]]]:
    """The runs' common description (ruleset, table, bots) and each deal's nets by (seed, index)."""
    head: dict | None = None
    deals: dict[tuple[int, int], dict[str, float]] = {}
    for path in paths:
        try:
            body = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise StrengthError(f"{path}: not a readable per-deal file ({e}); write one with phz sim --per-deal")
        if not isinstance(body, dict) or body.get("phz") != KIND:
            raise StrengthError(f"{path}: not a per-deal file of phz sim; write one with phz sim --per-deal")
        try:
            this = {k: body[k] for k in ("rules", "players", "bots")}
            per, n, seed = body["per_deal"], int(body["deals"]), int(body["seed"])
            if not isinstance(per, dict) or any(len(v) != n for v in per.values()):
                raise ValueError(f"{n} deals but lists of other lengths")
            rows = [{b: float(v[i]) for b, v in per.items()} for i in range(n)]
        except (KeyError, TypeError, ValueError) as e:
            raise StrengthError(f"{path}: a damaged per-deal file ({e}); play the run again") from None
        if head is None:
            head = this
        elif this != head:
            raise StrengthError(f"{path}: {this} is not the run of the files before it ({head}): pool runs of "
                                "one ruleset, table and bots")
        for i, row in enumerate(rows):
            if (seed, i) in deals:
                raise StrengthError(f"{path}: deal {i} of seed {seed} is in an earlier file too: pool each "
                                    "deal once (runs of other seeds)")
            deals[seed, i] = row
    if head is None:
        raise StrengthError("no files: name the per-deal files of phz sim --per-deal")
    return head, deals


def pair_of(head: dict, text: str | None) -> tuple[str, str]:
    """``--pair A,B``, or the runs' first two bots."""
    bots = list(dict.fromkeys(head["bots"]))
    if len(bots) < 2:
        raise StrengthError(f"the runs seat {bots[0]} alone: compare two bots (phz sim --bots A,B,B)")
    a, b = text.split(",", 1) if text else bots[:2]
    if a not in bots or b not in bots or a == b:
        raise StrengthError(f"--pair {a},{b}: name two of the runs' bots, {', '.join(bots)}")
    return a, b


def bootstrap(xs: list[float]) -> tuple[float, float]:
    """The 2.5% and 97.5% points of the mean over ``RESAMPLES`` resamples of ``xs``."""
    rng = random.Random(1)
    means = sorted(math.fsum(rng.choices(xs, k=len(xs))) / len(xs) for _ in range(RESAMPLES))
    return means[int(0.025 * RESAMPLES)], means[int(0.975 * RESAMPLES) - 1]


def summary(paths: list[str], pair: str | None, vs: list[str] | None) -> dict:
    head, deals = load(paths)
    a, b = pair_of(head, pair)
    diffs = [d[a] - d[b] for d in deals.values()]
    mean, half = mean_interval(diffs)
    out = {**head, "first": a, "second": b, "deals": len(diffs), "seeds": sorted({s for s, _ in deals}),
           "mean": mean, "half": half, "bootstrap": bootstrap(diffs) if len(diffs) > 1 else None,
           "deals_needed": Pair(a, b, mean, half, len(diffs)).deals_needed}
    if vs:
        other_head, other = load(vs)
        if (other_head["rules"], other_head["players"]) != (head["rules"], head["players"]) \
                or not {a, b} <= set(other_head["bots"]):
            raise StrengthError(f"--vs: {other_head} does not compare with {head}: the same ruleset, table and bots")
        common = [k for k in deals if k in other]
        if not common:
            raise StrengthError("--vs: no deal in both sets: play the same seeds")
        change = [(other[k][a] - other[k][b]) - (deals[k][a] - deals[k][b]) for k in common]
        m, h = mean_interval(change)
        out["vs"] = {"deals": len(common), "mean": m, "half": h, "changed": sum(1 for x in change if x)}
    return out


def lines(s: dict) -> list[str]:
    def pm(mean: float, half: float | None) -> str:
        return f"{mean:+.3f} ± {half:.3f}" if half is not None else f"{mean:+.3f}"
    out = [f"{s['rules']}, {s['players']} seats, {','.join(s['bots'])}: {s['deals']:,} deals "
           f"({len(s['seeds'])} seed{'' if len(s['seeds']) == 1 else 's'})",
           f"{s['first']} − {s['second']}: {pm(s['mean'], s['half'])} a hand (95%)"]
    if s["bootstrap"]:
        out.append(f"  bootstrap of the deals (95%): {s['bootstrap'][0]:+.3f} … {s['bootstrap'][1]:+.3f}")
    if s["deals_needed"]:
        out.append(f"  no verdict yet: about {s['deals_needed']:,} deals would tell the two apart (never fewer "
                   f"than {VERDICT_DEALS})")
    if "vs" in s:
        v = s["vs"]
        out.append(f"--vs, on the {v['deals']:,} deals in both: {pm(v['mean'], v['half'])} a hand "
                   f"(paired; {v['changed']:,} deals changed)")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+", metavar="FILE", help="per-deal files of phz sim --per-deal")
    ap.add_argument("--pair", metavar="A,B", help="the two bots compared (default: the runs' first two)")
    ap.add_argument("--vs", nargs="+", metavar="FILE", help="the same deals played otherwise: the paired change")
    ap.add_argument("--json", action="store_true", help="one JSON object")
    args = ap.parse_args(argv)
    try:
        s = summary(args.files, args.pair, args.vs)
    except StrengthError as e:
        print(f"strength: {e}", file=sys.stderr)
        return 2
    print(json.dumps(s, ensure_ascii=False) if args.json else "\n".join(lines(s)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
