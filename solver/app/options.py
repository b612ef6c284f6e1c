"""What several phz commands share on the command line: the --rules type and options, writing answers.

Loads only click: ``phz --help`` imports no model (the ruleset is read when
a command runs, not for its help).
"""
from __future__ import annotations

from typing import Callable

import click


class RulesetType(click.ParamType):
    """``--rules NAME|PATH``: the ruleset of that name or file, converted once, by ``solver.api.ruleset``;
    with no ``--rules``, the default of ``$PHZ_RULES`` or the config file, else hunan."""

    name = "ruleset"

    def convert(self, value, param, ctx):
        from solver import api
        from solver.model.rules import Ruleset

        if isinstance(value, Ruleset):
            return value
        where = ""
        if value == FROM_CONFIG:
            from solver.model.ruleset_file import default_name
            value, where = default_name()
        try:
            return api.ruleset(value)
        except ValueError as e:
            self.fail(f"{e}{f' (the default ruleset, set in {where})' if where else ''}", param, ctx)


#: solver.model.rules.DEFAULT_RULESET, written here so that --help loads no model (tests/test_cli.py checks it)
DEFAULT_RULES = "hunan"
#: the --rules default: read from $PHZ_RULES or the config file when a command runs, not for --help
FROM_CONFIG = "(default)"


def rules_option(f: Callable) -> Callable:
    return click.option("--rules", type=RulesetType(), default=FROM_CONFIG, metavar="NAME|PATH",
                        show_default=f"$PHZ_RULES, else the config file, else {DEFAULT_RULES}",
                        help="The ruleset: a name (hunan, luzhou, luzhou-deng; `phz rules list`) or a "
                             "ruleset file (a path with / or ending in .toml).")(f)


COLOUR_CHOICES = ("auto", "always", "never")
COLOUR_HELP = "Red tiles (二七十贰柒拾) in red: auto = when stdout is a terminal. NO_COLOR turns it off."


def _set_colour(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None:
        ctx.find_root().obj = value  # commands read the choice there (``phz --color``'s place)
    return value


def colour_everywhere(group: click.Group) -> None:
    """``--color`` on every command under ``group`` as well as before them (``phz ting --color always …``):
    the one nearest the command wins."""
    for command in group.commands.values():
        if not any(p.name == "colour" for p in command.params):
            command.params.append(click.Option(["--color", "colour"], type=click.Choice(COLOUR_CHOICES),
                                               default=None, expose_value=False, callback=_set_colour,
                                               help=COLOUR_HELP + " Also before the command."))
        if isinstance(command, click.Group):
            colour_everywhere(command)


def json_option(f: Callable) -> Callable:
    return click.option("--json", "as_json", is_flag=True,
                        help="One JSON object per hand, on one line (see README: JSON output).")(f)


def lang_option(f: Callable) -> Callable:
    return click.option("--lang", type=click.Choice(["en", "zh"]), default=None,
                        help="Language of the tables (default: from the locale, zh* → Chinese).")(f)


def echo(text: str | bytes) -> None:
    """One block of answer lines to stdout; a write that fails is a StreamError (one line, exit 1)."""
    try:
        # Colour is already decided: color=True stops click from scanning for ANSI codes.
        click.echo(text, color=True)
    except OSError as e:
        from solver.app.console import write_failed
        raise write_failed(e) from None


def prepare(as_json: bool) -> None:
    """stdout made ready for the answers (JSON in UTF-8 always); a closed stdout is an error."""
    from solver.app import console
    console.prepare(json=as_json)


def error_text(ctx: click.Context, text: str, message: str) -> tuple[str, str]:
    """(the error ``message`` of hand ``text``, what stderr shows: ``Error: …`` and a hint line when there is one),
    in the command's --lang (English when it has none) with what was read and the fix (``notation.advice``)."""
    from solver.app.console import stdout_piped
    from solver.model.notation import advice, say

    lang = "en"
    if "lang" in ctx.params:
        from solver.text.explain import resolve_lang
        lang = resolve_lang(ctx.params["lang"])
    name = ctx.command.name or ""
    message, hint = advice(text, message, want="discard" if name == "discard" else "rest",
                           rules=ctx.params.get("rules"), command=name, piped=stdout_piped(), lang=lang)
    return message, say("error", lang) + message + (f"\n{say('hint', lang)}{hint}" if hint else "")
