import random

import pytest

from romme_engine import (
    ROMME,
    ROMME_500,
    InvalidInputError,
    Match,
    Phase,
    format_action,
    legal_actions,
    parse_action,
)
from romme_engine.results import HandEnd, HandResult, match_over, standing

from .romme_play import QUICK, play_checked, random_action


def result(penalties):
    return HandResult(1, 0, HandEnd.OUT, 0, tuple(() for _ in penalties), penalties, penalties)


def test_romme_ends_after_three_hands_and_romme_500_once_a_total_passes_500():
    assert not match_over(ROMME, [result((0, 10))] * 2, 2)
    assert match_over(ROMME, [result((0, 10))] * 3, 2)
    assert not match_over(ROMME_500, [result((0, 250))] * 2, 2)  # 500 does not pass 500
    assert match_over(ROMME_500, [result((0, 250)), result((0, 251))], 2)


def test_lowest_total_wins_and_a_tie_is_shared():
    assert standing([result((5, 0, 9))], 3).winners == (1,)
    assert standing([result((0, 7, 0))], 3).winners == (0, 2)
    assert standing([result((0, 7, 0))], 3).totals == (0, 7, 0)


def test_a_view_shows_its_own_hand_and_counts_the_others_and_the_stock():
    match = Match.new(ROMME, 3, random.Random(11))
    view = match.view(1)
    assert view.hand == tuple(sorted(match.hand.hands[1])) and view.hand_number == 1
    assert view.hand_counts == (14, 13, 13) and view.stock_count == 110 - 40
    assert not hasattr(view, "stock") and not hasattr(view, "hands")


def test_actions_round_trip_through_their_text():
    match = Match.new(ROMME, 2, random.Random(12))
    rng = random.Random(12)
    seen = 0
    while seen < 300 and match.phase is not Phase.MATCH_OVER:
        seat = match.turn if match.turn is not None else 0
        for action in legal_actions(match.view(seat)):
            assert parse_action(format_action(action)) == action
            seen += 1
        match.apply(*random_action(match, rng))
    assert seen >= 300


@pytest.mark.parametrize("text", [
    "", "fly", "draw 7S", "meld", "lay-off 7S x", "lay-off 7S 0 up",
    "lay-off 7S \u0660", "swap 7S \uff10", "swap 7S \u00b2",  # other scripts' digits
])
def test_malformed_actions_are_invalid_input(text):
    with pytest.raises(InvalidInputError):
        parse_action(text)


def test_a_snapshot_with_a_card_twice_is_refused():
    data = Match.new(ROMME, 2, random.Random(13)).to_dict()
    data["hand"]["st"] = data["hand"]["st"][:-2] + data["hand"]["st"][:2]
    with pytest.raises(InvalidInputError):
        Match.from_dict(data)
    with pytest.raises(InvalidInputError):
        Match.from_dict({"v": 99})


def test_random_matches_conserve_the_110_cards():
    """Random legal players, 2 to 4 seats; the 110 cards stay whole at every step
    (``benchmarks/romme_fuzz.py`` runs the 2,000-match version; the snapshots of random play
    are checked in ``test_conformance.py``)."""
    for i in range(45):
        players = 2 + i % 3
        rules = ROMME if i % 9 == 0 else QUICK
        match = Match.new(rules, players, random.Random(i))
        play_checked(match, random.Random(i))
        assert match.standing is not None
