"""`phz play`: 跑胡子 at the terminal against the bots, hand after hand (``solver.app.play``)."""
from __future__ import annotations

import io
import os
import sys
from contextlib import ExitStack
from dataclasses import dataclass
from typing import TYPE_CHECKING

import click

from solver import limits
from solver.vocabulary import DEFAULT_SAMPLES

from .options import BotsCommand, bot_names, lang_option, players_option, rules_option, seat_rules

if TYPE_CHECKING:
    from solver.game.engine import Game
    from solver.game.session import Session
    from solver.model.rules import Ruleset

#: the bots by the seats at the table: from your lower player on (one of two: the other player)
DEFAULT_BOTS = {2: "strong", 3: "basic,strong", 4: "basic,strong,basic"}


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
        from solver.game.deal import unplayable
        why = unplayable(rules)
        if why:
            raise click.BadParameter(why, param_hint="--rules")
    _run(ctx, rules=rules, seed=seed, bots=bots, bots_given=bots_given, hands=hands, coaching=coach, lang=lang,
         record_path=record_path, from_path=from_path, at_move=at_move, review=review,
         given_rules=rules if rules_given else None)


def _run(ctx: click.Context, *, rules, seed: int | None, bots: tuple[str, ...] | None, bots_given: bool,
         hands: int | None, coaching: bool, lang: str | None, record_path: str | None, from_path: str | None,
         at_move: int | None, review: bool = False, given_rules=None) -> None:
    import random

    from solver.app import play as table
    from solver.app import signals
    from solver.app.options import prepare
    from solver.game.record import Recorder
    from solver.game.session import Session, hand_seed
    from solver.text import play_words as pw
    from solver.text.explain import resolve_lang
    from solver.text.render import colour_wanted

    prepare(False)
    lang = resolve_lang(lang)
    start = None
    resumed = None  # the position played on from: (move, the record's path)
    if from_path is not None:
        assert at_move is not None  # play(): --from and --at go together
        start = _position(from_path, at_move, lang, given_rules)
        resumed = (at_move, from_path)
        rules, seed = start.rules, start.seed
        if not bots_given and start.bots:
            bots = start.bots
        bots = _table_bots(bots, rules.game.players)
        hands = hands or 1
    elif seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    assert bots is not None  # play() gave the table's bots without --from, _table_bots above with it
    term = table.Terminal(colour=colour_wanted(sys.stdout, ctx.find_root().obj or "auto"), write=_writer())
    me = start.seat if start else 0
    opts = table.Options(rules, seed, bots, hands, coaching, lang, me, resumed)
    if start is None:
        term.say(pw.seed_line(seed, lang))
    session = start.session if start else Session(rules, seed=seed)
    first_seed = start.hand_seed if start else None

    def seed_of(game) -> int | None:  # the seed of the deal of the hand being recorded
        return first_seed if start and game is start.game else hand_seed(seed, session.index)

    with ExitStack() as stack:
        hooks = {}
        memory = io.StringIO() if review and record_path is None else None  # the record the review reads
        target = memory if memory is not None else record_path
        if target is not None:
            seats = [{"name": "you", "player": "human"} if p == me else {"name": b, "player": b}
                     for p, b in enumerate(_around(me, bots))]
            try:
                rec = stack.enter_context(Recorder(target, rules, seed=seed, seats=seats,
                                                   session={"command": "play", "coach": coaching, "hands": hands},
                                                   guard=signals.deferred))
            except OSError as e:
                assert record_path is not None  # only a file fails to open, not the review's memory
                raise click.FileError(record_path, e.strerror or str(e)) from None
            # Ctrl-C or SIGTERM: the end line after the last whole move, so that the record replays
            # strictly; cut short (lenient replay) only if the game holds the record at that moment.
            stack.enter_context(signals.on_stop(rec.close_now))
            if record_path is not None:
                stack.enter_context(signals.note(lambda: " ".join(pw.record_kept(record_path, lang,
                                                                                  cut=not rec.ended))))
            hooks = {"on_move": lambda game: rec.sync(), "on_hand": lambda game: rec.hand(game, seed=seed_of(game))}
        outcome = table.play_session(opts, term, session=session, first=start.game if start else None, **hooks)
    if record_path is not None:
        term.say(pw.record_kept(record_path, lang, done=outcome.stopped is None))
    if outcome.stopped == "interrupt":
        ctx.exit(130)
    if review:
        _review(term, memory.getvalue() if memory is not None else None, record_path, lang)


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


def _review(term, text: str | None, path: str | None, lang: str) -> None:
    """The review of the human's decisions in the game just played: its record's ``text``, or the
    record written at ``path``."""
    from solver.app.review_command import run
    from solver.game import record as records
    from solver.game.review import default_seat
    from solver.text.review_text import review_lines

    if text is not None:
        rec = records.parse(text)
    else:
        assert path is not None  # the record written as the game was played
        rec = records.read(path)
    if not any(len(h.events) > 1 for h in rec.hands):
        return  # stopped before anything was played
    done = run(rec, seat=default_seat(rec), hand=None, samples=DEFAULT_SAMPLES, seed=0, lang=lang)
    term.say([""] + review_lines(done, lang))


def _around(me: int, bots) -> list[str]:
    """Each seat's player name: the human's seat '', the bots from its lower player on."""
    n = len(bots) + 1
    names = [""] * n
    for k, b in enumerate(bots):
        names[(me + 1 + k) % n] = b
    return names


def _writer():
    """Text to stdout as it comes (a prompt has no newline); a failed write is a StreamError."""

    from solver.app.console import write_failed

    def write(text: str) -> None:
        try:
            click.echo(text, nl=False, color=True)
            sys.stdout.flush()
        except OSError as e:
            raise write_failed(e) from None
    return write


@dataclass(frozen=True)
class _Start:
    """A position of a record to play on from: its game, session, ruleset, seed, the human's seat, bots."""
    game: Game
    session: Session
    rules: Ruleset
    seed: int
    hand_seed: int | None  # the seed of the deal of its hand, if the record says
    seat: int
    bots: tuple[str, ...] | None  # None: the record's players are not all bots of phz


def _position(path: str, at: int, lang: str | None = None, given_rules=None) -> _Start:
    """The position before move ``at`` of the record at ``path``, replayed through the engine."""
    from solver.game import record, replay
    from solver.game.session import Session

    try:
        rec = record.read(path, rules=given_rules)
        if rec.cut:
            from solver.text.explain import resolve_lang
            from solver.text.game_text import cut_notice
            click.echo(cut_notice(rec, path, resolve_lang(lang)), err=True)
        done = replay.replay(rec, lenient=rec.lenient, to=at)
    except record.RecordError as e:
        raise click.BadParameter(e.reason if e.line == 0 else f"{path}: {e}", param_hint="--from") from None
    except ValueError as e:  # no such move
        raise click.BadParameter(f"no move {at} in {path}: {e}", param_hint="--at") from None
    pos = done.at
    assert pos is not None  # replayed to move ``at``: the position before it
    seats = rec.header.get("seats") or []
    players = [s.get("player") if isinstance(s, dict) else None for s in seats]
    me = players.index("human") if "human" in players else 0
    n = rec.rules.game.players
    around = [players[(me + k) % n] if len(players) == n else None for k in range(1, n)]
    known = [b for b in around if isinstance(b, str) and b in bot_names()]
    bots = tuple(known) if len(known) == len(around) else None  # every other seat a bot of phz
    hand = rec.hands[pos.hand - 1]
    seed = rec.header.get("seed")
    session = Session(rec.rules, seed=seed if seed is not None else 0, dealer=pos.game.dealer)
    session.index = pos.hand - 1
    session.scores[:] = _scores_before(done, pos.hand)
    for g in done.games[:pos.hand - 1]:
        session.drawn_in_row = session.drawn_in_row + 1 if g.result and g.result.winner is None else 0
    return _Start(game=pos.game, session=session, rules=rec.rules, seed=session.seed, hand_seed=hand.seed,
                  seat=me, bots=bots)


def _scores_before(done, hand: int) -> list[int]:
    scores = [0] * done.rules.game.players
    for g in done.games[:hand - 1]:
        for p, v in enumerate(g.result.net if g.result else ()):
            scores[p] += v
    return scores
