"""The ``phz`` command group: every command, each from its own module of this package.

Only click and tabulate load here; a command loads the solver inside it, so
``--help`` never imports numba, and neither does a one-hand command on a
ready hand (it answers in plain Python: the reference's waits,
``solver.engine.plain_distance``'s distance; only a hand more than 2 intakes
away goes on to the kernels' deeper search).  Batches go to the numba
kernels in one call.  The console script's module is ``solver.app.entry``.
"""
from __future__ import annotations

import click
import tabulate as _tabulate  # noqa: F401  -- a broken install fails here, before any output

from solver.text.help import MAIN_HELP

from . import options
from .act_command import act
from .bench_command import bench
from .discard_command import discard
from .hu_command import hu
from .options import echo, prepare
from .play_command import play
from .puzzles_command import puzzles
from .replay_command import replay
from .review_command import review
from .rules_command import rules_group
from .serve_command import serve
from .shell_command import shell
from .sim_command import sim
from .ting_command import ting
from .trainer_command import quiz, stats


class _Phz(click.Group):
    """The phz command group: under ``--json`` a usage error is also an error object on stdout."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        options = args[:args.index("--")] if "--" in args else args
        ctx.meta["phz.json"] = "--json" in options
        lang = options_lang(options)
        if lang:  # known before --help is answered, wherever --lang stands (`phz ting --help --lang zh`)
            ctx.meta["phz.lang"] = lang
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except click.UsageError as e:
            if ctx.meta.get("phz.json"):
                from solver.text import jsonl
                hand = (e.ctx.params.get("hand") if e.ctx is not None else None) or ()
                prepare(True)
                echo(jsonl.dumps(jsonl.error_json(" ".join(hand), e.format_message())))
            if _lang(e.ctx or ctx) == "zh":
                _show_zh(e)
                ctx.exit(e.exit_code)
            raise


def _lang(ctx: click.Context) -> str:
    """The language of a usage error: English when the error is the language itself (``--lang fr``)."""
    try:
        return options.lang_of(ctx)
    except ValueError:
        return "en"


def _show_zh(e: click.UsageError) -> None:
    """A usage error as click shows it (the usage, the line naming the help, the error), in Chinese."""
    from solver.model.notation import say
    from solver.text.help_words import TRY, usage_zh

    lines = []
    if e.ctx is not None:
        lines.append(e.ctx.get_usage())
        if e.ctx.command.get_help_option(e.ctx) is not None:
            names = e.ctx.command.get_help_option_names(e.ctx)
            lines.append(TRY[1].format(command=f"{e.ctx.command_path} {max(names, key=len)}") + "\n")
    click.echo("\n".join(lines + [say("error", "zh") + usage_zh(e.format_message())]), err=True)


@click.group(cls=_Phz, help=MAIN_HELP, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.option("--color", "colour", type=click.Choice(["auto", "always", "never"]), default="auto",
              show_default=True,
              help="Red tiles (二七十贰柒拾) in red: auto = when stdout is a terminal. NO_COLOR turns it off.")
@click.version_option(package_name="phz", message="%(prog)s %(version)s")
@click.pass_context
def main(ctx: click.Context, colour: str) -> None:
    ctx.obj = colour


def options_lang(args: list[str]) -> str | None:
    """The last ``--lang X`` (or ``--lang=X``) of a command line, if any.

    >>> options_lang(["ting", "--help", "--lang", "zh"]), options_lang(["--lang=en", "hu"]), options_lang(["--lang"])
    ('zh', 'en', None)
    """
    found = None
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            found = args[i + 1]
        elif arg.startswith("--lang="):
            found = arg.partition("=")[2]
    return found


for command in (ting, discard, hu, act, bench, rules_group, play, sim, replay, review, serve, shell, puzzles, quiz,
                stats):
    main.add_command(command)
options.colour_everywhere(main)  # --color on every command too, the commands all added by now
