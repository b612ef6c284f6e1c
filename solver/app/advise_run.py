"""The work of ``phz discard --win-rate`` and ``phz act --advise`` (``advise_command`` declares them): the
position (quick, from a game record or a position file), its advice by rollouts (``solver.game.advice``)
and the answer, a table with the reasons or JSON.  Imported only when one of them runs, for the solver.
"""
from __future__ import annotations

import math
import sys
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from pathlib import Path
from typing import NoReturn

import click
from click.core import ParameterSource

from solver import api, limits
from solver.engine import obligations
from solver.engine import play_rules as P
from solver.engine.obligations import TAKE_SOURCE, holding
from solver.engine.play_moves import takes_first
from solver.game import record, replay, workers
from solver.game.advice import advise
from solver.game.moves import Move
from solver.game.position import PositionError, loads, position_of, quick
from solver.game.table import origin
from solver.model import files
from solver.model.notation import parse_hand, parse_tiles
from solver.model.ruleset import HOLDINGS, TAKE_SOURCES
from solver.model.tiles import glyph
from solver.text import advice_json, jsonl
from solver.text import advice_text as words
from solver.text.explain import act_json, act_lines, forbidden_lines
from solver.text.game_text import cut_notice
from solver.vocabulary import DEFAULT_SAMPLES

from . import signals
from .batch import capped_jobs, usable_cores
from .console import warn
from .output import Out

__all__ = ["act", "claim_position", "discard"]

#: the options of a quick position, which a record or a position file makes needless
QUICK_ONLY = {"stock": "--stock", "seen": "--seen", "chou": "--chou", "passed_peng": "--passed-peng"}


class _Job:
    """One run: the command's output (``output.Out``), the options, where the position comes from, the
    progress line of the rollouts."""

    def __init__(self, ctx: click.Context, out: Out, kind: str, text: str, values: dict, progress):
        self.ctx, self.out, self.kind, self.text, self.values = ctx, out, kind, text, values
        self.progress = progress  # advise_command._Progress: the deals played, on stderr
        self.samples = DEFAULT_SAMPLES if values.get("samples") is None else values["samples"]
        self.seed = values.get("seed") or 0
        self.jobs = values.get("jobs") or 1
        self.rank = values.get("rank") or "score"

    def fail(self, message: str) -> NoReturn:
        self.out.fail(self.ctx, self.text, message)

    def check(self, quick: dict) -> None:
        v = self.values
        low, most = limits.SAMPLES
        if not low <= self.samples <= most:  # the range --help states
            self.fail(f"--samples {self.samples}: give at least 1 deal per choice (default {DEFAULT_SAMPLES}; "
                      "--rank outs orders by distance and 进张 alone)" if self.samples < 1 else
                      f"--samples {self.samples}: at most {most} deals per choice (default {DEFAULT_SAMPLES})")
        if v.get("stock") is not None and v["stock"] < 0:
            self.fail(f"--stock {v['stock']}: the stock holds 0 tiles or more")
        if v.get("record") is not None and v.get("position") is not None:
            self.fail("--record and --position both give the position: give one of them")
        if v.get("record") is None:
            for name in ("at", "seat"):
                if v.get(name) is not None:
                    self.fail(f"--{name} goes with --record FILE (the position before move --at of a game record)")
        elif v.get("at") is None:
            self.fail("--record goes with --at MOVE: the position before that move (numbered as phz replay shows)")
        if v.get("record") is not None or v.get("position") is not None:
            for name, spelled in QUICK_ONLY.items():
                if quick.get(name):
                    self.fail(f"{spelled} is for a quick position from HAND: the "
                              f"{'record' if v.get('record') else 'position file'} says what is seen and held")

    # ------------------------------------------------------------ the position

    def from_file(self):
        v = self.values
        if v.get("record") is not None:
            return self._from_record(v["record"], v["at"], v.get("seat"))

        path = v["position"]
        try:
            text = files.read_text(path, limit=limits.POSITION_BYTES, what="position")
            return loads(text, Path(path).parent, rules=self._given_rules())
        except files.FileRefused as e:
            self.fail(f"--position {e}")
        except PositionError as e:
            self.fail(f"--position {path}: {e}")

    def _given_rules(self):
        """The --rules given on the command line, for a record or position file that names a ruleset
        file outside its folder (``record_rules.ruleset_of``); None when none was given."""
        if self.ctx.get_parameter_source("rules") == ParameterSource.COMMANDLINE:
            return self.ctx.params.get("rules")
        return None

    def _from_record(self, path: str, at: int, seat: int | None):
        try:
            rec = record.read(path, rules=self._given_rules())
            if rec.cut:
                click.echo(cut_notice(rec, path), err=True)
            done = replay.replay(rec, lenient=rec.lenient, to=at)
        except OSError as e:
            self.fail(f"--record {path}: {e.strerror or e}")
        except record.RecordError as e:
            self.fail(f"--record {path}: {e}")
        except ValueError as e:  # no such move
            self.fail(f"--at {at}: {e} (moves are numbered as phz replay shows them)")
        assert done.at is not None  # replayed to move ``at``: the position before it
        game, asked = done.at.game, done.at.ask
        n = game.rules.game.players
        if seat is not None and not 0 <= seat < n:
            self.fail(f"--seat {seat}: the seats are 0 to {n - 1}")
        if seat is not None and seat != asked.seat:
            self.fail(f"--seat {seat}: move {at} is a decision of seat {asked.seat} ({asked.stage}): give --seat "
                      f"{asked.seat}, or the --at of a move of seat {seat}")
        return position_of(game, asked.seat)

    def own_rules(self, pos, rules) -> None:
        """A --rules given on the command line must be the ruleset of the record or position file."""
        if self.ctx.get_parameter_source("rules") == ParameterSource.COMMANDLINE and rules.name != pos.rules.name:
            self.fail(f"--rules {rules.name}: the position is of ruleset {pos.rules.name}; leave --rules out")

    def same_hand(self, pos, hand) -> None:
        if hand is not None and (hand.concealed, hand.all_counts()) != (pos.hand.concealed, pos.hand.all_counts()):
            self.fail(f"HAND is not the hand of the position ({pos.hand.text()}): leave HAND out with "
                      f"{'--record' if self.values.get('record') else '--position'}")

    def stage(self, pos) -> None:
        """The position asks this command's kind of decision."""
        if not pos.options:
            self.fail(f"the position asks no decision of seat {pos.seat}")
        if self.kind == "discard" and pos.stage != "discard":
            self.fail(f"the position asks seat {pos.seat} about a tile on the table ({pos.stage}), not a discard: "
                      "ask phz act --advise with the same --record or --position")
        if self.kind == "act" and pos.stage == "discard":
            self.fail(f"the position asks seat {pos.seat} for a discard: ask phz discard --win-rate with the same "
                      "--record or --position")

    # ------------------------------------------------------------ the advice

    def advise(self, pos):
        progress = self.progress(self.samples, sys.stderr)
        try:
            with signals.on_stop(workers.kill_all):  # Ctrl-C, SIGTERM: the rollouts' workers end with us, at once
                return advise(pos, samples=self.samples, seed=self.seed, rank=self.rank, jobs=self.jobs,
                              progress=progress)
        except BrokenProcessPool:
            progress.close()
            warn("phz: a worker process playing out the deals died (killed, or out of memory); no advice")
            self.ctx.exit(1)
        finally:
            progress.close()


def _seen_tiles(pos) -> list[int]:
    return [t for t, n in enumerate(pos.seen_counts()) for _ in range(n)]


def _where(values: dict) -> tuple[str, int | None] | None:
    """Where the position is from: (a record's path, the move) or (a position file's path, None)."""
    if values.get("record") is not None:
        return values["record"], values["at"]
    return (values["position"], None) if values.get("position") is not None else None


def discard(ctx: click.Context, hand: tuple[str, ...], seen: str, as_json: bool, jobs: int, rules, progress,
            **values) -> bool:
    """``phz discard --win-rate`` (``advise_command.run_discard`` has checked ``--brief``); ``progress`` makes
    the progress line of the rollouts (``advise_command._Progress``)."""
    # one hand: the rollouts on every core phz may use by default (the same figures as on one), never more
    values["jobs"] = usable_cores() if jobs is None else capped_jobs(jobs)
    from_file = values.get("record") is not None or values.get("position") is not None
    if hand == ("-",) or (not hand and not from_file):
        raise click.UsageError("--win-rate answers one hand: give HAND (or --record / --position), not a batch", ctx)
    out = Out(ctx, as_json)
    text = " ".join(hand)
    job = _Job(ctx, out, "discard", text, values, progress)
    job.check({"stock": values.get("stock"), "seen": seen})
    lang = out.lang
    try:
        if from_file:
            pos = job.from_file()
            job.own_rules(pos, rules)
            job.same_hand(pos, parse_hand(text, pos.rules) if hand else None)
            job.stage(pos)
            table = _table(pos)
        else:
            seen_t = parse_tiles(seen)
            table = api.discard(text, seen=seen_t, rules=rules)
            pos = quick(table.hand, rules, seen=seen_t, stock=values.get("stock"),
                        options=[Move("discard", tile=r.tile) for r in table.rows])
    except ValueError as e:
        out.fail(ctx, text, str(e))
    if not pos.options:
        out.fail(ctx, text, "no discard: every concealed tile is in a 坎")
    advice = job.advise(pos)
    if advice.rank == "outs" and table is not None:
        advice = _today_order(advice, table)
    if as_json:
        out.write(out.jsonl.dumps(_discard_json(text or pos.hand.text(), advice, table, lang)))
    else:
        out.write("\n".join(words.answer_lines(advice, lang, pos.hand.text(), where=_where(values), colour=out.colour,
                                               limit=out.limit, all_rows=values.get("all_rows", False))))
    return True


def _today_order(advice, table):
    """``--rank outs``: the order of ``phz discard`` itself (its ties broken by the api's expected and best
    score, not the rollouts'), each loss against the new first on the same deals."""
    order = {r.tile: i for i, r in enumerate(table.rows)}
    choices = sorted(advice.choices, key=lambda c: order.get(c.move.tile, len(order)))
    best = choices[0]
    if best.estimate is not None:
        paired = [best.estimate.paired(c.estimate) if c is not best else (0.0, 0.0) for c in choices]
        choices = [replace(c, loss=max(0.0, d), loss_half_width=h if math.isfinite(h) else 0.0)
                   for c, (d, h) in zip(choices, paired)]
    return replace(advice, choices=tuple(choices))


def _table(pos):
    """``api.discard`` of the position's hand with the tiles it has seen (None for a hand the api refuses)."""
    try:
        return api.discard(pos.hand, seen=_seen_tiles(pos), rules=pos.rules)
    except ValueError:
        return None


def _discard_json(text: str, advice, table, lang: str) -> dict:
    """``phz discard --json``'s object, its rows in the advice's order with the rollout figures, and the
    advice (``advice_json.advice_json``)."""
    rules = advice.position.rules
    rows = {}
    if table is not None:
        obj = jsonl.discard_json(text, table, rules.win_on_discard)
        rows = {r["tile"]: r for r in obj["discards"]}
    else:
        obj = {"input": text, "hand": advice.position.hand.text()}
    out = []
    for c in advice.choices:
        t = glyph(c.move.tile)
        row = rows.get(t) or {"tile": t, "distance": c.distance, "improving_live": c.live, "outs": c.outs}
        out.append(row | advice_json.estimate_json(c, rules.win_on_discard))
    return obj | {"discards": out, "advice": advice_json.advice_json(advice, lang)}


def act(ctx: click.Context, hand: tuple[str, ...], tile: str | None, source: str | None, chou: str,
        passed_peng: str, seen: str, as_json: bool, rules, progress, *, from_file: bool, **values) -> None:
    """``phz act --advise``: every legal move ranked (``advise_command.run_act`` has checked the options
    required); ``progress`` makes the progress line of the rollouts (``advise_command._Progress``)."""
    out = Out(ctx, as_json)
    text = " ".join(hand)
    job = _Job(ctx, out, "act", text, values, progress)
    job.check({"stock": values.get("stock"), "seen": seen, "chou": chou, "passed_peng": passed_peng})
    try:
        lang = out.lang
        if from_file:
            pos = job.from_file()
            job.own_rules(pos, rules)
            job.same_hand(pos, parse_hand(text, pos.rules) if hand else None)
            job.stage(pos)
            if tile is not None and parse_tiles(tile) != (pos.table[0],):
                job.fail(f"--tile {tile}: the tile on the table of the position is {glyph(pos.table[0])}")
            decision = _decision(pos)
        else:
            assert tile is not None and source is not None  # _require: both given without a record or position
            decision = api.decide(text, tile=tile, source=source, chou=chou, passed_peng=passed_peng, seen=seen,
                                  rules=rules)
            pos = claim_position(decision, rules, seen=parse_tiles(seen), stock=values.get("stock"))
    except ValueError as e:
        out.fail(ctx, text, str(e))
    advice = job.advise(pos)
    if not from_file:
        advice = _pass_chou(advice, decision)
    if as_json:
        obj = act_json(decision, text or pos.hand.text(), lang=lang)
        out.write(out.jsonl.dumps(obj | {"advice": advice_json.advice_json(advice, lang)
                                         | {"choices": [advice_json.choice_json(c, advice, lang) for c in advice.choices]}}))
    else:
        forbidden = forbidden_lines(decision, lang, values.get("all_rows", False))
        out.write("\n".join(words.answer_lines(advice, lang, _act_head(decision, lang), where=_where(values),
                                               forbidden=forbidden, colour=out.colour, limit=out.limit,
                                               all_rows=values.get("all_rows", False))))


def _act_head(decision, lang: str) -> str:
    """The first line of ``phz act``: the hand and the tile from where."""
    return act_lines(decision, lang)[0]


def claim_position(decision, rules, *, seen, stock):
    """The quick position of ``phz act``'s hand and tile: every legal move of its decision offered at the
    first stage of the claim round that asks this seat (``_claim_stage``), its 臭 as given."""
    options = [Move(a.action, chi=a.chi, bi=a.bi) for a in decision.actions]
    pos = quick(decision.hand, rules, seen=seen, stock=stock, tile=decision.tile, origin=decision.source,
                options=options)
    return replace(pos, stage=_claim_stage(decision, rules), chou=frozenset(decision.chou),
                   passed_peng=frozenset(decision.passed_peng))


#: the compulsory takes the claim round asks at its take stage, after 胡 and before 碰: the 4-tile groups made
#: of another's tile (the game kernels' ``_game_kernels.advance``, RS_TAKE); a compulsory 碰 (有碰必碰) is
#: asked at the 碰 stage
TAKE_STAGE = ("ti", "pao", "zhao")


def _claim_stage(decision, rules) -> str:
    """The engine's stage that first asks this seat about the tile (``Game._claims``): ``first`` for a take
    made before any claim, then 胡, a compulsory 跑/提/招 (``TAKE_STAGE``), 碰 (a compulsory one
    too), 吃.  The rollouts let the players asked before it pass and play the other moves of the script at
    the later stages (passing the earlier ones)."""
    kinds = {a.action for a in decision.actions}
    take = decision.compulsory
    if take is not None and takes_first(P.ACTION_NAMES.index(take.action), decision.source == "self-draw",
                                          HOLDINGS.index(holding(decision.hand, decision.tile)),
                                          TAKE_SOURCES.index(TAKE_SOURCE[decision.source]), P.rule_vector(rules)):
        return "first"
    four = take.action if take is not None and take.action in TAKE_STAGE else ""
    for kind, stage in (("hu", "hu"), (four, "take"), ("peng", "peng")):
        if kind in kinds:
            return stage
    return "chi"


def _pass_chou(advice, decision):
    """The advice with what passing makes 臭 as the decision says it (for 吃 and for 碰)."""
    passing = next((a for a in decision.actions if a.action == "pass"), None)
    if passing is None:
        return advice
    chou = tuple(sorted(set(passing.becomes_chou_chi) | set(passing.becomes_chou_peng)))
    return replace(advice, choices=tuple(replace(c, chou=chou) if c.move.kind == "pass" else c
                                         for c in advice.choices))


def _decision(pos):
    """The obligations engine's decision of the position's seat on the tile on the table (as the game's)."""
    x, by, kind = pos.table
    return obligations.decide(pos.hand, tile=x, source=origin(pos.seat, by, kind, pos.players),
                              chou=tuple(sorted(pos.chou)), passed_peng=tuple(sorted(pos.passed_peng)),
                              rules=pos.rules)
