"""The review page in real Chromium with JavaScript off, on a 390×844 phone: reached from the
banner of a finished hand, readable (no sideways scrolling, every decision's two moves and its
loss inside the screen's width, axe-core finds nothing), and its link back lands on
``/play#table``."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient
from playwright.sync_api import Page

from tests.web.browser_helpers import in_viewport, page_width, share_session, tap
from tests.web.conftest import ARTIFACTS
from tests.web.review_helpers import seat_game, simulated
from tests.web.test_browser_axe import violations

WIDTH, HEIGHT = 390, 844


@pytest.mark.parametrize("locale", ["zh-CN", "zh-TW", "en-GB"])
def test_the_review_of_a_hand_reads_on_a_phone(
    app: Flask, client: FlaskClient, live_server: str, browser_page: Callable[..., Page],
    locale: str,
) -> None:
    # seed 21: an easy player's first hand, 16 decisions, an inaccuracy and a blunder among them
    match_id = seat_game(app, client, simulated("standard", 21), "standard")
    page = browser_page(WIDTH, HEIGHT, locale=locale)
    share_session(client, page, live_server)
    page.goto(live_server + "/play#table")
    tap(page.locator("a[data-link=review]"))  # under the hand's banner
    assert page.url == f"{live_server}/review/{match_id}/1"
    decisions = page.locator("li.decision")
    assert decisions.count() == 16
    assert page_width(page) <= WIDTH
    for i in range(decisions.count()):
        for part in ("played", "expert", "loss"):
            box = decisions.nth(i).locator(f"dd[data-move={part}]").bounding_box()
            assert box is not None and box["width"] > 0
            assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, (i, part, box)
    assert page.locator("li.decision[data-label=blunder]").count() == 1
    assert violations(page) == []
    tap(page.locator("a[data-link=table]").first)
    assert page.url == f"{live_server}/play#table"


def test_practice_from_a_review_lands_on_a_marked_table(
    app: Flask, client: FlaskClient, live_server: str, browser_page: Callable[..., Page],
) -> None:
    """From a hand's review, Practice this deal (its match still running: asked first), then
    the practice's table at 390×844: the practice badge in the status line, and the status
    line, the prompt's first button and the first hand card on screen, nothing sideways."""
    match_id = seat_game(app, client, simulated("standard", 21), "standard")
    page = browser_page(WIDTH, HEIGHT, locale="zh-CN")
    share_session(client, page, live_server)
    page.goto(f"{live_server}/review/{match_id}/1")
    offer = page.locator("[data-zone=practice]")
    offer.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "practice-offer-390x844.png"))
    tap(offer.locator("button[data-action=practice]"))
    assert page.url == f"{live_server}/review/{match_id}/1/practice"  # the question
    tap(page.locator("button[data-action=practice]"))
    assert page.url == f"{live_server}/play#table"
    badge = page.locator("[data-zone=status] .practice-badge")
    assert badge.inner_text() == "练习"
    assert in_viewport(page, badge)
    assert in_viewport(page, page.locator("[data-zone=status]"))
    assert in_viewport(page, page.locator(".prompt :is(button, a.button)").first)
    assert in_viewport(page, page.locator("[data-zone=hand] .slot").first)
    assert page.locator(".practice-mark").count() == 1
    assert page_width(page) <= WIDTH
    page.screenshot(path=str(ARTIFACTS / "practice-table-390x844.png"))
    assert violations(page) == []
