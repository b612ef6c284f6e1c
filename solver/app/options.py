"""What several phz commands share on the command line: the --rules type and options, writing answers.

Loads only click: ``phz --help`` imports no model (the ruleset is read when
a command runs, not for its help).
"""
from __future__ import annotations

import shutil
import sys
from typing import Callable

import click

from solver.vocabulary import DEFAULT_RULESET


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
        try:
            if value == FROM_CONFIG:
                from solver.model.ruleset_file import default_name
                value, where = default_name()
            return api.ruleset(value)
        except ValueError as e:
            self.fail(f"{e}{f' (the default ruleset, set in {where})' if where else ''}", param, ctx)


#: the --rules default: read from $PHZ_RULES or the config file when a command runs, not for --help
FROM_CONFIG = "(default)"


def rules_option(f: Callable) -> Callable:
    return click.option("--rules", type=RulesetType(), default=FROM_CONFIG, metavar="NAME|PATH",
                        show_default=f"$PHZ_RULES, else the config file, else {DEFAULT_RULESET}",
                        help="The ruleset: a name (hunan, luzhou, luzhou-deng; `phz rules list`) or a "
                             "ruleset file (a path with / or ending in .toml).")(f)


def players_option(f: Callable) -> Callable:
    """``--players N``: the seats at the table (2, 3 or 4; ``seat_rules``), default the ruleset's."""
    return click.option("--players", type=click.IntRange(2, 4), default=None, metavar="N",
                        help="Seats at the table, 2 to 4 (default: the ruleset's; luzhou seats four, one "
                             "sitting out each hand, 坐底; hunan three).")(f)


def seat_rules(rules, players: int | None):
    """``rules`` at a table of ``players`` (``--players``; None: as they are)."""
    if players is None:
        return rules
    from solver.model.ruleset_file import seated
    try:
        return seated(rules, players)
    except ValueError as e:  # a house file whose deal does not fit this table (RulesetError)
        raise click.BadParameter(str(e), param_hint="'--players'") from None


def record_rules_option(f: Callable) -> Callable:
    """``--rules`` of a command that reads a record: none by default (the record says its ruleset)."""
    return click.option("--rules", "given_rules", type=RulesetType(), default=None, metavar="NAME|PATH",
                        help="The ruleset of a record whose header names a ruleset file outside the record's "
                             "folder (a record names only a shipped ruleset or a file beside it); a record "
                             "that holds its ruleset must match it.")(f)


COLOUR_CHOICES = ("auto", "always", "never")
COLOUR_HELP = "Red tiles (二七十贰柒拾) in red: auto = when stdout is a terminal. NO_COLOR turns it off."


def _set_colour(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None:
        ctx.find_root().obj = value  # commands read the choice there (``phz --color``'s place)
    return value


LANG_HELP = "Language: en or zh (default: from the locale, zh* → Chinese)."
WIDE_HELP = "Lines as long as they need (default: the terminal's width; 80 columns when not a terminal)."


def _keep(key: str) -> Callable:
    """An option's callback that keeps its value in the contexts' shared ``meta`` under ``key``."""
    def keep(ctx: click.Context, param: click.Parameter, value):
        if value:
            ctx.meta[key] = value
        return value
    return keep


def _add(command: click.Command, name: str, make: Callable[[], click.Option]) -> None:
    if not any(p.name == name for p in command.params):
        command.params.append(make())


def everywhere(group: click.Group, top: bool = True) -> None:
    """``--color``, ``--lang`` and ``--wide`` on every command under ``group`` (``phz ting --color always
    --lang zh …``), and ``--lang`` and ``--wide`` on ``group`` itself (``top``): the one nearest the command
    wins.  A command with a ``--lang`` of its own reads it; the others read ``lang_of``."""
    group.context_class = Context
    if top:
        _add(group, "lang", lambda: click.Option(["--lang"], type=click.Choice(["en", "zh"]), default=None,
                                                 expose_value=False, is_eager=True, callback=_keep("phz.lang"),
                                                 help=LANG_HELP + " Also after the command."))
        _add(group, "wide", lambda: click.Option(["--wide"], is_flag=True, expose_value=False,
                                                 callback=_keep("phz.wide"), help=WIDE_HELP))
    for command in group.commands.values():
        command.context_class = Context
        _add(command, "colour", lambda: click.Option(["--color", "colour"], type=click.Choice(COLOUR_CHOICES),
                                                     default=None, expose_value=False, callback=_set_colour,
                                                     help=COLOUR_HELP + " Also before the command."))
        if not any(p.name in ("lang", "advice_lang") for p in command.params):
            command.params.append(click.Option(["--lang"], type=click.Choice(["en", "zh"]), default=None,
                                               expose_value=False, callback=_keep("phz.lang"), help=LANG_HELP))
        _add(command, "wide", lambda: click.Option(["--wide"], is_flag=True, expose_value=False,
                                                   callback=_keep("phz.wide"), help=WIDE_HELP))
        if isinstance(command, click.Group):
            everywhere(command, top=False)


#: the old name of ``everywhere``
colour_everywhere = everywhere


def lang_of(ctx: click.Context, lang: str | None = None) -> str:
    """The language of a command: ``lang`` (its own --lang) if given, else the --lang given before or after
    the command, else the locale's (``language.default_lang``)."""
    from solver.text.explain import resolve_lang
    if lang is None:
        lang = ctx.params.get("lang") or ctx.meta.get("phz.lang")
    return resolve_lang(lang)


def width_of(ctx: click.Context) -> int | None:
    """The columns a command's lines fit: None with ``--wide`` (no limit), the terminal's width when stdout
    is a terminal, else 80."""

    if ctx.meta.get("phz.wide"):
        return None
    isatty = getattr(sys.stdout, "isatty", None)
    try:
        tty = bool(isatty and isatty())
    except ValueError:
        tty = False
    return max(40, shutil.get_terminal_size((WIDTH, 24)).columns) if tty else WIDTH


#: the columns when the terminal's width is not known (solver.text.columns.WIDTH)
WIDTH = 80


def json_option(f: Callable) -> Callable:
    return click.option("--json", "as_json", is_flag=True,
                        help="One JSON object per hand, on one line (see README: JSON output).")(f)


def lang_option(f: Callable) -> Callable:
    """A command's own ``--lang``: its value, else the ``--lang`` given before the command (``phz --lang zh
    sim …``), else None (the locale's: ``resolve_lang``)."""
    return click.option("--lang", type=click.Choice(["en", "zh"]), default=None, callback=_or_before,
                        help=LANG_HELP)(f)


def _or_before(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    return value if value is not None else ctx.meta.get("phz.lang")


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
    in the command's language (``lang_of``; the JSON message stays as the model says it) with what was read and the fix (``notation.advice``)."""
    from solver.app.console import stdout_piped
    from solver.model.notation import advice, say
    from solver.text.words import error_in

    lang = lang_of(ctx)
    name = ctx.command.name or ""
    message, hint = advice(text, message, want="discard" if name == "discard" else "rest",
                           rules=ctx.params.get("rules"), command=name, piped=stdout_piped(), lang=lang)
    return message, say("error", lang) + error_in(message, lang) + (f"\n{say('hint', lang)}{hint}" if hint else "")


# ---------------------------------------------------------------- help that fits

def _wrap_text(text: str, limit: int, indent: str = "", chinese: bool = False) -> str:
    """``click.formatting.wrap_text`` with paragraphs kept (a paragraph opened by a ``\\b`` line as it is),
    measured as a terminal shows it: a glyph takes two columns (``solver.text.columns.wrap``); ``chinese``
    text breaks between characters, English text at spaces."""
    from solver.text.columns import wrap

    paragraphs: list[tuple[int, bool, list[str]]] = []
    lines: list[str] = []
    lead = 0

    def flush() -> None:
        if lines:
            raw = lines[0].strip() == "\b"
            paragraphs.append((lead, raw, lines[1:] if raw else [" ".join(lines)]))
            lines.clear()

    for line in text.splitlines():
        if not line.strip():
            flush()
            continue
        if not lines:
            lead = len(line) - len(line.lstrip())
            line = line.lstrip()
        lines.append(line)
    flush()
    out = []
    for lead, raw, body in paragraphs:
        pad = indent + " " * lead
        shown = body if raw else wrap(body[0], max(limit - len(pad), 10), indent="", words=not chinese)
        out.append("\n".join(pad + line for line in shown))
    return "\n\n".join(out)


class HelpFormatter(click.HelpFormatter):
    """Help text wrapped by the columns a terminal shows (a glyph two), in the language asked: in Chinese each
    text from ``solver.text.help_words`` (click's headings too), and a group's command list with each
    command's line of ``solver.text.help.summaries`` (never cut short)."""

    group = ""
    lang = "en"
    _section = ""

    def said(self, text: str) -> str:
        """``text`` in the language of the help (a text without Chinese stays as it is)."""
        if self.lang != "zh" or not text:
            return text
        from solver.text.help_words import zh_of
        return zh_of(text) or text

    def write_text(self, text: str) -> None:
        self.write(_wrap_text(self.said(text), self.width, " " * self.current_indent, self.lang == "zh") + "\n")

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, None if prefix is not None or self.lang != "zh" else self.said("Usage:") + " ")

    def write_heading(self, heading: str) -> None:
        self.write(f"{'':>{self.current_indent}}{self.said(heading)}{'：' if self.lang == 'zh' else ':'}\n")

    def section(self, name: str):
        self._section = name
        return super().section(name)

    def write_dl(self, rows, col_max: int = 30, col_spacing: int = 2) -> None:
        from solver.text.columns import width
        from solver.text.help import summaries

        rows = list(rows)
        if self._section == "Commands":
            rows = [(name, summaries().get((self.group, name), (text, text))[self.lang == "zh"]) for name, text in rows]
        else:
            rows = [(term, self.said(text)) for term, text in rows]
        first = min(max((width(a) for a, _ in rows), default=0), col_max) + col_spacing
        for term, text in rows:
            self.write(" " * self.current_indent + term)
            if not text:
                self.write("\n")
                continue
            if width(term) <= first - col_spacing:
                self.write(" " * (first - width(term)))
            else:
                self.write("\n" + " " * (first + self.current_indent))
            lines = _wrap_text(text, max(self.width - first - 2, 10), chinese=self.lang == "zh").splitlines() or [""]
            self.write(lines[0] + "\n")
            for line in lines[1:]:
                self.write(" " * (first + self.current_indent) + line + "\n")


class Context(click.Context):
    """A phz command's context: its help by ``HelpFormatter``, in the language given before --help (or the
    locale's)."""

    def make_formatter(self) -> click.HelpFormatter:
        formatter = HelpFormatter(width=self.terminal_width, max_width=self.max_content_width)
        path = self.command_path.split()
        formatter.group = " ".join(path[1:])
        from solver.text.language import language
        formatter.lang = language(self.params.get("lang") or self.meta.get("phz.lang")) or "en"
        return formatter


# ---------------------------------------------------------------- the bots

def bot_names() -> tuple[str, ...]:
    """The registered bots' names (``solver.game.roster``: light, no bot is loaded)."""
    from solver.game import roster
    return roster.names()


class BotsCommand(click.Command):
    """A command whose --help ends with the bots (``solver.game.roster``), each with what it is, in the
    language of the help."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from solver.game import roster
        super().format_epilog(ctx, formatter)
        lang = getattr(formatter, "lang", "en")
        with formatter.section("Bots"):
            formatter.write_dl([(b.name, b.about_in(lang)) for b in roster.bots().values()])
