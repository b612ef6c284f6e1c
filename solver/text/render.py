"""How phz shows its answers as text: tables, colour, sentences and compact batch lines.

JSON answers are built in ``solver.text.jsonl``.  Nothing here imports numba.
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Iterable, Mapping, TextIO

from tabulate import tabulate

from ..model.groups import Group, group_pattern
from ..model.hand import Hand
from ..model.notation import printable
from ..model.results import DiscardAdvice, Discards, Draw, HuResult, Ting, Wait, Win
from ..model.rules import Ruleset
from ..model.tiles import GLYPH_TO_ID, GLYPHS, RED, glyphs
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


def _held(hand: Hand, t: int) -> str | None:
    """What the hand holds of t that decides how t may be taken (RULES.md 4)."""
    for m in hand.melds:
        if m.kind in ("wei", "peng") and m.tiles[0] == t:
            return f"the {GROUP_ZH[m.kind]} {GLYPHS[t] * 3}"
    n = hand.concealed[t]
    if n == 3:
        return f"the 坎 {GLYPHS[t] * 3}"
    if n == 2:
        return f"the pair {GLYPHS[t] * 2}"
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


def _joins(g: Group | None, t: int) -> str:
    tg = GLYPHS[t]
    if g is None:
        return f"{tg} completes the hand"
    if g.kind == "jiang":
        return f"{tg} pairs with {tg} as the 将 {g.text()}"
    what = "the 绞 " if g.kind == "jiao" else "the 二七十 " if group_pattern(g.tiles) == "ju2710" else ""
    return f"{tg} joins {_minus(g.tiles, t)} as {what}{g.text()}"


def hu_sentence(r: HuResult, rules: Ruleset) -> str:
    """One sentence: how the tile wins, or why it does not (RULES.md 4)."""
    t, tg, hand = r.tile, GLYPHS[r.tile], r.hand
    held = _held(hand, t)
    drawn = {"self": f"a self-drawn {tg}", "other": f"{tg} from another player",
             "discard": f"{tg} discarded by another player"}[r.source]
    w = r.win
    if w is not None:
        how = w.how
        if how == "招胡":
            return f"招胡: {drawn} onto {held} must become a 招 (no 破招)"
        if how == "提胡":
            return f"提胡: {drawn} onto {held} must become a 提"
        if how == "跑胡":
            return f"跑胡: {drawn} onto {held} makes a 跑"
        if how == "偎胡":
            return f"偎胡: {drawn} onto {held} must become a 偎 (偎牌 is compulsory)"
        if how == "碰胡":
            return f"碰胡: {drawn} joins {held} as a 碰"
        joined = _joins(_tile_group(w.groups, len(hand.melds), t, how), t)
        if how == "破跑胡":
            return f"破跑胡: {joined}; {held} stays whole"
        return f"{how}: {joined}"
    if r.huxi is not None:
        then = f"makes at most {r.huxi} 胡息 ({rules.min_huxi} needed)"
    elif r.reason in ("forced_ti", "forced_zhao") and hand.n_four:
        then = "has two 4-tile groups and is one tile short of 7 门子"
    else:
        then = "has no 7 门子"
    if r.reason == "forced_ti":
        why = "破跑不破提" if held and held.startswith("the 坎") else "提 is compulsory on one's own draw"
        return f"{drawn} onto {held} must become a 提 ({why}), and the hand then {then}"
    if r.reason == "forced_wei":
        return f"{drawn} onto {held} must become a 偎 (偎牌 is compulsory), and the hand then {then}"
    if r.reason == "forced_zhao":
        return f"{drawn} onto {held} must become a 招 (no 破招), and the hand then {then}"
    if r.reason == "forced_peng":
        return f"{drawn} onto {held} must become the player's own 碰 (有碰必碰), and the hand then {then}"
    if r.reason == "source_no_hu":
        return f"the {rules.name} rules win on no tile {SOURCE_TEXT[r.source]}"
    if r.reason == "huxi_short":
        return f"with {drawn} the hand forms 7 门子 but {then}"
    fours = "/".join(GROUP_ZH[k] for k in rules.four_kinds)
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


def _outs(w: Wait) -> str:
    return f"{w.outs}" if w.outs else "0 dead"


def _wait_cells(w: Win | None) -> list:
    if w is None:
        return [DASH, "", "", "", ""]
    return [w.huxi, w.deng, _fan(w), w.score, w.how]


#: the sources of a ruleset that does not win on discards (the two-source layout)
TWO = ("self", "other")


def _compact(w: Win | None) -> str:
    """One source's win in one cell: score = 等 × 番 · 胡息 · how."""
    return DASH if w is None else f"{w.score} = {w.deng}×{w.fan} · {w.huxi} · {w.how}"


def waits_table(waits: tuple[Wait, ...], sources: tuple[str, ...] = TWO) -> str:
    if "discard" not in sources:
        headers = ["wait", "outs", "self 胡息", "等", "番", "score", "how", "other 胡息", "等", "番", "score", "how"]
        rows = [[GLYPHS[w.tile], _outs(w)] + _wait_cells(w.self) + _wait_cells(w.other) for w in waits]
        return tabulate(rows, headers, tablefmt=TABLE_FORMAT, disable_numparse=True)
    # Three sources do not fit 80 columns as five columns each: one cell per source.
    rows = [[GLYPHS[w.tile], _outs(w)] + [_compact(getattr(w, s)) for s in sources] for w in waits]
    table = tabulate(rows, ["wait", "outs", *sources], tablefmt=TABLE_FORMAT, disable_numparse=True)
    return table + "\n(each source: score = 等×番 · 胡息 · how)"


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


def groups_table(waits: tuple[Wait, ...], sequence: str = "句") -> str:
    """The best decomposition of each wait (``sequence``: what the ruleset calls a 句)."""
    rows = []
    for w in waits:
        wins = _same([(s, x) for s, x in (("self", w.self), ("other", w.other), ("discard", w.discard))
                      if x is not None])
        for source, x in wins:
            rows.append([GLYPHS[w.tile], source] + [_group_cell(g, sequence) for g in x.groups])
    width = max(len(row) for row in rows) - 2
    headers = ["wait", "from", "门子 (胡息)"] + [""] * (width - 1)
    return tabulate(rows, headers, tablefmt=TABLE_FORMAT, disable_numparse=True)


def _wait_summary(w: Wait) -> str:
    return f"{GLYPHS[w.tile]} {w.outs}" if w.outs else f"{GLYPHS[w.tile]} dead"


def _away(distance: int | None, limit: bool) -> str:
    """How far from ready: '1 away', 'more than 2 away' (the search stopped), 'never ready'."""
    if distance is not None:
        return "ready" if distance == 0 else f"{distance} away"
    return "more than 2 away" if limit else "never ready"


def _progress(distance: int | None, limit: bool, improving: tuple[Draw, ...]) -> str:
    """'1 away · 进张 四 八 拾 (9 live)', in the style of tenhou.net/2 (听 for the waits)."""
    away = _away(distance, limit)
    if distance is None:
        return away
    live = sum(d.live for d in improving)
    tiles = " ".join(GLYPHS[d.tile] for d in improving)
    return f"{away} · {'听' if distance == 0 else '进张'} {tiles} ({live} live)"


def _live(n: int) -> str:
    return f"{n}" if n else "0 dead"


def draws_table(improving: tuple[Draw, ...]) -> str:
    rows = [[GLYPHS[d.tile], _live(d.live), "; ".join(d.ways)] for d in improving]
    return tabulate(rows, ["draw", "live", "ways"], tablefmt=TABLE_FORMAT, disable_numparse=True)


def _not_ready_text(hand: str, distance: int | None, limit: bool, improving: tuple[Draw, ...]) -> list[str]:
    if distance is None:
        why = ("the search stopped at its budget" if limit
               else "no sequence of intakes makes this hand ready")
        return [hand, f"not ready: {_away(distance, limit)} ({why})"]
    n = len(improving)
    then = "ready" if distance == 1 else f"{distance - 1} away"
    return [hand, f"not ready: {_progress(distance, limit, improving)}", "",
            f"{n} improving draw{'s' * (n != 1)} (进张): taken one of these ways (then the right discard),"
            f" each leaves the hand {then}",
            draws_table(improving)]


def ting_text(t: Ting, colour: bool, sources: tuple[str, ...] = TWO, sequence: str = "句") -> str:
    hand = t.hand.text()
    if not t.waits:
        return paint("\n".join(_not_ready_text(hand, t.distance, t.limit, t.improving)), colour)
    live = sum(w.outs for w in t.waits)
    dead = sum(1 for w in t.waits if not w.outs)
    n = len(t.waits)
    head = f"{hand}\nready: {n} wait{'s' * (n != 1)}, {live} live out{'s' * (live != 1)}"
    if dead:
        head += f", {dead} dead"
    body = [head, "", waits_table(t.waits, sources), "", "best decompositions", groups_table(t.waits, sequence)]
    return paint("\n".join(body), colour)


def discard_text(d: Discards, colour: bool, sources: tuple[str, ...] = TWO) -> str:
    lines = [d.hand.text()]
    if not d.rows:
        lines.append("no discard: every concealed tile is in a 坎")
        return paint("\n".join(lines), colour)
    lines.append("")
    lines += [f"打 {GLYPHS[r.tile]} → {_progress(r.distance, r.limit, r.improving)}" for r in d.rows]
    top = d.rows[0]
    if top.distance == 0:
        # Some discard makes the hand ready: the table of waits and scores.
        rows = [[GLYPHS[r.tile], r.outs, f"{float(r.expected_score):.4f}", r.best_score,
                 "  ".join(_wait_summary(w) for w in r.waits) or _away(r.distance, r.limit)] for r in d.rows]
        lines += ["", tabulate(rows, ["discard", "outs", "expected", "best", "waits (outs)"],
                               tablefmt=TABLE_FORMAT, disable_numparse=True)]
        lines += ["", f"after discarding {GLYPHS[top.tile]}:", waits_table(top.waits, sources)]
    else:
        rows = [[GLYPHS[r.tile], DASH if r.distance is None else r.distance, r.improving_live,
                 "  ".join(f"{GLYPHS[x.tile]} {x.live}" for x in r.improving) or _away(r.distance, r.limit)]
                for r in d.rows]
        lines += ["", tabulate(rows, ["discard", "away", "live", "进张 (live)"],
                               tablefmt=TABLE_FORMAT, disable_numparse=True)]
        if top.improving:
            lines += ["", f"after discarding {GLYPHS[top.tile]} ({_away(top.distance, top.limit)}):",
                      draws_table(top.improving)]
    return paint("\n".join(lines), colour)


def _groups_block(groups: tuple[Group, ...], sequence: str = "句") -> str:
    rows = [[group_zh(g.kind, sequence), g.text(), g.huxi] for g in groups]
    rows.append(["", "total", sum(g.huxi for g in groups)])
    return tabulate(rows, ["门子", "tiles", "胡息"], tablefmt=TABLE_FORMAT, disable_numparse=True)


def condition_note(condition: str, rules: Ruleset) -> str:
    """What a game condition of a win (海底, 天胡, 地胡, 起手胡) is worth under ``rules``, in a line."""
    what = f"{CONDITION_ZH[condition]} ({CONDITION_TEXT[condition]})"
    fans = rules.condition_fans(condition)
    if not fans:
        return f"{what}: no 番 of its own under the {rules.name} rules"
    notes = []
    for f in fans:
        text = f"{f.fan} 番 " + ("added to the other 花样" if rules.fans_add else "unless a 花样 counts more")
        alone = rules.fan_overrides.get(frozenset({f.name}))
        if alone is not None:
            text += f", {alone} 番 alone (平胡{f.name})"
        notes.append(text if f.name == CONDITION_ZH[condition] else f"{f.name} {text}")
    return f"{what}: " + "; ".join(notes)


def hu_text(r: HuResult, rules: Ruleset, colour: bool, *, all_splits: bool = False,
            conditions: Iterable[str] = ()) -> str:
    """``phz hu``'s answer; ``conditions``: the game context the win was asked with (海底 …)."""
    tg = GLYPHS[r.tile]
    head = [f"{r.hand.text()}  +  {tg} {SOURCE_TEXT[r.source]}"]
    head += [condition_note(c, rules) for c in sorted(conditions)]
    w = r.win
    if w is not None:
        lines = [*head, f"胡 {w.how}: {_score_line(w, r.source)}", hu_sentence(r, rules), "",
                 _groups_block(w.groups, rules.sequence)]
        if all_splits:
            rows = [[i, x.huxi, x.deng, _fan(x), x.score, x.how, " ".join(_group_cell(g, rules.sequence) for g in x.groups)]
                    for i, x in enumerate(r.decompositions, 1)]
            lines += ["", f"{len(rows)} decomposition{'s' * (len(rows) != 1)}, best first",
                      tabulate(rows, ["#", "胡息", "等", "番", "score", "how", "门子"],
                               tablefmt=TABLE_FORMAT, disable_numparse=True)]
    else:
        lines = [*head, f"not a win ({r.reason}): {hu_sentence(r, rules)}"]
        if r.groups:
            lines += ["", "highest-胡息 split into 7 门子:", _groups_block(r.groups, rules.sequence)]
    return paint("\n".join(lines), colour)


def tianhu_sentence(d: "Dealt", rules: Ruleset) -> str:
    """Why a dealt hand is a 天胡 or not (RULES.md 10), in a line."""
    if rules.game.tianhu == "dealer_seven_groups":
        what = f"the dealer's {sum(d.hand.all_counts())} tiles"
        if d.win:
            return f"天胡: {what} are a winning hand (7 门子) before his first discard"
        return f"{what} are no winning hand (7 门子, {rules.min_huxi} 胡息)"
    four = MELD_ZH[rules.dealt_four]
    rule = f"3 {four} or 5 坎 win at once, each {four} also a 坎"
    return f"{'天胡: ' if d.win else ''}{d.fours} {four} and {d.kans} 坎 ({rule})"


def tianhu_text(d: "Dealt", rules: Ruleset, colour: bool) -> str:
    """``phz hu --tianhu``'s answer: a dealt hand's 天胡 with its groups, or why it has none."""
    n = sum(d.hand.all_counts())
    head = f"{d.hand.text()}  dealt, {n} tiles" + (" (the dealer)" if d.dealer else "")
    w = d.win
    if w is None:
        return paint(f"{head}\nnot a 天胡: {tianhu_sentence(d, rules)}", colour)
    lines = [head, condition_note("tianhu", rules), f"胡 {w.how}: {_score_line(w, 'self')}",
             tianhu_sentence(d, rules), "", _groups_block(w.groups, rules.sequence)]
    if d.left:
        lines.append(f"outside the groups (no 7 门子 needed): {glyphs(d.left)}")
    return paint("\n".join(lines), colour)


# ---------------------------------------------------------------- compact lines (batch)

def _source_score(w: Win | None) -> str:
    return str(w.score) if w else DASH


def ting_line(t: Ting, colour: bool, sources: tuple[str, ...] = TWO) -> str:
    hand = t.hand.text()
    if not t.waits:
        return paint(f"{hand}: not ready, {_progress(t.distance, t.limit, t.improving)}", colour)
    waits = ", ".join(f"{_wait_summary(w)} [{' · '.join(f'{s} {_source_score(getattr(w, s))}' for s in sources)}]"
                      for w in t.waits)
    return paint(f"{hand}: waits {waits}", colour)


def _row_summary(r: DiscardAdvice) -> str:
    if r.waits:
        return (f"{GLYPHS[r.tile]}: {r.outs} outs, expected {float(r.expected_score):.4f}, best {r.best_score}, "
                f"waits {''.join(GLYPHS[w.tile] for w in r.waits)}")
    return f"{GLYPHS[r.tile]}: {_progress(r.distance, r.limit, r.improving)}"


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
