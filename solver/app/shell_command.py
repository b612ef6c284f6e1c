"""``phz shell``: the interactive analyser (``solver.app.shell``)."""
from __future__ import annotations

import shutil
import sys

import click

from .options import echo, lang_option, rules_option

HELP = """An interactive analyser: enter a hand, then follow it through play.

\b
  HAND          a new hand (quote nothing: the line is read whole)
  ? X FROM      tile X appears from FROM (upper-discard, self-draw … or
                上家打出 …): the legal moves numbered, the best marked ★
  take N        make move N (the tile is laid out in its group)
  -X            discard X          seen X…    tiles seen elsewhere
  undo          one step back      rules NAME another ruleset
  show, help, quit
After each step: the waits, or the distance to ready and the best discards.
The answers stay warm: each after the first is quick.  Reads piped input too;
a line holds at most 1,000 characters.

\b
Example:
  printf '一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾拾\\n-拾\\n' | phz shell
"""


@click.command("shell", help=HELP)
@lang_option
@rules_option
def shell(lang: str | None, rules) -> None:

    from solver.app.shell import run

    tty = sys.stdin.isatty() and sys.stdout.isatty()
    run(rules, lang, sys.stdin, echo, tty, shutil.get_terminal_size((80, 24)).columns if tty else 80)
