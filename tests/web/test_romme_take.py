"""Taking the discard on the Rommé table: offered whenever the turn can lay the card out (in
several steps too), refused with its reason only when it cannot; the hint follows the engine."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

import romme_engine as romme
from tests.engine.test_romme_take import chained_lay_off, freed_joker, opened_with
from tests.web.play_helpers import stored
from tests.web.romme_helpers import post_romme, romme_page, seat_romme

REFUSED = 'data-take="no"'
OFFERED = 'data-action="take-discard"'


def test_a_take_of_several_steps_is_offered_and_played_through_the_forms(
    app: Flask, client: FlaskClient
):
    client.get("/?lang=en")
    match_id = seat_romme(app, client, players=2, game=chained_lay_off())
    page = romme_page(client)
    assert page.phase == "draw" and OFFERED in page.html and REFUSED not in page.html
    hinted = client.get("/romme?hint=1").get_data(as_text=True)
    assert "Take 9♠ from the discard pile." in hinted
    for data in (
        {"action": "take-discard"},
        {"action": "lay-off", "cards": ["8S"], "meld": "0"},
        {"action": "lay-off", "cards": ["9S"], "meld": "0"},
        {"discard": "2C"},
    ):
        assert post_romme(client, romme_page(client), data).status_code == 303, data
    table = romme.Match.from_dict(stored(app, match_id)[1]).hand.table
    assert romme.format_cards(table[0].cards) == "5S 6S 7S 8S 9S"


def test_a_take_that_frees_a_joker_is_offered(app: Flask, client: FlaskClient):
    client.get("/?lang=en")
    seat_romme(app, client, players=2, game=freed_joker())
    page = romme_page(client)
    assert OFFERED in page.html and REFUSED not in page.html


def test_the_refusal_is_named_only_when_no_sequence_uses_the_card(
    app: Flask, client: FlaskClient
):
    client.get("/?lang=en")
    game = opened_with("5S 6S 7S KH KD KC 8S 4C 2C 2D", "TS 3C 4H 5D 7C 9D JD QH 3H", "TS")
    seat_romme(app, client, players=2, game=game)
    page = romme_page(client)
    assert OFFERED not in page.html and REFUSED in page.html
