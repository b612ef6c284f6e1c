"""Where a command's answers go: the one output object of every command, and how it reads its hands."""
from __future__ import annotations

import sys
from typing import NoReturn

import click

from . import options


class Out:
    """Where answers go, with the colour, the language and the width decided once."""

    def __init__(self, ctx: click.Context, as_json: bool):
        from solver.text import jsonl, render
        options.prepare(as_json)
        self.render = render
        self.jsonl = jsonl
        self.as_json = as_json
        self.colour = not as_json and render.colour_wanted(sys.stdout, ctx.find_root().obj or "auto")
        self.lang, self.limit = options.lang_of(ctx), options.width_of(ctx)

    write = staticmethod(options.echo)

    def fail(self, ctx: click.Context, text: str, message: str) -> NoReturn:
        """Bad input of a one-hand command: a line (and a hint line) on stderr, the JSON error object; exit 2."""
        message, shown = options.error_text(ctx, text, message)
        if self.as_json:
            self.write(self.jsonl.dumps(self.jsonl.error_json(text, message)))
        click.echo(shown, err=True)
        ctx.exit(2)


def file_failed(ctx: click.Context, as_json: bool, path: str, message: str) -> NoReturn:
    """A file a command was given cannot be used: the JSON error object naming it (``--json``, in English), one
    line on stderr in the command's language; exit 2."""
    if as_json:
        from solver.text import jsonl
        options.echo(jsonl.dumps({"ok": False, "file": path, "error": message}))
    from solver.model.notation import say
    from solver.text.words import error_in
    lang = options.lang_of(ctx)
    click.echo(say("error", lang) + error_in(message, lang), err=True)
    ctx.exit(2)


def batch_mode(hand: tuple[str, ...]) -> bool:
    """Whether the hands come from stdin (HAND is ``-``, or absent with stdin not a terminal)."""
    if hand == ("-",):
        return True
    if hand:
        return False
    if sys.stdin is None or sys.stdin.isatty():
        raise click.UsageError("missing HAND: give a hand, or `-` to read hands from stdin, one a line")
    return True


def stdin_lines() -> list[str]:
    """The hand lines of stdin (``console.hand_lines``: UTF-8 bytes, a bad byte a bad line)."""
    from .console import hand_lines
    return list(hand_lines())
