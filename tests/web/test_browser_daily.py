"""每日一局 in real Chromium with JavaScript off on a 390×844 phone: ``/daily`` → a whole
daily of each game through the table's own forms → the results beside par, each next action
in the first screen; the day's page after the close; axe-core finds no violation on either."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

import romme_engine as romme
from tests.web.account_helpers import register
from tests.web.browser_helpers import in_viewport, page_width, share_session, tap
from tests.web.conftest import ARTIFACTS
from tests.web.daily_helpers import play_out, review_boards
from tests.web.play_helpers import stored
from tests.web.romme_helpers import person_choice
from tests.web.test_browser_axe import violations
from tests.web.test_browser_play import assert_landed_on_the_table, phase, play_one_turn
from tests.web.test_browser_romme import meld_move, play
from webapp.daily import calendar, scoring
from webapp.extensions import db
from webapp.matches import SESSION_MATCH_KEY
from webapp.models import DailyAttempt, User, utcnow

PHONE = (390, 844)


def start(page: Page, base: str, game: str) -> None:
    page.goto(base + "/daily")
    button = page.locator(f"button[data-start={game}]")
    assert in_viewport(page, button) or game != "gin"
    tap(button)


def play_romme(page: Page, action: romme.Action) -> None:
    """As the Rommé browser test plays, but a lay-off the page asks no end for (the card fits
    one end only) is one tap."""
    if isinstance(action, romme.LayOff) and action.end is not None:
        tap(meld_move(page, action))
        end = "Low end" if action.end is romme.End.LOW else "High end"
        asked = page.locator(f"#meld-{action.meld} [data-choice=end] button", has_text=end)
        if asked.count():
            tap(asked)
        return
    play(page, action)


def results_beside_par(page: Page, game: str, boards: int) -> None:
    """The table's link to /daily is on the first screen once the daily is over; there each
    board's result stands beside its par."""
    link = page.locator("a[data-link=daily]")
    assert in_viewport(page, link)
    tap(link)
    section = page.locator(f"[data-daily-game={game}]")
    assert section.get_attribute("data-state") == "done"
    rows = section.locator("tr[data-board]")
    expect(rows).to_have_count(boards)
    for i in range(boards):
        assert rows.nth(i).locator("[data-result]").inner_text().lstrip("-").isdigit()
        assert rows.nth(i).locator("[data-par]").inner_text().lstrip("-").isdigit()
        assert rows.nth(i).locator("[data-percent]").inner_text().endswith("%")
    assert page_width(page) <= PHONE[0]
    assert violations(page) == []


def test_a_whole_gin_daily_on_a_phone(
    app: Flask, live_server: str, browser_page: Callable[..., Page]
) -> None:
    page = browser_page(*PHONE, locale="en-GB")
    start(page, live_server, "gin")
    for _ in range(400):
        assert_landed_on_the_table(page)
        assert in_viewport(page, page.locator("[data-daily]"))
        if phase(page) == "match-over":
            break
        if phase(page) == "hand-over":
            tap(page.locator("button[data-action=next-hand]"))
            continue
        play_one_turn(page)
    assert phase(page) == "match-over"
    page.screenshot(path=str(ARTIFACTS / "daily-gin-over-390x844.png"))
    results_beside_par(page, "gin", 4)
    page.screenshot(path=str(ARTIFACTS / "daily-390x844.png"), full_page=True)


def test_a_whole_romme_daily_on_a_phone(
    app: Flask, live_server: str, browser_page: Callable[..., Page]
) -> None:
    page = browser_page(*PHONE, locale="en-GB")
    start(page, live_server, "romme")
    cookie = next(c for c in page.context.cookies() if c["name"] == "session")
    client = app.test_client()
    client.set_cookie("session", cookie["value"])
    with client.session_transaction() as session:
        match_id = session[SESSION_MATCH_KEY]
    for _ in range(1500):
        assert page.url.endswith("/romme#table")
        assert in_viewport(page, page.locator("[data-zone=status]"))
        if phase(page) == "match-over":
            break
        if phase(page) == "hand-over":
            next_hand = page.locator("button[data-action=next-hand]")
            assert in_viewport(page, next_hand)
        play_romme(page, person_choice(stored(app, match_id)[1]))
    assert phase(page) == "match-over"
    results_beside_par(page, "romme", 2)


def test_the_days_page_after_the_close_on_a_phone(
    app: Flask, live_server: str, browser_page: Callable[..., Page],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ada plays today's Gin daily, her boards are reviewed (their luck with them) as the
    site reviews a hand, 29 others' results are counted; then the day closes: her place and
    her boards' luck-adjusted results are in the first screen."""
    client = app.test_client()
    client.get("/?lang=en")
    assert register(client, "ada").status_code == 303
    with app.app_context():
        db.session.query(User).update({"created_at": utcnow() - timedelta(days=3)})
        db.session.commit()
    review_boards(app, play_out(app, client, "gin"))
    with app.app_context():
        day = calendar.today()
        for n in range(2, 31):
            db.session.add(User(username=f"p{n}", username_key=f"p{n}", username_skeleton=f"p{n}",
                                password_hash="x", created_at=utcnow() - timedelta(days=3)))
        db.session.flush()
        for user in range(2, 31):
            db.session.add(DailyAttempt(game="gin", day=day, user_id=user, match_id="m",
                                        counted=True, finished=True))
            db.session.flush()
            for board in range(1, 5):
                scoring.add_result("gin", day, board, user, (user * 7 + board * 13) % 41 - 20)
        db.session.commit()
    now = calendar.utcnow
    monkeypatch.setattr(calendar, "utcnow", lambda: now() + timedelta(days=1))  # it closed
    page = browser_page(*PHONE, locale="en-GB")
    share_session(client, page, live_server)
    page.goto(f"{live_server}/daily/gin/{day.isoformat()}")
    assert in_viewport(page, page.locator("[data-own-rank]"))
    adjusted = page.locator("[data-own-board] [data-adjusted]")
    expect(adjusted).to_have_count(4)
    assert in_viewport(page, adjusted.last)
    expect(page.locator("svg.daily-histogram")).to_have_count(4)
    expect(page.locator("[data-mine-mark]")).to_have_count(4)
    expect(page.locator("tr[data-rank]")).to_have_count(20)
    assert page_width(page) <= PHONE[0]
    page.screenshot(path=str(ARTIFACTS / "daily-day-390x844.png"), full_page=True)
    assert violations(page) == []
