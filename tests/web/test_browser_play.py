"""A hand played to the showdown in real Chromium with JavaScript off: phone (portrait and
landscape) and desktop."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page

from tests.web.conftest import ARTIFACTS


def phase(page: Page) -> str:
    return page.locator("#table").get_attribute("data-phase") or ""


def best_discard(page: Page) -> None:
    """Select the card that leaves the least deadwood, as a person comparing previews would."""
    slots = page.locator("[data-zone=hand] li.slot:has(a.card)")
    best, best_link = None, None
    for i in range(slots.count()):
        slot = slots.nth(i)
        value = int(slot.locator(".preview").inner_text().split()[-1])
        if best is None or value < best:
            best, best_link = value, slot.locator("a.card")
    assert best_link is not None
    best_link.click()


def play_one_turn(page: Page) -> None:
    current = phase(page)
    if current == "upcard":
        page.locator("button[data-action=pass-upcard]").click()
    elif current == "draw":
        page.locator("button[data-action=draw-stock]").click()
    elif current == "discard":
        knock = page.locator(".prompt a.button.gold")
        if knock.count():
            knock.click()  # pre-selects the suggested discard and asks once
            page.locator("button[data-action=knock], button[data-action=gin]").first.click()
            return
        best_discard(page)
        page.locator("button[data-action=discard]").click()
    else:
        raise AssertionError(f"unexpected phase {current}")


@pytest.mark.parametrize(("width", "height"), [(360, 740), (740, 360), (1280, 800)])
def test_a_hand_is_played_to_the_showdown_without_javascript(
    live_server: str, browser_page: Callable[..., Page], width: int, height: int
) -> None:
    page = browser_page(width, height, locale="en-GB")
    page.goto(live_server + "/")
    assert page.locator("html").get_attribute("lang") == "en"
    page.get_by_role("button", name="Start match").click()
    page.wait_for_url(live_server + "/play")
    turns = 0
    while phase(page) != "hand-over":
        play_one_turn(page)
        turns += 1
        assert turns < 200
        if turns == 3:
            page.screenshot(path=str(ARTIFACTS / f"table-mid-hand-{width}x{height}.png"),
                            full_page=True)
    showdown = page.locator("[data-zone=showdown]")
    assert showdown.is_visible()
    page.screenshot(path=str(ARTIFACTS / f"table-showdown-{width}x{height}.png"), full_page=True)
    assert "Next hand" in showdown.inner_text()
    # Nothing sticks out sideways.
    for selector in ("#table", "[data-zone=hand]", "[data-zone=showdown]"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, selector
    page.locator("button[data-action=next-hand]").click()
    # Hand 2 is dealt. The computer may move first (and may even take the upcard and knock at
    # once), so the phase alone does not show it: the scoreboard's hand number does.
    assert page.locator("[data-hand]").get_attribute("data-hand") == "2"
