"""Why, in words, for a generated drill: the teaching note a curated puzzle carries, made from the solver's answer.

A library puzzle has a note written by hand (``note_en``, ``note_zh``); a drill
has none, so ``drill_note(q, lang)`` writes one from what the solver found: how
each wait wins and why a source does not, which discard is best and what the
next one leaves, how the 胡息 add up, which ways to eat are legal and the rule
that forbids the others, what a passed tile blocks.  Every note names the
question's tiles and cites the project's rule book (RULES.md and its section).
Nothing here is stored: a drill's seed regenerates the question, and the note
is made when the explanation is shown, so notes may improve without changing
any drill.
"""
from __future__ import annotations

from ..engine import reference
from ..model.groups import group_pattern
from ..model.hand import MELD_ZH, Hand
from ..model.results import Action, Discards, Forbidden, HuResult, Ting
from ..model.rules import Ruleset
from ..model.tiles import GLYPHS, glyphs
from ..text.explain import action_text, forbidden_text, resolve_lang
from ..text.render import hu_sentence
from ..text.words import GROUP_ZH, MOVE_ZH, SOURCE_TEXT, group_zh
from .question import Question, about_distance, has_distances, way_text

__all__ = ["drill_note"]

#: how many waits, draws or reasons a note spells out (the tables after it show them all)
_MAX = 4
_FROM_ZH = {"self": "自摸", "other": "别人摸出", "discard": "别人打出"}


def drill_note(q: Question, lang: str = "en") -> str:
    """The teaching note of drill ``q`` in ``lang`` (one paragraph; '' for a puzzle, which has its own)."""
    if q.seed is None:
        return ""
    zh = resolve_lang(lang) == "zh"
    if q.kind == "discard":
        table = q.solution.result
        assert isinstance(table, Discards)  # a discard question is solved from its discard table
        if about_distance(table):
            return _distance(q, zh)
    return {"ting": _ting, "discard": _discard, "huxi": _huxi, "chi": _chi, "chou": _chou}[q.kind](q, zh)


def _and(items: list[str], zh: bool, word: str = "and") -> str:
    if zh:
        return "、".join(items) if word == "and" or len(items) == 1 else "、".join(items[:-1]) + "或" + items[-1]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {word} " + items[-1]


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
        said.append(f"{_win_text(r, rules, zh)}（{r.win.huxi}胡息）" if zh else
                    f"{_win_text(r, rules, zh)} ({r.win.huxi} 胡息)")
    more = len(waits) - _MAX
    if zh:
        out = [f"听{len(waits)}张，{'每张都' if len(waits) > 1 else ''}凑成7门子、至少{rules.min_huxi}胡息：" + "；".join(said)
               + (f"；另有{more}张" if more > 0 else "") + "。"]
    else:
        each = "s, each" if len(waits) != 1 else ","
        out = [f"{len(waits)} wait{each} making 7 门子 with at least {rules.min_huxi} 胡息: " + "; ".join(said) + (f"; and {more} more" if more > 0 else "") + "."]
    for w in waits:
        for s in rules.win_on:
            if getattr(w, s) is None:
                why = _fail_text(reference.hu(hand, w.tile, s, rules), rules, zh)
                out.append(f"{GLYPHS[w.tile]}{_FROM_ZH[s]}胡不了：{why}。" if zh else
                           f"{GLYPHS[w.tile]} does not win {SOURCE_TEXT[s]}: {why}.")
    dead = [GLYPHS[w.tile] for w in waits if not w.outs]
    if dead:
        out.append(f"{_and(dead, zh)}已是绝张（其余的都在手里、亮牌里或已见过），但仍算听牌。" if zh else
                   f"{_and(dead, zh)}: no live copy is left (the others are in your hand, your melds or seen), "
                   f"but {'it is a wait' if len(dead) == 1 else 'they are waits'} all the same.")
    return out


def _seen_words(q: Question, zh: bool) -> list[str]:
    if not q.seen:
        return []
    return [f"见过的牌（{q.seen}）不再是活牌。" if zh else
            f"The tiles seen elsewhere ({q.seen}) are no longer live."]


# ---------------------------------------------------------------- the kinds

def _ting(q: Question, zh: bool) -> str:
    t = q.solution.result
    assert isinstance(t, Ting)  # a ting question's result
    return _join(_waits_words(t.hand, t.waits, q.rules, zh) + _seen_words(q, zh)
                 + ["（RULES.md 4、6）" if zh else "(RULES.md 4 and 6)"], zh)


def _discard(q: Question, zh: bool) -> str:
    table, best = q.solution.result, q.solution.expected
    assert isinstance(table, Discards) and isinstance(best, tuple)  # a discard question's table and best discards
    rows = table.rows
    top = rows[0]
    B = _and([GLYPHS[t] for t in best], zh)
    waits = _and([f"{GLYPHS[w.tile]}（{w.outs}张）" if zh else f"{GLYPHS[w.tile]} ({w.outs})"
                  for w in top.waits if w.outs], zh)
    if len(best) == 1:
        out = [f"打{B}：剩下的牌听{waits}，共{top.outs}张活牌。" if zh else
               f"Discard {B}: the hand then waits on {waits}, {top.outs} live outs."]
    else:
        out = [f"打{B}一样好，各有{top.outs}张活牌（打{GLYPHS[top.tile]}听{waits}）。" if zh else
               f"{B} tie with {top.outs} live outs each (after {GLYPHS[top.tile]} the hand waits on {waits})."]
    nxt = next((r for r in rows if r.tile not in best and r.waits), None)
    if nxt is not None:
        out.append(f"其次是打{GLYPHS[nxt.tile]}，只有{nxt.outs}张。" if zh else
                   f"The next best, {GLYPHS[nxt.tile]}, leaves {nxt.outs}.")
    else:
        out.append("打别的牌都不听。" if zh else "Any other discard leaves the hand not ready.")
    hand = table.hand.without(top.tile)
    out += _waits_words(hand, top.waits, q.rules, zh)[1:] + _seen_words(q, zh)
    out.append("（打出的牌算作见过的牌；RULES.md 6）" if zh else "(The discarded tile counts as seen; RULES.md 6.)")
    return _join(out, zh)


def _away(r, zh: bool) -> str:
    if r.distance is None:
        return "离听牌超过两步" if zh else "more than 2 intakes from ready"
    return f"离听牌{r.distance}步" if zh else f"{r.distance} intake{'s' * (r.distance != 1)} from ready"


def _distance(q: Question, zh: bool) -> str:
    table, best = q.solution.result, q.solution.expected
    assert isinstance(table, Discards) and isinstance(best, tuple)  # as for _discard
    rows = table.rows
    assert has_distances(rows)  # about_distance(table): the rows carry their distances
    top = rows[0]
    draws = _and([f"{GLYPHS[d.tile]}（{d.live}张）" if zh else f"{GLYPHS[d.tile]} {d.live}"
                  for d in top.improving if d.live][:_MAX + 1], zh)
    B = _and([GLYPHS[t] for t in best], zh, "or")
    out = [f"没有一张能打成听牌，就打离听牌最近的：先比距离，再比进张的活牌张数（RULES.md 6）。打{B}后{_away(top, zh)}，"
           f"进张{top.improving_live}张：{draws}。" if zh else
           f"As no discard makes the hand ready, the best is the one that leaves it nearest: the distance first, "
           f"then the live improving draws (进张; RULES.md 6). Discarding {B} leaves it {_away(top, zh)}, with "
           f"{top.improving_live} live 进张: {draws}."]
    nxt = next((r for r in rows if r.tile not in best), None)
    if nxt is not None:
        out.append(f"其次打{GLYPHS[nxt.tile]}：{_away(nxt, zh)}，进张{nxt.improving_live}张。" if zh else
                   f"Next, {GLYPHS[nxt.tile]} leaves it {_away(nxt, zh)}, with {nxt.improving_live}.")
    most = max(rows, key=lambda r: r.improving_live)
    if most.tile not in best and (most.distance or 99) > (top.distance or 99):
        M = GLYPHS[most.tile]
        out.append(f"打{M}进张最多（{most.improving_live}张），但{_away(most, zh)}：距离在先。" if zh else
                   f"{M} has the most live 进张 ({most.improving_live}) but leaves the hand {_away(most, zh)}: "
                   f"the distance comes first.")
    kinds = len(top.improving)
    wide = next((r for r in rows if r.tile not in best and r.distance == top.distance and len(r.improving) > kinds),
                None)
    if wide is not None:
        W = GLYPHS[wide.tile]
        out.append(f"打{W}也一样近，能进的牌种类更多（{len(wide.improving)}种对{kinds}种），但活牌少"
                   f"（{wide.improving_live}张对{top.improving_live}张）：数张数，不数种类。" if zh else
                   f"{W} is as near with more kinds of improving tiles ({len(wide.improving)} against {kinds}), "
                   f"but fewer live copies ({wide.improving_live} against {top.improving_live}): count copies, "
                   f"not kinds.")
    dead = [GLYPHS[d.tile] for d in top.improving if not d.live]
    if dead:
        out.append(f"{_and(dead, zh)}也能进张，但已没有活牌。" if zh else
                   f"{_and(dead, zh)} would improve it too, but no live copy is left.")
    if "dead 进张" in q.tags:
        gone = _and(list(dict.fromkeys(q.seen)), zh)
        out.append(f"见过的牌（{q.seen}）让{gone}没有活牌了：不算上它们，别的打法看起来更好。" if zh else
                   f"The tiles seen elsewhere ({q.seen}) leave no live {gone}: counted as 进张, {gone} would make "
                   f"another discard look best.")
        return _join(out, zh)
    return _join(out + _seen_words(q, zh), zh)


def _huxi(q: Question, zh: bool) -> str:
    r = q.solution.result
    assert isinstance(r, HuResult) and r.win is not None  # a huxi question's tile wins (``question.solve``)
    w = r.win
    name = {g: group_zh(g.kind, q.rules.sequence) + ("" if zh else " ") for g in w.groups}
    worth = [f"{name[g]}{g.text()} {g.huxi}" for g in w.groups if g.huxi]
    none = len(w.groups) - len(worth)
    names = "+".join(w.fan_names) or "平胡"
    zimo = ("（含自摸的1等）" if zh else " (自摸 adds one)") if r.source == "self" else ""
    if zh:
        out = [f"{_win_zh(r, q.rules)}。胡息：{' + '.join(worth) or '0'} = {w.huxi}"
               + (f"，另{none}方门子没有胡息" if none else "") + f"。{w.huxi}胡息算{w.deng}等{zimo}，{w.fan}番（{names}），"
               f"等×番 = {w.score}分（RULES.md 2、5）。"]
    else:
        out = [f"{hu_sentence(r, q.rules)}. 胡息: {' + '.join(worth) or '0'} = {w.huxi}"
               + (f"; the other {none} 门子 carry none" if none else "") + f". {w.huxi} 胡息 make {w.deng} 等{zimo}, "
               f"{w.fan} 番 ({names}), 等 × 番 = {w.score} (RULES.md 2 and 5)."]
    richer = next((d for d in r.decompositions[1:] if d.huxi > w.huxi), None)
    if richer is not None:
        out.append(f"另一种组法有{richer.huxi}胡息，但只得{richer.score}分：最佳组法先比分数，再比胡息（RULES.md 4）。" if zh else
                   f"Another split has {richer.huxi} 胡息 but scores only {richer.score}: the best split is chosen by "
                   f"score first, then 胡息 (RULES.md 4).")
    if r.hand.melds:
        melds = sum(g.huxi for g in w.groups[:len(r.hand.melds)])
        out.append(f"亮牌的{melds}胡息也算在内。" if zh else f"The melds' {melds} 胡息 count too.")
    return _join(out, zh)


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


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _chi(q: Question, zh: bool) -> str:
    d = q.decision
    x, X = d.tile, GLYPHS[d.tile]
    seq = q.rules.sequence
    held = d.hand.concealed[x]
    if zh:
        out = [f"吃{X}要用两张暗牌和它组成{'一列' if seq == '列' else '一句话'}或绞牌"
               + (f"；手里还有{held}张{X}，每种吃法都要把它们也比下来" if 0 < held < 3 else "") + "（RULES.md 7）。"]
    else:
        out = [f"To eat {X}, two concealed tiles must make a {seq} or 绞 with it"
               + (f"; you hold {held} more {X}, so each way must lay {'it' if held == 1 else 'them'} out too, as 比"
                  if 0 < held < 3 else "") + " (RULES.md 7)."]
    legal = [f"{i}（{way_text(c.chi, c.bi, zh)}）" if zh else f"{i} ({way_text(c.chi, c.bi, zh)})"
             for i, c in enumerate(q.menu, 1) if c.reason is None]
    if legal:
        out.append(f"合法的吃法：{_and(legal, zh)}。" if zh else f"Legal: {_and(legal, zh)}.")
    else:
        out.append(f"{X}没有合法的吃法。" if zh else f"No way to eat {X} is legal.")
    bad = [Forbidden("chi", c.reason, c.chi, c.bi, c.detail) for c in q.menu if c.reason is not None]
    if bad:
        out.append("不合法的：" if zh else "Not legal:")
        out += _reasons(d, bad, zh)
    elif not q.menu:
        out.append(f"没有两张暗牌能和{X}组成一句话或绞牌。" if zh else f"No two concealed tiles make a group with {X}.")
    return _join(out, zh)


def _chou(q: Question, zh: bool) -> str:
    d = q.decision
    x, X = d.tile, GLYPHS[d.tile]
    assert q.action is not None  # a chou question's move
    move = MOVE_ZH[q.action]
    yes = q.solution.expected
    if q.rules.passed == "hu_only":
        out = ["这一局过了的牌（过张）以后只能胡，不能吃也不能碰（RULES.md 8）。" if zh else
               "A tile passed this hand (过张) may afterwards only be won on, never eaten or 碰'd (RULES.md 8)."]
    else:
        out = ["能吃不吃，这张牌对吃就臭了；能碰不碰，对碰就臭了：吃和碰各臭各的，直到这一局结束（RULES.md 7）。" if zh else
               "Passing a legal 吃 of a tile makes it 臭 for 吃, passing its 碰 makes it 臭 for 碰: each is its own "
               "臭, until the hand ends (RULES.md 7)."]
    twin = (x + 10) % 20
    passed = set(d.chou) | set(d.passed_peng)
    if yes:
        notes = []
        if q.rules.passed != "hu_only" and q.action == "chi" and x in d.passed_peng and x not in d.chou:
            notes.append(f"{X}过的是碰，只对碰臭，不挡吃" if zh else f"{X} was passed for 碰 only, which does not block 吃")
        if q.rules.passed != "hu_only" and q.action == "peng" and x in d.chou and x not in d.passed_peng:
            notes.append(f"{X}对吃是臭张，但不挡碰" if zh else f"{X} is 臭 for 吃, which does not block a 碰")
        if twin in passed and x not in passed:
            T = GLYPHS[twin]
            notes.append(f"过的是{T}不是{X}：大字小字是不同的牌" if zh else
                         f"the tile passed is {T}, not {X}: a small and a big tile are different tiles")
        if q.action == "peng" and d.source.startswith("lower"):
            notes.append("不吃隔山牌只管吃，下家的牌可以碰" if zh else
                         "不吃隔山牌 is about 吃 only: a lower player's tile may be 碰'd")
        if not notes:
            notes.append(f"这一局没有过过{X}" if zh else f"{X} was not passed this hand")
        way = next(a for a in d.actions if a.action == q.action)
        said = action_text(d, Action(way.action, chi=way.chi, bi=way.bi), "zh" if zh else "en")
        out.append(("；".join(notes) + f"，所以能{move}{X}：{said}。") if zh else
                   _upper("; ".join(notes) + f", so you may {move} {X}: {said}."))
        other = [f for f in d.forbidden if f.action == q.action]
        if other:  # the ways that are not open, and why
            out.append("别的吃法不行：" if zh else "Other ways are not:")
            out += _reasons(d, other, zh)
    else:
        why = [f for f in d.forbidden if f.action == q.action]
        if why:
            out.append(f"所以不能{move}{X}：" if zh else f"So you may not {move} {X}:")
            out += _reasons(d, why, zh, bare=q.action == "peng")
        elif q.action == "peng" and d.hand.concealed[x] == 3:
            out.append(f"{X * 3}是坎不是对，第四张{X}不能碰。" if zh else
                       f"You may not 碰 {X}: {X * 3} is a 坎, not a pair, and a fourth {X} is never 碰'd.")
        elif q.action == "peng":
            out.append(f"碰要手里有一对{X}，你手里有{d.hand.concealed[x]}张，所以不能碰。" if zh else
                       f"You may not 碰 {X}: a 碰 needs a concealed pair {X * 2}, and you hold "
                       f"{d.hand.concealed[x]}.")
        else:
            out.append(f"没有两张暗牌能和{X}组成一句话或绞牌，所以不能吃。" if zh else
                       f"You may not eat {X}: no two concealed tiles make a group with it.")
    return _join(out, zh)
