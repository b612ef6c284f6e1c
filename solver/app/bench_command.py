"""``phz bench``: the solver measured on pinned seeded hands (``solver.app.bench``)."""
from __future__ import annotations

import sys

import click

from . import options
from .options import echo, prepare, rules_option


@click.command()
@click.option("--hands", "n", type=click.IntRange(min=10, max=100_000), default=2000, show_default=True,
              metavar="N", help="Hands per measurement (10 to 100,000), in 5 rounds of fresh hands "
                                "(the reference answers one in 50).")
@click.option("--json", "as_json", is_flag=True, help="The measurements as one JSON object on one line.")
@rules_option
@click.pass_context
def bench(ctx: click.Context, n: int, as_json: bool, rules) -> None:
    """Measure the solver: time per hand, hands per second, speed-up over the reference.

    The win check (a ready hand and one of its waits, both sources), the
    waits of a ready hand, the discard table of a hand to discard from, the
    legal 吃/比 ways of a tile, drill generation, and the distance to ready
    with its improving draws (the kernels and the plain-Python search, median
    and p95) and a discard table with every row's distance, on pinned seeded
    inputs (solver.app.bench).  Kernels are loaded or compiled before the first
    round; each round has fresh hands.  Times are medians over the rounds;
    a busy machine makes them slower (BENCHMARKS.md).
    """
    import json

    from solver.app import bench as measure

    prepare(as_json)
    plan = list(measure.measurements(n, rules))
    results = []
    with click.progressbar(length=sum(steps for _, steps, _ in plan), label="phz bench", file=sys.stderr,
                           item_show_func=lambda label: label) as bar:
        for label, steps, run in plan:
            bar.update(0, label)
            results += run()
            bar.update(steps, label)
    if as_json:
        echo(json.dumps({"hands": n, "results": [r.as_json() for r in results]}, ensure_ascii=False))
        return
    echo("\n".join(measure.table_lines(results, options.lang_of(ctx), options.width_of(ctx))))
