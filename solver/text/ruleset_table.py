"""A ruleset as a person reads it: ``phz rules list`` and ``phz rules show`` (en and zh, 80 columns).

>>> from solver.model.rules import get_ruleset
>>> print(show(get_ruleset("luzhou"), "en").splitlines()[0])
luzhou: 泸州大贰 (Luzhou Da'er)
"""
from __future__ import annotations

import json
from typing import Sequence

from tabulate import tabulate

from ..model.ruleset import HOLDINGS, PATTERNS, TAKE_SOURCES, Ruleset
from .words import GROUP_ZH, ORIGIN_ZH

_PATTERN_NAMES = {"ju": "句", "ju123": "一二三", "ju2710": "二七十", "jiao": "绞", "jiang": "将"}
_HOLDING = {"en": {"wei": "an exposed 偎", "peng": "an exposed 碰", "kan": "a concealed 坎",
                   "pair": "a concealed pair", "less": "one or none"},
            "zh": {"wei": "明偎", "peng": "明碰", "kan": "暗坎", "pair": "对子", "less": "一张或没有"}}
_SOURCE = {"en": {"self": "self-drawn", "other": "another's draw", "discard": "another's discard"},
           "zh": {"self": "自摸", "other": "别家摸出", "discard": "别家打出"}}
_RED = {"en": ("no red tile", "exactly {lo} red tile{s}", "{lo} or more red tiles", "{lo}–{hi} red tiles"),
        "zh": ("没有红字", "恰好{lo}张红字", "红字{lo}张以上", "红字{lo}–{hi}张")}
_CONDITION = {"en": {"red": "{lo}–{hi} red tiles", "all_triplets": "every 门子 a triplet or the pair",
                     "haidi": "won on the last stock tile (game)", "tianhu": "天胡 (game)", "dihu": "地胡 (game)",
                     "qishou": "起手胡 (game)"},
              "zh": {"red": "红字{lo}–{hi}张", "all_triplets": "全是坎碰偎跑提或将", "haidi": "海底（对局）",
                     "tianhu": "天胡（对局）", "dihu": "地胡（对局）", "qishou": "起手胡（对局）"}}
_WORDS = {
    "en": {"pattern": "group", "small": "small", "big": "big", "red_small": "red small", "red_big": "red big",
           "holds": "the hand holds", "sep": " ", "min": "a win needs {n} 胡息", "deng": "等 = (胡息 − {b}) // {s} + {a}",
           "zimo": "自摸 adds {n} 等", "fans": "番", "plain": "none: 平胡 {n} 番", "add": "several 花样 add their 番",
           "max": "the highest 花样 counts", "instead": "together: {fan} 番 instead",
           "alone": "{name} alone (no other 花样): {fan} 番 instead", "win_on": "wins on",
           "peng": "碰", "must": "compulsory (有碰必碰)", "may": "optional", "chi": "吃 from",
           "passed": "a passed tile", "chou": "臭 for the move passed (吃 or 碰)", "hu_only": "may only be won on",
           "own": "one's own discard makes it 臭", "shaobi": "the 比 offence", "weights": "expected-score weights",
           "penalties": "penalties", "players": "players", "deal": "deal", "sit": "one sits out, opposite the dealer (坐底)",
           "liang": "the dealer shows his 亮张", "shown": "no 亮张; the stock's last tile is shown and never won on",
           "red_up": "a red last tile moves to the stock's top", "buried": "of two: {n} tiles set aside (埋牌)",
           "yes": "yes", "no": "no", "free": "free", "or": "or", "and_po": "or 破跑", "must_make": "must become",
           "others": "others may not win on it", "melds": "melds", "digest": "content digest", "game": "game",
           "pay_each": "each other player pays the winner", "pay_discarder": "the discarder pays all",
           "third_to_each": "penalties: each other player receives a third",
           "to_each": "penalties: each other player receives the amount"},
    "zh": {"pattern": "门子", "small": "小", "big": "大", "red_small": "红小", "red_big": "红大",
           "holds": "手中已有", "sep": "", "min": "{n}胡息起胡", "deng": "等 = (胡息 − {b}) // {s} + {a}",
           "zimo": "自摸加{n}等", "fans": "番", "plain": "没有花样：平胡{n}番", "add": "花样番数累加",
           "max": "只算最大的花样", "instead": "同时出现：改为{fan}番",
           "alone": "只有{name}（没有别的花样）：改为{fan}番", "win_on": "可胡",
           "peng": "碰", "must": "有碰必碰", "may": "可碰可不碰", "chi": "可吃",
           "passed": "过张", "chou": "过吃过碰各自成臭", "hu_only": "过张只能胡",
           "own": "自己打出的牌也算臭", "shaobi": "比牌违规叫", "weights": "期望分权重",
           "penalties": "罚则", "players": "人数", "deal": "发牌", "sit": "四人时庄家对面坐底",
           "liang": "庄家亮张", "shown": "不亮张：墩底最后一张亮出，不能胡", "red_up": "红字换到墩面",
           "buried": "二人：埋牌{n}张",
           "yes": "是", "no": "否", "free": "自由", "or": "或", "and_po": "或破跑", "must_make": "必须成",
           "others": "别家不能胡", "melds": "门子种类", "digest": "内容摘要", "game": "对局",
           "pay_each": "其余每家各付胡家", "pay_discarder": "点炮者全付",
           "third_to_each": "罚分：其余各方各得三分之一", "to_each": "罚分：赔给其余每一家"},
}


def list_rows(rulesets: Sequence[Ruleset], lang: str) -> str:
    """The table of ``phz rules list``."""
    head = ("name", "title", "min 胡息", "wins on") if lang == "en" else ("名称", "规则", "起胡", "可胡")
    rows = [(r.name, r.title, r.min_huxi, " ".join(s if lang == "en" else _SOURCE[lang][s] for s in r.win_on))
            for r in rulesets]
    return tabulate(rows, headers=head, disable_numparse=True)


def _pattern_name(p: str, sequence: str) -> str:
    return sequence if p == "ju" else _PATTERN_NAMES.get(p) or GROUP_ZH[p]


def _cell(r: Ruleset, holding: str, source: str, lang: str) -> str:
    w = _WORDS[lang]
    take = r.take[holding, source]
    if take.makes == "free":
        return w["free"]
    made = GROUP_ZH[take.makes]
    text = f"{w['must_make']}{w['sep']}{made}" if not take.po and take.compulsory else made
    if take.po:
        text += f"{w['sep']}{w['and_po']}"
    if not take.others_win:
        text += "*"
    return text


def _condition(f, lang: str) -> str:
    if f.condition != "red":
        return _CONDITION[lang][f.condition]
    none, exactly, more, between = _RED[lang]
    text = none if f.red_max == 0 else exactly if f.red_min == f.red_max else more if f.red_max >= 80 else between
    return text.format(lo=f.red_min, hi=f.red_max, s="" if f.red_min == 1 else "s")


def show(r: Ruleset, lang: str) -> str:
    """The whole ruleset as tables (``phz rules show NAME``)."""
    w = _WORDS[lang]
    out = [f"{r.name}: {r.title}", f"{w['digest']} {r.digest}" + (f" · {r.path}" if r.path else ""),
           f"{w['melds']}: {' '.join(GROUP_ZH[k] for k in r.melds)}", ""]
    rows = []
    for p in PATTERNS:
        if p in ("wei", "pao", "ti", "zhao", "long") and p not in r.melds:
            continue
        v = r.huxi[p]
        small, big = v[0] if p != "ju2710" else v[1], v[10] if p != "ju2710" else v[11]
        red_s, red_b = (v[1], v[11]) if p not in ("ju", "ju123", "ju2710", "jiao") else ("", "")
        rows.append((_pattern_name(p, r.sequence), small, big, "" if red_s == small else red_s, "" if red_b == big else red_b))
    out.append(tabulate(rows, headers=(w["pattern"], w["small"], w["big"], w["red_small"], w["red_big"]),
                        disable_numparse=True))
    out += ["", w["min"].format(n=r.min_huxi) + " · " + w["deng"].format(b=r.deng_base, s=r.deng_step, a=r.deng_add)
            + " · " + w["zimo"].format(n=r.self_draw_deng)]
    fans = [(f.name, _condition(f, lang), f.fan) for f in r.fans]
    if fans:
        out.append(tabulate(fans, headers=(w["fans"], "", ""), disable_numparse=True))
    for names, fan in r.fan_overrides.items():
        if len(names) == 1:
            out.append(w["alone"].format(name=next(iter(names)), fan=fan))
            continue
        out.append(" + ".join(sorted(names, key=r.fan_names.index)) + ": " + w["instead"].format(fan=fan))
    out.append(w["plain"].format(n=r.plain_fan) + " · " + (w["add"] if r.fans_add else w["max"]))
    out.append("")
    holdings = [h for h in HOLDINGS if (h, "self") in r.take]
    takes = [(_HOLDING[lang][h], *(_cell(r, h, s, lang) for s in TAKE_SOURCES)) for h in holdings]
    out.append(tabulate(takes, headers=(w["holds"], *(_SOURCE[lang][s] for s in TAKE_SOURCES)),
                        disable_numparse=True))
    if any(not t.others_win for t in r.take.values()):
        out.append(f"* {w['others']}")
    out.append("")
    chi = " ".join(o if lang == "en" else ORIGIN_ZH[o] for o in r.chi_from)
    out += [f"{w['win_on']}: {' '.join(_SOURCE[lang][s] for s in r.win_on)}",
            f"{w['peng']}: {w['must'] if r.peng_compulsory else w['may']} · {w['chi']}: {chi}",
            f"{w['passed']}: {w[r.passed]}" + (f" · {w['own']}" if r.own_discard_makes_chou else ""),
            f"{w['shaobi']} {r.shaobi}",
            f"{w['penalties']}: " + ", ".join(f"{k} {v}" for k, v in r.penalties.items()),
            f"{w['weights']}: " + ", ".join(f"{_SOURCE[lang][s]} {n}" for s, n in zip(TAKE_SOURCES, r.source_weights)),
            f"{w['game']}: {w['players']} {r.game.players} · {w['deal']} {'/'.join(map(str, r.game.deal))}"
            + (f" · {w['sit']}" if r.game.players == 4 else "")
            + (f" · {w['buried'].format(n=r.game.buried)}" if r.game.players == 2 else ""),
            f"{w['game']}: " + (w["shown"] if r.game.shows_last else w["liang"] if r.game.liang else "—"),
            *([f"{w['game']}: " + w["red_up"]] if r.game.shows_last and r.game.red_last_up else []),
            f"{w['game']}: " + w[f"pay_{r.game.pay}"], f"{w['game']}: " + w[r.game.penalty_paid]]
    return "\n".join(out)


def as_json(r: Ruleset) -> str:
    """The ruleset's resolved content, with its name, title and digest, as one JSON line."""
    return json.dumps({"name": r.name, "title": r.title, "digest": r.digest, "path": r.path or None,
                       "rules": dict(r.data)}, ensure_ascii=False, default=dict)
