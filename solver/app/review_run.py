"""The work of ``phz review RECORD`` (``review_command`` declares it): the record read and replayed, each
decision of the seat advised by rollouts (``solver.game.review``), the review written, and with ``--save``
its mistakes made quiz questions.  Imported only when the command runs (or ``phz play --review``).
"""
from __future__ import annotations

import sys
import time

import click

from solver.game import record as records
from solver.game.review import checked, count_decisions, review, seconds
from solver.model.shown import printable
from solver.text import jsonl, render
from solver.text.catalogue import say
from solver.text.columns import wrap
from solver.text.explain import resolve_lang
from solver.text.game_text import cut_notice
from solver.text.review_text import review_json, review_lines, saved_line
from solver.trainer import game_questions

from .console import read_record
from .options import echo, prepare
from .output import file_failed

__all__ = ["review_record", "run"]


def review_record(ctx: click.Context, record_path: str, seat: int | None, hand: int | None, lang: str | None,
                  as_json: bool, samples: int, seed: int, save: bool, db_path: str | None, given_rules) -> None:
    """``phz review``: the review of ``record_path`` (``-``: stdin) on stdout, or one line naming the fix
    (exit 2)."""
    prepare(as_json)
    language = resolve_lang(lang)
    colour = not as_json and render.colour_wanted(sys.stdout, ctx.find_root().obj or "auto")

    def fail(message: str) -> None:
        file_failed(ctx, as_json, record_path, message)

    try:
        rec = read_record(record_path, given_rules)
    except records.RecordError as e:
        fail(e.at(record_path))
        return
    if rec.cut:
        click.echo(cut_notice(rec, record_path, language), err=True)
    try:
        done = run(rec, seat=seat, hand=hand, samples=samples, seed=seed, lang=language)
    except records.RecordError as e:
        message = f"{printable(record_path)} line {e.line}: {e.reason}"
        fail(message + (" (phz replay --lenient shows where)" if e.breaks_rule else ""))
        return
    except ValueError as e:
        option = "--seat" if str(e).startswith("seat") else "--hand"
        fail(f"{option}: {e}")
        return
    saved = None
    if save:
        try:
            saved = _save(done, db_path, record_path)
        except ValueError as e:  # the progress file (ProgressError), or a question it refuses
            fail(f"--save: {e}")
            return
    if as_json:
        obj = review_json(done, record_path)
        if saved is not None:
            obj["saved"] = {"questions": saved[0], "new": saved[1]}
        echo(jsonl.dumps(obj))
        return
    lines = review_lines(done, language)
    if saved is not None:
        lines += [""] + saved_line(*saved, game_questions.SAVED, language)
    echo(render.paint("\n".join(lines), colour))


def run(rec, *, seat: int | None, hand: int | None, samples: int, seed: int, lang: str):
    """The review of ``rec`` with its progress on stderr: how many decisions and about how long first,
    then (on a terminal) each decision as it is advised."""

    seat = checked(rec, seat, hand)
    total = count_decisions(rec, seat, hand=hand)
    guess = max(1, round(seconds(rec.rules, total, samples)))  # (a guess of 0 s reads as a mistake)
    zh = lang == "zh"
    err = sys.stderr
    tty = bool(getattr(err, "isatty", None) and err.isatty())
    if total:
        note = say("review_run.note", zh, seat=seat, total=total, samples=samples, guess=guess,
                   _s="s" if total != 1 else "")
        click.echo("\n".join(wrap(note, words=not zh)), err=True)
    start = time.monotonic()

    def progress(i: int, n: int) -> None:
        if not tty or n == 0:
            return
        spent = time.monotonic() - start
        left = round(spent / i * (n - i)) if i else guess
        text = say("review_run.progress", zh, i=i, n=n, left=left) if i < n else \
            say("review_run.done", zh, spent=spent)
        click.echo(f"\r{text:<40}" + ("\n" if i == n else ""), err=True, nl=False)

    return review(rec, seat, hand=hand, samples=samples, seed=seed, progress=progress)


def _save(done, db_path: str | None, record_path: str) -> tuple[int, int]:
    """(questions made, new ones stored) for ``--save``; ProgressError (one line) when the file cannot be written."""
    qs = game_questions.of_review(done, record_path)
    return len(qs), (game_questions.save(db_path, qs) if qs else 0)
