"""The work of ``phz play`` (``play_command`` declares it): the session at the terminal (``solver.app.play``),
played from the start or on from a record's position, its record written as it goes, and the review after
the game.  Imported only when the command runs.
"""
from __future__ import annotations

import io
import random
import sys
from contextlib import ExitStack
from typing import TYPE_CHECKING

import click

from solver.game import record, replay
from solver.game.deal import unplayable
from solver.game.record import Recorder
from solver.game.resume import Start, start_of
from solver.game.review import default_seat
from solver.game.session import Session, hand_seed
from solver.game.table import around
from solver.model.shown import printable
from solver.text import play_words as pw
from solver.text.explain import resolve_lang
from solver.text.game_text import cut_notice
from solver.text.render import colour_wanted
from solver.text.review_text import review_lines

from . import play as table
from . import review_run, signals
from .console import write_failed
from .options import prepare

if TYPE_CHECKING:
    pass

__all__ = ["run"]


def run(ctx: click.Context, *, rules, seed: int | None, bots: tuple[str, ...] | None, bots_given: bool,
        hands: int | None, coaching: bool, lang: str | None, record_path: str | None, from_path: str | None,
        at_move: int | None, review: dict | None = None, given_rules=None, table_bots) -> None:
    """``phz play`` after its options are checked: the session at the terminal, played from the start or
    from a record's position (``--from``), recorded, then with ``review`` (the judge's samples and seed)
    the review of the human's decisions; ``table_bots`` gives the bots of a table (``play_command``)."""
    if from_path is None:
        why = unplayable(rules)
        if why:
            raise click.BadParameter(why, param_hint="--rules")
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
        bots = table_bots(bots, rules.game.players)
        hands = hands or 1
    elif seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    assert bots is not None  # play() gave the table's bots without --from, table_bots above with it
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
        memory = io.StringIO() if review is not None and record_path is None else None  # the record the review reads
        target = memory if memory is not None else record_path
        if target is not None:
            seats = [{"name": "you", "player": "human"} if p == me else {"name": b, "player": b}
                     for p, b in enumerate(around(me, bots))]
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
    if review is not None:
        _review(term, memory.getvalue() if memory is not None else None, record_path, lang, review)


def _review(term, text: str | None, path: str | None, lang: str, judge: dict) -> None:
    """The review of the human's decisions in the game just played: its record's ``text``, or the
    record written at ``path``; ``judge``, the samples and seed of the rollouts."""
    if text is not None:
        rec = record.parse(text)
    else:
        assert path is not None  # the record written as the game was played
        rec = record.read(path)
    if not any(len(h.events) > 1 for h in rec.hands):
        return  # stopped before anything was played
    done = review_run.run(rec, seat=default_seat(rec), hand=None, lang=lang, **judge)
    term.say([""] + review_lines(done, lang))


def _writer():
    """Text to stdout as it comes (a prompt has no newline); a failed write is a StreamError."""

    def write(text: str) -> None:
        try:
            click.echo(text, nl=False, color=True)
            sys.stdout.flush()
        except OSError as e:
            raise write_failed(e) from None
    return write


def _position(path: str, at: int, lang: str | None = None, given_rules=None) -> Start:
    """The position before move ``at`` of the record at ``path``, replayed through the engine."""
    try:
        rec = record.read(path, rules=given_rules)
        if rec.cut:
            click.echo(cut_notice(rec, path, resolve_lang(lang)), err=True)
        done = replay.replay(rec, lenient=rec.lenient, to=at)
    except record.RecordError as e:
        raise click.BadParameter(e.reason if e.line == 0 else f"{printable(path)}: {e}", param_hint="--from") from None
    except ValueError as e:  # no such move
        raise click.BadParameter(f"no move {at} in {printable(path)}: {e}", param_hint="--at") from None
    return start_of(done)
