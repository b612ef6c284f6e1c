"""Every command at 80 columns and in both languages (issue 17, points 1, 2, 5 and 6).

Each command, the game and trainer commands too, runs through click's test runner (stdout is not a
terminal, so its lines must fit 80 columns) in English and in Chinese, and no line of stdout or
stderr is longer; ``--wide`` lifts the limit.  The language is always pinned (``--lang``, or a
locale set in the environment), never the machine's.  Then the grouping of ``phz discard`` and
``phz act`` (``--all`` shows every row), the help: summaries never cut, the top-level help naming
the trainer and the games, act's ``--seen``.
"""
from __future__ import annotations

import re

import click
import pytest
from click.testing import CliRunner

from solver.app.commands import main
from solver.text.columns import WIDTH, first_fit, fit, grid, width, wrap

EX2 = "一二三壹贰叁贰柒拾四五六八九十七七七伍伍"  # ready on 五 七 伍
EX2_DISCARD = EX2 + "捌"  # 打捌 leaves it ready; 15 other discards leave it 1 away
SEED000 = "一二三四五 六七八 九九玖 肆伍陆 柒捌玖 拾拾壹"  # 2 away; 三 from the upper player: two ways, 烧比
WEI7 = "一二三四五六七七八九壹贰叁肆伍陆柒捌玖拾"  # a self-drawn 七 onto 七七: 偎, six ways to eat forbidden
MULTI = "一二四四五五六六九九九壹壹壹肆伍陆玖玖玖"
LUZHOU = "一二三 壹贰叁 二七十 四五六 七八九 伍伍 | 碰:十十十"
#: no locale of the machine leaks in: only what a test sets
PINNED = {"NO_COLOR": "1", "LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}


def phz(*args: str, input: str | None = None, env: dict | None = None):
    return CliRunner().invoke(main, list(args), input=input, env={**PINNED, **(env or {})})


def too_long(text: str, limit: int = WIDTH) -> list[str]:
    return [line for line in text.splitlines() if width(line) > limit]


@pytest.fixture(scope="module")
def record(tmp_path_factory):
    """A hand of `phz play` answered through stdin (always the first option), its record."""
    path = tmp_path_factory.mktemp("width") / "game.jsonl"
    r = phz("play", "--seed", "3", "--hands", "1", "--record", str(path), "--lang", "en", input="1\n" * 300)
    assert r.exit_code == 0, r.output
    return path


#: (arguments, stdin) of every command with its usual options ({record}: a game record, {db}: a progress file)
COMMANDS = [
    (["ting", EX2], None), (["ting", SEED000], None), (["ting", LUZHOU, "--rules", "luzhou"], None),
    (["ting", "一二三"], None),  # an error
    (["discard", EX2_DISCARD], None), (["discard", EX2_DISCARD, "--all"], None),
    (["discard", "二四七七七十十十壹壹壹肆捌拾拾 | 碰:一一一 吃:二七十"], None),
    (["discard", EX2_DISCARD, "--win-rate", "--samples", "30"], None),
    (["hu", MULTI, "--win", "三", "--source", "other", "--all"], None),
    (["hu", EX2, "--win", "七", "--source", "other", "--last-tile"], None),
    (["hu", "一二三壹贰叁贰柒拾七八九五五五陆柒捌四六", "--win", "五", "--source", "self"], None),
    (["hu", "一二三五六七八九 | 提:四四四四 提:壹壹壹壹 提:肆肆肆肆", "--tianhu"], None),
    (["act", SEED000, "--tile", "三", "--from", "upper-discard"], None),
    (["act", WEI7, "--tile", "七", "--from", "self-draw"], None),
    (["act", SEED000, "--tile", "三", "--from", "upper-discard", "--advise", "--samples", "30"], None),
    (["play", "--seed", "3", "--hands", "1", "--coach"], "1\n" * 300),
    (["replay", "{record}"], None), (["replay", "{record}", "--to", "12"], None),
    (["review", "{record}", "--samples", "24"], None),
    (["sim", "--games", "2"], None),
    (["shell"], f"{EX2_DISCARD}\n-捌\n? 七 self-draw\ntake 1\nundo\nhelp\nquit\n"),
    (["rules", "list"], None),
    (["rules", "show", "hunan"], None), (["rules", "show", "luzhou"], None),
    (["puzzles", "list", "--kind", "chi"], None),
    (["puzzles", "tags"], None),
    (["quiz", "--random", "--seed", "1", "--count", "2", "--db", "{db}"], "q\n"),
    (["quiz", "--kind", "game", "--db", "{db}"], None),  # an error: no question saved from games
    (["quiz", "--puzzle", "ting-001", "--kind", "chi", "--db", "{db}"], None),  # an error: they do not match
    (["stats", "--db", "{db}"], None),
]


@pytest.mark.parametrize("args, stdin", COMMANDS, ids=lambda x: x[0] if isinstance(x, list) else "")
def test_every_command_fits_80_columns_in_both_languages(args, stdin, record, tmp_path):
    args = [a.format(record=record, db=tmp_path / "progress.db") for a in args]
    outputs = {}
    for lang in ("en", "zh"):
        r = phz(*args, "--lang", lang, input=stdin)
        assert r.exit_code in (0, 2) and (r.exception is None or isinstance(r.exception, SystemExit)), r.output
        assert too_long(r.stdout) + too_long(r.stderr) == [], lang
        if lang == "zh":
            assert latin_words(r.output, str(tmp_path), str(record)) == set(), args
        outputs[lang] = r.output
    assert outputs["en"] != outputs["zh"]
    before = phz("--lang", "zh", *args, input=stdin)  # the language given before the command: the same words
    assert _timeless(before.output) == _timeless(outputs["zh"])


@pytest.mark.parametrize("args, stdin", [
    (["ting", "-"], f"{EX2}\n{SEED000}\nxyz\n"), (["discard", "-"], f"{EX2_DISCARD}\n一二三\n"),
    (["hu", "-"], f"{EX2} ; 五 self\n{EX2} ; 一 other\n{EX2} ; 五 nowhere\n")], ids=["ting", "discard", "hu"])
def test_a_batch_answers_in_the_language_asked(args, stdin):
    """A batch's text lines (one a hand, as long as it needs) in Chinese have no English left, a bad line's
    message included; each line answers the same hand in both languages."""
    en, zh = (phz(*args, "--lang", lang, input=stdin) for lang in ("en", "zh"))
    assert en.exit_code == zh.exit_code == 1  # the last line is bad
    typed = [*stdin.splitlines(), "'x'", "'nowhere'", "self, other 或 discard"]  # (what is typed, as typed)
    assert latin_words(zh.stdout, *typed) == set(), zh.stdout
    lines_en, lines_zh = en.stdout.splitlines(), zh.stdout.splitlines()
    assert len(lines_en) == len(lines_zh) == len(stdin.splitlines())
    for a, b in zip(lines_en, lines_zh):
        assert a != b and b.startswith(a.split(":")[0].split(" + ")[0])
    assert ": error: " in lines_en[-1] and "：错误：" in lines_zh[-1]


@pytest.mark.parametrize("kind", ["ting", "discard", "huxi", "chi", "chou"])
def test_the_quiz_teaches_in_chinese_with_no_english_left(kind, tmp_path):
    """Drills of each kind answered wrongly, rightly and unreadably under zh: the prompts, verdicts and
    teaching hold no Latin word but the tile notation's ASCII form (3x5d), the rule book's file name and the
    answer keys (y / n, q)."""
    for seed in (1, 2):
        for answer in ("一", "1", "三伍", "15", "不能"):
            r = phz("quiz", "--random", "--seed", str(seed), "--count", "1", "--kind", kind, "--db",
                    str(tmp_path / "p.db"), "--lang", "zh", input=answer + "\nq\n")
            assert r.exit_code == 0, r.output
            text = re.sub(r"\b\d+[xd](\d+[xd])*\b|\bRULES\.md\b|\bASCII\b|\by / n\b", " ", r.output)
            assert latin_words(text, str(tmp_path)) == set(), (seed, answer, r.output)


def _names() -> set[str]:
    """The Latin words a Chinese screen may show: what is typed or named as it is (commands and the
    shell's and their placeholders, the keys of play's prompt, rulesets and their titles' English, bots,
    kinds of question, where a tile comes from, key names)."""
    from solver.game import roster
    from solver.model import ruleset_file
    from solver.trainer import kinds
    from solver.vocabulary import ORIGINS

    def commands(group: click.Group) -> set[str]:
        return {n for name, c in group.commands.items() for n in
                ({name} | (commands(c) if isinstance(c, click.Group) else set()))}

    rulesets = [ruleset_file.load(n) for n in ruleset_file.shipped()]
    words = {"phz", "Ctrl", "D", "q", "t", "w", "N", "X", "help", "take", "seen", "undo", "show", "quit", "rules"}
    words |= commands(main) | set(roster.bots()) | set(kinds.names()) | {w for r in rulesets for w in r.name.split("-")}
    words |= {w for r in rulesets for w in re.findall(r"[A-Za-z']+", r.title)}
    return words | {w for o in ORIGINS for w in o.split("-")}


def latin_words(text: str, *paths: str) -> set[str]:
    """The Latin words of ``text`` that are none of ``_names()``: not a file (``paths``), a flag, a
    digest, a puzzle's id, a ruleset name with its suffix, or text in backticks."""
    for path in paths:
        text = text.replace(path, "")
    text = re.sub(r"`[^`]*`|--[\w-]+|\b[0-9a-f]{12}\b|\b[a-z]+-\d+\b|\b[\w.-]+\.(jsonl|toml|db)\b", " ", text)
    return {w for w in re.findall(r"[A-Za-z][A-Za-z']*", text) if w not in _names()}


def _timeless(text: str) -> str:
    """Output with its measured times left out (``0.4 s``, ``用时 0.4 秒``)."""
    return re.sub(r"\d+(\.\d+)? ?(s|秒)\b", "T", text)


def test_the_help_of_every_command_fits_80_columns():
    failures = []

    def walk(group: click.Group, path: list[str]) -> None:
        for name, command in group.commands.items():
            for lang in ("en", "zh"):
                r = phz("--lang", lang, *path, name, "--help")
                assert r.exit_code == 0, r.output
                if too_long(r.output):
                    failures.append(f"{' '.join(path + [name])} --help: {too_long(r.output)[:2]}")
            if isinstance(command, click.Group):
                walk(command, path + [name])

    for lang in ("en", "zh"):
        assert not too_long(phz("--lang", lang, "--help").output)
    walk(main, [])
    assert not failures, "\n".join(failures)


def test_every_command_takes_lang_wide_and_color():
    def walk(group: click.Group, path: str) -> list[str]:
        missing = []
        for name, command in group.commands.items():
            opts = {o for p in command.params for o in getattr(p, "opts", [])}
            missing += [f"{path}{name} {o}" for o in ("--lang", "--wide", "--color") if o not in opts]
            if isinstance(command, click.Group):
                missing += walk(command, f"{path}{name} ")
        return missing

    assert walk(main, "") == []
    assert {"--lang", "--wide", "--color"} <= {o for p in main.params for o in getattr(p, "opts", [])}


def test_wide_shows_the_full_tables_and_the_default_follows_a_terminal(monkeypatch):
    narrow, wide = phz("ting", EX2), phz("ting", EX2, "--wide")
    assert not too_long(narrow.stdout)
    assert max(width(line) for line in wide.stdout.splitlines()) > 100  # every column of both sources
    assert "self 胡息" in wide.stdout and "self 胡息" not in narrow.stdout
    assert phz("--wide", "ting", EX2).stdout == wide.stdout  # before the command too
    act = phz("act", WEI7, "--tile", "七", "--from", "self-draw", "--lang", "en", "--wide").stdout
    assert max(width(line) for line in act.splitlines()) > 150  # one line a move, unwrapped

    from solver.app import options

    class Terminal:
        def isatty(self):
            return True

    ctx = click.Context(main)
    monkeypatch.setattr("sys.stdout", Terminal())
    monkeypatch.setenv("COLUMNS", "132")
    assert options.width_of(ctx) == 132
    ctx.meta["phz.wide"] = True
    assert options.width_of(ctx) is None
    monkeypatch.undo()
    assert options.width_of(click.Context(main)) == 80  # not a terminal


def test_the_language_follows_the_locale_when_not_given():
    zh = phz("ting", EX2, env={"LANG": "zh_CN.UTF-8"})
    en = phz("ting", EX2, env={"LANG": "en_US.UTF-8"})
    assert zh.stdout.splitlines()[1] == "听牌：3个胡张，剩6张"
    assert en.stdout.splitlines()[1] == "ready: 3 waits, 6 live outs"
    assert phz("ting", EX2, "--lang", "en", env={"LC_ALL": "zh_CN.UTF-8"}).stdout == en.stdout
    assert phz("--lang", "zh", "ting", EX2).stdout == zh.stdout  # before the command too
    error = phz("ting", "一二三", env={"LANG": "zh_CN.UTF-8"})
    assert error.exit_code == 2 and error.stderr.startswith("错误：暗牌3张：等牌的手牌应有20张；读到 一二三")
    assert phz("hu", EX2, "--win", "七", "--source", "other", "--lang", "zh").stdout.splitlines()[1] == \
        "胡（跑胡）：21胡息 → 3等 × 2番（红胡）= 6分"


def test_tables_in_chinese_have_chinese_headers():
    assert "胡张  剩  胡息" in phz("ting", EX2, "--lang", "zh").stdout
    assert "最好的拆法" in phz("ting", EX2, "--lang", "zh").stdout
    assert "进张    剩    进法" in phz("ting", SEED000, "--lang", "zh").stdout
    assert "吃三（一二，比三四五）" in phz("ting", SEED000, "--lang", "zh").stdout
    assert "另外14种打法：差1步，进张较少（6–26张）" in phz("discard", EX2_DISCARD, "--lang", "zh").stdout
    assert "测量 / 引擎" in "\n".join(_bench_lines("zh"))


def _bench_lines(lang: str) -> list[str]:
    from solver.app.bench import NEAR_REST, SIM, Result, table_lines

    results = [Result(NEAR_REST, "kernels", 10, 853.0, 1172.0, None),
               Result(NEAR_REST, "plain Python, p95", 10, 45295.1, 22.0, None),
               Result(SIM, "random bots, 2 jobs: 0.71× 1 job", 10, 11050.2, 90.0, None),
               Result("waits of a ready hand, both sources", "kernel + answers (wins.ting_many)", 10, 26.1,
                      38330.0, 64.0)]
    return table_lines(results, lang, 80)


def test_bench_table_fits_in_both_languages():
    en, zh = _bench_lines("en"), _bench_lines("zh")
    assert not too_long("\n".join(en + zh))
    assert en[2] == "distance + draws, hand at rest within 2 of ready"
    assert "  内核加答案（wins.ting_many）" in "\n".join(zh) and "random 机器人，2 个进程：1 个进程的 0.71×" in "\n".join(zh)


# ---------------------------------------------------------------- grouping (point 5)

def test_discard_groups_the_rows_that_share_a_verdict():
    out = phz("discard", EX2_DISCARD).stdout
    lines = out.splitlines()
    assert [x for x in lines if x.startswith("打 ")] == ["打 捌 → ready · 听 五 七 伍 (6 live)",
                                                        "打 六 → 1 away · 进张 一 三 五 六 七 八 壹 伍 陆 捌 玖 (32 live)"]
    assert "14 other discards: 1 away, fewer 进张 (6–26 live): 一 伍 四" in out
    assert "0.0000" not in out  # only the discard that leaves the hand ready has a row of scores
    every = phz("discard", EX2_DISCARD, "--all").stdout
    assert sum(x.startswith("打 ") for x in every.splitlines()) == 16 and every.count("0.0000") == 15


def test_discard_verdicts():
    from solver import api
    from solver.text.hand_text import verdicts

    rows = api.discard(EX2_DISCARD).rows
    assert [len(g) for g in verdicts(rows)] == [1, 1, 14]
    assert [len(g) for g in verdicts(rows, all_rows=True)] == [1] * 16
    tied = api.discard("二四七七七十十十壹壹壹肆捌拾拾 | 碰:一一一 吃:二七十").rows
    assert [len(g) for g in verdicts(tied)] == [1] * 5  # three tied for the best 进张; a group of one is a row


def test_win_rate_groups_the_choices_stopped_early():
    out = phz("discard", EX2_DISCARD, "--win-rate", "--samples", "60").stdout
    grouped = re.search(r"(\d+) other discards: 1 away, stopped after \d+ deals as clearly worse", out)
    assert grouped, out
    every = phz("discard", EX2_DISCARD, "--win-rate", "--samples", "60", "--all").stdout
    assert "stopped after" not in every
    table = [x for x in every.splitlines() if re.match(r"^\S\s+\d\s+\d+\s+\d+ \(", x)]
    assert len(table) == 16
    assert len([x for x in out.splitlines() if re.match(r"^\S\s+\d\s+\d+\s+\d+ \(", x)]) == 16 - int(grouped[1])


def test_act_groups_the_forbidden_moves_by_reason():
    base = ("act", WEI7, "--tile", "七", "--from", "self-draw")
    en = phz(*base, "--lang", "en", "--wide").stdout.splitlines()
    assert [x for x in en if x.startswith("may not: ")] == [
        "may not: 碰: a self-drawn 七 onto your pair 七七 must be 偎'd (偎牌), never 碰",
        "may not: 吃 五六七 + 比 七七柒: a self-drawn 七 onto your pair 七七 must be 偎'd (偎牌), never eaten "
        "(and 5 more ways alike)",
        "may not: 过: the 偎 is compulsory (不能忍偎)"]
    every = phz(*base, "--lang", "en", "--all", "--wide").stdout.splitlines()
    assert sum(x.startswith("may not: 吃 ") for x in every) == 6
    zh = phz(*base, "--lang", "zh", "--wide").stdout
    assert "（另有5种同理）" in zh and zh.count("不可以：") == 3


# ---------------------------------------------------------------- help (point 6)

def test_help_summaries_are_whole_and_in_the_language_asked():
    from solver.text.help import summaries

    SUMMARIES = summaries()

    for lang in ("en", "zh"):
        out = phz("--lang", lang, "--help").stdout
        heading = "命令：" if lang == "zh" else "Commands:"
        listed = out.split(heading)[1]
        assert "..." not in listed
        for name in main.commands:
            assert f"  {name}" in listed and SUMMARIES["", name][lang == "zh"] in listed, name
        for group in ("rules", "puzzles"):
            sub = phz("--lang", lang, group, "--help").stdout.split(heading)[1]
            for name in main.commands[group].commands:
                assert SUMMARIES[group, name][lang == "zh"] in sub and "..." not in sub
    assert set(SUMMARIES) >= {("", n) for n in main.commands}


def test_the_top_level_help_names_the_trainer_and_the_games():
    out = phz("--help").stdout
    for word in ("quiz", "stats", "play", "review", "replay", "shell", "sim", "--lang", "--wide"):
        assert word in out.split("Options:")[0] or word in out.split("Options:")[1], word
    head = out.split("Options:")[0]
    assert all(w in head for w in ("quiz", "play", "review", "shell", "coach"))


def test_act_help_says_what_seen_does():
    out = " ".join(phz("act", "--help").stdout.split())
    assert "they lower the live outs" not in out
    assert "checked against the 4 copies of each tile" in out


# ---------------------------------------------------------------- solver.text.columns

def test_columns_never_split_a_glyph_or_a_colour_code():
    red = "\x1b[31m七\x1b[0m"
    text = ("吃 五六七 + 比 七七柒 " + red + " ") * 8
    for limit in (20, 33, 80):
        for line in wrap(text, limit) + wrap(text, limit, words=True):
            assert width(line) <= limit
            assert line.count("\x1b[31m") == line.count("\x1b[0m")  # a painted glyph whole
    assert wrap("a  b", None) == ["a  b"] and fit(["a  b", "x" * 90], 80)[0] == "a  b"
    assert grid([["一", 1]], ["tile", "n"], align="lr") == ["tile  n", "----  -", "一    1"]
    assert first_fit([lambda: ["x" * 90], lambda: ["y" * 10]], 80) == ["y" * 10]
    assert first_fit([lambda: ["x" * 90], lambda: ["y" * 10]], None) == ["x" * 90]


def test_help_in_either_language_loads_no_solver(python_in_fresh_process):
    """Choosing the help's language and wrapping it load no model or engine (``solver.text.language``)."""
    r = python_in_fresh_process(
        "import sys\nfrom click.testing import CliRunner\nfrom solver.app.commands import main\n"
        "for args in (['--help'], ['--lang', 'zh', '--help'], ['ting', '--help'], ['rules', '--help']):\n"
        "    assert CliRunner().invoke(main, args).exit_code == 0\n"
        "print(sorted(m for m in sys.modules if m.startswith(('solver.model', 'solver.engine', 'numba'))))")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"


def test_the_rules_commands_take_the_language_given_before_them():
    assert "名称" in phz("rules", "--lang", "zh", "list").stdout
    assert "名称" in phz("--lang", "zh", "rules", "list").stdout
    assert "name" in phz("--lang", "zh", "rules", "list", "--lang", "en").stdout  # its own --lang wins
