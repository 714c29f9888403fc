"""Render the table, a showdown and the leaderboard at phone and desktop sizes in the three
languages, into ``screenshots/`` (git-ignored): ``make screenshots``.

The pages come from a throw-away SQLite database built by the real migrations and a real
Chromium with JavaScript off, as the browser tests use them. The table and the showdown are a
stacked deal (the person can knock on the first draw); the leaderboard holds a few seeded
players. Phone shots are one screen (what a player sees on landing at ``/play#table``);
desktop shots are the full page.
"""

from __future__ import annotations

import sys
import tempfile
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from flask import Flask  # noqa: E402
from flask_migrate import upgrade  # noqa: E402
from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

from tests.web.account_helpers import make_user, seed_result  # noqa: E402
from tests.web.browser_helpers import draw_after_passing, seat_in_browser  # noqa: E402
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, serving  # noqa: E402
from webapp import MIGRATIONS_DIR, create_app  # noqa: E402
from webapp.extensions import db  # noqa: E402
from webapp.models import utcnow  # noqa: E402

OUT = ROOT / "screenshots"
SIZES = {"phone": (390, 844), "desktop": (1280, 800)}
LANGS = {"zh_Hans": "zh-CN", "zh_Hant": "zh-TW", "en": "en-GB"}
PLAYERS = [("小明", "expert", 4), ("阿花", "normal", 5), ("ann", "expert", 2), ("老王", "easy", 6),
           ("bob", "normal", 2), ("陈静", "normal", 1)]


def make_app(folder: Path) -> Flask:
    app = create_app({
        "SECRET_KEY": "screenshots-only",
        "INSTANCE_PATH": str(folder / "instance"),
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'shots.sqlite3'}",
        "WTF_CSRF_ENABLED": True,
    })
    with app.app_context():
        upgrade(directory=str(MIGRATIONS_DIR))
        now = utcnow()
        for n, (name, level, wins) in enumerate(PLAYERS):
            user = make_user(name)
            for i in range(wins):
                seed_result(user, difficulty=level, score=100 + 13 * i + n,
                            finished_at=now - timedelta(hours=n + i))
            seed_result(user, outcome="lost", difficulty=level, finished_at=now)
        db.session.commit()
    return app


def shoot(page: Page, name: str, size: str) -> None:
    path = OUT / f"{name}-{size}.png"
    page.screenshot(path=str(path), full_page=size == "desktop")
    print(path.relative_to(ROOT))


def table_and_showdown(app: Flask, browser: Browser, base: str, lang: str, size: str) -> None:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  java_script_enabled=False, locale=LANGS[lang])
    page = context.new_page()
    seat_in_browser(app, page, base, lang=lang)
    draw_after_passing(page, base)
    shoot(page, f"table-{lang}", size)
    page.locator("a[data-confirm=knock]").click()
    page.locator("button[data-action=knock]").first.click()
    shoot(page, f"showdown-{lang}", size)
    context.close()


def leaderboard(browser: Browser, base: str, lang: str, size: str) -> None:
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  java_script_enabled=False, locale=LANGS[lang])
    page = context.new_page()
    page.goto(f"{base}/leaderboard?lang={lang}")
    shoot(page, f"leaderboard-{lang}", size)
    context.close()


def main() -> None:
    OUT.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(Path(folder))
        with serving(app) as base, sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
            )
            for lang in LANGS:
                for size in SIZES:
                    table_and_showdown(app, browser, base, lang, size)
                    leaderboard(browser, base, lang, size)
            browser.close()


if __name__ == "__main__":
    main()
