"""The start page in real Chromium with JavaScript off, on a phone and a desktop."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from gin_engine.ruleset import PRESETS
from tests.web.browser_helpers import tap


@pytest.mark.parametrize(("width", "height"), [(360, 740), (1280, 800)])
def test_start_form_without_javascript(
    live_server: str, browser_page: Callable[..., Page], width: int, height: int
) -> None:
    page = browser_page(width, height)
    page.goto(live_server + "/")
    assert page.locator("html").get_attribute("lang") == "zh-Hans"
    form = page.locator("form.start-form")
    assert form.is_visible()
    assert page.locator("input[name=ruleset]").count() == len(PRESETS)
    assert page.locator("input[name=difficulty][value=normal]").is_checked()
    # Nothing sticks out sideways on a narrow phone.
    for selector in ("header", "main", "footer", "form.start-form"):
        box = page.locator(selector).first.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, selector
    button = page.get_by_role("button", name="开始对局")
    box = button.bounding_box()
    assert box is not None and box["height"] >= 44 and box["x"] + box["width"] <= width


def test_start_a_match_without_javascript(
    live_server: str, browser_page: Callable[..., Page]
) -> None:
    page = browser_page(360, 740)
    page.goto(live_server + "/?lang=en")
    page.get_by_label("Quick").check()
    tap(page.get_by_role("button", name="Start match"))
    assert page.url == live_server + "/play#table"
    assert page.locator("#table").get_attribute("data-phase") == "upcard"
    expect(page.locator("[data-zone=hand] [data-card]")).to_have_count(10)
