"""The fast batch paths give the plain path's answers: the short line loader
(against ``api.load``), ``--brief`` (against the full answers), ``--jobs 2``
(against one job); and ``phz bench`` runs."""
from __future__ import annotations

import json
import os
import random

import pytest
from click.testing import CliRunner

from solver import api
from solver.app import batch, generate
from solver.app.commands import main
from solver.model.hand import HandError
from solver.model.rules import HUNAN
from solver.text import jsonl

TING_JSON = batch.Batch("ting", HUNAN, as_json=True)

EX2 = "一二三壹贰叁贰柒拾四五六八九十七七七伍伍"
EX4 = "肆伍陆 捌玖 拾拾 | 偎:壹壹壹 吃:贰叁肆 提:八八八八 偎:十十十"
BAD = ["一二三Q", "一二三", EX2 + "伍", "五五五五" + EX2[4:], "肆伍陆捌玖拾拾 | 偎:壹壹壹 吃:贰叁伍 提:八八八八 偎:十十十",
       EX4 + " 碰:一一一", "一二三 | 碰", "一二三 | | 碰:一一一", "123x 456x 789x 0x 123d 456d 789d 0d 1x"]


def phz(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def lines_of(result) -> list[str]:
    return result.stdout.splitlines()


@pytest.fixture(scope="module")
def ready_lines() -> list[str]:
    return [h.text() for h in generate.ready_hands(300, seed=601)]


@pytest.fixture(scope="module")
def mixed_lines(ready_lines) -> list[str]:
    """Ready hands, hands that are not, bad lines, in a shuffled order."""
    lines = ready_lines[:120] + [h.text() for h in generate.random_hands(20, seed=602)] + BAD
    random.Random(603).shuffle(lines)
    return lines


@pytest.fixture(scope="module")
def discard_lines() -> list[str]:
    lines = [h.text() for h in generate.discard_hands(60, seed=604)] + [EX2 + "捌", EX2, "一二三Q"]
    random.Random(605).shuffle(lines)
    return lines


# --- the short loader -----------------------------------------------------------------------

def variants(text: str, rng: random.Random) -> list[str]:
    """The line as written, respaced, in full-width bar and colon, with an extra or a missing tile."""
    out = [text, text.replace(" ", ""), "  ".join(text.split(" ")), text.replace("|", "｜").replace(":", "：")]
    out += [text + "一", text[1:], text.replace("吃", "chi").replace("碰", "PENG"), text + " 碰:九九九"]
    return out


def load_lines(lines, want: str, seen_tiles) -> list:
    """``batch.load`` answered line by line as ``api.load`` would: (hand, seen) or the error message."""
    loaded = batch.load(lines, want, seen_tiles, HUNAN)
    out: list = [None] * len(lines)
    for i, hand in zip(loaded.where, loaded.hands()):
        out[i] = (hand, loaded.seen)
    for i, message in loaded.errors.items():
        out[i] = message
    return out


@pytest.mark.parametrize("want, hands", [
    ("rest", lambda: generate.ready_hands(150, seed=606) + generate.random_hands(150, seed=607)),
    ("discard", lambda: generate.discard_hands(100, seed=608)),
])
def test_short_loader_agrees_with_api_load(want, hands):
    rng = random.Random(609)
    lines = [v for h in hands() for v in variants(h.text(), rng)] + BAD
    for seen in ([], [0, 0, 19]):
        got = load_lines(lines, want, seen)
        for line, g in zip(lines, got):
            try:
                expected = api.load(line, want=want, seen=seen)
            except HandError as e:
                expected = str(e)
            assert g == expected, line


def test_short_loader_takes_the_plain_notation(monkeypatch):
    # Every line of a generated batch, melds included, is counted without api.load (the point of the short path).
    hands = generate.ready_hands(100, seed=610) + generate.discard_hands(50, seed=611)
    monkeypatch.setattr(api, "load", None)
    got = batch.load([h.text() for h in hands[:100]], "rest", [], HUNAN)
    assert got.hands() == hands[:100] and not got.errors
    fit = [h for h in hands[100:] if h.all_counts()[9] < 4]  # room for a seen 十
    got = batch.load([h.text() for h in fit], "discard", [9], HUNAN)
    assert got.hands() == fit and got.seen[9] == 1


# --- --brief gives the plain path's waits ------------------------------------------------------------

def test_ting_brief_is_the_plain_answer(mixed_lines):
    text = "\n".join(mixed_lines) + "\n"
    plain = phz("ting", "--json", "--seen", "七七", input=text)
    brief = phz("ting", "--brief", "--seen", "七七", input=text)
    assert plain.exit_code == brief.exit_code == 1  # the bad lines
    full = [json.loads(x) for x in lines_of(plain)]
    short = [json.loads(x) for x in lines_of(brief)]
    assert len(full) == len(short) == len(mixed_lines)
    assert [i for i, x in enumerate(short) if "error" in x] == [i for i, x in enumerate(full) if "error" in x]
    assert sum("error" in x for x in short) >= len(BAD)
    for f, s, line in zip(full, short, mixed_lines):
        assert s["input"] == f["input"] == line
        if "error" in f:
            assert s == f
            continue
        assert set(s) == {"input", "ready", "waits"}
        assert s["ready"] == f["ready"]

        def src(win):
            return [None, None] if win is None else [win["huxi"], win["score"]]

        assert s["waits"] == [[w["tile"], w["outs"], *src(w["self"]), *src(w["other"])] for w in f["waits"]]


def test_ting_brief_from_kernels_equals_brief_from_dataclasses(ready_lines):
    # Two seen copies of 六 (dead and live waits alike), on the hands that leave room for them.
    ready_lines = [x for x in ready_lines if api.load(x, want="rest")[0].all_counts()[5] <= 2]
    hands = [api.load(x, want="rest")[0] for x in ready_lines]
    answers, failed = batch.answer(batch.Batch("ting", HUNAN, (5, 5), as_json=True, brief=True), ready_lines)
    results = api.ting_many(hands, [api.load(x, want="rest", seen=[5, 5])[1] for x in ready_lines])
    assert failed == 0
    assert answers == [batch.ting_brief_line(x, r, HUNAN) for x, r in zip(ready_lines, results)]


@pytest.mark.parametrize("seen", [[], [5, 5], [0, 12, 12, 19]])
def test_ting_json_from_kernel_rows_is_the_api_answer(seen):
    """Full --json lines of ready hands come straight from the kernels' rows:
    the same text as rendering the API's answer, on ready hands (a third with
    melds), hands that are not ready, bad lines, and seen copies (dead waits)."""
    lines = [h.text() for h in generate.ready_hands(1500, seed=611)]
    lines += [h.text() for h in generate.random_hands(40, seed=612)] + BAD
    random.Random(613).shuffle(lines)
    answers, failed = batch.answer(batch.Batch("ting", HUNAN, tuple(seen), as_json=True), lines)
    loaded = batch.load(lines, "rest", seen, HUNAN)
    results = api.ting_many(loaded.hands(), [loaded.seen] * len(loaded.where), rules=HUNAN)
    assert failed == len(lines) - len(loaded.where) >= len(BAD)
    assert [answers[i] for i in loaded.where] == [jsonl.ting_json_line(lines[i], r)
                                                  for i, r in zip(loaded.where, results)]
    shown = [json.loads(answers[i]) for i in loaded.where]
    assert sum(x["ready"] for x in shown) >= 1000 and sum(not x["ready"] for x in shown) >= 30
    if seen:
        assert any(w["dead"] for x in shown for w in x["waits"])


def test_ting_json_batch_is_the_one_hand_answer(mixed_lines):
    """The batch's --json line of a hand is the one-hand command's (the pure-Python reference)."""
    sample = mixed_lines[:40]
    answers, _ = batch.answer(TING_JSON, sample)
    for line, answer in zip(sample, answers):
        result = phz("ting", "--json", line)
        assert result.stdout.rstrip("\n") == answer


def test_discard_brief_is_the_plain_answer(discard_lines):
    text = "\n".join(discard_lines) + "\n"
    plain = phz("discard", "--json", input=text)
    brief = phz("discard", "--brief", input=text)
    assert plain.exit_code == brief.exit_code == 1
    for f, s in zip(map(json.loads, lines_of(plain)), map(json.loads, lines_of(brief))):
        if "error" in f:
            assert s == f
            continue
        assert set(s) == {"input", "discards"}
        # The discards that leave a ready hand come first, in the plain ranking; the rest in tile order.
        ready = [r for r in f["discards"] if r["distance"] == 0]
        assert [row[0] for row in s["discards"][:len(ready)]] == [r["tile"] for r in ready]
        assert len(s["discards"]) == len(f["discards"])
        for row, r in zip(s["discards"], ready):
            assert row[1:4] == [r["outs"], r["expected_score"], r["best_score"]]
            assert [w[0] for w in row[4]] == [w["tile"] for w in r["waits"]]
        assert all(row[1:] == [0, 0.0, 0, []] for row in s["discards"][len(ready):])


def test_one_hand_brief():
    result = phz("ting", "--brief", EX2)
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"input": EX2, "ready": True, "waits": [
        ["五", 3, 18, 3, 18, 2], ["七", 1, 24, 10, 21, 6], ["伍", 2, 24, 5, 21, 3]]}
    result = phz("ting", "--brief", EX4)
    assert json.loads(result.stdout)["waits"] == [["柒", 4, 18, 3, 18, 2], ["拾", 2, None, None, 18, 2]]
    result = phz("discard", "--brief", EX2 + "捌")
    assert json.loads(result.stdout)["discards"][0][:4] == ["捌", 6, 3.6111, 10]
    result = phz("ting", "--brief", "一二三Q")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"].startswith("unknown character 'Q'")


# --- --jobs 2 gives the same answers, in input order ----------------------------------------------------

@pytest.fixture
def small_jobs(monkeypatch):
    monkeypatch.setattr(batch, "MIN_LINES_PER_JOB", 10)


@pytest.mark.parametrize("command, flags", [("ting", ["--json"]), ("ting", ["--brief"]), ("ting", []),
                                            ("discard", ["--json"]), ("discard", ["--brief"])])
def test_two_jobs_answer_as_one(small_jobs, mixed_lines, discard_lines, command, flags):
    text = "\n".join(mixed_lines if command == "ting" else discard_lines) + "\n"
    one = phz(command, *flags, input=text)
    two = phz(command, *flags, "--jobs", "2", input=text)
    assert one.exit_code == two.exit_code == 1
    assert two.stdout == one.stdout and one.stdout.count("\n") == text.count("\n")


@pytest.mark.parametrize("flag", ["--brief", "--json", "--plain"])
def test_jobs_in_a_fresh_process(run_phz, ready_lines, flag):
    """The real path: forked workers leave their answers in files the parent writes out."""
    text = "\n".join(ready_lines + ["一二三Q"] + ready_lines) + "\n"
    flags = [] if flag == "--plain" else [flag]
    one = run_phz("ting", *flags, input=text)
    two = run_phz("ting", *flags, "--jobs", "2", input=text)
    assert one.returncode == two.returncode == 1, two.stderr
    assert two.stdout == one.stdout
    assert len(two.stdout.splitlines()) == 2 * len(ready_lines) + 1
    assert "Traceback" not in two.stderr


def test_discard_jobs_in_a_fresh_process(run_phz, discard_lines):
    text = "\n".join(discard_lines * 8) + "\n"
    one = run_phz("discard", "--json", input=text)
    two = run_phz("discard", "--json", "--jobs", "3", input=text)
    assert one.returncode == two.returncode == 1, two.stderr
    assert two.stdout == one.stdout and len(two.stdout.splitlines()) == 8 * len(discard_lines)


@pytest.mark.parametrize("jobs", [1, 3])
def test_run_writes_blocks_in_order(small_jobs, mixed_lines, jobs):
    """batch.run writes blocks of answer lines (str from this process, bytes from a worker's file)."""
    blocks: list = []
    failed = batch.run(TING_JSON, mixed_lines, write=blocks.append, jobs=jobs)
    text = "\n".join(b.decode("utf-8") if isinstance(b, bytes) else b for b in blocks)
    answers, bad = batch.answer(TING_JSON, mixed_lines)
    assert text.split("\n") == answers and failed == bad == len(BAD)
    assert (len(blocks) > 1) == (jobs > 1 or len(answers) > batch.WRITE_LINES)


def test_jobs_without_fork_answer_in_one_process(small_jobs, monkeypatch, mixed_lines):
    """Where processes cannot be forked (Windows), --jobs answers in this process."""
    import multiprocessing

    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    blocks: list = []
    failed = batch.run(TING_JSON, mixed_lines, write=blocks.append, jobs=2)
    answers, bad = batch.answer(TING_JSON, mixed_lines)
    assert blocks == ["\n".join(answers)] and failed == bad


def test_a_broken_worker_is_an_error(small_jobs, monkeypatch, mixed_lines):
    """A worker that dies must not leave a hole in the answers: the run fails, naming its lines."""
    plain = batch.answer
    parent = os.getpid()

    def answer(job, lines):
        if os.getpid() != parent:
            os._exit(3)
        return plain(job, lines)

    monkeypatch.setattr(batch, "answer", answer)
    with pytest.raises(batch.WorkerDied, match=r"worker process answering hands \d+-\d+ of the batch died"):
        batch.run(TING_JSON, mixed_lines, write=lambda block: None, jobs=2)


# --- phz bench -----------------------------------------------------------------------------------

def test_bench_json():
    result = phz("bench", "--hands", "20", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["hands"] == 20
    rows = report["results"]
    assert {r["what"].split(",")[0].split(" (")[0] for r in rows} >= {"win check", "waits of a ready hand",
                                                                      "discard table", "drill generation"}
    assert {r["what"].split(",")[0] for r in rows} >= {"distance + draws", "discard table + distances"}
    compared = {r["what"] for r in rows if r["engine"] == "reference"}
    for r in rows:
        assert r["us_per_hand"] > 0 and r["hands_per_s"] > 0
        assert (r["speedup"] is None) == (r["engine"] == "reference" or r["what"] not in compared)
    assert "phz bench" in result.stderr  # the progress bar


def test_bench_table():
    result = phz("bench", "--hands", "10")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["measurement", "/", "engine", "µs/hand", "hands/s", "vs", "reference"]
    assert max(len(line) for line in lines) <= 80
    assert "win check, ready hand + one of its waits, both sources" in lines[2]
    assert lines[3].split()[:3] == ["kernel,", "best", "score"]


@pytest.mark.parametrize("flags", [["--brief"], ["--json"], []])
def test_batch_file_from_a_windows_editor(run_phz, flags):
    """A byte order mark and CRLF line ends, as some editors save UTF-8, read like plain lines."""
    data = "\ufeff" + EX2 + "\r\n# a comment\r\n\r\n" + EX2 + "\r\n"
    plain = run_phz("ting", *flags, input=EX2 + "\n" + EX2 + "\n")
    result = run_phz("ting", *flags, input=data)
    assert result.returncode == plain.returncode == 0, result.stdout + result.stderr
    assert result.stdout == plain.stdout and len(result.stdout.splitlines()) == 2
