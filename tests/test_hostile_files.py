"""Files named by a user or by a record cannot hurt: every one is read with a size limit and never
blocks (a FIFO, a device, a folder and a huge file are refused in one line), a record names a ruleset
file only in its own folder, data nested without end is refused, and every number read has a range.

Each case runs the real command in a fresh process with a timeout: a hang fails the test, it does
not hang the suite."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from solver.game import record
from solver.game.engine import Game
from solver.game.players import RandomBot, play_hand
from solver.model.rules import get_ruleset
from solver.trainer.progress import default_path

READY = "一二三壹贰叁贰柒拾四五六八九十七七七伍伍"
TIMEOUT = 60  # seconds for a command that must answer at once


def _one_line_refusal(proc, *words: str) -> None:
    """Exit 2 and one line of error (after click's usage lines, for an option), naming ``words``."""
    assert proc.returncode == 2, (proc.returncode, proc.stdout[-500:], proc.stderr[-500:])
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    errors = [line for line in proc.stderr.splitlines() if line.startswith(("Error", "错误"))]
    assert len(errors) == 1, proc.stderr[-2000:]
    err = errors[0]
    assert len(err) < 400, err
    for w in words:
        assert w in err, err


@pytest.fixture
def hostile(tmp_path) -> dict[str, str]:
    """Paths that are not files to read: a FIFO nobody writes, devices without end, a folder, a file far
    over every limit (sparse: it takes no room)."""
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    huge = tmp_path / "huge.toml"
    with open(huge, "wb") as f:
        f.truncate(3 << 30)
    return {"fifo": str(fifo), "zero": "/dev/zero", "urandom": "/dev/urandom", "folder": str(folder),
            "huge": str(huge)}


WHY = {"fifo": "is a FIFO", "zero": "is a device", "urandom": "is a device", "folder": "is a directory",
       "huge": "more than a"}


@pytest.mark.parametrize("kind", list(WHY))
def test_a_record_that_is_no_file_is_refused_at_once(run_phz, hostile, kind):
    path = hostile[kind]
    for args in (("replay", path), ("review", path), ("play", "--from", path, "--at", "1")):
        _one_line_refusal(run_phz(*args, timeout=TIMEOUT), WHY[kind])


@pytest.mark.parametrize("kind", list(WHY))
def test_a_position_or_record_for_advice_that_is_no_file_is_refused_at_once(run_phz, hostile, kind):
    path = hostile[kind]
    _one_line_refusal(run_phz("discard", "--win-rate", "--position", path, timeout=TIMEOUT), WHY[kind])
    _one_line_refusal(run_phz("discard", "--win-rate", "--record", path, "--at", "1", timeout=TIMEOUT), WHY[kind])


def test_a_position_file_names_a_ruleset_file_only_in_its_folder(run_phz, tmp_path):
    from solver.game.position import dumps, position_of
    house = _house(tmp_path / "house.toml")
    game = Game(get_ruleset("hunan"), seed=4)
    obj = json.loads(dumps(position_of(game)))
    obj["ruleset"] = str(house)
    folder = tmp_path / "positions"
    folder.mkdir()
    path = folder / "p.json"
    path.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    _one_line_refusal(run_phz("discard", "--win-rate", "--position", str(path), timeout=TIMEOUT),
                      "may name only a ruleset file in its own folder")
    obj["ruleset"] = "house.toml"
    (folder / "house.toml").write_text(house.read_text(encoding="utf-8"), encoding="utf-8")
    path.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    done = run_phz("discard", "--win-rate", "--position", str(path), "--samples", "24", timeout=300)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("kind", list(WHY))
def test_a_ruleset_that_is_no_file_is_refused_at_once(run_phz, hostile, tmp_path, kind):
    path = hostile[kind]
    _one_line_refusal(run_phz("ting", READY, "--rules", path, timeout=TIMEOUT), WHY[kind])
    _one_line_refusal(run_phz("ting", READY, env={"PHZ_RULES": path}, timeout=TIMEOUT), WHY[kind])
    house = tmp_path / "house.toml"
    house.write_text(f'schema = 1\nbase = "{path}"\nname = "house"\n', encoding="utf-8")
    _one_line_refusal(run_phz("ting", READY, "--rules", str(house), timeout=TIMEOUT), WHY[kind])


@pytest.mark.parametrize("kind", ["fifo", "zero", "folder", "huge"])
def test_a_config_file_that_is_no_file_is_an_error_naming_it(run_phz, hostile, tmp_path, kind):
    config = tmp_path / "config" / "phz"
    config.mkdir(parents=True)
    target = Path(hostile[kind])
    (config / "rules").symlink_to(target, target_is_directory=target.is_dir())
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "PHZ_RULES": ""}
    _one_line_refusal(run_phz("ting", READY, env=env, timeout=TIMEOUT), WHY[kind], "config")


def test_a_config_file_that_is_not_utf8_is_an_error_naming_it(run_phz, tmp_path):
    config = tmp_path / "config" / "phz"
    config.mkdir(parents=True)
    (config / "rules").write_bytes(b"luzhou\xff\n")
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "PHZ_RULES": ""}
    _one_line_refusal(run_phz("ting", READY, env=env, timeout=TIMEOUT), "not UTF-8", str(config / "rules"))


def test_a_relative_xdg_folder_is_ignored(run_phz, tmp_path):
    home = tmp_path / "home"
    assert default_path({"XDG_DATA_HOME": "data", "HOME": str(home)}) == home / ".local/share/phz/progress.db"
    (tmp_path / "config" / "phz").mkdir(parents=True)
    (tmp_path / "config" / "phz" / "rules").write_text("luzhou\n", encoding="utf-8")
    # a relative XDG_CONFIG_HOME names no config: the answer is hunan's, as with no config at all
    env = {"XDG_CONFIG_HOME": "config", "HOME": str(home), "PHZ_RULES": ""}
    done = run_phz("rules", "show", env=env, timeout=TIMEOUT)
    assert done.returncode == 0 and "hunan" in done.stdout.splitlines()[0], done.stdout[:200]


def test_a_long_rules_value_is_quoted_short(run_phz):
    done = run_phz("ting", READY, "--rules", "x" * 100_000, timeout=TIMEOUT)  # (an argument's limit: 128 KB)
    _one_line_refusal(done, "unknown ruleset", "100,000 characters")
    done = run_phz("ting", READY, env={"PHZ_RULES": "y" * 120_000}, timeout=TIMEOUT)
    _one_line_refusal(done, "unknown ruleset", "120,000 characters", "$PHZ_RULES")


# ---------------------------------------------------------------- a record names only what is its own

def _record_text(rules_name: str = "hunan") -> str:
    import io
    rules = get_ruleset(rules_name)
    out = io.StringIO()
    with record.Recorder(out, rules, seed=3, seats=["random"] * rules.game.players) as rec:
        game = Game(rules, seed=3)
        rec.hand(game, seed=3)
        play_hand(game, [RandomBot(3, s) for s in range(rules.game.players)])
        rec.sync()
    return out.getvalue()


def _naming(text: str, spec) -> str:
    """``text`` (a record) whose header names its ruleset as ``spec``, typed in (no engine: a name)."""
    lines = text.splitlines()
    head = json.loads(lines[0])
    head["ruleset"] = spec
    head.pop("engine")
    return "\n".join([json.dumps(head, ensure_ascii=False)] + lines[1:]) + "\n"


def _house(path: Path) -> Path:
    path.write_text('schema = 1\nbase = "hunan"\nname = "house"\n', encoding="utf-8")
    return path


@pytest.mark.parametrize("spec", ["/etc/passwd.toml", "/nowhere/at/all.toml", "~/house.toml", "../house.toml",
                                  "inside/../../house.toml", "link/house.toml"])
def test_a_record_never_makes_phz_read_a_path_outside_its_folder(run_phz, tmp_path, spec):
    folder = tmp_path / "records"
    folder.mkdir()
    _house(tmp_path / "house.toml")
    (folder / "link").symlink_to(tmp_path, target_is_directory=True)
    path = folder / "game.jsonl"
    path.write_text(_naming(_record_text(), spec), encoding="utf-8")
    done = run_phz("replay", "--lenient", str(path), timeout=TIMEOUT)
    # the same words whether the path exists or not: a shared record learns nothing of the machine
    _one_line_refusal(done, "may name only a ruleset file in its own folder", "--rules")
    given = run_phz("replay", "--lenient", str(path), "--rules", str(tmp_path / "house.toml"), timeout=TIMEOUT)
    assert given.returncode == 0, given.stderr


def test_a_record_may_name_a_ruleset_file_beside_it(run_phz, tmp_path):
    _house(tmp_path / "house.toml")
    (tmp_path / "sub").mkdir()
    _house(tmp_path / "sub" / "deeper.toml")
    for spec in ("house.toml", "sub/deeper.toml", "./house.toml"):
        path = tmp_path / "game.jsonl"
        path.write_text(_naming(_record_text(), spec), encoding="utf-8")
        done = run_phz("replay", "--lenient", str(path), timeout=TIMEOUT)
        assert done.returncode == 0, (spec, done.stderr)


def test_a_record_with_its_ruleset_must_match_the_rules_given(run_phz, tmp_path):
    path = tmp_path / "game.jsonl"
    path.write_text(_record_text("hunan"), encoding="utf-8")
    assert run_phz("replay", str(path), "--rules", "hunan", timeout=TIMEOUT).returncode == 0
    _one_line_refusal(run_phz("replay", str(path), "--rules", "luzhou", timeout=TIMEOUT),
                      "was played under hunan", "leave --rules out")


def test_a_header_s_ruleset_content_names_no_base(run_phz, tmp_path):
    lines = _record_text().splitlines()
    head = json.loads(lines[0])
    head["ruleset"]["content"]["base"] = "/dev/zero"
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join([json.dumps(head, ensure_ascii=False)] + lines[1:]) + "\n", encoding="utf-8")
    _one_line_refusal(run_phz("replay", str(path), timeout=TIMEOUT), "has a base")


# ---------------------------------------------------------------- nesting without end

def _nested(n: int) -> str:
    return "[" * n + "]" * n


def test_deep_nesting_in_a_record_is_one_line(run_phz, tmp_path):
    lines = _record_text().splitlines()
    cases = {
        "line": lines[:2] + ['{"e": "draw", "seat": 0, "tile": ' + _nested(1500) + "}"] + lines[2:],
        "header": [lines[0].replace('"content":{', '"content":{"deep":' + _nested(900) + ",", 1)] + lines[1:],
    }
    for name, text in cases.items():
        path = tmp_path / f"{name}.jsonl"
        path.write_text("\n".join(text) + "\n", encoding="utf-8")
        for args in (("replay", str(path)), ("review", str(path)), ("play", "--from", str(path), "--at", "1")):
            _one_line_refusal(run_phz(*args, timeout=TIMEOUT), "nests")


def test_deep_nesting_in_a_ruleset_is_one_line(run_phz, tmp_path):
    deep = tmp_path / "deep.toml"
    deep.write_text('schema = 1\nbase = "hunan"\nname = "deep"\nx = ' + _nested(2000) + "\n", encoding="utf-8")
    on_base = _house(tmp_path / "on-base.toml")
    on_base.write_text(f'schema = 1\nbase = "{deep}"\nname = "on-base"\n', encoding="utf-8")
    config = tmp_path / "config" / "phz"
    config.mkdir(parents=True)
    (config / "rules").write_text(f"{deep}\n", encoding="utf-8")
    for args, env in ((("--rules", str(deep)), {}), (("--rules", str(on_base)), {}), ((), {"PHZ_RULES": str(deep)}),
                      ((), {"XDG_CONFIG_HOME": str(tmp_path / "config"), "PHZ_RULES": ""})):
        _one_line_refusal(run_phz("ting", READY, *args, env=env, timeout=TIMEOUT), "nests")


# ---------------------------------------------------------------- wrong types and huge numbers

@pytest.mark.parametrize("field, value, words", [
    ("hand", "1.0", "'hand' is 1.0"),
    ("hand", "9" * 5000, "more than 4,300 digits"),
    ("seed", "1" + "0" * 30, "'seed' is a number of about 31 digits"),
    ("seed", '"7"', "'seed' is '7'"),
])
def test_a_wrong_value_in_a_record_line_is_named_with_its_line(run_phz, tmp_path, field, value, words):
    lines = _record_text().splitlines()
    hand = json.loads(lines[1])
    assert hand["e"] == "hand"
    text = json.dumps(hand)
    text = text.replace(f'"{field}": {json.dumps(hand[field])}', f'"{field}": {value}')
    assert text != json.dumps(hand)
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join([lines[0], text] + lines[2:]) + "\n", encoding="utf-8")
    for args in (("replay", str(path)), ("review", str(path)), ("play", "--from", str(path), "--at", "1")):
        _one_line_refusal(run_phz(*args, timeout=TIMEOUT), "line 2", words)


@pytest.mark.parametrize("line, words", [
    ('{"e": "draw", "seat": 7, "tile": "五"}', "'seat' is 7: it holds a whole number from 0 to 3"),
    ('{"e": "draw", "seat": true, "tile": "五"}', "'seat' is true"),
    ('{"e": "settle", "net": [1, 2, "3"]}', "'net' is [1, 2, \"3\"]"),
    ('{"e": "win", "seat": 0, "score": 1e400}', "'score' is"),
    ('{"e": "' + "x" * 100 + '"}', "unknown event 'xxx"),
])
def test_each_field_of_each_line_is_checked(line, words):
    lines = _record_text().splitlines()
    with pytest.raises(record.RecordError) as e:
        record.parse("\n".join(lines[:3] + [line] + lines[3:]))
    assert e.value.line == 4 and words in str(e.value), str(e.value)


# ---------------------------------------------------------------- rulesets: absurd values

@pytest.mark.parametrize("body, words", [
    ("[weights]\nother = 1" + "0" * 400 + "\n", "'weights.other' is a number of about 401 digits"),
    ("[huxi]\nti = { small = 9, big = 9223372036854775808 }\n", "'huxi.ti.big'"),
    ("[score]\nplain_fan = 9223372036854775807\n", "'score.plain_fan'"),
    ("[game]\ndeal = [30, 30, 30]\n", "deals 90 tiles"),
])
def test_a_ruleset_of_absurd_values_is_refused_by_every_command(run_phz, tmp_path, body, words):
    house = tmp_path / "house.toml"
    house.write_text('schema = 1\nbase = "hunan"\nname = "house"\n' + body, encoding="utf-8")
    for args in (("ting", READY), ("discard", READY + "五"), ("sim", "--games", "1"), ("play",), ("rules", "show")):
        if args[0] == "rules":
            args = ("rules", "show", str(house))
            _one_line_refusal(run_phz(*args, timeout=TIMEOUT), words)
            continue
        _one_line_refusal(run_phz(*args, "--rules", str(house), input="q\n", timeout=TIMEOUT), words)


@pytest.mark.parametrize("players, deal", [(2, "[21, 20, 20]"), (4, "[15, 15, 15, 15]"), (3, "[30, 30, 20]")])
def test_play_refuses_a_deal_that_does_not_fit_the_table_in_one_line(run_phz, tmp_path, players, deal):
    house = tmp_path / "house.toml"
    house.write_text(f'schema = 1\nbase = "hunan"\nname = "house"\n[game]\nplayers = {players}\ndeal = {deal}\n',
                     encoding="utf-8")
    words = "deals 80 tiles" if players == 3 else "one tile count per player who plays"
    for command in ("play", "sim"):
        _one_line_refusal(run_phz(command, "--rules", str(house), input="1\n" * 5, timeout=TIMEOUT), words)


# ---------------------------------------------------------------- writing a file whole

_WRITE_CAPPED = """
import os, resource, signal, sys
from solver.model.files import write_whole
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the cap fails (EFBIG) instead of killing
resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[2]), int(sys.argv[2])))
try:
    write_whole(sys.argv[1], "new " * 1000)
except OSError as e:
    print("refused", e.errno)
"""


def test_a_file_written_whole_replaces_the_old_one_or_leaves_it(tmp_path):
    """``files.write_whole`` (the web page's records, ``--per-deal``, the kernels' stamp): a write that
    fails part way (the kernel's file-size cap, as a full disk would) leaves the old file as it was and
    nothing beside it; one that fits replaces it."""
    import errno
    import subprocess
    import sys

    from solver.model.files import write_whole

    path = tmp_path / "record.jsonl"
    write_whole(path, "old\n")
    assert path.read_text() == "old\n"
    proc = subprocess.run([sys.executable, "-c", _WRITE_CAPPED, str(path), "100"], capture_output=True,
                          text=True, timeout=TIMEOUT)
    assert proc.stdout.split() == ["refused", str(errno.EFBIG)], proc.stderr[-2000:]
    assert path.read_text() == "old\n" and os.listdir(tmp_path) == ["record.jsonl"]
    proc = subprocess.run([sys.executable, "-c", _WRITE_CAPPED, str(path), "100000"], capture_output=True,
                          text=True, timeout=TIMEOUT)
    assert proc.returncode == 0 and not proc.stdout, proc.stderr[-2000:]
    assert path.read_text() == "new " * 1000 and os.listdir(tmp_path) == ["record.jsonl"]
    with pytest.raises(OSError):  # a folder that is not there: nothing made
        write_whole(tmp_path / "nowhere" / "x.json", b"{}")
    assert os.listdir(tmp_path) == ["record.jsonl"]
