"""``phz sim`` as a person reads it (en and zh, 80 columns) and as one JSON object.

>>> from solver.game.stats import DealOutcome, GameOutcome, summarise
>>> g = GameOutcome(("random",) * 3, (4, -2, -2), 0, 9, ((0, "zimo"),))
>>> s = summarise([DealOutcome(0, (g,)), DealOutcome(1, (g,))], ("random",))
>>> for line in sim_lines(s, SimInfo("hunan", ("random",) * 3, 0, 1, 0.5), "en")[:2]:
...     print(line)
phz sim, hunan, 3 seats: 2 deals × 1 seating = 2 hands
seed 0, 1 job, 0.5 s
"""
from __future__ import annotations

from dataclasses import dataclass

from tabulate import tabulate

from ..game.stats import EVENTS, VERDICT_DEALS, Summary, Tally
from .catalogue import say

__all__ = ["SimInfo", "sim_json", "sim_lines"]


@dataclass(frozen=True)
class SimInfo:
    """What a simulation was asked, and how long it took."""
    rules: str
    bots: tuple[str, ...]  # per seat at the first seating
    seed: int
    jobs: int
    seconds: float


#: the table's columns: the catalogue's entries ``sim_table.head_…`` ("": the interval, ±95% in both)
_HEAD = ("bot", "net", "", "wins", "won", "lost")


def _head(lang: str) -> tuple[str, ...]:
    return tuple(say(f"sim_table.head_{h}", lang) if h else "±95%" for h in _HEAD)


def _signed(x: float | None, digits: int = 2) -> str:
    return "—" if x is None else f"{x:+.{digits}f}"


def _half(x: float | None) -> str:
    return "—" if x is None else f"{x:.2f}"


def _pct(k: int, n: int) -> str:
    return f"{100 * k / n:.1f}%" if n else "—"


def _header(s: Summary, info: SimInfo, lang: str) -> list[str]:
    seatings = s.games // s.deals if s.deals else 0
    n = len(info.bots)
    table = say(f"sim_table.seats_{n}", lang)
    return [say("sim_table.header", lang, rules=info.rules, table=table, deals=s.deals, seatings=seatings,
                games=s.games, _ds="s" * (s.deals != 1), _ss="s" * (seatings != 1), _gs="s" * (s.games != 1)),
            say("sim_table.run", lang, seed=info.seed, jobs=info.jobs, seconds=info.seconds,
                _s="s" * (info.jobs != 1))]


def _pair_lines(p, lang: str) -> list[str]:
    """The comparison of two bots: the difference, then the verdict (none on too few deals: stats.Pair)."""
    diff = f"{_signed(p.mean)} ± {_half(p.half)}"
    few = p.apart and p.verdict is None
    need = p.deals_needed
    verdict = "better" if p.verdict else "few" if few else "same"
    # (too few deals: English says how many on a line of its own, Chinese in the verdict's brackets)
    lines = say(f"sim_table.pair_{verdict}", lang, first=p.first, second=p.second, diff=diff, better=p.verdict,
                deals=p.deals, least=VERDICT_DEALS).split("\n")
    if need and not few:
        lines.append(say("sim_table.pair_need", lang, need=need))
    return lines


def sim_lines(s: Summary, info: SimInfo, lang: str = "en") -> list[str]:
    """The header, the table of the bots, the comparisons of each two, and the rule events per bot."""
    rows = [(b.name, _signed(b.mean_net), _half(b.half), _pct(b.wins, b.games), _signed(b.won_mean, 1),
             _signed(b.lost_mean, 1)) for b in s.bots]
    lines = _header(s, info, lang) + [""]
    lines += tabulate(rows, headers=_head(lang), disable_numparse=True,
                      colalign=("left",) + ("right",) * 5).splitlines()
    # Every bot sits in every game of a deal: the drawn hands and the turns are the games', not a bot's.
    lines.append("")
    lines.append(say("sim_table.drawn", lang, drawn=_pct(s.drawn, s.games), turns=s.turns))
    if s.pairs:
        lines.append("")
        lines += [line for p in s.pairs for line in _pair_lines(p, lang)]
    keys = list(EVENTS) + sorted({k for b in s.bots for k in b.events if k not in EVENTS})
    events = [(EVENTS.get(k, k), *(str(b.events.get(k, 0)) for b in s.bots)) for k in keys]
    lines.append("")
    lines += tabulate(events, headers=(say("sim_table.events", lang), *(b.name for b in s.bots)),
                      disable_numparse=True, colalign=("left",) + ("right",) * len(s.bots)).splitlines()
    lines += ["", say("sim_table.note_net", lang), say("sim_table.note_won_lost", lang)]
    return lines


def sim_json(s: Summary, info: SimInfo) -> dict:
    """The one JSON object of ``phz sim --json``: what was asked (``seats``: the bot of each seat at
    the first seating), then ``Summary.as_json`` (rule events by key; ``event_names`` names them)."""
    return {"rules": info.rules, "seats": list(info.bots), "seed": info.seed, "jobs": info.jobs,
            "seconds": round(info.seconds, 3), **s.as_json(), "event_names": dict(EVENTS)}


#: what a ``phz sim --per-deal`` file says it is (``benchmarks/strength.py`` reads it)
PER_DEAL = "sim per-deal"


def per_deal_json(tally: Tally, info: SimInfo, players: int, stopped: bool = False) -> dict:
    """The one JSON object of ``phz sim --per-deal``: what was asked, then each bot's net per hand on each
    deal over its seatings (``Tally.per_deal``), as far as every bot has it (a run ``stopped`` by a
    signal keeps the deals done; ``deals`` says how many)."""
    n = min(len(v) for v in tally.per_deal.values())
    body = {"phz": PER_DEAL, "rules": info.rules, "players": players, "bots": list(info.bots), "seed": info.seed,
            "deals": n, "per_deal": {b: list(v[:n]) for b, v in tally.per_deal.items()}}
    if stopped:
        body["stopped"] = True
    return body
