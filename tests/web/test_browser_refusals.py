"""A move the rules refuse, on either table, in real Chromium with JavaScript off (issue 35):
the POST answers 303 back to ``#table`` (a reload repeats nothing), and the table then shows
the refusal, in the first viewport of a phone, with the Hint beside the moves.

Rommé: an opening of 27 points, then a discard, through the page's own forms. Gin Rummy's
page offers no move the rules refuse, so the discard's form is sent with a card the person
does not hold (as a stale or forged form would be)."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import parse_qsl, urlencode

from flask import Flask
from flask.testing import FlaskClient
from playwright.sync_api import Page, Request, Response, Route, expect

from tests.web.browser_helpers import draw_after_passing, in_viewport, seat_in_browser, tap
from tests.web.romme_helpers import seat_romme, stack_deck

ROMME_PERSON = "JC QC KC 8S 9S TS 5H 6H JK1 2D 7C 4S 9H AD"


def answers(page: Page) -> list[int]:
    """The statuses of the POSTs the page sends from now on."""
    found: list[int] = []

    def seen(response: Response) -> None:
        if response.request.method == "POST":
            found.append(response.status)

    page.on("response", seen)
    return found


def assert_refusal_shown(page: Page, path: str, words: str) -> None:
    assert page.url.endswith(f"{path}#table"), page.url
    refusal = page.locator("[data-refusal]")
    assert refusal.count() == 1 and words in refusal.inner_text()
    assert in_viewport(page, refusal)
    expect(page.locator(".prompt .hint-link")).to_be_visible()


def test_a_refused_romme_move_is_a_303_and_the_table_says_why(
    app: Flask, live_server: str, browser_page: Callable[..., Page]
) -> None:
    page = browser_page(390, 844, locale="en-GB")
    client: FlaskClient = app.test_client()
    client.get("/?lang=en")
    seat_romme(app, client, players=2, deck=stack_deck([ROMME_PERSON, ""]))
    cookie = client.get_cookie("session")
    assert cookie is not None
    page.context.add_cookies([{"name": "session", "value": cookie.value, "url": live_server}])
    page.goto(live_server + "/romme#table")
    for card in ("8S", "9S", "TS"):
        page.locator(f"input[type=checkbox][value=\"{card}\"]").check()
    tap(page.locator(".turn-buttons button[data-action=meld]"))
    statuses = answers(page)
    tap(page.locator("button[data-discard=\"4S\"]"))
    assert statuses == [303]
    assert_refusal_shown(page, "/romme", "Your opening needs 30 points; your melds total 27.")
    page.reload()  # a GET: nothing is sent again, and the notice has been shown
    assert statuses == [303] and page.locator("[data-refusal]").count() == 0


def test_a_refused_gin_move_is_a_303_and_the_table_says_why(
    app: Flask, live_server: str, browser_page: Callable[..., Page]
) -> None:
    page = browser_page(390, 844, locale="en-GB")
    seat_in_browser(app, page, live_server)
    draw_after_passing(page, live_server)

    def not_held(route: Route, request: Request) -> None:
        fields = dict(parse_qsl(request.post_data or ""))
        fields["card"] = "KD"  # the computer's card: not in the person's hand
        route.continue_(post_data=urlencode(fields))

    page.route("**/play", lambda route: not_held(route, route.request)
               if route.request.method == "POST" else route.continue_())
    statuses = answers(page)
    tap(page.locator("button[name=card][value=AH]"))
    assert statuses == [303]
    assert_refusal_shown(page, "/play", "That card is not in your hand.")
