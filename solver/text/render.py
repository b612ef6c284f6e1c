"""How phz shows its answers as text: tables, colour, sentences and compact batch lines.

JSON answers are built in ``solver.text.jsonl``.  Nothing here imports numba.
"""
from __future__ import annotations

import os
from functools import partial
from typing import TYPE_CHECKING, Callable, Iterable, Mapping, TextIO

from tabulate import tabulate

from ..model.groups import Group, group_pattern
from ..model.hand import Hand
from ..model.results import DiscardAdvice, DiscardRow, Discards, Draw, HuResult, Ting, Wait, Win
from ..model.rules import Ruleset
from ..model.shown import printable
from ..model.tiles import GLYPH_TO_ID, GLYPHS, RED, glyphs
from .catalogue import say
from .columns import WIDTH, first_fit, fit, grid, split_rows
from .words import CONDITION_TEXT, CONDITION_ZH, GROUP_ZH, MELD_ZH, SOURCE_TEXT, error_in, group_zh

if TYPE_CHECKING:
    from ..engine.dealt import Dealt

TABLE_FORMAT = "simple"
DASH = "—"

# ---------------------------------------------------------------- colour

_RED_ON, _RED_OFF = "\x1b[31m", "\x1b[0m"
# Red tiles (二七十贰柒拾, traditional 貳 too) wrapped in ANSI red, for str.translate.
_PAINT = str.maketrans({ch: f"{_RED_ON}{ch}{_RED_OFF}" for ch, t in GLYPH_TO_ID.items() if t in RED})


def colour_wanted(stream: TextIO, mode: str = "auto", environ: Mapping[str, str] = os.environ) -> bool:
    """Whether to paint red tiles: never with NO_COLOR set (no-color.org), else per ``mode``."""
    if environ.get("NO_COLOR"):
        return False
    if mode != "auto":
        return mode == "always"
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and environ.get("TERM") != "dumb"


def paint(text: str, colour: bool) -> str:
    """``text`` with every red tile glyph in red when ``colour`` is on.

    Applied to finished tables: ANSI codes take no room on screen, so the
    columns tabulate lined up stay lined up.
    """
    return text.translate(_PAINT) if colour else text


# ---------------------------------------------------------------- explanations

def _minus(tiles: tuple[int, ...], t: int) -> str:
    rest = list(tiles)
    rest.remove(t)
    return glyphs(rest)


def _held(hand: Hand, t: int, zh: bool = False) -> str | None:
    """What the hand holds of t that decides how t may be taken (RULES.md 4)."""
    X = GLYPHS[t]
    for m in hand.melds:
        if m.kind in ("wei", "peng") and m.tiles[0] == t:
            return say("render.held_wei" if m.kind == "wei" else "render.held_peng", zh, tiles=X * 3)
    n = hand.concealed[t]
    if n == 3:
        return say("render.held_kan", zh, tiles=X * 3)
    if n == 2:
        return say("render.held_pair", zh, tiles=X * 2)
    return None


def _tile_group(groups: tuple[Group, ...], n_melds: int, t: int, how: str) -> Group | None:
    """The concealed group the winning tile most plausibly joined, for the sentence."""
    mine = [g for g in groups[n_melds:] if t in g.tiles and g.kind in ("ju", "jiao", "jiang")]
    if how == "单吊胡":
        mine.sort(key=lambda g: g.kind != "jiang")
    elif how == "编胡":
        mine.sort(key=lambda g: not (g.kind == "jiao" or group_pattern(g.tiles) == "ju2710"))
    else:
        mine.sort(key=lambda g: g.kind == "jiang")
    return mine[0] if mine else None


def _joins(g: Group | None, t: int, zh: bool = False, sequence: str = "句") -> str:
    tg = GLYPHS[t]
    if g is None:
        return say("render.joins_nothing", zh, t=tg)
    if g.kind == "jiang":
        return say("render.joins_pair", zh, t=tg, group=g.text())
    rest = _minus(g.tiles, t)
    if g.kind == "jiao":
        return say("render.joins_jiao", zh, t=tg, rest=rest, group=g.text())
    if group_pattern(g.tiles) == "ju2710":
        return say("render.joins_2710", zh, t=tg, rest=rest, group=g.text())
    return say("render.joins_sequence", zh, t=tg, rest=rest, group=g.text(), _sequence=sequence)


#: who revealed the tile, in Chinese
SOURCE_ZH = {"self": "自摸", "other": "别家摸出", "discard": "别家打出"}
#: a winning tile's move onto what the hand holds (RULES.md 4): how -> the entry ``render.onto_NAME``, with
#: {drawn} and {held}
_ONTO = {"招胡": "zhao", "提胡": "ti", "跑胡": "pao", "偎胡": "wei", "碰胡": "peng"}
#: a forced move that spoils the win: reason -> the entry ``render.forced_NAME``, with {drawn}, {held}, {why}
#: and {then}
_FORCED = {"forced_ti": "ti", "forced_wei": "wei", "forced_zhao": "zhao", "forced_peng": "peng"}


def hu_sentence(r: HuResult, rules: Ruleset, lang: str = "en") -> str:
    """One sentence: how the tile wins, or why it does not (RULES.md 4), in ``lang``."""
    zh = lang == "zh"
    t, tg, hand = r.tile, GLYPHS[r.tile], r.hand
    held = _held(hand, t, zh)
    drawn = say(f"render.drawn_{r.source}", zh, t=tg)
    sep = "：" if zh else ": "
    w = r.win
    if w is not None:
        how = w.how
        if how in _ONTO:
            return how + sep + say(f"render.onto_{_ONTO[how]}", zh, drawn=drawn, held=held)
        joined = _joins(_tile_group(w.groups, len(hand.melds), t, how), t, zh, rules.sequence)
        if how == "破跑胡":
            return say("render.po_pao", zh, joined=joined, held=held)
        return how + sep + joined
    if r.huxi is not None:
        then = say("render.then_huxi", zh, huxi=r.huxi, min=rules.min_huxi)
    elif r.reason in ("forced_ti", "forced_zhao") and hand.n_four:
        then = say("render.then_two_fours", zh)
    else:
        then = say("render.then_no_groups", zh)
    if r.reason in _FORCED:
        kan = held and ("坎" in held)
        why = say("render.why_kan" if kan else "render.why_own_draw", zh)
        return say(f"render.forced_{_FORCED[r.reason]}", zh, drawn=drawn, held=held, why=why, then=then)
    if r.reason == "source_no_hu":
        return say("render.no_hu_source", zh, rules=rules.name, source=(SOURCE_ZH if zh else SOURCE_TEXT)[r.source])
    if r.reason == "huxi_short":
        return say("render.huxi_short", zh, drawn=drawn, then=then)
    fours = "/".join(GROUP_ZH[k] for k in rules.four_kinds)
    note = say("render.no_split_note", zh, fours=fours) if hand.n_four else ""
    return say("render.no_split", zh, drawn=drawn, note=note)


# ---------------------------------------------------------------- human output

def _fan(w: Win) -> str:
    return f"{w.fan} {'+'.join(w.fan_names)}" if w.fan_names else f"{w.fan} 平胡"


def _score_line(w: Win, source: str, lang: str = "en") -> str:
    zimo = say("render.score_zimo", lang) if source == "self" else ""
    names = "+".join(w.fan_names) or "平胡"
    return say("render.score_line", lang, huxi=w.huxi, deng=w.deng, zimo=zimo, fan=w.fan, names=names, score=w.score)


def _group_cell(g: Group, sequence: str = "句") -> str:
    return f"{group_zh(g.kind, sequence)}{g.text()} {g.huxi}"


#: the sources of a ruleset that does not win on discards (the two-source layout)
TWO = ("self", "other")


def _wait_summary(w: Wait, lang: str = "en") -> str:
    return f"{GLYPHS[w.tile]} {w.outs}" if w.outs else say("render.line_dead", lang, tile=GLYPHS[w.tile])


def away(distance: int | None, limit: bool, lang: str = "en") -> str:
    """How far from ready: 'ready', '1 away', 'more than 2 away' (the search stopped), 'never ready'."""
    if distance is not None:
        return say("render.ready", lang) if distance == 0 else say("render.away", lang, n=distance)
    return say("render.more_than_2_away" if limit else "render.never_ready", lang)


def progress(distance: int | None, limit: bool, improving: tuple[Draw, ...], lang: str = "en") -> str:
    """'1 away · 进张 四 八 拾 (9 live)', in the style of tenhou.net/2 (听 for the waits)."""
    far = away(distance, limit, lang)
    if distance is None:
        return far
    live = sum(d.live for d in improving)
    tiles = " ".join(GLYPHS[d.tile] for d in improving)
    return f"{far} · {'听' if distance == 0 else '进张'} {tiles}" + say("render.live", lang, n=live)


#: the context a game gives a win, in Chinese words (CONDITION_TEXT's)
_CONDITION_ZH_TEXT = {"haidi": "墩里最后一张", "tianhu": "刚发的手牌", "dihu": "庄家打出的第一张", "qishou": "亮张"}


def _groups_block(groups: tuple[Group, ...], sequence: str = "句", lang: str = "en") -> list[str]:
    rows = [[group_zh(g.kind, sequence), g.text(), g.huxi] for g in groups]
    rows.append(["", say("render.hu_total", lang), sum(g.huxi for g in groups)])
    head = ("门子", say("render.head_tiles", lang), "胡息")
    return tabulate(rows, head, tablefmt=TABLE_FORMAT, disable_numparse=True).splitlines()


def condition_note(condition: str, rules: Ruleset, lang: str = "en") -> str:
    """What a game condition of a win (海底, 天胡, 地胡, 起手胡) is worth under ``rules``, in a line."""
    zh = lang == "zh"
    what = (f"{CONDITION_ZH[condition]}（{_CONDITION_ZH_TEXT[condition]}）" if zh else
            f"{CONDITION_ZH[condition]} ({CONDITION_TEXT[condition]})")
    fans = rules.condition_fans(condition)
    if not fans:
        return say("render.no_fan_of_its_own", zh, what=what, rules=rules.name)
    notes = []
    for f in fans:
        text = say("render.fan_added" if rules.fans_add else "render.fan_unless", zh, fan=f.fan)
        alone = rules.fan_overrides.get(frozenset({f.name}))
        if alone is not None:
            text += say("render.fan_alone", zh, alone=alone, name=f.name)
        notes.append(text if f.name == CONDITION_ZH[condition] else f"{f.name} {text}")
    return what + ("：" if zh else ": ") + ("；" if zh else "; ").join(notes)


def _all_table(r: HuResult, rules: Ruleset, lang: str, limit: int | None) -> list[str]:
    """Every decomposition, best first: its figures and its 门子, these on several lines when too wide."""
    head = ["#", "胡息", "等", "番", say("render.head_score", lang), say("render.head_how", lang), "门子"]
    rows = [([str(i), str(x.huxi), str(x.deng), _fan(x), str(x.score), x.how],
             [_group_cell(g, rules.sequence) for g in x.groups]) for i, x in enumerate(r.decompositions, 1)]
    joined = [lead + [" ".join(cells)] for lead, cells in rows]
    numbers = [[i, x.huxi, x.deng, _fan(x), x.score, x.how, row[6]]
               for (i, x), row in zip(enumerate(r.decompositions, 1), joined)]

    def split(k: int) -> list[str]:
        return grid([row[:6] + [" ".join(row[6:])] for row in split_rows(rows, k)], head)

    layouts: list[Callable[[], list[str]]] = [
        lambda: tabulate(numbers, head, tablefmt=TABLE_FORMAT, disable_numparse=True).splitlines(),
        lambda: grid(joined, head)]
    layouts += [partial(split, k) for k in (2, 3, 7)]
    return first_fit(layouts, limit)


def hu_text(r: HuResult, rules: Ruleset, colour: bool, *, all_splits: bool = False,
            conditions: Iterable[str] = (), lang: str = "en", limit: int | None = WIDTH) -> str:
    """``phz hu``'s answer; ``conditions``: the game context the win was asked with (海底 …)."""
    zh = lang == "zh"
    source = (SOURCE_ZH if zh else SOURCE_TEXT)[r.source]
    head = [say("render.hu_head", lang, hand=r.hand.text(), t=GLYPHS[r.tile], source=source)]
    head += [condition_note(c, rules, lang) for c in sorted(conditions)]
    win = r.win
    if win is not None:
        lines = [*head, say("render.hu_win", lang, how=win.how, line=_score_line(win, r.source, lang)),
                 hu_sentence(r, rules, lang), "", *_groups_block(win.groups, rules.sequence, lang)]
        if all_splits:
            n = len(r.decompositions)
            lines += ["", say("render.decompositions", lang, n=n, _s="s" * (n != 1)),
                      *_all_table(r, rules, lang, limit)]
    else:
        lines = [*head, say("render.not_win", lang, _reason=r.reason, why=hu_sentence(r, rules, lang))]
        if r.groups:
            lines += ["", say("render.hu_split", lang), *_groups_block(r.groups, rules.sequence, lang)]
    return paint("\n".join(fit(lines, limit, words=not zh)), colour)


def tianhu_sentence(d: "Dealt", rules: Ruleset, lang: str = "en") -> str:
    """Why a dealt hand is a 天胡 or not (RULES.md 10), in a line."""
    zh = lang == "zh"
    if rules.game.tianhu == "dealer_seven_groups":
        n = sum(d.hand.all_counts())
        if d.win:
            return say("render.tianhu_dealer_win", zh, n=n)
        return say("render.tianhu_dealer_no", zh, n=n, min=rules.min_huxi)
    four = MELD_ZH[rules.dealt_four]
    win = say("render.tianhu_win", zh) if d.win else ""
    return win + say("render.tianhu_fours", zh, fours=d.fours, four=four, kans=d.kans)


def tianhu_text(d: "Dealt", rules: Ruleset, colour: bool, *, lang: str = "en", limit: int | None = WIDTH) -> str:
    """``phz hu --tianhu``'s answer: a dealt hand's 天胡 with its groups, or why it has none."""
    n = sum(d.hand.all_counts())
    head = say("render.hu_dealt", lang, hand=d.hand.text(), n=n) + (say("render.hu_dealer", lang) if d.dealer else "")
    win = d.win
    if win is None:
        why = tianhu_sentence(d, rules, lang)
        return paint("\n".join(fit([head, say("render.hu_no_tianhu", lang, why=why)], limit,
                                    words=lang != "zh")), colour)
    lines = [head, condition_note("tianhu", rules, lang),
             say("render.hu_win", lang, how=win.how, line=_score_line(win, "self", lang)),
             tianhu_sentence(d, rules, lang), "", *_groups_block(win.groups, rules.sequence, lang)]
    if d.left:
        lines.append(say("render.hu_left", lang, tiles=glyphs(d.left)))
    return paint("\n".join(fit(lines, limit, words=lang != "zh")), colour)


# ---------------------------------------------------------------- compact lines (batch)

def _source_score(w: Win | None) -> str:
    return str(w.score) if w else DASH


def _line_source(source: str, lang: str) -> str:
    """A source in a batch's line: the English keeps the names it always printed (scripts read them)."""
    return SOURCE_ZH[source] if lang == "zh" else source


def ting_line(t: Ting, colour: bool, sources: tuple[str, ...] = TWO, lang: str = "en") -> str:
    """A batch's answer for a hand to wait on, on one line."""
    hand = t.hand.text()
    if not t.waits:
        return paint(say("render.line_not_ready", lang, hand=hand,
                         progress=progress(t.distance, t.limit, t.improving, lang)), colour)
    waits = say("render.line_sep", lang).join(
        f"{_wait_summary(w, lang)} [{' · '.join(f'{_line_source(s, lang)} {_source_score(getattr(w, s))}' for s in sources)}]"
        for w in t.waits)
    return paint(say("render.line_waits", lang, hand=hand, waits=waits), colour)


def advice_row(r: DiscardRow) -> DiscardAdvice:
    """A row of ``Discards`` as ``solver.api`` answers it (``DiscardAdvice``, with the distance to ready of
    the hand it leaves), which the text shows; an engine's plain row is refused."""
    if not isinstance(r, DiscardAdvice):
        raise TypeError(f"a discard row without its distance to ready ({type(r).__name__}): show solver.api's")
    return r


def _row_summary(r: DiscardRow, lang: str = "en") -> str:
    if r.waits:
        return say("render.line_row", lang, tile=GLYPHS[r.tile], outs=r.outs, expected=f"{float(r.expected_score):.4f}",
                   best=r.best_score, waits="".join(GLYPHS[w.tile] for w in r.waits))
    a = advice_row(r)
    return GLYPHS[r.tile] + ("：" if lang == "zh" else ": ") + progress(a.distance, a.limit, a.improving, lang)


def discard_line(d: Discards, colour: bool, lang: str = "en") -> str:
    """A batch's answer for a hand to discard from, on one line."""
    rows = " | ".join(_row_summary(r, lang) for r in d.rows)
    return paint(say("render.line_discard", lang, hand=d.hand.text(), rows=rows or DASH), colour)


def hu_line(r: HuResult, colour: bool, lang: str = "en") -> str:
    """A batch's answer to whether a tile wins, on one line."""
    head = f"{r.hand.text()} + {GLYPHS[r.tile]} {_line_source(r.source, lang)}"
    w = r.win
    if w is None:
        return paint(say("render.line_no_win", lang, head=head, _reason=r.reason), colour)
    return paint(say("render.line_win", lang, head=head, how=w.how, score=_score_line(w, r.source, lang)), colour)


def error_line(text: str, message: str, lang: str = "en") -> str:
    """A bad batch line's answer in text: the line shown with its control characters escaped, and the
    message in ``lang`` (``words.error_in``)."""
    return say("render.line_error", lang, line=printable(text), message=printable(error_in(message, lang)))
