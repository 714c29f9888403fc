"""Accounts, leaderboard and the player's page in real Chromium with JavaScript off."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from tests.web.account_helpers import PASSWORD, make_user, seed_result
from tests.web.browser_helpers import tap
from tests.web.conftest import ARTIFACTS
from webapp.extensions import db


@pytest.mark.parametrize(("width", "height"), [(360, 740), (1280, 800)])
def test_register_then_read_the_board_and_my_page(
    app: Flask, live_server: str, browser_page: Callable[..., Page], width: int, height: int
) -> None:
    with app.app_context():
        for n in range(3):
            seed_result(make_user(f"player_{n}"), difficulty="expert")
        db.session.commit()
    page = browser_page(width, height, locale="en-GB")
    page.goto(live_server + "/register?lang=en")
    page.get_by_label("Username").fill("新玩家")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    tap(page.get_by_role("button", name="Create account"))
    assert page.url == live_server + "/"
    assert page.locator(".account-name").inner_text() == "新玩家"

    page.goto(live_server + "/leaderboard")
    assert page.locator("table.board tbody tr[data-player]").count() == 3
    for selector in ("header", "main", "footer"):
        box = page.locator(selector).first.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, selector
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"leaderboard-{width}.png"), full_page=True)

    page.goto(live_server + "/u/player_0")
    # The points chart (the rating's chart follows it in the same style).
    chart = page.locator("svg[aria-labelledby='chart-title chart-desc']")
    assert chart.is_visible()
    box = chart.bounding_box()
    assert box is not None and box["x"] + box["width"] <= width
    page.screenshot(path=str(ARTIFACTS / f"player-{width}.png"), full_page=True)

    tap(page.get_by_role("button", name="Log out"))
    assert page.url == live_server + "/"
    expect(page.get_by_role("link", name="Log in")).to_be_visible()
