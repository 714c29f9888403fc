"""A player's view holds what that player may know and nothing more."""

import random

from gin_engine import STANDARD, Match, Phase, legal_actions
from gin_engine.deck import stacked_deck
from tests.engine.engine_play import step


def hidden_cards(m: Match, player: int):
    hand = m.hand
    return set(hand.hands[1 - player]) - hand.known[1 - player], set(hand.stock)


def test_view_never_contains_hidden_cards_before_the_showdown():
    for seed in range(40):
        m = Match.new(STANDARD, random.Random(seed))
        rng = random.Random(seed)
        while m.phase is not Phase.MATCH_OVER:
            for player in (0, 1):
                view = m.view(player)
                if view.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
                    continue
                opponent_hidden, stock = hidden_cards(m, player)
                visible = {*view.hand, *view.discard_pile, *view.known[0], *view.known[1]}
                visible |= {e.card for e in view.history if e.card is not None}
                assert not visible & opponent_hidden
                assert not visible & stock
                assert view.stock_count == len(m.hand.stock)
                assert view.opponent_card_count == len(m.hand.hands[1 - player])
            step(m, rng)


def test_two_states_that_differ_only_in_hidden_cards_give_equal_views():
    person = "2S 3S 4S 5S 9H 9D 9C AH AD 8C"
    a = stacked_deck(person, "KH QD JS TH 7C 6D 4H 3C KD QC", "4C", "KC 2H")
    b = stacked_deck(person, "KH QD JS TH 7C 6D 4H 3C KD JC", "4C", "KC 2H")  # QC <-> JC
    m1 = Match.new(STANDARD, random.Random(0), deck=a)
    m2 = Match.new(STANDARD, random.Random(0), deck=b)
    assert m1.view(0) == m2.view(0)
    assert m1.view(1) != m2.view(1)


def test_legal_actions_are_exactly_the_accepted_ones():
    m = Match.new(STANDARD, random.Random(11))
    rng = random.Random(11)
    for _ in range(200):
        if m.phase is Phase.MATCH_OVER:
            break
        player = m.hand.turn if m.turn is not None else 0
        for action in legal_actions(m.view(player)):
            trial = Match.from_dict(m.to_dict())
            trial.apply(player, action)  # must not raise
        step(m, rng)
