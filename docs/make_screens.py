"""The screenshots of ``phz serve``'s page in docs/screens/: each tab (play with a game on and the coach's
hint shown, review with a decision shown, quiz with a question answered, analyse with a result) in
English and Chinese, on a phone (360×740) and a desktop (1280×800): 16 PNG files.

Run by hand from the checkout, with playwright and Debian's chromium installed (a font with Chinese
glyphs too, e.g. Debian's fonts-noto-cjk, or the tiles show as boxes):

    python docs/make_screens.py

It starts its own server (as the browser tests do) with a throw-away home, plays against the random bots
and answers a question wrongly, so nothing of yours is touched."""
from __future__ import annotations

import re
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

import web_server  # noqa: E402
from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

OUT = HERE / "screens"
SIZES = {"phone": (360, 740), "desktop": (1280, 800)}
LOCALES = {"en": "en-GB", "zh": "zh-CN"}
#: the tallest picture kept of a long page (CSS pixels)
MAX_HEIGHT = {"phone": 2600, "desktop": 1800}
HAND = "一二三壹贰叁贰柒拾四五六八九十七七七伍伍"
TIMEOUT = 60_000


def shoot(page: Page, name: str, size: str) -> Path:
    path = OUT / f"{name}.png"
    page.evaluate("window.scrollTo(0, 0)")
    width, _ = SIZES[size]
    height = min(page.evaluate("document.documentElement.scrollHeight"), MAX_HEIGHT[size])
    page.screenshot(path=str(path), full_page=True, clip={"x": 0, "y": 0, "width": width, "height": height})
    return path


def play(page: Page) -> None:
    """A game against the random bots, a few moves in, the hint asked for."""
    page.get_by_role("tab").first.click()
    page.select_option('[data-role="new-game"] select[name="bots"]', "random")
    page.fill('[data-role="new-game"] input[name="samples"]', "32")
    page.click('[data-role="start"]')
    table = page.locator('[data-panel="play"]')
    expect(table.locator("[data-move]").first).to_be_visible(timeout=TIMEOUT)
    for _ in range(6):  # a few moves, so that the table has melds and tiles face up
        moves = table.locator("[data-move]")
        if table.locator('[data-role="over"]').is_visible() or moves.count() == 0:
            break
        with page.expect_response(lambda r: r.url.endswith("/move")):
            moves.first.click()
        expect(table).to_have_attribute("aria-busy", "false", timeout=TIMEOUT)
    if table.locator('[data-role="over"]').is_visible():
        table.locator('[data-role="next"]').click()
        expect(table.locator("[data-move]").first).to_be_visible(timeout=TIMEOUT)
    table.locator('[data-role="hint"]').click()
    expect(table.locator('[data-role="hint-lines"]')).to_be_visible(timeout=TIMEOUT)


def review(page: Page) -> None:
    page.click('[data-tab="review"]')
    p = page.locator('[data-panel="review"]')
    expect(p.locator('[data-role="records"] option').first).to_have_attribute("value", re.compile(r".+\.jsonl"),
                                                                            timeout=TIMEOUT)
    p.locator('input[name="samples"]').fill("24")
    p.locator('[data-role="review-go"]').click()
    jump = p.locator('[data-role="jump"]').first
    expect(jump).to_be_visible(timeout=TIMEOUT)
    jump.click()
    expect(p.locator('[data-role="detail"] [data-role="table"]')).to_be_visible()


def quiz(page: Page) -> None:
    page.click('[data-tab="quiz"]')
    p = page.locator('[data-panel="quiz"]')
    p.locator('[data-role="kinds"]').select_option("ting")
    p.locator('[data-role="quiz-next"]').click()
    expect(p.locator('[data-role="question"]')).to_be_visible(timeout=TIMEOUT)
    p.locator('[data-role="pad"] [data-tile="一"]').click()
    p.locator('[data-role="submit"]').click()
    expect(p.locator('[data-role="verdict"]')).to_be_visible(timeout=TIMEOUT)


def analyse(page: Page) -> None:
    page.click('[data-tab="analyse"]')
    p = page.locator('[data-panel="analyse"]')
    p.locator('[data-role="hand-input"]').fill(HAND)
    p.locator('[data-role="analyse-go"]').click()
    expect(p.locator('[data-role="analysis"]')).to_be_visible(timeout=TIMEOUT)


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    made = []
    with tempfile.TemporaryDirectory(prefix="phz-screens-") as tmp, web_server.serving(Path(tmp)) as server, \
            sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=web_server.CHROMIUM, args=web_server.CHROMIUM_ARGS)
        try:
            for lang, locale in LOCALES.items():
                for size, (w, h) in SIZES.items():
                    context = browser.new_context(viewport={"width": w, "height": h}, locale=locale,
                                                  device_scale_factor=1)
                    page = context.new_page()
                    page.set_default_timeout(TIMEOUT)
                    page.goto(server.url)
                    expect(page.locator("body")).to_have_attribute("data-ready", "true")
                    expect(page.locator("html")).to_have_attribute("lang", "zh-CN" if lang == "zh" else "en")
                    for name, step in (("play", play), ("review", review), ("quiz", quiz), ("analyse", analyse)):
                        step(page)
                        made.append(shoot(page, f"{name}-{lang}-{size}", size))
                    context.close()
        finally:
            browser.close()
    for p in made:
        print(p.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    started = time.monotonic()
    code = main()
    print(f"{time.monotonic() - started:.0f} s")
    sys.exit(code)
