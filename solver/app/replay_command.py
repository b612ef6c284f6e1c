"""``phz replay FILE``: a game record re-played through the engine, move by move or at one move.

The record is read and checked line by line (``solver.game.record`` /
``solver.game.replay``); one that does not replay is refused with one line
naming its line number and what to fix (exit 2).
"""
from __future__ import annotations

import sys

import click

from solver import limits

from .console import read_record
from .options import echo, lang_option, prepare, record_rules_option
from .output import file_failed

HELP = """Replay the game record FILE, checking every line against the engine.

\b
Shows the game move by move (each event a line, moves numbered), or with
--to N the position before move N: every seat's hand, melds, tiles face
up and 臭, what is asked there and what the record plays.  A record that
does not replay (an illegal move, a tile that cannot be there, a line
dropped, doubled or altered) is refused with its line number.

\b
--lenient replays a game typed in from a real table: the deal and the
moves are enough, the passes and forced moves are filled in, and a move
that breaks a rule (烧比, 臭张, 走跑, 失提, 诈胡) is applied, named and
its penalty paid (RULES.md 10).  README: Game records has the format.

\b
Examples:
  phz play --record game.jsonl ...    then    phz replay game.jsonl
  phz replay game.jsonl --to 12
  phz replay typed.jsonl --lenient
"""


@click.command("replay", help=HELP)
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True), metavar="FILE")
@click.option("--to", "to", type=click.IntRange(*limits.MOVE), default=None, metavar="N",
              help="The position before move N (the numbers of the listing).")
@click.option("--lenient", is_flag=True,
              help="A game typed in from a real table: fill in passes and forced moves, name and penalise "
                   "broken rules.")
@click.option("--json", "as_json", is_flag=True,
              help="The replay's findings (with --to, the position) as one JSON object on one line.")
@lang_option
@record_rules_option
@click.pass_context
def replay(ctx: click.Context, file: str, to: int | None, lenient: bool, as_json: bool, lang: str | None,
           given_rules) -> None:

    from solver.game import record as records
    from solver.game.replay import replay as run
    from solver.text import game_text, jsonl, render
    from solver.text.explain import resolve_lang

    prepare(as_json)
    language = resolve_lang(lang)
    colour = not as_json and render.colour_wanted(sys.stdout, ctx.find_root().obj or "auto")

    def fail(message: str) -> None:
        file_failed(ctx, as_json, file, message)

    try:
        record = read_record(file, given_rules)
        rp = run(record, lenient=lenient, to=to)
    except records.RecordError as e:
        message = e.at(file)
        if e.breaks_rule and not lenient:
            message += " (phz replay --lenient)"
        fail(message)
        return
    except ValueError as e:  # --to past the last move
        fail(f"--to {to}: {e}")
        return
    if as_json:
        if rp.at is not None:
            echo(jsonl.dumps(game_text.position_json(rp.at, rp.total)))
        else:
            echo(jsonl.dumps(game_text.replay_json(rp)))
        return
    lines = game_text.header_lines(record, language)
    if rp.at is not None:
        lines += game_text.position_lines(rp.at, language, colour, total=rp.total)
    else:
        lines += game_text.listing(rp, language, colour) + game_text.summary_lines(rp, language)
    echo("\n".join(lines))
