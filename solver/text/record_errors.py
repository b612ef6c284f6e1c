"""The errors of a damaged or illegal game record in Chinese: ``RECORD_ERRORS_ZH``, the patterns
``words.error_in`` applies after its own (``words._errors_zh`` ends with them).

A record's error is ``RecordError(line, message)`` (``solver.game.record``, ``replay``, ``replay_deal``,
``record_rules``); ``RecordError.at`` puts the file and "line N" before it, and a message may hold
another's (a move's, a tile list's, a ruleset file's, the engine's question, what differs from the
engine's event).  So each pattern here says one part in Chinese wherever it stands, in the words of
the game's own Chinese text (``game_text``, ``play_words``): N号位 a seat, 第 N 局 a hand, 牌墩 the
stock, 吃 碰 跑 提 偎 过 胡 打 the moves; a ruleset file's part is said by ``ruleset_errors``, whose
patterns come first.  Tiles, numbers, file names, field names and the values read (quoted, or JSON)
are kept as they are.  A file's own refusal (a FIFO, a device, too large) is here too, for any file
phz reads.

>>> from solver.text.words import error_in
>>> error_in("game.jsonl line 3: seat 1 moves here, but seat 2 is asked about 九 (peng: peng, pass)", "zh")
'game.jsonl 第 3 行：这里是 1号位走，但轮到 2号位对 九 作选择（碰：碰、过）'
>>> error_in("g.jsonl line 1: not a JSON object (Unterminated string starting at column 2): each line of a "
...          "record is one JSON object", "zh")
'g.jsonl 第 1 行：不是 JSON 对象（第 2 列：字符串从这里开始，没有结尾）：记录的每一行是一个 JSON 对象'
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..model.hand import MELD_ZH
from ..model.tiles import GLYPHS
from .terms import STAGE_ZH, file_zh, why

if TYPE_CHECKING:
    import re

__all__ = ["RECORD_ERRORS_ZH"]

#: a record line by its kind ("e"): the line is "<name>行"
_LINE = {"hand": "局首", "deal": "发牌", "meld": "前提", "draw": "摸牌", "move": "走法", "discard": "打牌",
         "take": "取牌", "faceup": "翻出", "win": "胡牌", "drawn": "荒庄", "penalty": "罚分", "settle": "结算",
         "end": "结束"}
#: a move's first word (its record text, ``moves.move_text``), as the table says it
_MOVE = {"hu": "胡", **MELD_ZH, "pass": "过", "discard": "打"}
#: what a field of a record's line holds (record._TYPE_WORDS; a ruleset file's: ruleset_errors)
_TYPES = {"a whole number or null": "整数或 null", "a whole number": "整数", "a string or null": "字符串或 null",
          "a string": "字符串", "true or false": "true 或 false", "a list of whole numbers": "整数列表",
          "a list of strings": "字符串列表", "a list": "列表", "a table": "表"}
#: what a JSON line was instead of an object (its Python type's name)
_JSON_TYPES = {"list": "列表", "int": "整数", "str": "字符串", "float": "小数", "bool": "布尔值（true 或 false）",
               "NoneType": "空值（null）"}
#: json's messages (``JSONDecodeError.msg``, " at" dropped); another stays as it is
_JSON = {"Expecting value": "这里缺一个值", "Expecting property name enclosed in double quotes": "字段名要用双引号括起来",
         "Expecting ':' delimiter": "缺少分隔符 ':'", "Expecting ',' delimiter": "缺少分隔符 ','",
         "Unterminated string starting": "字符串从这里开始，没有结尾", "Invalid control character": "有不允许的控制字符",
         "Invalid \\escape": "反斜杠转义无效", "Invalid \\uXXXX escape": "`\\uXXXX` 转义无效",
         "Extra data": "JSON 对象后面还有多余的内容",
         "Illegal trailing comma before end of object": "对象末尾多了逗号",  # (Python 3.13's)
         "Illegal trailing comma before end of array": "数组末尾多了逗号"}

_G = f"[{GLYPHS}]"
#: a move's record text (chi 三四五 比 一二三, discard 五, pass), and a list of them
_MV = rf"(?:{'|'.join(_MOVE)})(?: (?:{_G}+|比))*"
_MVS = rf"{_MV}(?:, {_MV})*"
_TYPE = "|".join(_TYPES)
_QUOTED = r"'.*?'(?:（共 [\d,]+ 个字符）)?"  # a text as ``shown.quoted`` shows it (its length already said)


def _line(kind: str) -> str:
    return _LINE.get(kind, f'"{kind}" ') + "行"


def _move(text: str) -> str:
    """A move's text with its first word in Chinese: chi 三四五 -> 吃 三四五, pass -> 过."""
    word, _, rest = text.partition(" ")
    zh = _MOVE.get(word.lower())
    return text if zh is None else zh + (" " + rest if rest else "")


def _moves(text: str) -> str:
    return "、".join(_move(m) for m in text.split(", "))


def _listed(text: str) -> str:
    """Names listed with commas (fields, event kinds), each in quotes, listed the Chinese way."""
    return "、".join(f'"{x}"' for x in text.split(", "))


def _seat(seat: str) -> str:
    return f"{seat}号位"


def _value(text: str) -> str:
    """A value Python wrote (repr): None and True/False as JSON says them."""
    return {"None": "null", "True": "true", "False": "false"}.get(text, text)


def _should(what: str, low: str | None = None, high: str | None = None) -> str:
    """应为 what a field holds (``_TYPES``), from ``low`` to ``high``."""
    zh = _TYPES[what]
    if low is not None:
        return f"应为 {low} 到 {high} 的{zh}"
    return f"应为{' ' if zh[0].isascii() else ''}{zh}"


def _type_check(m: re.Match[str]) -> str:
    return f"{_line(m[1])}的 {m[2]} 是 {m[3]}：{_should(m[4], m[5], m[6])}"


def _no_place(m: re.Match[str]) -> str:
    who = "没写座位的一步" if m[1] == "?" else f"{_seat(m[1])}的"
    looked = f"，从第 {m[3]} 步起都找过了" if m[3] else ""
    return f"{who} {_move(m[2])} 找不到可以走的地方（这局已经结束{looked}）"


def _size(text: str) -> str:
    return text.replace(" bytes", " 字节")


RECORD_ERRORS_ZH: list[tuple[str, str | Callable[[re.Match[str]], str]]] = [
    # where: "FILE line 3: …" (RecordError.at), "FILE: line 3: …" (str of a RecordError after a path)
    (r": line 0: ", "："),  # line 0: the file itself, whose name follows
    (r": line (\d+): ", r"：第 \1 行："),
    (r" line (\d+): ", r" 第 \1 行："),
    # values shown inside a message (shown.quoted, shown.value_text)
    (r"(?<=['…]) \(([\d,]+) characters\)", r"（共 \1 个字符）"),
    (r"\ba number of about (\d+) digits", r"约 \1 位的数"),
    # a file that is no record (files.read_bytes)
    (r": is a FIFO \(a named pipe\), not a (\w+) file$", lambda m: f"：是命名管道，不是{file_zh(m[1])}文件"),
    (r": is a device, not a (\w+) file$", lambda m: f"：是设备，不是{file_zh(m[1])}文件"),
    (r": is ([\d.]+ [KMG]B|\d+ bytes), more than a (\w+) file may be \(([\d.]+ [KMG]B|\d+ bytes)\)$",
     lambda m: f"：有 {_size(m[1])}，超过了{file_zh(m[2])}文件的上限（{_size(m[3])}）"),
    # the lines (record.parse)
    (r"not UTF-8 text \(byte (0x[0-9a-f]{2}) at column (\d+)\)", r"不是 UTF-8 文本（第 \2 列的字节是 \1）"),
    (r"not a JSON object \((.+?) at column (\d+)\): each line of a record is one JSON object",
     lambda m: f"不是 JSON 对象（第 {m[2]} 列：{_JSON.get(m[1], m[1])}）：记录的每一行是一个 JSON 对象"),
    (r"\bthe line nests (?:too many levels|(\d+) levels) deep: at most (\d+) are read",
     lambda m: f"这一行嵌套{'了 ' + m[1] + ' 层' if m[1] else '太深'}：最多只读 {m[2]} 层"),
    (r"\bthe line holds a number of more than ([\d,]+) digits", r"这一行有一个超过 \1 位的数"),
    (r"\ba (\w+) where a JSON object was expected: each line of a record is one JSON object",
     lambda m: f"这一行是{_JSON_TYPES.get(m[1], m[1])}，不是 JSON 对象：记录的每一行是一个 JSON 对象"),
    (r"the record is empty: its first line is the header \((\{.*\})\)", r"记录是空的：它的第一行应是文件头（\1）"),
    (r'a line without its event kind "e" \(a move needs at least "move"\)', '这一行没有事件类型 "e"（走法行至少要有 "move"）'),
    (r"unknown event (.+?): a record line is one of ((?:\w+, )*\w+)",
     lambda m: f"未知的事件 {m[1]}：记录的每一行是 {_listed(m[2])} 之一"),
    (r"a second header: a record has one, on its first line", "第二个文件头：记录只有一个文件头，在第一行"),
    (rf"unknown field ({_QUOTED}|\".*?\") in (?:a (\w+) line|the header) \(its fields: ((?:\w+, )*\w+)\)",
     lambda m: f"{_line(m[2]) if m[2] else '文件头'}里有未知字段 {m[1]}（它的字段：{_listed(m[3])}）"),
    (rf"the (\w+) line's ('\w+') is (.+?): it holds ({_TYPE})(?: from (-?\d+) to (-?\d+))?", _type_check),
    (r"a line after the end line \(line (\d+)\)", r"结束行（第 \1 行）之后还有一行"),
    (r"a second deal in hand (\d+) \(line (\d+)\): a hand has one deal, and a new hand begins with its hand line",
     r"第 \1 局（第 \2 行起）有第二个发牌行：一局只有一个发牌行，新的一局从它的局首行开始"),
    (r"a (\w+) line before any hand: a hand begins with its deal line",
     lambda m: f"第一局之前出现了{_line(m[1])}：一局从发牌行开始"),
    (r"hand (\d+) begins with a (\w+) line: its first line is its deal",
     lambda m: f"第 {m[1]} 局从{_line(m[2])}开始：一局的第一行应是发牌行"),
    (r"hand (\d+) \(line (\d+)\) has no deal line", r"第 \1 局（第 \2 行起）没有发牌行"),
    (r"hand (\d+) has no deal line", r"第 \1 局没有发牌行"),
    (r"hand (.+?) where hand (\d+) comes: the hands are numbered 1, 2, … in order",
     r"这里应是第 \2 局，写的却是 \1：各局按 1、2、… 依次编号"),
    # the header (record._check_header, record_rules)
    (r"not a phz game record: its first line is the header, (\{.*\})", r"不是 phz 对局记录：它的第一行应是文件头 \1"),
    (r"this record is format version (.+?), written by a newer phz; this phz reads version (\d+) "
     r"\(upgrade phz to replay it\)", r"这份记录的格式是第 \1 版，由更新的 phz 写成；这个 phz 只读第 \2 版（升级 phz 才能回放它）"),
    (r"this record is format version (.+?), which this phz no longer reads \(it reads version (\d+)\)",
     r"这份记录的格式是第 \1 版，这个 phz 已经不读了（它读第 \2 版）"),
    (r'the header needs "version": (\d+) \(the format version\), not (.+)$', r'文件头要有 "version": \1（格式版本），而不是 \2'),
    (r"this record was played by engine version (.+?); this phz's engine is version (\d+) and may play "
     r"differently, so it cannot re-check it \(replay it with the phz that wrote it\)",
     r"这份记录是第 \1 版引擎打的；这个 phz 的引擎是第 \2 版，打法可能不同，所以无法重新核对（请用写出它的那个 phz 回放）"),
    (r"the header's seed (.+?) is not a whole number from (-?\d+) to (-?\d+)", r"文件头的种子 \1 不是 \2 到 \3 的整数"),
    (r"the header's seats must be a list and its session a table", '文件头的 "seats" 应是列表，"session" 应是表'),
    (r'the header names no ruleset: add "ruleset": "hunan" \(a name or a ruleset file\)',
     '文件头没有写规则：加上 "ruleset": "hunan"（规则名或规则文件）'),
    (r"the ruleset in the header does not match its (name and )?digest \((.+?); its content is (.+?)\): "
     r"the header was edited", lambda m: f"文件头里的规则与它的{'名字和' if m[1] else ''}摘要不符（写的是 {m[2]}，"
                                         f"按内容算是 {m[3]}）：文件头被改过"),
    (r"the header's ruleset: ", "文件头的规则："),
    (r'the header\'s ruleset is a name \("hunan"\) or \{"name", "digest", "content"\}',
     '文件头的规则应是规则名（"hunan"）或 {"name", "digest", "content"}'),
    (r"the ruleset in the header has a base: its content is whole, with no base",
     '文件头里的规则有 "base"：它的内容应是完整的，不带 "base"'),
    (r"the ruleset in the header cannot be used(?:：|:? ?)", "文件头里的规则用不了："),  # ": field": ruleset_errors
    (r"the (\w+) was played under (\S+) \((\w+)\); --rules gives (\S+) \((\w+)\): leave --rules out",
     lambda m: f"这份{file_zh(m[1])}是按 {m[2]}（{m[3]}）打的；--rules 给的是 {m[4]}（{m[5]}）：去掉 --rules"),
    (r"the header names the ruleset file (.+?): a (\w+) may name only a ruleset file in its own folder; give the "
     r"file with --rules PATH", lambda m: f"文件头指定了规则文件 {m[1]}：{file_zh(m[2])}只能指定它自己文件夹里的规则文件；"
                                          "请用 --rules 加路径给出这个文件"),
    # a ruleset's own refusal inside the header's: ruleset_errors (before these), but this one (record_rules)
    (r"\bit holds a null$", "其中有 null（规则里不能有 null）"),
    # the replay (replay.py)
    (r"the header has no engine version: a record typed in from a real table replays leniently",
     "文件头没有引擎版本：从真实牌桌手录的记录要宽松回放"),
    (r" \(phz replay --lenient\)$", "（phz replay --lenient）"),
    (r" \(phz replay --lenient shows where\)$", "（用 phz replay --lenient 可以看到在哪里）"),
    (r"hand (\d+) has no hand line before its deal", r"第 \1 局的发牌行之前没有局首行"),
    (r"the deal line is not as the engine writes it: ", "发牌行与引擎写出的不一样："),
    (r"the record lacks the engine's next event, (\{.*\}) \(a line dropped\?\)", r"记录缺少引擎的下一个事件 \1（少了一行？）"),
    (r"hand (\d+) is not over \((.+)\), but hand (\d+) begins here", r"第 \1 局还没结束（\2），第 \3 局却从这里开始"),
    (r"the hand draws (\d+) stock tiles, but the deal's stock names (\d+): add the tiles drawn, in order",
     r'这局从牌墩摸了 \1 张，发牌行的 "stock" 只写了 \2 张：按顺序补上摸到的牌'),
    (r"the record has no end line: it was cut short \(phz replay --lenient shows it as far as it goes\)",
     "记录没有结束行：它被中途截断了（phz replay --lenient 能回放到它的最后一行）"),
    (r"the end line counts (.+?) hands; the record holds (\d+)",
     lambda m: f"结束行{'没有写局数' if m[1] == 'None' else '记的局数是 ' + m[1]}；记录里有 {m[2]} 局"),
    (r"the end line's scores are (.+?); the hands replayed give (.+)$", r"结束行的总分是 \1；回放各局得出的是 \2"),
    (r"(?:(?<=here)|(?<=\))): (?=seat \d+ is asked|nobody is asked)", "："),
    (r"the record has a (\w+) line, but the engine makes no \1 here \(it gives (?:nothing|(\{.*\}))\)",
     lambda m: f"记录这里有{_line(m[1])}，但引擎这里没有{_LINE.get(m[1], m[1])}"
               f"（{'引擎给出的是 ' + m[2] if m[2] else '引擎什么也没给出'}）"),
    (r"the record has a (\w+) line, but the engine gives nothing here",
     lambda m: f"记录这里有{_line(m[1])}，但引擎这里什么也没给出"),
    (r"this (\w+) line is not the engine's: ", lambda m: f"这一{_line(m[1])}与引擎的不一样："),
    (r"this line is not the engine's: ", "这一行与引擎的不一样："),
    (r'a move line needs "move", the move as text \(e\.g\. "chi 三四五", "discard 五"\)',
     '走法行要有 "move"，即用文字写的走法（如 "chi 三四五"、"discard 五"）'),
    (r"the seat (.+?) is not one of 0 to (\d+)", r"座位 \1 不在 0 到 \2 之间"),
    (r"the record has a move where the engine gives (\{.*\}) \(a line dropped\?\)",
     r"记录这里是一步走法，引擎给出的却是 \1（少了一行？）"),
    (r"a move after the hand is over", "这局结束之后还有一步走法"),
    (r"seat (\d+|None) moves here, but ",
     lambda m: "这一步没写座位，但" if m[1] == "None" else f"这里是 {_seat(m[1])}走，但"),
    (r"; a game typed in from a real table may break a rule, and replays leniently",
     "；从真实牌桌手录的对局可以犯规，它要宽松回放"),
    (r"the engine failed on this move \((\w+): (.*)\): a fault of phz, to be reported",
     r"引擎在这一步出错了（`\1: \2`）：这是 phz 的毛病，请报告"),
    (r"seat (\d+|\?)'s (.+?) has no place \(the hand is over(?:, looked for from move (\d+) on)?\)", _no_place),
    (r"; on the (\S) he was asked about: ", r"；他被问到 \1 时："),
    (r" before seat (\d+)'s (.+?): write his (discard|move) on a line before",
     lambda m: f"，在 {_seat(m[1])}的 {_move(m[2])} 之前：请在前面写一行{'他打的牌' if m[3] == 'discard' else '他的走法'}"),
    (r" \(a move line missing\?\)", "（少了一行走法？）"),
    (r" \(the hand is over\)", "（这局已经结束）"),
    # the engine's question (replay.asked) and why a move is not among its options (legality)
    (r"seat (\d+) is asked to discard \((\d+) tiles\)", r"轮到 \1号位打牌（\2 张可打）"),
    (r"nobody is asked about the (\S) of seat (\d+)", r"\2号位的 \1 无人可要"),
    (rf"seat (\d+) is asked about (\S) \((\w+): ({_MVS})\)",
     lambda m: f"轮到 {_seat(m[1])}对 {m[2]} 作选择（{STAGE_ZH.get(m[3], m[3])}：{_moves(m[4])}）"),
    (rf"({_MV}) is not allowed here \((\w+)\); the moves asked: ({_MVS})",
     lambda m: f"这里不能{_move(m[1])}（{why(m[2], 'zh')}）；可选的走法：{_moves(m[3])}"),
    (rf"({_MV}) is not one of the moves asked: ({_MVS})", lambda m: f"{_move(m[1])} 不在可选的走法里：{_moves(m[2])}"),
    (rf"({_MV}): a player cannot claim his own discard", lambda m: f"{_move(m[1])}：不能要自己打出的牌"),
    (rf"({_MV}): the hand does not hold those tiles", lambda m: f"{_move(m[1])}：手里没有这些牌"),
    (r"\bseat (\d+): ", r"\1号位："),
    # what differs from the engine's event (replay._diff)
    (r"the record has a (\w+) line where the engine gives (\{.*\})",
     lambda m: f"记录这里是{_line(m[1])}，引擎给出的是 {m[2]}"),
    (r"its ('[^']*') is missing \(the engine gives (.+)\)$", r"它缺少 \1（引擎给出 \2）"),
    (r"its ('[^']*') is not in the engine's (\w+) event \((\{.*\})\)$",
     lambda m: f"引擎的{_LINE.get(m[2], m[2])}事件里没有 {m[1]}（{m[3]}）"),
    (r"its ('[^']*') is (.+), the engine gives (.+)$", r"它的 \1 是 \2，引擎给出的是 \3"),
    # the deal line (replay_deal)
    (r'the deal needs its "dealer": a seat, 0 to (\d+), not (.+)$',
     lambda m: f'发牌行要有 "dealer"：0 到 {m[1]} 的座位，而不是 {_value(m[2])}'),
    (r'"out" is (.+?): dealt by seat (\d+), seat (\d+) sits out \(坐底\)', r'"out" 是 \1：\2号位坐庄，\3号位坐底'),
    (r'"out" is (.+?): nobody sits out at a table of (\d+); drop it', r'"out" 是 \1：\2 人桌没有人坐底；去掉它'),
    (r'the deal needs "hands": (\d+) strings of tiles, the dealer\'s first', r'发牌行要有 "hands"：\1 串牌，庄家的在前'),
    (r"hand (\d+) of the deal \(seat (\d+)\) holds (\d+) tiles: the (\S+) deal gives (\d+)",
     r"发牌行的第 \1 手牌（\2号位）有 \3 张：\4 规则发 \5 张"),
    (r"hand (\d+) of the deal: ", r"发牌行的第 \1 手牌："),
    (r'the deal names no "liang" \(亮张\), the dealer\'s tile shown to all',
     '发牌行没有写 "liang"（亮张），即庄家亮给大家看的那张牌'),
    (r"the 亮张 (\S) is not in the dealer's hand", r"亮张 \1 不在庄家的手牌里"),
    (r'the (\S+) rules have no 亮张: drop "liang"', r'\1 规则没有亮张：去掉 "liang"'),
    (r'"stock" is a string of tiles, the top first', '"stock" 是一串牌，从墩顶写起'),
    (r"the stock: ", "牌墩："),
    (r'"buried" is the (\d+) tiles set aside \(埋牌\), a string of tiles', r'"buried" 是埋下的 \1 张牌（埋牌），写成一串牌'),
    (r'"buried": only a hand of two sets tiles aside; drop it', '"buried"：只有二人局才埋牌；去掉它'),
    (r'"last" is (.+?), but the stock ends with (\S)', r'"last" 是 \1，但牌墩最后一张是 \2'),
    (r"(\S) is dealt (\d+) times: there are (\d+) of each tile", r"\1 发了 \2 张：每种牌只有 \3 张"),
    (r"the deal holds (\d+) tiles, not (\d+): (\S+) missing", r"发牌行共有 \1 张牌，不是 \2 张：缺 \3"),
    (r"the deal is not the deal of seed (\d+) \(its hand line, line (\d+)\)", r"这不是种子 \1 发出的牌（见第 \2 行的局首行）"),
    # a tile the line names (replay_deal.tile_of: words' own patterns said "不是一张牌" already)
    (r"\b(liang|the tile) ('.*?') 不是一张牌 \(一\.\.十, 壹\.\.拾\)",
     lambda m: f'"{"liang" if m[1] == "liang" else "tile"}" 的 {m[2]} 不是一张牌（一..十、壹..拾）'),
    # a move's text (moves.parse_move) and a tile list (notation.parse_tiles)
    (r"not a move: (.+?); write one of ((?:\w+, )*\w+) \(e\.g\. ('.*?'), ('.*?')\)",
     lambda m: f"不是走法：{m[1]}；请写 {_moves(m[2])} 之一（如 {m[3]}、{m[4]}）"),
    (r"a discard names one tile: (.+?) \(e\.g\. ('.*?')\)", r"打牌只写一张牌：\1（如 \2）"),
    (r"吃 names groups of 3 tiles: (.+?) \(e\.g\. ('.*?')\)", r"吃要写三张一组的牌：\1（如 \2）"),
    (r" in the move ('.*'|\".*\")$", r"（走法 \1）"),
    (r"(\S) \((\w+)\) takes no tiles: (.+)$", r"\1 后面不带牌：\3"),
    (rf"('.') at column (\d+) in ({_QUOTED}): a tile list has no meld section", r"\3 第 \2 列的 \1：牌串里不能有副露"),
    (r"digits ('\d+') at column (\d+) have no case letter: write (\d+)x \(small\) or \d+d \(big\)",
     r"第 \2 列的数字 \1 后面没有表示大小的字母：写作 \3x（小字）或 \3d（大字）"),
    (rf"unknown character ('.+?') at column (\d+) in ({_QUOTED})(?=（走法|$)", r"无法识别的字符 \1（第 \2 列，\3）"),
    (r"(byte 0x[0-9a-f]{2}|\\u[0-9a-f]{4}) at column (\d+) is not UTF-8 text: write hands in UTF-8",
     lambda m: f"第 {m[2]} 列的{'字节 ' + m[1][5:] if m[1].startswith('byte') else ' `' + m[1] + '`'} 不是 UTF-8 文本："
               "手牌要用 UTF-8 写"),
    # a move asked for past the record's (replay.replay ``to``; phz replay --to, phz play --from --at)
    (r"the record has moves 1 to (\d+)", r"记录里的走法是第 1 到第 \1 步"),
    (r"the record has no move\b", "记录里没有走法"),
    (r"no move (\d+) in (.+?): ", r"\2 里没有第 \1 步："),
    (r" \(moves are numbered as phz replay shows them\)", "（步数按 phz replay 显示的编号）"),
    (r"^(--[a-z]+ -?\d+): ", r"\1："),
]
