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
