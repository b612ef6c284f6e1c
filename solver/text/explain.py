"""Explanations of a decision point (solver.engine.obligations) in English or Chinese.

Every sentence names the rule (with its Chinese term in English texts) and
shows the tiles.  ``act_json`` and ``act_lines`` render a whole ``Decision``
for ``phz act``.  The language defaults to the locale (LC_ALL, LC_MESSAGES,
LANG: a value starting with ``zh`` means Chinese); a ``lang`` argument
overrides it.
"""
from __future__ import annotations

from ..engine.obligations import TAKE_SOURCE
from ..model.hand import HandError
from ..model.results import Action, Decision, Forbidden, Win
from ..model.rules import TAKE_SOURCES, Ruleset
from ..model.tiles import glyph, glyphs
from .language import default_lang, language  # noqa: F401  -- default_lang: still explain.default_lang
from .words import MOVE_ZH, ONTO_ZH, ORIGIN_ZH

#: the 比 offence (Ruleset.shaobi) by its name: (romanised, what it is, the seed's words on the
#: penalty, whether the penalty is paid to each other player); another name reads "NAME (shaobi, −N)"
_SHAOBI = {"吃包子": ("chi baozi", "吃了没法比", "必须赔三家", True)}


def _penalty(d: Decision, offence: str) -> int:
    """The penalty (罚则) for ``offence`` under the decision's ruleset."""
    return d.rules.penalties[d.rules.shaobi if offence == "烧比" else offence]


def _hu_only(d: Decision) -> bool:
    """A passed tile may only be won on (过张只能胡), rather than 臭 for the move passed."""
    return d.rules.passed == "hu_only"


def _fours(rules: Ruleset) -> str:
    """The 4-tile groups by name: 跑/提, or 招/垅."""
    return "/".join(MOVE_ZH[k] for k in rules.four_kinds)


def _makes(rules: Ruleset, held: str) -> list[str]:
    """The groups a tile onto ``held`` makes, by any source, in the ruleset's meld order."""
    made = {rules.take[held, s].makes for s in TAKE_SOURCES if (held, s) in rules.take}
    return [k for k in rules.melds if k in made]


def _lie(rules: Ruleset) -> bool:
    """Whether the ruleset calls a sequence 列 (泸州's name for 句)."""
    return rules.sequence == "列"


def resolve_lang(lang: str | None) -> str:
    """``lang`` as en or zh, the locale's when None (``language.default_lang``); HandError for another."""
    found = language(lang)
    if found is None:
        raise HandError(f"unknown language {lang!r}: use en or zh")
    return found


# ---------------------------------------------------------------- pieces

def _g(group, lang: str) -> str:
    """A 句/绞 with its kind when the tiles alone do not say it."""
    text = glyphs(group)
    if len(set(group)) == 2:
        return text + ("（绞牌）" if lang == "zh" else " (绞)")
    return text


def _way(chi, bi, lang: str) -> str:
    if chi is None:
        return ""
    if lang == "zh":
        return glyphs(chi) + (f"，比{'、'.join(glyphs(b) for b in bi)}" if bi else "")
    return glyphs(chi) + (f" + 比 {' '.join(glyphs(b) for b in bi)}" if bi else "")


def _others(chi, x: int) -> str:
    rest = list(chi)
    rest.remove(x)
    return glyphs(rest)


def source_text(source: str, x: int, lang: str) -> str:
    """The tile and where it comes from, as the subject of a sentence."""
    X = glyph(x)
    if lang == "zh":
        return f"{ORIGIN_ZH[source]}的{X}"
    return {
        "upper-discard": f"{X} discarded by the upper player (上家打出)",
        "upper-draw": f"{X} drawn from the stock by the upper player (上家摸出)",
        "self-draw": f"a self-drawn {X} (自己摸出)",
        "lower-discard": f"{X} discarded by the lower player (下家打出)",
        "lower-draw": f"{X} drawn from the stock by the lower player (下家摸出)",
    }[source]


def _then(d: Decision, a: Action, lang: str, move: str) -> str:
    """What follows a 4-tile group: a discard, or none (八块)."""
    if a.discard:
        return f"；{move}后打出一张牌" if lang == "zh" else "; then discard one tile"
    if lang == "zh":
        return f"；这是第二次{_fours(d.rules)}（八块），不用打牌"
    return f"; this is a second {_fours(d.rules)} (八块), so no discard follows"


def _forced_en(move: str) -> str:
    return MOVE_ZH[move]


def _win(a: Action) -> Win:
    """The win of a 胡 action, which the obligations engine always gives it."""
    if a.win is None:
        raise ValueError("a 胡 action without its win")
    return a.win


def _onto(a: Action) -> str:
    """What the tile of a 提, 跑 or 招 joins (``Action.onto``), which the obligations engine always says."""
    if a.onto is None:
        raise ValueError(f"a {a.action} action without what the tile joins")
    return a.onto


# ---------------------------------------------------------------- actions

def action_text(d: Decision, a: Action, lang: str | None = None) -> str:
    """One sentence explaining why ``a`` is open to the player."""
    lang = resolve_lang(lang)
    s = _action_sentence(d, a, lang)
    if a.left is not None and d.rules.own_discard_makes_chou:  # a ruleset flag (RULES.md 7)
        s += "（打出的牌对你成为臭张）" if lang == "zh" else " (the tile you discard becomes 臭 for you)"
    return s


def _action_sentence(d: Decision, a: Action, lang: str) -> str:
    x, X = d.tile, glyph(d.tile)
    src = source_text(d.source, x, lang)
    zh = lang == "zh"
    forced = d.compulsory
    if a.action == "hu":
        w = _win(a)
        chou = x in d.chou or x in d.passed_peng
        discard = d.source.endswith("discard")
        if zh:
            s = f"胡（{w.how}）：{src}能胡，{w.huxi}胡息 → {w.deng}等 × {w.fan}番 = {w.score}分"
            if discard:
                s += "（打出的牌也能胡）"
            if chou:
                s += "；过张只能胡：过张仍然可以胡" if _hu_only(d) else "；臭张不挡胡（可以胡过张）"
            s += "；胡不是必须的"
            if forced:
                s += f"，不胡就必须{MOVE_ZH[forced.action]}"
            return s
        s = f"胡 (hu, {w.how}): {src} wins: {w.huxi} 胡息 → {w.deng} 等 × {w.fan} 番 = {w.score}"
        if discard:
            s += " (a discard may be won on: 包括玩家打出的牌)"
        if chou:
            s += ("; a passed tile may still be won on (过张只能胡)" if _hu_only(d) else
                  "; 臭 never blocks 胡 (可以胡过张)")
        s += "; 胡 is never compulsory"
        if forced:
            s += f", but if you do not win, the {_forced_en(forced.action)} is"
        return s
    if a.action == "ti":
        held = ONTO_ZH[_onto(a)] + X * 3
        if zh:
            return (f"提（必须）：自己摸出的{X}是你的{held}的第四张，必须提成{X * 4}，"
                    f"不提就是失提（罚{_penalty(d, '失提')}分）" + _then(d, a, lang, "提"))
        return (f"提 (ti, compulsory): {src} onto your {held} must become the 提 {X * 4}; "
                f"not making it is 失提 (−{_penalty(d, '失提')})" + _then(d, a, lang, "提"))
    if a.action == "wei":
        if zh:
            if a.chou_wei:
                return (f"偎（必须）：自己摸出的{X}配上手里的一对{X * 2}，必须偎成{X * 3}；"
                        f"你以前放过{X}的碰，这是臭偎（明偎），要亮张；偎后打出一张牌")
            return f"偎（必须）：自己摸出的{X}配上手里的一对{X * 2}，必须偎成{X * 3}（暗偎，不能忍偎）；偎后打出一张牌"
        if a.chou_wei:
            return (f"偎 (wei, compulsory): {src} onto your pair {X * 2} must become a 臭偎 {X * 3} "
                    f"(明偎), shown face up since you passed a 碰 of {X}; then discard one tile")
        return (f"偎 (wei, compulsory): {src} onto your pair {X * 2} must become the 偎 {X * 3}, "
                f"laid face down (偎牌; 不能忍偎); then discard one tile")
    if a.action == "pao":
        held = ONTO_ZH[_onto(a)] + X * 3
        if zh:
            note = "（碰过的牌只有底牌才能跑）" if a.onto == "peng" else ""
            return (f"跑（必须）：{src}是你的{held}的第四张{note}，必须跑成{X * 4}，"
                    f"不跑就是走跑（罚{_penalty(d, '走跑')}分）" + _then(d, a, lang, "跑"))
        note = " (a 碰 runs on a stock tile only)" if a.onto == "peng" else ""
        return (f"跑 (pao, compulsory): {src} is the fourth {X} of your {held}{note}: it must become "
                f"the 跑 {X * 4}; not making it is 走跑 (−{_penalty(d, '走跑')})" + _then(d, a, lang, "跑"))
    if a.action == "zhao":
        return _zhao_text(d, a, lang)
    if a.action == "peng":
        name = d.rules.name
        own = d.source == "self-draw"
        if zh:
            how = "必须碰（有碰必碰）" if a.compulsory else "可以不碰"
            mine = "，是你自己的碰（没有偎牌）" if own else ""
            then = "；碰后打出一张牌" if a.left is not None else "；碰后手里只剩坎牌，不用打牌"
            return f"碰（{how}）：{src}配上手里的一对{X * 2}碰成{X * 3}{mine}{then}"
        how = f"compulsory in {name} (有碰必碰)" if a.compulsory else f"optional in {name}"
        what = f"your own 碰 {X * 3} (there is no 偎 in {name})" if own else f"the 碰 {X * 3}"
        then = ("; then discard one tile" if a.left is not None else
                "; only 坎 tiles are left after it, so no discard follows")
        return f"碰 (peng, {how}): {src} with your pair {X * 2} makes {what}{then}"
    if a.action == "chi":
        return _chi_text(d, a, lang)
    if a.action == "pass":
        return _pass_text(d, a, lang)
    raise ValueError(f"unknown action {a.action!r}")


def _zhao_text(d: Decision, a: Action, lang: str) -> str:
    """招: the fourth tile onto one's 坎, or onto one's 碰 from the stock."""
    X = glyph(d.tile)
    src = source_text(d.source, d.tile, lang)
    onto = _onto(a)
    held = ONTO_ZH[onto] + X * 3
    take = d.rules.take[onto, TAKE_SOURCE[d.source]]
    if lang == "zh":
        how = "必须" if a.compulsory else "可以"
        note = "（碰过的牌只有底牌才能招）" if a.onto == "peng" else ""
        nobody = "，别的玩家不能胡这张牌（如果有玩家胡牌也不能胡）" if not take.others_win else ""
        return f"招（{how}）：{src}是你的{held}的第四张{note}，{how}招成{X * 4}{nobody}" + _then(d, a, lang, "招")
    how = "compulsory" if a.compulsory else "optional"
    note = " (a 碰 becomes a 招 on a stock tile only)" if a.onto == "peng" else ""
    nobody = "; no other player may win on it (如果有玩家胡牌也不能胡)" if not take.others_win else ""
    return (f"招 (zhao, {how}): {src} is the fourth {X} of your {held}{note}: it "
            f"{'must' if a.compulsory else 'may'} become the 招 {X * 4}{nobody}" + _then(d, a, lang, "招"))


def _chi_text(d: Decision, a: Action, lang: str) -> str:
    x, X = d.tile, glyph(d.tile)
    zh = lang == "zh"
    others = _others(a.chi, x)
    chi = _g(a.chi, lang)
    s = f"吃：用{others}吃{ORIGIN_ZH[d.source]}的{X}成{chi}" if zh else f"吃 (chi): eat {X} with {others} as {chi}"
    if a.bi:
        one = sum(b.count(x) for b in a.bi) == 1
        bis = ("和" if zh else " and ").join(_g(b, lang) for b in a.bi)
        if zh:
            left = f"手里剩下的{X}" if one else f"手里剩下的两张{X}"
            s += f"；{'一吃两比' if len(a.bi) == 2 else '比牌'}：{left}比成{bis}"
        else:
            left = f"the {X} still in hand" if one else f"the two {X} still in hand"
            s += f"; {'一吃两比' if len(a.bi) == 2 else '比'}: lay out {left} as {bis}"
    elif d.hand.concealed[x] == 0:
        s += f"，手里没有别的{X}，不用比" if zh else f"; no other {X} is in hand, so nothing to 比"
    return s + ("；吃后打出一张牌" if zh else "; then discard one tile")


def _peng_meld(d: Decision) -> bool:
    return any(m.kind == "peng" and m.tiles[0] == d.tile for m in d.hand.melds)


def _pass_text(d: Decision, a: Action, lang: str) -> str:
    X = glyph(d.tile)
    zh = lang == "zh"
    chi, peng = bool(a.becomes_chou_chi), bool(a.becomes_chou_peng)
    no_pao = _peng_meld(d) and d.source.endswith("discard")
    s = "过：不要这张牌" if zh else "过 (pass)"
    if _hu_only(d):
        if chi or peng:
            s += (f"；之后{X}成为过张（过张只能胡），以后只能胡，不能吃也不能碰" if zh else
                  f": {X} then becomes a 过张 (过张只能胡): afterwards it may only be won on, neither eaten nor 碰'd")
        else:
            s += "；不产生过张" if zh else ": nothing becomes a 过张"
    elif chi and peng:
        s += (f"；之后{X}对吃成为臭张（过张），这一局不能再吃，对碰也成为臭的，以后自己摸到{X}要臭偎" if zh else
              f": {X} then becomes 臭 for 吃 (过张: you may not eat it again this hand) and for 碰 "
              f"(a later self-drawn {X} is a 臭偎)")
    elif chi:
        s += (f"；之后{X}成为臭张（过张），这一局不能再吃" if zh else
              f": {X} then becomes 臭 for 吃 (过张): you may not eat it again this hand")
    elif peng:
        s += (f"；之后{X}对碰成为臭的，不能再碰，以后自己摸到{X}要臭偎" if zh else
              f": {X} then becomes 臭 for 碰: you may not 碰 it again, and a later self-drawn {X} is a 臭偎")
    else:
        s += "；不产生臭张" if zh else ": nothing becomes 臭"
    if no_pao:
        four = MOVE_ZH[(_makes(d.rules, "peng") or d.rules.four_kinds)[0]]
        s += (f"（打出的第四张{X}不能{four}你的碰{X * 3}）" if zh else
              f" (a discarded fourth {X} makes no {four} onto your 碰 {X * 3})")
    return s


# ---------------------------------------------------------------- forbidden

def forbidden_text(d: Decision, f: Forbidden, lang: str | None = None) -> str:
    """One sentence: the move, the rule that forbids it and the tiles."""
    lang = resolve_lang(lang)
    zh = lang == "zh"
    x, X = d.tile, glyph(d.tile)
    r = f.reason
    head = MOVE_ZH[f.action] + (_way(f.chi, f.bi, lang) if zh else (" " + _way(f.chi, f.bi, lang)).rstrip())
    sep = "：" if zh else ": "
    forced = f.detail[0] if r == "compulsory" and f.detail else (d.compulsory.action if d.compulsory else "")
    if r == "discard_no_hu":
        body = (f"{X}如果是底牌就能胡，但打出的牌不能胡（胡牌必须胡墩上的牌）" if zh else
                f"{X} would win as a stock tile, but a discard cannot be won on (胡牌必须胡墩上的)")
    elif r == "geshan":
        body = "不吃隔山牌，下家的牌不能吃" if zh else "不吃隔山牌: a tile from the lower player (下家) can never be eaten"
    elif r == "chi_from":
        body = _chi_from_text(d, lang)
    elif r == "chou" and _hu_only(d):
        body = (f"过张只能胡，{X}是过张（以前过了没有要），只能胡，不能吃（吃过张是违规，罚{_penalty(d, '臭张')}分）" if zh
                else f"过张只能胡: {X} is a 过张 for you (you passed it before), so it may only be won on, never "
                     f"eaten (eating a 过张 is a violation: 臭张 −{_penalty(d, '臭张')})")
    elif r == "chou":
        body = (f"不吃臭张，{X}是臭张（以前能吃没有吃），不能再吃（罚{_penalty(d, '臭张')}分）" if zh else
                f"不吃臭张: {X} is 臭 for you (you could eat it before and passed), so it may not be eaten "
                f"(臭张 −{_penalty(d, '臭张')})")
    elif r == "kan":
        if d.hand.concealed[x] == 3:
            made = _makes(d.rules, "kan")
            verbs = ("或" if zh else " or ").join(MOVE_ZH[k] + ("" if zh else "'d") for k in made)
            body = (f"{X}与手里的坎{X * 3}相同，不能吃（要{verbs}）" if zh else
                    f"a tile matching your 坎 {X * 3} is never eaten (it is {verbs})")
        else:
            kans = "、".join(glyph(t) * 3 for t in f.detail) if zh else " ".join(glyph(t) * 3 for t in f.detail)
            body = (f"{kans}是坎，坎牌不能用来吃或比（拆对不拆坎）" if zh else
                    f"{kans} {'is a 坎' if len(f.detail) == 1 else 'are 坎s'}, and 坎 tiles never take part "
                    f"in 吃 or 比 (拆对不拆坎)")
    elif r == "must_wei":
        verb = "碰" if f.action == "peng" else "吃"
        body = (f"自己摸出的{X}配上一对{X * 2}必须偎，不能{verb}" if zh else
                f"a self-drawn {X} onto your pair {X * 2} must be 偎'd (偎牌), never "
                f"{'碰' if f.action == 'peng' else 'eaten'}")
    elif r == "compulsory":
        if f.action == "pass":
            body = {
                "ti": (f"必须提，不提就是失提（罚{_penalty(d, '失提')}分）",
                       f"the 提 is compulsory: not making it is 失提 (−{_penalty(d, '失提')})"),
                "pao": (f"必须跑，不跑就是走跑（罚{_penalty(d, '走跑')}分）",
                        f"the 跑 is compulsory: not making it is 走跑 (−{_penalty(d, '走跑')})"),
                "wei": ("必须偎，不能忍偎", "the 偎 is compulsory (不能忍偎)"),
                "peng": ("必须碰（有碰必碰）", "the 碰 is compulsory (有碰必碰)"),
                "zhao": ("必须招，不招就是拆垅破坎（违规）",
                         "the 招 is compulsory: a tile that makes a 招 must be 招'd (拆垅破坎 is a violation)"),
            }[forced][0 if zh else 1]
        else:
            verb = "碰" if f.action == "peng" else "吃"
            body = (f"必须{MOVE_ZH[forced]}，不能{verb}{X}" if zh else
                    f"the {_forced_en(forced)} is compulsory, so {X} may not be "
                    f"{'碰' if f.action == 'peng' else 'eaten'}")
    elif r == "shaobi":
        body = _shaobi_text(d, f, lang)
    elif r == "no_discard":
        verb = MOVE_ZH[f.action]
        body = (f"{verb}后手里没有坎以外的牌可打，而{verb}后必须打出一张（坎牌不能打）" if zh else
                f"after it no tile outside a 坎 would be left, and a {verb} must be followed by a discard "
                f"(坎 tiles cannot be discarded)")
    elif r == "peng_passed" and _hu_only(d):
        must = d.rules.self_pair_must_wei if d.source == "self-draw" else d.rules.peng_compulsory
        beats = ("（过张胜过有碰必碰）" if zh else " (this beats 有碰必碰)") if must else ""
        body = (f"过张只能胡，{X}以前过过张，只能胡，不能碰" if zh else
                f"过张只能胡: {X} was passed before, so it may only be won on, never 碰'd") + beats
    elif r == "peng_passed":
        body = (f"{X}对碰是臭的：以前能碰没有碰，不能再碰（以后自己摸到要臭偎）" if zh else
                f"{X} is 臭 for 碰: you could 碰 it before and passed (a later self-drawn {X} is a 臭偎)")
    else:
        raise ValueError(f"unknown reason {r!r}")
    return head + sep + body


def _shaobi_text(d: Decision, f: Forbidden, lang: str) -> str:
    x, X = d.tile, glyph(d.tile)
    if f.chi is None:
        raise ValueError("a 烧比 is a way to eat: its forbidden 吃 names the group")
    others = _others(f.chi, x)
    remaining = d.hand.concealed[x] - list(f.chi).count(x) + 1
    stranded = len(f.detail)
    zh = lang == "zh"
    if remaining == 1:
        left = (f"手里剩下的{X}无法组成{'一列' if _lie(d.rules) else '一句话'}或绞牌，比不下来" if zh else
                f"the {X} left in hand can no longer form a group, so it cannot be laid out (比)")
    elif stranded == remaining:
        left = f"手里剩下的两张{X}都比不下来" if zh else f"neither of the two {X} left in hand can be laid out (比)"
    else:
        left = f"手里剩下的两张{X}只能比下一张" if zh else f"only one of the two {X} left in hand can be laid out (比)"
    name, p = d.rules.shaobi, _penalty(d, "烧比")
    roman, what, words, each = _SHAOBI.get(name, ("shaobi", "", "", False))
    if zh:
        if each:
            return f"{name}（{what}，要赔每家{p}分，{words}）：用{others}吃{X}后，{left}"
        return f"{name}（罚{p}分）：用{others}吃{X}后，{left}"
    if each:
        return f"{name} ({roman}, {what}: the offender pays each other player {p}, {words}): after eating {X} " \
               f"with {others}, {left}"
    return f"{name} ({roman}, −{p}): after eating {X} with {others}, {left}"


def _chi_from_text(d: Decision, lang: str) -> str:
    """Why a tile from this origin is not eaten under the ruleset (not the lower player's: 隔山)."""
    upper = set(d.rules.chi_from) == {"upper-discard", "upper-draw"}
    if lang == "zh":
        if upper:
            return "吃牌只能吃上家的，自己摸出的牌不能吃" if d.source == "self-draw" else "吃牌只能吃上家的"
        return f"{ORIGIN_ZH[d.source]}的牌不能吃（只能吃：{'、'.join(ORIGIN_ZH[o] for o in d.rules.chi_from)}）"
    if upper:
        own = ", never your own draw" if d.source == "self-draw" else ""
        return f"吃牌只能吃上家的: only the upper player's tiles (上家) are eaten{own}"
    return (f"under {d.rules.name} a tile {d.source} is never eaten (吃 takes only "
            f"{', '.join(d.rules.chi_from) or 'nothing'})")


# ---------------------------------------------------------------- rendering

def act_json(result: Decision, input_text: str, *, lang: str | None = None) -> dict:
    """The JSON object of a decision (README "JSON output", ``phz act``)."""
    lang = resolve_lang(lang)
    actions = []
    for a in result.actions:
        d = {"action": a.action, "compulsory": a.compulsory,
             "chi": glyphs(a.chi) if a.chi else None, "bi": [glyphs(b) for b in a.bi],
             "left": glyphs(a.left) if a.left is not None else None,
             "explain": action_text(result, a, lang)}
        if a.action == "hu":
            win = _win(a)
            d |= {"score": win.score, "how": win.how}
        elif a.action in ("ti", "pao", "zhao"):
            d["discard"] = a.discard
        elif a.action == "wei":
            d["chou_wei"] = a.chou_wei
        elif a.action == "pass":
            d["becomes_chou"] = {"chi": [glyph(t) for t in a.becomes_chou_chi],
                                 "peng": [glyph(t) for t in a.becomes_chou_peng]}
        actions.append(d)
    forbidden = [{"action": f.action, "chi": glyphs(f.chi) if f.chi else None,
                  "bi": [glyphs(b) for b in f.bi], "reason": f.reason,
                  "explain": forbidden_text(result, f, lang)} for f in result.forbidden]
    return {"input": input_text, "hand": result.hand.text(), "tile": glyph(result.tile),
            "from": result.source, "actions": actions, "forbidden": forbidden}


def forbidden_lines(result: Decision, lang: str | None = None, all_rows: bool = False) -> list[str]:
    """The moves not allowed, in sentences: one per move and reason, the ways to eat that fail for the
    same reason counted after the first ("and 5 more ways alike"); ``all_rows``: one per way."""
    lang = resolve_lang(lang)
    groups: dict[tuple, list[Forbidden]] = {}
    for f in result.forbidden:
        groups.setdefault((f.action, f.reason) if not all_rows else (f,), []).append(f)
    out = []
    for same in groups.values():
        text = forbidden_text(result, same[0], lang)
        if len(same) > 1:
            n = len(same) - 1
            text += f"（另有{n}种同理）" if lang == "zh" else f" (and {n} more way{'s' * (n > 1)} alike)"
        out.append(text)
    return out if all_rows else list(dict.fromkeys(out))


def act_lines(result: Decision, lang: str | None = None, limit: int | None = None, *,
              grouped: bool = False) -> list[str]:
    """Human-readable lines: the position, then each open and each forbidden move (``grouped``: the
    forbidden ones grouped by reason, ``forbidden_lines``), every line within ``limit`` columns (None:
    unwrapped)."""
    from .columns import fit

    lang = resolve_lang(lang)
    zh = lang == "zh"
    X = glyph(result.tile)
    if zh:
        lines = [f"{result.hand.text()}  +  {ORIGIN_ZH[result.source]}的{X}"]
    else:
        lines = [f"{result.hand.text()}  +  {X} {result.source} ({ORIGIN_ZH[result.source]})"]
    for a in result.actions:
        label = ("必须" if a.compulsory else "可以") if zh else ("must" if a.compulsory else "may")
        line = f"{label}{'：' if zh else ': '}{action_text(result, a, lang)}"
        if a.left:
            line += f"（从{glyphs(a.left)}中打出一张）" if zh else f" [discard from {glyphs(a.left)}]"
        lines.append(line)
    for text in forbidden_lines(result, lang, all_rows=not grouped):
        lines.append(f"{'不可以：' if zh else 'may not: '}{text}")
    return fit(lines, limit, indent="    ", words=not zh)
