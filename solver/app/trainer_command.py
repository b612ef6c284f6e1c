"""``phz quiz`` and ``phz stats`` (with ``--reset``): the trainer on the command line.

Loads only click and the names of the kinds of question (``phz --help`` imports no solver: the registry
``solver.trainer.kinds`` reads them from the kinds' files): the trainer loads when a command runs.
"""
from __future__ import annotations

import sys

import click

from solver import limits
from solver.trainer import kinds

from .options import RulesetType, lang_option, rules_option
from .options import echo as _echo
from .options import prepare as _prepare


@click.command()
@click.option("--kind", type=click.Choice(kinds.names()), help="Only this kind (game: from your games).")
@click.option("--level", type=click.IntRange(1, 3), help="Only this level (1 one idea, 2 two that interact, 3 a trap).")
@click.option("--tag", metavar="T", help="Only puzzles with this tag (e.g. 破跑胡, 烧比).")
@click.option("--count", type=click.IntRange(*limits.COUNT),
              help="How many questions (default: 10, fewer when fewer match).")
@click.option("--puzzle", "puzzle_id", metavar="ID",
              help="One puzzle by id (or drill:SEED to replay a drill, drill:NAME:SEED under ruleset NAME).")
@click.option("--random", "random_drills", is_flag=True, help="Fresh drills generated with the solver (seeded).")
@click.option("--seed", type=click.IntRange(*limits.SEED), default=None,
              help="Seed for --random, to get the same drills again.")
@lang_option
@click.option("--db", type=click.Path(dir_okay=False), default=None,
              help="Progress file (default: progress.db under $PHZ_HOME, $XDG_DATA_HOME/phz or ~/.local/share/phz).")
@rules_option
@click.pass_context
def quiz(ctx: click.Context, kind, level, tag, count, puzzle_id, random_drills, seed, lang, db, rules) -> None:
    """Train: answer puzzles and drills, graded and explained by the solver.

    Without a filter, reviews that are due come first (missed puzzles, and the decisions of your
    games `phz review --save` keeps), labelled as reviews; then new puzzles, easiest first, the
    kinds taking turns.  Answer with tiles (ting, discard), a number (huxi), the numbers of the
    legal ways (chi; 0 for none), yes/no (chou) or a move or its number (game: 吃 三四五, 碰, 过,
    打 五).  Each answer gets ✓ or ✗ and the solver's explanation; on a terminal the quiz waits
    for Enter before the next question.  `q`, Ctrl-C or end of input stop at any point; every
    answer given is kept, with the time it took (`phz stats`).
    """
    from solver.app import signals
    from solver.app.console import StreamError
    from solver.text import render
    from solver.text.explain import resolve_lang
    from solver.text.words import error_in
    from solver.trainer.library import selection_error, tag_named
    from solver.trainer.session import quiz_command

    if seed is not None and not random_drills:
        raise click.UsageError("--seed goes with --random (a drill is replayed with --puzzle drill:SEED)")
    _prepare(False)
    tag = tag_named(tag, random_drills=random_drills, rules=rules)
    unknown = selection_error(puzzle_id=puzzle_id, tag=tag, random_drills=random_drills, rules=rules, kind=kind,
                              lang=lang)
    if unknown:
        click.echo(unknown, err=True)
        ctx.exit(2)
    if sys.stdin is None:
        raise StreamError("standard input is closed, so no answer can be read: run phz quiz on a terminal "
                          "or pipe the answers in", 2)
    try:
        with signals.note("every answer graded so far is saved"):
            summary = quiz_command(rules=rules, kind=kind, level=level, tag=tag, count=count, puzzle_id=puzzle_id,
                                   random_drills=random_drills, seed=seed, lang=lang, db=db, output_fn=_echo,
                                   colour=render.colour_wanted(sys.stdout, ctx.find_root().obj or "auto"))
    except ValueError as e:
        # A drill that cannot be made under the ruleset (drills.NoDrill) says so, and the fix, in the quiz's language.
        in_lang = getattr(e, "in_lang", None)
        said = in_lang(resolve_lang(lang)) if in_lang else error_in(str(e), resolve_lang(lang))
        click.echo(_error_prefix(lang) + said, err=True)
        ctx.exit(2)
    error = getattr(summary, "error", None)
    if summary.stopped == "unsaved" and error:
        click.echo(_error_prefix(lang) + error_in(error, resolve_lang(lang)), err=True)
        ctx.exit(1)
    if summary.stopped == "no_drill" and error:  # no drill of the kind asked under this ruleset: a usage error
        click.echo(_error_prefix(lang) + error, err=True)
        ctx.exit(2)
    ctx.exit(130 if summary.stopped == "interrupt" else 0)


def _error_prefix(lang: str | None) -> str:
    from solver.model.notation import say
    from solver.text.explain import resolve_lang

    return say("error", resolve_lang(lang))


def stdin_is_terminal() -> bool:
    """Whether ``phz stats --reset`` can ask (tests replace it to answer as a terminal would)."""
    isatty = getattr(sys.stdin, "isatty", None)
    return bool(isatty and isatty())


@click.command()
@click.option("--db", type=click.Path(dir_okay=False), default=None, help="Progress file (as for phz quiz).")
@click.option("--rules", type=RulesetType(), default=None, metavar="NAME|PATH",
              help="Only the attempts under this ruleset (default: every ruleset, with a line for each).")
@lang_option
@click.option("--json", "as_json", is_flag=True,
              help="The statistics as one JSON object on one line (with --reset: what was deleted).")
@click.option("--reset", is_flag=True,
              help="Delete the attempts and review boxes (of --rules only, when given), after asking; the "
                   "questions saved from your games stay.")
@click.option("--yes", "-y", is_flag=True, help="With --reset: do not ask (needed when input is not a terminal).")
@click.pass_context
def stats(ctx: click.Context, db, rules, lang, as_json: bool, reset: bool, yes: bool) -> None:
    """Your progress: attempts and accuracy per ruleset, kind, level and tag, streak, reviews due,
    the mean answer time of each kind and the rate of optimal choices (discard and game questions)."""
    import time

    from solver.text import jsonl
    from solver.text.explain import resolve_lang
    from solver.text.words import error_in
    from solver.trainer import progress

    lang = resolve_lang(lang)
    if yes and not reset:
        raise click.UsageError("--yes goes with --reset")
    _prepare(as_json)
    try:
        if reset:
            _reset(db, rules, lang, as_json=as_json, yes=yes, terminal=stdin_is_terminal())
            return
        s = progress.stats(db, now=time.time(), rules=rules)
    except ValueError as e:
        click.echo(_error_prefix(lang) + error_in(str(e), lang), err=True)
        ctx.exit(2)
    _echo(jsonl.dumps(s) if as_json else "\n".join(progress.stats_lines(s, lang, kinds.name_zh if lang == "zh" else str)))


def _reset(db, rules, lang: str, *, as_json: bool, yes: bool, terminal: bool) -> None:
    """``phz stats --reset``: ask (y/N) on a terminal, refuse piped input without --yes, then delete."""
    import json
    import time
    from pathlib import Path

    from solver.text import catalogue
    from solver.trainer import progress

    path = Path(db).expanduser() if db is not None else progress.default_path()
    of = catalogue.say("trainer_command.of", lang, name=rules.name) if rules is not None else ""
    held = progress.stats(path, now=time.time(), rules=rules)["attempts"] if path.exists() else 0
    if not path.exists() or path.stat().st_size == 0:
        counts = None
    else:
        if not yes:
            if not terminal:
                raise ValueError(catalogue.say("trainer_command.piped", lang))
            if not click.confirm(catalogue.say("trainer_command.ask", lang, n=held, of=of, path=path), default=False,
                                 err=True):
                _echo(json.dumps({"reset": False}) if as_json else catalogue.say("trainer_command.kept", lang))
                return
        counts = progress.reset(path, rules=rules)
    if as_json:
        _echo(json.dumps({"reset": counts is not None, "file": str(path), **(counts or {})}, ensure_ascii=False))
    elif counts is None:
        _echo(catalogue.say("trainer_command.nothing", lang, path=path))
    else:
        kept = counts["game_questions_kept"]
        _echo(catalogue.say("trainer_command.done", lang, path=path, of=of, attempts=counts["attempts"],
                            reviews=counts["reviews"])
              + (catalogue.say("trainer_command.games", lang, n=kept) if kept else ""))
