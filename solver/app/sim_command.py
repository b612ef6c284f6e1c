"""``phz sim``: bots play deals against each other, each deal once per seating, and the table of
how each bot did (``solver.app.sim`` plays, ``solver.game.stats`` counts, ``solver.text.sim_table`` shows).

Only click is imported until the command runs, so ``phz sim --help`` stays light.
"""
from __future__ import annotations

import os
import sys
import time

import click

from .options import FROM_CONFIG, BotsCommand, RulesetType, bot_names, lang_option, players_option, seat_rules

DEFAULT_BOTS = "strong,basic,random"
#: the bots at a table of two and of four, when --bots is not given
TABLE_BOTS = {2: "strong,basic", 3: DEFAULT_BOTS, 4: "strong,basic,random,random"}
#: the most deals one run plays
MAX_GAMES = 10_000_000


def parse_bots(text: str, seats: int = 3) -> tuple[str, ...]:
    """``--bots``: one bot name a seat, comma-separated (or one name for every seat); ValueError
    (one line naming the fix) otherwise.

    >>> parse_bots("strong, basic,random"), parse_bots("random")
    (('strong', 'basic', 'random'), ('random', 'random', 'random'))
    """
    names = tuple(w.strip().lower() for w in text.split(","))
    bad = [n for n in names if n not in bot_names()]
    if bad:
        raise ValueError(f"no bot {bad[0]!r}: name one of {', '.join(bot_names())} a seat, "
                         f"e.g. --bots {DEFAULT_BOTS}")
    if len(names) == 1:
        return names * seats
    if len(names) != seats:
        raise ValueError(f"--bots names {len(names)} bots for {seats} seats: name one a seat, "
                         f"e.g. --bots {TABLE_BOTS[seats]} (or one bot for every seat)")
    return names


@click.command("sim", cls=BotsCommand)
@click.option("--games", "deals", type=click.IntRange(min=1, max=MAX_GAMES), default=100, show_default=True,
              metavar="N", help="Deals to play; each is played once per seating of the bots (3 hands for 3 "
                                "different bots), so seat and dealer luck cancel.")
@click.option("--rules", type=RulesetType(), default=FROM_CONFIG, metavar="NAME|PATH",
              help="The ruleset (default: $PHZ_RULES, else the config file, else hunan).")
@players_option
@click.option("--bots", "bots_text", default=None, metavar="A,B,C",
              help="The bot at each seat, each one of the bots below, "
                   f"or one bot for every seat (default {DEFAULT_BOTS}; at four {TABLE_BOTS[4]}, of two "
                   f"{TABLE_BOTS[2]}).")
@click.option("--seed", type=click.IntRange(min=0, max=2 ** 63 - 1), default=0, show_default=True, metavar="N",
              help="Deal i is the same for the same seed, whatever --jobs.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True, metavar="N",
              help="Play on N processes, 1 to the cores phz may use (more are cut to those, with a notice); "
                   "the results do not change.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object with every number of the table.")
@click.option("--records", type=click.Path(file_okay=False), default=None, metavar="DIR",
              help="Write each hand's game record (JSON Lines, README: Game records) into DIR.")
@click.option("--per-deal", "per_deal", type=click.Path(), default=None, metavar="FILE",
              help="Also write each bot's net per hand on each deal into FILE (JSON), for pooling runs "
                   "and comparing them deal by deal (benchmarks/strength.py).")
@lang_option
@click.pass_context
def sim(ctx: click.Context, deals: int, rules, players: int | None, bots_text: str | None, seed: int, jobs: int,
        as_json: bool, records: str | None, per_deal: str | None, lang: str | None) -> None:
    """Bots against bots: each bot's mean net score per hand, with its 95% interval.

    Each deal is played once per seating (the bots rotated over the seats,
    the same tiles and dealer), and a bot's net score per deal is averaged
    over its seats; the interval is the normal approximation over the deals.
    Two bots are compared on their per-deal differences.

    \b
    Also per bot: its wins, its mean net when it wins and when another
    wins, and the rule events counted (八块, 臭偎, 破跑胡, 天胡, 海底 …);
    then the drawn hands and turns a hand.  A progress bar shows on a
    terminal.
    """
    import json

    from solver.app import batch
    from solver.app import sim as runner
    from solver.app.console import warn
    from solver.app.options import echo, prepare
    from solver.game.deal import unplayable
    from solver.game.stats import Tally
    from solver.text.explain import resolve_lang
    from solver.text.sim_table import SimInfo, per_deal_json, sim_json, sim_lines

    rules = seat_rules(rules, players)
    why = unplayable(rules)
    if why:
        raise click.UsageError(f"--rules {rules.name}: {why}")
    try:
        bots = parse_bots(bots_text or TABLE_BOTS[rules.game.players], rules.game.players)
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="--bots") from None
    if records is not None:
        try:
            os.makedirs(records, exist_ok=True)
        except OSError as e:
            raise click.BadParameter(f"cannot make the folder {records}: {e.strerror or e}; name a folder you "
                                     "can write to", param_hint="--records") from None
    if per_deal is not None:
        where = os.path.dirname(os.path.abspath(per_deal))
        if os.path.isdir(per_deal) or not os.path.isdir(where) or not os.access(where, os.W_OK):
            raise click.BadParameter(f"cannot write {per_deal}: name a file in a folder you can write to",
                                     param_hint="--per-deal")
    jobs = batch.capped_jobs(jobs)  # the range --help states
    prepare(as_json)
    job = runner.Sim(rules, bots, seed, records)
    start = time.perf_counter()
    tally = Tally(bots)
    try:
        with _kept_on_stop(per_deal, tally, SimInfo(rules.name, bots, seed, jobs, 0.0), rules.game.players):
            if sys.stderr is not None and sys.stderr.isatty():
                with click.progressbar(length=deals, label="phz sim", file=sys.stderr, show_pos=True,
                                       show_eta=True) as bar:
                    runner.run(job, deals, jobs=jobs, progress=bar.update, into=tally)
            else:
                runner.run(job, deals, jobs=jobs, into=tally)
    except runner.WorkerDied as e:
        warn(f"phz: {e}")
        ctx.exit(1)
    info = SimInfo(rules.name, bots, seed, jobs, time.perf_counter() - start)
    summary = tally.summary()
    if as_json:
        echo(json.dumps(sim_json(summary, info), ensure_ascii=False))
    else:
        echo("\n".join(sim_lines(summary, info, resolve_lang(lang))))
    if per_deal is not None:
        try:
            write_per_deal(per_deal, per_deal_json(tally, info, rules.game.players))
        except OSError as e:
            warn(f"phz: cannot write {per_deal}: {e.strerror or e}; free some room or name another file "
                 "(the table above is the run's)")
            ctx.exit(1)


def write_per_deal(path: str, body: dict) -> None:
    """The ``--per-deal`` object (``sim_table.per_deal_json``) written whole or not at all."""
    import json

    from solver.model.files import write_whole

    write_whole(path, json.dumps(body))


def _kept_on_stop(path: str | None, tally, info, players: int):
    """With ``--per-deal``: a run stopped by Ctrl-C or a signal writes the deals done so far to ``path``
    (and says so on its last line); else nothing."""
    from contextlib import ExitStack

    from solver.app import signals
    from solver.text.sim_table import per_deal_json

    stack = ExitStack()
    if path is None:
        return stack
    done: list[int] = []

    def save() -> None:
        body = per_deal_json(tally, info, players, stopped=True)
        write_per_deal(path, body)
        done.append(body["deals"])
    stack.enter_context(signals.on_stop(save))
    stack.enter_context(signals.note(lambda: f"the {done[0]} deals done are in {path}" if done else
                                     f"{path} not written"))
    return stack
