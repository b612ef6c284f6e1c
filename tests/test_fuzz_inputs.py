"""Fuzzing what a person or another program hands phz besides hands: game records, ruleset files,
answers at `phz play` and lines at `phz shell`.

The contract: whatever comes in, phz answers or refuses in one line (a ``RecordError`` /
``RulesetError`` / ``PositionError`` from the library, exit status 0 or 2 with an ``Error:`` line from
a command), never a traceback, within a bounded time and memory.  Cases come from a seeded generator
(``random.Random(seed)``: a failure names its seed and reproduces) that mutates real records and the
shipped ruleset files: lines dropped, doubled, swapped, cut; a field given another type, a huge or
negative number, a deep nesting, glyphs and bytes out of place.

The library cases run in one child process with an address-space limit (``MEMORY``) and a timer
per case (``CASE_SECONDS``); the commands run in fresh processes with the same limit and a timeout.
"""
from __future__ import annotations

import json
import os
import random
import re
import resource
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MEMORY = 3 << 30  # bytes of address space a fuzzed process may use
CASE_SECONDS = 20  # a library case that runs longer is a hang


def _limited() -> None:  # preexec_fn of a fuzzed process
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _env() -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("PHZ_RULES", None)
    return env


# ---------------------------------------------------------------- values that do not belong

def _odd_value(rng: random.Random):
    """A JSON / TOML value of a kind or size no field expects."""
    return rng.choice([
        lambda: None, lambda: True, lambda: -1, lambda: 0, lambda: 2 ** 63, lambda: -(2 ** 63) - 1,
        lambda: 10 ** rng.randint(20, 4000), lambda: 1.5, lambda: 1.0, lambda: 1e308, lambda: "", lambda: "五" * rng.randint(1, 500),
        lambda: "\x1b[31m\x00", lambda: "一二三" * 3000, lambda: [], lambda: [1, "二", None], lambda: {},
        lambda: {"a": [1]}, lambda: json.loads("[" * 30 + "]" * 30), lambda: "Ｑ", lambda: "拾" * 80,
    ])()


def _mutate_json_line(rng: random.Random, line: str) -> str:
    try:
        obj = json.loads(line)
    except ValueError:
        return line
    if not isinstance(obj, dict) or not obj:
        return line
    key = rng.choice(list(obj))
    how = rng.randrange(4)
    if how == 0:
        obj[key] = _odd_value(rng)
    elif how == 1:
        del obj[key]
    elif how == 2:
        obj[rng.choice(["zz", "e", "seat", "tile", "move", "hands", "ruleset"])] = _odd_value(rng)
    else:
        value = obj[key]
        if isinstance(value, str) and value:
            i = rng.randrange(len(value))
            obj[key] = value[:i] + rng.choice("一拾壹五X0 |\x00\ud800"[:-1]) + value[i + 1:]
        elif isinstance(value, int) and not isinstance(value, bool):
            obj[key] = value + rng.choice([-1, 1, 3, 10 ** 6])
        elif isinstance(value, list) and value:
            value.pop(rng.randrange(len(value)))
    return json.dumps(obj, ensure_ascii=rng.random() < 0.3)


def mutate_record(rng: random.Random, text: str) -> bytes:
    """A real record, changed by a few random edits."""
    lines = text.splitlines()
    for _ in range(rng.randint(1, 3)):
        how = rng.randrange(9)
        i = rng.randrange(len(lines))
        if how <= 2:
            lines[i] = _mutate_json_line(rng, lines[i])
        elif how == 3:
            del lines[i]
        elif how == 4:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif how == 5:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif how == 6:
            lines[i] = lines[i][:rng.randrange(len(lines[i]) + 1)]
        elif how == 7:
            lines = lines[:i + 1]  # cut short
        else:
            lines.insert(i, rng.choice(['{"e": ' + "[" * 2000 + "]" * 2000 + "}", "\ufeff{}", "# a comment", "",
                                        '{"e":"move","seat":0,"move":"chi 三四五 比 一二三"}', "null", "[]"]))
        if not lines:
            lines = ["{}"]
    data = ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass")
    if rng.random() < 0.05:
        k = rng.randrange(len(data))
        data = data[:k] + bytes([rng.randrange(256)]) + data[k + 1:]
    return data


_TOML_VALUES = ["-1", "0", "9223372036854775808", "1" + "0" * 400, "1.5", '"x"', "true", "[]", "{}",
                "[" * 40 + "]" * 40, '"' + "五" * 300 + '"', "[1, 2, 3]", '["self", "self"]', "nan", "inf"]


_TOML_NUMBERS = ["-1", "0", "1", "9223372036854775807", "9223372036854775808", "1" + "0" * 400, "4000", "80", "81"]


def mutate_ruleset(rng: random.Random, text: str) -> str:
    """A shipped ruleset file given another name, then changed by one or two random edits: mostly a
    number changed (the fields a kernel reads), else any value, a line dropped or doubled."""
    lines = text.replace('name = "', 'name = "x', 1).splitlines()
    numbers = [i for i, line in enumerate(lines) if re.match(r"\s*[\w\"]+\s*=\s*-?\d+\s*(#.*)?$", line)]
    tables = [i for i, line in enumerate(lines) if re.search(r"\{.*\d.*\}", line)]
    for _ in range(rng.randint(1, 2)):
        how = rng.randrange(10)
        if how <= 4 and numbers:
            i = rng.choice(numbers)
            lines[i] = f"{lines[i].split('=', 1)[0]}= {rng.choice(_TOML_NUMBERS)}"
        elif how <= 6 and tables:
            i = rng.choice(tables)
            lines[i] = re.sub(r"\d+", lambda m: rng.choice(_TOML_NUMBERS), lines[i], count=1)
        elif how == 7:
            i = rng.randrange(len(lines))
            if "=" in lines[i] and not lines[i].lstrip().startswith("#"):
                lines[i] = f"{lines[i].split('=', 1)[0]}= {rng.choice(_TOML_VALUES)}"
        elif how == 8:
            del lines[rng.randrange(len(lines))]
        else:
            i = rng.randrange(len(lines))
            lines.insert(i, lines[rng.randrange(len(lines))])
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- the library, in a limited child

DRIVER = textwrap.dedent('''
    import json, signal, sys, traceback
    from solver.game import record, replay
    from solver.game.position import PositionError, loads as load_position
    from solver.model import ruleset_file

    class Hang(Exception):
        pass

    def alarm(signum, frame):
        raise Hang()

    signal.signal(signal.SIGALRM, alarm)
    seconds = int(sys.argv[1])
    bad = []
    for n, line in enumerate(sys.stdin):
        kind, data = json.loads(line)
        signal.alarm(seconds)
        try:
            if kind == "record":
                rec = record.parse(data.encode("utf-8", "surrogatepass"))
                for lenient in (False, True):
                    try:
                        replay.replay(rec, lenient=lenient)
                    except record.RecordError as e:
                        assert "\\n" not in str(e)
            elif kind == "ruleset":
                rules = ruleset_file.loads(data, "fuzz.toml")
                from solver import api
                from solver.engine import arrays
                api.ting("一二三壹贰叁贰柒拾四五六八九十七七七伍伍", rules=rules)
                arrays.of(rules)  # the kernels' tables: every number must fit their 64 bits
            else:
                load_position(data)
        except (record.RecordError, ruleset_file.RulesetError, PositionError) as e:
            if "\\n" in str(e) or len(str(e)) > 2000:
                bad.append((n, "message", str(e)[:300]))
        except Hang:
            bad.append((n, "hang", ""))
        except BaseException as e:
            bad.append((n, type(e).__name__, traceback.format_exc()[-1500:]))
        finally:
            signal.alarm(0)
    print(json.dumps(bad))
''')


def _records(n: int, seed: int) -> list[str]:
    import io

    from solver.game.engine import Game
    from solver.game.players import RandomBot, play_hand
    from solver.game.record import Recorder
    from solver.model.rules import get_ruleset
    out = []
    for k in range(n):
        rules = get_ruleset(("hunan", "luzhou")[k % 2])
        buf = io.StringIO()
        with Recorder(buf, rules, seed=seed + k, seats=["random"] * rules.game.players) as rec:
            game = Game(rules, seed=seed + k)
            rec.hand(game, seed=seed + k)
            play_hand(game, [RandomBot(seed + k, s) for s in range(rules.game.players)])
            rec.sync()
        out.append(buf.getvalue())
    return out


def run_driver(cases: list[tuple[str, str]]) -> list:
    data = "".join(json.dumps(c, ensure_ascii=True) + "\n" for c in cases)
    proc = subprocess.run([sys.executable, "-c", DRIVER, str(CASE_SECONDS)], input=data, capture_output=True,
                          text=True, env=_env(), timeout=CASE_SECONDS * len(cases) + 120, preexec_fn=_limited)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.splitlines()[-1])


@pytest.mark.parametrize("seed", [1, 2])
def test_fuzzed_records_are_read_or_refused_in_one_line(seed):
    rng = random.Random(seed)
    bases = _records(6, seed * 100)
    cases = [("record", mutate_record(rng, rng.choice(bases)).decode("utf-8", "surrogateescape"))
             for _ in range(150)]
    bad = run_driver(cases)
    assert not bad, f"seed {seed}: {bad[:3]}"


@pytest.mark.parametrize("seed", [1, 2])
def test_fuzzed_rulesets_are_read_or_refused_in_one_line(seed):
    from solver.model.ruleset_file import shipped, shipped_text
    rng = random.Random(seed)
    texts = [shipped_text(n) for n in shipped()]
    cases = [("ruleset", mutate_ruleset(rng, rng.choice(texts))) for _ in range(150)]
    bad = run_driver(cases)
    assert not bad, f"seed {seed}: {bad[:3]}"


def test_fuzzed_positions_are_read_or_refused_in_one_line():
    from solver.game.engine import Game
    from solver.game.position import dumps, position_of
    from solver.model.rules import get_ruleset
    rng = random.Random(7)
    bases = [dumps(position_of(Game(get_ruleset(n), seed=s))) for n in ("hunan", "luzhou") for s in range(3)]
    cases = [("position", _mutate_json_line(rng, _mutate_json_line(rng, rng.choice(bases)))) for _ in range(150)]
    assert not run_driver(cases)


# ---------------------------------------------------------------- the commands: answers and lines

_ANSWERS = ["1", "2", "99", "0", "-1", "²", "①", "٣", "１", "9" * 5000, "", " ", "?", "w", "t", "过", "pass",
            "chi 三四五", "打 五", "五", "拾", "discard 十", "peng", "hu", "\x1b[31m", "\x00", "\udcff", "q" * 3,
            "chi 三四五 比 一二三", "x" * 100_000, "一二三" * 1000, "take 1", "\t1\t"]


def _answers(rng: random.Random, n: int) -> bytes:
    lines = [rng.choice(_ANSWERS) if rng.random() < 0.4 else "1" for _ in range(n)]
    return ("\n".join(lines) + "\n").encode("utf-8", "surrogateescape")


def _run(args: list[str], data: bytes, timeout: float = 300) -> subprocess.CompletedProcess:
    from conftest import _phz_command
    return subprocess.run([*_phz_command(), *args], input=data, capture_output=True, env=_env(),
                          timeout=timeout, preexec_fn=_limited)


@pytest.mark.parametrize("seed", range(4))
def test_fuzzed_answers_at_play_are_asked_again_never_a_traceback(seed):
    rng = random.Random(seed)
    done = _run(["play", "--seed", str(seed), "--bots", "random", "--hands", "1",
                 "--rules", ("hunan", "luzhou")[seed % 2]], _answers(rng, 3000))
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 0, (seed, err[-2000:])
    assert "Traceback" not in err and b"\x1b[31m" not in done.stdout, (seed, err[-2000:])


_SHELL = ["一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾拾", "-拾", "? 五 upper-discard", "? 拾 self-draw", "take 1",
          "take 99", "take " + "9" * 5000, "take ²", "undo", "show", "seen 五五", "rules luzhou", "rules /dev/zero",
          "rules " + "[" * 3000, "rules nowhere", "help", "-Q", "? X nowhere", "一" * 100_000, "\x1b[2J",
          "一二三 | 碰:五五五", "上家打出 五", "? 五 上家打出", "seen " + "五" * 50]


@pytest.mark.parametrize("seed", range(4))
def test_fuzzed_shell_lines_are_answered_never_a_traceback(seed):
    rng = random.Random(seed)
    lines = [rng.choice(_SHELL) for _ in range(60)] + ["quit"]
    done = _run(["shell", "--rules", ("hunan", "luzhou")[seed % 2]], ("\n".join(lines) + "\n").encode())
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode in (0, 1), (seed, done.returncode, err[-2000:])
    assert "Traceback" not in err and b"\x1b[2J" not in done.stdout, (seed, err[-2000:])
