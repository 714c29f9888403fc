"""The table offers exactly the moves the engine allows: checked on 1,000 rendered positions."""

from __future__ import annotations

import random
import re

from flask import Flask
from flask.testing import FlaskClient

import gin_engine as engine
from tests.web.play_helpers import Page, form_fields, get, post_move, seat_match, stored

POSITIONS = 1_000
MOVE_BUTTON = re.compile(r'data-action="([a-z-]+)"')
CARD_LINK = re.compile(r'<a class="card[^"]*" data-card="(\w+)"')
CONFIRM_LINK = re.compile(r'href="/play\?card=(\w+)&amp;confirm=(knock|gin)"')
MOVE_FORM = re.compile(
    r'name="action" value="([a-z-]+)">(?:<input type="hidden" name="card" value="(\w+)">)?'
)


def legal(app: Flask, match_id: str) -> list[engine.Action]:
    _, snapshot, _ = stored(app, match_id)
    return engine.legal_actions(engine.Match.from_dict(snapshot).view(0))


def offered(page: Page) -> tuple[set[str], set[str], set[tuple[str, str]]]:
    """What the page offers: its move buttons, its card links, its knock/gin links."""
    return (
        set(MOVE_BUTTON.findall(page.html)),
        set(CARD_LINK.findall(page.html)),
        set(CONFIRM_LINK.findall(page.html)),
    )


def check_page(page: Page, actions: list[engine.Action]) -> None:
    buttons, card_links, confirm_links = offered(page)
    cardless = {engine.action_name(a) for a in actions if not hasattr(a, "card")}
    discards = {str(a.card) for a in actions if isinstance(a, engine.Discard)}
    ending = {
        (str(a.card), engine.action_name(a))
        for a in actions
        if isinstance(a, (engine.Knock, engine.Gin))
    }
    assert buttons == cardless
    assert card_links == discards
    # Without a card chosen, one link offers the best knock (or gin) when the engine allows any.
    assert bool(confirm_links) == bool(ending)
    assert confirm_links <= ending


def check_selection(page: Page, card: str, actions: list[engine.Action]) -> None:
    """With ``card`` chosen, its form buttons are exactly the card moves allowed with it."""
    with_card = {engine.action_name(a) for a in actions if str(getattr(a, "card", "")) == card}
    chosen = {name for name, form_card in MOVE_FORM.findall(page.html) if form_card == card}
    # Gin is offered instead of knocking when the card allows both.
    expected = with_card - {"knock"} if "gin" in with_card else with_card
    assert chosen == expected


def test_the_table_offers_exactly_the_legal_moves(app: Flask, client: FlaskClient):
    rng = random.Random(7)
    checked = seed = 0
    while checked < POSITIONS:
        match_id = seat_match(app, client, seed=seed, difficulty="easy")
        seed += 1
        while checked < POSITIONS:
            page = get(client)
            actions = legal(app, match_id)
            check_page(page, actions)
            checked += 1
            if not actions:
                break  # match over (the computer is never left to move on a shown table)
            action = rng.choice(actions)
            if isinstance(action, (engine.Discard, engine.Knock, engine.Gin)):
                card = str(action.card)
                check_selection(get(client, f"/play?card={card}"), card, actions)
            name, card_field = form_fields(action)
            assert post_move(client, page, name, card_field).status_code == 303
