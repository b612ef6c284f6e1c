"""Questions from the learner's own games (solver.trainer.game_questions): saved in the real progress
file, served by `phz quiz` in the spaced review, answered right and wrong, rescheduled; the position
drawn by solver.text.position_text; the progress file's schema 3 and its migration from schema 2."""
from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from solver.app.commands import main
from solver.game.engine import Game
from solver.game.moves import move_text, parse_move
from solver.game.position import dumps, loads, position_of
from solver.model.rules import get_ruleset
from solver.model.tiles import glyph
from solver.text.position_text import WIDTH, option_lines, position_lines, width
from solver.trainer import asking, progress_file
from solver.trainer.game_questions import GAME_KIND, GameItem, GameQuestion, load_items, save
from solver.trainer.grading import AnswerError
from solver.trainer.progress import DAY, MINUTE, GameRef, ProgressError, Store
from solver.trainer.selection import select_questions
from solver.vocabulary import QUESTION_KINDS

HUNAN = get_ruleset("hunan")
SOURCE_EN = "from your game of table-1.jsonl, hand 1, move 3"
SOURCE_ZH = "来自你的对局 table-1.jsonl，第 1 局，第 3 手"


def claim_position():
    """A real game (hunan, seed 0) played to the first 吃 with several ways: the seat on its own draw 九."""
    game = Game(HUNAN, seed=0)
    while (ask := game.ask()) is not None:
        if ask.stage == "chi" and len(ask.options) >= 3:
            return position_of(game)
        game.play(ask.options[0] if ask.stage == "discard" else ask.options[-1])
    raise AssertionError("no 吃 in the game")


def discard_position():
    """A real game (hunan, seed 3) at its first decision: the dealer's first discard."""
    p = position_of(Game(HUNAN, seed=3))
    assert p.stage == "discard"
    return p


def question(p, best: str, played: str, follow: str | None = None, loss: float = 2.5) -> GameQuestion:
    return GameQuestion(dumps(p), tuple(move_text(m) for m in p.options), best, follow, played, loss,
                        "Eating keeps two groups.\nPassing makes 九 臭.", "吃了留下两句。\n过了九成臭张。",
                        SOURCE_EN, SOURCE_ZH)


def phz(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input, env={"NO_COLOR": "", "PHZ_HOME": None})


def box(db: Path, game_id: int = 1) -> tuple[int, float] | None:
    with Store(db) as store:
        return store.review(rules="hunan", game_id=game_id)


@pytest.fixture
def db(tmp_path) -> Path:
    return tmp_path / "progress.db"


# --- the positions of a real game ----------------------------------------------------------------

def test_the_claim_and_discard_positions_are_what_the_tests_say():
    p = claim_position()
    assert p.table == (8, p.seat, "draw") and p.stage == "chi"
    assert [move_text(m) for m in p.options] == ["chi 八九十 比 九玖玖", "chi 九九玖", "chi 九玖玖 比 八九十", "pass"]
    d = discard_position()
    assert d.table is None and len(d.options) == 14 and d.hand.n_concealed == 21


# --- saving -----------------------------------------------------------------------------------------

def test_saving_twice_stores_one_question_and_its_row_reads_back(db):
    p = claim_position()
    q = question(p, "chi 八九十 比 九玖玖", "pass", follow="discard 五")
    assert save(str(db), [q, q], at=1000.0) == 1  # the same position and best move: one question
    assert save(str(db), [q], at=2000.0) == 0
    # The same decision typed otherwise (Chinese move names) is still the same question.
    typed = GameQuestion(q.position, ("吃 八九十 比 九玖玖", "吃 九九玖", "吃 九玖玖 比 八九十", "过"), "吃 八九十比九玖玖",
                         "打五", "过", 2.5, "", "", SOURCE_EN, SOURCE_ZH)
    assert save(str(db), [typed]) == 0
    # Another best move for the same position is another question.
    assert save(str(db), [question(p, "chi 九九玖", "pass")], at=3000.0) == 1
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT id, rules, options, best, follow, played, loss, source_en, added"
                            " FROM game_questions ORDER BY id").fetchall()
        position = conn.execute("SELECT position FROM game_questions WHERE id = 1").fetchone()[0]
    assert rows == [
        (1, "hunan", '["chi 八九十 比 九玖玖", "chi 九九玖", "chi 九玖玖 比 八九十", "pass"]', "chi 八九十 比 九玖玖",
         "discard 五", "pass", 2.5, SOURCE_EN, 1000.0),
        (2, "hunan", '["chi 八九十 比 九玖玖", "chi 九九玖", "chi 九玖玖 比 八九十", "pass"]', "chi 九九玖", None,
         "pass", 2.5, SOURCE_EN, 3000.0)]
    assert loads(position) == p  # the ruleset travels inside the position
    with Store(db) as store:
        items = load_items(store, [1, 2])
    assert items[1].position == p and items[1].best == parse_move("chi 八九十 比 九玖玖")
    assert items[1].follow == parse_move("discard 五") and items[2].follow is None


@pytest.mark.parametrize("change,match", [
    (dict(best="chi 一二三"), "question 2 from a game: its best move chi 一二三 is not one of its options"),
    (dict(played="peng"), "its move played peng is not one of its options"),
    (dict(position='{"format": "phz-position"}'), "its position: position version null"),
    (dict(position="not json"), "its position: not JSON"),
    (dict(options=("pass", "pass")), "each once"),
    (dict(options=("chi 三",)), "an option: 吃 names groups of 3 tiles"),
    (dict(follow="pass"), "its follow-up is the discard after a claim"),
    (dict(best="pass", follow="discard 五"), "its follow-up is the discard after a claim"),
    (dict(loss=-0.5), "its loss -0.5 is not a number >= 0"),
    (dict(loss=float("nan")), "its loss nan"),
    (dict(source_en=""), "the source not empty"),
])
def test_a_question_that_cannot_be_read_is_refused_naming_it_and_nothing_is_stored(db, change, match):
    p = claim_position()
    good = question(p, "chi 八九十 比 九玖玖", "pass", follow="discard 五")
    fields = {**good.__dict__, **change}
    with pytest.raises(ValueError, match=match):
        save(str(db), [good, GameQuestion(**fields)])
    with Store(db) as store:
        assert store.game_questions() == []


# --- the quiz: served, answered right and wrong, rescheduled ---------------------------------------

def test_a_claim_question_is_served_answered_right_and_comes_back_later(db):
    p = claim_position()
    save(str(db), [question(p, "chi 八九十 比 九玖玖", "pass", follow="discard 五")])
    assert box(db) is None  # never asked: due at once
    result = phz("quiz", "--db", str(db), "--count", "1", "--lang", "en", input="吃 八九十\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    asked, told = out.split("✓ correct")
    assert asked.startswith("[1/1] game · from your game of table-1.jsonl, hand 1, move 3\n")
    for line in ("== hunan · dealer: 下家 · stock 18 · turn: you ==", "上家 (13 tiles)  提:拾拾拾拾 跑:一一一一",
                 "your hand     二二三四五八九十 壹壹贰肆伍捌捌玖玖 坎六六六", "on the table  九 drawn by you",
                 "your move on 九 (your own draw):", " 1 吃 chi 八九十 比 九玖玖", " 4 过 pass"):
        assert line + "\n" in asked, line
    assert "discard 五" not in asked and "1.2" not in asked  # the follow-up and the cost are told after
    assert "best: 吃 chi 八九十 比 九玖玖, then discard 五" in told
    assert "in your game you played 过 pass: 2.5 points of expected score lost" in told
    assert "Passing makes 九 臭." in told and "1 answered, 1 correct." in told
    assert max(width(line) for line in out.splitlines()) <= WIDTH
    b, due = box(db)
    assert b == 2 and due > __import__("time").time() + DAY - MINUTE  # right: a day later
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT puzzle_id, drill_seed, game_question, kind, level, tags, answer, correct, rules"
                            " FROM attempts").fetchall() == [
            (None, None, 1, "game", 0, "[]", "chi 八九十 比 九玖玖", 1, "hunan")]


def test_a_discard_question_answered_wrong_comes_back_sooner_in_chinese(db):
    p = discard_position()
    save(str(db), [question(p, "discard 叁", "discard 一", loss=0.75)])
    result = phz("quiz", "--db", str(db), "--kind", "game", "--lang", "zh", input="q2\n打五\n一\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("[1/1] 对局 · 来自你的对局 table-1.jsonl，第 1 局，第 3 手\n")
    assert "打出一张牌：  1 一  2 二" in out and "打哪张？" in out
    assert "看不懂" in out  # q2 and 打五 (no 五 in the menu) are asked again, not attempts
    assert "这里不能走 打 五" in out and "discard" not in out
    assert "✗ 错误" in out and "最好：打 叁" in out and "你的答案：打 一" in out
    assert "这一局你走的是 打 一：期望得分比最好的走法少 0.8 分" in out
    assert max(width(line) for line in out.splitlines() if not line.startswith("看不懂")) <= WIDTH
    b, due = box(db)
    assert b == 1 and due < __import__("time").time() + 11 * MINUTE  # wrong: ten minutes later
    with Store(db) as store:
        assert store.due_reviews(due + 1, rules="hunan") == [GameRef(1)]
        assert store.due_reviews(due + 1, rules="luzhou") == []  # kept under its ruleset


def test_the_review_boxes_move_as_a_puzzle_s_do(db):
    """With the quiz's clock: wrong -> box 1 (10 minutes), right -> 2 (a day), right -> 3 (3 days)."""
    from solver.trainer.session import quiz_command
    save(str(db), [question(claim_position(), "chi 九九玖", "pass")], at=0.0)
    t = 1_000_000.0
    for answer, expected in (("4", (1, 10 * MINUTE)), ("2", (2, DAY)), ("chi 九九玖", (3, 3 * DAY))):
        lines = iter([answer + "\n"])
        s = quiz_command(rules=HUNAN, kind="game", db=str(db), lang="en", input_fn=lambda _: next(lines, ""),
                         output_fn=lambda _: None, clock=lambda: t)
        assert s.answered == 1
        assert box(db) == (expected[0], t + expected[1])
        t += expected[1] + 1


def test_due_questions_from_games_come_first_in_the_unfiltered_review_and_stats_count_them(db):
    save(str(db), [question(discard_position(), "discard 叁", "discard 一")])
    s = phz("stats", "--db", str(db), "--json")
    assert __import__("json").loads(s.stdout)["due"] == 1  # saved, not yet asked: due
    result = phz("quiz", "--db", str(db), "--count", "2", "--lang", "en", input="10\n")  # 10: 叁
    assert result.stdout.startswith("[1/2] game · from your game of")
    assert "\n[2/2] " in result.stdout and "1 answered, 1 correct (stopped early" in result.stdout
    stats = __import__("json").loads(phz("stats", "--db", str(db), "--json").stdout)
    assert list(stats["by_kind"]) == ["game"] and stats["by_level"] == {}
    assert (stats["by_kind"]["game"]["attempts"], stats["by_kind"]["game"]["correct"]) == (1, 1)
    assert stats["optimal"] == {"attempts": 1, "correct": 1}  # a move in a game is a choice
    assert stats["due"] == 0
    text = phz("stats", "--db", str(db), "--lang", "en").stdout
    assert "game    1           1          100%" in text


def test_red_tiles_are_red_with_colour(db):
    save(str(db), [question(claim_position(), "pass", "chi 九九玖")])
    out = phz("--color", "always", "quiz", "--db", str(db), "--kind", "game", "--lang", "en", input="4\n").stdout
    assert "\x1b[31m二\x1b[0m" in out and "\x1b[31m拾\x1b[0m" in out


def test_kind_game_alone_and_only_when_something_is_saved(db):
    kind = next(o for o in main.commands["quiz"].params if o.name == "kind")
    assert tuple(kind.type.choices) == QUESTION_KINDS + (GAME_KIND,)
    result = phz("quiz", "--db", str(db), "--kind", "game", input="")
    assert result.exit_code == 2 and "no questions from your games under hunan yet" in result.stderr
    save(str(db), [question(claim_position(), "pass", "chi 九九玖")])
    result = phz("quiz", "--db", str(db), "--kind", "game", "--level", "2", input="")
    assert result.exit_code == 2 and "no level or tag" in result.stderr
    result = phz("quiz", "--db", str(db), "--kind", "game", "--random", input="")
    assert result.exit_code == 2 and "drop --random" in result.stderr
    result = phz("quiz", "--db", str(db), "--kind", "game", "--rules", "luzhou", input="")
    assert result.exit_code == 2 and "under luzhou yet" in result.stderr
    with Store(db) as store:  # a filtered quiz of puzzles asks no question from a game
        chosen = select_questions(__import__("puzzles").load(), rules=HUNAN, kind="ting", store=store, now=1e12)
    assert chosen and not any(isinstance(q, GameItem) for q in chosen)


# --- reading an answer --------------------------------------------------------------------------------

def test_an_answer_is_a_number_or_a_move_text():
    p = claim_position()
    item = GameItem(1, p, p.options, p.options[0], None, p.options[3], 1.0, "", "", SOURCE_EN, SOURCE_ZH)
    chi, chi2, chi3, pass_ = p.options
    for text, move in (("1", chi), (" 4 ", pass_), ("过", pass_), ("pass", pass_), ("吃 九九玖", chi2),
                       ("吃九玖玖", chi3), ("chi 九玖玖 bi 八九十", chi3), ("吃 八九十 比 九玖玖", chi)):
        assert asking.parse(item, text) == move, text
    for text, match in (("0", "numbered 1 to 4"), ("5", "numbered 1 to 4"), ("碰", "peng is not one of the moves"),
                        ("五", "not a move"), ("吃 九玖玖 比 九九玖", "not one of the moves")):
        with pytest.raises(AnswerError, match=match):
            asking.parse(item, text)
    two = (parse_move("chi 八九十 比 九玖玖"), parse_move("chi 八九十 比 八九十"), pass_)
    with pytest.raises(AnswerError, match="takes a 比 here"):
        asking.parse(GameItem(1, p, two, pass_, None, pass_, 1.0, "", "", "s", "s"), "吃 八九十")
    d = discard_position()
    item = GameItem(2, d, d.options, d.options[0], None, d.options[1], 1.0, "", "", "s", "s")
    for text in ("一", "打一", "打 一", "discard 一", "1", "1x"):
        assert asking.parse(item, text) == parse_move("discard 一"), text
    with pytest.raises(AnswerError, match="not one of the moves"):
        asking.parse(item, "五")
    assert asking.grade(item, "二").correct is False and asking.grade(item, "1").correct is True


# --- the position as text -----------------------------------------------------------------------------

@pytest.mark.parametrize("rules", ["hunan", "luzhou"])
def test_every_position_of_real_games_fits_80_columns_in_both_languages(rules):
    ruleset = get_ruleset(rules)
    seen = set()
    for seed in range(3):
        game, rng = Game(ruleset, seed=seed), random.Random(seed)
        while (ask := game.ask()) is not None:
            p = position_of(game)
            seen.add(p.stage)
            for lang in ("en", "zh"):
                lines = position_lines(p, lang) + option_lines(p, p.options, lang)
                assert max(width(x) for x in lines) <= WIDTH, "\n".join(lines)
            game.play(rng.choice(ask.options))
    assert {"discard", "chi"} <= seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_others_are_named_by_place_and_the_one_who_sits_out_says_so(players):
    """The places are ``phz play``'s (下家 the next seat, 对家 across or the one other of two, 上家); at a
    table of four the seat that sits out the hand (坐底) says so, with no tile count (it was "seat 1 (0
    tiles) —")."""
    from dataclasses import replace

    luzhou = get_ruleset("luzhou")
    rules = replace(luzhou, game=replace(luzhou.game, players=players, deal=luzhou.game.deal[:min(players, 3)]))
    game = Game(rules, seed=5)
    rng = random.Random(5)
    while (ask := game.ask()) is not None and ask.seat == game.dealer:
        game.play(rng.choice(ask.options))
    assert ask is not None
    p = position_of(game)
    places = {2: ["对家"], 3: ["下家", "上家"], 4: ["下家", "对家", "上家"]}[players]
    for lang, out in (("en", "sits out (坐底)"), ("zh", "坐底")):
        lines = position_lines(p, lang)
        for k, place in enumerate(places, 1):
            row = next(x for x in lines if x.startswith(place))
            assert (out in row) == (players == 4 and (p.seat + k) % 4 == rules.game.sits_out(p.dealer)), row
        assert not any("seat" in x or "号位" in x for x in lines)
    # at four the stock's last tile is shown, as phz play's table shows it
    assert (p.last is not None) == (players == 4)
    assert players < 4 or f"last tile {glyph(p.last)} shown" in " ".join(position_lines(p, "en")[:2])

def test_another_s_wei_is_face_down_and_the_face_up_tiles_are_shown():
    for seed in range(40):
        game = Game(HUNAN, seed=seed)
        while (ask := game.ask()) is not None:
            p = position_of(game)
            hidden = [q for q, melds in enumerate(p.melds) if q != p.seat and any(t is None for _, t in melds)]
            if hidden and any(p.faces):
                text = "\n".join(position_lines(p, "en"))
                assert "偎:＊＊＊" in text and "face up" in text
                return
            game.play(ask.options[-1] if ask.stage != "discard" else ask.options[0])
    pytest.skip("no face-down 偎 in 40 games")


# --- the progress file: schema 3 ------------------------------------------------------------------

def test_a_schema_2_file_migrates_in_place_keeping_every_row(tmp_path):
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:
        for statement in progress_file._SCHEMA_2:
            conn.execute(statement)
        conn.execute(f"PRAGMA application_id = {progress_file.APPLICATION_ID}")
        conn.execute("PRAGMA user_version = 2")
        conn.execute("INSERT INTO attempts VALUES (1, 'ting-001', NULL, 'ting', 1, '[]', '三', 1, 2.0, 5.0, 'hunan',"
                     " 'x')")
        conn.execute("INSERT INTO attempts VALUES (2, NULL, 43, 'chi', 2, '[\"烧比\"]', '1', 0, 2.0, 6.0, 'hunan', 'x')")
        conn.execute("INSERT INTO reviews VALUES ('hunan', 'puzzle:ting-001', 2, 90.0, 5.0)")
    before = path.read_bytes()
    with Store(path, writable=False) as store:  # reading: a migrated copy, the file left as it is
        assert [a["id"] for a in store.attempts()] == [1, 2]
    assert path.read_bytes() == before
    with Store(path) as store:
        assert [(a["puzzle_id"], a["drill_seed"], a["kind"]) for a in store.attempts()] == [
            ("ting-001", None, "ting"), (None, 43, "chi")]
        assert store.review(rules="hunan", puzzle_id="ting-001") == (2, 90.0)
    assert save(str(path), [question(claim_position(), "pass", "chi 九九玖")]) == 1
    fresh = tmp_path / "fresh.db"
    Store(fresh).close()
    with sqlite3.connect(path) as a, sqlite3.connect(fresh) as b:
        assert a.execute("PRAGMA user_version").fetchone()[0] == 3
        schema = "SELECT type, name, sql FROM sqlite_master ORDER BY name"
        assert a.execute(schema).fetchall() == b.execute(schema).fetchall()


@pytest.mark.parametrize("change,match", [
    ("INSERT INTO reviews VALUES ('hunan', 'game:7', 1, 0, 0)", r"review item 'game:7' is neither .* nor game:N"),
    ("UPDATE game_questions SET options = '[\"pass\"]'", r"question 1 from a game has options .* holding its answer"),
    ("UPDATE game_questions SET loss = -1", r"question 1 from a game has a value of the wrong type"),
    ("INSERT INTO attempts (kind, level, tags, answer, correct, seconds, at, rules, rules_digest, game_question)"
     " VALUES ('game', 0, '[]', 'pass', 1, 1.0, 1.0, 'hunan', '', 9)", r"attempt 1 has a value of the wrong type"),
])
def test_a_damaged_question_from_a_game_is_refused(db, change, match):
    save(str(db), [question(claim_position(), "chi 九九玖", "pass")])
    with sqlite3.connect(db) as conn:
        conn.execute(change)
    before = db.read_bytes()
    with pytest.raises(ProgressError, match=match):
        Store(db)
    assert db.read_bytes() == before
