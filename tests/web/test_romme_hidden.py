"""No page of the Rommé table shows a card of another hand or of the stock before it is shown
at the end of the hand: 20 whole matches, the person played by a bot through the forms, every
page scanned for card codes (``data-card`` and form values name exact copies: ``7S'``)."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

import romme_engine as romme
from tests.web.play_helpers import stored
from tests.web.romme_helpers import person_choice, post_romme, romme_page, seat_romme

MATCHES = 20
CARD_CODES = re.compile(
    r'(?:data-card|data-discard|value)="((?:[2-9TJQKA][SHDC]|JK[1-6])(?:&#39;|\')?)"'
)


def hidden_cards(snapshot: dict[str, object]) -> set[str]:
    """The cards the person may not see now: the stock, and the other hands until the hand
    is over (then every hand is shown)."""
    game = romme.Match.from_dict(snapshot)
    hand = game.hand
    hidden = {str(c) for c in hand.stock}
    if hand.phase is not romme.Phase.HAND_OVER:
        hidden |= {str(c) for seat, cards in enumerate(hand.hands) if seat != 0 for c in cards}
    return hidden


@pytest.mark.parametrize("match", range(MATCHES))
def test_no_page_shows_a_hidden_card(app: Flask, client: FlaskClient, match: int):
    players = 2 + match % 3
    match_id = seat_romme(app, client, players=players, seed=match, difficulty="easy")
    pages = 0
    for _ in range(3000):
        page = romme_page(client)
        _, snapshot, _ = stored(app, match_id)
        shown = {code.replace("&#39;", "'") for code in CARD_CODES.findall(page.html)}
        assert shown, (pages, page.status, page.html[:300])
        leaked = shown & hidden_cards(snapshot)
        assert not leaked, f"page {pages} ({page.phase}) shows {sorted(leaked)}"
        pages += 1
        if page.phase == "match-over":
            break
        assert post_romme(client, page, person_choice(snapshot)).status_code == 303
    assert page.phase == "match-over"
    assert pages > 10


def test_the_session_cookie_holds_no_card(app: Flask, client: FlaskClient):
    match_id = seat_romme(app, client, players=3, seed=99, difficulty="easy")
    client.get("/romme?sort=rank")
    for _ in range(6):
        page = romme_page(client)
        _, snapshot, _ = stored(app, match_id)
        assert post_romme(client, page, person_choice(snapshot)).status_code == 303
    cookie = client.get_cookie("session")
    assert cookie is not None
    serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    content = serializer.loads(cookie.value)
    words = {str(value) for value in content.values()}
    assert words & {str(c) for c in romme.DECK} == set()
    assert content["match_id"] == match_id and content["romme_sort"] == "rank"
