"""The review page in real Chromium with JavaScript off, on a 390×844 phone, in three
languages: reached from the banner of a finished hand; its first screen holds the result, the
luck and skill line and the first mistake's link, which lands on its row; a hand of 22
decisions with 3 flagged ones is at most 3 screens tall with the good ones folded (a fold opens
with a tap, no script); nothing scrolls sideways; the bottom offers the next hand's review,
practice and the way back, which lands on ``/play#table``; axe-core finds nothing. A Rommé
hand, the same way from its banner to its review and back to ``/romme#table``."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient
from playwright.sync_api import Page

from tests.web.browser_helpers import (
    in_viewport,
    page_height,
    page_width,
    share_session,
    small_tap_targets,
    tap,
    tap_in_place,
)
from tests.web.conftest import ARTIFACTS
from tests.web.review_helpers import seat_game, simulated
from tests.web.romme_helpers import seat_romme, simulated_romme
from tests.web.test_browser_axe import violations

WIDTH, HEIGHT = 390, 844
SCREENS = 3


@pytest.mark.parametrize("locale", ["zh-CN", "zh-TW", "en-GB"])
def test_the_review_of_a_hand_reads_on_a_phone(
    app: Flask, client: FlaskClient, live_server: str, browser_page: Callable[..., Page],
    locale: str,
) -> None:
    # seed 118: an easy player's first hand, 22 decisions, inaccuracies at 13, 14 and 22; two
    # hands over, the match goes on
    game = simulated("standard", 118, hands=2)
    match_id = seat_game(app, client, game, "standard")
    page = browser_page(WIDTH, HEIGHT, locale=locale)
    share_session(client, page, live_server)
    page.goto(live_server + "/play#table")
    tap(page.locator("a[data-link=review]"))  # under the last hand's banner
    assert page.url == f"{live_server}/review/{match_id}/2"
    page.goto(f"{live_server}/review/{match_id}/1")
    # the first screen: the result, the luck and skill line, the first mistake's link
    for part in ("[data-zone=banner]", "[data-zone=skill-line]", "[data-mistake]"):
        assert in_viewport(page, page.locator(part).first), part
    assert page.locator("li.decision").count() == 22
    flagged = page.locator("li.decision:not([data-label=good])")
    assert flagged.count() == 3
    assert page.locator("details.good-run[open]").count() == 0
    assert not page.locator("li.decision[data-label=good]").first.is_visible()  # folded
    assert page_width(page) <= WIDTH
    assert page_height(page) <= SCREENS * HEIGHT, page_height(page)
    for i in range(flagged.count()):
        for part in ("played", "expert", "loss"):
            box = flagged.nth(i).locator(f"dd[data-move={part}]").bounding_box()
            assert box is not None and box["width"] > 0
            assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, (i, part, box)
        assert flagged.nth(i).locator(".reason").is_visible()
    assert small_tap_targets(page, "main") == []
    assert violations(page) == []
    page.screenshot(path=str(ARTIFACTS / f"review-{locale}-390x844.png"))
    # the first mistake's link lands on its row
    tap_in_place(page.locator("[data-mistake]").first)
    assert page.url.endswith("#d13")
    assert in_viewport(page, page.locator("#d13 h3"))
    # a fold opens with a tap; its rows fit the screen's width too
    fold = page.locator("details.good-run").first
    tap_in_place(fold.locator("summary"))
    assert fold.get_attribute("open") is not None
    shown = fold.locator("li.decision")
    assert shown.first.is_visible()
    for i in range(shown.count()):
        box = shown.nth(i).locator("dd[data-move=played]").bounding_box()
        assert box is not None and box["x"] + box["width"] <= WIDTH
    assert page_width(page) <= WIDTH
    # the bottom: the next hand's review, practice, the way back
    onward = page.locator("[data-zone=onward]")
    for part in ("a[data-link=next-review]", "button[data-action=practice]",
                 "a[data-link=table]"):
        assert onward.locator(part).count() == 1, part
    tap(onward.locator("a[data-link=next-review]"))
    assert page.url == f"{live_server}/review/{match_id}/2"
    tap(page.locator("[data-zone=onward] a[data-link=table]"))
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


@pytest.mark.parametrize("locale", ["zh-CN", "zh-TW", "en-GB"])
def test_a_romme_hand_from_its_banner_to_its_review_and_back(
    app: Flask, client: FlaskClient, live_server: str, browser_page: Callable[..., Page],
    locale: str,
) -> None:
    """Rommé's hand, the same way: from the finished hand's banner (its review link in the
    first screen) to its review (the result, the skill line and the first mistake's link in
    the first screen; every flagged row's moves and its Hint reason on screen width), and from
    the review's bottom back to the table, where the next hand's button is in the first
    screen; nothing sideways, axe-core finds nothing."""
    # seed 0: an easy player with two normal computers, 19 decisions, flagged 3, 5, 7, 14, 15
    match_id = seat_romme(app, client, players=3, difficulty="normal",
                          game=simulated_romme(0, 3))
    page = browser_page(WIDTH, HEIGHT, locale=locale)
    share_session(client, page, live_server)
    page.goto(live_server + "/romme#table")
    link = page.locator("[data-zone=next-actions] a[data-link=review]")
    assert in_viewport(page, page.locator("[data-zone=next-actions] button[data-action=next-hand]"))
    assert in_viewport(page, link)
    tap(link)
    assert page.url == f"{live_server}/review/{match_id}/1"
    for part in ("[data-zone=banner]", "[data-zone=skill-line]", "[data-mistake]"):
        assert in_viewport(page, page.locator(part).first), part
    assert page.locator("li.decision").count() == 19
    flagged = page.locator("li.decision:not([data-label=good])")
    assert flagged.count() == 5
    assert page.locator("[data-zone=luck]").count() == 1  # the result taken apart, folded
    assert in_viewport(page, page.locator("[data-zone=skill-line] [data-figure=luck]"))
    for i in range(flagged.count()):
        for part in ("played", "expert", "loss"):
            box = flagged.nth(i).locator(f"dd[data-move={part}]").bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH
        assert flagged.nth(i).locator(".reason").is_visible()
    assert page_width(page) <= WIDTH
    assert small_tap_targets(page, "main") == []
    assert violations(page) == []
    page.screenshot(path=str(ARTIFACTS / f"romme-review-{locale}-390x844.png"))
    onward = page.locator("[data-zone=onward]")
    assert onward.locator("button[data-action=practice]").count() == 1
    tap(onward.locator("a[data-link=table]"))
    assert page.url == f"{live_server}/romme#table"
    assert in_viewport(page, page.locator("[data-zone=next-actions] button[data-action=next-hand]"))
    assert page_width(page) <= WIDTH
