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
from .catalogue import say
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
        return say("explain.jiao", lang, g=text)
    return text


def _way(chi, bi, lang: str) -> str:
    if chi is None:
        return ""
    if not bi:
        return glyphs(chi)
    return say("explain.way_bi", lang, chi=glyphs(chi), bi=("、" if lang == "zh" else " ").join(glyphs(b) for b in bi))


def _others(chi, x: int) -> str:
    rest = list(chi)
    rest.remove(x)
    return glyphs(rest)


def source_text(source: str, x: int, lang: str) -> str:
    """The tile and where it comes from, as the subject of a sentence."""
    return say(f"explain.source_{source.replace('-', '_')}", lang, x=glyph(x))


def _then(d: Decision, a: Action, lang: str, move: str) -> str:
    """What follows a 4-tile group: a discard, or none (八块)."""
    if a.discard:
        return say("explain.then_discard", lang, _move=move)
    return say("explain.second_four", lang, fours=_fours(d.rules))


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
        s += say("explain.own_discard_chou", lang)
    return s


def _action_sentence(d: Decision, a: Action, lang: str) -> str:
    x, X = d.tile, glyph(d.tile)
    src = source_text(d.source, x, lang)
    forced = d.compulsory
    if a.action == "hu":
        w = _win(a)
        s = say("explain.hu", lang, how=w.how, src=src, huxi=w.huxi, deng=w.deng, fan=w.fan, score=w.score)
        if d.source.endswith("discard"):
            s += say("explain.hu_on_discard", lang)
        if x in d.chou or x in d.passed_peng:
            s += say("explain.hu_passed_guo" if _hu_only(d) else "explain.hu_passed_chou", lang)
        s += say("explain.hu_optional", lang)
        if forced:
            s += say("explain.hu_unless", lang, move=_forced_en(forced.action))
        return s
    if a.action == "ti":
        return say("explain.ti", lang, _src=src, _x=X, held=ONTO_ZH[_onto(a)] + X * 3, four=X * 4,
                   p=_penalty(d, "失提")) + _then(d, a, lang, "提")
    if a.action == "wei":
        return say("explain.wei_chou" if a.chou_wei else "explain.wei", lang, _src=src, x=X, _x=X, pair=X * 2,
                   three=X * 3)
    if a.action == "pao":
        note = say("explain.pao_onto_peng", lang) if a.onto == "peng" else ""
        return say("explain.pao", lang, src=src, _x=X, held=ONTO_ZH[_onto(a)] + X * 3, note=note, four=X * 4,
                   p=_penalty(d, "走跑")) + _then(d, a, lang, "跑")
    if a.action == "zhao":
        return _zhao_text(d, a, lang)
    if a.action == "peng":
        name = d.rules.name
        how = say("explain.peng_compulsory" if a.compulsory else "explain.peng_optional", lang, _name=name)
        then = say("explain.peng_then_discard" if a.left is not None else "explain.peng_then_none", lang)
        return say("explain.peng_own" if d.source == "self-draw" else "explain.peng", lang, how=how, src=src,
                   pair=X * 2, three=X * 3, _name=name, then=then)
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
    note = say("explain.zhao_onto_peng", lang) if a.onto == "peng" else ""
    nobody = say("explain.zhao_nobody_wins", lang) if not take.others_win else ""
    return say("explain.zhao_compulsory" if a.compulsory else "explain.zhao_optional", lang, src=src, _x=X,
               held=held, note=note, four=X * 4, nobody=nobody) + _then(d, a, lang, "招")


def _chi_text(d: Decision, a: Action, lang: str) -> str:
    x, X = d.tile, glyph(d.tile)
    s = say("explain.chi", lang, x=X, others=_others(a.chi, x), chi=_g(a.chi, lang), _origin=ORIGIN_ZH[d.source])
    if a.bi:
        one = sum(b.count(x) for b in a.bi) == 1
        bis = say("explain.chi_and", lang).join(_g(b, lang) for b in a.bi)
        left = say("explain.chi_left_one" if one else "explain.chi_left_two", lang, x=X)
        s += say("explain.chi_bi_two" if len(a.bi) == 2 else "explain.chi_bi_one", lang, left=left, bis=bis)
    elif d.hand.concealed[x] == 0:
        s += say("explain.chi_no_bi", lang, x=X)
    return s + say("explain.chi_then", lang)


def _peng_meld(d: Decision) -> bool:
    return any(m.kind == "peng" and m.tiles[0] == d.tile for m in d.hand.melds)


def _pass_text(d: Decision, a: Action, lang: str) -> str:
    X = glyph(d.tile)
    chi, peng = bool(a.becomes_chou_chi), bool(a.becomes_chou_peng)
    no_pao = _peng_meld(d) and d.source.endswith("discard")
    s = say("explain.pass", lang)
    if _hu_only(d):
        s += say("explain.pass_guo", lang, x=X) if chi or peng else say("explain.pass_no_guo", lang)
    elif chi and peng:
        s += say("explain.pass_chou_both", lang, x=X)
    elif chi:
        s += say("explain.pass_chou_chi", lang, x=X)
    elif peng:
        s += say("explain.pass_chou_peng", lang, x=X)
    else:
        s += say("explain.pass_no_chou", lang)
    if no_pao:
        four = MOVE_ZH[(_makes(d.rules, "peng") or d.rules.four_kinds)[0]]
        s += say("explain.pass_no_four", lang, x=X, four=four, three=X * 3)
    return s


# ---------------------------------------------------------------- forbidden

#: the penalty of not making a compulsory move, by the move (``forbidden_text``)
_NOT_MADE = {"ti": "失提", "pao": "走跑"}


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
        body = say("explain.no_hu_on_discard", lang, x=X)
    elif r == "geshan":
        body = say("explain.geshan", lang)
    elif r == "chi_from":
        body = _chi_from_text(d, lang)
    elif r == "chou":
        body = say("explain.chou_guo" if _hu_only(d) else "explain.chou", lang, x=X, p=_penalty(d, "臭张"))
    elif r == "kan":
        if d.hand.concealed[x] == 3:
            made = _makes(d.rules, "kan")
            verbs = say("explain.kan_or", lang).join(say("explain.kan_verb", lang, v=MOVE_ZH[k]) for k in made)
            body = say("explain.kan_match", lang, _x=X, three=X * 3, verbs=verbs)
        else:
            kans = ("、" if zh else " ").join(glyph(t) * 3 for t in f.detail)
            body = say("explain.kan_one" if len(f.detail) == 1 else "explain.kan_more", lang, kans=kans)
    elif r == "must_wei":
        body = say("explain.must_wei_peng" if f.action == "peng" else "explain.must_wei_chi", lang, x=X, pair=X * 2)
    elif r == "compulsory":
        if f.action == "pass":
            p = _penalty(d, _NOT_MADE[forced]) if forced in _NOT_MADE else None
            body = say(f"explain.compulsory_{forced}", lang, p=p)
        else:
            body = say("explain.compulsory_not_peng" if f.action == "peng" else "explain.compulsory_not_chi", lang,
                       move=_forced_en(forced), x=X)
    elif r == "shaobi":
        body = _shaobi_text(d, f, lang)
    elif r == "no_discard":
        body = say("explain.no_discard", lang, move=MOVE_ZH[f.action])
    elif r == "peng_passed" and _hu_only(d):
        must = d.rules.self_pair_must_wei if d.source == "self-draw" else d.rules.peng_compulsory
        body = say("explain.peng_guo", lang, x=X) + (say("explain.guo_beats_peng", lang) if must else "")
    elif r == "peng_passed":
        body = say("explain.peng_chou", lang, x=X)
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
    if remaining == 1:
        left = say("explain.shaobi_no_group_lie" if _lie(d.rules) else "explain.shaobi_no_group", lang, x=X)
    elif stranded == remaining:
        left = say("explain.shaobi_neither", lang, x=X)
    else:
        left = say("explain.shaobi_only_one", lang, x=X)
    name, p = d.rules.shaobi, _penalty(d, "烧比")
    roman, what, words, each = _SHAOBI.get(name, ("shaobi", "", "", False))
    return say("explain.shaobi_each" if each else "explain.shaobi", lang, name=name, _roman=roman, what=what, p=p,
               words=words, x=X, others=others, left=left)


def _chi_from_text(d: Decision, lang: str) -> str:
    """Why a tile from this origin is not eaten under the ruleset (not the lower player's: 隔山)."""
    upper = set(d.rules.chi_from) == {"upper-discard", "upper-draw"}
    if upper:
        return say("explain.chi_upper_only_self" if d.source == "self-draw" else "explain.chi_upper_only", lang)
    zh = lang == "zh"
    allowed = [ORIGIN_ZH[o] for o in d.rules.chi_from] if zh else list(d.rules.chi_from)
    return say("explain.chi_from" if allowed else "explain.chi_from_nothing", lang,
               allowed=("、" if zh else ", ").join(allowed), _name=d.rules.name, _source=d.source,
               _origin=ORIGIN_ZH[d.source])


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
            text += say("explain.more_alike", lang, n=n, _s="s" * (n > 1))
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
    lines = [say("explain.act_head", lang, hand=result.hand.text(), x=X, _source=result.source,
                 origin=ORIGIN_ZH[result.source])]
    for a in result.actions:
        label = say("explain.must" if a.compulsory else "explain.may", lang)
        line = f"{label}{'：' if zh else ': '}{action_text(result, a, lang)}"
        if a.left:
            line += say("explain.discard_from", lang, tiles=glyphs(a.left))
        lines.append(line)
    for text in forbidden_lines(result, lang, all_rows=not grouped):
        lines.append(say("explain.may_not", lang) + text)
    return fit(lines, limit, indent="    ", words=not zh)
