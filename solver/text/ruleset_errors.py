"""The errors of a ruleset file that cannot be used in Chinese: ``RULESET_ERRORS_ZH``, the patterns
``words.error_in`` applies after its own and before a record's (``record_errors``: a record's header may
hold a ruleset, whose errors come inside a record's), and ``RULESET_SUFFIXES_ZH``, what the commands say
after such an error (the default ruleset's origin), said after the message's own Chinese.

A ruleset file's error is one line, "FILE: field 'score.min_huxi' …" (``ruleset_file.RulesetError``, its
``_Fields.fail``, ``ruleset_game``, and a file's or its TOML's refusal, ``files``).  The file's name,
field names, tiles, numbers and the values read (quoted, or as Python writes them: True, None and a TOML
date said the TOML way) are kept; the game's words are the game's own Chinese (胡息, 等, 番, 吃, 碰, 将, 句).

>>> from solver.text.words import error_in
>>> print(error_in("mine.toml: field 'score.deng_add' gives -1 等 at the minimum of 10 胡息: a win must be "
...                "worth at least 1 (set score.deng_base = 10, or score.deng_add = 3)", "zh"))
mine.toml：字段 'score.deng_add' 在最低的 10 胡息只得 -1 等：胡牌至少要值 1 等（设 `score.deng_base = 10`，或 `score.deng_add = 3`）
>>> print(error_in("m.toml: field 'game.tianhu' must be a string, not datetime.date(1979, 5, 27)", "zh"))
m.toml：字段 'game.tianhu' 应为字符串，而不是 日期 1979-05-27
"""
from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Callable

from .terms import file_zh

if TYPE_CHECKING:
    import re

__all__ = ["RULESET_ERRORS_ZH", "RULESET_SUFFIXES_ZH"]

#: what a field holds (ruleset_file._TYPE_WORDS)
_TYPES = {"a whole number": "整数", "a number": "数", "true or false": "true 或 false", "a string": "字符串",
          "a list": "列表", "a table": "表"}
#: tomllib's messages (``TOMLDecodeError``, its place dropped): fixed ones, then ones naming a key or a character
_TOML = {"Cannot overwrite a value": "不能覆盖已有的值", "Escaped character is not a Unicode scalar value": "转义得到的不是合法的字符",
         "Expected '=' after a key in a key/value pair": "键的后面应是 '='",
         "Expected ']' at the end of a table declaration": "表头的末尾应是 ']'",
         "Expected ']]' at the end of an array declaration": "表数组头的末尾应是 ']]'",
         "Expected newline or end of document after a statement": "一条语句之后应换行或结束",
         "Invalid date or datetime": "日期或日期时间无效", "Invalid hex value": "十六进制值无效",
         "Invalid initial character for a key part": "键以不允许的字符开头", "Invalid statement": "无效的语句",
         "Invalid value": "无效的值", "Unclosed array": "数组没有闭合", "Unclosed inline table": "内联表没有闭合",
         "Unescaped '\\' in a string": "字符串里有没转义的 '\\'", "Unterminated string": "字符串没有结尾"}
_TOML_NAMING = {r"Cannot declare (.+) twice": r"\1 声明了两次", r"Cannot mutate immutable namespace (.+)": r"不能改动已定下的 \1",
                r"Cannot redefine namespace (.+)": r"不能重新定义 \1", r"Duplicate inline table key (.+)": r"内联表里的键 \1 重复了",
                r"Expected (.+)": r"这里应是 \1", r"Found invalid character (.+)": r"有无效的字符 \1",
                r"Illegal character (.+)": r"有不允许的字符 \1"}

_R = r"""(?:'[^'\\]*(?:\\.[^'\\]*)*'|"[^"\\]*(?:\\.[^"\\]*)*")"""  # a text as Python writes it (repr)
_F = rf"field ({_R})"
_TYPE = "|".join(_TYPES)
#: a TOML date, time or date-time as Python writes it (repr), whole or cut short (``shown.value_text``)
_WHEN = (r"datetime\.(date|time|datetime)\((\d+(?:, \d+)*)(?:(, tzinfo=datetime\.timezone(?:\.utc|\(datetime\."
         r"timedelta\((?:days=(-1), )?seconds=(\d+)\)\)))?\)|([^…]*)… \([\d,]+ characters\))")


def _when(m: re.Match[str]) -> str:
    """A TOML date or time as Python wrote it, as TOML writes it: datetime.date(1979, 5, 27) -> 日期 1979-05-27."""
    numbers = [int(x) for x in m[2].split(", ")]
    if m[6] == "":
        numbers.pop()  # cut short inside a number (or at its end: it may be whole)
    kind = {"date": "日期", "time": "时刻", "datetime": "日期时间"}[m[1]]
    try:
        made = {"date": datetime.date, "time": datetime.time, "datetime": datetime.datetime}[m[1]](*numbers)
    except (TypeError, ValueError):
        return f"{kind}（{', '.join(map(str, numbers))}…）"
    said = made.isoformat(" ") if isinstance(made, datetime.datetime) else made.isoformat()
    if m[3]:
        offset = datetime.timedelta(days=int(m[4] or 0), seconds=int(m[5] or 0))
        sign, offset = ("-", -offset) if offset < datetime.timedelta(0) else ("+", offset)
        said += f"{sign}{offset.seconds // 3600:02d}:{offset.seconds // 60 % 60:02d}"
    return f"{kind} {said}" + ("（后面略去）" if m[6] is not None else "")


def _value(text: str) -> str:
    """A value Python wrote (repr): True, False and None as TOML and JSON say them, outside its quoted texts."""
    import re

    words = {"True": "true", "False": "false", "None": "null"}
    return re.sub(rf"({_R})|\b(True|False|None)\b", lambda m: m[1] or words[m[2]], text)


def _listed(text: str) -> str:
    """Names listed with commas (choices, fields), each in quotes, listed the Chinese way."""
    return "、".join(f"'{x}'" for x in text.split(", "))


def _should(what: str) -> str:
    zh = _TYPES[what]
    return f"应为{' ' if zh[0].isascii() else ''}{zh}"


def _toml(m: re.Match[str]) -> str:
    import re

    said = _TOML.get(m[1])
    for pattern, zh in _TOML_NAMING.items():
        if said is None and re.fullmatch(pattern, m[1]):
            said = re.sub(pattern, zh, m[1])
    where = "文件末尾" if m[4] else f"第 {m[2]} 行第 {m[3]} 列"
    return f"不是有效的 TOML（{where}：{said or m[1]}）"


def _size(text: str) -> str:
    return text.replace(" bytes", " 字节")


#: what the commands say after a ruleset's error (``options.RulesetType``; ``ruleset_file.default_name``):
#: ``words.error_in`` says the message before it in Chinese, then this
RULESET_SUFFIXES_ZH: list[tuple[str, str]] = [
    (r" \(the default ruleset, set in (.+)\)$", r"（这是默认规则，由 \1 指定）"),
    (r" \(the config file naming the default ruleset: fix it, or remove it to use (\S+)\)$",
     r"（这是指定默认规则的配置文件：改好它，或者删掉它，就用 \1）"),
]

RULESET_ERRORS_ZH: list[tuple[str, str | Callable[[re.Match[str]], str]]] = [
    # where: "FILE: …" (the file; "FILE with 2 players": its rules at another table, ruleset_file.seated)
    (rf": (?=unknown {_F} \((?:did you mean|known here)|{_F} |missing field 'schema'|schema = \d|not valid TOML \()",
     "："),  # (a record's "unknown field 'x' in the header" is its own)
    (r" with (\d) players(?=：)", r"（\1 人桌）"),
    (_WHEN, _when),
    # a file that is no ruleset file (files.read_bytes: a file that grew while read; for any file phz reads)
    (r": is more than a (\w+) file may be \(([\d.]+ [KMG]B|\d+ bytes)\)$",
     lambda m: f"：超过了{file_zh(m[1])}文件的上限（{_size(m[2])}）"),
    # the file as TOML (ruleset_file._resolve, files.loads_toml; a record's line has its own words)
    (r"not valid TOML \((.+?) \(at (?:line (\d+), column (\d+)|(end of document))\)\)$", _toml),
    (r"(?<!the line) nests (?:too many levels|(\d+) levels) deep: at most (\d+) are read$",
     lambda m: f" 嵌套{'了 ' + m[1] + ' 层' if m[1] else '太深'}：最多只读 {m[2]} 层"),
    (r"(?<!the line) holds a number of more than ([\d,]+) digits$", r" 里有一个超过 \1 位的数"),
    (r"missing field 'schema' \(this phz reads schema = (\d+)\)", r"缺少字段 'schema'（这个 phz 读的是 `schema = \1`）"),
    (r"schema = (\d+) is not known to this phz \(it reads schema = (\d+)\)",
     r"这个 phz 不认识 `schema = \1`（它读的是 `schema = \2`）"),
    # the base, and a ruleset by its name
    (rf"field 'base': unknown ruleset ({_R}) \(choose one of (.+?), or a path\)$",
     r"字段 'base'：没有 \1 这套规则（从 \2 里选，或者给一个路径）"),
    (rf"field 'base': ({_R}) starts from itself$", r"字段 'base'：从 \1 出发，又回到了它自己"),
    (r"unknown ruleset ('.+?'): choose one of (.+?), or give a file \(a path with / or ending in \.toml\)",
     r"没有 \1 这套规则：从 \2 里选，或者给一个规则文件（含 / 或以 .toml 结尾的路径）"),
    # every field: known, of its type, in its range, one of its choices, present (_check_fields, _Fields)
    (rf"unknown field ({_R}) \(did you mean ({_R})\?\)", r"未知字段 \1（是不是 \2？）"),
    (rf"unknown field ({_R}) \(known here: (.+)\)$", lambda m: f"未知字段 {m[1]}（这里可用：{_listed(m[2])}）"),
    (rf"{_F} must be ({_TYPE}), not (.+)$", lambda m: f"字段 {m[1]} {_should(m[2])}，而不是 {_value(m[3])}"),
    (rf"{_F} must be a table$", r"字段 \1 应为表"),
    (rf"{_F} must be a list of tables \((\[\[.+\]\])\)$", r"字段 \1 应为表数组（\2）"),
    (rf"{_F} is (.+?): give (-?\d+) to (-?\d+)$", r"字段 \1 是 \2：请给 \3 到 \4 之间的值"),
    (rf"{_F} is ({_R}): choose one of (.+)$", lambda m: f"字段 {m[1]} 是 {m[2]}：从 {_listed(m[3])} 里选一个"),
    (rf"{_F} is ({_R}): for this holding choose one of (.+)$",
     lambda m: f"字段 {m[1]} 是 {m[2]}：手里这样的牌只能从 {_listed(m[3])} 里选一个"),
    (rf"{_F} holds (.+?): choose among (.+)$", lambda m: f"字段 {m[1]} 里有 {_value(m[2])}：只能从 {_listed(m[3])} 里选"),
    (rf"{_F} names something twice$", r"字段 \1 里有重复的名字"),
    (rf"{_F} is missing$", r"缺少字段 \1"),
    # the name and the groups (ruleset_file._make)
    (rf"{_F} is ({_R}): use lower-case letters, digits and - \(at most (\d+)\)$",
     r"字段 \1 是 \2：只能用小写字母、数字和 -（最多 \3 个）"),
    (rf"{_F} is ({_R}), a shipped ruleset's: give your rules a name of their own$",
     r"字段 \1 是 \2，这是自带规则的名字：给你的规则另起一个名字"),
    (rf"{_F} must be a list of names$", r"字段 \1 应为名字的列表"),
    (rf"{_F} lacks ({_R}): every ruleset has 吃 and 碰$", r"字段 \1 缺少 \2：每套规则都有吃和碰"),
    (rf"{_F} has no 4-tile group \(pao, ti, zhao or long\)$",
     r"字段 \1 里没有四张一组的门子（跑 'pao'、提 'ti'、招 'zhao' 或垅 'long'）"),
    (rf"{_F} must map a meld kind this ruleset lacks onto one of groups\.melds$",
     r"字段 \1 应把这套规则没有的一种门子对应到 'groups.melds' 里的一种"),
    (rf"{_F} must say, for a meld kind this ruleset lacks, why$", r"字段 \1 应说明这套规则为什么没有这种门子"),
    (rf"{_F} is given, but ({_R}) is not among groups\.melds$", r"给了字段 \1，但 \2 不在 'groups.melds' 里"),
    # 胡息 (ruleset_file._tile_values)
    (rf"{_F} is for triplets, quads and the pair only \(a sequence's 胡息 is per case\)$",
     r"字段 \1 只用于三张、四张一样的门子和将（句的胡息按情形分别给）"),
    (rf"{_F} names ({_R}), which is not a tile \(一\.\.十, 壹\.\.拾\)$", r"字段 \1 里的 \2 不是一张牌（一..十、壹..拾）"),
    (rf"{_F} must be 0: a 将 pair carries no 胡息 in phz$", r"字段 \1 应为 0：在 phz 里将不算胡息"),
    # 等 and 番
    (rf"{_F} gives (-?\d+) 等 at the minimum of (\d+) 胡息: a win must be worth at least 1 \(set "
     r"(score\.deng_base = \d+), or (score\.deng_add = -?\d+)\)$",
     r"字段 \1 在最低的 \3 胡息只得 \2 等：胡牌至少要值 1 等（设 `\4`，或 `\5`）"),
    (rf"{_F} and red_max are needed by a red condition$", r"条件 'red' 要有字段 \1 和 'red_max'"),
    (rf"{_F} needs a fan of at least 1 and 0 <= red_min <= red_max$",
     r"字段 \1 的番至少为 1，且要 `0 <= red_min <= red_max`"),
    (rf"{_F} names a fan twice$", r"字段 \1 里有一个番名写了两次"),
    (rf"{_F} needs names of one or more fans of score\.fans and a fan$",
     r"字段 \1 要有 'names'（'score.fans' 里的一个或几个番名）和 'fan'"),
    # how a tile is taken, and the play
    (rf"{_F} is true, but the tile makes no group \(free\)$", r"字段 \1 是 true，但这张牌不组成门子（'free'）"),
    (rf"{_F} is true, but the tile makes no group to break \(free\)$",
     r"字段 \1 是 true，但这张牌不组成门子，无可破（'free'）"),
    (rf"{_F} is empty: a ruleset must win on some tile$", r"字段 \1 是空的：规则总得能胡某种来源的牌"),
    (rf"{_F} are all 0 for the sources of play\.win_on$", r"字段 \1 里，'play.win_on' 的各个来源都是 0"),
    # the penalties and the game (ruleset_game)
    (rf"{_F} is (.+?): a penalty is a whole number, 0 or more$", lambda m: f"字段 {m[1]} 是 {_value(m[2])}：罚分应为 0 或更大的整数"),
    (rf"{_F} has no amount for ({_R}) \(play\.shaobi\)$", r"字段 \1 没有 \2 的罚分（'play.shaobi'）"),
    (rf"{_F} has no amount for ({_R}): a lenient replay of a game record charges it$",
     r"字段 \1 没有 \2 的罚分：宽松回放对局记录时会罚它"),
    (rf"{_F} must give one tile count per player who plays \((\d) of (\d): with four at the table one sits out\)$",
     r"字段 \1 应给每个上场的人一个张数（\3 人里 \2 人上场：四人桌有一人坐底）"),
    (rf"{_F} deals (\d+) tiles: there are (\d+), and the stock needs some$",
     r"字段 \1 发了 \2 张牌：牌一共只有 \3 张，牌墩还要留一些"),
    # the bots' tuning (ruleset_file._bots)
    (rf"{_F} must be a list of 1 to 20 numbers \(README: Rulesets, the bots' tuning\)$",
     r"字段 \1 应为 1 到 20 个数的列表（见 README：规则，电脑的调校）"),
    (rf"{_F} must be 2 to 20 chances that never go down \(the observed win rate at predicted 0 … 1, evenly spaced\)$",
     r"字段 \1 应为 2 到 20 个不递减的概率（预测胜率从 0 到 1 等距取点，各点实际观察到的胜率）"),
    (rf"{_F} must be 3 numbers that never go down \(from inaccuracy, mistake, blunder\)$",
     r"字段 \1 应为 3 个不递减的数（依次对应欠佳、失误、大错）"),
    (rf"{_F} must be 2 whole numbers \(the choices kept after each round\)$", r"字段 \1 应为 2 个整数（每轮之后留下的选择数）"),
    (rf"{_F} must be one of (.+)$", lambda m: f"字段 {m[1]} 应为 {_listed(m[2])} 之一"),
]
