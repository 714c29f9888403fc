"""The table in real Chromium with JavaScript off, phone first (PRODUCT.md, "The table").

After every move the page lands on ``/play#table`` with the status line, the prompt's first
button and the first card of the hand on screen; a turn from the draw phase is two POSTs; a
finished hand or match opens with its banner and shows nothing of the live table.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask
from playwright.sync_api import Page, Request

from tests.web.browser_helpers import (
    draw_after_passing,
    in_viewport,
    page_width,
    seat_in_browser,
    small_tap_targets,
    tap,
)
from tests.web.conftest import ARTIFACTS

PHONES = [(390, 844), (740, 360)]
LIVE_TABLE = ("[data-zone=hand]", ".prompt", "[data-zone=discard]", "[data-zone=opponent-known]",
              ".card.back")


def phase(page: Page) -> str:
    return page.locator("#table").get_attribute("data-phase") or ""


def assert_landed_on_the_table(page: Page) -> None:
    """The URL is the table's anchor, scrolled to it, and the top of the table is on screen."""
    assert page.url.endswith("/play#table"), page.url
    table_top = page.locator("#table").bounding_box()
    assert table_top is not None
    if abs(table_top["y"]) >= 1:
        # Only where the page is too short to bring the anchor to the top (a desktop): then
        # it is scrolled as far as it goes, the footer's bottom at the viewport's.
        footer = page.locator("footer").bounding_box()
        size = page.viewport_size
        assert footer is not None and size is not None and table_top["y"] > 0
        assert abs(footer["y"] + footer["height"] - size["height"]) < 1, (table_top, footer)
    assert in_viewport(page, page.locator("[data-zone=status]"))
    if phase(page) in ("upcard", "draw", "discard"):
        first_button = page.locator(".prompt :is(button, a.button)").first
        assert in_viewport(page, first_button), first_button.inner_text()
        assert in_viewport(page, page.locator("[data-zone=hand] .slot").first)
    else:
        assert in_viewport(page, page.locator("[data-zone=banner]"))


def best_discard(page: Page) -> None:
    """Tap the card that leaves the least deadwood, as a person comparing previews would."""
    buttons = page.locator("[data-zone=hand] button[name=card]")
    values = [int(buttons.nth(i).locator(".preview").inner_text().split()[-1])
              for i in range(buttons.count())]
    tap(buttons.nth(values.index(min(values))))


def play_one_turn(page: Page) -> None:
    current = phase(page)
    if current == "upcard":
        tap(page.locator("button[data-action=pass-upcard]"))
    elif current == "draw":
        tap(page.locator("button[data-action=draw-stock]"))
    elif current == "discard":
        ending = page.locator(".prompt a[data-confirm]")
        if ending.count():
            tap(ending.first)  # one confirmation, naming the card and the deadwood
            assert not page.locator("button[name=card]").count()
            ending_button = ".prompt :is(button[data-action=knock], button[data-action=gin])"
            tap(page.locator(ending_button).first)
            return
        best_discard(page)
    else:
        raise AssertionError(f"unexpected phase {current}")


@pytest.mark.parametrize(("width", "height"), [*PHONES, (1280, 800)])
def test_a_hand_is_played_on_a_phone_landing_on_the_table_after_every_move(
    live_server: str, browser_page: Callable[..., Page], width: int, height: int
) -> None:
    page = browser_page(width, height, locale="en-GB")
    posts: list[str] = []

    def count_post(request: Request) -> None:
        if request.method == "POST" and request.is_navigation_request():
            posts.append(request.url)

    page.on("request", count_post)
    page.goto(live_server + "/")
    tap(page.get_by_role("button", name="Start match"))
    assert page.url == live_server + "/play#table"
    assert_landed_on_the_table(page)
    turns = 0
    while phase(page) != "hand-over":
        before, started_in = len(posts), phase(page)
        play_one_turn(page)
        if started_in == "draw":
            # Draw, then one tap on a card: the computer has replied after exactly 2 POSTs,
            # unless the hand ended (a knock, or a dead hand).
            if phase(page) == "discard":
                play_one_turn(page)
            if phase(page) in ("draw", "hand-over") and len(posts) - before != 2:
                assert phase(page) == "hand-over", posts[before:]
            elif phase(page) == "draw":
                assert len(posts) - before == 2, posts[before:]
        assert_landed_on_the_table(page)
        turns += 1
        assert turns < 200
        if turns == 3:
            page.screenshot(path=str(ARTIFACTS / f"table-mid-hand-{width}x{height}.png"))
            assert not small_tap_targets(page), small_tap_targets(page)
    assert in_viewport(page, page.locator("[data-zone=banner]"))
    for live in LIVE_TABLE:
        assert page.locator(live).count() == 0, live
    page.screenshot(path=str(ARTIFACTS / f"table-showdown-{width}x{height}.png"), full_page=True)
    assert not small_tap_targets(page), small_tap_targets(page)
    tap(page.locator("button[data-action=next-hand]"))
    assert_landed_on_the_table(page)
    # Hand 2 is dealt. The computer may move first (and may even take the upcard and knock at
    # once), so the phase alone does not show it: the hand number does.
    assert page.locator("[data-hand]").get_attribute("data-hand") == "2"


@pytest.mark.parametrize(("width", "height"), PHONES)
def test_a_turn_from_the_draw_phase_is_two_posts(
    app: Flask, live_server: str, browser_page: Callable[..., Page], width: int, height: int
) -> None:
    page = browser_page(width, height, locale="en-GB")
    seat_in_browser(app, page, live_server, person="KS QH JD 9C 7S 5H 3D AC 8D 6C")
    page.goto(live_server + "/play#table")
    tap(page.locator("button[data-action=pass-upcard]"))
    assert phase(page) == "draw"  # the computer passed too
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    tap(page.locator("button[data-action=draw-stock]"))
    assert_landed_on_the_table(page)
    tap(page.locator("button[name=card][value=KC]"))
    assert_landed_on_the_table(page)
    assert len(posts) == 2
    assert phase(page) == "draw"
    assert "The computer" in page.locator("[data-zone=computer-moves]").inner_text()


@pytest.mark.parametrize(("width", "height"), PHONES)
def test_hand_over_opens_with_who_won_and_no_live_table(
    app: Flask, live_server: str, browser_page: Callable[..., Page], width: int, height: int
) -> None:
    page = browser_page(width, height, locale="zh-CN")
    seat_in_browser(app, page, live_server, lang="zh_Hans")
    draw_after_passing(page, live_server)
    tap(page.locator("a[data-confirm=knock]"))
    knock = page.locator("button[data-action=knock]").first
    assert knock.inner_text() == "敲牌：打出 K♣，散牌分 10"
    tap(knock)
    assert_landed_on_the_table(page)
    banner = page.locator("[data-zone=banner]")
    assert banner.inner_text() == "你赢 70 分 · 敲牌"
    assert in_viewport(page, banner)
    for live in LIVE_TABLE:
        assert page.locator(live).count() == 0, live
    assert page.locator("[data-score=you]").inner_text() == "70"
    page.screenshot(path=str(ARTIFACTS / f"hand-over-{width}x{height}.png"), full_page=True)


@pytest.mark.parametrize(("width", "height"), PHONES)
def test_match_over_banner_and_scoreboard_equal_the_settlement(
    app: Flask, live_server: str, browser_page: Callable[..., Page], width: int, height: int
) -> None:
    page = browser_page(width, height, locale="en-GB")
    seat_in_browser(app, page, live_server, ruleset="quick")  # 70 points end a match to 50
    draw_after_passing(page, live_server)
    tap(page.locator("a[data-confirm=knock]"))
    tap(page.locator("button[data-action=knock]").first)
    assert_landed_on_the_table(page)
    assert phase(page) == "match-over"
    banner = page.locator("[data-zone=banner]")
    assert in_viewport(page, banner)
    total_you = page.locator("[data-total=you]").inner_text()
    total_computer = page.locator("[data-total=computer]").inner_text()
    assert banner.inner_text() == (
        f"You won the match! Final score: you {total_you}, computer {total_computer}."
    )
    assert page.locator("[data-score=you]").inner_text() == total_you
    assert page.locator("[data-score=computer]").inner_text() == total_computer
    for live in LIVE_TABLE:
        assert page.locator(live).count() == 0, live
    assert not small_tap_targets(page), small_tap_targets(page)
    page.screenshot(path=str(ARTIFACTS / f"match-over-{width}x{height}.png"), full_page=True)


@pytest.mark.parametrize("path", ["/", "/play", "/rules", "/faq", "/strategy", "/leaderboard",
                                  "/login", "/register"])
def test_no_page_scrolls_sideways_at_360_px(
    app: Flask, live_server: str, browser_page: Callable[..., Page], path: str
) -> None:
    page = browser_page(360, 740)
    if path == "/play":
        seat_in_browser(app, page, live_server, lang="zh_Hans")
    page.goto(live_server + path)
    assert page_width(page) <= 360
