"""The page of ``phz serve`` in a real browser (Debian's chromium through playwright): a hand played
to its settlement by clicking (hunan, three seats; luzhou, four), a take-back, a review, the quiz (a
wrong answer, an unreadable one, a right one, the statistics on the page and from ``phz stats``), the
analyser (a typed hand, a hand built by clicking), Chinese, and the layout on a phone and a desktop.

One server for the module (tests/web_server.py), a fresh browser context for each test; every test
ends by checking that the page logged no error or warning.  Without /usr/bin/chromium the module is
skipped, unless PHZ_REQUIRE_BROWSER=1 (as in CI), where that is a failure."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
import web_server

from solver.trainer import asking

REQUIRED = os.environ.get("PHZ_REQUIRE_BROWSER") == "1"


def _need(ok: bool, why: str) -> None:
    if ok:
        return
    if REQUIRED:
        pytest.fail(f"{why}; PHZ_REQUIRE_BROWSER=1 requires the browser tests: install Debian's chromium "
                    "(apt-get install chromium) and the playwright package", pytrace=False)
    pytest.skip(why, allow_module_level=True)


_need(Path(web_server.CHROMIUM).exists(), f"no browser at {web_server.CHROMIUM} (Debian's chromium package)")
try:
    from playwright.sync_api import Page, Response, expect, sync_playwright
except ImportError:  # pragma: no cover - playwright is a test dependency
    _need(False, "the playwright package is not installed")
    raise

HAND = "一二三壹贰叁贰柒拾四五六八九十七七七伍伍"
GLYPHS = "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾"
#: milliseconds a step of the page may take (a busy machine); the usual is far less
TIMEOUT = 30_000
#: milliseconds the server may take to answer a request: on a fresh checkout its first answer of a kind
#: compiles kernels (the review's, the bots'), minutes when several test workers compile at once on two
#: cores (a fresh cache: 220 s measured); the usual is well under a second
ANSWER = 600_000
PHONE, DESKTOP = (360, 740), (1280, 800)
expect.set_options(timeout=TIMEOUT)


# ---------------------------------------------------------------------------------------------- fixtures

@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with web_server.serving(tmp_path_factory.mktemp("phz-serve")) as s:
        yield s


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=web_server.CHROMIUM, args=web_server.CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


class Tab:
    """A page of the app in a context of its own, with every console error or warning and page error kept."""

    def __init__(self, browser, server, viewport, locale):
        self.server = server
        self.context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, locale=locale)
        self.page: Page = self.context.new_page()
        self.page.set_default_timeout(TIMEOUT)
        self.messages: list[tuple[str, str, str]] = []  # (type, text, url)
        self.page.on("console", lambda m: self.messages.append((m.type, m.text, m.location.get("url", "")))
                     if m.type in ("error", "warning") else None)
        self.page.on("pageerror", lambda e: self.messages.append(("pageerror", str(e), "")))
        self.page.goto(server.url)
        expect(self.page.locator("body")).to_have_attribute("data-ready", "true")

    def quiet(self, refused: dict[str, int] | None = None) -> None:
        """No console error or warning, no page error; but for ``refused``: {API path: how many 4xx answers
        the test asked for} (chromium logs "Failed to load resource" for each, which the page cannot stop)."""
        refused = dict(refused or {})
        left = []
        for kind, text, url in self.messages:
            path = "/" + url.split("/", 3)[-1] if "://" in url else url
            if kind == "error" and text.startswith("Failed to load resource: the server responded with a status of 4") \
                    and refused.get(path, 0) > 0:
                refused[path] -= 1
                continue
            left.append((kind, text, url))
        assert not left, f"the page logged: {left}"
        assert not any(refused.values()), f"refusals asked for but not seen: {refused}"


@pytest.fixture
def open_tab(browser, server):
    tabs: list[Tab] = []

    def open_(viewport=DESKTOP, locale="en-US") -> Tab:
        tab = Tab(browser, server, viewport, locale)
        tabs.append(tab)
        return tab

    yield open_
    for tab in tabs:
        tab.context.close()


# ---------------------------------------------------------------------------------------------- helpers

def play_panel(page: Page):
    return page.locator('[data-panel="play"]')


def idle(page: Page) -> None:
    expect(play_panel(page)).to_have_attribute("aria-busy", "false")


def answer(response: Response) -> dict:
    assert response.ok, f"{response.url}: {response.status} {response.text()}"
    return response.json()


def answered(page: Page, predicate):
    """``page.expect_response`` of the server's answer to a request: bounded by ``ANSWER``, not a step's time."""
    return page.expect_response(predicate, timeout=ANSWER)


def start_game(page: Page, rules: str, *, bots: str = "random", samples: int = 16,
               players: int | None = None) -> dict:
    """The new-game form filled and sent: the state the server answered (the page drawn)."""
    form = page.locator('[data-role="new-game"]')
    form.locator('select[name="rules"]').select_option(rules)
    form.locator('select[name="bots"]').select_option(bots)
    if players is not None:
        form.locator('select[name="players"]').select_option(str(players))
    form.locator('input[name="samples"]').fill(str(samples))
    with answered(page, lambda r: r.url.endswith("/api/games") and r.request.method == "POST") as got:
        form.locator('[data-role="start"]').click()
    sent = got.value.request.post_data_json
    assert sent["samples"] == samples and sent["bots"] == bots and sent["coach"] is True and sent["rules"] == rules
    assert ("players" in sent) == (players is not None), sent  # only when the learner chose a number
    state = answer(got.value)
    idle(page)
    return state


def shown_moves(page: Page) -> list[str]:
    return play_panel(page).locator('[data-role="moves"] [data-move]').evaluate_all(
        "els => els.map(e => e.getAttribute('data-move'))")


def check_moves(page: Page, state: dict) -> list[str]:
    """The move buttons are exactly the state's options (each once, with its record text)."""
    shown = shown_moves(page)
    assert sorted(shown) == sorted(o["move"] for o in state["ask"]["options"]), (shown, state["ask"])
    return shown


def request(page: Page, click, path: str) -> dict:
    with answered(page, lambda r: r.url.endswith(path) and r.request.method == "POST") as got:
        click()
    state = answer(got.value)
    idle(page)
    return state


def make_move(page: Page, move: str) -> dict:
    return request(page, play_panel(page).locator(f'[data-move="{move}"]').click, "/move")


def to_decision(page: Page, state: dict) -> dict:
    """Next hands until the learner has a decision (a hand may end with none of his: he sat out)."""
    for _ in range(10):
        if state["ask"] is not None:
            return state
        assert state["over"] is not None
        state = request(page, play_panel(page).locator('[data-role="next"]').click, "/next")
    raise AssertionError("ten hands without a decision of the learner's")


@contextmanager
def holding(page: Page, path: str):
    """The page's requests to ``path`` held unanswered inside the block (the page seen while it waits),
    sent on at its end; ``wait()`` returns once one is held."""
    routes: list = []

    def hold(route) -> None:
        routes.append(route)

    page.route(f"**{path}", hold)

    def wait() -> None:
        deadline = time.monotonic() + TIMEOUT / 1000
        while not routes:  # the browser's events are handled while playwright waits
            assert time.monotonic() < deadline, f"the page sent no request to {path}"
            page.wait_for_timeout(10)

    try:
        yield wait
    finally:
        for r in routes:
            r.continue_()
        page.unroute(f"**{path}", hold)


def no_sideways_scroll(page: Page, where: str) -> None:
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"{where}: the page scrolls sideways ({width} > {inner} px)"


# ---------------------------------------------------------------------------------------------- tests

@pytest.mark.parametrize("rules,seats", [("hunan", 3), ("luzhou", 4)])
def test_play_a_hand_by_clicking(open_tab, rules, seats):
    tab = open_tab()
    page = tab.page
    coach_deals = tab.server.api("/api/info")["samples"]["coach"]["default"]  # the judge's, as everywhere
    expect(play_panel(page).locator('input[name="samples"]')).to_have_value(str(coach_deals))
    state = start_game(page, rules)
    assert len(state["seats"]) == seats
    table = play_panel(page).locator('[data-role="table"]')
    expect(table.locator("[data-seat]")).to_have_count(seats)
    if rules == "luzhou":  # four at the table: one sits out
        expect(table.locator(".seat.out")).to_have_count(1)
    coach = play_panel(page).locator('[data-role="coach"]')
    moves = 0
    graded = []
    for _ in range(300):
        if state["over"] is not None:
            if moves:
                break
            state = request(page, play_panel(page).locator('[data-role="next"]').click, "/next")
            continue
        shown = check_moves(page, state)
        hand = play_panel(page).locator('[data-role="hand"] [data-tile]')
        n_hand = sum(len(g) for g in state["hand"]["loose"]) + 3 * len(state["hand"]["kan"])
        expect(hand).to_have_count(n_hand)
        choice = shown[0]
        if moves == 0:  # the hint once: its lines in the coach panel, its best move marked, and played
            hint = request(page, play_panel(page).locator('[data-role="hint"]').click, "/hint")
            expect(coach.locator('[data-role="hint-lines"]')).to_have_text("\n".join(hint["lines"]))
            expect(play_panel(page).locator("button.move.best")).to_have_attribute("data-move", hint["best"])
            choice = hint["best"]
        state = make_move(page, choice)
        moves += 1
        assert state["coach"], "the coach grades every decision of the learner (none is forced)"
        expect(coach.locator('[data-role="coach-lines"]')).to_have_text("\n".join(state["coach"]))
        graded.append(state["coach"][0])
    else:
        raise AssertionError("the hand did not end in 300 moves")
    assert all(line.startswith("coach (") for line in graded), graded
    over = play_panel(page).locator('[data-role="over"]')
    expect(over).to_be_visible()
    expect(over.locator('[data-role="settlement"]')).to_have_text("\n".join(state["over"]["lines"]))
    expect(play_panel(page).locator('[data-role="moves"] [data-move]')).to_have_count(0)
    expect(over.locator('[data-role="next"]')).to_be_enabled()
    tab.quiet()


def test_take_back(open_tab):
    tab = open_tab()
    page = tab.page
    state = to_decision(page, start_game(page, "hunan"))
    undo = play_panel(page).locator('[data-role="undo"]')
    expect(undo).to_be_disabled()  # nothing of this hand to take back yet
    before = check_moves(page, state)
    prompt = play_panel(page).locator('[data-role="prompt"]').inner_text()
    with answered(page, lambda r: r.url.endswith("/move")) as got:
        with holding(page, "/move") as held:
            play_panel(page).locator(f'[data-move="{before[0]}"]').click()
            held()  # while the server thinks: the page says so, and no move can be clicked twice
            expect(play_panel(page)).to_have_attribute("aria-busy", "true")
            expect(play_panel(page).locator('[data-role="prompt"]')).to_have_text("thinking…")
            for b in play_panel(page).locator("[data-move]").all():
                expect(b).to_be_disabled()
    after_move = answer(got.value)
    idle(page)
    assert after_move["can_undo"]
    expect(undo).to_be_enabled()
    back = request(page, undo.click, "/undo")
    assert back["ask"] == state["ask"] and back["hand"] == state["hand"]
    assert sorted(check_moves(page, back)) == sorted(before)
    expect(play_panel(page).locator('[data-role="prompt"]')).to_have_text(prompt)
    expect(undo).to_be_disabled()
    expect(play_panel(page).locator('[data-role="coach-lines"]')).to_have_count(0)  # the grade taken back too
    tab.quiet()


def test_review_the_game_just_played(open_tab):
    tab = open_tab()
    page = tab.page
    state = to_decision(page, start_game(page, "hunan"))
    for _ in range(3):
        if state["ask"] is None:
            break
        state = make_move(page, check_moves(page, state)[0])
    record = state["record"]
    button = play_panel(page).locator('[data-role="review-this"]' if state["over"] else '[data-role="review-game"]')
    button.click()
    review = page.locator('[data-panel="review"]')
    expect(review).to_be_visible()
    expect(page.locator('[data-panel="play"]')).to_be_hidden()
    expect(review.locator('[data-role="records"]')).to_have_value(record)
    names = [r["name"] for r in tab.server.api("/api/records")["records"]]
    assert names[0] == record  # the newest first, and the page's list is the server's
    assert review.locator('[data-role="records"] option').evaluate_all("els => els.map(e => e.value)") == names
    # the page asks for the judge's own deals unless the learner changes them (as `phz review` and the coach)
    info = tab.server.api("/api/info")["samples"]
    expect(review.locator('input[name="samples"]')).to_have_value(str(info["review"]["default"]))
    review.locator('input[name="samples"]').fill("24")
    with answered(page, lambda r: r.url.endswith("/api/review")) as got:
        with holding(page, "/api/review") as held:
            review.locator('[data-role="review-go"]').click()
            held()
            expect(review.locator('[data-role="progress"]')).to_contain_text("reviewing…")
            expect(review.locator('[data-role="review-go"]')).to_be_disabled()
    assert got.value.request.post_data_json == {"record": record, "samples": 24, "lang": "en"}
    done = answer(got.value)
    expect(review.locator('[data-role="progress"]')).to_be_hidden()
    expect(review.locator('[data-role="review-lines"]')).to_have_text("\n".join(done["lines"]))
    jumps = review.locator('[data-role="jump"]')
    assert done["decisions"], "the learner made moves: the review has decisions"
    expect(jumps).to_have_count(len(done["decisions"]))
    order = jumps.evaluate_all("els => els.map(e => Number(e.dataset.index))")
    assert order == done["worst"]  # the worst first
    jumps.nth(1 if len(order) > 1 else 0).click()
    d = done["decisions"][order[1 if len(order) > 1 else 0]]
    detail = review.locator('[data-role="detail"]')
    table = detail.locator('[data-role="table"]')
    expect(table).to_be_visible()
    expect(table.locator("[data-seat]")).to_have_count(len(d["seats"]))
    expect(detail.locator('[data-role="hand"] [data-tile]')).to_have_count(
        sum(len(g) for g in d["hand"]["loose"]) + 3 * len(d["hand"]["kan"]))
    expect(detail.locator("[data-option]")).to_have_count(len(d["options"]))
    expect(detail.locator(".option.played")).to_have_attribute("data-option", d["move"])
    if d["best"] is not None:
        expect(detail.locator(".option.best")).to_have_attribute("data-option", d["best"])
    # in Chinese: the review asked again in Chinese, the same decision still shown
    with answered(page, lambda r: r.url.endswith("/api/review")) as got:
        page.click('[data-role="lang"]')
    assert got.value.request.post_data_json == {"record": record, "samples": 24, "lang": "zh"}
    expect(review.locator('[data-role="review-lines"]')).to_have_text("\n".join(answer(got.value)["lines"]))
    expect(review.locator('[data-role="review-lines"]')).to_contain_text("复盘")
    expect(detail.locator(".option.played")).to_have_attribute("data-option", d["move"])
    tab.quiet()


def test_a_record_of_ones_own_then_play_from_a_decision_and_drill_it(open_tab, tmp_path):
    """A record chosen from a file (as phz play writes one) is copied in and reviewed; a decision's "play from
    here" starts a game at its position; "drill this" makes it a question of the quiz (kind game)."""
    tab = open_tab()
    page = tab.page
    made = tmp_path / "my game.jsonl"
    played = subprocess.run([sys.executable, "-c", "from solver.app.entry import main; main()", "play", "--seed", "4",
                             "--hands", "1", "--bots", "random", "--record", str(made)], input="1\n" * 400,
                            capture_output=True, text=True, encoding="utf-8", timeout=300)
    assert played.returncode == 0, played.stderr
    page.click('[data-tab="review"]')
    review = page.locator('[data-panel="review"]')
    with answered(page, lambda r: r.url.endswith("/api/records") and r.request.method == "POST") as got:
        review.locator('[data-role="record-file"]').set_input_files(str(made))
    name = answer(got.value)["name"]
    assert name.startswith("my-game-")
    expect(review.locator('[data-role="records"]')).to_have_value(name)
    assert (tab.server.records / name).read_text(encoding="utf-8") == made.read_text(encoding="utf-8")
    review.locator('input[name="samples"]').fill("24")
    with answered(page, lambda r: r.url.endswith("/api/review")) as got:
        review.locator('[data-role="review-go"]').click()
    done = answer(got.value)
    first = next(i for i in done["worst"] if done["decisions"][i]["best"] is not None)
    review.locator(f'[data-role="jump"][data-index="{first}"]').click()
    detail = review.locator('[data-role="detail"]')
    with answered(page, lambda r: r.url.endswith("/api/review/drill")) as got:
        detail.locator('[data-role="drill"]').click()
    assert answer(got.value) == {"questions": 1, "new": 1}
    expect(detail.locator('[data-role="drilled"]')).to_contain_text("quiz question")
    d = done["decisions"][first]
    with answered(page, lambda r: r.url.endswith("/api/games/from")) as got:
        detail.locator('[data-role="play-from"]').click()
    assert got.value.request.post_data_json["n"] == d["n"]
    state = answer(got.value)
    idle(page)
    expect(page.locator('[data-panel="play"]')).to_be_visible()
    assert sorted(check_moves(page, state)) == sorted(d["options"])
    page.click('[data-tab="quiz"]')
    quiz = page.locator('[data-panel="quiz"]')
    quiz.locator('[data-role="kinds"]').select_option("game")
    with answered(page, lambda r: r.url.endswith("/api/quiz/next")) as got:
        quiz.locator('[data-role="quiz-form"] [type="submit"]').click()
    assert answer(got.value)["kind"] == "game"
    tab.quiet()


def _puzzle_answers() -> dict[str, str]:
    from solver import puzzles
    return {p.id: asking.right_answer(asking.from_puzzle(p)) for p in puzzles.load() if p.kind == "ting"}


def test_quiz_wrong_unreadable_right_and_stats(open_tab, server):
    tab = open_tab()
    page = tab.page
    rights = _puzzle_answers()
    before = server.api("/api/stats")["stats"]
    page.click('[data-tab="quiz"]')
    quiz = page.locator('[data-panel="quiz"]')
    quiz.locator('[data-role="kinds"]').select_option("ting")

    def ask() -> tuple[dict, str]:
        with answered(page, lambda r: r.url.endswith("/api/quiz/next")) as got:
            quiz.locator('[data-role="quiz-next"]').click()
        q = answer(got.value)
        assert got.value.request.post_data_json == {"kind": "ting", "drill": False, "lang": "en"}
        expect(quiz.locator('[data-role="question"]')).to_have_text("\n".join(q["lines"]))
        expect(quiz.locator('[data-role="verdict"]')).to_be_hidden()
        puzzle = re.search(r"puzzle (\S+)", q["lines"][0])
        assert q["kind"] == "ting" and puzzle is not None and puzzle.group(1) in rights, q["lines"][0]
        return q, rights[puzzle.group(1)]

    def submit() -> dict:
        with answered(page, lambda r: r.url.endswith("/api/quiz/answer")) as got:
            quiz.locator('[data-role="submit"]').click()
        return got.value.json()

    box = quiz.locator('[data-role="answer"]')
    verdict = quiz.locator('[data-role="verdict"]')
    # an unreadable answer: its one line shown, the question still open
    _, right = ask()
    box.fill("xyz")
    said = submit()
    expect(quiz.locator('[data-role="error"]')).to_have_text(said["error"])
    expect(verdict).to_be_hidden()
    # then a wrong one: a tile that is no wait of the question (by the pad's buttons)
    wrong = next(g for g in GLYPHS if g not in right)
    box.fill("")
    quiz.locator(f'[data-role="pad"] [data-tile="{wrong}"]').click()
    expect(box).to_have_value(wrong)
    got = submit()
    assert got["correct"] is False and got["right"] == right
    expect(quiz.locator('[data-role="error"]')).to_be_hidden()
    expect(verdict).to_have_class(re.compile(r"\bwrong\b"))
    expect(verdict).to_contain_text("✗")
    expect(quiz.locator('[data-role="explanation"]')).to_have_text("\n".join(got["explanation"]))
    expect(quiz.locator('[data-role="submit"]')).to_be_disabled()
    # a right one: the answer the library holds, typed by clicking its tiles
    _, right = ask()
    expect(box).to_have_value("")
    for g in right:
        quiz.locator(f'[data-role="pad"] [data-tile="{g}"]').click()
    expect(box).to_have_value(right)
    got = submit()
    assert got["correct"] is True
    expect(verdict).to_have_class(re.compile(r"\bright\b"))
    expect(verdict).to_contain_text("✓")
    # the statistics: two more answered, one more right, on the page and in the progress file
    attempts, correct = before["attempts"] + 2, before["correct"] + 1
    quiz.locator('[data-role="stats-button"]').click()
    stats = quiz.locator('[data-role="stats"]')
    expect(stats).to_contain_text(f"{attempts} attempts, {correct} correct")
    out = subprocess.run([sys.executable, "-c", "from solver.app.entry import main; main()", "stats", "--db",
                          str(server.db), "--json"], capture_output=True, text=True, encoding="utf-8",
                         env=web_server._env(server.home), timeout=120)
    assert out.returncode == 0, out.stderr
    s = json.loads(out.stdout)
    assert (s["attempts"], s["correct"]) == (attempts, correct), s
    assert s["by_kind"]["ting"]["attempts"] >= 2
    tab.quiet(refused={"/api/quiz/answer": 1})


def test_a_question_follows_the_language(open_tab):
    """A question asked, then answered, is shown again in the language switched to (its verdict kept)."""
    tab = open_tab()
    page = tab.page
    page.click('[data-tab="quiz"]')
    quiz = page.locator('[data-panel="quiz"]')
    quiz.locator('[data-role="kinds"]').select_option("ting")
    with answered(page, lambda r: r.url.endswith("/api/quiz/next")):
        quiz.locator('[data-role="quiz-next"]').click()
    expect(quiz.locator('[data-role="question"]')).to_contain_text("What do you wait on")
    with answered(page, lambda r: "/api/quiz/" in r.url and r.request.method == "GET") as got:
        page.click('[data-role="lang"]')
    expect(quiz.locator('[data-role="question"]')).to_have_text("\n".join(answer(got.value)["lines"]))
    expect(quiz.locator('[data-role="question"]')).to_contain_text("听")
    quiz.locator('[data-role="answer"]').fill("一")
    quiz.locator('[data-role="submit"]').click()
    expect(quiz.locator('[data-role="verdict"]')).to_be_visible()
    shown = quiz.locator('[data-role="verdict"]').get_attribute("class")
    with answered(page, lambda r: "/api/quiz/" in r.url and r.request.method == "GET") as got:
        page.click('[data-role="lang"]')
    expect(quiz.locator('[data-role="explanation"]')).to_have_text("\n".join(answer(got.value)["answered"]["explanation"]))
    expect(quiz.locator('[data-role="question"]')).to_contain_text("What do you wait on")
    assert quiz.locator('[data-role="verdict"]').get_attribute("class") == shown
    tab.quiet()


def test_analyse_typed_and_clicked(open_tab):
    tab = open_tab()
    page = tab.page
    page.click('[data-tab="analyse"]')
    an = page.locator('[data-panel="analyse"]')
    out = an.locator('[data-role="analysis"]')
    hand = an.locator('[data-role="hand-input"]')
    # typed
    hand.fill(HAND)
    with answered(page, lambda r: r.url.endswith("/api/analyse")) as got:
        an.locator('[data-role="analyse-go"]').click()
    assert got.value.request.post_data_json == {"hand": HAND, "lang": "en"}
    result = answer(got.value)
    expect(out).to_be_visible()
    expect(out).to_have_text("\n".join(result["lines"]))
    expect(out).to_contain_text("ready: 3 waits")
    assert re.search(r"^五\s+3\s", out.inner_text(), re.M), "五 is a wait (3 outs)"
    assert {w["tile"] for w in result["json"]["waits"]} == {"五", "七", "伍"}
    # the tiles' buttons: small and big, the red ones red
    for g in GLYPHS:
        button = an.locator(f'[data-role="pad"] button[data-tile="{g}"]')
        expect(button).to_have_text(g)
        classes = set(button.get_attribute("class").split())
        assert ("red" in classes) == (g in "二七十贰柒拾") and ("big" in classes) == (g in GLYPHS[10:]), (g, classes)
        colour = button.evaluate("e => getComputedStyle(e).color")
        assert (colour == "rgb(196, 22, 28)") == (g in "二七十贰柒拾"), (g, colour)
    # built by clicking: Clear, then each tile's button
    an.locator('[data-role="hand-clear"]').click()
    expect(hand).to_have_value("")
    for g in HAND:
        an.locator(f'[data-role="pad"] [data-tile="{g}"]').click()
    expect(hand).to_have_value(HAND)
    an.locator('[data-role="hand-back"]').click()
    expect(hand).to_have_value(HAND[:-1])
    an.locator('[data-role="pad"] [data-tile="伍"]').click()
    # with a tile: what may be done with it
    an.locator('[data-role="tile"]').select_option("五")
    an.locator('[data-role="source"]').select_option("upper-discard")
    with answered(page, lambda r: r.url.endswith("/api/analyse")) as got:
        an.locator('[data-role="analyse-go"]').click()
    assert got.value.request.post_data_json == {"hand": HAND, "tile": "五", "source": "upper-discard", "lang": "en"}
    act = answer(got.value)
    assert act["kind"] == "act"
    expect(out).to_have_attribute("data-kind", "act")
    expect(out).to_have_text("\n".join(act["lines"]))
    # the analysis scrolls inside itself, never the page
    assert out.evaluate("e => getComputedStyle(e).overflowX") == "auto"
    tab.quiet()


def test_chinese(open_tab):
    tab = open_tab()
    page = tab.page
    tabs = page.locator('[data-role="tabs"] [data-tab]')
    expect(tabs).to_have_text(["Play", "Review", "Quiz", "Analyse"])
    page.click('[data-role="lang"]')
    expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
    expect(tabs).to_have_text(["对局", "复盘", "练习", "分析"])
    expect(page.locator('[data-role="lang"]')).to_have_text("English")
    form = page.locator('[data-role="new-game"]')
    form.locator('select[name="bots"]').select_option("random")
    form.locator('input[name="samples"]').fill("16")
    with answered(page, lambda r: r.url.endswith("/api/games")) as got:
        form.locator('[data-role="start"]').click()
    assert got.value.request.post_data_json["lang"] == "zh"
    state = answer(got.value)
    idle(page)
    me = play_panel(page).locator(f'[data-role="table"] [data-seat="{state["me"]}"] .name')
    expect(me).to_have_text("你")
    log = play_panel(page).locator('[data-role="log"] li')
    expect(log.first).to_have_text(state["log"][0])
    assert state["log"][0].startswith("第1局"), state["log"][0]
    # back to English: the game fetched again in English
    with answered(page, lambda r: f"/api/games/{state['id']}?lang=en" in r.url):
        page.click('[data-role="lang"]')
    expect(me).to_have_text("you")
    expect(log.first).to_contain_text("hand 1")
    expect(tabs).to_have_text(["Play", "Review", "Quiz", "Analyse"])
    tab.quiet()
    # a browser that speaks Chinese gets the page in Chinese
    zh = open_tab(locale="zh-CN")
    expect(zh.page.locator("html")).to_have_attribute("lang", "zh-CN")
    expect(zh.page.locator('[data-role="tabs"] [data-tab]')).to_have_text(["对局", "复盘", "练习", "分析"])
    zh.quiet()


def test_language_of_the_server(browser, tmp_path):
    """phz serve --lang zh: the page in Chinese whatever the browser speaks; its words asked in Chinese."""
    with web_server.serving(tmp_path, "--lang", "zh") as zh_server:
        tab = Tab(browser, zh_server, DESKTOP, "en-US")
        try:
            page = tab.page
            expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
            expect(page.locator('[data-role="tabs"] [data-tab]')).to_have_text(["对局", "复盘", "练习", "分析"])
            page.click('[data-tab="analyse"]')
            page.locator('[data-role="hand-input"]').fill(HAND)
            with answered(page, lambda r: r.url.endswith("/api/analyse")) as got:
                page.click('[data-role="analyse-go"]')
            assert got.value.request.post_data_json["lang"] == "zh"
            expect(page.locator('[data-role="analysis"]')).to_contain_text("听")
            tab.quiet()
        finally:
            tab.context.close()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_layout(open_tab, size):
    tab = open_tab(viewport=size)
    page = tab.page
    no_sideways_scroll(page, "the page at its start")
    # play: a game on, a move made, the hint shown
    state = to_decision(page, start_game(page, "luzhou"))
    state = to_decision(page, make_move(page, check_moves(page, state)[0]))
    request(page, play_panel(page).locator('[data-role="hint"]').click, "/hint")
    expect(play_panel(page).locator('[data-role="hint-lines"]')).to_be_visible()
    play_panel(page).locator('[data-role="why-toggle"]').click()
    expect(play_panel(page).locator('[data-role="why"]')).to_be_visible()
    no_sideways_scroll(page, "play")
    # review: that game, a decision shown
    page.click('[data-tab="review"]')
    review = page.locator('[data-panel="review"]')
    expect(review.locator('[data-role="records"]')).to_have_value(state["record"])  # the newest
    review.locator('input[name="samples"]').fill("24")
    with answered(page, lambda r: r.url.endswith("/api/review")):
        review.locator('[data-role="review-go"]').click()
    review.locator('[data-role="jump"]').first.click()
    expect(review.locator('[data-role="detail"] [data-role="table"]')).to_be_visible()
    no_sideways_scroll(page, "review")
    # quiz: a question answered and explained, the statistics
    page.click('[data-tab="quiz"]')
    quiz = page.locator('[data-panel="quiz"]')
    quiz.locator('[data-role="kinds"]').select_option("ting")  # an answer of tiles: 一 is readable
    with answered(page, lambda r: r.url.endswith("/api/quiz/next")):
        quiz.locator('[data-role="quiz-next"]').click()
    quiz.locator('[data-role="pad"] [data-tile="一"]').click()
    quiz.locator('[data-role="submit"]').click()
    expect(quiz.locator('[data-role="verdict"]')).to_be_visible()
    quiz.locator('[data-role="stats-button"]').click()
    expect(quiz.locator('[data-role="stats"]')).to_be_visible()
    no_sideways_scroll(page, "quiz")
    # analyse: a hand and a tile, whose lines are the widest
    page.click('[data-tab="analyse"]')
    an = page.locator('[data-panel="analyse"]')
    an.locator('[data-role="hand-input"]').fill(HAND)
    an.locator('[data-role="tile"]').select_option("五")
    with answered(page, lambda r: r.url.endswith("/api/analyse")):
        an.locator('[data-role="analyse-go"]').click()
    expect(an.locator('[data-role="analysis"]')).to_be_visible()
    no_sideways_scroll(page, "analyse")
    # and all of it again in Chinese (the server's lines fetched again)
    page.click('[data-role="lang"]')
    expect(an.locator('[data-role="analysis"]')).to_contain_text("上家打出")
    no_sideways_scroll(page, "analyse (zh)")
    for name in ("quiz", "review", "play"):
        page.click(f'[data-tab="{name}"]')
        expect(page.locator(f'[data-panel="{name}"]')).to_be_visible()
        no_sideways_scroll(page, f"{name} (zh)")
    expect(play_panel(page).locator('[data-role="log"] li').first).to_contain_text(re.compile(r"^第\d+局"))
    if size == PHONE:  # the wide analysis scrolls inside its own box
        page.click('[data-tab="analyse"]')
        out = an.locator('[data-role="analysis"]')
        assert out.evaluate("e => e.scrollWidth > e.clientWidth"), "the analysis is wider than a phone"
    tab.quiet()


def test_token(browser, tmp_path):
    """Served beyond the loopback (with a token): the page sends the token of its address with every request
    of the API (it works with no cookie too)."""
    with web_server.serving(tmp_path, "--host", "0.0.0.0") as guarded:
        assert guarded.token, guarded.url
        tab = Tab(browser, guarded, PHONE, "en-US")
        try:
            page = tab.page
            tab.context.clear_cookies()
            sent: list[tuple[str, str | None]] = []
            page.on("request", lambda r: sent.append((r.url, r.headers.get("x-phz-token"))) if "/api/" in r.url
                    else None)
            start_game(page, "hunan")
            page.click('[data-tab="analyse"]')
            page.locator('[data-role="hand-input"]').fill(HAND)
            page.click('[data-role="analyse-go"]')
            expect(page.locator('[data-role="analysis"]')).to_contain_text("ready: 3 waits")
            assert len(sent) >= 2 and all(token == guarded.token for _, token in sent), sent
            tab.quiet()
        finally:
            tab.context.close()
