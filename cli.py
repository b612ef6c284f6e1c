"""phz on the command line: ting, discard and hu for 跑胡子 hands.

Thin on purpose: options and input lines here, answers from ``solver.api`` /
``solver.engine.wins``, everything a user reads from ``solver.text``.  Only click
and tabulate load at start; the solver loads inside a command, so ``--help``
never imports numba, and neither does a one-hand command (it answers in plain
Python: the reference's waits, ``solver.engine.plain_distance``'s distance; only
a hand more than 2 intakes away goes on to the kernels' deeper search).
Batches go to the numba kernels in one call.
"""
from __future__ import annotations

import sys
from typing import Callable

import click
import tabulate as _tabulate  # noqa: F401  -- a broken install fails here, before any output

from solver.app import options, play_command, puzzles_command, replay_command, shell_command, sim_command
from solver.app.advise_command import advice_options, run_act, run_discard
from solver.app.hu_command import HELP as HU_HELP
from solver.app.options import DEFAULT_RULES, RulesetType  # noqa: F401  -- DEFAULT_RULES: tests check it
from solver.app.options import echo as _echo
from solver.app.options import json_option as _json_option
from solver.app.options import prepare as _prepare
from solver.app.options import rules_option as _rules_option
from solver.app.review_command import review as review_command
from solver.app.rules_command import rules_group
from solver.app.trainer_command import QUESTION_KINDS, quiz, stats  # QUESTION_KINDS: tests check it
from solver.text.help import MAIN_HELP, NOTATION, SOURCE_HELP


class _Phz(click.Group):
    """The phz command group: under ``--json`` a usage error is also an error object on stdout."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        options = args[:args.index("--")] if "--" in args else args
        ctx.meta["phz.json"] = "--json" in options
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except click.UsageError as e:
            if ctx.meta.get("phz.json"):
                from solver.text import jsonl
                hand = (e.ctx.params.get("hand") if e.ctx is not None else None) or ()
                _prepare(True)
                _echo(jsonl.dumps(jsonl.error_json(" ".join(hand), e.format_message())))
            raise


@click.group(cls=_Phz, help=MAIN_HELP, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.option("--color", "colour", type=click.Choice(["auto", "always", "never"]), default="auto",
              show_default=True,
              help="Red tiles (二七十贰柒拾) in red: auto = when stdout is a terminal. NO_COLOR turns it off.")
@click.version_option(package_name="phz", message="%(prog)s %(version)s")
@click.pass_context
def main(ctx: click.Context, colour: str) -> None:
    ctx.obj = colour


def _seen_option(f: Callable) -> Callable:
    return click.option("--seen", default="", metavar="TILES",
                        help="Tiles seen elsewhere (discards, others' melds): they lower the live outs.")(f)


def _bulk_options(f: Callable) -> Callable:
    f = click.option("--jobs", type=click.IntRange(min=1), default=None, metavar="N",
                     help="A batch is answered by N processes (1 to the cores phz may use, more are cut to them; "
                          "default 1); answers stay in input order. With --win-rate: the rollouts, in N processes (default: every core phz may "
                          "use; the same figures).")(f)
    return click.option("--brief", is_flag=True,
                        help="One compact JSON line per hand, waits only: tile, live outs, 胡息 and score "
                             "per source (README: Batches).")(f)


def _all_option(f: Callable) -> Callable:
    return click.option("--all", "all_rows", is_flag=True,
                        help="Every discard, move and choice on a line of its own (default: those that share a "
                             "verdict or a reason share one).")(f)


def _hand_options(f: Callable) -> Callable:
    """HAND and the options of ting and discard (in their --help order)."""
    return click.argument("hand", nargs=-1)(_seen_option(_json_option(_bulk_options(_rules_option(f)))))


class _Out:
    """Where answers go, with the colour decision taken once."""

    def __init__(self, ctx: click.Context, as_json: bool):
        from solver.text import jsonl, render
        _prepare(as_json)
        self.render = render
        self.jsonl = jsonl
        self.as_json = as_json
        self.colour = not as_json and render.colour_wanted(sys.stdout, ctx.find_root().obj or "auto")
        self.lang, self.limit = options.lang_of(ctx), options.width_of(ctx)

    write = staticmethod(_echo)

    def fail(self, ctx: click.Context, text: str, message: str) -> None:
        """Bad input of a one-hand command: a line (and a hint line) on stderr, the JSON error object; exit 2."""
        message, shown = options.error_text(ctx, text, message)
        if self.as_json:
            self.write(self.jsonl.dumps(self.jsonl.error_json(text, message)))
        click.echo(shown, err=True)
        ctx.exit(2)


def _batch_mode(hand: tuple[str, ...]) -> bool:
    if hand == ("-",):
        return True
    if hand:
        return False
    if sys.stdin is None or sys.stdin.isatty():
        raise click.UsageError("missing HAND: give a hand, or `-` to read hands from stdin, one a line")
    return True


def _lines() -> list[str]:
    """The hand lines of stdin (``console.hand_lines``: UTF-8 bytes, a bad byte a bad line)."""
    from solver.app.console import hand_lines
    return list(hand_lines())


def _batch_hands(ctx: click.Context, out: _Out, kind: str, seen_tiles: list[int], rules, brief: bool,
                 jobs: int) -> None:
    """A ting or discard batch through solver.app.batch, answered in input order; exit 1 if a line failed."""
    from solver.app import batch
    from solver.app.console import warn

    jobs = batch.capped_jobs(jobs)
    try:
        job = batch.Batch(kind, rules, tuple(seen_tiles), as_json=out.as_json, brief=brief, colour=out.colour)
        failed = batch.run(job, _lines(), write=out.write, jobs=jobs)
    except batch.WorkerDied as e:
        warn(f"phz: {e}")
        ctx.exit(1)
    ctx.exit(1 if failed else 0)


def _parse_seen(ctx: click.Context, out: _Out, text: str, seen: str) -> list[int]:
    from solver.model.notation import parse_tiles
    try:
        return list(parse_tiles(seen))
    except ValueError as e:
        out.fail(ctx, text, f"--seen: {e}")


def _ting_or_discard(ctx: click.Context, kind: str, hand: tuple[str, ...], seen: str, as_json: bool, brief: bool,
                     jobs: int, rules, all_rows: bool = False) -> None:
    """``phz ting`` and ``phz discard`` (``kind``): a batch through solver.app.batch, or one hand
    through solver.api answered as a table, a JSON line or a --brief line; bad input exits 2."""
    from solver import api
    from solver.text import hand_text

    out = _Out(ctx, as_json or brief)
    jobs = jobs or 1
    batch = _batch_mode(hand)
    text = " ".join(hand)
    seen_tiles = _parse_seen(ctx, out, text, seen)
    if batch:
        _batch_hands(ctx, out, kind, seen_tiles, rules, brief, jobs)
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
                                      limit=out.limit) if ting
                  else hand_text.discard_text(result, out.colour, rules.win_on, lang=out.lang, limit=out.limit,
                                              all_rows=all_rows))


@main.command(epilog=NOTATION)
@_hand_options
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
    _ting_or_discard(ctx, "ting", hand, seen, as_json, brief, jobs, rules)


@main.command(epilog=NOTATION)
@_hand_options
@_all_option
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
    if run_discard(ctx, _Out, hand, seen, as_json, brief, jobs, rules, all_rows=all_rows, **advice):
        return
    _ting_or_discard(ctx, "discard", hand, seen, as_json, brief, jobs, rules, all_rows)


@main.command(epilog=NOTATION, help=HU_HELP)
@click.argument("hand", nargs=-1)
@click.option("--win", "win", metavar="TILE", help="The winning tile (required for one hand).")
@click.option("--source", metavar="self|other|discard",
              help="Who reveals it: self (自摸), other (another player's draw) or discard (another player's "
                   "discard, under a ruleset that wins on discards); required for one hand.")
@click.option("--all", "all_splits", is_flag=True, help="List every distinct winning decomposition, best first.")
@click.option("--last-tile", is_flag=True, help="TILE is the last stock tile (海底).")
@click.option("--dihu", is_flag=True, help="TILE is the dealer's first discard, won by his lower player (地胡).")
@click.option("--qishou", is_flag=True, help="TILE is the 亮张, won before play (起手胡).")
@click.option("--tianhu", is_flag=True, help="HAND is freshly dealt: does it win at once (天胡)?")
@_json_option
@_rules_option
@click.pass_context
def hu(ctx: click.Context, hand: tuple[str, ...], win: str | None, source: str | None, all_splits: bool,
       last_tile: bool, dihu: bool, qishou: bool, tianhu: bool, as_json: bool, rules) -> None:
    from solver.app import hu_command

    out = _Out(ctx, as_json)
    flags = hu_command.given(last_tile, dihu, qishou, tianhu)
    if _batch_mode(hand):
        from solver.app import batch
        if flags:
            raise click.UsageError(f"{flags[0]} is for one hand, not a batch")
        answers, failed = batch.answer_hu(_lines(), win=win, source=source, rules=rules, as_json=as_json,
                                          all_splits=all_splits, colour=out.colour)
        batch.emit(out.write, answers)
        ctx.exit(1 if failed else 0)
    text = " ".join(hand)
    try:
        out.write(hu_command.answer(text, win=win, source=source, all_splits=all_splits, rules=rules,
                                    as_json=as_json, colour=out.colour, flags=flags, lang=out.lang, limit=out.limit))
    except ValueError as e:
        out.fail(ctx, text, str(e))


@main.command(epilog=NOTATION)
@click.argument("hand", nargs=-1, metavar="HAND...")
@click.option("--tile", metavar="X", help="The tile that has appeared (required but with --record/--position).")
@click.option("--from", "source", metavar="SOURCE", help=f"Who revealed it (required likewise): {SOURCE_HELP}.")
@click.option("--chou", default="", metavar="TILES", help="Tiles already 臭 for 吃 (passed when they could be eaten).")
@click.option("--passed-peng", default="", metavar="TILES", help="Tiles whose 碰 was passed this hand.")
@click.option("--seen", default="", metavar="TILES",
              help="Tiles seen elsewhere (discards, others' melds): checked against the 4 copies of each tile; "
                   "with --advise they are face up, so the rollouts deal them to no one.")
@_json_option
@click.option("--lang", type=click.Choice(["en", "zh"]), default=None,
              help="Language of the explanations (default: from the locale, zh* → Chinese).")
@_rules_option
@_all_option
@advice_options("act")
@click.pass_context
def act(ctx: click.Context, hand: tuple[str, ...], tile: str, source: str, chou: str, passed_peng: str,
        seen: str, as_json: bool, lang: str | None, rules, all_rows: bool, **advice) -> None:
    """What may, must and may not a hand at rest do with tile X from SOURCE?

    Every move in priority order (胡 > 提/偎 > 跑 > 碰 > 吃 > 过), marked
    compulsory or optional: each legal way to eat with the 比 groups it
    forces, what passing makes 臭; and every move that is not allowed with
    its reason (隔山, 臭张, 烧比, 坎 locked, no discard left, must 偎, a
    passed 碰, 胡 on a discard, passing a compulsory 提/偎/跑).

    \b
    Example:
      phz act 一二三四五六七八九九壹贰叁肆伍陆柒捌玖拾 --tile 三 \\
              --from upper-discard
    """
    run_act(ctx, _Out, hand, tile, source, chou, passed_peng, seen, as_json, lang, rules, all_rows=all_rows, **advice)


@main.command()
@click.option("--hands", "n", type=click.IntRange(min=10, max=100_000), default=2000, show_default=True,
              metavar="N", help="Hands per measurement (10 to 100,000), in 5 rounds of fresh hands "
                                "(the reference answers one in 50).")
@click.option("--json", "as_json", is_flag=True, help="The measurements as one JSON object on one line.")
@_rules_option
@click.pass_context
def bench(ctx: click.Context, n: int, as_json: bool, rules) -> None:
    """Measure the solver: time per hand, hands per second, speed-up over the reference.

    The win check (a ready hand and one of its waits, both sources), the
    waits of a ready hand, the discard table of a hand to discard from, the
    legal 吃/比 ways of a tile, drill generation, and the distance to ready
    with its improving draws (the kernels and the plain-Python search, median
    and p95) and a discard table with every row's distance, on pinned seeded
    inputs (solver.app.bench).  Kernels are loaded or compiled before the first
    round; each round has fresh hands.  Times are medians over the rounds;
    a busy machine makes them slower (BENCHMARKS.md).
    """
    import json

    from solver.app import bench as measure

    _prepare(as_json)
    plan = list(measure.measurements(n, rules))
    results = []
    with click.progressbar(length=sum(steps for _, steps, _ in plan), label="phz bench", file=sys.stderr,
                           item_show_func=lambda label: label) as bar:
        for label, steps, run in plan:
            bar.update(0, label)
            results += run()
            bar.update(steps, label)
    if as_json:
        _echo(json.dumps({"hands": n, "results": [r.as_json() for r in results]}, ensure_ascii=False))
        return
    _echo("\n".join(measure.table_lines(results, options.lang_of(ctx), options.width_of(ctx))))


main.add_command(rules_group)
main.add_command(play_command.play)
main.add_command(sim_command.sim)
main.add_command(replay_command.replay)
main.add_command(review_command)
main.add_command(shell_command.shell)


@main.group()
def puzzles() -> None:
    """The curated puzzle library (puzzles/*.toml): list it, check it."""


@puzzles.command("list")
@click.option("--kind", type=click.Choice(QUESTION_KINDS), help="Only this kind.")
@click.option("--rules", type=RulesetType(), default=None, metavar="NAME|PATH",
              help="Only the puzzles written for this ruleset (default: every puzzle).")
@click.option("--json", "as_json", is_flag=True, help="The puzzles as one JSON list on one line.")
@click.pass_context
def puzzles_list(ctx: click.Context, kind: str | None, rules, as_json: bool) -> None:
    """Every puzzle: id, kind, ruleset, level, tags, and its hand under it (--wide: one table row each)."""
    import json

    from tabulate import tabulate

    import puzzles as library

    _prepare(as_json)
    try:
        items = [p for p in library.load() if (kind is None or p.kind == kind) and
                 (rules is None or p.rules == rules.name)]
    except library.PuzzleError as e:
        raise click.ClickException(str(e)) from None
    if as_json:
        _echo(json.dumps([p.as_json() for p in items], ensure_ascii=False))
        return
    from solver.app.options import lang_of, width_of
    if ctx.meta.get("phz.wide"):
        rows = [(p.id, p.kind, p.rules, p.level, " ".join(p.tags), p.hand) for p in items]
        _echo(tabulate(rows, headers=("id", "kind", "rules", "level", "tags", "hand")) + f"\n{len(items)} puzzles")
        return
    from solver.app.puzzles_command import list_lines
    _echo("\n".join(list_lines(items, lang_of(ctx), width_of(ctx))))


@puzzles.command("check")
@click.option("--rules", type=RulesetType(), default=None, metavar="NAME|PATH",
              help="Only the puzzles written for this ruleset (default: every puzzle, each under its own).")
def puzzles_check(rules) -> None:
    """Recompute every stored answer with the solver, each under its puzzle's ruleset; fail naming each bad puzzle."""
    import puzzles as library
    from solver.trainer.library import check

    _prepare(False)
    try:
        lib = library.load()
    except library.PuzzleError as e:
        click.echo(str(e), err=True)
        raise click.ClickException("1 problem(s) in the puzzle library") from None
    if rules is not None:
        lib = [p for p in lib if p.rules == rules.name]
        if not lib:
            raise click.ClickException(f"no puzzle is written for ruleset {rules.name}")
    problems = check(rules, lib)
    for line in problems:
        click.echo(line, err=True)
    if problems:
        raise click.ClickException(f"{len(problems)} problem(s) in the puzzle library")
    which = f" of ruleset {rules.name}" if rules is not None else ""
    _echo(f"{len(lib)} puzzles{which}: every answer agrees with the solver")


main.add_command(quiz)
main.add_command(stats)
puzzles.add_command(puzzles_command.tags)
options.colour_everywhere(main)  # --color on every command too, the commands all defined by now


def entry() -> None:
    """The ``phz`` console script: ``main`` as a process (``solver.app.console.run``): Ctrl-C and
    SIGTERM stop it at once, a stream that cannot be used is one line, and it ends fast."""
    import signal

    from solver.app import console
    from solver.app.entry import stop_early
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, stop_early)  # until console.run installs the real handlers

    console.run(main)


if __name__ == "__main__":
    entry()
