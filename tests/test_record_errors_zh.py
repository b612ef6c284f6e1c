"""A damaged or illegal game record is refused in the command's language: under ``--lang zh`` the one line
of error (``RecordError`` and the " line N: " ``RecordError.at`` adds) is Chinese through and through, its
tiles, numbers, file names, field names and quoted values kept as they are (``solver.text.record_errors``).

Broadly, not by examples: real records of random games (hunan at three, luzhou at four and two) are
damaged in every way a record can be (every line dropped, doubled, altered; bad JSON of every kind; wrong
types, header fields, digests and versions; illegal moves, moves after the end; the deal's every field;
typed records that break the tiles; files that are no record at all), and each is given to ``phz replay``
(strict and ``--lenient``), ``phz review``, ``phz play --from`` and ``phz discard --record`` under zh and en.
Every zh line is checked for English left in it; every pattern of the table must serve at least one of these
errors (a pattern none reaches is dead); the English line is the model's message, unchanged."""
from __future__ import annotations

import json
import os
import re
from functools import lru_cache
from pathlib import Path

from click.testing import CliRunner
from test_record import TYPED, _corruptions, _record

from solver.app.commands import main
from solver.game import record as records
from solver.game.replay import replay
from solver.game.table import ENGINE_VERSION
from solver.model import ruleset_file
from solver.model.rules import get_ruleset
from solver.text import help_words, record_errors, words

#: (ruleset, seed, hands, a session's dealers): hunan 43 a win, a 前提 and a 偎; luzhou 15 a win at four;
#: luzhou 36 天胡; hunan 20 two hands of a session; luzhou at two (the 埋牌)
GAMES = (("hunan", 43, 1, False), ("luzhou", 15, 1, False), ("luzhou", 36, 1, False), ("hunan", 20, 2, True),
         ("luzhou2", 5, 1, False))


def _rules(name: str):
    return ruleset_file.seated(get_ruleset("luzhou"), 2) if name == "luzhou2" else get_ruleset(name)


@lru_cache(maxsize=None)
def _text(name: str, seed: int, hands: int = 1, session: bool = False) -> str:
    return _record(_rules(name), seed, hands, session)


def _lines(name: str = "hunan", seed: int = 43) -> list[str]:
    return _text(name, seed).splitlines()


def _with(lines: list[str], k: int, obj: dict | str) -> str:
    """``lines`` with line ``k`` (0-based) replaced by ``obj`` (a dict as JSON)."""
    new = obj if isinstance(obj, str) else json.dumps(obj, ensure_ascii=False)
    return "\n".join(lines[:k] + [new] + lines[k + 1:])


def _header_cases() -> list[tuple[str, str]]:
    lines = _lines()
    head = json.loads(lines[0])
    rest = "\n".join(lines[1:])
    content = head["ruleset"]["content"]

    def h(**change) -> str:
        new = dict(head, **change)
        for k, v in change.items():
            if v is None:
                del new[k]
        return json.dumps(new, ensure_ascii=False) + "\n" + rest

    def rules(**change) -> str:
        return h(ruleset=dict(head["ruleset"], **change))

    def edited(section: str, key: str, value) -> str:
        return rules(content=dict(content, **{section: dict(content[section], **{key: value})}))

    v1 = dict(head, version=1)
    v1["ruleset"] = dict(head["ruleset"], digest="000000000000")
    typed = TYPED.splitlines()
    return [
        ("format", h(format="other")), ("no format", h(format=None)), ("version 9", h(version=9)),
        ("version 0", h(version=0)), ("version text", h(version="2")), ("no version", h(version=None)),
        ("engine", h(engine=ENGINE_VERSION + 1)), ("engine text", h(engine="x")),
        ("header field", h(colour="red")), ("seed range", h(seed=-1)), ("seed huge", h(seed=10 ** 30)),
        ("seed text", h(seed="seven")), ("seats", h(seats={"a": 1})), ("session", h(session=[1])),
        ("no ruleset", h(ruleset=None)), ("ruleset name", h(ruleset="nowhere")),
        ("ruleset path", h(ruleset="/etc/passwd.toml")), ("ruleset up", h(ruleset="../mine.toml")),
        ("ruleset number", h(ruleset=7)), ("no content", rules(content=None)),
        ("base", rules(content=dict(content, base="hunan"))), ("digest", rules(digest="000000000000")),
        ("name", rules(name="mine")), ("content type", edited("score", "min_huxi", "ten")),
        ("content range", edited("score", "min_huxi", -5)), ("content field", edited("score", "huxi_min", 10)),
        ("content null", edited("score", "min_huxi", None)),
        ("content choice", rules(content=dict(content, game=dict(content["game"], pay="nobody")))),
        ("content near", edited("score", "min_hux", 10)), ("content table", rules(content=dict(content, game=5))),
        ("content schema", rules(content={k: v for k, v in content.items() if k != "schema"})),
        ("version 1 digest", json.dumps(v1, ensure_ascii=False) + "\n" + rest),
        ("typed name", _with(typed, 0, {"format": "phz-game", "version": 2, "ruleset": "nowhere"})),
        ("typed no ruleset", _with(typed, 0, {"format": "phz-game", "version": 2})),
        ("typed ruleset file", _with(typed, 0, {"format": "phz-game", "version": 2, "ruleset": "broken.toml"})),
        ("typed no ruleset file", _with(typed, 0, {"format": "phz-game", "version": 2, "ruleset": "gone.toml"})),
    ]


def _line_cases() -> list[tuple[str, str | bytes]]:
    """Lines that are not a record's: JSON of every kind broken, other JSON, fields and types wrong."""
    lines = _lines()
    hand, deal, end = json.loads(lines[1]), json.loads(lines[2]), json.loads(lines[-1])
    move_k = next(k for k, x in enumerate(lines) if '"e":"move"' in x)
    move = json.loads(lines[move_k])
    out: list[tuple[str, str | bytes]] = []
    for bad in ('{"bad', "not json", '{"e": "hand"} x', '{"e" "hand"}', '{"e": "hand" "hand": 1}',
                '{"e": "ha\x01nd"}', "{'e': 'hand'}", '{"e": "hand",}', '{"e": "\\q"}', '{"e": "\\u12"}',
                '{"e": [1, 2}', "[" * 100000, '{"hand": 1' + "0" * 5000 + "}", '{"e": tru}', "{", "}"):
        out.append((f"json {bad[:12]!r}", _with(lines, 3, bad)))
    for bad in ("[1, 2]", "5", '"x"', "1.5", "true", "null"):
        out.append((f"not an object {bad}", _with(lines, 3, bad)))
    out += [
        ("no kind", _with(lines, 3, {"seat": 1})), ("unknown event", _with(lines, 3, {"e": "shuffle"})),
        ("unknown event number", _with(lines, 3, {"e": 5})),
        ("second header", _with(lines, 3, dict(deal, format="phz-game"))),
        ("line field", _with(lines, 2, dict(deal, colour="red"))),
        ("line field long", _with(lines, 2, dict(deal, **{"x" * 80: 1}))),
        ("after end", "\n".join(lines + [lines[-1]])),
        ("second deal", "\n".join(lines[:3] + [lines[2]] + lines[3:])),
        ("event first", "\n".join(lines[:1] + [lines[move_k]] + lines[1:])),
        ("hand begins", "\n".join(lines[:2] + lines[move_k:])),
        ("hand no deal", "\n".join(lines[:2] + [lines[-1]])),
        ("hand no deal mid", "\n".join(lines[:2] + [lines[1]] + lines[2:])),
        ("hand number", _with(lines, 1, dict(hand, hand=2))), ("hand seats", _with(lines, 1, dict(hand, seats=3))),
        ("bytes", (lines[0] + "\n").encode() + b"\xff\xfe{}\n"), ("bom", "\ufeff" + "\n".join(lines[:3])),
        ("empty", ""), ("comments", "# nothing\n\n"),
        ("before hand", "\n".join([lines[0], lines[move_k]])),
    ]
    types = {"int": "x", "int?": "x", "str": 5, "str?": 5, "bool": 1, "list": 1, "dict": 1, "ints": ["x"],
             "strs": [1]}
    for kind, fields in records.TYPES.items():
        for name, (want, bounds) in fields.items():
            line = {"e": kind, name: types[want]}
            out.append((f"type {kind}.{name}", _with(lines, 3, line)))
            if bounds:
                out.append((f"range {kind}.{name}", _with(lines, 3, {"e": kind, name: bounds[1] + 1 if
                                                                     want == "int" else [bounds[1] + 1]})))
    out += [("end hands", _with(lines, len(lines) - 1, dict(end, hands=2))),
            ("end scores", _with(lines, len(lines) - 1, dict(end, scores=[1, 2, 3]))),
            ("end no hands", _with(lines, len(lines) - 1, {"e": "end", "scores": end["scores"]})),
            ("no end", "\n".join(lines[:-1])), ("no hand line", "\n".join(lines[:1] + lines[2:])),
            ("move text", _with(lines, move_k, dict(move, move=5))),
            ("move null", _with(lines, move_k, dict(move, move=None))),
            ("value long", _with(lines, 1, dict(hand, hand=list(range(100)))))]
    return out


def _move_cases() -> list[tuple[str, str]]:
    """Moves and events that do not replay: strictly (a record phz wrote) and typed in (leniently)."""
    lines = _lines()
    k = next(k for k, x in enumerate(lines) if '"e":"move"' in x)
    move = json.loads(lines[k])
    typed = TYPED.splitlines()
    last = len(lines) - 1
    out = [(f"move {m!r}", _with(lines, k, dict(move, move=m)))
           for m in ("shuffle", "discard 五六", "discard", "chi 三四", "chi 三四五 比 一二", "peng 五", "chi 三x四五",
                     "discard 3", "hu", "pass", "ti", "discard 五")]
    out += [("seat range", _with(lines, k, dict(move, seat=7))), ("seat other", _with(lines, k, dict(move, seat=2))),
            ("seat none", _with(lines, k, {"e": "move", "move": move["move"]})),
            ("after over", "\n".join(lines[:-2] + [lines[k]] + lines[-2:])),
            ("dropped event", "\n".join(lines[:k + 1] + lines[k + 2:])),
            ("event not engine", _with(lines, k + 1, dict(json.loads(lines[k + 1]), seat=2))),
            ("event missing field", _with(lines, last - 1, {"e": "settle"})),
            ("event extra field", _with(lines, 2, dict(json.loads(lines[2]), out=1))),
            ("deal kind", _with(lines, 2, {**json.loads(lines[2]), "e": "deal", "dealer": 1}))]
    for k2, bad in ((3, '{"seat": 1, "move": "chi 三叁叁"}'), (2, '{"seat": 0, "move": "discard 八"}'),
                    (4, '{"seat": 2, "move": "discard 八"}'), (9, '{"e": "win", "seat": 1}'),
                    (9, '{"e": "win", "seat": 1, "tile": "五"}'),
                    (3, '{"seat": 1, "move": "peng 三"}'), (3, '{"seat": 0, "move": "chi 二三四"}'),
                    (3, '{"seat": 1, "move": "chi 二三四", "tile": "三x"}'),
                    (3, '{"seat": 1, "move": "chi 二三四", "tile": "九"}'),
                    (3, '{"seat": 2, "move": "hu"}'), (6, '{"e": "draw", "seat": 2, "tile": "九"}'),
                    (6, '{"e": "faceup", "seat": 2, "tile": "八"}'), (9, '{"seat": 1, "move": "pass"}'),
                    (9, '{"e": "drawn"}\n{"seat": 1, "move": "discard 五"}'),
                    (9, '{"e": "drawn"}\n{"e": "draw", "seat": 1, "tile": "五"}'),
                    (3, '{"seat": 1, "move": "ti 三"}'), (3, '{"seat": 2, "move": "chi 三四五"}'),
                    (5, '{"seat": 2, "move": "chi 八九十"}'), (5, '{"seat": 0, "move": "peng 八"}')):
        out.append((f"typed {bad}", _with(typed, k2, bad)))
    out.append(("typed moves dropped", "\n".join(typed[:2] + typed[4:])))
    out.append(("after over", "\n".join(lines[:-1] + [lines[k]] + lines[-1:])))
    for n in range(2, len(typed)):  # hand 1 left at each of its lines, and hand 2 dealt
        out.append((f"typed {n} then a deal", "\n".join(typed[:n] + [typed[1]])))
    two = _text("hunan", 20, 2, True).splitlines()
    second = max(i for i, x in enumerate(two) if '"e":"hand"' in x)
    cut = max(i for i, x in enumerate(two[:second]) if '"e":"move"' in x)
    out.append(("hand 1 not over", "\n".join(two[:cut] + two[second:])))
    return out


def _deal_cases() -> list[tuple[str, str]]:
    """The deal line, field by field, at each table (hunan: a 亮张; luzhou at four: a seat out, the last
    tile shown; at two: tiles set aside)."""
    out = []
    for name, seed in (("hunan", 43), ("luzhou", 15), ("luzhou2", 5)):
        lines = _lines(name, seed)
        deal = json.loads(lines[2])
        n = _rules(name).game.players
        hands = deal["hands"]

        def first(more: str, hands=hands) -> list[str]:
            return [hands[0] + more] + hands[1:]
        out += [(f"{name} dealer", _with(lines, 2, dict(deal, dealer=n))),
                (f"{name} dealer text", _with(lines, 2, dict(deal, dealer="x"))),
                (f"{name} no dealer", _with(lines, 2, {k: v for k, v in deal.items() if k != "dealer"})),
                # a byte that was not UTF-8, a lone surrogate (JSON escapes them)
                (f"{name} hand bytes", _with(lines, 2, json.dumps(dict(deal, hands=first("\udcff"))))),
                (f"{name} hand surrogate", _with(lines, 2, json.dumps(dict(deal, hands=first("\ud800"))))),
                (f"{name} out", _with(lines, 2, dict(deal, out=(deal.get("out") or 0) + 1))),
                (f"{name} hands", _with(lines, 2, dict(deal, hands=hands[:-1]))),
                (f"{name} hand tiles", _with(lines, 2, dict(deal, hands=first("Q")))),
                (f"{name} hand digits", _with(lines, 2, dict(deal, hands=first("34")))),
                (f"{name} hand bar", _with(lines, 2, dict(deal, hands=first("|碰:一一一")))),
                (f"{name} hand size", _with(lines, 2, dict(deal, hands=[hands[0][:-1]] + hands[1:]))),
                (f"{name} stock", _with(lines, 2, dict(deal, stock=None))),
                (f"{name} stock tiles", _with(lines, 2, dict(deal, stock=deal["stock"] + "Z"))),
                (f"{name} twice", _with(lines, 2, dict(deal, hands=[hands[0][:-1] + hands[1][0]] + hands[1:]))),
                (f"{name} missing", _with(lines, 2, dict(deal, stock=deal["stock"][:-1]))),
                (f"{name} liang", _with(lines, 2, dict(deal, liang="十" if deal.get("liang") != "十" else "一"))),
                (f"{name} liang text", _with(lines, 2, dict(deal, liang="xx"))),
                (f"{name} no liang", _with(lines, 2, {k: v for k, v in deal.items() if k != "liang"})),
                (f"{name} last", _with(lines, 2, dict(deal, last="一" if deal["stock"][-1] != "一" else "二"))),
                (f"{name} buried", _with(lines, 2, dict(deal, buried="一Q"))),
                (f"{name} seed", _with(lines, 1, dict(json.loads(lines[1]), seed=1)))]
        swap = [hands[1], hands[0]] + hands[2:]  # the same tiles, not the seed's deal
        out.append((f"{name} not the seed's", _with(lines, 2, dict(deal, hands=swap))))
    typed = TYPED.splitlines()
    deal = json.loads(typed[1])
    out += [("typed stock short", _with(typed, 1, dict(deal, stock=deal["stock"][:3]))),
            ("typed out", _with(typed, 1, dict(deal, out=1))),
            ("typed buried", _with(typed, 1, dict(deal, buried="一"))),
            ("typed liang", _with(typed, 1, dict(deal, liang="九")))]
    return out


def _corruption_cases() -> list[tuple[str, str]]:
    """test_record's corruptions of each game (every line dropped, doubled, each field altered, its kind
    changed): one in SAMPLE of them (the cases above take the rest of their kinds on)."""
    out = []
    for name, seed, hands, session in GAMES:
        text = _text(name, seed, hands, session)
        out += [(f"{name} {seed} {what}", "\n".join(lines))
                for i, (what, lines, _) in enumerate(_corruptions(text)) if i % SAMPLE == 0]
    return out


#: one corruption in SAMPLE is given to the commands (all of them take minutes)
SAMPLE = 6


def _cases(folder: Path) -> list[tuple[str, str, list[str]]]:
    """(what, path, arguments after the path) of every damaged record, written in ``folder``; and paths that
    are no record file."""
    folder.mkdir(exist_ok=True)
    (folder / "broken.toml").write_text('schema = 1\nbase = "hunan"\nname = "broken"\n[score]\nmin_huxi = "x"\n',
                                        encoding="utf-8")
    out: list[tuple[str, str, list[str]]] = []
    cases = _header_cases() + _line_cases() + _move_cases() + _deal_cases() + _corruption_cases()
    for i, (what, text) in enumerate(cases):
        path = folder / f"r{i}.jsonl"
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        out.append((what, str(path), []))
    good = folder / "good.jsonl"
    good.write_text(_text("hunan", 43), encoding="utf-8")
    no_move = folder / "no-move.jsonl"  # luzhou 36: 天胡, no move at all
    no_move.write_text(_text("luzhou", 36), encoding="utf-8")
    out += [("other rules", str(good), ["--rules", "luzhou"]), ("past the end", str(good), ["--to", "999"]),
            ("no move", str(no_move), [])]
    (folder / "dir.jsonl").mkdir()
    os.mkfifo(folder / "fifo.jsonl")
    with open(folder / "huge.jsonl", "wb") as f:
        f.truncate(3 << 30)  # sparse: it takes no room
    (folder / "binary.jsonl").write_bytes(bytes(range(256)) * 4)
    out += [(what, str(folder / name), []) for what, name in (
        ("directory", "dir.jsonl"), ("fifo", "fifo.jsonl"), ("huge", "huge.jsonl"),
        ("binary", "binary.jsonl"), ("missing", "none.jsonl"))]
    return out + [("device", "/dev/zero", [])]


def _phz(*args: str):
    return CliRunner().invoke(main, list(args))


def _refusal(path: str, lenient: bool | None, to: int | None = None) -> records.RecordError | ValueError | None:
    """How the record at ``path`` is refused, read then replayed (``lenient`` None: as the record says), or None."""
    try:
        rec = records.read(path)
        replay(rec, lenient=rec.lenient if lenient is None else lenient, to=to)
    except ValueError as e:
        return e
    return None


def _commands(path: str, extra: list[str]) -> list[list[str]]:
    """The commands given ``path``: phz replay strictly and leniently; phz review, phz play --from and phz
    discard --record only where they refuse it too (a good record they would play or review)."""
    if extra:
        return [["replay", path, *extra]]
    out = [["replay", path], ["replay", path, "--lenient"]]
    if _refusal(path, None) is not None:
        out.append(["review", path, "--samples", "24"])
    if _refusal(path, None, 1) is not None:
        out += [["play", "--from", path, "--at", "1"], ["discard", "--win-rate", "--record", path, "--at", "1"]]
    return out


def _error_line(result) -> str | None:
    """The one line of error a refusal writes on stderr (after click's usage lines), or None (no refusal)."""
    if result.exit_code != 2:
        assert result.exit_code == 0, (result.exit_code, result.output, result.exception)
        return None
    lines = [x for x in result.stderr.splitlines() if x.startswith(("Error", "错误"))]
    assert len(lines) == 1, result.stderr
    return lines[0]


#: what a Chinese error keeps as it is (besides the file's path): text in backticks, JSON (objects, lists,
#: strings, true/false/null), quoted values, options, the commands' words, the formats' names, the rulesets'
#: names, digests, bytes, sizes, tiles in ASCII (34x), numbers
KEPT = [r"`[^`]*`", r"\{[^{}]*\}", r"\[[^\[\]]*\]", r'"[^"]*"', r"'[^']*'", r"(?:/[\w.-]+)+", r"--[a-z-]+",
        r"phz|replay|review|play|discard", r"true|false|null|JSON|UTF-8|TOML", r"\.toml",
        r"luzhou-deng|luzhou|hunan", r"[0-9a-f]{12}", r"0x[0-9a-f]{2}", r"\d+ [KMG]B", r"\d+[xd]", r"\d"]


def _english_in(line: str, path: str) -> str:
    """What is left of the Latin letters of a Chinese error once what it keeps as it is is taken out."""
    rest = line.replace(path, " ")
    for kept in KEPT:  # a word only where it stands whole (no ASCII letter either side)
        rest = re.sub(rf"(?<![A-Za-z])(?:{kept})(?![A-Za-z])", " ", rest)
    return " ".join(re.findall(r"[A-Za-z]+", rest))


def _expected_en(command: list[str], path: str) -> str | None:
    """The English line phz replay and phz review give for the record at ``path``: the model's message
    (``RecordError.at``) as it was before any of this, or None when it is not a RecordError (or another
    command's)."""
    if command[0] not in ("replay", "review"):
        return None
    lenient = "--lenient" in command  # (phz review: as the record says)
    try:
        records.read(path)
    except records.RecordError as e:
        return "Error: " + e.at(path)
    e = _refusal(path, lenient if command[0] == "replay" else None)  # type: ignore[arg-type]
    if not isinstance(e, records.RecordError):
        return None
    if command[0] == "replay":
        return "Error: " + e.at(path) + (" (phz replay --lenient)" if e.breaks_rule and not lenient else "")
    return f"Error: {path} line {e.line}: {e.reason}" + (" (phz replay --lenient shows where)" if e.breaks_rule else "")


def _uses(message: str, used: set[int]) -> str:
    """``words.error_in(message, "zh")`` step by step, noting which of RECORD_ERRORS_ZH change it."""
    first = len(words._errors_zh()) - len(record_errors.RECORD_ERRORS_ZH)
    for i, (pattern, zh) in enumerate(words._errors_zh()):
        new = re.sub(pattern, zh, message)
        if new != message and i >= first:
            used.add(i - first)
        message = new
    return message


def _engine_fails(monkeypatch, folder: Path) -> tuple[str, str, str]:
    """The engine failing on a move of a good record (a fault of phz): its English and Chinese lines."""
    from solver.game.engine import Game

    def broken(self, move, **kw):
        raise RuntimeError("boom")
    path = folder / "engine.jsonl"
    path.write_text(_text("hunan", 43), encoding="utf-8")
    with monkeypatch.context() as m:
        m.setattr(Game, "play", broken)
        en, zh = (_error_line(_phz("replay", str(path), "--lang", lang)) for lang in ("en", "zh"))
    assert en is not None and zh is not None and "the engine failed on this move" in en
    return str(path), en, zh


def test_every_refusal_of_a_record_is_chinese_under_zh_and_unchanged_in_english(tmp_path, monkeypatch):
    used: set[int] = set()
    refused = 0
    lines = []
    for what, path, extra in _cases(tmp_path / "records"):
        for command in _commands(path, extra):
            en = _error_line(_phz(*command, "--lang", "en"))
            zh = _error_line(_phz(*command, "--lang", "zh"))
            assert (en is None) == (zh is None), (what, command, en, zh)
            if en is None:
                continue
            refused += 1
            lines.append((what, path, en, zh))
            assert en.startswith("Error: ") and words.error_in(en, "en") == en, (what, en)
            expected = _expected_en(command, path)
            if expected is not None and not extra and not en.startswith("Error: Invalid value for "):  # (click's)
                assert en == expected, (what, command, en, expected)
    lines.append(("engine", *_engine_fails(monkeypatch, tmp_path)))
    for what, path, en, zh in lines:
        assert zh.startswith("错误："), (what, zh)
        message = en.removeprefix("Error: ")
        if message.startswith("Invalid value for "):  # a usage error (help_words.usage_zh: click's words first)
            for pattern, said in help_words._USAGE:
                message = re.sub(pattern, said, message)
        assert zh == "错误：" + _uses(message, used), (what, en, zh)
        left = _english_in(zh, path)
        assert not left, f"{what}: English left in the Chinese ({left}):\n  {en}\n  {zh}"
    assert refused > 1000, refused
    dead = [record_errors.RECORD_ERRORS_ZH[i][0] for i in range(len(record_errors.RECORD_ERRORS_ZH)) if i not in used]
    assert not dead, "patterns no refusal reaches:\n" + "\n".join(dead)


def test_every_kind_of_line_type_and_move_has_its_chinese():
    assert set(record_errors._LINE) == set(records.EVENTS)
    assert set(records._TYPE_WORDS.values()) <= set(record_errors._TYPES)  # a ruleset's: test_ruleset_errors_zh
    assert set(record_errors._MOVE) == set(words.MOVE_ZH) | {"discard"}


def test_a_json_message_phz_does_not_know_stays_inside_the_chinese():
    said = words.error_in("g.jsonl line 2: not a JSON object (Something new at column 7): each line of a record is "
                          "one JSON object", "zh")
    assert said == "g.jsonl 第 2 行：不是 JSON 对象（第 7 列：Something new）：记录的每一行是一个 JSON 对象"
    assert words.error_in("g.jsonl line 2: a move after the hand is over", "en") == \
        "g.jsonl line 2: a move after the hand is over"
