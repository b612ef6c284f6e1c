"""``phz review RECORD``: every decision of one seat in a game record set against the advice (issue 16).

The record is replayed (strictly, or leniently when it was typed in) and
each decision with a choice is advised by rollouts (``solver.game.review``);
the text is ``solver.text.review_text``; the work is ``review_run``,
imported when the command runs.  Progress goes to stderr; a record
that does not replay, a seat or hand it has not, is one line naming the fix
(exit 2).
"""
from __future__ import annotations

import click

from solver import limits
from solver.vocabulary import DEFAULT_SAMPLES

from .options import lang_option, record_rules_option

HELP = """Review the decisions of one seat in the game record RECORD.

\b
Every decision the seat made with a choice (a discard, a claim at a tile
on the table, 胡 or 过) is set against the solver's advice at the position
the seat saw: the best move, what each leaves (distance to ready, live
进张 or outs), its win chance and expected score, and a grade by the
expected-score loss against the best move (ok, inaccuracy, mistake,
blunder; the thresholds are stated under the review).  The same record
always gets the same grades.  A record typed in from a real table is
replayed leniently, and every rule broken (烧比, 臭张, 走跑, 失提, 诈胡) is
named with its penalty (RULES.md 10).  Then the summary: decisions, how
many matched the best, the three worst with the position, the total cost.

\b
A decision takes about a sixth of a second at the default --samples 100
(the judge's rollouts, played by the keen bot).

\b
Examples:
  phz play --record game.jsonl    then    phz review game.jsonl
  phz review game.jsonl --hand 2 --lang zh
  phz review typed.jsonl --seat 1 --samples 400
  phz review game.jsonl --save      (the mistakes become quiz questions)
"""


@click.command("review", help=HELP)
@click.argument("record_path", type=click.Path(dir_okay=False, allow_dash=True), metavar="RECORD")
@click.option("--seat", type=click.IntRange(*limits.SEAT), default=None, metavar="N",
              help="The seat to review (default: the human's seat of a `phz play` record, else 0).")
@click.option("--hand", type=click.IntRange(*limits.HANDS), default=None, metavar="K", help="Review hand K only (default: every hand).")
@lang_option
@click.option("--json", "as_json", is_flag=True, help="The review as one JSON object on one line.")
@click.option("--samples", type=click.IntRange(*limits.REVIEW_SAMPLES), default=DEFAULT_SAMPLES, show_default=True,
              metavar="N",
              help=f"Deals each move is played out on, 24 to {limits.SAMPLES[1]:,}: more is more precise and slower.")
@click.option("--seed", type=click.IntRange(*limits.SEED), default=0, show_default=True, metavar="S",
              help="The rollouts' deals: the same seed, the same grades.")
@click.option("--save", is_flag=True,
              help="Put every mistake and blunder into the progress database as a quiz question "
                   "(`phz quiz` asks them in its review).")
@click.option("--db", "db_path", type=click.Path(dir_okay=False), default=None, metavar="PATH",
              help="With --save: the progress database (default: the one `phz quiz` uses).")
@record_rules_option
@click.pass_context
def review(ctx: click.Context, record_path: str, seat: int | None, hand: int | None, lang: str | None,
           as_json: bool, samples: int, seed: int, save: bool, db_path: str | None, given_rules) -> None:
    from .review_run import review_record
    review_record(ctx, record_path, seat, hand, lang, as_json, samples, seed, save, db_path, given_rules)
