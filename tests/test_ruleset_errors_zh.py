"""A ruleset file that cannot be used is refused in the command's language: under ``--lang zh`` the one line
of error (``ruleset_file.RulesetError``, what the commands add after it) is Chinese through and through, its
file names, field names, tiles, numbers and values kept as they are (``solver.text.ruleset_errors``).

Broadly, not by examples: the shipped files (hunan, luzhou, luzhou-deng) are damaged in every way a file
can be, systematically (each field removed in turn; each value given a wrong type, a number out of its
range, an unknown choice; an unknown field in each table), and by house files that break each check of the
loader (the base, the schema, the 等 at the minimum, the 番 and overrides tables, the [bots] table, the
penalties, the [game] table, the groups, the 胡息, the takes), by bad TOML of every kind tomllib says, and
by files that are no ruleset file at all.  Each is given to ``phz ting --rules FILE`` (and a few as the
default ruleset, through $PHZ_RULES and the config file, or named by a game record's header) under zh
and en.  Every zh line is checked for English left in it; every pattern of the table must serve at least
one of these errors (a pattern none reaches is dead); the English line is the model's message, unchanged."""
from __future__ import annotations

import copy
import datetime
import json
import math
import os
import re
import tomllib
from pathlib import Path

from click.testing import CliRunner

from solver import limits
from solver.app.commands import main
from solver.game import record as records
from solver.model import ruleset_file
from solver.model.ruleset_file import RulesetError
from solver.text import help_words, ruleset_errors, words

HAND = "一二三壹贰叁贰柒拾四五六八九十七七七伍伍"
SHIPPED = ("hunan", "luzhou", "luzhou-deng")
_UTC = datetime.timezone.utc
#: values of every TOML type, each a wrong type somewhere: texts, numbers, booleans, lists, tables, dates
#: and times (a date-time with an offset is written cut short, one cut inside its numbers)
WRONG = ["x", 7, 1.5, True, [1, 2], {"a": 1}, datetime.date(1979, 5, 27), datetime.time(7, 32),
         datetime.datetime(1979, 5, 27, 7, 32), datetime.datetime(1979, 5, 27, 7, 32, tzinfo=_UTC),
         datetime.datetime(1979, 5, 27, 7, 32, tzinfo=datetime.timezone(datetime.timedelta(hours=-7))),
         datetime.datetime(1979, 5, 27, 7, 32, 15, 123456, tzinfo=_UTC), ["a", True], 1e300, -3]


# ---------------------------------------------------------------- writing files

def _toml(value) -> str:
    """A value as TOML (tables inline)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return ("nan" if math.isnan(value) else "inf" if value > 0 else "-inf") if not math.isfinite(value) \
            else repr(value)
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(_toml(x) for x in value) + "]"
    return "{" + ", ".join(f"{_toml(str(k))} = {_toml(v)}" for k, v in value.items()) + "}"


def _text(data: dict) -> str:
    return "".join(f"{_toml(k)} = {_toml(v)}\n" for k, v in data.items())


def _shipped(name: str) -> dict:
    data = tomllib.loads(ruleset_file.shipped_text(name))
    data["name"] = f"my-{name}"
    return data


def _paths(node, at: tuple = ()):
    """The path of every field under ``node``: tables, entries of a list of tables, and values."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, at + (k,))
    elif isinstance(node, list) and node and all(isinstance(x, dict) for x in node):
        for i, x in enumerate(node):
            yield from _paths(x, at + (i,))
    if at:
        yield at


def _name(path: tuple) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")


def _changed(data: dict, path: tuple, value=None, *, drop: bool = False) -> dict:
    new = copy.deepcopy(data)
    node = new
    for p in path[:-1]:
        node = node[p]
    if drop:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return new


def _get(data: dict, path: tuple):
    for p in path:
        data = data[p]
    return data


# ---------------------------------------------------------------- the damaged files

def _systematic() -> list[tuple[str, str]]:
    """Each shipped file with each field removed, given wrong types, numbers out of range, unknown choices,
    and each table given unknown fields."""
    out = []
    for name in SHIPPED:
        data = _shipped(name)
        for k, path in enumerate(_paths(data)):
            what, value = f"{name} {_name(path)}", _get(data, path)
            out.append((f"{what} removed", _text(_changed(data, path, drop=True))))
            wrong = next(x for x in WRONG[k % len(WRONG):] + WRONG if type(x) is not type(value))
            out.append((f"{what} = {wrong!r}", _text(_changed(data, path, wrong))))
            numbers = value if isinstance(value, list) and value and all(
                isinstance(x, (int, float)) and not isinstance(x, bool) for x in value) else [value]
            if all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in numbers):
                for bad in _out_of_range(_name(path) + ("[0]" if numbers is value else ""), numbers[0], k):
                    new = [bad] + numbers[1:] if numbers is value else bad
                    out.append((f"{what} = {bad!r}", _text(_changed(data, path, new))))
            if isinstance(value, str):
                for bad in ("nosuch", "My Rules", "hunan"):
                    out.append((f"{what} = {bad!r}", _text(_changed(data, path, bad))))
            if isinstance(value, list) and all(isinstance(x, str) for x in value):
                for bad in (value + ["nosuch"], value[:1] * 2, [], [1], [WRONG[6 + k % 6]]):  # a date or a time
                    out.append((f"{what} = {bad!r}", _text(_changed(data, path, bad))))
            if isinstance(value, dict):
                near = next(iter(value), "a") + "x"
                for key in ("zzz", near):
                    out.append((f"{what} + {key}", _text(_changed(data, path + (key,), 1))))
        for key in ("zzz", "scor", "game.players"):
            out.append((f"{name} + {key}", _text({**data, key: 1})))
    return out


def _out_of_range(name: str, value, k: int) -> list:
    """Numbers out of the field's range: just below it or just above it, and one too long to show, not a
    number or minus infinity (each in turn)."""
    low, high = ruleset_file._range_of(name) or (-(1 << 31), (1 << 31) - 1)
    if isinstance(value, float):
        low, high = low - 0.5, high + 0.5
    return [[low - 1, high + 1][k % 2], [10 ** 30, math.nan, -math.inf][k % 3]]


def house(body: str, base: str = "hunan", name: str = "house") -> str:
    return f'schema = 1\nbase = "{base}"\nname = "{name}"\n{body}'


#: bodies of a house file on hunan: each check of the loader the systematic damage may not reach
BODIES = [
    # 等 at the minimum
    "[score]\nmin_huxi = 10\n", "[score]\nmin_huxi = 9\ndeng_base = 15\n", "[score]\nmin_huxi = 0\ndeng_add = 0\n",
    "[score]\nmin_huxi = 3\ndeng_step = 1\ndeng_add = -20\n", "[score]\ndeng_add = -1000\n",
    # 番 and the overrides
    '[[score.fans]]\nname = "X"\nfan = 2\n', '[[score.fans]]\ncondition = "haidi"\nfan = 2\n',
    '[[score.fans]]\nname = "X"\ncondition = "haidi"\n', '[[score.fans]]\nname = "X"\ncondition = "lucky"\nfan = 2\n',
    '[[score.fans]]\nname = "X"\ncondition = "red"\nfan = 2\n',
    '[[score.fans]]\nname = "X"\ncondition = "red"\nred_min = 5\nfan = 2\n',
    '[[score.fans]]\nname = "X"\ncondition = "red"\nred_min = 5\nred_max = 3\nfan = 2\n',
    '[[score.fans]]\nname = "X"\ncondition = "haidi"\nfan = 2\n[[score.fans]]\nname = "X"\ncondition = "dihu"\nfan = 3\n',
    '[[score.fans]]\nname = "X"\ncondition = "haidi"\nfan = 2\nextra = 1\n', "[score]\nfans = 3\n",
    "[score]\nfans = [1, 2]\n", '[[score.overrides]]\nnames = ["乌胡", "自摸胡"]\nfan = 9\n',
    "[[score.overrides]]\nnames = []\nfan = 9\n", '[[score.overrides]]\nnames = ["乌胡"]\n',
    '[[score.overrides]]\nnames = ["乌胡", "乌胡"]\nfan = 9\n', '[[score.overrides]]\nfan = 9\n',
    '[[score.overrides]]\nnames = ["乌胡"]\nfan = 0\n', '[[score.overrides]]\nnames = "乌胡"\nfan = 2\n',
    # the bots' tuning
    "[bots]\nhazard = []\n", "[bots]\nhazard = [0.1, true]\n", f"[bots]\nsteps = [{', '.join(['0.1'] * 21)}]\n",
    '[bots]\nsteps = ["x"]\n', "[bots]\nwin_curve = [0.5]\n", "[bots]\nwin_curve = [0, 0.5, 0.4]\n",
    "[bots]\ngrade_points = [1, 3]\n", "[bots]\ngrade_win = [0.2, 0.1, 0.3]\n", "[bots]\nrace_keep = [6]\n",
    "[bots]\nrace_keep = [6, 2.5]\n", '[bots]\nrollout_policy = "strong"\n', "[bots]\nlook = 2.5\n",
    "[bots]\ntypical_score = nan\n", "[bots]\nhazards = [0.1]\n", "[bots]\nkeen = 1\n",
    # the penalties
    '[penalties]\n"烧比" = "6"\n', '[penalties]\n"烧比" = true\n', '[penalties]\n"烧比" = 1.5\n',
    '[penalties]\n"烧比" = [6]\n', '[penalties]\n"烧比" = 1979-05-27T07:32:00Z\n', '[penalties]\n"烧比" = -6\n',
    '[penalties]\n"烧比" = 100001\n', '[penalties]\n"烧比" = 6\n', '[play]\nshaobi = "比"\n',
    '[penalties]\n"诈胡" = 30\n"走跑" = 15\n"失提" = 9\n"臭张" = 3\n"烧比" = 6\n"新的" = 1\n',
    # the game
    "[game]\nplayers = 9\n", "[game]\nplayers = 1\n", "[game]\ndeal = [21, 20]\n", "[game]\ndeal = [30, 30, 30]\n",
    "[game]\ndeal = [21, 20, 41]\n", '[game]\ndeal = [21, 20, "x"]\n', "[game]\ndeal = [21, 20, true]\n",
    "[game]\nplayers = 4\n", "[game]\nplayers = 2\n", "[game]\nplayers = 2\ndeal = [21, 20]\nburied = 40\n",
    '[game]\npay = "winner"\n', '[game]\nsit_out = "dealer"\n', '[game]\ntianhu = "x"\n', '[game]\ndihu = "x"\n',
    '[game]\npenalty_paid = "x"\n', "[game]\nburied = 41\n", "game = 5\n",
    # the groups, 胡息 and takes
    '[groups]\nmelds = ["chi", "wei", "pao", "ti"]\n', '[groups]\nmelds = ["peng", "wei", "pao", "ti"]\n',
    '[groups]\nmelds = ["chi", "peng", "wei"]\n', '[groups]\nmelds = ["chi", "peng", "wei", "pao", "ti", "kong"]\n',
    '[groups]\nmelds = ["chi", "peng", "peng", "ti"]\n', '[groups]\ndealt_four = "zhao"\n',
    '[groups]\naliases = { zhao = "nothing" }\n', '[groups]\naliases = { pao = "ti" }\n',
    '[groups]\nabsent = { pao = "x" }\n', '[groups]\nabsent = { zhao = 1 }\n', '[groups]\njiang = "never"\n',
    '[groups]\nmelds = ["chi", "peng", "pao", "ti"]\n', "[huxi]\nju = { small = 0, big = 0, red_small = 1 }\n",
    "[huxi]\nju123 = { small = 0, big = 0, tiles = {} }\n", '[huxi]\npeng = { small = 1, big = 3, tiles = { "X" = 2 } }\n',
    '[huxi]\npeng = { small = 1, big = 3, tiles = { "五" = "2" } }\n',
    '[huxi]\npeng = { small = 1, big = 3, tiles = { "五" = 19 } }\n',
    '[huxi]\npeng = { small = 1, big = 3, tiles = { "五" = true } }\n', "[huxi]\njiang = { small = 0, big = 1 }\n",
    "[huxi]\nzhao = { small = 1, big = 3 }\n", "[huxi]\npeng = { small = 1 }\n",
    '[take.wei]\nself = { makes = "ti", compulsory = true, po = false, others_win = true }\n'
    '[groups]\nmelds = ["chi", "peng", "pao", "ti"]\n',
    '[take.kan]\nself = { makes = "zhao", compulsory = true, po = false, others_win = true }\n',
    '[take.less]\nself = { makes = "free", compulsory = true, po = false, others_win = true }\n',
    '[take.less]\nself = { makes = "free", compulsory = false, po = true, others_win = true }\n',
    '[take.pair]\nself = { makes = 5 }\n',
    # the play, the weights, the name and the aliases
    "[play]\nwin_on = []\n", '[play]\nwin_on = ["self", "self"]\n', '[play]\nwin_on = ["stock"]\n',
    '[play]\nchi_from = ["lower-discard"]\n', '[play]\npassed = "never"\n', "[weights]\nself = 0\nother = 0\n",
    '[play]\nwin_on = ["discard"]\n', "aliases = [1]\n", 'aliases = ["x", 2]\n', 'title = 5\n',
]


def _houses() -> list[tuple[str, str]]:
    out = [(f"house {body!r}", house(body)) for body in BODIES]
    out += [(f"luzhou house {body!r}", house(body, "luzhou")) for body in BODIES]
    out += [("name", house("", name="My Rules")), ("name shipped", house("", name="luzhou")),
            ("name long", house("", name="a" * 50)), ("name empty", house("", name="")),
            ("name quote", house("", name="it's")), ("name control", house("", name="a\\u001b[31m"))]
    return out


#: bad TOML: each thing tomllib says of a text it cannot read
BAD_TOML = ['schema = 1\nschema = 2\n', 'name = "\\uD800"\n', 'schema 1\n', '[score\nmin_huxi = 1\n',
            '[[score.fans]\nname = "x"\n', 'schema = 1 2\n', 'schema = 1979-02-30\n', 'name = "\\u12G4"\n',
            '= 1\n', '[score]\n]\n', 'schema = @\n', 'aliases = [1, 2\n', 'huxi = { ju = 1\n', 'name = "a\\q"\n',
            'name = "abc\n', 'name = "abc', '[score]\n[score]\n', 'huxi = { ju = 1 }\nhuxi.k = 2\n',
            '[a.b]\n[a]\nb.c = 1\n', 'a = [1]\n[[a]]\n', 'huxi = { ju = 1, ju = 2 }\n', 'name = "a\x01"\n',
            'schema = 1 # \x01\n', "name = '''abc", "name = 'abc", "huxi = {", "schema = 1\n\x7f = 2\n"]


def _files() -> list[tuple[str, str | bytes]]:
    """Whole files: bad TOML, too deep or too long a number, the schema, the base."""
    out: list[tuple[str, str | bytes]] = [(f"toml {bad!r}", bad) for bad in BAD_TOML]
    out += [("deep", house("x = " + "[" * 20 + "]" * 20 + "\n")), ("too deep", house("x = " + "[" * 100000)),
            ("digits", house("x = 1" + "0" * 5000 + "\n")), ("empty", ""), ("comment", "# nothing\n"),
            ("bytes", b"schema = 1\n\xff\xfe\n"), ("bom", "\ufeff" + house("[score]\nmin_huxi = 10\n"))]
    for schema in ("", "schema = 2\n", "schema = 0\n", "schema = 1000\n", "schema = 1001\n", 'schema = "1"\n',
                   "schema = -1\n", "schema = 1.0\n"):
        out.append((f"schema {schema!r}", schema + 'base = "hunan"\nname = "x"\n'))
    for base in ('"wuhan"', '"self.toml"', '"a.toml"', '"chain0.toml"', '"gone.toml"', '"folder.toml"',
                 '"broken.toml"', "5", '"Luzhou"', '"deep/x.toml"'):
        out.append((f"base {base}", f'schema = 1\nbase = {base}\nname = "x"\n'))
    return out


def _write(folder: Path) -> list[tuple[str, str]]:
    """(what, path) of every damaged file, written in ``folder``, and of paths that are no ruleset file."""
    folder.mkdir()
    (folder / "self.toml").write_text('schema = 1\nbase = "self.toml"\nname = "x"\n', encoding="utf-8")
    (folder / "a.toml").write_text('schema = 1\nbase = "b.toml"\nname = "a"\n', encoding="utf-8")
    (folder / "b.toml").write_text('schema = 1\nbase = "a.toml"\nname = "b"\n', encoding="utf-8")
    for i in range(12):  # a chain of bases longer than a file may have
        (folder / f"chain{i}.toml").write_text(f'schema = 1\nbase = "chain{i + 1}.toml"\nname = "c{i}"\n',
                                               encoding="utf-8")
    (folder / "chain12.toml").write_text(house(""), encoding="utf-8")
    (folder / "folder.toml").mkdir()
    (folder / "broken.toml").write_text(house("[score]\nmin_huxi = -1\n"), encoding="utf-8")
    out = []
    cases = _systematic() + _houses() + _files()
    for i, (what, text) in enumerate(cases):
        path = folder / f"r{i}.toml"
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        out.append((what, str(path)))
    os.mkfifo(folder / "fifo.toml")
    with open(folder / "huge.toml", "wb") as f:
        f.truncate(3 << 30)  # sparse: it takes no room
    out += [(what, str(folder / name)) for what, name in (
        ("directory", "folder.toml"), ("fifo", "fifo.toml"), ("huge", "huge.toml"),
        ("missing", "none.toml"))]
    return out + [("device", "/dev/null"), (GROWS, "/proc/self/status")]


#: a file that grows while read: one of /proc, whose size says 0, read with a ruleset file's limit of 100 bytes
GROWS = "grows while read"


def _defaults(folder: Path, bad: str) -> list[tuple[str, dict, str]]:
    """(what, environment, the English message's end) of a default ruleset that cannot be used: $PHZ_RULES and
    the config file naming a bad file, and config files that cannot be read."""
    folder.mkdir()
    out = [("$PHZ_RULES file", {"PHZ_RULES": bad}, " (the default ruleset, set in $PHZ_RULES)"),
           ("$PHZ_RULES name", {"PHZ_RULES": "nowhere"}, " (the default ruleset, set in $PHZ_RULES)")]
    for what in ("names", "directory", "fifo", "binary", "huge", "dangling"):
        config = folder / what / "phz" / "rules"
        config.parent.mkdir(parents=True)
        if what == "names":
            config.write_text(bad + "\n", encoding="utf-8")
        elif what == "directory":
            config.mkdir()
        elif what == "fifo":
            os.mkfifo(config)
        elif what == "binary":
            config.write_bytes(b"\xff\xfe")
        elif what == "huge":
            config.write_text("hunan\n" * 20000, encoding="utf-8")
        else:
            config.symlink_to(folder / "nowhere")
        end = f" (the default ruleset, set in {config})" if what == "names" else ""
        out.append((f"config {what}", {"PHZ_RULES": None, "XDG_CONFIG_HOME": str(folder / what)}, end))
    return out


def _records(folder: Path) -> list[tuple[str, str]]:
    """Game records whose header names a ruleset that cannot be used: by name, a file beside it, its content."""
    folder.mkdir()
    (folder / "broken.toml").write_text(house("[game]\npay = 5\n"), encoding="utf-8")
    content = json.loads(json.dumps(dict(ruleset_file.load("hunan").data), default=dict))
    heads = [{"ruleset": "nowhere"}, {"ruleset": "broken.toml"},
             {"ruleset": {"name": "hunan", "digest": "0" * 12, "content": dict(content, weights={"self": "x"})}},
             {"ruleset": {"name": "hunan", "digest": "0" * 12, "content": dict(content, weight=1)}}]
    out = []
    for i, head in enumerate(heads):
        path = folder / f"g{i}.jsonl"
        path.write_text(json.dumps({"format": "phz-game", "version": 2, **head}, ensure_ascii=False) + "\n",
                        encoding="utf-8")
        out.append((f"record {json.dumps(head)[:40]}", str(path)))
    return out


# ---------------------------------------------------------------- the checks

def _error_line(result) -> str:
    """The one line of error a refusal writes on stderr (after click's usage lines): exit 2, no traceback."""
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert isinstance(result.exception, SystemExit) and "Traceback" not in result.output, result.output
    lines = [x for x in result.stderr.splitlines() if x.startswith(("Error", "错误"))]
    assert len(lines) == 1, result.stderr
    return lines[0]


#: what a Chinese error keeps as it is (besides the paths): text in backticks, TOML tables ([[score.fans]]),
#: lists and tables as Python writes them, quoted values and field names, options, $PHZ_RULES, the rulesets'
#: names, TOML's and JSON's words, README, numbers (1e+300 too), bytes, sizes
KEPT = [r"`[^`]*`", r"\[\[[^\[\]]*\]\]", r"\{[^{}]*\}", r"\[[^\[\]]*\]", r'"[^"]*"', r"'[^']*'",
        r"(?:/[\w.-]+)+", r"\.toml", r"--[a-z-]+", r"\$[A-Z_]+", r"phz", r"luzhou-deng|luzhou|hunan",
        r"true|false|null|nan|inf|TOML|JSON|UTF-8|README", r"\d+(?:\.\d+)?e[+-]?\d+", r"0x[0-9a-f]{2}",
        r"\d+ [KMG]B", r"\d"]


def _english_in(line: str, folders: list[str]) -> str:
    """What is left of the Latin letters of a Chinese error once what it keeps as it is is taken out."""
    rest = line
    for folder in folders:
        rest = rest.replace(folder, " ")
    for kept in KEPT:  # a word only where it stands whole (no ASCII letter either side)
        rest = re.sub(rf"(?<![A-Za-z])(?:{kept})(?![A-Za-z])", " ", rest)
    return " ".join(re.findall(r"[A-Za-z]+", rest))


def _tracked(used: set[int]) -> list:
    """``words._errors_zh()`` with each pattern of RULESET_ERRORS_ZH noting, when it changes a message, its index."""
    def noting(i: int, zh):
        def said(m: re.Match[str]) -> str:
            used.add(i)
            return zh(m) if callable(zh) else m.expand(zh)
        return said
    ours = {id(entry): i for i, entry in enumerate(ruleset_errors.RULESET_ERRORS_ZH)}
    return [(p, noting(ours[id(entry)], zh)) if id(entry) in ours else entry
            for entry in words._errors_zh() for p, zh in [entry]]


def _phz(args: list[str], env: dict | None = None):
    return CliRunner(env={"LC_ALL": "C.UTF-8", "PHZ_RULES": None, **(env or {})}).invoke(main, args)


def test_every_refusal_of_a_ruleset_file_is_chinese_under_zh_and_unchanged_in_english(tmp_path, monkeypatch):
    used: set[int] = set()
    tracked = _tracked(used)
    monkeypatch.setattr(words, "_errors_zh", lambda: tracked)
    files = _write(tmp_path / "rulesets")
    lines = []  # (what, en, zh)
    loaded = 0
    for what, path in files:
        expected = None
        with monkeypatch.context() as m:
            if what == GROWS:
                m.setattr(limits, "RULESET_BYTES", 100)
            try:
                ruleset_file.load(path)
                loaded += 1  # a change the rules allow (a value of another type that fits, a field a base gives)
                continue
            except RulesetError as e:
                expected = f"Error: Invalid value for '--rules': {e}"
            en, zh = (_error_line(_phz(["--lang", lang, "ting", "--rules", path, HAND])) for lang in ("en", "zh"))
        assert en == expected, (what, en, expected)
        lines.append((what, en, zh))
    bad = files[0][1]  # hunan without its schema
    for what, env, end in _defaults(tmp_path / "config", bad):
        expected = None
        with monkeypatch.context() as m:
            m.setenv("HOME", str(tmp_path))
            try:
                ruleset_file.load(ruleset_file.default_name({k: v for k, v in {**os.environ, **env}.items()
                                                             if v is not None})[0])
            except ValueError as e:
                expected = f"Error: Invalid value for '--rules': {e}{end}"
            en, zh = (_error_line(_phz(["--lang", lang, "ting", HAND], env)) for lang in ("en", "zh"))
        assert en == expected, (what, en, expected)
        lines.append((what, en, zh))
    for what, path in _records(tmp_path / "records"):
        expected = None
        try:
            records.read(path)
        except records.RecordError as e:
            expected = "Error: " + e.at(path)
        en, zh = (_error_line(_phz(["--lang", lang, "replay", path])) for lang in ("en", "zh"))
        assert en == expected, (what, en, expected)
        lines.append((what, en, zh))
    # a file's rules at another table (``--players``): the error of the rules seated, through phz sim and phz play
    seated = tmp_path / "seated.toml"
    seated.write_text(house("[game]\nburied = 40\n"), encoding="utf-8")
    for command in (["sim", "--games", "1"], ["play", "--hands", "1"]):
        en, zh = (_error_line(_phz(["--lang", lang, *command, "--rules", str(seated), "--players", "2"]))
                  for lang in ("en", "zh"))
        assert en.startswith("Error: Invalid value for '--players': ") and "field 'game.deal'" in en, en
        lines.append(("seated", en, zh))
    for what, en, zh in lines:
        message = en.removeprefix("Error: ")
        assert zh == "错误：" + (help_words.usage_zh(message) if message.startswith("Invalid value for ")
                               else words.error_in(message, "zh")), (what, en, zh)
        left = _english_in(zh, [str(tmp_path), "/dev/null", "/proc/self/status"])
        assert not left, f"{what}: English left in the Chinese ({left}):\n  {en}\n  {zh}"
    assert len(lines) > 1000 and loaded < len(files) / 4, (len(lines), loaded)
    dead = [p for i, (p, _) in enumerate(ruleset_errors.RULESET_ERRORS_ZH) if i not in used]
    dead += [p for p, _ in ruleset_errors.RULESET_SUFFIXES_ZH if not any(re.search(p, en) for _, en, _ in lines)]
    assert not dead, "patterns no refusal reaches:\n" + "\n".join(dead)
    said = {m[1] for _, en, _ in lines for m in [re.search(r"not valid TOML \((.+?) \(at ", en)] if m}
    unsaid = [x for x in ruleset_errors._TOML if x not in said]
    unsaid += [p for p in ruleset_errors._TOML_NAMING if not any(re.fullmatch(p, x) for x in said)]
    assert not unsaid, "tomllib's messages no bad file gives:\n" + "\n".join(unsaid)


def test_every_type_a_field_holds_has_its_chinese():
    assert set(ruleset_file._TYPE_WORDS.values()) == set(ruleset_errors._TYPES)


def test_a_context_after_the_message_is_said_after_its_chinese():
    said = words.error_in("/x/rules: is a directory, not a config file (the config file naming the default "
                          "ruleset: fix it, or remove it to use hunan)", "zh")
    assert said == "/x/rules：是文件夹，不是配置文件（这是指定默认规则的配置文件：改好它，或者删掉它，就用 hunan）"
    assert words.error_in("m.toml: field 'score.min_huxi' is missing (the default ruleset, set in $PHZ_RULES)",
                          "en").endswith("(the default ruleset, set in $PHZ_RULES)")
