"""A whole 胡牌制 match (preset ``hu``) in real Chromium with JavaScript off: the pile shows
its top card only, on every page of the match."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

from gin_engine import HU
from tests.web.browser_helpers import tap
from tests.web.test_browser_play import phase, play_one_turn


def check_only_the_top_discard_shows(page: Page) -> None:
    assert page.locator("[data-zone=discard] .card").count() <= 1
    assert page.locator("[data-zone=discard] details").count() == 0
    assert page.locator("[data-zone=opponent-known] .card").count() == 0


def test_a_hu_match_is_played_to_the_end_without_javascript(
    live_server: str, browser_page: Callable[..., Page]
) -> None:
    page = browser_page(1280, 900, locale="en-GB")
    page.goto(live_server + "/")
    page.locator("input[name=ruleset][value=hu]").check()
    tap(page.get_by_role("button", name="Start match"))
    assert page.url == live_server + "/play#table"
    progress = page.locator("[data-progress]").inner_text()
    assert f"of {HU.hands}" in progress
    steps = 0
    while phase(page) != "match-over":
        check_only_the_top_discard_shows(page)
        if phase(page) == "hand-over":
            assert page.locator("[data-zone=showdown] .scoring-line, [data-end=dead]").count()
            tap(page.locator("button[data-action=next-hand]"))
        else:
            play_one_turn(page)  # draw from the stock, tap the best discard, or go out
        steps += 1
        assert steps < 1500
    check_only_the_top_discard_shows(page)
    assert page.locator("[data-zone=settlement]").count() == 1
    assert int(page.locator("[data-hand]").get_attribute("data-hand") or 0) >= HU.hands
