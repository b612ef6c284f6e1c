"""``phz puzzles tags``: every tag of the puzzle library with how many puzzles carry it (no solver is loaded)."""
from __future__ import annotations

import click

from .options import RulesetType, echo, json_option, lang_option, prepare

#: the words of the table, key -> (en, zh)
WORDS = {
    "headers": (("tag", "puzzles", "kinds"), ("标签", "题数", "题型")),
    "total": ("{tags} tags on {puzzles} puzzles", "共 {tags} 个标签，{puzzles} 道题"),
}


@click.command("tags")
@click.option("--rules", type=RulesetType(), default=None, metavar="NAME|PATH",
              help="Only the puzzles written for this ruleset (default: every puzzle).")
@lang_option
@json_option
def tags(rules, lang: str | None, as_json: bool) -> None:
    """Every tag of the puzzles, most used first, with its count and kinds (for `phz quiz --tag`)."""
    import json

    from tabulate import tabulate

    import puzzles as library
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
    table = tabulate([(t, n, " ".join(kinds)) for t, n, kinds in rows], headers=WORDS["headers"][zh],
                     disable_numparse=True, colalign=("left", "right", "left"))
    echo(table + "\n" + WORDS["total"][zh].format(tags=len(rows), puzzles=len(lib)))


def list_lines(items, lang: str, columns: int | None) -> list[str]:
    """``phz puzzles list``: a line per puzzle (id, kind, ruleset, level, tags), its hand indented under
    it, wrapped to ``columns`` (None: no limit), then the count.  (``--wide``: the one-row table.)"""
    from solver.text.table_view import wrap

    lines = []
    for p in items:
        lines += wrap(f"{p.id}  {p.kind}  {p.rules}  {p.level}  {' '.join(p.tags)}", columns or 10_000,
                      indent="      ")
        lines += wrap("    " + p.hand, columns or 10_000, indent="      ")
    lines.append(f"{len(items)} 道题" if lang == "zh" else f"{len(items)} puzzles")
    return lines
