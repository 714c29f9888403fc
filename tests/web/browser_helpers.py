"""Helpers for the browser tests: seat a stacked match in a browser, tap and wait for the page
the tap loads, measure what is on screen.

JavaScript is off in these pages, so nothing here runs script in them: positions come from
Playwright's bounding boxes and the page's width from a full-page screenshot (Chromium's
layout metrics), never from ``page.evaluate``.
"""

from __future__ import annotations

import struct

from flask import Flask
from flask.testing import FlaskClient
from playwright.sync_api import Locator, Page

from gin_engine.deck import stacked_deck
from tests.web.play_helpers import seat_match

KNOCK_10 = "2S 3S 4S 5S 9H 9D 9C AH AD 8C"  # deadwood 10: may knock after drawing K♣
LOOSE = "KH QD JS TH 7C 6D 4H 3C KD QC"
MIN_TAP = 44


def seat_in_browser(
    app: Flask, page: Page, base_url: str, person: str = KNOCK_10, ruleset: str = "standard",
    lang: str = "en",
) -> str:
    """Deal a stacked match (person ``person``, computer ``LOOSE``, upcard J♣, stock K♣ …) and
    hand its session cookie to the browser page."""
    client: FlaskClient = app.test_client()
    client.get(f"/?lang={lang}")
    match_id = seat_match(app, client, deck=stacked_deck(person, LOOSE, "JC", "KC"),
                          ruleset=ruleset)
    cookie = client.get_cookie("session")
    assert cookie is not None
    page.context.add_cookies([{"name": "session", "value": cookie.value, "url": base_url}])
    return match_id


def share_session(client: FlaskClient, page: Page, base_url: str) -> None:
    """Hand the test client's session (its match, its language, its login) to the page."""
    cookie = client.get_cookie("session")
    assert cookie is not None
    page.context.add_cookies([{"name": "session", "value": cookie.value, "url": base_url}])


def tap(locator: Locator) -> None:
    """Tap a link or a form's button and return once the page it loads has loaded.

    ``click()`` returns as soon as the navigation it starts has committed: the URL is already
    the new one, but the new document may not be parsed yet, and ``count()``, ``inner_text()``,
    ``is_visible()``, ``get_attribute()`` or a bounding box read it once, at once, and find
    nothing (CI failed so, once in a while, on a loaded machine). So the tap waits for the
    page's next load event, which only a new document can fire once the page showing has loaded:
    a GET link and a POST answered by a 303 back to the same address alike. Not for a link to
    an anchor on the same page, which loads no document (there is none in these tests).
    """
    page = locator.page
    page.wait_for_load_state("load")  # a load still to come would be the old page's
    with page.expect_event("load"):
        locator.click()


def tap_in_place(locator: Locator) -> None:
    """Tap what loads no document — a link to an anchor on the same page, a ``<details>``
    summary: the page changes in place as the click returns, there is no load to wait for."""
    locator.click()


def draw_after_passing(page: Page, base_url: str) -> None:
    """On a seated stacked deal: open the table, pass the upcard (the computer passes too) and
    draw K♣ from the stock."""
    page.goto(base_url + "/play#table")
    tap(page.locator("button[data-action=pass-upcard]"))
    tap(page.locator("button[data-action=draw-stock]"))


def in_viewport(page: Page, locator: Locator) -> bool:
    """The element is wholly inside the viewport as the page stands now (no scrolling)."""
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return (
        box["y"] >= -0.5 and box["y"] + box["height"] <= size["height"] + 0.5
        and box["x"] >= -0.5 and box["x"] + box["width"] <= size["width"] + 0.5
    )


def page_width(page: Page) -> int:
    """The document's full width in CSS px: a full-page screenshot is as wide as the content."""
    png = page.screenshot(full_page=True)
    width: int = struct.unpack(">I", png[16:20])[0]
    return width


def page_height(page: Page) -> int:
    """The document's full height in CSS px, as a full-page screenshot measures it."""
    png = page.screenshot(full_page=True)
    height: int = struct.unpack(">I", png[20:24])[0]
    return height


def small_tap_targets(page: Page, scope: str = "#table") -> list[str]:
    """Every link, button, select and summary inside ``scope`` smaller than 44×44 CSS px."""
    small = []
    targets = page.locator(f"{scope} :is(a, button, select, summary)")
    for i in range(targets.count()):
        target = targets.nth(i)
        box = target.bounding_box()
        if box is None:
            continue  # not rendered (e.g. inside a closed <details>)
        if box["width"] < MIN_TAP or box["height"] < MIN_TAP:
            small.append(f"{target.inner_text()[:30]!r} {box['width']:.0f}×{box['height']:.0f}")
    return small
