"""What ``phz ting`` and ``phz discard`` share: HAND and its options, one hand through ``solver.api``
or a batch through ``solver.app.batch``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import click

from .options import json_option, rules_option
from .output import Out, batch_mode, stdin_lines

if TYPE_CHECKING:
    from solver.model.rules import Ruleset

    from .batch import Kind


def seen_option(f: Callable) -> Callable:
    return click.option("--seen", default="", metavar="TILES",
                        help="Tiles seen elsewhere (discards, others' melds): they lower the live outs.")(f)


def bulk_options(f: Callable) -> Callable:
    f = click.option("--jobs", type=click.IntRange(min=1), default=None, metavar="N",
                     help="A batch is answered by N processes (1 to the cores phz may use, more are cut to them; "
                          "default 1); answers stay in input order. With --win-rate: the rollouts, in N processes (default: every core phz may "
                          "use; the same figures).")(f)
    return click.option("--brief", is_flag=True,
                        help="One compact JSON line per hand, waits only: tile, live outs, 胡息 and score "
                             "per source (README: Batches).")(f)


def all_option(f: Callable) -> Callable:
    return click.option("--all", "all_rows", is_flag=True,
                        help="Every discard, move and choice on a line of its own (default: those that share a "
                             "verdict or a reason share one).")(f)


def hand_options(f: Callable) -> Callable:
    """HAND and the options of ting and discard (in their --help order)."""
    return click.argument("hand", nargs=-1)(seen_option(json_option(bulk_options(rules_option(f)))))


def batch_hands(ctx: click.Context, out: Out, kind: Kind, seen_tiles: list[int], rules: Ruleset, brief: bool,
                 jobs: int) -> None:
    """A ting or discard batch through solver.app.batch, answered in input order; exit 1 if a line failed."""
    from solver.app import batch
    from solver.app.console import warn

    jobs = batch.capped_jobs(jobs)
    try:
        job = batch.Batch(kind, rules, tuple(seen_tiles), as_json=out.as_json, brief=brief, colour=out.colour,
                          lang=out.lang)
        failed = batch.run(job, stdin_lines(), write=out.write, jobs=jobs)
    except batch.WorkerDied as e:
        warn(f"phz: {e}")
        ctx.exit(1)
    ctx.exit(1 if failed else 0)


def parse_seen(ctx: click.Context, out: Out, text: str, seen: str) -> list[int]:
    from solver.model.notation import parse_tiles
    try:
        return list(parse_tiles(seen))
    except ValueError as e:
        out.fail(ctx, text, f"--seen: {e}")


def ting_or_discard(ctx: click.Context, kind: Kind, hand: tuple[str, ...], seen: str, as_json: bool, brief: bool,
                     jobs: int, rules: Ruleset, all_rows: bool = False) -> None:
    """``phz ting`` and ``phz discard`` (``kind``): a batch through solver.app.batch, or one hand
    through solver.api answered as a table, a JSON line or a --brief line; bad input exits 2."""
    from solver import api
    from solver.model.results import Ting
    from solver.text import hand_text

    out = Out(ctx, as_json or brief)
    jobs = jobs or 1
    batch = batch_mode(hand)
    text = " ".join(hand)
    seen_tiles = parse_seen(ctx, out, text, seen)
    if batch:
        batch_hands(ctx, out, kind, seen_tiles, rules, brief, jobs)
        return
    ting = kind == "ting"
    try:
        result = (api.ting if ting else api.discard)(text, seen=seen_tiles, rules=rules)
    except ValueError as e:
        out.fail(ctx, text, str(e))
    if brief:
        from solver.app.batch import discard_brief_line, ting_brief_line
        out.write(ting_brief_line(text, result, rules) if ting else discard_brief_line(text, result, rules))
    elif as_json:
        show = out.jsonl.ting_json_line if ting else out.jsonl.discard_json_line
        out.write(show(text, result, rules.win_on_discard))
    else:
        out.write(hand_text.ting_text(result, out.colour, rules.win_on, sequence=rules.sequence, lang=out.lang,
                                      limit=out.limit) if isinstance(result, Ting)
                  else hand_text.discard_text(result, out.colour, rules.win_on, lang=out.lang, limit=out.limit,
                                              all_rows=all_rows))
