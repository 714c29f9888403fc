"""The site's frame in real Chromium with JavaScript off (issue 35): the compact header on both
tables, the player page's statistics side by side on a phone, the desktop menu lined up with
the content."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask
from playwright.sync_api import Page

from tests.web.account_helpers import register
from tests.web.browser_helpers import seat_in_browser, share_session
from tests.web.romme_helpers import seat_romme


def header_height(page: Page) -> float:
    box = page.locator("header.site-header").bounding_box()
    assert box is not None
    return box["height"]


def test_both_tables_have_the_compact_header(
    app: Flask, live_server: str, browser_page: Callable[..., Page]
) -> None:
    gin = browser_page(390, 844)
    seat_in_browser(app, gin, live_server, lang="zh_Hans")
    gin.goto(live_server + "/play#table")
    at_gin = header_height(gin)
    romme = browser_page(390, 844)
    client = app.test_client()
    client.get("/?lang=zh_Hans")
    seat_romme(app, client, players=4, seed=3)
    share_session(client, romme, live_server)
    romme.goto(live_server + "/romme#table")
    at_romme = header_height(romme)
    romme.goto(live_server + "/")
    full = header_height(romme)
    # The same header at both tables, lower than the other pages' full one (at 390 px: about
    # 188 px against 223, the brand's English name gone and the rows tighter).
    assert abs(at_gin - at_romme) < 1, (at_gin, at_romme)
    assert at_gin <= full - 30, (at_gin, full)


def test_the_player_pages_statistics_sit_side_by_side_on_a_phone(
    app: Flask, live_server: str, browser_page: Callable[..., Page]
) -> None:
    client = app.test_client()
    client.get("/?lang=zh_Hans")
    register(client, "tiles")
    page = browser_page(390, 844)
    share_session(client, page, live_server)
    page.goto(live_server + "/me")
    tiles = page.locator("dl.stats > div")
    assert tiles.count() >= 8
    tops = [box["y"] for box in (tiles.nth(i).bounding_box() for i in range(4)) if box]
    # Two tiles a row at 390 px: the first two share a row, the third starts the next.
    assert len(tops) == 4 and tops[0] == tops[1] and tops[2] > tops[1], tops


def test_the_desktop_menu_lines_up_with_the_content(
    live_server: str, browser_page: Callable[..., Page]
) -> None:
    page = browser_page(1280, 800)
    for path in ("/", "/rules", "/leaderboard"):
        page.goto(live_server + path)
        menu = page.locator(".site-nav li").first.bounding_box()
        brand = page.locator(".brand").bounding_box()
        content = page.locator("main#content > :is(h1, section, div, form, article)").first
        box = content.bounding_box()
        assert menu is not None and brand is not None and box is not None
        # Centred content starts well right of the window's edge, and the menu with it.
        assert box["x"] > 100, (path, box)
        assert abs(menu["x"] - box["x"]) <= 2 and abs(brand["x"] - box["x"]) <= 2, (
            path, menu["x"], brand["x"], box["x"])
