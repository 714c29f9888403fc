"""``legal_actions`` is exactly what ``apply`` accepts, and every action's text round-trips."""

import random

import pytest

from gin_engine import (
    DECK,
    STANDARD,
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    IllegalActionError,
    Knock,
    Match,
    NextHand,
    PassUpcard,
    Phase,
    TakeUpcard,
    format_action,
    legal_actions,
    parse_action,
)
from gin_engine.deck import stacked_deck
from tests.engine.engine_play import step

POSITIONS = 5_000
EVERY_ACTION: list[Action] = [
    TakeUpcard(),
    PassUpcard(),
    DrawStock(),
    DrawDiscard(),
    NextHand(),
    *(kind(card) for kind in (Discard, Knock, Gin) for card in DECK),
]


def gin_in_reach() -> Match:
    """A hand whose non-dealer takes the upcard 8♦ and can go gin by discarding K♣."""
    deck = stacked_deck("2S 3S 4S 9H 9D 9C 5D 6D 7D KC", "KH QD JS TH 7C 6H 4H 3C KD QC", "8D")
    match = Match.new(STANDARD, random.Random(0), deck=deck)
    match.apply(match.hand.turn, TakeUpcard())
    return match


def positions(count: int):
    """``count`` (match, player) pairs, both players at every step: a gin position (random
    play rarely reaches one), then seeded random play."""
    gin = gin_in_reach()
    yield gin, 0
    yield gin, 1
    seen = 2
    seed = 0
    while True:
        match, rng = Match.new(STANDARD, random.Random(seed)), random.Random(seed)
        while match.phase is not Phase.MATCH_OVER:
            for player in (0, 1):
                yield match, player
                seen += 1
                if seen == count:
                    return
            step(match, rng)
        seed += 1


def accepted(match: Match, player: int) -> list[Action]:
    """Every action of ``EVERY_ACTION`` that ``apply`` accepts for ``player`` now."""
    found = []
    trial = Match.from_dict(match.to_dict())
    for action in EVERY_ACTION:
        try:
            trial.apply(player, action)
        except IllegalActionError:
            continue  # refused: the trial match is unchanged and serves the next action
        found.append(action)
        trial = Match.from_dict(match.to_dict())
    return found


def test_apply_accepts_exactly_the_listed_actions_in_five_thousand_positions():
    kinds_seen = set()
    for match, player in positions(POSITIONS):
        listed = legal_actions(match.view(player))
        assert sorted(map(format_action, accepted(match, player))) == sorted(
            map(format_action, listed)
        )
        kinds_seen.update(type(action) for action in listed)
    # The positions reached every kind of move, so no kind went untested.
    assert kinds_seen == {TakeUpcard, PassUpcard, DrawStock, DrawDiscard, NextHand, Discard, Knock,
                          Gin}


@pytest.mark.parametrize("action", EVERY_ACTION, ids=format_action)
def test_every_action_round_trips_through_its_text(action: Action):
    assert parse_action(*format_action(action).split()) == action
