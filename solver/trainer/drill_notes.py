"""Why, in words, for a generated drill: the teaching note a curated puzzle carries, made from the solver's answer.

A library puzzle has a note written by hand (``note_en``, ``note_zh``); a drill
has none, so its kind writes one (``solver.trainer.asking.drill_note``) from what the solver found: how
each wait wins and why a source does not, which discard is best and what the
next one leaves, how the 胡息 add up, which ways to eat are legal and the rule
that forbids the others, what a passed tile blocks.  Every note names the
question's tiles and cites the project's rule book (RULES.md and its section).
Nothing here is stored: a drill's seed regenerates the question, and the note
is made when the explanation is shown, so notes may improve without changing
any drill.  Each kind writes its own (``solver.trainer.kinds``: ``note``) with
the words here, which several kinds share.
"""
from __future__ import annotations

from ..engine import reference
from ..model.groups import group_pattern
from ..model.hand import MELD_ZH, Hand
from ..model.results import Forbidden, HuResult
from ..model.rules import Ruleset
from ..model.tiles import GLYPHS, glyphs
from ..text.catalogue import say
from ..text.explain import forbidden_text
from ..text.render import hu_sentence
from ..text.words import GROUP_ZH, MOVE_ZH, SOURCE_TEXT
from .question import Question

#: how many waits, draws or reasons a note spells out (the tables after it show them all)
_MAX = 4
_FROM_ZH = {"self": "自摸", "other": "别人摸出", "discard": "别人打出"}


def _and(items: list[str], zh: bool, word: str = "and") -> str:
    if len(items) <= 1:
        return "".join(items)
    last = say("drill_notes.or_last" if word == "or" else "drill_notes.and_last", zh)
    return ("、" if zh else ", ").join(items[:-1]) + last + items[-1]


def _join(sentences: list[str], zh: bool) -> str:
    return ("" if zh else " ").join(sentences)


def _minus(tiles: tuple[int, ...], t: int) -> str:
    rest = list(tiles)
    rest.remove(t)
    return glyphs(rest)


# ---------------------------------------------------------------- how a tile wins, or why not

def _held_zh(hand: Hand, t: int) -> str:
    X = GLYPHS[t]
    for m in hand.melds:
        if m.kind in ("wei", "peng") and m.tiles[0] == t:
            return f"{GROUP_ZH[m.kind]}{X * 3}"
    n = hand.concealed[t]
    return f"坎{X * 3}" if n == 3 else f"一对{X * 2}" if n == 2 else f"手里的{X}"


def _tile_group(r: HuResult):
    """The concealed group the winning tile most plausibly joined (as ``render.hu_sentence`` picks it)."""
    assert r.win is not None  # the result of a win
    t, how = r.tile, r.win.how
    mine = [g for g in r.win.groups[len(r.hand.melds):] if t in g.tiles and g.kind in ("ju", "jiao", "jiang")]
    if how == "单吊胡":
        mine.sort(key=lambda g: g.kind != "jiang")
    elif how == "编胡":
        mine.sort(key=lambda g: not (g.kind == "jiao" or group_pattern(g.tiles) == "ju2710"))
    else:
        mine.sort(key=lambda g: g.kind == "jiang")
    return mine[0] if mine else None


def _win_zh(r: HuResult, rules: Ruleset) -> str:
    """``render.hu_sentence`` of a win, in Chinese."""
    assert r.win is not None  # a win's
    t, X, how = r.tile, GLYPHS[r.tile], r.win.how
    came = f"{_FROM_ZH[r.source]}的{X}"
    held = _held_zh(r.hand, t)
    onto = {"提胡": f"{came}落在{held}上必须提", "跑胡": f"{came}和{held}成跑", "偎胡": f"{came}和{held}必须偎",
            "碰胡": f"{came}和{held}成碰", "招胡": f"{came}落在{held}上必须招"}
    if how in onto:
        return f"{how}：{onto[how]}"
    g = _tile_group(r)
    if g is None:
        joined = f"{X}凑成整手牌"
    elif g.kind == "jiang":
        joined = f"{X}和{X}成将{g.text()}"
    else:
        joined = f"{X}和{_minus(g.tiles, t)}成{'绞' if g.kind == 'jiao' else rules.sequence}{g.text()}"
    return f"{how}：{joined}" + (f"，{held}不动" if how == "破跑胡" else "")


def _fail_zh(r: HuResult, rules: Ruleset) -> str:
    """``render.hu_sentence`` of a tile that does not win, in Chinese."""
    X = GLYPHS[r.tile]
    came = f"{_FROM_ZH[r.source]}的{X}"
    then = f"最多{r.huxi}胡息（要{rules.min_huxi}）" if r.huxi is not None else "组不成7门子"
    reason = r.reason or ""
    if reason.startswith("forced_"):
        move = MELD_ZH[reason.removeprefix("forced_")]
        return f"{came}落在{_held_zh(r.hand, r.tile)}上必须{move}，{move}后{then}"
    if reason == "source_no_hu":
        return f"{rules.name}规则不胡{_FROM_ZH[r.source]}的牌"
    if reason == "huxi_short":
        return f"加上{came}能组成7门子，但{then}"
    return f"加上{came}组不成7门子"


def _win_en(r: HuResult, rules: Ruleset) -> str:
    """``render.hu_sentence`` of a win, a 二七十 not named twice."""
    assert r.win is not None  # a win's
    t, X, how = r.tile, GLYPHS[r.tile], r.win.how
    g = _tile_group(r) if how in ("顺胡", "编胡", "单吊胡", "破跑胡") else None
    if g is None or g.kind == "jiang" or how == "破跑胡":
        return hu_sentence(r, rules)
    return f"{how}: {X} joins {_minus(g.tiles, t)} as {'the 绞 ' if g.kind == 'jiao' else ''}{g.text()}"


def _win_text(r: HuResult, rules: Ruleset, zh: bool) -> str:
    return _win_zh(r, rules) if zh else _win_en(r, rules)


def _fail_text(r: HuResult, rules: Ruleset, zh: bool) -> str:
    return _fail_zh(r, rules) if zh else hu_sentence(r, rules)


def _waits_words(hand: Hand, waits, rules: Ruleset, zh: bool) -> list[str]:
    """How each wait wins (the first few), then why a source does not win for a wait, and the dead waits."""
    said = []
    for w in waits[:_MAX]:
        source = next(s for s in rules.win_on if getattr(w, s) is not None)
        r = reference.hu(hand, w.tile, source, rules)
        assert r.win is not None  # the wait wins from that source
        said.append(say("drill_notes.wait_huxi", zh, win=_win_text(r, rules, zh), huxi=r.win.huxi))
    more = len(waits) - _MAX
    count = "one" if len(waits) == 1 else "many" if waits else "none"
    sep, stop = ("；", "。") if zh else ("; ", ".")
    out = [say(f"drill_notes.waits_{count}", zh, n=len(waits), min_huxi=rules.min_huxi) + sep.join(said)
           + (say("drill_notes.more_waits", zh, more=more) if more > 0 else "") + stop]
    for w in waits:
        for s in rules.win_on:
            if getattr(w, s) is None:
                why = _fail_text(reference.hu(hand, w.tile, s, rules), rules, zh)
                source = (_FROM_ZH if zh else SOURCE_TEXT)[s]
                out.append(say("drill_notes.no_win_from", zh, tile=GLYPHS[w.tile], source=source, why=why))
    dead = [GLYPHS[w.tile] for w in waits if not w.outs]
    if dead:
        out.append(say("drill_notes.dead_one" if len(dead) == 1 else "drill_notes.dead_many", zh,
                       tiles=_and(dead, zh)))
    return out


def _seen_words(q: Question, zh: bool) -> list[str]:
    if not q.seen:
        return []
    return [say("drill_notes.seen_not_live", zh, seen=q.seen)]


def _reasons(d, forbidden: list[Forbidden], zh: bool, *, bare: bool = False) -> list[str]:
    """One sentence per distinct reason among ``forbidden`` (the first few); ``bare``: without the move it is about."""
    out: list[str] = []
    said: set[str] = set()
    for f in forbidden:
        if f.reason not in said and len(out) < _MAX:
            said.add(f.reason)
            text = forbidden_text(d, f, "zh" if zh else "en")
            head = MOVE_ZH[f.action] + ("：" if zh else ": ")
            if bare and text.startswith(head):
                text = text[len(head):]
            out.append(text + ("。" if zh else "."))
    return out
