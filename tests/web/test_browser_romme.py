"""A whole Rommé match (the person and two computers) in real Chromium with JavaScript off,
on a phone (390×844) and on a desktop: the opening, a lay-off on a computer's meld, a joker
swap with the joker laid again at a chosen end, then the rest of the match to its end, every
move through the page's own forms.

The first deal is stacked (`stack_deck`) so that computer 1 opens with 5♥ 6♥ 7♥ and
2♦ 3♦ 王 5♦; after that the person's moves are what the normal bot would play, made by
ticking, choosing and tapping on the page. And the Hint: its meld comes ticked, so one tap on
"Lay out as a meld" follows it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient
from playwright.sync_api import Page

import romme_engine as romme
from romme_engine.ai import hint
from tests.web.browser_helpers import page_width
from tests.web.play_helpers import stored
from tests.web.romme_helpers import person_choice, seat_romme, stack_deck

SIZES = [(390, 844), (1280, 900)]
PERSON = "JC QC KC 8H 4D 4C 4H"
COMPUTER_1 = "5H 6H 7H 2D 3D JK1 5D 9S' QH' KC' TC' AS' 4S'"
COMPUTER_2 = "2C' 6C' TD' 7S' AH' 5C' 8C' 3H' JS' 9H' 4D' KD' 6D'"
STOCK = "6C 8H' 2H'"
MAX_MOVES = 1500


def seat_in_browser(app: Flask, page: Page, base_url: str) -> str:
    client: FlaskClient = app.test_client()
    client.get("/?lang=en")
    deck = stack_deck([PERSON, COMPUTER_1, COMPUTER_2], STOCK)
    match_id = seat_romme(app, client, players=3, deck=deck, difficulty="easy", seed=3)
    cookie = client.get_cookie("session")
    assert cookie is not None
    page.context.add_cookies([{"name": "session", "value": cookie.value, "url": base_url}])
    return match_id


def phase(page: Page) -> str:
    return page.locator("#table").get_attribute("data-phase") or ""


def tick(page: Page, *cards: str) -> None:
    for card in cards:
        page.locator(f"input[type=checkbox][name=cards][value=\"{card}\"]").check()


def play(page: Page, action: romme.Action) -> None:
    """Make ``action`` on the page as a person would: tick, choose, tap."""
    if isinstance(action, romme.DrawStock | romme.TakeDiscard | romme.NextHand | romme.TakeBack):
        page.locator(f"button[data-action={romme.format_action(action)}]").click()
    elif isinstance(action, romme.Discard):
        page.locator(f"button[data-discard=\"{action.card}\"]").click()
    elif isinstance(action, romme.LayMeld):
        tick(page, *(str(c) for c in action.cards))
        page.locator(".turn-buttons button[data-action=meld]").click()
        if page.locator("[data-choice=meld]").count():
            options = romme.meld_options(action.cards)
            index = [m.cards for m in options].index(action.cards)
            page.locator("[data-choice=meld] button").nth(index).click()
    else:
        tick(page, str(action.card))
        page.locator(f"input[name=meld][value=\"{action.meld}\"]").check()
        kind = "lay-off" if isinstance(action, romme.LayOff) else "swap"
        page.locator(f"button[data-action={kind}]").first.click()
        if isinstance(action, romme.LayOff) and action.end is not None:
            page.locator("[data-choice=end] button", has_text=(
                "Low end" if action.end is romme.End.LOW else "High end")).click()
    assert page.url.endswith("#table"), page.url
    assert page.locator("[data-refusal]").count() == 0, page.locator("[data-refusal]").inner_text()


def table_of(app: Flask, match_id: str) -> list[str]:
    game = romme.Match.from_dict(stored(app, match_id)[1])
    return [romme.format_cards(m.cards) for m in game.hand.table]


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_whole_romme_match_in_the_browser(
    app: Flask, live_server: str, browser_page: Callable[..., Page], width: int, height: int
):
    page = browser_page(width, height, locale="en-GB")
    match_id = seat_in_browser(app, page, live_server)
    page.goto(live_server + "/romme#table")
    assert phase(page) == "play"

    # Turn 1: the opening, J♣ Q♣ K♣ = 30, then a discard.
    tick(page, "JC", "QC", "KC")
    page.locator(".turn-buttons button[data-action=meld]").click()
    assert "Laid out this turn: 30 points" in page.locator("[data-zone=staged]").inner_text()
    page.locator("button[data-discard=AS]").click()
    assert phase(page) == "draw"
    assert "5♥" in page.locator("[data-zone=melds-1]").inner_text()
    assert page.locator("[data-zone=computer-moves] li").count() == 2  # one line per computer

    # Turn 2: draw, lay 8♥ off on computer 1's run, swap its joker for 4♦, lay the joker at the
    # high end of the opening's J♣ Q♣ K♣ (asked: it fits both ends), discard.
    page.locator("button[data-action=draw]").click()
    play(page, romme.LayOff(romme.Card.parse("8H"), 1))
    play(page, romme.SwapJoker(romme.Card.parse("4D"), 2))
    tick(page, "JK1")
    page.locator("input[name=meld][value=\"0\"]").check()
    page.locator("button[data-action=lay-off]").click()
    assert page.locator("[data-choice=end]").is_visible()
    page.locator("[data-choice=end] button", has_text="High end").click()
    assert table_of(app, match_id)[:3] == ["JC QC KC JK1", "5H 6H 7H 8H", "2D 3D 4D 5D"]
    play(page, romme.Discard(romme.Card.parse("4C")))
    assert page_width(page) <= width

    # The rest of the match: what the normal bot would do, through the page.
    for _ in range(MAX_MOVES):
        if phase(page) == "match-over":
            break
        play(page, person_choice(stored(app, match_id)[1]))
    assert phase(page) == "match-over"
    standings = page.locator("[data-zone=standings]")
    assert standings.is_visible() and page.locator("[data-zone=banner]").is_visible()
    assert page.locator("[data-final]").count() == 3
    assert page_width(page) <= width


def test_the_hinted_meld_is_laid_out_with_one_tap(
    app: Flask, live_server: str, browser_page: Callable[..., Page]
):
    # The hint's cards come ticked: the person taps "Lay out as a meld" and nothing else.
    page = browser_page(390, 844, locale="en-GB")
    match_id = seat_in_browser(app, page, live_server)
    view = romme.Match.from_dict(stored(app, match_id)[1]).view(0)
    meld = hint(view).action
    assert isinstance(meld, romme.LayMeld)
    page.goto(live_server + "/romme?hint=1#table")
    assert page.locator("li.hinted").count() == len(meld.cards)
    page.locator(".turn-buttons button[data-action=meld]").click()
    assert page.locator("[data-refusal]").count() == 0
    assert table_of(app, match_id)[-1] == romme.format_cards(meld.cards)
    assert "Laid out this turn" in page.locator("[data-zone=staged]").inner_text()
