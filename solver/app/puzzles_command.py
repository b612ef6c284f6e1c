"""``phz puzzles``: the curated puzzle library listed (``list``), checked against the solver (``check``),
and its tags counted (``tags``: no solver is loaded)."""
from __future__ import annotations

from typing import Callable

import click
from tabulate import tabulate

from solver.vocabulary import QUESTION_KINDS

from ..text.catalogue import say
from .options import RulesetType, echo, json_option, lang_of, lang_option, prepare, width_of


@click.command("tags")
@click.option("--rules", type=RulesetType(), default=None, metavar="NAME|PATH",
              help="Only the puzzles written for this ruleset (default: every puzzle).")
@lang_option
@json_option
def tags(rules, lang: str | None, as_json: bool) -> None:
    """Every tag of the puzzles, most used first, with its count and kinds (for `phz quiz --tag`)."""
    import json

    from solver import puzzles as library
    from solver.text.explain import resolve_lang
    from solver.trainer.library import tag_counts

    prepare(as_json)
    try:
        lib = [p for p in library.load() if rules is None or p.rules == rules.name]
    except library.PuzzleError as e:
        raise click.ClickException(str(e)) from None
    rows = tag_counts(lib)
    if as_json:
        echo(json.dumps([{"tag": t, "puzzles": n, "kinds": list(kinds)} for t, n, kinds in rows], ensure_ascii=False))
        return
    zh = resolve_lang(lang) == "zh"
    tag_name, kind_name = _namers("zh" if zh else "en")
    table = tabulate([(tag_name(t), n, " ".join(map(kind_name, kinds))) for t, n, kinds in rows],
                     headers=[say(f"puzzles_command.tags_{h}", zh) for h in ("tag", "puzzles", "kinds")],
                     disable_numparse=True, colalign=("left", "right", "left"))
    echo(table + "\n" + say("puzzles_command.tags_total", zh, tags=len(rows), puzzles=len(lib)))


def list_lines(items, lang: str, columns: int | None) -> list[str]:
    """``phz puzzles list``: a line per puzzle (id, kind, ruleset, level, tags), its hand indented under
    it, wrapped to ``columns`` (None: no limit), then the count.  (``--wide``: the one-row table.)"""
    from solver.text.table_view import wrap

    tag_name, kind_name = _namers(lang)
    lines = []
    for p in items:
        lines += wrap(f"{p.id}  {kind_name(p.kind)}  {p.rules}  {p.level}  {' '.join(map(tag_name, p.tags))}",
                      columns or 10_000,
                      indent="      ")
        lines += wrap("    " + p.hand, columns or 10_000, indent="      ")
    lines.append(say("puzzles_command.count", lang, n=len(items)))
    return lines


def _namers(lang: str) -> tuple[Callable[[str], str], Callable[[str], str]]:
    """How a tag and a kind read in ``lang``: in Chinese as ``phz stats`` says them (``words.tag_in``, the
    kind's ``NAME_ZH``; ``phz quiz --tag`` takes either form), else as the puzzle files write them."""
    if lang != "zh":
        return str, str
    from solver.text.words import tag_in
    from solver.trainer import kinds

    return (lambda t: tag_in(t, "zh")), kinds.name_zh


@click.group()
def puzzles() -> None:
    """The curated puzzle library (puzzles/*.toml): list it, check it."""


@puzzles.command("list")
@click.option("--kind", type=click.Choice(QUESTION_KINDS), help="Only this kind.")
@click.option("--rules", type=RulesetType(), default=None, metavar="NAME|PATH",
              help="Only the puzzles written for this ruleset (default: every puzzle).")
@click.option("--json", "as_json", is_flag=True, help="The puzzles as one JSON list on one line.")
@click.pass_context
def puzzles_list(ctx: click.Context, kind: str | None, rules, as_json: bool) -> None:
    """Every puzzle: id, kind, ruleset, level, tags, and its hand under it (--wide: one table row each)."""
    import json

    from solver import puzzles as library

    prepare(as_json)
    try:
        items = [p for p in library.load() if (kind is None or p.kind == kind) and
                 (rules is None or p.rules == rules.name)]
    except library.PuzzleError as e:
        raise click.ClickException(str(e)) from None
    if as_json:
        echo(json.dumps([p.as_json() for p in items], ensure_ascii=False))
        return
    if ctx.meta.get("phz.wide"):
        zh = lang_of(ctx) == "zh"
        tag_name, kind_name = _namers(lang_of(ctx))
        rows = [(p.id, kind_name(p.kind), p.rules, p.level, " ".join(map(tag_name, p.tags)), p.hand) for p in items]
        headers = [say(f"puzzles_command.list_{h}", zh) for h in ("id", "kind", "rules", "level", "tags", "hand")]
        echo(tabulate(rows, headers=headers) + "\n" + say("puzzles_command.count", zh, n=len(items)))
        return
    echo("\n".join(list_lines(items, lang_of(ctx), width_of(ctx))))


@puzzles.command("check")
@click.option("--rules", type=RulesetType(), default=None, metavar="NAME|PATH",
              help="Only the puzzles written for this ruleset (default: every puzzle, each under its own).")
def puzzles_check(rules) -> None:
    """Recompute every stored answer with the solver, each under its puzzle's ruleset; fail naming each bad puzzle."""
    from solver import puzzles as library
    from solver.trainer.library import check

    prepare(False)
    try:
        lib = library.load()
    except library.PuzzleError as e:
        click.echo(str(e), err=True)
        raise click.ClickException("1 problem(s) in the puzzle library") from None
    if rules is not None:
        lib = [p for p in lib if p.rules == rules.name]
        if not lib:
            raise click.ClickException(f"no puzzle is written for ruleset {rules.name}")
    problems = check(rules, lib)
    for line in problems:
        click.echo(line, err=True)
    if problems:
        raise click.ClickException(f"{len(problems)} problem(s) in the puzzle library")
    which = f" of ruleset {rules.name}" if rules is not None else ""
    echo(f"{len(lib)} puzzles{which}: every answer agrees with the solver")


puzzles.add_command(tags)
