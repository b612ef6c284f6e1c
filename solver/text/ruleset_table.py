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
from .catalogue import say
from .words import GROUP_ZH, ORIGIN_ZH

_PATTERN_NAMES = {"ju": "句", "ju123": "一二三", "ju2710": "二七十", "jiao": "绞", "jiang": "将"}


def list_rows(rulesets: Sequence[Ruleset], lang: str) -> str:
    """The table of ``phz rules list``."""
    head = (say("ruleset_table.list_name", lang), say("ruleset_table.list_title", lang),
            say("ruleset_table.list_min", lang), say("ruleset_table.list_wins_on", lang))
    rows = [(r.name, r.title, r.min_huxi, " ".join(s if lang == "en" else _source(s, lang) for s in r.win_on))
            for r in rulesets]
    return tabulate(rows, headers=head, disable_numparse=True)


def _source(s: str, lang: str) -> str:
    """Who revealed a tile (one of ``TAKE_SOURCES``): self-drawn, another's draw, another's discard."""
    return say(f"ruleset_table.source_{s}", lang)


def _pattern_name(p: str, sequence: str) -> str:
    return sequence if p == "ju" else _PATTERN_NAMES.get(p) or GROUP_ZH[p]


def _cell(r: Ruleset, holding: str, source: str, lang: str) -> str:
    take = r.take[holding, source]
    if take.makes == "free":
        return say("ruleset_table.free", lang)
    made = GROUP_ZH[take.makes]
    sep = " " if lang == "en" else ""
    text = f"{say('ruleset_table.must_make', lang)}{sep}{made}" if not take.po and take.compulsory else made
    if take.po:
        text += f"{sep}{say('ruleset_table.and_po', lang)}"
    if not take.others_win:
        text += "*"
    return text


def _condition(f, lang: str) -> str:
    if f.condition != "red":
        return say(f"ruleset_table.condition_{f.condition}", lang)
    how = ("none" if f.red_max == 0 else "exactly" if f.red_min == f.red_max else
           "more" if f.red_max >= 80 else "between")
    return say(f"ruleset_table.red_{how}", lang, lo=f.red_min, hi=f.red_max, _s="" if f.red_min == 1 else "s")


def show(r: Ruleset, lang: str) -> str:
    """The whole ruleset as tables (``phz rules show NAME``)."""
    game = say("ruleset_table.game", lang)
    out = [f"{r.name}: {r.title}",
           f"{say('ruleset_table.digest', lang)} {r.digest}" + (f" · {r.path}" if r.path else ""),
           f"{say('ruleset_table.melds', lang)}: {' '.join(GROUP_ZH[k] for k in r.melds)}", ""]
    rows = []
    for p in PATTERNS:
        if p in ("wei", "pao", "ti", "zhao", "long") and p not in r.melds:
            continue
        v = r.huxi[p]
        small, big = v[0] if p != "ju2710" else v[1], v[10] if p != "ju2710" else v[11]
        red_s, red_b = (v[1], v[11]) if p not in ("ju", "ju123", "ju2710", "jiao") else ("", "")
        rows.append((_pattern_name(p, r.sequence), small, big, "" if red_s == small else red_s, "" if red_b == big else red_b))
    head = (say("ruleset_table.pattern", lang), say("ruleset_table.small", lang), say("ruleset_table.big", lang),
            say("ruleset_table.red_small", lang), say("ruleset_table.red_big", lang))
    out.append(tabulate(rows, headers=head, disable_numparse=True))
    out += ["", say("ruleset_table.min", lang, n=r.min_huxi) + " · "
            + say("ruleset_table.deng", lang, b=r.deng_base, s=r.deng_step, a=r.deng_add)
            + " · " + say("ruleset_table.zimo", lang, n=r.self_draw_deng)]
    fans = [(f.name, _condition(f, lang), f.fan) for f in r.fans]
    if fans:
        out.append(tabulate(fans, headers=(say("ruleset_table.fans", lang), "", ""), disable_numparse=True))
    for names, fan in r.fan_overrides.items():
        if len(names) == 1:
            out.append(say("ruleset_table.alone", lang, name=next(iter(names)), fan=fan))
            continue
        together = " + ".join(sorted(names, key=r.fan_names.index))
        out.append(together + ": " + say("ruleset_table.instead", lang, fan=fan))
    out.append(say("ruleset_table.plain", lang, n=r.plain_fan) + " · "
               + say("ruleset_table.add" if r.fans_add else "ruleset_table.max", lang))
    out.append("")
    holdings = [h for h in HOLDINGS if (h, "self") in r.take]
    takes = [(say(f"ruleset_table.holding_{h}", lang), *(_cell(r, h, s, lang) for s in TAKE_SOURCES)) for h in holdings]
    out.append(tabulate(takes, headers=(say("ruleset_table.holds", lang), *(_source(s, lang) for s in TAKE_SOURCES)),
                        disable_numparse=True))
    if any(not t.others_win for t in r.take.values()):
        out.append(f"* {say('ruleset_table.others', lang)}")
    out.append("")
    chi = " ".join(o if lang == "en" else ORIGIN_ZH[o] for o in r.chi_from)
    peng = say("ruleset_table.must" if r.peng_compulsory else "ruleset_table.may", lang)
    passed = say(f"ruleset_table.passed_{r.passed}", lang)
    out += [f"{say('ruleset_table.win_on', lang)}: {' '.join(_source(s, lang) for s in r.win_on)}",
            f"{say('ruleset_table.peng', lang)}: {peng} · {say('ruleset_table.chi', lang)}: {chi}",
            f"{say('ruleset_table.passed', lang)}: {passed}"
            + (f" · {say('ruleset_table.own', lang)}" if r.own_discard_makes_chou else ""),
            f"{say('ruleset_table.shaobi', lang)} {r.shaobi}",
            f"{say('ruleset_table.penalties', lang)}: " + ", ".join(f"{k} {v}" for k, v in r.penalties.items()),
            f"{say('ruleset_table.weights', lang)}: "
            + ", ".join(f"{_source(s, lang)} {n}" for s, n in zip(TAKE_SOURCES, r.source_weights)),
            f"{game}: {say('ruleset_table.players', lang)} {r.game.players} · "
            f"{say('ruleset_table.deal', lang)} {'/'.join(map(str, r.game.deal))}"
            + (f" · {say('ruleset_table.sit', lang)}" if r.game.players == 4 else "")
            + (f" · {say('ruleset_table.buried', lang, n=r.game.buried)}" if r.game.players == 2 else ""),
            f"{game}: " + (say("ruleset_table.shown", lang) if r.game.shows_last else
                           say("ruleset_table.liang", lang) if r.game.liang else "—"),
            *([f"{game}: " + say("ruleset_table.red_up", lang)] if r.game.shows_last and r.game.red_last_up else []),
            f"{game}: " + say(f"ruleset_table.pay_{r.game.pay}", lang),
            f"{game}: " + say(f"ruleset_table.paid_{r.game.penalty_paid}", lang)]
    return "\n".join(out)


def as_json(r: Ruleset) -> str:
    """The ruleset's resolved content, with its name, title and digest, as one JSON line."""
    return json.dumps({"name": r.name, "title": r.title, "digest": r.digest, "path": r.path or None,
                       "rules": dict(r.data)}, ensure_ascii=False, default=dict)
