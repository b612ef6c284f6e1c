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
from .catalogue import say
from .columns import WIDTH, first_fit, fit, grid, split_rows
from .render import DASH, TABLE_FORMAT, TWO, _fan, _group_cell, advice_row, away, paint, progress

__all__ = ["discard_text", "ting_text", "verdicts"]

#: the headers of the tables, by the names of their entries (``col_…``) in the catalogue
_HEADS: dict[str, tuple[str, ...]] = {
    "waits_head": ("wait", "outs", "huxi", "deng", "fan", "score", "how"),
    "full_head": ("wait", "outs", "self_huxi", "deng", "fan", "score", "how", "other_huxi", "deng", "fan", "score",
                  "how"),
    "groups_head": ("wait", "from", "groups"), "draws_head": ("draw", "live", "ways"),
    "ready_rows": ("discard", "ready_outs", "expected", "best", "waits_outs"),
    "away_rows": ("discard", "away", "live", "draws_live")}
_SOURCE_ZH = {"self": "自摸", "other": "别家摸出", "discard": "打出"}
_CHI = re.compile(r"吃 (\S) with (\S+)(?:, 比 (.+))?")


def _head(name: str, lang: str) -> list[str]:
    """The headers of the table ``name`` in ``lang``."""
    return [say(f"hand_text.col_{k}", lang) for k in _HEADS[name]]


def _source(source: str, lang: str) -> str:
    """A source of a win (several when their best decompositions are the same: both, all)."""
    return say(f"hand_text.source_{source}", lang)


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
    return f"{n}" if n else say("hand_text.dead_out", lang)


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
    head, note = _head("waits_head", lang), say("hand_text.compact_note", lang)
    if "discard" not in sources:
        own, other = say("hand_text.self", lang), say("hand_text.other_src", lang)
        rows = [[GLYPHS[x.tile], _outs(x.outs, lang)] + _cells(x.self) + _cells(x.other) for x in waits]
        short = head + head[2:]
        return first_fit([
            lambda: _table(rows, _head("full_head", lang)),
            lambda: _over(grid(rows, short), [(2, own), (7, other)]),
            lambda: grid([[GLYPHS[x.tile], _outs(x.outs, lang), _compact(x.self, True), _compact(x.other, True)]
                          for x in waits], head[:2] + [own, other])
            + [note],
        ], limit)
    # Three sources do not fit 80 columns as five columns each: one cell per source.
    names = [_source(s, lang) for s in sources]
    rows = [[GLYPHS[x.tile], _outs(x.outs, lang)] + [_compact(getattr(x, s), False) for s in sources] for x in waits]
    return first_fit([lambda: _table(rows, head[:2] + names) + [note],
                      lambda: grid(rows, head[:2] + names) + [note]], limit)


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
            name = "+".join(_source(s, lang) for s in source.split("+")) if lang == "zh" else source
            rows.append(([GLYPHS[x.tile], name], [_group_cell(g, sequence) for g in y.groups]))
    head = _head("groups_head", lang)
    return _split_layouts(rows, lambda n: head + [""] * (n - 1), limit)


def draws_table(improving: tuple[Draw, ...], lang: str = "en", limit: int | None = WIDTH) -> list[str]:
    rows = [([GLYPHS[d.tile], _outs(d.live, lang)], [way_text(x, lang) for x in d.ways]) for d in improving]
    head = _head("draws_head", lang)
    joined = [lead + ["; ".join(items) if lang == "en" else "；".join(items)] for lead, items in rows]
    return first_fit([lambda: _table(joined, head), lambda: grid(joined, head),
                      lambda: grid(split_rows(rows, max(len(items) for _, items in rows)), head)], limit)


def _not_ready(hand: str, t: Ting, lang: str, limit: int | None) -> list[str]:
    if t.distance is None:
        why = say("hand_text.stopped", lang) if t.limit else say("hand_text.no_way", lang)
        sep = "（" if lang == "zh" else " ("
        return [hand, say("hand_text.not_ready", lang, what=away(None, t.limit, lang)) + sep + why
                + ("）" if lang == "zh" else ")")]
    n = len(t.improving)
    then = away(t.distance - 1, False, lang)
    return [hand, say("hand_text.not_ready", lang, what=progress(t.distance, t.limit, t.improving, lang)), "",
            say("hand_text.draws", lang, n=n, _s="s" * (n != 1), then=then), *draws_table(t.improving, lang, limit)]


def ting_text(t: Ting, colour: bool, sources: tuple[str, ...] = TWO, sequence: str = "句", *, lang: str = "en",
              limit: int | None = WIDTH) -> str:
    """``phz ting``'s answer (module docstring)."""
    hand = t.hand.text()
    if not t.waits:
        return paint("\n".join(fit(_not_ready(hand, t, lang, limit), limit, words=lang != "zh")), colour)
    live = sum(x.outs for x in t.waits)
    dead = sum(1 for x in t.waits if not x.outs)
    n = len(t.waits)
    head = say("hand_text.ready_head", lang, n=n, _s="s" * (n != 1), live=live, _ls="s" * (live != 1))
    if dead:
        head += say("hand_text.dead", lang, n=dead)
    body = [hand, head, "", *waits_table(t.waits, sources, lang, limit), "", say("hand_text.best", lang),
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
    r = rows[0]
    fewer = ""
    lacking = [x.shape[0] for x in rows if x.shape is not None]
    if r.distance is not None:
        lo, hi = min(x.improving_live for x in rows), max(x.improving_live for x in rows)
        fewer = say("hand_text.fewer", lang, live=lo if lo == hi else f"{lo}–{hi}")
    elif after_shapes and len(lacking) == len(rows):  # every row has its shape
        lo, hi = min(lacking), max(lacking)
        fewer = say("hand_text.lack_more", lang, n=lo if lo == hi else f"{lo}–{hi}")
    return say("hand_text.group", lang, n=len(rows), other="" if first else say("hand_text.other", lang),
               _s="s" * (len(rows) != 1), away=away(r.distance, r.limit, lang), fewer=fewer,
               tiles=" ".join(GLYPHS[x.tile] for x in rows))


def _summary(x: Wait, lang: str) -> str:
    return f"{GLYPHS[x.tile]} {x.outs if x.outs else say('hand_text.dead_wait', lang)}"


def discard_text(d: Discards, colour: bool, sources: tuple[str, ...] = TWO, *, lang: str = "en",
                 limit: int | None = WIDTH, all_rows: bool = False) -> str:
    """``phz discard``'s answer (module docstring)."""
    lines = [d.hand.text()]
    if not d.rows:
        return paint("\n".join(lines + [say("hand_text.no_discard", lang)]), colour)
    lines.append("")
    ranked = [advice_row(r) for r in d.rows]
    for i, same in enumerate(verdicts(ranked, all_rows)):
        if len(same) == 1:
            r = same[0]
            lack = "" if r.shape is None else " · " + say("hand_text.lack", lang, n=r.shape[0], h=r.shape[1],
                                                          _s="s" * (r.shape[0] != 1))
            lines.append(f"打 {GLYPHS[r.tile]} → {progress(r.distance, r.limit, r.improving, lang)}{lack}")
        else:
            lines.append(_group_line(same, i == 0, lang, i > 0 and ranked[0].distance is None))
    top = ranked[0]
    if top.distance == 0:
        shown = [r for r in ranked if all_rows or r.distance == 0]
        rows = [[GLYPHS[r.tile], r.outs, f"{float(r.expected_score):.4f}", r.best_score,
                 "  ".join(_summary(x, lang) for x in r.waits) or away(r.distance, r.limit, lang)] for r in shown]
        head = _head("ready_rows", lang)
        lines += ["", *first_fit([lambda: _table(rows, head), lambda: grid(rows, head)], limit)]
        lines += ["", say("hand_text.after", lang, t=GLYPHS[top.tile]), *waits_table(top.waits, sources, lang, limit)]
    else:
        if all_rows:
            rows = [[GLYPHS[r.tile], DASH if r.distance is None else r.distance, r.improving_live,
                     "  ".join(f"{GLYPHS[x.tile]} {x.live}" for x in r.improving) or away(r.distance, r.limit, lang)]
                    for r in ranked]
            head = _head("away_rows", lang)
            lines += ["", *first_fit([lambda: _table(rows, head), lambda: grid(rows, head)], limit)]
        if top.improving:
            lines += ["", say("hand_text.after_away", lang, t=GLYPHS[top.tile], away=away(top.distance, top.limit, lang)),
                      *draws_table(top.improving, lang, limit)]
    return paint("\n".join(fit(lines, limit, indent="    ", words=lang != "zh")), colour)
