"""``phz serve``'s JSON API through Starlette's test client: every endpoint, its refusals, and the games it
plays checked against the engine itself (the moves offered are the engine's, the record on disk replays
strictly after every move and every take-back, the hint and the coach are the one judge's)."""
from __future__ import annotations

import json
import random
import re
import sqlite3
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from solver.game import record, replay
from solver.game.engine import Game
from solver.game.moves import move_text
from solver.model.rules import get_ruleset
from solver.model.tiles import glyph
from solver.trainer import asking
from solver.web.server import Config, make_app

BASE = "http://127.0.0.1:8765"
HAND = "一二三壹贰叁贰柒拾四五六八九十七七七伍伍"
HOUSE_HAND = "二三三四五五六七九十十十壹贰叁柒柒柒玖玖"  # its waits differ under examples/house-min18.toml


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path


def client(folder: Path, *, rules: str = "hunan", token: str | None = None, loopback: bool = True) -> TestClient:
    config = Config(get_ruleset(rules), folder / "records", str(folder / "progress.db"), None, token=token,
                    loopback=loopback)
    return TestClient(make_app(config), base_url=BASE)


@pytest.fixture
def web(folder: Path) -> TestClient:
    return client(folder)


def new_game(web: TestClient, **body) -> dict:
    r = web.post("/api/games", json={"bots": "random", "coach": False, "seed": 11} | body)
    assert r.status_code == 200, r.text
    return r.json()


def engine_at(state: dict, folder: Path) -> Game:
    """The engine replayed from the record on disk: strictly (a record that breaks a rule fails)."""
    rec = record.read(folder / "records" / state["record"])
    done = replay.replay(rec)
    return done.games[-1]


def options_of(state: dict) -> list[str]:
    return [o["move"] for o in state["ask"]["options"]] if state["ask"] else []


def play_out(web: TestClient, state: dict, folder: Path, rng: random.Random) -> dict:
    """Random moves of the learner to the hand's end, each state checked against the engine replayed
    from the record on disk."""
    while state["over"] is None:
        game = engine_at(state, folder)
        ask = game.ask()
        assert ask is not None and ask.seat == state["me"]  # the page waits only on the learner
        assert options_of(state) == [move_text(m) for m in ask.options]
        assert len(ask.options) > 1  # a compulsory move is made for the learner, never asked
        r = web.post(f"/api/games/{state['id']}/move", json={"move": rng.choice(options_of(state))})
        assert r.status_code == 200, r.text
        state = r.json()
    game = engine_at(state, folder)
    assert game.result is not None and list(game.result.net) == state["over"]["net"]
    assert state["over"]["winner"] == game.result.winner
    win = game.result.win
    assert [g["tiles"] for g in state["over"]["groups"]] == ([[glyph(t) for t in g.tiles] for g in win.groups]
                                                            if win is not None else [])
    assert sum(state["over"]["net"]) == 0
    return state


# ---------------------------------------------------------------- games

@pytest.mark.parametrize("rules", ["hunan", "luzhou"])
def test_whole_games_follow_the_engine_and_the_record_replays_strictly(folder, rules):
    web = client(folder, rules=rules)
    rng = random.Random(rules)
    for seed in range(6):
        state = new_game(web, seed=seed)
        assert len(state["seats"]) == get_ruleset(rules).game.players
        state = play_out(web, state, folder, rng)
        r = web.post(f"/api/games/{state['id']}/next", json={})
        assert r.status_code == 200 and r.json()["hand_no"] == 2
        rec = record.read(folder / "records" / r.json()["record"])
        assert len(rec.hands) == 2  # the second hand is in the record from its deal


def test_the_table_shows_what_the_learners_seat_sees(web, folder):
    state = new_game(web, seed=3)
    game = engine_at(state, folder)
    me = game.seats[state["me"]]
    shown = [g for group in state["hand"]["loose"] for g in group] + [g for k in state["hand"]["kan"] for g in k]
    assert sorted(shown) == sorted(glyph(t) for t in range(20) for _ in range(me.concealed[t]))
    assert state["stock"] == len(game.stock)
    assert [s["dealer"] for s in state["seats"]].index(True) == game.dealer
    for p, seat in enumerate(state["seats"]):
        for meld, m in zip(seat["melds"], game.seats[p].melds):
            if meld["tiles"] is None:  # a 偎 of another player: face down
                assert p != state["me"] and m.kind == "wei"


def test_a_move_not_offered_is_refused_with_its_reason_and_nothing_changes(web, folder):
    state = new_game(web, seed=2)
    before = (folder / "records" / state["record"]).read_bytes()
    r = web.post(f"/api/games/{state['id']}/move", json={"move": "hu"})
    assert r.status_code == 400 and "not" in r.json()["error"]
    r = web.post(f"/api/games/{state['id']}/move", json={"move": "吃 吃 吃"})
    assert r.status_code == 400 and r.json()["error"]
    r = web.post(f"/api/games/{state['id']}/move", json={"move": ""})
    assert r.status_code == 400 and "move" in r.json()["error"]
    r = web.post(f"/api/games/{state['id']}/move", json={"move": 5})
    assert r.status_code == 400
    assert (folder / "records" / state["record"]).read_bytes() == before
    assert web.get(f"/api/games/{state['id']}").json()["ask"] == state["ask"]


def test_a_kan_tile_may_not_be_discarded(web, folder):
    for seed in range(40):
        state = new_game(web, seed=seed)
        if state["hand"]["kan"] and state["ask"] and state["ask"]["stage"] == "discard":
            kan = state["hand"]["kan"][0][0]
            r = web.post(f"/api/games/{state['id']}/move", json={"move": f"discard {kan}"})
            assert r.status_code == 400 and "坎" in r.json()["error"]
            return
    pytest.fail("no deal of 40 gave the learner a 坎 at a discard")


def test_take_back_returns_to_the_same_decision_and_the_record_follows(web, folder):
    state = new_game(web, seed=5)
    assert not state["can_undo"]
    r = web.post(f"/api/games/{state['id']}/undo", json={})
    assert r.status_code == 400 and "nothing to take back" in r.json()["error"]
    first = options_of(state)
    moved = web.post(f"/api/games/{state['id']}/move", json={"move": first[-1]}).json()
    assert moved["can_undo"]
    back = web.post(f"/api/games/{state['id']}/undo", json={}).json()
    assert options_of(back) == first and back["hand"] == state["hand"] and back["log"] == state["log"]
    assert not back["can_undo"]
    game = engine_at(back, folder)  # the record on disk is the hand as it stands again
    assert len(game.events) == len(engine_at(state, folder).events)
    play_out(web, back, folder, random.Random(5))


def test_take_back_after_the_hand_ended(web, folder):
    state = play_out(web, new_game(web, seed=8), folder, random.Random(8))
    back = web.post(f"/api/games/{state['id']}/undo", json={}).json()
    assert back["over"] is None and back["ask"] is not None
    assert engine_at(back, folder).result is None


def test_next_hand_only_when_the_hand_is_over(web):
    state = new_game(web, seed=1)
    r = web.post(f"/api/games/{state['id']}/next", json={})
    assert r.status_code == 400 and "not over" in r.json()["error"]


def test_the_hint_and_the_coach_are_the_one_judge(web):
    state = new_game(web, seed=4, coach=True, samples=16)
    hint = web.post(f"/api/games/{state['id']}/hint", json={"lang": "en"}).json()
    assert hint["best"] in options_of(state) and hint["lines"]
    after = web.post(f"/api/games/{state['id']}/move", json={"move": hint["best"]}).json()
    assert after["coach"] and "coach" in after["coach"][0].lower()
    assert "ok" in after["coach"][0]  # the hinted move graded as the judge's best
    zh = web.get(f"/api/games/{state['id']}?lang=zh").json()
    assert zh["coach"] and zh["coach"] != after["coach"]


def test_chou_warnings_with_the_coach(web):
    for seed in range(60):
        state = new_game(web, seed=seed, coach=True, samples=8)
        while state["over"] is None:
            ask = state["ask"]
            if ask["stage"] in ("chi", "peng") and any(o["kind"] == "pass" for o in ask["options"]):
                passing = next(o for o in ask["options"] if o["kind"] == "pass")
                assert ask["tile"] in passing["chou"]
                return
            state = web.post(f"/api/games/{state['id']}/move", json={"move": options_of(state)[0]}).json()
    pytest.fail("no claim to pass in 60 hands")


def test_games_in_chinese_and_at_other_tables(web):
    state = new_game(web, rules="luzhou", players=3, lang="zh")
    assert state["rules"] == "luzhou" and len(state["seats"]) == 3 and state["seats"][0]["name"] == "你"
    state = new_game(web, rules="hunan", players=2, bots=["basic"])
    assert len(state["seats"]) == 2


@pytest.mark.parametrize("body, words", [
    ({"bots": "nobody"}, "no bot"),
    ({"bots": ["random"]}, "list of 2"),
    ({"players": 5}, "players"),
    ({"players": "3"}, "players"),
    ({"rules": "atlantis"}, "rules"),
    ({"rules": "../../etc/passwd"}, "rules"),
    ({"seed": -1}, "seed"),
    ({"seed": 1 << 63}, "seed"),
    ({"seed": 1.5}, "seed"),
    ({"samples": 3}, "samples"),
    ({"lang": "fr"}, "lang"),
])
def test_a_new_game_refuses_bad_settings(web, body, words):
    r = web.post("/api/games", json={"bots": "random"} | body)
    assert r.status_code == 400 and words in r.json()["error"]


def test_any_seed_phz_play_takes(web):
    state = new_game(web, seed=(1 << 63) - 1)
    assert state["ask"] is not None or state["over"] is not None


def test_an_unknown_game_is_a_404(web):
    r = web.get("/api/games/nope")
    assert r.status_code == 404 and "new one" in r.json()["error"]
    assert web.post("/api/games/nope/move", json={"move": "pass"}).status_code == 404


# ---------------------------------------------------------------- requests refused

def test_other_sites_and_hosts_are_refused(web):
    assert web.get("/api/info", headers={"origin": "http://evil.example"}).status_code == 403
    assert web.get("/api/info", headers={"origin": BASE}).status_code == 200
    assert web.get("/api/info", headers={"sec-fetch-site": "cross-site"}).status_code == 403
    r = web.get("/api/info", headers={"host": "evil.example:8765"})
    assert r.status_code == 403 and "127.0.0.1" in r.json()["error"]
    r = web.post("/api/games", content=b"bots=random", headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 403 and "JSON" in r.json()["error"]


def test_malformed_and_oversized_bodies(web):
    for raw in (b"{", b"[1, 2]", b"\xff\xfe", b'"text"'):
        r = web.post("/api/games", content=raw, headers={"content-type": "application/json"})
        assert r.status_code == 400 and "JSON" in r.json()["error"], raw
    r = web.post("/api/analyse", content=json.dumps({"hand": "一" * 100_000}),
                 headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_a_token_is_required_off_the_loopback(folder):
    web = client(folder, token="s3cret", loopback=False)
    r = web.get("/api/info", headers={"host": "192.168.1.5:8765"})
    assert r.status_code == 403 and "token" in r.json()["error"]
    assert web.get("/", headers={"host": "192.168.1.5:8765"}).status_code == 403
    assert web.get("/api/info?token=wrong", headers={"host": "192.168.1.5:8765"}).status_code == 403
    assert web.get("/api/info", headers={"host": "192.168.1.5:8765", "x-phz-token": "s3cret"}).status_code == 200
    page = web.get("/?token=s3cret", headers={"host": "192.168.1.5:8765"})
    assert page.status_code == 200 and "phz_token" in page.headers["set-cookie"]
    assert "httponly" in page.headers["set-cookie"].lower()
    # the cookie the page was given lets its later requests in (the test client keeps it)
    assert web.get("/api/info", headers={"host": "192.168.1.5:8765"}).status_code == 200


def test_the_page_and_its_assets_are_served_with_a_strict_policy(web):
    page = web.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert "http://" not in page.text and "https://" not in page.text  # no CDN: every asset in the package
    assert web.get("/static/../server.py").status_code == 404


# ---------------------------------------------------------------- analyse

def test_analyse_answers_as_the_commands(web, run_phz):
    r = web.post("/api/analyse", json={"hand": HAND})
    assert r.status_code == 200
    out = r.json()
    cli = run_phz("ting", HAND, "--json")
    assert out["kind"] == "ting" and out["json"] == json.loads(cli.stdout)
    text = run_phz("ting", HAND, "--color", "never")
    assert "\n".join(out["lines"]).strip() == text.stdout.strip()
    d = web.post("/api/analyse", json={"hand": HAND + "拾"}).json()
    assert d["kind"] == "discard" and d["json"] == json.loads(run_phz("discard", HAND + "拾", "--json").stdout)
    a = web.post("/api/analyse", json={"hand": HAND, "tile": "五", "source": "upper-discard", "lang": "zh"}).json()
    cli = run_phz("act", HAND, "--tile", "五", "--from", "upper-discard", "--json", "--lang", "zh")
    assert a["kind"] == "act" and a["json"] == json.loads(cli.stdout)


@pytest.mark.parametrize("body, words", [
    ({}, "hand"),
    ({"hand": "一二三"}, ""),
    ({"hand": "xyz"}, ""),
    ({"hand": HAND, "tile": "五", "source": "from-the-moon"}, "source"),
    ({"hand": HAND, "tile": "Q", "source": "upper-discard"}, ""),
    ({"hand": 7}, "hand"),
])
def test_analyse_refuses_a_malformed_hand_in_one_line(web, body, words):
    r = web.post("/api/analyse", json=body)
    assert r.status_code == 400
    error = r.json()["error"]
    assert words in error and "\n" not in error and "Traceback" not in error


# ---------------------------------------------------------------- quiz and stats

def attempts(folder: Path) -> list[tuple]:
    with sqlite3.connect(folder / "progress.db") as db:
        return db.execute("SELECT kind, correct FROM attempts ORDER BY id").fetchall()


def test_quiz_answers_are_graded_recorded_and_counted_by_phz_stats(web, folder, run_phz):
    from solver import puzzles

    library = {p.id: p for p in puzzles.load()}
    q = web.post("/api/quiz/next", json={"kind": "ting"}).json()
    assert q["kind"] == "ting" and q["lines"]
    bad = web.post("/api/quiz/answer", json={"qid": q["qid"], "answer": "???"})
    assert bad.status_code == 400 and "Try again" in bad.json()["error"]
    assert not (folder / "progress.db").exists() or attempts(folder) == []  # an unreadable answer is no attempt
    pid = q["lines"][0].rsplit(" ", 1)[-1]
    right = asking.right_answer(asking.from_puzzle(library[pid]))
    ok = web.post("/api/quiz/answer", json={"qid": q["qid"], "answer": right}).json()
    assert ok["correct"] and ok["explanation"]
    again = web.post("/api/quiz/answer", json={"qid": q["qid"], "answer": right})
    assert again.status_code == 400  # answered: the question is closed
    q2 = web.post("/api/quiz/next", json={"kind": "chou", "lang": "zh"}).json()
    assert q2["qid"] != q["qid"]
    wrong_answer = "no" if asking.right_answer(asking.from_puzzle(library[q2["lines"][0].rsplit(" ", 1)[-1]])) == "yes" else "yes"
    wrong = web.post("/api/quiz/answer", json={"qid": q2["qid"], "answer": wrong_answer, "lang": "zh"}).json()
    assert wrong["correct"] is False
    assert attempts(folder) == [("ting", 1), ("chou", 0)]
    stats = web.get("/api/stats").json()
    assert "2 attempts, 1 correct" in stats["lines"][0]
    cli = json.loads(run_phz("stats", "--db", str(folder / "progress.db"), "--json").stdout)
    assert cli["attempts"] == 2 and cli["correct"] == 1


def test_drills_at_the_page(web, folder):
    q = web.post("/api/quiz/next", json={"drill": True, "kind": "huxi"}).json()
    assert q["kind"] == "huxi" and "drill" in q["lines"][0]
    r = web.post("/api/quiz/answer", json={"qid": q["qid"], "answer": "0"})
    assert r.status_code == 200 and attempts(folder)[0][0] == "huxi"


def test_quiz_refusals(web):
    assert web.post("/api/quiz/next", json={"kind": "poetry"}).status_code == 400
    assert web.post("/api/quiz/answer", json={"qid": "nope", "answer": "五"}).status_code == 400
    assert web.post("/api/quiz/answer", json={"qid": "nope", "answer": ""}).status_code == 400


# ---------------------------------------------------------------- records and review

def test_review_of_a_game_played_at_the_page_is_phz_reviews(web, folder, run_phz):
    state = play_out(web, new_game(web, seed=6), folder, random.Random(6))
    listed = web.get("/api/records").json()["records"]
    assert [r["name"] for r in listed] == [state["record"]]
    r = web.post("/api/review", json={"record": state["record"], "samples": 24})
    assert r.status_code == 200, r.text
    done = r.json()
    cli = json.loads(run_phz("review", str(folder / "records" / state["record"]), "--samples", "24", "--json").stdout)
    assert [d["move"] for d in done["decisions"]] == [d["move"] for d in cli["decisions"]]
    assert [d["grade"] for d in done["decisions"]] == [d["grade"] for d in cli["decisions"]]
    assert done["review"]["decisions"] == cli["decisions"]  # the same judge, the same figures
    assert web.post("/api/review", json={"record": state["record"], "samples": 23}).status_code == 400
    assert sorted(done["worst"]) == list(range(len(done["decisions"])))
    for d in done["decisions"]:
        assert d["move"] in d["options"] and d["seats"] and d["hand"]
        assert len(d["option_words"]) == len(d["options"])


@pytest.mark.parametrize("name", ["../progress.db", "/etc/passwd", "a/b.jsonl", "missing.jsonl", "", 5, ".x.jsonl"])
def test_review_reads_only_the_records_folder(web, name):
    r = web.post("/api/review", json={"record": name})
    assert r.status_code == 400 and "record" in r.json()["error"]


def test_a_damaged_record_is_one_line(web, folder):
    (folder / "records").mkdir()
    (folder / "records" / "bad.jsonl").write_text('{"format": "phz-game"\n')
    r = web.post("/api/review", json={"record": "bad.jsonl"})
    assert r.status_code == 400 and "\n" not in r.json()["error"]
    zh = web.post("/api/review", json={"record": "bad.jsonl", "lang": "zh"}).json()["error"]
    assert zh.startswith("这份记录读不了：bad.jsonl 第 1 行：") and "line" not in zh, zh


def test_info_names_the_rulesets_bots_and_kinds(web):
    info = web.get("/api/info").json()
    assert {"hunan", "luzhou"} <= set(info["rulesets"]) and info["rules"] == "hunan"
    assert "random" in [b["name"] for b in info["bots"]] and all(b["zh"] for b in info["bots"])
    assert [k["name"] for k in info["kinds"]][:2] == ["ting", "discard"]
    from solver.vocabulary import ORIGINS
    assert [o["name"] for o in info["origins"]] == list(ORIGINS) and info["origins"][0]["zh"] == "上家打出"
    # the page's coach and review ask for the judge's one number of deals, in the ranges the server takes
    from solver import limits
    from solver.game.winrate import DEFAULT_SAMPLES
    assert info["samples"] == {"coach": {"min": 8, "max": 1000, "default": DEFAULT_SAMPLES},
                               "review": {"min": limits.REVIEW_SAMPLES[0], "max": limits.REVIEW_SAMPLES[1],
                                          "default": DEFAULT_SAMPLES}}


def test_the_end_of_a_won_hand_shows_the_decomposition(web, folder):
    for seed in range(20):
        state = new_game(web, seed=seed, bots="basic")
        while state["over"] is None:
            state = web.post(f"/api/games/{state['id']}/move", json={"move": options_of(state)[0]}).json()
        if state["over"]["winner"] is not None:
            game = engine_at(state, folder)
            assert game.result is not None and game.result.win is not None
            assert [g["tiles"] for g in state["over"]["groups"]] == [[glyph(t) for t in g.tiles]
                                                                   for g in game.result.win.groups]
            assert sum(g["huxi"] for g in state["over"]["groups"]) <= game.result.win.huxi
            return
    pytest.fail("no hand of 20 was won")


def test_play_from_a_decision_of_the_review(web, folder):
    state = play_out(web, new_game(web, seed=9), folder, random.Random(9))
    done = web.post("/api/review", json={"record": state["record"], "samples": 24}).json()
    d = done["decisions"][len(done["decisions"]) // 2]
    r = web.post("/api/games/from", json={"record": state["record"], "hand": d["hand_no"], "n": d["n"], "coach": False})
    assert r.status_code == 200, r.text
    again = r.json()
    assert again["record"] != state["record"] and options_of(again) == d["options"]
    assert again["hand"] == d["hand"] and again["seats"][0]["melds"] == d["seats"][0]["melds"]
    assert not again["can_undo"]  # nothing of the learner's to take back yet
    moved = web.post(f"/api/games/{again['id']}/move", json={"move": options_of(again)[0]}).json()
    back = web.post(f"/api/games/{moved['id']}/undo", json={}).json()
    assert options_of(back) == d["options"]
    play_out(web, back, folder, random.Random(1))
    other = web.post("/api/games/from", json={"record": state["record"], "hand": 1, "n": d["n"], "bot": "basic"})
    assert other.status_code == 200 and "basic" in other.json()["seats"][1]["name"]
    for body, words in (({"hand": 1, "n": 10_000}, "moves 1 to"), ({"hand": 2, "n": d["n"]}, "hand"),
                        ({"hand": 1}, "hand and n"), ({"hand": 1, "n": 1, "bot": "nobody"}, "no bot")):
        r = web.post("/api/games/from", json={"record": state["record"]} | body)
        assert r.status_code == 400 and words in r.json()["error"], (body, r.json())


def test_drill_a_decision_of_the_review(web, folder, run_phz):
    state = play_out(web, new_game(web, seed=10), folder, random.Random(10))
    r = web.post("/api/review/drill", json={"record": state["record"], "index": 0})
    assert r.status_code == 400 and "review it first" in r.json()["error"]
    done = web.post("/api/review", json={"record": state["record"], "samples": 24}).json()
    i = next(i for i, d in enumerate(done["decisions"]) if d["best"] is not None)
    r = web.post("/api/review/drill", json={"record": state["record"], "index": i})
    assert r.json() == {"questions": 1, "new": 1}
    assert web.post("/api/review/drill", json={"record": state["record"], "index": i}).json()["new"] == 0
    assert web.post("/api/review/drill", json={"record": state["record"], "index": 999}).status_code == 400
    q = web.post("/api/quiz/next", json={"kind": "game"}).json()
    assert q["kind"] == "game" and any(state["record"] in line for line in q["lines"])
    listed = json.loads(run_phz("stats", "--db", str(folder / "progress.db"), "--json").stdout)
    assert listed["attempts"] == 0  # saved as a question, not yet answered


def test_a_record_chosen_by_the_learner_is_copied_into_the_folder_and_reviewed(web, folder, run_phz):
    made = run_phz("play", "--seed", "3", "--hands", "1", "--bots", "random", "--record", str(folder / "mine.jsonl"),
                   input="1\n" * 400)
    assert made.returncode == 0, made.stderr
    text = (folder / "mine.jsonl").read_text(encoding="utf-8")
    r = web.post("/api/records", json={"name": "../../My game!.jsonl", "text": text})
    assert r.status_code == 200, r.text
    name = r.json()["name"]
    assert name.startswith("My-game-") and (folder / "records" / name).read_text(encoding="utf-8") == text
    assert [x["name"] for x in web.get("/api/records").json()["records"]] == [name]
    done = web.post("/api/review", json={"record": name, "samples": 24})
    assert done.status_code == 200 and done.json()["decisions"]
    for body, words in (({"text": "hello"}, "record line 1:"), ({"text": ""}, "text:"), ({"name": "x", "text": 5}, "text:")):
        r = web.post("/api/records", json=body)
        assert r.status_code == 400 and words in r.json()["error"] and "\n" not in r.json()["error"], r.json()
    assert len(list((folder / "records").iterdir())) == 1  # nothing written for text that is no record
    big = web.post("/api/records", json={"text": "x" * (3 << 20)})
    assert big.status_code == 413


def test_a_question_is_shown_again_in_the_other_language(web):
    q = web.post("/api/quiz/next", json={"kind": "ting"}).json()
    zh = web.get(f"/api/quiz/{q['qid']}?lang=zh").json()
    assert zh["qid"] == q["qid"] and zh["answered"] is None and zh["lines"] != q["lines"]
    assert any("听" in line for line in zh["lines"])
    done = web.post("/api/quiz/answer", json={"qid": q["qid"], "answer": "一"}).json()
    again = web.get(f"/api/quiz/{q['qid']}?lang=zh").json()
    assert again["answered"]["correct"] == done["correct"] and again["answered"]["right"] == done["right"]
    assert again["answered"]["explanation"] != done["explanation"]  # the same explanation, in Chinese
    r = web.post("/api/quiz/answer", json={"qid": q["qid"], "answer": "一"})
    assert r.status_code == 400 and "already answered" in r.json()["error"]
    assert web.get("/api/quiz/nope").status_code == 400


def test_the_scores_count_the_hand_once_it_is_over(web, folder):
    for seed in range(20):
        state = new_game(web, seed=seed, bots="basic")
        while state["over"] is None:
            state = web.post(f"/api/games/{state['id']}/move", json={"move": options_of(state)[0]}).json()
        if any(state["over"]["net"]):
            assert [s["score"] for s in state["seats"]] == state["over"]["net"]
            after = web.post(f"/api/games/{state['id']}/next", json={}).json()
            assert [s["score"] for s in after["seats"]] == state["over"]["net"]  # counted once
            return
    pytest.fail("no hand of 20 paid anything")


def test_serve_on_a_port_taken_is_one_line(run_phz):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = run_phz("serve", "--port", str(port), timeout=60)
    assert r.returncode == 2 and "cannot listen on 127.0.0.1 port" in r.stderr and "--port" in r.stderr
    assert "Traceback" not in r.stderr
    r = run_phz("serve", "--host", "no.such.host.invalid", "--port", "0", timeout=60)
    assert r.returncode == 2 and "cannot listen" in r.stderr and "Traceback" not in r.stderr


def test_a_house_ruleset_served_is_the_pages_default(folder, run_phz):
    examples = Path(__file__).resolve().parent.parent / "examples"
    house = get_ruleset(str(examples / "house-min18.toml"))
    web = TestClient(make_app(Config(house, folder / "records", str(folder / "progress.db"), None)), base_url=BASE)
    info = web.get("/api/info").json()
    assert info["rules"] == house.name and house.name in info["rulesets"] and info["seats"][house.name] == 3
    assert new_game(web)["rules"] == house.name  # no ruleset named: the house file's
    hand = HOUSE_HAND
    ours = web.post("/api/analyse", json={"hand": hand}).json()["json"]
    assert ours == json.loads(run_phz("ting", hand, "--json", "--rules", str(examples / "house-min18.toml")).stdout)
    assert ours != web.post("/api/analyse", json={"hand": hand, "rules": "hunan"}).json()["json"]


def test_refusals_in_chinese(web):
    """A refusal in the language the request asks in: the page's own, the solver's (a hand), a move's."""
    r = web.post("/api/games", json={"bots": "nobody", "lang": "zh"})
    assert r.status_code == 400 and "没有 'nobody' 这个电脑" in r.json()["error"]
    r = web.get("/api/games/nope?lang=zh")
    assert r.status_code == 404 and "没有这一局" in r.json()["error"]
    r = web.post("/api/analyse", json={"hand": HAND + "拾", "tile": "五", "lang": "zh"})
    assert r.status_code == 400 and re.search(r"[\u4e00-\u9fff]", r.json()["error"])
    en = web.post("/api/analyse", json={"hand": HAND + "拾", "tile": "五", "lang": "en"}).json()["error"]
    assert en != r.json()["error"]
    state = new_game(web, seed=2)
    r = web.post(f"/api/games/{state['id']}/move", json={"move": "hu", "lang": "zh"})
    assert r.status_code == 400 and "现在不能" in r.json()["error"]
    r = web.post("/api/quiz/answer", json={"qid": "nope", "answer": "五", "lang": "zh"})
    assert r.json()["error"] == "没有这道题：请做下一题"
    r = web.post("/api/games", content=b"{", headers={"content-type": "application/json"})
    assert r.json()["error"] == "the request is not JSON"


def test_every_refusal_of_the_page_has_both_languages_and_the_same_placeholders():
    from string import Formatter

    from solver.text.catalogue import entries
    from solver.text.page_words import PageError

    refusals = {name.removeprefix("refused_"): (e["en"], e["zh"]) for name, e in entries("page_words").items()
                if name.startswith("refused_")}
    assert len(refusals) >= 30, sorted(refusals)
    for key, (en, zh) in refusals.items():
        names = {f for _, f, _, _ in Formatter().parse(en) if f}
        assert names == {f for _, f, _, _ in Formatter().parse(zh) if f}, key
        assert re.search(r"[\u4e00-\u9fff]", zh) and "\n" not in en + zh, key
        e = PageError(key, **{n: "X" for n in names})
        assert str(e) == e.said("en") and e.said("zh") != e.said("en"), key
    package = Path(__file__).resolve().parent.parent / "solver"
    raised = {m for p in package.rglob("*.py") for m in re.findall(r'PageError\("(\w+)"', p.read_text("utf-8"))}
    assert raised and raised <= set(refusals), sorted(raised - set(refusals))
