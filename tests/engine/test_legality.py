"""Every action's text round-trips (that ``apply`` accepts exactly the listed actions is checked
for both engines in ``test_conformance.py``)."""


import pytest

from gin_engine import (
    DECK,
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    Knock,
    NextHand,
    PassUpcard,
    TakeUpcard,
    format_action,
    parse_action,
)

EVERY_ACTION: list[Action] = [
    TakeUpcard(),
    PassUpcard(),
    DrawStock(),
    DrawDiscard(),
    NextHand(),
    *(kind(card) for kind in (Discard, Knock, Gin) for card in DECK),
]


@pytest.mark.parametrize("action", EVERY_ACTION, ids=format_action)
def test_every_action_round_trips_through_its_text(action: Action):
    assert parse_action(*format_action(action).split()) == action
