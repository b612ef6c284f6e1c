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

from ..game.stats import EVENTS, VERDICT_DEALS, Summary

__all__ = ["SimInfo", "sim_json", "sim_lines"]


@dataclass(frozen=True)
class SimInfo:
    """What a simulation was asked, and how long it took."""
    rules: str
    bots: tuple[str, ...]  # per seat at the first seating
    seed: int
    jobs: int
    seconds: float


_HEAD = {"en": ("bot", "net/hand", "±95%", "wins", "won", "lost"),
         "zh": ("机器人", "每手净分", "±95%", "胜率", "胜时得", "负时失")}
_NOTES = {
    "en": ["net/hand: mean net score per hand (the comparison metric) and its 95% interval;",
           "won, lost: mean net of the hands it won, of the hands another player won."],
    "zh": ["每手净分：每手平均净得分（比较强弱的指标），±95%为其置信区间；",
           "胜时得、负时失：自己胡牌的手、别家胡牌的手的平均净分。"],
}


def _signed(x: float | None, digits: int = 2) -> str:
    return "—" if x is None else f"{x:+.{digits}f}"


def _half(x: float | None) -> str:
    return "—" if x is None else f"{x:.2f}"


def _pct(k: int, n: int) -> str:
    return f"{100 * k / n:.1f}%" if n else "—"


def _header(s: Summary, info: SimInfo, lang: str) -> list[str]:
    seatings = s.games // s.deals if s.deals else 0
    n = len(info.bots)
    if lang == "zh":
        table = {2: "二人", 3: "三人", 4: "四人（每局一人坐底）"}[n]
        return [f"phz sim，{info.rules}，{table}：{s.deals} 副牌 × {seatings} 种座次 = {s.games} 手",
                f"种子 {info.seed}，{info.jobs} 个进程，用时 {info.seconds:.1f} 秒"]
    table = f"{n} seats" + (" (one sits out each hand)" if n == 4 else "")
    return [f"phz sim, {info.rules}, {table}: {s.deals} deal{'s' * (s.deals != 1)} × {seatings} seating"
            f"{'s' * (seatings != 1)} = {s.games} hand{'s' * (s.games != 1)}",
            f"seed {info.seed}, {info.jobs} job{'s' * (info.jobs != 1)}, {info.seconds:.1f} s"]


def _pair_lines(p, lang: str) -> list[str]:
    """The comparison of two bots: the difference, then the verdict (none on too few deals: stats.Pair)."""
    diff = f"{_signed(p.mean)} ± {_half(p.half)}"
    few = p.apart and p.verdict is None
    need = p.deals_needed
    if lang == "zh":
        verdict = (f"{p.verdict} 更强（95%）" if p.verdict else
                   f"副数太少，不下结论（{p.deals} 副，至少要 {VERDICT_DEALS} 副）" if few else "差别不显著（95%）")
        lines = [f"{p.first} 对 {p.second}：每手 {diff}，{verdict}"]
        if need and not few:
            lines.append(f"  约 {need:,} 副牌才能看出这么大的差别")
        return lines
    verdict = (f"{p.verdict} is better (95%)" if p.verdict else
               "too few deals for a verdict" if few else "no difference at 95%")
    lines = [f"{p.first} − {p.second}: {diff} a hand, {verdict}"]
    if few:
        lines.append(f"  ({p.deals:,} deals; a verdict needs at least {VERDICT_DEALS:,})")
    elif need:
        lines.append(f"  (about {need:,} deals would show a difference this size)")
    return lines


def sim_lines(s: Summary, info: SimInfo, lang: str = "en") -> list[str]:
    """The header, the table of the bots, the comparisons of each two, and the rule events per bot."""
    zh = lang == "zh"
    rows = [(b.name, _signed(b.mean_net), _half(b.half), _pct(b.wins, b.games), _signed(b.won_mean, 1),
             _signed(b.lost_mean, 1)) for b in s.bots]
    lines = _header(s, info, lang) + [""]
    lines += tabulate(rows, headers=_HEAD[lang], disable_numparse=True,
                      colalign=("left",) + ("right",) * 5).splitlines()
    # Every bot sits in every game of a deal: the drawn hands and the turns are the games', not a bot's.
    lines.append("")
    lines.append(f"荒庄（流局）{_pct(s.drawn, s.games)}；每手摸牌 {s.turns:.1f} 次" if zh else
                 f"drawn (荒庄): {_pct(s.drawn, s.games)} of the hands; {s.turns:.1f} turns (stock draws) a hand")
    if s.pairs:
        lines.append("")
        lines += [line for p in s.pairs for line in _pair_lines(p, lang)]
    keys = list(EVENTS) + sorted({k for b in s.bots for k in b.events if k not in EVENTS})
    events = [(EVENTS.get(k, k), *(str(b.events.get(k, 0)) for b in s.bots)) for k in keys]
    lines.append("")
    lines += tabulate(events, headers=("规则事件" if zh else "rule events", *(b.name for b in s.bots)),
                      disable_numparse=True, colalign=("left",) + ("right",) * len(s.bots)).splitlines()
    lines += [""] + _NOTES[lang]
    return lines


def sim_json(s: Summary, info: SimInfo) -> dict:
    """The one JSON object of ``phz sim --json``: what was asked (``seats``: the bot of each seat at
    the first seating), then ``Summary.as_json`` (rule events by key; ``event_names`` names them)."""
    return {"rules": info.rules, "seats": list(info.bots), "seed": info.seed, "jobs": info.jobs,
            "seconds": round(info.seconds, 3), **s.as_json(), "event_names": dict(EVENTS)}
