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
from .columns import WIDTH, first_fit, fit, grid, split_rows
from .words import CONDITION_TEXT, CONDITION_ZH, GROUP_ZH, MELD_ZH, SOURCE_TEXT, group_zh

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
            return f"{GROUP_ZH[m.kind]}{X * 3}" if zh else f"the {GROUP_ZH[m.kind]} {X * 3}"
    n = hand.concealed[t]
    if n == 3:
        return f"坎{X * 3}" if zh else f"the 坎 {X * 3}"
    if n == 2:
        return f"一对{X * 2}" if zh else f"the pair {X * 2}"
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
        return f"{tg}凑成整手牌" if zh else f"{tg} completes the hand"
    if g.kind == "jiang":
        return f"{tg}和{tg}成将{g.text()}" if zh else f"{tg} pairs with {tg} as the 将 {g.text()}"
    if zh:
        what = "绞" if g.kind == "jiao" else "二七十" if group_pattern(g.tiles) == "ju2710" else sequence
        return f"{tg}和{_minus(g.tiles, t)}成{what}{g.text()}"
    what = "the 绞 " if g.kind == "jiao" else "the 二七十 " if group_pattern(g.tiles) == "ju2710" else ""
    return f"{tg} joins {_minus(g.tiles, t)} as {what}{g.text()}"


#: who revealed the tile, in Chinese
SOURCE_ZH = {"self": "自摸", "other": "别家摸出", "discard": "别家打出"}
#: a winning tile's move onto what the hand holds (RULES.md 4): how -> (en, zh) with {drawn} and {held}
_ONTO = {"招胡": ("{drawn} onto {held} must become a 招 (no 破招)", "{drawn}落在{held}上必须招（不能破招）"),
         "提胡": ("{drawn} onto {held} must become a 提", "{drawn}落在{held}上必须提"),
         "跑胡": ("{drawn} onto {held} makes a 跑", "{drawn}和{held}成跑"),
         "偎胡": ("{drawn} onto {held} must become a 偎 (偎牌 is compulsory)", "{drawn}和{held}必须偎（偎牌是必须的）"),
         "碰胡": ("{drawn} joins {held} as a 碰", "{drawn}和{held}成碰")}
#: a forced move that spoils the win: reason -> (en, zh) with {drawn}, {held}, {why} and {then}
_FORCED = {"forced_ti": ("{drawn} onto {held} must become a 提 ({why}), and the hand then {then}",
                         "{drawn}落在{held}上必须提（{why}），提后{then}"),
           "forced_wei": ("{drawn} onto {held} must become a 偎 (偎牌 is compulsory), and the hand then {then}",
                          "{drawn}和{held}必须偎（偎牌是必须的），偎后{then}"),
           "forced_zhao": ("{drawn} onto {held} must become a 招 (no 破招), and the hand then {then}",
                           "{drawn}落在{held}上必须招（不能破招），招后{then}"),
           "forced_peng": ("{drawn} onto {held} must become the player's own 碰 (有碰必碰), and the hand then {then}",
                           "{drawn}和{held}必须成自己的碰（有碰必碰），碰后{then}")}


def hu_sentence(r: HuResult, rules: Ruleset, lang: str = "en") -> str:
    """One sentence: how the tile wins, or why it does not (RULES.md 4), in ``lang``."""
    zh = lang == "zh"
    t, tg, hand = r.tile, GLYPHS[r.tile], r.hand
    held = _held(hand, t, zh)
    if zh:
        drawn = f"{SOURCE_ZH[r.source]}的{tg}"
    else:
        drawn = {"self": f"a self-drawn {tg}", "other": f"{tg} from another player",
                 "discard": f"{tg} discarded by another player"}[r.source]
    sep = "：" if zh else ": "
    w = r.win
    if w is not None:
        how = w.how
        if how in _ONTO:
            return how + sep + _ONTO[how][zh].format(drawn=drawn, held=held)
        joined = _joins(_tile_group(w.groups, len(hand.melds), t, how), t, zh, rules.sequence)
        if how == "破跑胡":
            return f"破跑胡：{joined}；{held}不动" if zh else f"破跑胡: {joined}; {held} stays whole"
        return how + sep + joined
    if r.huxi is not None:
        then = (f"最多{r.huxi}胡息（要{rules.min_huxi}）" if zh else
                f"makes at most {r.huxi} 胡息 ({rules.min_huxi} needed)")
    elif r.reason in ("forced_ti", "forced_zhao") and hand.n_four:
        then = "有两个四张的组，凑7门子少一张" if zh else "has two 4-tile groups and is one tile short of 7 门子"
    else:
        then = "组不成7门子" if zh else "has no 7 门子"
    if r.reason in _FORCED:
        kan = held and ("坎" in held)
        why = ("破跑不破提" if kan else "自己摸的牌必须提") if zh else \
            ("破跑不破提" if kan else "提 is compulsory on one's own draw")
        return _FORCED[r.reason][zh].format(drawn=drawn, held=held, why=why, then=then)
    if r.reason == "source_no_hu":
        return f"{rules.name}规则不胡{SOURCE_ZH[r.source]}的牌" if zh else \
            f"the {rules.name} rules win on no tile {SOURCE_TEXT[r.source]}"
    if r.reason == "huxi_short":
        return f"加上{drawn}能组成7门子，但{then}" if zh else f"with {drawn} the hand forms 7 门子 but {then}"
    fours = "/".join(GROUP_ZH[k] for k in rules.four_kinds)
    if zh:
        return f"加上{drawn}拆不成7门子" + (f"（有{fours}的手牌要正好一对将）" if hand.n_four else "")
    note = f" (a hand with a {fours} needs exactly one 将 pair)" if hand.n_four else ""
    return f"with {drawn} the tiles cannot be split into 7 门子{note}"


# ---------------------------------------------------------------- human output

def _fan(w: Win) -> str:
    return f"{w.fan} {'+'.join(w.fan_names)}" if w.fan_names else f"{w.fan} 平胡"


def _score_line(w: Win, source: str) -> str:
    zimo = " (自摸 +1)" if source == "self" else ""
    names = "+".join(w.fan_names) or "平胡"
    return f"{w.huxi} 胡息 → {w.deng} 等{zimo} × {w.fan} 番 ({names}) = {w.score}"


def _group_cell(g: Group, sequence: str = "句") -> str:
    return f"{group_zh(g.kind, sequence)}{g.text()} {g.huxi}"


#: the sources of a ruleset that does not win on discards (the two-source layout)
TWO = ("self", "other")


def _wait_summary(w: Wait) -> str:
    return f"{GLYPHS[w.tile]} {w.outs}" if w.outs else f"{GLYPHS[w.tile]} dead"


_AWAY = {"en": {"ready": "ready", "away": "{n} away", "beyond": "more than 2 away", "never": "never ready",
                "live": " ({n} live)"},
         "zh": {"ready": "听牌", "away": "差{n}步", "beyond": "差2步以上", "never": "听不了", "live": "（{n}张）"}}


def away(distance: int | None, limit: bool, lang: str = "en") -> str:
    """How far from ready: 'ready', '1 away', 'more than 2 away' (the search stopped), 'never ready'."""
    w = _AWAY[lang]
    if distance is not None:
        return w["ready"] if distance == 0 else w["away"].format(n=distance)
    return w["beyond"] if limit else w["never"]


def progress(distance: int | None, limit: bool, improving: tuple[Draw, ...], lang: str = "en") -> str:
    """'1 away · 进张 四 八 拾 (9 live)', in the style of tenhou.net/2 (听 for the waits)."""
    far = away(distance, limit, lang)
    if distance is None:
        return far
    live = sum(d.live for d in improving)
    tiles = " ".join(GLYPHS[d.tile] for d in improving)
    return f"{far} · {'听' if distance == 0 else '进张'} {tiles}" + _AWAY[lang]["live"].format(n=live)


_HU: dict[str, dict[str, str]] = {
    "en": {"head": "{hand}  +  {t} {source}", "win": "胡 {how}: {line}", "not": "not a win ({reason}): {why}",
           "split": "highest-胡息 split into 7 门子:", "n": "{n} decomposition{s}, best first", "total": "total",
           "dealt": "{hand}  dealt, {n} tiles", "dealer": " (the dealer)", "no_tianhu": "not a 天胡: {why}",
           "left": "outside the groups (no 7 门子 needed): {tiles}"},
    "zh": {"head": "{hand}  +  {source}的{t}", "win": "胡（{how}）：{line}", "not": "不能胡：{why}",
           "split": "胡息最高的7门子拆法：", "n": "{n}种拆法，最好的在前", "total": "合计",
           "dealt": "{hand}  刚发的牌，{n}张", "dealer": "（庄家）", "no_tianhu": "不是天胡：{why}",
           "left": "组外的牌（不需要7门子）：{tiles}"}}
#: the headers of ``phz hu``'s tables: the groups of a win (block) and every decomposition (all)
_HU_HEADS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"block": ("门子", "tiles", "胡息"), "all": ("#", "胡息", "等", "番", "score", "how", "门子")},
    "zh": {"block": ("门子", "牌", "胡息"), "all": ("#", "胡息", "等", "番", "分", "胡法", "门子")}}
#: the context a game gives a win, in Chinese words (CONDITION_TEXT's)
_CONDITION_ZH_TEXT = {"haidi": "墩里最后一张", "tianhu": "刚发的手牌", "dihu": "庄家打出的第一张", "qishou": "亮张"}


def _score_line_in(w: Win, source: str, lang: str) -> str:
    if lang != "zh":
        return _score_line(w, source)
    zimo = "（自摸+1）" if source == "self" else ""
    return f"{w.huxi}胡息 → {w.deng}等{zimo} × {w.fan}番（{'+'.join(w.fan_names) or '平胡'}）= {w.score}分"


def _groups_block(groups: tuple[Group, ...], sequence: str = "句", lang: str = "en") -> list[str]:
    w = _HU[lang]
    rows = [[group_zh(g.kind, sequence), g.text(), g.huxi] for g in groups]
    rows.append(["", w["total"], sum(g.huxi for g in groups)])
    return tabulate(rows, _HU_HEADS[lang]["block"], tablefmt=TABLE_FORMAT, disable_numparse=True).splitlines()


def condition_note(condition: str, rules: Ruleset, lang: str = "en") -> str:
    """What a game condition of a win (海底, 天胡, 地胡, 起手胡) is worth under ``rules``, in a line."""
    zh = lang == "zh"
    what = (f"{CONDITION_ZH[condition]}（{_CONDITION_ZH_TEXT[condition]}）" if zh else
            f"{CONDITION_ZH[condition]} ({CONDITION_TEXT[condition]})")
    fans = rules.condition_fans(condition)
    if not fans:
        return f"{what}：{rules.name}规则不另算番" if zh else f"{what}: no 番 of its own under the {rules.name} rules"
    notes = []
    for f in fans:
        if zh:
            text = f"{f.fan}番，" + ("与其他花样相加" if rules.fans_add else "除非其他花样的番更多")
        else:
            text = f"{f.fan} 番 " + ("added to the other 花样" if rules.fans_add else "unless a 花样 counts more")
        alone = rules.fan_overrides.get(frozenset({f.name}))
        if alone is not None:
            text += f"，单独时{alone}番（平胡{f.name}）" if zh else f", {alone} 番 alone (平胡{f.name})"
        notes.append(text if f.name == CONDITION_ZH[condition] else f"{f.name} {text}")
    return what + ("：" if zh else ": ") + ("；" if zh else "; ").join(notes)


def _all_table(r: HuResult, rules: Ruleset, lang: str, limit: int | None) -> list[str]:
    """Every decomposition, best first: its figures and its 门子, these on several lines when too wide."""
    head = list(_HU_HEADS[lang]["all"])
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
    w = _HU[lang]
    zh = lang == "zh"
    head = [w["head"].format(hand=r.hand.text(), t=GLYPHS[r.tile], source=(SOURCE_ZH if zh else SOURCE_TEXT)[r.source])]
    head += [condition_note(c, rules, lang) for c in sorted(conditions)]
    win = r.win
    if win is not None:
        lines = [*head, w["win"].format(how=win.how, line=_score_line_in(win, r.source, lang)),
                 hu_sentence(r, rules, lang), "", *_groups_block(win.groups, rules.sequence, lang)]
        if all_splits:
            n = len(r.decompositions)
            lines += ["", w["n"].format(n=n, s="s" * (n != 1)), *_all_table(r, rules, lang, limit)]
    else:
        lines = [*head, w["not"].format(reason=r.reason, why=hu_sentence(r, rules, lang))]
        if r.groups:
            lines += ["", w["split"], *_groups_block(r.groups, rules.sequence, lang)]
    return paint("\n".join(fit(lines, limit, words=not zh)), colour)


def tianhu_sentence(d: "Dealt", rules: Ruleset, lang: str = "en") -> str:
    """Why a dealt hand is a 天胡 or not (RULES.md 10), in a line."""
    zh = lang == "zh"
    if rules.game.tianhu == "dealer_seven_groups":
        n = sum(d.hand.all_counts())
        if zh:
            return (f"天胡：庄家的{n}张牌在打第一张之前就是胡牌（7门子）" if d.win else
                    f"庄家的{n}张牌不是胡牌（7门子，{rules.min_huxi}胡息）")
        what = f"the dealer's {n} tiles"
        if d.win:
            return f"天胡: {what} are a winning hand (7 门子) before his first discard"
        return f"{what} are no winning hand (7 门子, {rules.min_huxi} 胡息)"
    four = MELD_ZH[rules.dealt_four]
    if zh:
        return f"{'天胡：' if d.win else ''}{d.fours}个{four}、{d.kans}个坎（3个{four}或5个坎立即胡，每个{four}也算坎）"
    rule = f"3 {four} or 5 坎 win at once, each {four} also a 坎"
    return f"{'天胡: ' if d.win else ''}{d.fours} {four} and {d.kans} 坎 ({rule})"


def tianhu_text(d: "Dealt", rules: Ruleset, colour: bool, *, lang: str = "en", limit: int | None = WIDTH) -> str:
    """``phz hu --tianhu``'s answer: a dealt hand's 天胡 with its groups, or why it has none."""
    w = _HU[lang]
    n = sum(d.hand.all_counts())
    head = w["dealt"].format(hand=d.hand.text(), n=n) + (w["dealer"] if d.dealer else "")
    win = d.win
    if win is None:
        return paint("\n".join(fit([head, w["no_tianhu"].format(why=tianhu_sentence(d, rules, lang))], limit,
                                    words=lang != "zh")), colour)
    lines = [head, condition_note("tianhu", rules, lang),
             w["win"].format(how=win.how, line=_score_line_in(win, "self", lang)),
             tianhu_sentence(d, rules, lang), "", *_groups_block(win.groups, rules.sequence, lang)]
    if d.left:
        lines.append(w["left"].format(tiles=glyphs(d.left)))
    return paint("\n".join(fit(lines, limit, words=lang != "zh")), colour)


# ---------------------------------------------------------------- compact lines (batch)

def _source_score(w: Win | None) -> str:
    return str(w.score) if w else DASH


def ting_line(t: Ting, colour: bool, sources: tuple[str, ...] = TWO) -> str:
    hand = t.hand.text()
    if not t.waits:
        return paint(f"{hand}: not ready, {progress(t.distance, t.limit, t.improving)}", colour)
    waits = ", ".join(f"{_wait_summary(w)} [{' · '.join(f'{s} {_source_score(getattr(w, s))}' for s in sources)}]"
                      for w in t.waits)
    return paint(f"{hand}: waits {waits}", colour)


def advice_row(r: DiscardRow) -> DiscardAdvice:
    """A row of ``Discards`` as ``solver.api`` answers it (``DiscardAdvice``, with the distance to ready of
    the hand it leaves), which the text shows; an engine's plain row is refused."""
    if not isinstance(r, DiscardAdvice):
        raise TypeError(f"a discard row without its distance to ready ({type(r).__name__}): show solver.api's")
    return r


def _row_summary(r: DiscardRow) -> str:
    if r.waits:
        return (f"{GLYPHS[r.tile]}: {r.outs} outs, expected {float(r.expected_score):.4f}, best {r.best_score}, "
                f"waits {''.join(GLYPHS[w.tile] for w in r.waits)}")
    a = advice_row(r)
    return f"{GLYPHS[r.tile]}: {progress(a.distance, a.limit, a.improving)}"


def discard_line(d: Discards, colour: bool) -> str:
    rows = " | ".join(_row_summary(r) for r in d.rows)
    return paint(f"{d.hand.text()}: discard {rows or DASH}", colour)


def hu_line(r: HuResult, colour: bool) -> str:
    head = f"{r.hand.text()} + {GLYPHS[r.tile]} {r.source}"
    w = r.win
    if w is None:
        return paint(f"{head}: not a win ({r.reason})", colour)
    return paint(f"{head}: 胡 {w.how}, {_score_line(w, r.source)}", colour)


def error_line(text: str, message: str) -> str:
    """A bad batch line's answer in text: the line shown with its control characters escaped."""
    return f"{printable(text)}: error: {printable(message)}"
