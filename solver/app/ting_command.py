"""``phz ting``: the waits of a hand at rest, or its distance to ready and improving draws."""
from __future__ import annotations

import click

from solver.text.help import NOTATION

from .hands import hand_options, ting_or_discard


@click.command(epilog=NOTATION)
@hand_options
@click.pass_context
def ting(ctx: click.Context, hand: tuple[str, ...], seen: str, as_json: bool, brief: bool, jobs: int,
         rules) -> None:
    """Waits of a hand at rest (20 concealed tiles, fewer with melds).

    Every tile that wins, with the best decomposition per source (self-drawn
    自摸 or another player's draw): 胡息, 等, 番, score, how it wins and its
    门子, and the live outs (4 minus the copies in the hand and --seen).  A
    wait with no live copy is listed as dead.

    A hand that is not ready gets its distance to ready (进张距离: the least
    number of intakes — 吃 with its 比, 碰, 偎, 跑, 提, each followed by a
    discard — after which it waits on a tile) and its improving draws (进张):
    each tile that brings it one step nearer, its live copies and the ways
    to take it.

    \b
    Example:  phz ting 一二三壹贰叁贰柒拾四五六八九十七七七伍伍
    """
    ting_or_discard(ctx, "ting", hand, seen, as_json, brief, jobs, rules)
