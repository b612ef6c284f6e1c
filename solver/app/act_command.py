"""``phz act``: what a hand at rest may, must and may not do with a tile (with ``--advise``, the best)."""
from __future__ import annotations

import click

from solver.text.help import NOTATION
from solver.vocabulary import ORIGIN_ZH, ORIGINS

from .advise_command import advice_options, run_act
from .hands import all_option
from .options import json_option, rules_option


@click.command(epilog=NOTATION)
@click.argument("hand", nargs=-1, metavar="HAND...")
@click.option("--tile", metavar="X", help="The tile that has appeared (required but with --record/--position).")
@click.option("--from", "source", metavar="SOURCE", help=f"Who revealed it (required likewise): {', '.join(ORIGINS)} (or {' '.join(ORIGIN_ZH.values())}).")
@click.option("--chou", default="", metavar="TILES", help="Tiles already 臭 for 吃 (passed when they could be eaten).")
@click.option("--passed-peng", default="", metavar="TILES", help="Tiles whose 碰 was passed this hand.")
@click.option("--seen", default="", metavar="TILES",
              help="Tiles seen elsewhere (discards, others' melds): checked against the 4 copies of each tile; "
                   "with --advise they are face up, so the rollouts deal them to no one.")
@json_option
@click.option("--lang", type=click.Choice(["en", "zh"]), default=None,
              help="Language of the explanations (default: from the locale, zh* → Chinese).")
@rules_option
@all_option
@advice_options("act")
@click.pass_context
def act(ctx: click.Context, hand: tuple[str, ...], tile: str, source: str, chou: str, passed_peng: str,
        seen: str, as_json: bool, lang: str | None, rules, all_rows: bool, **advice) -> None:
    """What may, must and may not a hand at rest do with tile X from SOURCE?

    Every move in priority order (胡 > 提/偎 > 跑 > 碰 > 吃 > 过), marked
    compulsory or optional: each legal way to eat with the 比 groups it
    forces, what passing makes 臭; and every move that is not allowed with
    its reason (隔山, 臭张, 烧比, 坎 locked, no discard left, must 偎, a
    passed 碰, 胡 on a discard, passing a compulsory 提/偎/跑).

    \b
    Example:
      phz act 一二三四五六七八九九壹贰叁肆伍陆柒捌玖拾 --tile 三 \\
              --from upper-discard
    """
    run_act(ctx, hand, tile, source, chou, passed_peng, seen, as_json, lang, rules, all_rows=all_rows, **advice)
