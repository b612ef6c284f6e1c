"""``phz discard … --win-rate`` and ``phz act … --advise``: every choice of a position ranked by its win
chance and expected score (``solver.game.advice``), as a table with the reasons, or JSON.

The position is a quick one from HAND (``position.quick``: what it assumes
is said above the table), a game record replayed to a move
(``--record FILE --at MOVE [--seat N]``, moves numbered as ``phz replay``
and ``phz play --from`` number them) or a position file (``--position
FILE``, ``position.loads``).  Loads only click at start: the work, in
``advise_run`` with the solver, is imported when the command runs with
``--win-rate`` / ``--advise``, so the commands without them stay as they are
(and import no numba on ready hands).
"""
from __future__ import annotations

import time
from typing import Callable

import click

from solver import limits
from solver.vocabulary import DEFAULT_SAMPLES

from .output import Out

__all__ = ["MAX_SAMPLES", "advice_options", "claim_position", "plain_act", "run_act", "run_discard"]

#: the most --samples (solver.limits.SAMPLES)
MAX_SAMPLES = limits.SAMPLES[1]
#: seconds of rollouts before the progress line appears on a terminal
PROGRESS_AFTER = 0.5
#: the options that only mean something with --win-rate / --advise, as they are spelled
ADVICE_ONLY = {"samples": "--samples", "seed": "--seed", "rank": "--rank", "stock": "--stock", "record": "--record",
               "at": "--at", "seat": "--seat", "position": "--position"}


def advice_options(command: str) -> Callable:
    """The options of ``--win-rate`` (``command`` discard) or ``--advise`` (act)."""
    flag = "--win-rate" if command == "discard" else "--advise"

    def add(f: Callable) -> Callable:
        opts = [
            click.option(flag, "wanted", is_flag=True,
                         help=("Rank the discards by expected score from rollouts of the hand (win %, expected "
                               "score ±, deal-in % where discards win), with the reasons." if command == "discard"
                               else "Rank every legal move (each 吃 way with its 比, 碰, 胡, 过, a compulsory take) "
                                    "by the win chance and expected score of the position it leads to, with its "
                                    "follow-up discard and the reasons.")),
            click.option("--samples", type=int, default=None, metavar="N",
                         help=f"{flag}: deals of the unseen tiles played out per choice, 1 to {MAX_SAMPLES} "
                              f"(default {DEFAULT_SAMPLES}); more narrow the ± intervals and take longer."),
            click.option("--seed", type=click.IntRange(*limits.SEED), default=None, metavar="S",
                         help=f"{flag}: the deals' seed (default 0): the same seed gives the same figures."),
            click.option("--rank", type=click.Choice(["score", "outs"]), default=None,
                         help=f"{flag}: order by expected score (default) or by distance, 进张 and outs."),
            click.option("--stock", type=int, default=None, metavar="N",
                         help=f"{flag} of a quick position: tiles left in the stock (default: the others hold "
                              "20 tiles each, the rest is stock)."),
            click.option("--record", type=click.Path(dir_okay=False), default=None, metavar="FILE",
                         help=f"{flag}: the position of a game record (README: Game records) before move --at."),
            click.option("--at", type=click.IntRange(*limits.MOVE), default=None, metavar="MOVE",
                         help="With --record: the move (numbered from 1 over the record, as `phz replay` "
                              "shows them)."),
            click.option("--seat", type=click.IntRange(*limits.SEAT), default=None, metavar="N",
                         help="With --record: the seat advised (default: the seat that decides at MOVE)."),
            click.option("--position", type=click.Path(dir_okay=False), default=None, metavar="FILE",
                         help=f"{flag}: the position of a position file (README: Position files)."),
        ]
        for opt in reversed(opts):
            f = opt(f)
        return f
    return add


def _misused(ctx: click.Context, flag: str, values: dict) -> None:
    """An option of ``flag`` given without it: a usage error naming both."""
    for name, spelled in ADVICE_ONLY.items():
        if values.get(name) is not None:
            raise click.UsageError(f"{spelled} goes with {flag}", ctx)


def _require(ctx: click.Context, **values) -> None:
    """The act options required without --record / --position, missing as click would say it."""
    for name, value in values.items():
        if not value:
            param = next(p for p in ctx.command.params if p.name == name)
            raise click.MissingParameter(ctx=ctx, param=param)


class _Progress:
    """Deals played so far, on one line of stderr that is rewritten, when stderr is a terminal and the
    rollouts take longer than ``PROGRESS_AFTER`` seconds; wiped when they are done."""

    def __init__(self, total: int, stream):
        isatty = getattr(stream, "isatty", None)
        try:
            self.on = bool(isatty and isatty())
        except ValueError:
            self.on = False
        self.total, self.done, self.stream = total, 0, stream
        self.start = self.last = time.monotonic()
        self.shown = 0

    def __call__(self, n: int) -> None:
        self.done += n
        if not self.on:
            return
        now = time.monotonic()
        if now - self.start >= PROGRESS_AFTER and now - self.last >= 0.1:
            self.last = now
            text = f"phz: playing out the hand: {min(self.done, self.total)}/{self.total} deals"
            self.stream.write("\r" + text)
            self.stream.flush()
            self.shown = len(text)

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * self.shown + "\r")
            self.stream.flush()
            self.shown = 0


def run_discard(ctx: click.Context, hand: tuple[str, ...], seen: str, as_json: bool, brief: bool,
                jobs: int, rules, *, wanted: bool, **values) -> bool:
    """``phz discard --win-rate``; False (nothing done) without ``--win-rate``."""
    if not wanted:
        _misused(ctx, "--win-rate", values)
        return False
    if brief:
        raise click.UsageError("--brief is a batch's compact line: --win-rate answers one hand (a table, or --json)",
                               ctx)
    from . import advise_run
    return advise_run.discard(ctx, hand, seen, as_json, jobs, rules, _Progress, **values)


def run_act(ctx: click.Context, hand: tuple[str, ...], tile: str | None, source: str | None, chou: str,
            passed_peng: str, seen: str, as_json: bool, lang: str | None, rules, *, wanted: bool,
            **values) -> None:
    """``phz act``: what the hand may, must and may not do with the tile (``plain_act``) or, with
    ``--advise``, every legal move ranked."""
    from_file = wanted and (values.get("record") is not None or values.get("position") is not None)
    if not from_file:
        _require(ctx, hand=hand, tile=tile, source=source)
    if not wanted:
        _misused(ctx, "--advise", values)
        assert tile is not None and source is not None  # _require: both given without a record or position
        plain_act(Out(ctx, as_json), ctx, " ".join(hand), tile, source, chou, passed_peng, seen, rules,
                  all_rows=values.get("all_rows", False))
        return
    from . import advise_run
    advise_run.act(ctx, hand, tile, source, chou, passed_peng, seen, as_json, rules, _Progress, from_file=from_file,
                   **values)


def plain_act(out, ctx: click.Context, text: str, tile: str, source: str, chou: str, passed_peng: str, seen: str,
              rules, *, all_rows: bool = False) -> None:
    """``phz act`` without ``--advise``: the obligations engine's decision, every move with its reason (the
    forbidden ones grouped by reason unless ``all_rows``), in ``out.lang`` within ``out.limit`` columns."""
    from solver import api
    from solver.text.explain import act_json, act_lines

    try:
        result = api.decide(text, tile=tile, source=source, chou=chou, passed_peng=passed_peng, seen=seen,
                            rules=rules)
    except ValueError as e:
        out.fail(ctx, text, str(e))
    if out.as_json:
        out.write(out.jsonl.dumps(act_json(result, text, lang=out.lang)))
    else:
        out.write(out.render.paint("\n".join(act_lines(result, out.lang, out.limit, grouped=not all_rows)), out.colour))


def claim_position(decision, rules, *, seen, stock):
    """The quick position of ``phz act``'s hand and tile (``advise_run.claim_position``)."""
    from . import advise_run
    return advise_run.claim_position(decision, rules, seen=seen, stock=stock)
