"""Render the table, a showdown (the hand-over page), the Rommé table and its hand-over page,
the leaderboard, a hand's review (复盘) of each game, ``/daily`` after a finished Gin Rummy
daily and a closed day's page at phone and desktop sizes in the three languages, into
``screenshots/`` (git-ignored): ``make screenshots``.

The pages come from a throw-away SQLite database built by the real migrations and a real
Chromium with JavaScript off, as the browser tests use them. The table and the showdown are a
stacked deal (the person can knock on the first draw); the Rommé pages a seeded match against
three computers, played by a bot to its first play step with lay-off buttons and to the end of
a hand; the leaderboard holds a few seeded players; yesterday's Gin Rummy daily has their
results and a few dozen more, and the daily's player plays today's daily once. Phone shots are
one screen (what a player sees on landing at ``#table``); desktop shots are the full page.
"""

from __future__ import annotations

import random
import sys
import tempfile
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from flask import Flask  # noqa: E402
from flask.testing import FlaskClient  # noqa: E402
from flask_migrate import upgrade  # noqa: E402
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright  # noqa: E402

from tests.web.account_helpers import login, make_user, real_user, seed_result  # noqa: E402
from tests.web.browser_helpers import (  # noqa: E402
    draw_after_passing,
    seat_in_browser,
    share_session,
)
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, serving  # noqa: E402
from tests.web.daily_helpers import play_out  # noqa: E402
from tests.web.play_helpers import stored  # noqa: E402
from tests.web.review_helpers import seat_game, simulated  # noqa: E402
from tests.web.romme_helpers import (  # noqa: E402
    person_choice,
    post_romme,
    romme_page,
    seat_romme,
    simulated_romme,
)
from webapp import MIGRATIONS_DIR, create_app, games  # noqa: E402
from webapp.daily import calendar, days, scoring  # noqa: E402
from webapp.extensions import db  # noqa: E402
from webapp.models import DailyAttempt, User, utcnow  # noqa: E402

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
        seed_dailies()
    return app


DAILY_PLAYER = "阿明"


def seed_dailies() -> None:
    """Yesterday's Gin Rummy daily: the players above, the daily's player and 30 more, each
    with a result on every board; every account made before it."""
    real_user(DAILY_PLAYER)
    for n in range(1, 31):
        make_user(f"玩家{n}")
    db.session.query(User).update({"created_at": utcnow() - timedelta(days=3)})
    past = calendar.today() - timedelta(days=1)
    days.open_day(games.named("gin"), past)
    rng = random.Random(7)
    for user in db.session.scalars(db.select(User.id)):
        db.session.add(DailyAttempt(game="gin", day=past, user_id=user, match_id="seeded",
                                    counted=True, finished=True))
        db.session.flush()
        for board in range(1, 5):
            scoring.add_result("gin", past, board, user, rng.randrange(-45, 46))
    db.session.commit()


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


def review(app: Flask, browser: Browser, base: str, lang: str, size: str) -> None:
    """The review of a hand (an easy player's first hand, seed 118: 22 decisions, 3 flagged);
    on a phone its first screen, then one screen from its first flagged decision."""
    context, page, client = browser_session(app, browser, lang, size)
    match_id = seat_game(app, client, simulated("standard", 118, hands=2), "standard")
    share_session(client, page, base)
    page.goto(f"{base}/review/{match_id}/1")
    shoot(page, f"review-{lang}", size)
    if size == "phone":  # one screen, from the first move labelled worse than good
        first = page.locator("li.decision:not([data-label=good])").first.get_attribute("id")
        page.goto(f"{base}/review/{match_id}/1#{first}")
        shoot(page, f"review-mistake-{lang}", size)
    context.close()


def romme_review(app: Flask, browser: Browser, base: str, lang: str, size: str) -> None:
    """The review of a Rommé hand (an easy player with two normal computers, seed 0: 19
    decisions, 5 flagged); on a phone its first screen, then one screen from its first
    flagged decision."""
    context, page, client = browser_session(app, browser, lang, size)
    match_id = seat_romme(app, client, players=3, difficulty="normal", game=simulated_romme(0))
    share_session(client, page, base)
    page.goto(f"{base}/review/{match_id}/1")
    shoot(page, f"romme-review-{lang}", size)
    if size == "phone":
        first = page.locator("li.decision:not([data-label=good])").first.get_attribute("id")
        page.goto(f"{base}/review/{match_id}/1#{first}")
        shoot(page, f"romme-review-mistake-{lang}", size)
    context.close()


def browser_session(
    app: Flask, browser: Browser, lang: str, size: str
) -> tuple[BrowserContext, Page, FlaskClient]:
    """A JavaScript-off page at ``size`` and a test client speaking ``lang``: seat a match
    with the client, then `share_session` hands its session to the page."""
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  java_script_enabled=False, locale=LANGS[lang])
    client = app.test_client()
    client.get(f"/?lang={lang}")
    return context, context.new_page(), client


def romme(app: Flask, browser: Browser, base: str, lang: str, size: str) -> None:
    """The Rommé table at its first play step with a lay-off or swap button, then the first
    hand-over page."""
    context, page, client = browser_session(app, browser, lang, size)
    match_id = seat_romme(app, client, players=4, seed=11, difficulty="normal")
    share_session(client, page, base)
    shots = [("romme-table", lambda p: p.phase == "play" and "data-meld-move" in p.html),
             ("romme-hand-over", lambda p: p.phase == "hand-over")]
    for _ in range(2000):
        table = romme_page(client)
        if shots and shots[0][1](table):
            page.goto(base + "/romme#table")
            shoot(page, f"{shots.pop(0)[0]}-{lang}", size)
        if not shots:
            break
        post_romme(client, table, person_choice(stored(app, match_id)[1]))
    context.close()


def daily(app: Flask, browser: Browser, base: str, lang: str, size: str) -> None:
    """``/daily`` once today's Gin Rummy daily is played (results beside par), and yesterday's
    page (standings, the histograms)."""
    context, page, client = browser_session(app, browser, lang, size)
    login(client, DAILY_PLAYER)
    if 'data-state="done"' not in client.get("/daily").get_data(as_text=True):
        play_out(app, client, "gin")
    share_session(client, page, base)
    page.goto(f"{base}/daily")
    shoot(page, f"daily-{lang}", size)
    yesterday = f"{base}/daily/gin/{(calendar_today(app) - timedelta(days=1)).isoformat()}"
    # On a phone, one screen from board 1's histogram (the standings come first).
    page.goto(yesterday + ("#board-1" if size == "phone" else ""))
    shoot(page, f"daily-day-{lang}", size)
    context.close()


def calendar_today(app: Flask) -> date:
    with app.app_context():
        return calendar.today()


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
                    romme(app, browser, base, lang, size)
                    leaderboard(browser, base, lang, size)
                    review(app, browser, base, lang, size)
                    daily(app, browser, base, lang, size)
                    romme_review(app, browser, base, lang, size)
            browser.close()


if __name__ == "__main__":
    main()
