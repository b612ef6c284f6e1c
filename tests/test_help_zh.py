"""--help in Chinese: every command's help under --lang zh is Chinese, but for what a user types.

A Latin word may stay only when it is something typed or named as it is: a flag, a metavar (in
capitals), a command, a choice of an option, a ruleset, a bot, a tile notation, a file or a
format's name, an environment variable, an example command line.  Every entry of the catalogue
(solver/text/help_words.toml) has both languages and is shown by some command: none is stale.
"""
from __future__ import annotations

import re

import click
import pytest
from click.testing import CliRunner

from solver.app.commands import main
from solver.game import roster
from solver.model import ruleset_file
from solver.text import help_words

#: words a user types or reads as they are
KEPT = {
    "phz", "self", "other",  # hu --source's values
    "json", "jsonl", "toml", "ascii", "utf", "sqlite", "ansi", "numba", "stdin", "stdout", "stderr", "sigterm",
    "lines", "python",  # formats, streams, signals (JSON Lines)
    "chi", "peng", "wei", "pao", "ti", "x", "s", "d", "b",  # the notation's meld words and case letters
    "upper", "lower", "draw",  # the parts of the origins (upper-discard …)
    "paohuzi", "ctrl", "c", "drill", "q", "t", "w",
    "take", "seen", "undo", "help", "quit",  # keys and commands typed at the table and in the shell
}


def _paths(group: click.Group, prefix: tuple[str, ...] = ()):
    yield prefix
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            yield from _paths(command, (*prefix, name))
        else:
            yield (*prefix, name)


PATHS = list(_paths(main))


def _names() -> set[str]:
    names = set(KEPT) | set(roster.names()) | set(ruleset_file.shipped())
    for path in PATHS:
        command = main
        for part in path:
            command = command.commands[part]  # type: ignore[attr-defined]
            names.add(part)
        for param in command.params:
            if isinstance(param.type, click.Choice):
                names.update(str(c) for c in param.type.choices)
    return {n.lower() for n in names}


def _untranslated(text: str, names: set[str]) -> list[str]:
    found = []
    for line in text.splitlines():
        if re.match(r"\s*(\$ )?(phz|printf)\b", line) or re.search(r"\bphz [a-z]+ \S", line):
            continue  # an example command line
        line = re.sub(r"`[^`]*`", " ", line)  # typed as it is
        line = re.sub(r"(?<![\w-])--?[a-z][\w-]*(=\S+)?", " ", line)  # flags
        line = re.sub(r"\$?\b[A-Z][A-Z0-9_]*\b(?:\|[A-Z0-9_]+)*", " ", line)  # metavars, environment variables
        line = re.sub(r"[\w.-]*\.(?:toml|jsonl?|db|md|txt)\b|\S+/\S*|\w+(?:\.\w+)+", " ", line)  # files, modules
        line = re.sub(r"\w*_\w*", " ", line)  # codes as the JSON answers give them (huxi_short)
        line = re.sub(r"\b\d+[A-Za-z]\b", " ", line)  # tile notation (1230x 270d)
        for word in re.findall(r"[A-Za-z][A-Za-z'’-]*", line):
            if word.lower().strip("'’-") not in names and not all(p in names for p in word.lower().split("-")):
                found.append(word)
    return found


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(("phz", *p)))
def test_every_help_reads_in_chinese(path):
    got = CliRunner().invoke(main, [*path, "--help", "--lang", "zh"], prog_name="phz", env={"COLUMNS": "80"})
    assert got.exit_code == 0, got.output
    words = _untranslated(got.output, _names())
    assert not words, f"phz {' '.join(path)} --help --lang zh has English words: {sorted(set(words))[:20]}"


def test_every_entry_has_both_languages_and_is_shown():
    shown: set[str] = set()
    original = help_words.zh_of

    def spy(text: str) -> str | None:
        shown.add(text)
        return original(text)

    help_words.zh_of = spy
    try:
        for path in PATHS:
            CliRunner().invoke(main, [*path, "--help", "--lang", "zh"])
    finally:
        help_words.zh_of = original
    entries = help_words.entries()
    assert all(en.strip() and re.search(r"[\u4e00-\u9fff]", zh) for en, zh in entries.items()), \
        [en[:60] for en, zh in entries.items() if not re.search(r"[\u4e00-\u9fff]", zh)][:5]
    stale = [en[:60] for en in entries if en not in shown and "{" not in en]
    assert not stale, f"entries no command shows: {stale}"


#: an answer no kind can read, and one each kind reads (the quiz asks again after the first)
_BAD_THEN_GOOD = {"ting": "Z\n三\n", "discard": "Z\n三\n", "huxi": "x\n-3\n18\n", "chi": "x\n0 1\n9\n0\n",
                  "chou": "三\n能\n"}


@pytest.mark.parametrize("kind", sorted(_BAD_THEN_GOOD))
def test_the_quiz_says_in_chinese_why_it_cannot_read_an_answer(kind, tmp_path):
    env = {"PHZ_HOME": str(tmp_path), "COLUMNS": "80"}
    got = CliRunner().invoke(main, ["quiz", "--lang", "zh", "--kind", kind, "--count", "1"],
                             input=_BAD_THEN_GOOD[kind], prog_name="phz", env=env)
    assert got.exit_code == 0, got.output
    told = [line for line in got.output.splitlines() if line.startswith("看不懂")]
    assert told, got.output
    names = _names() | {"ascii", "x", "d", "y", "n", "q"}
    assert not [w for line in told for w in _untranslated(line, names)], told
    stats = CliRunner().invoke(main, ["stats", "--lang", "zh"], prog_name="phz", env=env)
    table = stats.output.split("题型")[1]  # the kinds and the tags, after the rulesets' table
    assert not _untranslated(table, _names() - set(_BAD_THEN_GOOD)), table


def test_every_tag_reads_in_chinese():
    """The tags of the puzzles and of every drill under every shipped ruleset, as phz stats and the quiz show
    them in Chinese."""
    from solver import puzzles
    from solver.model.rules import get_ruleset
    from solver.text.words import tag_in
    from solver.trainer import kinds

    tags = {t for p in puzzles.load() for t in p.tags}
    for name in ruleset_file.shipped():
        for kind in kinds.hand_kinds():
            tags |= set(kinds.get(kind).TAGS) | set(kinds.get(kind).ruleset_tags(get_ruleset(name)))
    english = {t: tag_in(t, "zh") for t in tags if re.search("[A-Za-z]", tag_in(t, "zh"))}
    assert len(tags) > 60 and not english, english


USAGE_ERRORS = [
    (["nosuch"], "没有 nosuch 这个命令"),
    (["ting", "--nosuch"], "没有 --nosuch 这个选项"),
    (["ting", "--jobs", "x", "一"], "'x' 不是数"),
    (["play", "--players", "9"], "9 不在 2<=x<=4 的范围里"),
    (["replay"], "缺少 'FILE'"),
    (["replay", "/"], "'/' 是文件夹"),
    (["replay", "x.jsonl", "--to"], "选项 --to 后面要跟一个值"),
    (["quiz", "--kind", "poetry"], "'poetry' 不是可选的值"),
    (["sim", "--bots", "nobody"], "没有 'nobody' 这个电脑"),
    (["ting", "--rules", "atlantis", "一"], "没有 'atlantis' 这套规则"),
]


@pytest.mark.parametrize("args, words", USAGE_ERRORS, ids=lambda a: " ".join(a) if isinstance(a, list) else "")
def test_usage_errors_in_chinese(args, words):
    """A usage error under --lang zh: click's lines (the help's line, the error) and the options' own words in
    Chinese, the exit status 2; in English the same error as click words it."""
    got = CliRunner().invoke(main, [args[0], "--lang", "zh", *args[1:]], prog_name="phz")
    assert got.exit_code == 2, got.output
    assert "错误：" in got.stderr and words in got.stderr, got.stderr
    assert not re.search(r"Error:|Try '|Invalid value|No such|Missing|is not|requires|unknown ruleset|no bot",
                         got.stderr), got.stderr
    en = CliRunner().invoke(main, [args[0], "--lang", "en", *args[1:]], prog_name="phz")
    assert en.exit_code == 2 and "Error: " in en.stderr and "错误" not in en.stderr
