"""Puzzles in real Chromium with JavaScript off on a 390×844 phone, three languages: from a
review's flagged decision (练这一步) to its puzzle, an answer, and the next puzzle, each next
action in the first screen, nothing sideways, axe-core finds nothing: a Gin Rummy review's and a
Rommé review's."""

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
from tests.web.romme_helpers import seat_romme
from tests.web.romme_puzzle_helpers import OWN_PLAYERS, OWN_PUZZLES, own_romme_game, romme_bank
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


def _answer_then_next(page: Page, answer: str, shot: str) -> None:
    """On a puzzle reached from a review: every move on the first screen, the right answer
    tapped, the verdict, its reason and the next puzzle on the first screen, the next puzzle's
    moves too; axe-core finds nothing on any of them. ``shot``: the screenshots' file name, its
    ``{}`` the page ("" for the puzzle, "answer-", "next-")."""
    SHOTS.mkdir(exist_ok=True)
    _moves_on_screen(page)
    assert violations(page) == []
    page.screenshot(path=str(SHOTS / shot.format("")))
    tap(page.locator(f"button[data-move=\"{answer}\"]"))
    assert page.locator("[data-verdict=right]").count() == 1
    for part in ("[data-verdict]", "[data-reason=answer]", "a[data-link=next]"):
        assert in_viewport(page, page.locator(part).first), part
    assert page_width(page) <= WIDTH
    # The heading's two halves read apart on screen, not run together ("The positionThe draw").
    assert " · " in page.locator("#position-title").inner_text()
    assert violations(page) == []
    page.screenshot(path=str(SHOTS / shot.format("answer-")))
    tap(page.locator("a[data-link=next]"))
    assert page.locator("form.puzzle-form").count() == 1  # a bank puzzle
    _moves_on_screen(page)
    assert violations(page) == []
    page.screenshot(path=str(SHOTS / shot.format("next-")))


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
    _answer_then_next(page, OWN_ANSWER, f"puzzle-{{}}{LANGS[locale]}-phone.png")


@pytest.mark.parametrize("locale", list(LANGS))
def test_from_a_flagged_romme_decision_to_its_puzzle_an_answer_and_the_next(
    app: Flask, client: FlaskClient, live_server: str, browser_page: Callable[..., Page],
    locale: str,
) -> None:
    """Rommé through the same pages: its review's 练这一步 (decision 8 of simulated_romme(5, 4),
    a 失误 at the draw), the puzzle with the hand as on the table, the answer, and a bank
    puzzle of Rommé next."""
    romme_bank(app)
    match_id = seat_romme(app, client, players=OWN_PLAYERS, game=own_romme_game())
    page = browser_page(WIDTH, HEIGHT, locale=locale)
    share_session(client, page, live_server)
    page.goto(f"{live_server}/review/{match_id}/1")
    link = page.locator("#d8 a[data-link=puzzle]")
    link.scroll_into_view_if_needed()
    tap(link)
    assert "/puzzles/" in page.url
    _answer_then_next(page, OWN_PUZZLES[8], f"puzzle-romme-{{}}{LANGS[locale]}-phone.png")
    assert page.locator("ul.romme-hand").count() == 1  # the next: a bank puzzle of Rommé
