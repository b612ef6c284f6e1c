"""``phz rules``: list the rulesets, show one as tables, as JSON or as its file."""
from __future__ import annotations

import click

from .options import FROM_CONFIG, RulesetType, echo, json_option, lang_option, prepare


@click.group("rules")
def rules_group() -> None:
    """The rulesets: list them, show one as tables or as its file (to copy for house rules).

    \b
    House rules: `phz rules show hunan --toml > mine.toml`, change its name
    and what differs (or keep only `schema`, `base = "hunan"`, `name` and
    those fields), then `phz ting --rules ./mine.toml ...`.  Set a default
    with $PHZ_RULES or one line in ~/.config/phz/rules.
    """


@rules_group.command("list")
@json_option
@lang_option
def rules_list(as_json: bool, lang: str | None) -> None:
    """The shipped rulesets (name, title, minimum 胡息, what a win may be on)."""
    import json

    from solver.model import ruleset_file
    from solver.text import ruleset_table
    from solver.text.catalogue import say
    from solver.text.explain import resolve_lang

    prepare(as_json)
    found = [ruleset_file.load(n) for n in ruleset_file.shipped()]
    if as_json:
        echo(json.dumps([{"name": r.name, "title": r.title, "aliases": list(r.aliases), "digest": r.digest}
                          for r in found], ensure_ascii=False))
        return
    name, where = ruleset_file.default_name()
    zh = resolve_lang(lang) == "zh"
    default = say("rules_command.default_from" if where else "rules_command.default", zh, name=name, where=where)
    echo(ruleset_table.list_rows(found, "zh" if zh else "en") + "\n" + default)


@rules_group.command("show")
@click.argument("ruleset", type=RulesetType(), default=FROM_CONFIG, metavar="[NAME|PATH]")
@click.option("--toml", "as_toml", is_flag=True, help="The ruleset's file as it is written, to copy and edit.")
@json_option
@lang_option
def rules_show(ruleset, as_toml: bool, as_json: bool, lang: str | None) -> None:
    """One ruleset (the default one when none is named) as tables: 胡息, score, how a tile is taken, play."""
    from solver.model import ruleset_file
    from solver.text import ruleset_table
    from solver.text.explain import resolve_lang

    prepare(as_json)
    if as_toml and as_json:
        raise click.UsageError("--toml and --json are two formats: give one")
    if as_toml:
        echo(ruleset_file.text_of(ruleset).rstrip("\n"))
    elif as_json:
        echo(ruleset_table.as_json(ruleset))
    else:
        echo(ruleset_table.show(ruleset, resolve_lang(lang)))
