"""The names of things as a person reads them, each table once (the model's notation has the meld names)."""
from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Callable

from ..model.groups import GROUP_KINDS
from ..model.hand import MELD_ZH
from ..model.results import ACTIONS, ORIGIN_ZH
from .catalogue import entries
from .terms import file_zh

if TYPE_CHECKING:
    import re

    from ..game.moves import Move
    from ..model.results import Shape

__all__ = ["CONDITION_TEXT", "CONDITION_ZH", "GROUP_ZH", "MELD_ZH", "MOVE_ZH", "ONTO_ZH", "ORIGIN_ZH", "SOURCE_TEXT",
           "TAG_ZH", "tag_in"]

#: a 门子 by its kind (句 for a sequence and for 二七十; 将 the pair; 吃 an exposed 吃 meld)
GROUP_ZH = {"ju": "句", "jiao": "绞", "kan": "坎", "peng": "碰", "wei": "偎", "pao": "跑", "ti": "提",
            "zhao": "招", "long": "垅", "jiang": "将", "chi": "吃"}
#: a move at a decision point
MOVE_ZH = {"hu": "胡", **MELD_ZH, "pass": "过"}
#: what a tile joins in a 提, 偎, 跑 or 碰
ONTO_ZH = {"kan": "坎", "wei": "偎", "peng": "碰"}
#: who revealed a winning tile, in English
SOURCE_TEXT = {"self": "self-drawn", "other": "from another player", "discard": "on another player's discard"}
#: the context a game gives a win (ruleset.GAME_CONDITIONS): its Chinese name, and the tile or hand in English
CONDITION_ZH = {"haidi": "海底", "tianhu": "天胡", "dihu": "地胡", "qishou": "起手胡"}
CONDITION_TEXT = {"haidi": "the last stock tile", "tianhu": "a dealt hand", "dihu": "the dealer's first discard",
                  "qishou": "the 亮张"}


#: the tags of the puzzles and drills that hold English words, in Chinese (the others are Chinese already)
TAG_ZH = {"1 away": "差一步", "2 away": "差两步", "compulsory 碰": "必须碰", "dead wait": "绝张", "dead 进张": "绝了的进张",
          "discard win": "胡打出的牌", "discard-only wait": "只胡打出的牌", "distance first": "先看差几步",
          "expected score": "期望得分", "forced 偎": "必须偎", "forced 提": "必须提", "forced 跑": "必须跑",
          "live copies": "剩余张数", "lower-discard": "下家打出", "lower-draw": "下家摸出", "no discard": "没有牌可打",
          "no 偎": "不能偎", "no 破跑": "不能破跑", "not ready": "未听牌", "other-only wait": "只胡别家摸的牌",
          "outs": "胡张数", "own 碰": "自己碰", "peng_passed": "过碰", "score first": "先看得分", "seen": "见过的牌",
          "self-draw": "自己摸出", "self-only wait": "只能自摸", "upper-discard": "上家打出", "upper-draw": "上家摸出",
          "坎 locked": "坎不能拆", "胡息 short": "胡息不够"}


def tag_in(tag: str, lang: str) -> str:
    """A puzzle's or drill's tag as a person reads it in ``lang`` (the tags a ruleset makes: ``forced 招``,
    ``no 吃 self-draw``, ``no self win`` by their parts).

    >>> tag_in("坎 locked", "zh"), tag_in("forced 招", "zh"), tag_in("no 吃 self-draw", "zh"), tag_in("no self win", "zh")
    ('坎不能拆', '必须招', '不能吃自己摸出的牌', '不能胡自摸')
    """
    if lang != "zh":
        return tag
    if tag in TAG_ZH:
        return TAG_ZH[tag]
    if tag.startswith("forced "):
        return "必须" + tag.removeprefix("forced ")
    if tag.startswith("no 吃 ") and tag[5:] in ORIGIN_ZH:
        return f"不能吃{ORIGIN_ZH[tag[5:]]}的牌"
    source = {"no self win": "自摸", "no other win": "别家摸出的牌", "no discard win": "打出的牌"}.get(tag)
    return f"不能胡{source}" if source else tag


def group_zh(kind: str, sequence: str = "句") -> str:
    """The Chinese name of a 门子 kind, a sequence called as the ruleset calls it (句; luzhou 列)."""
    return sequence if kind == "ju" else GROUP_ZH[kind]

assert set(GROUP_ZH) == set(GROUP_KINDS) and set(MOVE_ZH) >= set(ACTIONS)


def discarded(move: Move) -> int:
    """The tile a discard (or the discard after a claim) discards: ``Move.tile``, which a discard always has."""
    if move.tile is None:
        raise ValueError(f"a {move.kind} move names no tile to discard")
    return move.tile


def eaten(move: Move) -> Shape:
    """The group holding the eaten tile of a 吃: ``Move.chi``, which a 吃 always has."""
    if move.chi is None:
        raise ValueError(f"a {move.kind} move names no group to eat with")
    return move.chi


#: what could not be done to a file, in Chinese
_DO_ZH = {"read": "读不了 ", "create": "建不了 ", "write to": "写不了 "}
_Patterns = list[tuple[str, "str | Callable[[re.Match[str]], str]"]]
#: the model's error messages a person meets most, in Chinese (``error_in``): pattern -> replacement; then
#: a ruleset file's (``ruleset_errors``) and a game record's (``record_errors``, whose header may hold a
#: ruleset), added when an error is first said (``_errors_zh``)
_OWN_ERRORS_ZH: _Patterns = [
    (r": no such (\w+) file$", lambda m: f"：没有这个{file_zh(m[1])}文件"),
    (r": is a directory, not a (\w+) file$", lambda m: f"：是文件夹，不是{file_zh(m[1])}文件"),
    (r": cannot read it \((.+)\)$", lambda m: f"：读不了（{m[1]}）"),
    (r": not UTF-8 text \(byte (0x[0-9a-f]{2}) at offset (\d+)\)", lambda m: f"：不是 UTF-8 文本（第{m[2]}字节是{m[1]}）"),
    (r"(\d+) concealed tiles: a hand at rest( with (\d+) melds?)? holds (\d+)",
     lambda m: f"暗牌{m[1]}张：{'有' + m[3] + '个副露的' if m[2] else ''}等牌的手牌应有{m[4]}张"),
    (r"(\d+) concealed tiles: a hand to discard from( with (\d+) melds?)? holds (\d+)",
     lambda m: f"暗牌{m[1]}张：{'有' + m[3] + '个副露的' if m[2] else ''}要打牌的手牌应有{m[4]}张"),
    (r" \(this count fits a hand to discard from: use `phz discard`\)", "（这个张数是要打牌的手牌：用 `phz discard`）"),
    (r" \(this count fits a hand at rest: use `phz ting`\)", "（这个张数是等牌的手牌：用 `phz ting`）"),
    (r"(\d+) copies of (\S) across hand, melds( and (.+?))?: a tile has only 4 copies",
     lambda m: f"{m[2]}在手牌、副露{'和' + m[4] if m[3] else ''}里共有{m[1]}张：每种牌只有4张"),
    (r"four (\S) concealed: four of a kind must already be laid out as a (\S) \((.+?)\)",
     lambda m: f"暗牌里有四张{m[1]}：四张相同的牌要先亮出成{m[2]}（{m[3]}）"),
    (r"too many melds: (\d+) melds leave no room for a 7-门子 hand \(at most 6\)",
     lambda m: f"副露太多：{m[1]}个副露凑不成7个门子（最多6个）"),
    (r"unknown source (.+?): use (.+)", lambda m: f"未知的来源 {m[1]}：用 {m[2].replace(' or ', ' 或 ')}"),
    (r"(.+) is not one tile", lambda m: f"{m[1]} 不是一张牌"),
    (r"^--stock (\d+): only (\d+) tiles are unseen; give --stock 0 to (\d+)",
     lambda m: f"--stock {m[1]}：没见过的牌只有{m[2]}张；--stock 请给 0 到 {m[3]}"),
    (r"^--stock (-\d+): the stock holds 0 tiles or more", lambda m: f"--stock {m[1]}：墩里的牌不能少于0张"),
    (r"^--samples (-?\d+): give at least 1 deal per choice \(default (\d+); --rank outs orders by distance and "
     r"进张 alone\)", lambda m: f"--samples {m[1]}：每个选择至少要1副发牌（默认{m[2]}；--rank outs 只按差几步和进张排序）"),
    (r"^--samples (\d+): at most (\d+) deals per choice \(default (\d+)\)",
     lambda m: f"--samples {m[1]}：每个选择最多{m[2]}副发牌（默认{m[3]}）"),
    (r"^(--[a-z-]+): ", lambda m: f"{m[1]}："),
    (r"cannot (read|create|write to) (.+?): ", lambda m: f"{_DO_ZH[m[1]]}{m[2]}："),
    (r"cannot make the folder (.+?): (.+?); name a folder you can write to",
     lambda m: f"建不了文件夹 {m[1]}：{m[2]}；请给一个能写的文件夹"),
]


@cache
def _errors_zh() -> _Patterns:
    """Every pattern ``error_in`` applies: this module's, then a ruleset file's and a record's, made when an
    error is first said in Chinese (every command starts without their tables)."""
    from .record_errors import RECORD_ERRORS_ZH
    from .ruleset_errors import RULESET_ERRORS_ZH
    return [*_OWN_ERRORS_ZH, *RULESET_ERRORS_ZH, *RECORD_ERRORS_ZH]


def error_in(message: str, lang: str) -> str:
    """An error ``message`` of the model in ``lang``: in zh the messages of ``_errors_zh`` translated
    (their tiles and figures kept), any other left as it is.

    >>> error_in("21 concealed tiles: a hand at rest holds 20 (this count fits a hand to discard from: "
    ...          "use `phz discard`)", "zh")
    '暗牌21张：等牌的手牌应有20张（这个张数是要打牌的手牌：用 `phz discard`）'
    >>> error_in("--seen: 'Q' is not one tile", "zh"), error_in("no such thing", "zh")
    ("--seen：'Q' 不是一张牌", 'no such thing')
    """
    import re

    if lang != "zh":
        return message
    from .ruleset_errors import RULESET_SUFFIXES_ZH
    for pattern, after in RULESET_SUFFIXES_ZH:  # said after the message, which is said on its own first
        found = re.search(pattern, message)
        if found:
            return error_in(message[:found.start()], lang) + found.expand(after)
    for pattern, zh in _errors_zh():
        message = re.sub(pattern, zh, message)
    for text, zh in _os_errors_zh():
        message = message.replace(text, zh)
    return message


@cache
def _os_errors_zh() -> tuple[tuple[str, str], ...]:
    """(this system's text of an OS error, its Chinese) for the errors of the catalogue's ``os_errors``
    (keyed by the error's name: the text differs between systems)."""
    import errno
    import os

    found = []
    for name, entry in entries("os_errors").items():
        code = getattr(errno, name.upper(), None)
        if code is not None:
            found.append((os.strerror(code), entry["zh"]))
    return tuple(found)
