"""`phz play`: 跑胡子 at the terminal against the bots, hand after hand (``solver.app.play``); the command's
work, imported when it runs, is ``play_run``."""
from __future__ import annotations

import os

import click

from solver import limits
from solver.vocabulary import DEFAULT_SAMPLES

from .options import BotsCommand, bot_names, lang_option, players_option, rules_option, seat_rules

#: the bots by the seats at the table: from your lower player on (one of two: the other player)
DEFAULT_BOTS = {2: "strong", 3: "basic,strong", 4: "basic,strong,basic"}
#: the review after the game (--review): phz review's judge at its defaults, the same deals from the same seed
REVIEW_JUDGE = dict(samples=DEFAULT_SAMPLES, seed=0)


def _bots(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[str, ...] | None:
    if value is None:
        return None
    names = tuple(v.strip().lower() for v in value.split(","))
    if any(n not in bot_names() for n in names):
        raise click.BadParameter(f"{value!r}: name a bot a seat, your lower player's first, from "
                                 f"{', '.join(bot_names())} (e.g. --bots basic,strong)")
    return names


def _table_bots(bots: tuple[str, ...] | None, seats: int) -> tuple[str, ...]:
    """The bots of a table of ``seats``: one a seat but yours (the default for that table)."""
    if bots is None:
        return tuple(DEFAULT_BOTS[seats].split(","))
    if len(bots) == 1:  # one bot for every other seat
        return bots * (seats - 1)
    if len(bots) != seats - 1:
        raise click.BadParameter(f"{','.join(bots)}: a table of {seats} needs {seats - 1} bot"
                                 f"{'s' if seats > 2 else ''}, your lower player's first "
                                 f"(e.g. --bots {DEFAULT_BOTS[seats]}; --players chooses the table)",
                                 param_hint="--bots")
    return bots


@click.command("play", cls=BotsCommand)
@rules_option
@click.option("--seed", type=click.IntRange(*limits.SEED), default=None, metavar="N",
              help="The session's seed: the same seed and the same answers give the same game (default: a new "
                   "one, shown at the start).")
@players_option
@click.option("--bots", default=None, metavar="A,B", callback=_bots,
              help=f"The bots, one a seat: your lower player (下家, who plays after you) first, then (at four) "
                   f"对家, then your upper player (上家), or one bot for them all, each one of the bots below (default "
                   f"{DEFAULT_BOTS[3]}; at four {DEFAULT_BOTS[4]}; of two {DEFAULT_BOTS[2]}).")
@click.option("--hands", type=click.IntRange(*limits.HANDS), default=None, metavar="N",
              help="Stop after N hands (default: play until q or the end of the input).")
@click.option("--coach", is_flag=True,
              help="After each of your decisions, the solver's choice and what yours cost (distance to ready, "
                   "live draws and outs, expected score); a warning on a move that makes a tile 臭.")
@click.option("--review", is_flag=True,
              help="After the game, the review of your decisions (as `phz review` gives it: each one against "
                   "the solver's advice, graded by what it cost).")
@lang_option
@click.option("--record", "record_path", type=click.Path(dir_okay=False, writable=True), default=None,
              metavar="FILE", help="Write the game record (JSON Lines; README: Game records) as you play; "
                                   "a game stopped by q or Ctrl-C keeps its record so far.  An existing FILE is "
                                   "kept unless --overwrite.")
@click.option("--overwrite", is_flag=True, help="With --record: replace FILE if it exists.")
@click.option("--from", "from_path", type=click.Path(dir_okay=False), default=None, metavar="RECORD",
              help="Play on from a position of a game record (with --at), e.g. to retry a mistake: the "
                   "record's ruleset, seed and bots, one hand unless --hands says more.")
@click.option("--at", "at_move", type=click.IntRange(*limits.MOVE), default=None, metavar="MOVE",
              help="With --from: the position before move MOVE (numbered from 1 over the whole record, as "
                   "`phz replay` shows them).")
@click.pass_context
def play(ctx: click.Context, rules, players: int | None, seed: int | None, bots: tuple[str, ...] | None,
         hands: int | None, coach: bool,
         review: bool, lang: str | None, record_path: str | None, overwrite: bool, from_path: str | None,
         at_move: int | None) -> None:
    """Play 跑胡子 against the bots at the terminal, with the solver as a coach.

    \b
    You sit on seat 0 (at a table of four, you sit out, 坐底, and watch a
    hand dealt by the player opposite you); the screen shows your hand (red
    tiles in red, melds apart), every player's melds and face-up tiles, the
    stock, whose turn it is, the copies of each tile you have not seen and
    what is 臭 for you.
    At each decision answer with a number from the menu or a move (过,
    chi 三四五, 打 五, or just 五 for a discard); ? asks for a hint, w says why
    the other moves are not legal, t shows the table again, q stops.  A
    decision with one option only (a compulsory 提 or 跑) is made for you.
    Answers may be piped in (one a line); the end of the input stops, as q
    and Ctrl-C do.  Each hand ends with its settlement in words; with
    --review, the game ends with the review of your decisions.
    """
    if (from_path is None) != (at_move is None):
        raise click.UsageError("--from and --at go together: --from RECORD --at MOVE")
    if record_path is not None:
        _check_record_path(record_path, from_path, overwrite)
    rules_given = ctx.get_parameter_source("rules") is click.core.ParameterSource.COMMANDLINE
    if players is not None:
        if from_path is not None:
            raise click.UsageError("--players and --from: a record's game goes on at its own table")
        rules = seat_rules(rules, players)
    bots_given = bots is not None
    if from_path is None:
        bots = _table_bots(bots, rules.game.players)
    from . import play_run
    play_run.run(ctx, rules=rules, seed=seed, bots=bots, bots_given=bots_given, hands=hands, coaching=coach,
                 lang=lang, record_path=record_path, from_path=from_path, at_move=at_move,
                 review=REVIEW_JUDGE if review else None, given_rules=rules if rules_given else None,
                 table_bots=_table_bots)


def _check_record_path(path: str, from_path: str | None, overwrite: bool) -> None:
    """--record FILE: never the record played from, never an existing file unless --overwrite."""

    if from_path is not None and os.path.exists(path) and os.path.exists(from_path) and \
            os.path.samefile(path, from_path):
        raise click.BadParameter(f"{path} is the record played from (--from): name a new file to record in",
                                 param_hint="--record")
    if os.path.isdir(path):
        raise click.BadParameter(f"{path} is a folder: name a file to record in", param_hint="--record")
    if os.path.exists(path) and not os.path.isfile(path):
        raise click.BadParameter(f"{path} is not a regular file: name a file to record in", param_hint="--record")
    if os.path.lexists(path) and not overwrite:
        raise click.BadParameter(f"{path} exists: name a new file, or add --overwrite to replace it",
                                 param_hint="--record")
