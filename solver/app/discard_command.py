"""``phz discard``: the discards of a hand, ranked (with ``--win-rate``, by rollouts)."""
from __future__ import annotations

import click

from solver.text.help import NOTATION

from .advise_command import advice_options, run_discard
from .hands import all_option, hand_options, ting_or_discard


@click.command(epilog=NOTATION)
@hand_options
@all_option
@advice_options("discard")
@click.pass_context
def discard(ctx: click.Context, hand: tuple[str, ...], seen: str, as_json: bool, brief: bool, jobs: int,
            rules, all_rows: bool, **advice) -> None:
    """Discards of a hand holding one tile more than at rest (21 without melds).

    One row per distinct tile that may be discarded (never a 坎 tile): the
    distance to ready of the hand it leaves and its improving draws (进张,
    the waits when it is ready), its waits, live outs, expected score (⅓
    self + ⅔ other per live copy) and best score; ranked by distance, then
    live improving draws, then outs, expected score and best score.  The
    discarded tile counts as seen.

    \b
    Example:  phz discard 一二三壹贰叁贰柒拾四五六八九十七七七伍伍捌
    """
    if run_discard(ctx, hand, seen, as_json, brief, jobs, rules, all_rows=all_rows, **advice):
        return
    ting_or_discard(ctx, "discard", hand, seen, as_json, brief, jobs, rules, all_rows)
