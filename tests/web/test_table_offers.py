"""The table offers exactly the moves the engine allows: checked on 1,000 rendered positions.

A page offers a move in one of three ways: a one-button form (``data-action``), a hand card's
discard button (``name="card"`` in the one discard form) or, for knock and gin, a link to the
confirmation step whose buttons name each card. The union must be exactly ``legal_actions``.
"""

from __future__ import annotations

import random
import re

from flask import Flask
from flask.testing import FlaskClient

import gin_engine as engine
from tests.web.play_helpers import (
    Page,
    form_fields,
    get,
    person_choice,
    post_move,
    seat_match,
    stored,
)

POSITIONS = 1_000
MOVE_BUTTON = re.compile(r'data-action="([a-z-]+)"')
DISCARD_FORM = re.compile(r'<form [^>]*class="discard-form">(.*?)</form>', re.S)
CARD_BUTTON = re.compile(r'<button type="submit" name="card" value="(\w+)"')
CONFIRM_LINK = re.compile(r'data-confirm="(knock|gin)" href="/play\?confirm=\1#table"')
# Under a finished match's banner, 再来一场 posts the start form to /new: a new match, not a move.
NEW_MATCH_FORM = re.compile(r'<form method="post" action="/new" class="move-form">.*?</form>', re.S)
MOVE_FORM = re.compile(
    r'name="action" value="([a-z-]+)">(?:<input type="hidden" name="card" value="(\w+)">)?'
)


def legal(app: Flask, match_id: str) -> list[engine.Action]:
    _, snapshot, _ = stored(app, match_id)
    return engine.legal_actions(engine.Match.from_dict(snapshot).view(0))


def offered(page: Page) -> tuple[set[str], set[str], set[str]]:
    """What the page offers: its move buttons, its discard buttons, its knock/gin links."""
    html = NEW_MATCH_FORM.sub("", page.html)
    forms = DISCARD_FORM.findall(html)
    assert len(forms) <= 1, "one discard form at most"
    return (
        set(MOVE_BUTTON.findall(html)),
        set(CARD_BUTTON.findall(forms[0])) if forms else set(),
        set(CONFIRM_LINK.findall(html)),
    )


def endings(actions: list[engine.Action]) -> dict[str, set[str]]:
    """The knocks and gins by kind. A card that allows gin is offered as gin only: a knock
    leaving no deadwood is scored as gin (RULES §5, §7), so the two are the same move."""
    gin = {str(a.card) for a in actions if isinstance(a, engine.Gin)}
    knock = {str(a.card) for a in actions if isinstance(a, engine.Knock)} - gin
    return {kind: cards for kind, cards in (("gin", gin), ("knock", knock)) if cards}


def check_page(page: Page, actions: list[engine.Action]) -> None:
    buttons, card_buttons, confirm_links = offered(page)
    cardless = {engine.action_name(a) for a in actions if not hasattr(a, "card")}
    discards = {str(a.card) for a in actions if isinstance(a, engine.Discard)}
    assert buttons == cardless
    assert card_buttons == discards
    assert confirm_links == set(endings(actions))


def check_confirmation(page: Page, kind: str, actions: list[engine.Action]) -> None:
    """The confirmation step's buttons are exactly the allowed moves of that kind, and the
    hand is not a discard form meanwhile."""
    chosen = {(name, card) for name, card in MOVE_FORM.findall(page.html)}
    assert chosen == {(kind, card) for card in endings(actions)[kind]}
    assert not DISCARD_FORM.search(page.html)


def test_the_table_offers_exactly_the_legal_moves(app: Flask, client: FlaskClient):
    rng = random.Random(7)
    checked = seed = confirmations = 0
    while checked < POSITIONS:
        match_id = seat_match(app, client, seed=seed, difficulty="easy")
        seed += 1
        while checked < POSITIONS:
            page = get(client)
            actions = legal(app, match_id)
            check_page(page, actions)
            checked += 1
            if not actions:
                # Match over (the computer is never left to move on a shown table): no move is
                # offered, only a new match.
                assert len(NEW_MATCH_FORM.findall(page.html)) == 1
                break
            for kind in endings(actions):
                check_confirmation(get(client, f"/play?confirm={kind}"), kind, actions)
                confirmations += 1
            # One move in five random, the rest a sensible player's (which knocks when it can), so
            # that many positions reach the knock and gin steps.
            if rng.random() < 0.2:
                action = rng.choice(actions)
            else:
                action = person_choice(stored(app, match_id)[1], rng)
            name, card_field = form_fields(action)
            assert post_move(client, page, name, card_field).status_code == 303
    # The knock and gin steps were checked too, not only discards. The computer's replies draw
    # on the operating system's randomness, so the count varies between runs (17–20 seen).
    assert confirmations >= 10
