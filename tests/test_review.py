"""`phz review`: a scripted game whose mistakes are known by construction, graded; a record typed in with a
烧比 and a 臭张, both named and penalised; `phz review` on a `phz play` record in en, zh and JSON, and
`phz play --review`; the same record always gets the same grades; errors in one line naming the fix.

The rollouts are few (``SAMPLES``) to keep the run short; the move graded is played out on every one
of them (the advice's race drops other clearly worse moves after their first 24 deals)."""
from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner

from solver.app.commands import main
from solver.game import record
from solver.game.engine import Game
from solver.game.moves import move_text, parse_move
from solver.game.review import (
    BROKEN,
    GRADES,
    ROLLOUTS,
    default_seat,
    grade,
    review,
    seconds,
)
from solver.model.rules import get_ruleset

#: the grades' thresholds are the ruleset's (``BotTuning.grade_points``, ``grade_win``)
TUNING = get_ruleset("hunan").bots
THRESHOLDS, WIN_THRESHOLDS = TUNING.grade_points, TUNING.grade_win
from solver.text import review_text
from solver.text.table_view import WIDTH, width

SAMPLES = 60

# The game of tests/test_record.py typed in from a real table (hunan): seat 1 eats the dealer's 三 with 二四
# while holding another 三 it lays out in no 比 (烧比); seat 2 declines to eat seat 1's 八, then eats the 八
# it draws (臭张).
TYPED = """\
{"format": "phz-game", "version": 2, "ruleset": "hunan"}
{"e": "deal", "dealer": 0, "hands": ["柒玖肆玖壹二一贰壹三伍伍三叁拾陆陆肆柒四四", "一二三四五六七八九九玖肆伍陆柒捌玖拾拾壹", "七九九十捌十三六七四肆伍贰叁捌陆二贰六壹"], "stock": "八五叁拾一二八十十七一捌五六八叁贰五柒"}
{"seat": 0, "move": "discard 三"}
{"seat": 1, "move": "chi 二三四"}
{"seat": 1, "move": "discard 八"}
{"seat": 2, "move": "pass"}
{"e": "draw", "seat": 2, "tile": "八"}
{"seat": 2, "move": "chi 七八九"}
{"seat": 2, "move": "discard 二"}
{"e": "drawn"}
"""


def phz(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def fits(lines) -> None:
    wide = [x for x in lines if width(x) > WIDTH]
    assert not wide, wide[0]


#: the first moves of the hand of seed 0 (hunan), every seat's, as the basic bots played them (written out so
#: that the game does not change with the bots): then seat 0, holding 一一一三四五七八叁捌 | 提:拾拾拾拾 吃:二七十
#: 吃:六陆陆, is asked about the 九 it drew
OPENING = ["discard 十", "chi 二七十", "discard 玖", "peng", "discard 伍", "peng", "discard 陆", "chi 六陆陆",
           "discard 肆", "chi 四肆肆", "discard 三", "pass", "chi 三三叁 比 三四五", "discard 七"]


def scripted(moves: list[str]) -> record.Record:
    """The hand of seed 0 (hunan): ``OPENING``, then seat 0's ``moves``; the record stops there (a game
    left with q)."""
    rules = get_ruleset("hunan")
    game = Game(rules, seed=0)
    for text in OPENING + moves:
        game.play(parse_move(text))
    out = io.StringIO()
    record.write(out, rules, [game], seeds=[0], seed=0, seats=["human", "basic", "basic"])
    return record.parse(out.getvalue())


# ---------------------------------------------------------------- grades

def test_the_grades_and_their_thresholds():
    assert THRESHOLDS == tuple(sorted(THRESHOLDS)) and len(THRESHOLDS) == len(GRADES) - 1
    a, b, c = THRESHOLDS
    assert [grade(TUNING, x, 0.0) for x in (0.0, a - 0.01, a, b - 0.01, b, c - 0.01, c, 40.0)] == \
        ["ok", "ok", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    assert grade(TUNING, c + 1, c + 2) == "ok"  # the rollouts cannot tell it from the best
    wa, wb, wc = WIN_THRESHOLDS
    assert [grade(TUNING, a / 2, 0.1, x) for x in (0.0, wa - 0.001, wa, wb, wc, 1.0)] == \
        ["ok", "ok", "inaccuracy", "mistake", "blunder", "blunder"]  # the win chance given up, where worse
    assert grade(TUNING, c, 0.0, wa) == "blunder" and grade(TUNING, a / 2, a, 1.0) == "ok"  # the worse of the two; noise is ok
    footer = " ".join(review_text.footer_lines(TUNING, 200, 0, "en"))
    assert f"ok below {a:g}" in footer and f"mistake from {b:g}" in footer and f"blunder from {c:g}" in footer


# After OPENING seat 0 is asked about the 九 it drew: 吃 七八九 (then discard 捌) leaves the hand ready, passing
# leaves it 1 away; after the 吃, discard 捌 or 叁 keeps it ready (捌 is the better: 0.98 ± 0.86 points at 400
# deals) and discard 四 breaks its wait.
@pytest.mark.parametrize("script, move, best, grade_, away", [
    # passing the 吃 that makes the hand ready: 2.0 ± 0.7 points at 60 deals, an inaccuracy by the score alone,
    # but it gives up 22 of its 32% to win: a blunder (19 of 29% at 400 deals: a mistake there)
    (["pass"], "pass", "chi 七八九", "blunder", 1),
    # a discard that breaks the wait: it gives up most of its chance to win, a blunder
    (["chi 七八九", "discard 四"], "discard 四", "discard 捌", "blunder", 1),
    (["chi 七八九", "discard 捌"], "discard 捌", "discard 捌", "ok", 0),  # the right moves
    # ready too, but the two are a close call: played on to 120 deals, 捌 is the better beyond the noise
    # (1.3 ± 1.1 points) and wins 12% more often: a mistake (0.9 ± 0.6 points and 10% at 400 deals, an
    # inaccuracy; at 20 deals a choice, 60 in the close call, the loss is within the noise: ok)
    (["chi 七八九", "discard 叁"], "discard 叁", "discard 捌", "mistake", 0),
], ids=["pass-the-chi", "break-the-wait", "right", "ready-too"])
def test_a_scripted_game_is_graded_where_its_mistakes_are(script, move, best, grade_, away):
    rec = scripted(script)
    r = review(rec, 0, samples=SAMPLES)
    last = r.decisions[-1]
    assert move_text(last.move) == move and move_text(last.best.move) == best
    assert last.grade == grade_
    if away == 0 and move != best:  # on fewer deals the same loss is within the noise
        assert review(rec, 0, samples=SAMPLES // 3).decisions[-1].grade == "ok"
    if grade_ == "ok":
        assert (last.matched and last.loss == 0) == (move == best)
        assert last.loss <= last.loss_half_width  # ok while the loss's interval reaches 0
    else:
        worse = ("inaccuracy", "mistake", "blunder").index(grade_)
        assert not last.matched and last.loss > last.loss_half_width
        assert last.played.win_loss >= WIN_THRESHOLDS[worse] and last.loss < THRESHOLDS[worse]  # by the win chance
        assert last.best.distance == 0 and last.played.distance == away  # ready against 1 away, or ready too
        assert last.best.estimate.win > last.played.estimate.win
        assert r.worst()[0] is last
    # the move graded and the best are each played out on every deal (the race drops neither)
    assert last.played.estimate.n == last.best.estimate.n >= SAMPLES - 5  # (a deal that cannot be is skipped)
    # before it, the basic bot's own moves, all graded ok (one loses 3.9 points, but ±4.2: ok)
    assert [d.grade for d in r.decisions[:-1]] == ["ok"] * (len(r.decisions) - 1)
    assert r.matched == sum(d.matched for d in r.decisions) and r.forced >= 0
    lines = review_text.review_lines(r, "en")
    fits(lines)
    head = next(x for x in lines if x.startswith(f"move {last.n} "))
    assert grade_ in head and (grade_ == "ok" or "; best " in head)


def test_the_time_told_before_a_review_is_that_of_this_machine(monkeypatch):
    """The guess is decisions × ROLLOUTS rollouts, timed now (``winrate.pace``), scaled
    by the samples; no decisions or no samples take no time."""
    from solver.game import review as module
    rules = get_ruleset("hunan")
    from solver.game.winrate import DEFAULT_SAMPLES
    monkeypatch.setattr(module, "pace", lambda r, policy="fast": 0.0001 if r is rules and policy == "keen" else 1.0)
    assert seconds(rules, 10) == pytest.approx(10 * ROLLOUTS * 0.0001)  # the judge's rollouts, timed
    assert seconds(rules, 10, samples=DEFAULT_SAMPLES // 4) == pytest.approx(10 * ROLLOUTS * 0.0001 / 4)
    assert seconds(rules, 0) == 0 and seconds(rules, 5, samples=0) == 0
    monkeypatch.undo()
    one = module.pace(rules)
    assert 0 < one < 0.01  # a deal and a whole hand of the rollout policy in the kernels: about 80 µs here


def test_a_claim_and_the_discard_after_it_are_two_decisions():
    r = review(scripted(["chi 七八九", "discard 四"]), 0, samples=SAMPLES)
    claim, discard = r.decisions[-2:]
    assert claim.move.kind == "chi" and claim.position.stage == "chi" and claim.grade == "ok"
    # judged with its best discard: one that keeps the hand ready (叁 or 捌: the rollouts weigh which is best)
    keeping = {c.move for c in discard.advice.choices if c.distance == 0}
    assert keeping == {parse_move("discard 叁"), parse_move("discard 捌")} and claim.best.follow in keeping
    assert discard.position.stage == "discard" and discard.n == claim.n + 1


def test_the_same_record_always_gets_the_same_grades():
    rec = scripted(["pass"])
    a, b = (review(rec, 0, samples=24) for _ in range(2))
    assert [(d.n, d.grade, d.loss, d.loss_half_width) for d in a.decisions] == \
        [(d.n, d.grade, d.loss, d.loss_half_width) for d in b.decisions]
    other = review(rec, 0, samples=24, seed=5)  # another seed deals other hands (the grades may differ)
    assert [d.n for d in other.decisions] == [d.n for d in a.decisions]


# ---------------------------------------------------------------- rules broken

def test_a_typed_record_with_a_shaobi_and_a_chouzhang_is_named_and_penalised():
    rec = record.parse(TYPED)
    assert rec.typed and default_seat(rec) == 0
    r1 = review(rec, 1, samples=24)
    assert r1.lenient
    assert [(o.seat, o.offence, o.amount) for o in r1.offences] == [(1, "烧比", 6), (2, "臭张", 3)]
    shaobi = next(d for d in r1.decisions if d.offence)
    assert (shaobi.n, shaobi.grade, shaobi.penalty, move_text(shaobi.move)) == (2, BROKEN, 6, "chi 二三四")
    assert shaobi.best is not None and shaobi.best.move.kind == "chi" and shaobi.best.move in shaobi.position.options
    assert r1.penalties == 6 and r1.count(BROKEN) == 1
    text = " ".join(x.strip() for x in review_text.review_lines(r1, "en"))  # wrapped lines joined
    assert "烧比 breaks a rule: penalty 6, 2 to each other player" in text
    assert "seat 1 烧比, move 2 (line 4): penalty 6, 2 to each other player" in text
    assert "seat 2 臭张, move 5 (line 8): penalty 3, 1 to each other player" in text
    assert "penalties paid: 6" in text and "a record typed in from a real table" in text
    r2 = review(rec, 2, samples=24)
    chou = next(d for d in r2.decisions if d.offence)
    assert (chou.n, chou.offence, chou.grade, chou.penalty) == (5, "臭张", BROKEN, 3)
    assert chou.advice is None  # the 八 it drew offered seat 2 no legal claim: nothing to weigh
    zh = review_text.review_lines(r2, "zh")
    fits(zh)
    assert "犯规 吃八（七九）；臭张，罚 3 分，其余各家各得 1 分" in "".join(x.strip() for x in zh).replace("  ", " ")
    assert any("2号位 臭张" in x for x in zh) and any("1号位 烧比" in x for x in zh)


def test_phz_review_of_a_typed_record(tmp_path):
    path = tmp_path / "typed.jsonl"
    path.write_text(TYPED, encoding="utf-8")
    r = phz("review", str(path), "--seat", "1", "--samples", "24", "--json")
    assert r.exit_code == 0, r.output
    obj = json.loads(r.stdout)
    assert obj["lenient"] and obj["seat"] == 1
    assert [(o["seat"], o["offence"], o["penalty"]) for o in obj["offences"]] == [(1, "烧比", 6), (2, "臭张", 3)]
    assert obj["decisions"][0]["grade"] == BROKEN and obj["summary"]["penalties"] == 6


# ---------------------------------------------------------------- phz review and phz play --review

@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A hand of `phz play` answered through stdin (always the first option), its record."""
    path = tmp_path_factory.mktemp("review") / "game.jsonl"
    r = phz("play", "--seed", "3", "--hands", "1", "--record", str(path), "--lang", "en", input="1\n" * 300)
    assert r.exit_code == 0, r.output
    return path


def test_phz_review_of_a_phz_play_record_in_english(played):
    r = phz("review", str(played), "--samples", "24", "--lang", "en")
    assert r.exit_code == 0, r.output
    out = r.stdout.splitlines()
    fits(out)
    assert out[0] == "== review of you · hand 1 · hunan =="
    assert any(x.startswith("summary: ") and "matched the best" in x for x in out)
    assert any(x.startswith("total cost: ") for x in out) and any(x.startswith("net score of the hand: ") for x in out)
    assert any(x.startswith("grades: the expected-score loss against the best move") for x in out)
    assert "played out on 24 deals" in " ".join(out)
    assert "reviewing " in r.stderr and "decisions of seat 0 at 24 deals a move: about " in r.stderr
    assert "about 0 s" not in r.stderr  # a short review is guessed at a second, not at none
    assert "\x1b[" not in r.stdout  # not a terminal: no colour
    coloured = phz("--color", "always", "review", str(played), "--samples", "24", "--lang", "en")
    assert coloured.exit_code == 0 and "\x1b[31m" in coloured.stdout


def test_phz_review_in_chinese_and_as_json(played):
    zh = phz("review", str(played), "--samples", "24", "--lang", "zh")
    assert zh.exit_code == 0, zh.output
    fits(zh.stdout.splitlines())
    assert zh.stdout.startswith("== 复盘：你 · 第 1 局 · hunan ==") and "小结：" in zh.stdout and "评级：" in zh.stdout
    r = phz("review", str(played), "--samples", "24", "--json")
    assert r.exit_code == 0, r.output
    obj = json.loads(r.stdout)
    assert obj["ok"] and obj["seat"] == 0 and obj["hands"] == [1] and obj["samples"] == 24
    assert obj["thresholds"] == dict(zip(GRADES[1:], THRESHOLDS))
    assert obj["win_thresholds"] == dict(zip(GRADES[1:], WIN_THRESHOLDS))
    s = obj["summary"]
    assert s["decisions"] == len(obj["decisions"]) == sum(s["grades"].values())
    assert s["matched"] == sum(d["matched"] for d in obj["decisions"])
    for d in obj["decisions"]:
        assert d["grade"] in GRADES and d["position"]["format"] == "phz-position"
        assert d["move"] in d["position"]["options"] and d["best"]["move"] in d["position"]["options"]
    again = phz("review", str(played), "--samples", "24", "--json")
    assert again.stdout == r.stdout  # the same record, the same grades


def test_phz_review_save_makes_quiz_questions_of_the_mistakes(played, tmp_path):
    db = tmp_path / "progress.db"
    r = phz("review", str(played), "--samples", "24", "--json", "--save", "--db", str(db))
    assert r.exit_code == 0, r.output
    obj = json.loads(r.stdout)
    bad = [d for d in obj["decisions"] if d["grade"] in ("mistake", "blunder")]
    assert obj["saved"] == {"questions": len(bad), "new": len(bad)}
    again = phz("review", str(played), "--samples", "24", "--save", "--db", str(db), "--lang", "en")
    assert again.exit_code == 0 and f"saved as quiz questions: {len(bad)} decision" in again.stdout
    assert "0 of them new" in again.stdout  # the same decisions are not stored twice


def test_phz_play_review_prints_the_review_after_the_game():
    r = phz("play", "--seed", "3", "--lang", "en", "--review", input="1\n1\n1\nq\n")
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert "stopped after 0 hands" in out
    after = out.split("stopped after 0 hands")[1]
    assert "== review of you · hand 1 · hunan ==" in after and "summary: " in after and "grades: " in after
    fits(out.splitlines())


# ---------------------------------------------------------------- errors

@pytest.mark.parametrize("args, message", [
    (["nowhere.jsonl"], "Error: nowhere.jsonl: no such record file"),
    (["{game}", "--seat", "3"], "Error: --seat: seat 3: the seats are 0 to 2"),
    (["{game}", "--hand", "2"], "Error: --hand: hand 2: the record holds hand 1"),
])
def test_errors_are_one_line_naming_the_fix(played, args, message):
    r = phz("review", *[a.replace("{game}", str(played)) for a in args], "--samples", "24")
    assert r.exit_code == 2
    assert r.stderr.strip().splitlines() == [message]
    assert "Traceback" not in r.output


def test_a_typed_record_that_does_not_replay_is_refused_with_its_line(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(TYPED.replace('"move": "chi 二三四"', '"move": "chi 七八九"'), encoding="utf-8")
    r = phz("review", str(bad), "--samples", "24")
    assert r.exit_code == 2 and r.stderr.startswith(f"Error: {bad} line ") and len(r.stderr.splitlines()) == 1


def test_every_graded_move_is_played_out_on_every_deal():
    """The learner's move is never dropped from the race: its loss rests on as many deals as the best's."""
    r = review(scripted(["pass"]), 0, samples=SAMPLES)
    graded = [d for d in r.decisions if d.played is not None and d.played.estimate is not None]
    assert graded
    for d in graded:
        assert d.played.estimate.n == d.best.estimate.n >= SAMPLES - 5, (d.n, move_text(d.move))
