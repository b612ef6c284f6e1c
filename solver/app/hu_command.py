"""``phz hu`` for one hand, with the context a game gives a win (RULES.md 10).

``--last-tile`` (海底), ``--dihu`` (地胡), ``--qishou`` (起手胡, a win on the
亮张) are the conditions of a win on a tile (``solver.api.hu``'s
``conditions``); ``--tianhu`` asks whether a freshly dealt hand wins at
once (``solver.api.tianhu``), and takes no tile.  A combination of options
that cannot be is a ``click.UsageError``; a condition the ruleset cannot
have, or a bad hand, a ValueError (one line each, naming the fix).
"""
from __future__ import annotations

import click

from solver.text.help import NOTATION

from .options import json_option, rules_option
from .output import Out, batch_mode, stdin_lines

#: ``phz hu`` flag -> the condition of ``solver.api.hu``
FLAGS = {"--last-tile": "haidi", "--dihu": "dihu", "--qishou": "qishou"}

HELP = """Whether TILE from SOURCE wins for a hand at rest, and how.

\b
A win shows the best decomposition with each 门子's 胡息, the total,
等, 番 and score; a tile that does not win says why (huxi_short,
no_7_groups, forced_ti, forced_wei) in a sentence.

\b
What the game gives the win (one at a time; its 番 count, in the ranking):
  --last-tile  海底: TILE is the last stock tile (hunan: 2 番 added,
               1 番 when it is the only 花样, 平胡海底)
  --dihu       地胡: TILE is the dealer's first discard, won by his
               lower player (--source discard; luzhou: 2 番)
  --qishou     起手胡: TILE is the 亮张 (self for the dealer, else other)
  --tianhu     天胡: HAND is a freshly dealt hand, 20 tiles (21 for the
               dealer), its dealt fours after | (提:四四四四; luzhou 垅);
               no --win, --source or --all.  hunan: 3 提 or 5 坎 win at
               once; luzhou: the dealer's 21 tiles already 7 门子

\b
In a batch each line is `HAND ; TILE SOURCE`; a line without them
uses --win and --source (no game context in a batch).

\b
Examples:
  phz hu 一二三壹贰叁贰柒拾七八九五五五陆柒捌四六 --win 五 --source other
  phz hu 一二三壹贰叁贰柒拾四五六八九十七七七伍伍 --win 七 \\
         --source other --last-tile
  phz hu '一二三五六七八九 | 提:四四四四 提:壹壹壹壹 提:肆肆肆肆' --tianhu
"""


def given(last_tile: bool, dihu: bool, qishou: bool, tianhu: bool) -> list[str]:
    """The context flags given, in --help order."""
    return [f for f, on in (("--last-tile", last_tile), ("--dihu", dihu), ("--qishou", qishou),
                            ("--tianhu", tianhu)) if on]


def answer(text: str, *, win: str | None, source: str | None, all_splits: bool, rules, as_json: bool,
           colour: bool, flags: list[str], lang: str = "en", limit: int | None = 80) -> str:
    """The answer to ``phz hu`` for one hand (text in ``lang`` within ``limit`` columns, or a JSON line)."""
    from solver import api
    from solver.text import jsonl, render

    if len(flags) > 1:
        raise click.UsageError(f"{' and '.join(flags)} exclude each other: give one")
    if flags == ["--tianhu"]:
        extra = [o for o, on in (("--win", win is not None), ("--source", source is not None),
                                 ("--all", all_splits)) if on]
        if extra:
            raise click.UsageError(f"--tianhu asks about a dealt hand, with no winning tile: drop {extra[0]}")
        dealt = api.tianhu(text, rules=rules)
        return jsonl.dumps(jsonl.tianhu_json(text, dealt, rules)) if as_json else \
            render.tianhu_text(dealt, rules, colour, lang=lang, limit=limit)
    if win is None or source is None:
        raise click.UsageError("phz hu needs --win TILE and --source self|other for one hand"
                               " (or --tianhu for a dealt hand)")
    conditions = frozenset(FLAGS[f] for f in flags)
    result = api.hu(text, win=win, source=source, all_splits=all_splits, rules=rules, conditions=conditions)
    if as_json:
        return jsonl.dumps(jsonl.hu_json(text, result, rules, all_splits=all_splits, conditions=conditions))
    return render.hu_text(result, rules, colour, all_splits=all_splits, conditions=conditions, lang=lang, limit=limit)


@click.command(epilog=NOTATION, help=HELP)
@click.argument("hand", nargs=-1)
@click.option("--win", "win", metavar="TILE", help="The winning tile (required for one hand).")
@click.option("--source", metavar="self|other|discard",
              help="Who reveals it: self (自摸), other (another player's draw) or discard (another player's "
                   "discard, under a ruleset that wins on discards); required for one hand.")
@click.option("--all", "all_splits", is_flag=True, help="List every distinct winning decomposition, best first.")
@click.option("--last-tile", is_flag=True, help="TILE is the last stock tile (海底).")
@click.option("--dihu", is_flag=True, help="TILE is the dealer's first discard, won by his lower player (地胡).")
@click.option("--qishou", is_flag=True, help="TILE is the 亮张, won before play (起手胡).")
@click.option("--tianhu", is_flag=True, help="HAND is freshly dealt: does it win at once (天胡)?")
@json_option
@rules_option
@click.pass_context
def hu(ctx: click.Context, hand: tuple[str, ...], win: str | None, source: str | None, all_splits: bool,
       last_tile: bool, dihu: bool, qishou: bool, tianhu: bool, as_json: bool, rules) -> None:
    out = Out(ctx, as_json)
    flags = given(last_tile, dihu, qishou, tianhu)
    if batch_mode(hand):
        from . import batch
        if flags:
            raise click.UsageError(f"{flags[0]} is for one hand, not a batch")
        answers, failed = batch.answer_hu(stdin_lines(), win=win, source=source, rules=rules, as_json=as_json,
                                          all_splits=all_splits, colour=out.colour, lang=out.lang)
        batch.emit(out.write, answers)
        ctx.exit(1 if failed else 0)
    text = " ".join(hand)
    try:
        out.write(answer(text, win=win, source=source, all_splits=all_splits, rules=rules,
                                    as_json=as_json, colour=out.colour, flags=flags, lang=out.lang, limit=out.limit))
    except ValueError as e:
        out.fail(ctx, text, str(e))
