"""``phz ting`` and ``phz discard`` as a person reads them, en or zh, within a width.

``ting_text`` shows the waits of a ready hand (each source's 胡息, 等, 番,
score and how) and the best decomposition of each, or how far a hand is
from ready and its improving draws; ``discard_text`` one line per discard
(in the style of tenhou.net/2) with the rows that share a verdict grouped
("14 other discards: 1 away, fewer 进张 …") unless ``all_rows``, the table
of the discards that leave the hand ready, and the waits or draws of the
best.  Every table is laid out as wide as it needs when that fits
``limit`` columns (None: no limit), else condensed: shorter headers
(self / other over their columns), a row's groups or ways on several
lines, one cell per source; a line still too long is wrapped, a glyph
never split.  Red tiles are painted last (``render.paint``).
"""
from __future__ import annotations

import itertools
import re
from functools import partial
from typing import Callable, Sequence

from tabulate import tabulate

from ..model.results import DiscardAdvice, Discards, Draw, Ting, Wait, Win
from ..model.tiles import GLYPHS
from .columns import WIDTH, first_fit, fit, grid, split_rows
from .render import DASH, TABLE_FORMAT, TWO, _fan, _group_cell, advice_row, away, paint, progress

__all__ = ["discard_text", "ting_text", "verdicts"]

_W: dict[str, dict[str, str]] = {
    "en": {"ready_head": "ready: {n} wait{s}, {live} live out{ls}", "dead": ", {n} dead", "best": "best decompositions",
           "dead_out": "0 dead", "dead_wait": "dead",
           "not_ready": "not ready: {what}", "stopped": "the search stopped at its budget",
           "no_way": "no sequence of intakes makes this hand ready",
           "draws": "{n} improving draw{s} (进张): taken one of these ways (then the right discard), "
                    "each leaves the hand {then}",
           "no_discard": "no discard: every concealed tile is in a 坎", "after": "after discarding {t}:",
           "after_away": "after discarding {t} ({away}):",
           "group": "{n} {other}discard{s}: {away}{fewer}: {tiles}", "other": "other ", "fewer": ", fewer 进张 ({live} live)", "compact_note": "(each source: score = 等×番 · 胡息 · how)",
           "lack": "its groups lack {n} tile{s} (胡息 {h})", "lack_more": ", worse groups ({n} tiles lacking)",
           "self": "self", "other_src": "other"},
    "zh": {"ready_head": "听牌：{n}个胡张，剩{live}张", "dead": "，{n}个绝张", "best": "最好的拆法",
           "dead_out": "0 绝张", "dead_wait": "绝张",
           "not_ready": "未听牌：{what}", "stopped": "搜索到了上限", "no_way": "怎样进张都听不了",
           "draws": "{n}种进张：照下面的方法进张（再打对的牌），手牌都{then}",
           "no_discard": "没有能打的牌：暗牌都在坎里", "after": "打{t}后：", "after_away": "打{t}后（{away}）：",
           "group": "{other}{n}种打法：{away}{fewer}：{tiles}", "other": "另外", "fewer": "，进张较少（{live}张）", "compact_note": "（每个来源：分 = 等×番 · 胡息 · 胡法）",
           "lack": "门子还缺{n}张（胡息{h}）", "lack_more": "，门子较差（缺{n}张）",
           "self": "自摸", "other_src": "别家摸出"},
}
#: the headers of the tables
_HEADS: dict[str, dict[str, Sequence[str]]] = {
    "en": {"waits_head": ("wait", "outs", "胡息", "等", "番", "score", "how"),
           "full_head": ["wait", "outs", "self 胡息", "等", "番", "score", "how", "other 胡息", "等", "番", "score",
                         "how"],
           "groups_head": ("wait", "from", "门子 (胡息)"), "draws_head": ("draw", "live", "ways"),
           "ready_rows": ("discard", "outs", "expected", "best", "waits (outs)"),
           "away_rows": ("discard", "away", "live", "进张 (live)")},
    "zh": {"waits_head": ("胡张", "剩", "胡息", "等", "番", "分", "胡法"),
           "full_head": ["胡张", "剩", "自摸胡息", "等", "番", "分", "胡法", "别家胡息", "等", "番", "分", "胡法"],
           "groups_head": ("胡张", "来源", "门子（胡息）"), "draws_head": ("进张", "剩", "进法"),
           "ready_rows": ("打", "胡张数", "期望分", "最高分", "胡张（剩）"),
           "away_rows": ("打", "差几步", "剩", "进张（剩）")},
}
#: the sources of a win (several when their best decompositions are the same)
_SOURCES = {"en": {"both": "both", "all": "all", "self": "self", "other": "other", "discard": "discard"},
            "zh": {"both": "都", "all": "都", "self": "自摸", "other": "别家摸出", "discard": "打出"}}
_SOURCE_ZH = {"self": "自摸", "other": "别家摸出", "discard": "打出"}
_CHI = re.compile(r"吃 (\S) with (\S+)(?:, 比 (.+))?")


def _table(rows, headers) -> list[str]:
    return tabulate(rows, headers, tablefmt=TABLE_FORMAT, disable_numparse=True).splitlines()


def way_text(way: str, lang: str) -> str:
    """A way to take a tile (``Intake.text``) in ``lang``: zh ``吃三（一二，比三四五）``, ``胡（自摸）``."""
    if lang != "zh":
        return way
    m = _CHI.fullmatch(way)
    if m:
        return f"吃{m[1]}（{m[2]}" + (f"，比{'、'.join(m[3].split())}" if m[3] else "") + "）"
    if way.startswith("胡 "):
        return f"胡（{_SOURCE_ZH.get(way[2:], way[2:])}）"
    return way.replace(" ", "")


def _outs(n: int, lang: str) -> str:
    return f"{n}" if n else _W[lang]["dead_out"]


# ---------------------------------------------------------------- the waits

def _cells(w: Win | None) -> list:
    return [DASH, "", "", "", ""] if w is None else [w.huxi, w.deng, _fan(w), w.score, w.how]


def _compact(w: Win | None, names: bool) -> str:
    """One source's win in one cell: score = 等 × 番 · 胡息 · how (``names``: with the 番's names)."""
    if w is None:
        return DASH
    fan = _fan(w) if names else f"{w.fan}"
    return f"{w.score} = {w.deng}×{fan} · {w.huxi} · {w.how}"


def _over(lines: list[str], labels: Sequence[tuple[int, str]]) -> list[str]:
    """A line above a grid's header naming groups of its columns: (first column, label) each."""
    starts = [m.start() for m in re.finditer(r"-+", lines[1])]
    head = ""
    for column, label in labels:
        head += " " * max(1 if head else 0, starts[column] - len(head)) + label
    return [head] + lines


def waits_table(waits: tuple[Wait, ...], sources: tuple[str, ...] = TWO, lang: str = "en",
                limit: int | None = WIDTH) -> list[str]:
    w, h = _W[lang], _HEADS[lang]
    if "discard" not in sources:
        rows = [[GLYPHS[x.tile], _outs(x.outs, lang)] + _cells(x.self) + _cells(x.other) for x in waits]
        short = list(h["waits_head"]) + list(h["waits_head"][2:])
        return first_fit([
            lambda: _table(rows, h["full_head"]),
            lambda: _over(grid(rows, short), [(2, w["self"]), (7, w["other_src"])]),
            lambda: grid([[GLYPHS[x.tile], _outs(x.outs, lang), _compact(x.self, True), _compact(x.other, True)]
                          for x in waits], list(h["waits_head"][:2]) + [w["self"], w["other_src"]])
            + [w["compact_note"]],
        ], limit)
    # Three sources do not fit 80 columns as five columns each: one cell per source.
    names = [_SOURCES[lang][s] for s in sources]
    rows = [[GLYPHS[x.tile], _outs(x.outs, lang)] + [_compact(getattr(x, s), False) for s in sources] for x in waits]
    return first_fit([lambda: _table(rows, list(h["waits_head"][:2]) + names) + [w["compact_note"]],
                      lambda: grid(rows, list(h["waits_head"][:2]) + names) + [w["compact_note"]]], limit)


def _same(wins: list) -> list:
    """Sources whose best decompositions are the same, shown once ("both", "all", or "other+discard")."""
    out: list = []
    for s, x in wins:
        for k, (s2, x2) in enumerate(out):
            if x2.groups == x.groups:
                out[k] = (f"{s2}+{s}", x2)
                break
        else:
            out.append((s, x))
    names = {"self+other": "both", "self+other+discard": "all"}
    return [(names.get(s, s), x) for s, x in out]


def _split_layouts(rows: list[tuple[list[str], list[str]]], headers: Callable[[int], list[str]],
                   limit: int | None) -> list[str]:
    """A table of rows whose items may go on 1, 2 or 3 lines each, the fewest that fit."""
    most = max((len(items) for _, items in rows), default=1)

    def split(k: int) -> list[str]:
        return grid(split_rows(rows, k), headers(-(-most // k)))

    layouts: list[Callable[[], list[str]]] = [lambda: _table(split_rows(rows, 1), headers(most))]
    for k in (1, 2, 3, most):
        layouts.append(partial(split, k))
    return first_fit(layouts, limit)


def groups_table(waits: tuple[Wait, ...], sequence: str = "句", lang: str = "en",
                 limit: int | None = WIDTH) -> list[str]:
    """The best decomposition of each wait (``sequence``: what the ruleset calls a 句)."""
    rows = []
    for x in waits:
        wins = _same([(s, y) for s, y in (("self", x.self), ("other", x.other), ("discard", x.discard))
                      if y is not None])
        for source, y in wins:
            name = "+".join(_SOURCES[lang][s] for s in source.split("+")) if lang == "zh" else source
            rows.append(([GLYPHS[x.tile], name], [_group_cell(g, sequence) for g in y.groups]))
    head = _HEADS[lang]["groups_head"]
    return _split_layouts(rows, lambda n: list(head) + [""] * (n - 1), limit)


def draws_table(improving: tuple[Draw, ...], lang: str = "en", limit: int | None = WIDTH) -> list[str]:
    rows = [([GLYPHS[d.tile], _outs(d.live, lang)], [way_text(x, lang) for x in d.ways]) for d in improving]
    head = list(_HEADS[lang]["draws_head"])
    joined = [lead + ["; ".join(items) if lang == "en" else "；".join(items)] for lead, items in rows]
    return first_fit([lambda: _table(joined, head), lambda: grid(joined, head),
                      lambda: grid(split_rows(rows, max(len(items) for _, items in rows)), head)], limit)


def _not_ready(hand: str, t: Ting, lang: str, limit: int | None) -> list[str]:
    w = _W[lang]
    if t.distance is None:
        why = w["stopped"] if t.limit else w["no_way"]
        sep = "（" if lang == "zh" else " ("
        return [hand, w["not_ready"].format(what=away(None, t.limit, lang)) + sep + why + ("）" if lang == "zh" else ")")]
    n = len(t.improving)
    then = away(t.distance - 1, False, lang)
    return [hand, w["not_ready"].format(what=progress(t.distance, t.limit, t.improving, lang)), "",
            w["draws"].format(n=n, s="s" * (n != 1), then=then), *draws_table(t.improving, lang, limit)]


def ting_text(t: Ting, colour: bool, sources: tuple[str, ...] = TWO, sequence: str = "句", *, lang: str = "en",
              limit: int | None = WIDTH) -> str:
    """``phz ting``'s answer (module docstring)."""
    w = _W[lang]
    hand = t.hand.text()
    if not t.waits:
        return paint("\n".join(fit(_not_ready(hand, t, lang, limit), limit, words=lang != "zh")), colour)
    live = sum(x.outs for x in t.waits)
    dead = sum(1 for x in t.waits if not x.outs)
    n = len(t.waits)
    head = w["ready_head"].format(n=n, s="s" * (n != 1), live=live, ls="s" * (live != 1))
    if dead:
        head += w["dead"].format(n=dead)
    body = [hand, head, "", *waits_table(t.waits, sources, lang, limit), "", w["best"],
            *groups_table(t.waits, sequence, lang, limit)]
    return paint("\n".join(fit(body, limit, words=lang != "zh")), colour)


# ---------------------------------------------------------------- the discards

def verdicts(rows: Sequence[DiscardAdvice], all_rows: bool = False) -> list[list[DiscardAdvice]]:
    """The discards as they are listed: one row a line, or several that share a verdict in one.  Every
    discard that leaves the hand ready has its line; of the rest, at each distance the best by live
    进张 (all tied for it) have theirs and the others share one, as do all beyond the search; a group
    of one is a line of its own; beyond the search, when no discard is nearer, the best by their
    shape (the fewest tiles their groups lack) have theirs.  ``all_rows``: every row a line."""
    if all_rows:
        return [[r] for r in rows]
    out: list[list[DiscardAdvice]] = []
    for (distance, _), alike in itertools.groupby(rows, key=lambda r: (r.distance, r.limit)):
        same = list(alike)
        if distance == 0:
            out += [[r] for r in same]
            continue
        if distance is None:  # beyond the search: when nothing is nearer, the best by their shape
            top = [r for r in same if not out and r.shape is not None and r.shape == same[0].shape]
        else:
            top = [r for r in same if r.improving_live == same[0].improving_live]
        rest = same[len(top):]
        if len(rest) < 2:
            top, rest = same, []
        out += [[r] for r in top] + ([rest] if rest else [])
    return out


def _group_line(rows: list[DiscardAdvice], first: bool, lang: str, after_shapes: bool = False) -> str:
    """One line for discards that share a verdict: how many, how far, their live 进张 (or, after the
    best by shape, ``after_shapes``, the tiles their groups lack), the tiles."""
    w, r = _W[lang], rows[0]
    fewer = ""
    lacking = [x.shape[0] for x in rows if x.shape is not None]
    if r.distance is not None:
        lo, hi = min(x.improving_live for x in rows), max(x.improving_live for x in rows)
        fewer = w["fewer"].format(live=lo if lo == hi else f"{lo}–{hi}")
    elif after_shapes and len(lacking) == len(rows):  # every row has its shape
        lo, hi = min(lacking), max(lacking)
        fewer = w["lack_more"].format(n=lo if lo == hi else f"{lo}–{hi}")
    return w["group"].format(n=len(rows), other="" if first else w["other"], s="s" * (len(rows) != 1),
                             away=away(r.distance, r.limit, lang), fewer=fewer,
                             tiles=" ".join(GLYPHS[x.tile] for x in rows))


def _summary(x: Wait, lang: str) -> str:
    return f"{GLYPHS[x.tile]} {x.outs if x.outs else _W[lang]['dead_wait']}"


def discard_text(d: Discards, colour: bool, sources: tuple[str, ...] = TWO, *, lang: str = "en",
                 limit: int | None = WIDTH, all_rows: bool = False) -> str:
    """``phz discard``'s answer (module docstring)."""
    w = _W[lang]
    lines = [d.hand.text()]
    if not d.rows:
        return paint("\n".join(lines + [w["no_discard"]]), colour)
    lines.append("")
    ranked = [advice_row(r) for r in d.rows]
    for i, same in enumerate(verdicts(ranked, all_rows)):
        if len(same) == 1:
            r = same[0]
            lack = "" if r.shape is None else " · " + w["lack"].format(n=r.shape[0], h=r.shape[1], s="s" * (r.shape[0] != 1))
            lines.append(f"打 {GLYPHS[r.tile]} → {progress(r.distance, r.limit, r.improving, lang)}{lack}")
        else:
            lines.append(_group_line(same, i == 0, lang, i > 0 and ranked[0].distance is None))
    top = ranked[0]
    if top.distance == 0:
        shown = [r for r in ranked if all_rows or r.distance == 0]
        rows = [[GLYPHS[r.tile], r.outs, f"{float(r.expected_score):.4f}", r.best_score,
                 "  ".join(_summary(x, lang) for x in r.waits) or away(r.distance, r.limit, lang)] for r in shown]
        head = list(_HEADS[lang]["ready_rows"])
        lines += ["", *first_fit([lambda: _table(rows, head), lambda: grid(rows, head)], limit)]
        lines += ["", w["after"].format(t=GLYPHS[top.tile]), *waits_table(top.waits, sources, lang, limit)]
    else:
        if all_rows:
            rows = [[GLYPHS[r.tile], DASH if r.distance is None else r.distance, r.improving_live,
                     "  ".join(f"{GLYPHS[x.tile]} {x.live}" for x in r.improving) or away(r.distance, r.limit, lang)]
                    for r in ranked]
            head = list(_HEADS[lang]["away_rows"])
            lines += ["", *first_fit([lambda: _table(rows, head), lambda: grid(rows, head)], limit)]
        if top.improving:
            lines += ["", w["after_away"].format(t=GLYPHS[top.tile], away=away(top.distance, top.limit, lang)),
                      *draws_table(top.improving, lang, limit)]
    return paint("\n".join(fit(lines, limit, indent="    ", words=lang != "zh")), colour)
