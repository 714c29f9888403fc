"""Puzzles in real Chromium with JavaScript off on a 390×844 phone, three languages: from a
review's flagged decision (练这一步) to its puzzle, an answer, and the next puzzle, each next
action in the first screen, nothing sideways, axe-core finds nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient
from playwright.sync_api import Page

from tests.web.browser_helpers import in_viewport, page_width, share_session, tap
from tests.web.conftest import ARTIFACTS
from tests.web.puzzle_helpers import OWN_ANSWER, OWN_DECISION, OWN_SEED, bank
from tests.web.review_helpers import seat_game, simulated
from tests.web.test_browser_axe import violations

WIDTH, HEIGHT = 390, 844
SHOTS = ARTIFACTS
"""The shots in docs/screenshots/ are copies of these (README)."""
LANGS = {"zh-CN": "zh_Hans", "zh-TW": "zh_Hant", "en-GB": "en"}


def _moves_on_screen(page: Page) -> None:
    moves = page.locator("form.puzzle-form [name=move]")
    assert moves.count() >= 2
    for i in range(moves.count()):
        assert in_viewport(page, moves.nth(i)), i
    assert page_width(page) <= WIDTH


@pytest.mark.parametrize("locale", list(LANGS))
def test_from_a_flagged_decision_to_its_puzzle_an_answer_and_the_next(
    app: Flask, client: FlaskClient, live_server: str, browser_page: Callable[..., Page],
    locale: str,
) -> None:
    bank(app)
    match_id = seat_game(app, client, simulated("standard", OWN_SEED), "standard")
    page = browser_page(WIDTH, HEIGHT, locale=locale)
    share_session(client, page, live_server)
    page.goto(f"{live_server}/review/{match_id}/1")
    link = page.locator(f"#d{OWN_DECISION} a[data-link=puzzle]")
    assert page.locator("a[data-link=puzzle]").count() == 1  # the one flagged decision
    link.scroll_into_view_if_needed()
    tap(link)
    assert "/puzzles/" in page.url
    _moves_on_screen(page)
    assert violations(page) == []
    shot = LANGS[locale]
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"puzzle-{shot}-phone.png"))
    tap(page.locator(f"button[data-move='{OWN_ANSWER}']"))
    assert page.locator("[data-verdict=right]").count() == 1
    for part in ("[data-verdict]", "[data-reason=answer]", "a[data-link=next]"):
        assert in_viewport(page, page.locator(part).first), part
    assert page_width(page) <= WIDTH
    assert violations(page) == []
    page.screenshot(path=str(SHOTS / f"puzzle-answer-{shot}-phone.png"))
    tap(page.locator("a[data-link=next]"))
    assert page.locator("form.puzzle-form").count() == 1  # a bank puzzle
    _moves_on_screen(page)
    assert violations(page) == []
