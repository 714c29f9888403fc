"""Forged Rommé turn forms (kept from issue 36's probe): a card the person does not hold — the
computer's, the stock's top or bottom, one on the table or the discard pile, one staged this
turn — named in a meld, a lay-off, a swap or a discard, and a card named twice, are refused
(a 400, or a refusal: a 303 back to the table, which says why), leave every stored row byte
for byte as it was, and are refused in the same words wherever the card really lies: a
refusal tells nothing about a hidden card.
Runs on SQLite and, with TEST_DATABASE_URL, PostgreSQL.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

import romme_engine as romme
from tests.web.play_helpers import refusal_shown, stored, stored_rows
from tests.web.romme_helpers import post_romme, romme_page, seat_romme, stack_deck

# The person (seat 0, to play): an opening J♣ Q♣ K♣, then 8♠ 9♠ 10♠ to stage after it; the
# forged forms name 5♥ 6♥ of the hand beside the card not held.
PERSON = "JC QC KC 8S 9S TS 5H 6H JK1 2D 7C 4S 9H AD"
# Each form with the card (or cards) it names in place of ``{card}``.
FORGED = {
    "discard": {"discard": "{card}"},
    "meld": {"action": "meld", "cards": ["5H", "6H", "{card}"], "ordered": "1"},
    "meld, unordered": {"action": "meld", "cards": ["{card}", "5H", "6H"]},
    "lay-off": {"action": "lay-off", "cards": ["{card}"], "meld": "0"},
    "swap": {"action": "swap", "cards": ["{card}"], "meld": "0"},
}
NOT_HELD = "That card is not in your hand."
NAMED_TWICE = (
    ({"action": "meld", "cards": ["5H", "5H", "6H", "JK1"], "ordered": "1"}, 303),
    ({"action": "meld", "cards": ["6H", "5H", "6H"]}, 303),
    ({"action": "lay-off", "cards": ["9H", "9H"], "meld": "0"}, 400),
    ({"action": "swap", "cards": ["AD", "AD"], "meld": "0"}, 400),
)


def opened_and_drawn(app: Flask, client: FlaskClient) -> str:
    """Two players; the person opened with J♣ Q♣ K♣ a turn ago (meld 0) and has drawn."""
    client.get("/?lang=en")
    game = romme.Match.new(romme.ROMME, 2, random.Random(3), deck=stack_deck([PERSON, ""]))
    game.apply(0, romme.LayMeld(tuple(romme.parse_cards("JC QC KC"))))
    game.apply(0, romme.Discard(romme.Card.parse("2D")))
    game.apply(1, romme.DrawStock())
    game.apply(1, romme.Discard(game.hand.hands[1][0]))
    game.apply(0, romme.DrawStock())
    return seat_romme(app, client, players=2, game=game)


def elsewhere(app: Flask, match_id: str) -> dict[str, romme.Card]:
    """A natural card the person does not hold from each place where cards lie (the hidden
    places first)."""
    hand = romme.Match.from_dict(stored(app, match_id)[1]).hand
    places = {
        "the computer's hand": hand.hands[1],
        "the stock's top": hand.stock[::-1],
        "the stock's bottom": hand.stock,
        "the table": [c for meld in hand.table for c in meld.cards],
        "the discard pile": hand.discard_pile[::-1],
    }
    # Natural cards: a joker in an unordered meld is first asked about (see the test below).
    found = {where: next(c for c in cards if not c.is_joker) for where, cards in places.items()}
    assert not set(hand.hands[0]) & set(found.values())
    return found


def with_card(form: dict[str, Any], card: romme.Card) -> dict[str, Any]:
    return {k: ([str(card) if c == "{card}" else c for c in v] if isinstance(v, list)
                else str(card) if v == "{card}" else v) for k, v in form.items()}


def refusal(client: FlaskClient, response: Any) -> str:
    return refusal_shown(client, response, "/romme")[0]


def forged_forms_change_nothing(app: Flask, client: FlaskClient, match_id: str) -> None:
    before = stored_rows(app)
    page = romme_page(client)
    for kind, form in FORGED.items():
        for where, card in elsewhere(app, match_id).items():
            response = post_romme(client, page, with_card(form, card))
            # The same words for a hidden card as for one in plain sight.
            assert refusal(client, response) == NOT_HELD, (kind, where, card)
            assert stored_rows(app) == before, f"{kind} of a card {where} changed a row"
    for form, status in NAMED_TWICE:
        assert post_romme(client, page, form).status_code == status, form
        assert stored_rows(app) == before, f"{form} changed a row"


def test_forged_cards_are_refused_alike_and_change_nothing_before_and_while_staging(
    app: Flask, client: FlaskClient
) -> None:
    match_id = opened_and_drawn(app, client)
    forged_forms_change_nothing(app, client, match_id)
    staged = {"action": "meld", "cards": ["8S", "9S", "TS"], "ordered": "1"}
    assert post_romme(client, romme_page(client), staged).status_code == 303
    assert romme.Match.from_dict(stored(app, match_id)[1]).hand.staged()
    forged_forms_change_nothing(app, client, match_id)
    # A joker not held, in an unordered meld: first asked where it stands (a GET, nothing
    # changed), then refused like any card not held.
    before = stored_rows(app)
    hand = romme.Match.from_dict(stored(app, match_id)[1]).hand
    joker = next(c for c in romme.DECK if c.is_joker and c not in hand.hands[0])
    response = post_romme(client, romme_page(client),
                          {"action": "meld", "cards": [str(joker), "5H", "6H"]})
    assert response.status_code == 303 and f"meld={joker}+" in response.location
    assert client.get(response.location.split("#")[0]).status_code == 200
    assert stored_rows(app) == before
    response = post_romme(client, romme_page(client), with_card(FORGED["meld"], joker))
    assert refusal(client, response) == NOT_HELD
    assert stored_rows(app) == before
    # The staged cards are on the table now, not in the hand: named again, they are refused.
    before = stored_rows(app)
    page = romme_page(client)
    for form in ({"discard": "TS"}, {"action": "lay-off", "cards": ["8S"], "meld": "0"},
                 {"action": "meld", "cards": ["8S", "9S", "TS"], "ordered": "1"}):
        response = post_romme(client, page, form)
        assert refusal(client, response) == NOT_HELD, form
        assert stored_rows(app) == before


@pytest.mark.parametrize(("card", "named"), [("JK1", "王"), ("2D", "2♦")])
def test_a_first_turn_meld_with_a_card_twice_is_refused(
    app: Flask, client: FlaskClient, card: str, named: str
) -> None:
    seat_romme(app, client, players=2, deck=stack_deck([PERSON, ""]))
    before = stored_rows(app)
    form = {"action": "meld", "cards": ["JC", "QC", "KC", card, card], "ordered": "1"}
    said = refusal(client, post_romme(client, romme_page(client), form))
    # Not a meld, naming the cards as sent (the card twice among them).
    assert said.startswith(f"J♣ Q♣ K♣ {named} {named} 不成组合："), said
    assert stored_rows(app) == before
