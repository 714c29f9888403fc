"""运气: the luck of a hand's deal and stock draws, GnuBG's way, on one evaluator."""

import random
from dataclasses import replace

import pytest

from engine_common.luck import Estimate
from gin_engine import PRESETS, STANDARD, Card, InvalidInputError, Match, Phase
from gin_engine.ai import make_bot
from gin_engine.ai.luck import (
    DEAL_ORDERS,
    ORDERS,
    deal_mean,
    dealt_value,
    draw_luck,
    from_deal,
    hand_luck,
    hand_rules,
    play_on,
)
from gin_engine.cards import parse_cards, to_mask
from gin_engine.driver import play
from gin_engine.hand import Hand
from gin_engine.replay import deck_of

FEW = (8, 6)
"""Stock orders of the deal and of each draw: the site's figures are these with more orders."""


def _played(ruleset_name: str, seed: int, hands: int = 2) -> Match:
    match = Match.new(PRESETS[ruleset_name], random.Random(seed))
    bots = [make_bot("normal", random.Random(seed + k)) for k in (1, 2)]
    play(match, bots, hands=hands)
    return match


def _mask(text: str) -> int:
    return to_mask(parse_cards(text))


def _rest(*taken: str) -> list[int]:
    """The bits of every card not named, in card order (a stock)."""
    used = 0
    for text in taken:
        used |= _mask(text)
    return [1 << i for i in range(52) if not used >> i & 1]


@pytest.mark.parametrize("ruleset_name", sorted(PRESETS))
def test_a_hands_luck_adds_up_never_changes_and_is_the_other_seats_opposite(ruleset_name):
    match = _played(ruleset_name, 7)
    for number in range(1, len(match.results) + 1):
        mine, theirs = hand_luck(match, number, 0, FEW), hand_luck(match, number, 1, FEW)
        assert hand_luck(match, number, 0, FEW) == mine
        assert mine.total == mine.deal + mine.own_draws + mine.their_draws
        assert (theirs.deal, theirs.own_draws, theirs.their_draws, theirs.error) == (
            -mine.deal, -mine.their_draws, -mine.own_draws, mine.error)
        result = match.results[number - 1]
        points = 0 if result.scorer is None else result.points * (1 if result.scorer == 0 else -1)
        assert mine.adjusted(points) == points - mine.total
        assert mine.error > 0


@pytest.mark.parametrize("ruleset_name", ["standard", "hu"])
def test_the_deal_is_the_dealt_value_less_the_mean_deal_of_that_seat(ruleset_name):
    match = _played(ruleset_name, 11, hands=3)
    mean = deal_mean(match.ruleset).mean
    assert mean != 0.0  # a measured mean: a wrong sign would show
    for number, result in enumerate(match.results, start=1):
        hand = Hand.deal(match.ruleset, number, result.dealer, deck_of(match, number))
        value = dealt_value(hand, random.Random(0), FEW[0]).mean  # to seat 0
        values = (value, -value)
        dealer, non_dealer = result.dealer, 1 - result.dealer
        assert hand_luck(match, number, non_dealer, FEW).deal == values[non_dealer] - mean
        assert hand_luck(match, number, dealer, FEW).deal == values[dealer] + mean


def test_a_hand_that_cannot_be_replayed_is_refused():
    match = _played("standard", 3, hands=1)
    with pytest.raises(InvalidInputError):
        hand_luck(match, 2, 0)  # not dealt yet
    with pytest.raises(InvalidInputError):
        hand_luck(match, 0, 0)
    with pytest.raises(InvalidInputError):
        hand_luck(match, 1, 0, (1, 6))
    match.played = {}  # as a hand finished under snapshot v1 or v2: no moves kept
    with pytest.raises(InvalidInputError):
        hand_luck(match, 1, 0)


def test_the_sites_figures_are_the_defaults_and_more_orders_lower_the_error():
    match = _played("standard", 5, hands=1)
    site = hand_luck(match, 1, 0)
    assert site == hand_luck(match, 1, 0, (DEAL_ORDERS, ORDERS))
    assert site.error < hand_luck(match, 1, 0, FEW).error


def test_a_hand_whose_moves_do_not_replay_to_its_result_is_refused():
    match = _played("standard", 3, hands=1)
    other = _played("standard", 4, hands=1)
    match.played = other.played  # another deal's moves
    with pytest.raises(InvalidInputError):
        hand_luck(match, 1, 0)


def test_every_preset_has_a_deal_mean_and_other_hand_rules_have_none():
    assert deal_mean(PRESETS["classic"]) == deal_mean(PRESETS["quick"]) == deal_mean(STANDARD)
    assert deal_mean(PRESETS["hu-race"]) == deal_mean(PRESETS["hu"])
    assert hand_rules(PRESETS["classic"]) == hand_rules(STANDARD)
    assert hand_rules(PRESETS["hu"]) != hand_rules(STANDARD)
    with pytest.raises(InvalidInputError):
        deal_mean(replace(STANDARD, name="house", knock_limit=7))


def test_a_draw_whose_every_card_ends_alike_has_no_luck():
    # Seat 1 holds gin already: whatever it draws, it throws a card and goes gin, and gin
    # scores 25 plus seat 0's deadwood whatever the cards of the gin.
    seat0 = parse_cards("KS QH JD 9C 7S 5H 3D 2C TH 8D")
    seat1 = parse_cards("AS 2S 3S 4S 5D 6D 7D 8C 9C TC")
    pile = parse_cards("KC")
    used = set(seat0) | set(seat1) | set(pile)
    stock = [Card.from_index(i) for i in range(52) if Card.from_index(i) not in used]
    hand = Hand(STANDARD, 1, 0, (seat0, seat1), stock, pile)
    hand.phase, hand.turn = Phase.DRAW, 1
    assert draw_luck(hand, 1, random.Random(0), 40) == Estimate(0.0, 0.0)


def test_the_value_is_the_showdown_worked_out_by_hand():
    # Seat 0 has drawn: 2-3-4♠, three fives, 9-10-J♣, and 3♦ K♦. It throws K♦ and knocks with
    # 3 (at most 5 while 16 or more stock cards are left, and 3 is above the 2 it would wait
    # with for gin). Seat 1 holds no meld and nothing to lay off: 7+9+10+10+2+4+6+8+10+10 = 76.
    knocker = "2S 3S 4S 5H 5D 5C 9C TC JC 3D KD"
    defender = "7H 9D QH KS 2H 4D 6C 8S TD JH"
    stock = _rest(knocker, defender)[:20]
    hands = [_mask(knocker), _mask(defender)]
    assert play_on(STANDARD, hands, 0, stock, 0, drawn=True) == 76 - 3
    hands = [_mask(defender), _mask(knocker)]
    assert play_on(STANDARD, hands, 1, stock, 0, drawn=True) == -(76 - 3)


def test_the_upcard_is_offered_to_the_non_dealer_first():
    # The non-dealer (seat 0) makes gin with the upcard 4♠ and throws its only deadwood.
    non_dealer = _mask("AS 2S 3S 5H 5D 5C 9C TC JC KD")
    dealer = _mask("7H 9D QH KS 2H 4D 6C 8S TD JH")
    stock = _rest("AS 2S 3S 5H 5D 5C 9C TC JC KD 7H 9D QH KS 2H 4D 6C 8S TD JH 4S")
    upcard = _mask("4S")
    assert from_deal(STANDARD, (non_dealer, dealer), 1, upcard, stock) == 25 + 76
