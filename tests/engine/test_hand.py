"""The turn structure of a hand (docs/rules.md §3–5, §8) played through ``Match.apply``."""

import random

import pytest

from gin_engine import (
    STANDARD,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    HandEnd,
    IllegalActionError,
    Knock,
    Match,
    NextHand,
    PassUpcard,
    Phase,
    Reason,
    Refusal,
    TakeUpcard,
)
from gin_engine.deck import stacked_deck

C = Card.parse
PERSON, COMPUTER = 0, 1

# Person (non-dealer in hand 1): melds 2S-5S and 9H 9D 9C, deadwood AH AD 8C = 10.
KNOCK_10 = "2S 3S 4S 5S 9H 9D 9C AH AD 8C"
# The same with 2D for AD: deadwood 11, one point over the limit.
KNOCK_11 = "2S 3S 4S 5S 9H 9D 9C AH 2D 8C"
# Computer: no meld, nothing to lay off on the person's melds; deadwood 80.
LOOSE = "KH QD JS TH 7C 6D 4H 3C KD QC"


def new_match(non_dealer, dealer, upcard, stock="", ruleset=STANDARD):
    deck = stacked_deck(non_dealer, dealer, upcard, stock)
    return Match.new(ruleset, random.Random(1), deck=deck)


def refused(match, player, action):
    before = match.to_dict()
    with pytest.raises(IllegalActionError) as info:
        match.apply(player, action)
    assert match.to_dict() == before, "a refused action must change nothing"
    return info.value.reason


def pass_both(match):
    match.apply(PERSON, PassUpcard())
    match.apply(COMPUTER, PassUpcard())


def test_deal_gives_ten_each_an_upcard_and_31_in_stock():
    m = new_match(KNOCK_10, LOOSE, "4C", "KC")
    assert sorted(m.hand.hands[PERSON]) == sorted(C(x) for x in KNOCK_10.split())
    assert sorted(m.hand.hands[COMPUTER]) == sorted(C(x) for x in LOOSE.split())
    assert m.hand.discard_pile == [C("4C")]
    assert len(m.hand.stock) == 31 and m.hand.stock[0] == C("KC")
    assert m.hand.dealer == COMPUTER and m.phase is Phase.UPCARD and m.hand.turn == PERSON


def test_upcard_offer_goes_to_non_dealer_then_dealer_then_stock_only():
    m = new_match(KNOCK_10, LOOSE, "4C", "KC")
    assert refused(m, COMPUTER, PassUpcard()) is Refusal.NOT_YOUR_TURN
    assert refused(m, PERSON, DrawStock()) is Reason.DECIDE_UPCARD
    assert refused(m, PERSON, Discard(C("AH"))) is Reason.DECIDE_UPCARD
    m.apply(PERSON, PassUpcard())
    assert m.phase is Phase.UPCARD and m.hand.turn == COMPUTER
    m.apply(COMPUTER, PassUpcard())
    assert m.phase is Phase.DRAW and m.hand.turn == PERSON
    assert refused(m, PERSON, DrawDiscard()) is Reason.UPCARD_DECLINED
    assert refused(m, PERSON, TakeUpcard()) is Reason.UPCARD_ALREADY_DECIDED
    m.apply(PERSON, DrawStock())
    assert m.hand.drawn_card == C("KC") and m.phase is Phase.DISCARD


def test_non_dealer_takes_upcard_then_dealer_plays_next():
    m = new_match(KNOCK_10, LOOSE, "4C")
    m.apply(PERSON, TakeUpcard())
    assert m.phase is Phase.DISCARD and m.hand.turn == PERSON
    assert refused(m, PERSON, Discard(C("4C"))) is Refusal.CANNOT_DISCARD_TAKEN_CARD
    assert refused(m, PERSON, DrawStock()) is Refusal.ALREADY_DREW
    m.apply(PERSON, Discard(C("8C")))
    assert m.phase is Phase.DRAW and m.hand.turn == COMPUTER
    assert m.hand.discard_pile == [C("8C")]
    assert m.view(COMPUTER).known[PERSON] == (C("4C"),)


def test_dealer_may_take_upcard_after_non_dealer_passes():
    m = new_match(KNOCK_10, LOOSE, "4C")
    m.apply(PERSON, PassUpcard())
    m.apply(COMPUTER, TakeUpcard())
    assert refused(m, COMPUTER, Discard(C("4C"))) is Refusal.CANNOT_DISCARD_TAKEN_CARD
    m.apply(COMPUTER, Discard(C("KH")))
    assert m.phase is Phase.DRAW and m.hand.turn == PERSON
    assert refused(m, PERSON, Discard(C("AH"))) is Refusal.DRAW_FIRST
    m.apply(PERSON, DrawDiscard())  # an ordinary discard may be taken
    assert m.hand.taken_card == C("KH")


def test_discarding_a_card_not_held_is_refused():
    m = new_match(KNOCK_10, LOOSE, "4C", "KC")
    pass_both(m)
    m.apply(PERSON, DrawStock())
    assert refused(m, PERSON, Discard(C("QH"))) is Refusal.NOT_IN_HAND


def test_a_card_taken_from_the_pile_may_be_discarded_on_a_later_turn():
    m = new_match(KNOCK_10, LOOSE, "4C", "KC QH")
    m.apply(PERSON, TakeUpcard())
    m.apply(PERSON, Discard(C("8C")))
    m.apply(COMPUTER, DrawStock())
    m.apply(COMPUTER, Discard(C("KC")))
    m.apply(PERSON, DrawStock())
    m.apply(PERSON, Discard(C("4C")))
    assert m.view(COMPUTER).known[PERSON] == ()


def test_knock_with_exactly_the_limit_is_allowed():
    m = new_match(KNOCK_10, LOOSE, "4C", "KC")
    pass_both(m)
    m.apply(PERSON, DrawStock())
    m.apply(PERSON, Knock(C("KC")))
    result = m.results[-1]
    assert m.phase is Phase.HAND_OVER
    assert (result.end, result.knocker, result.scorer) == (HandEnd.KNOCK, PERSON, PERSON)
    assert (result.knocker_deadwood, result.defender_deadwood, result.points) == (10, 80, 70)
    assert m.scores == (70, 0)


def test_knock_one_over_the_limit_is_refused():
    m = new_match(KNOCK_11, LOOSE, "4C", "KC")
    pass_both(m)
    m.apply(PERSON, DrawStock())
    assert refused(m, PERSON, Knock(C("KC"))) is Reason.DEADWOOD_TOO_HIGH
    assert refused(m, PERSON, Gin(C("KC"))) is Reason.NOT_GIN


def test_gin_is_refused_with_deadwood_and_scored_with_bonus_without_lay_offs():
    # Person holds three melds and KC; the computer holds 6S (which would lay off on 2S-5S).
    person = "2S 3S 4S 5S 9H 9D 9C JD QD KC"
    computer = "6S KH QH JS TH 7C 6D 4H 3C AC"  # deadwood 6+10+10+10+10+7+6+4+3+1 = 67
    m = new_match(person, computer, "4C", "KD")
    pass_both(m)
    m.apply(PERSON, DrawStock())
    assert refused(m, PERSON, Gin(C("JD"))) is Reason.NOT_GIN
    m.apply(PERSON, Gin(C("KC")))
    result = m.results[-1]
    assert result.end is HandEnd.GIN
    assert result.defender is not None and result.defender.lay_offs == ()
    assert (result.bonus, result.difference, result.points) == (25, 67, 92)


def test_knock_with_zero_deadwood_counts_as_gin():
    person = "2S 3S 4S 5S 9H 9D 9C JD QD KC"
    m = new_match(person, "6S KH QH JS TH 7C 6D 4H 3C AC", "4C", "KD")
    pass_both(m)
    m.apply(PERSON, DrawStock())
    m.apply(PERSON, Knock(C("KC")))
    assert m.results[-1].end is HandEnd.GIN


def test_undercut_on_equal_deadwood():
    # Computer: TH-QH, 3D-5D, 7S 7H 7C, plus TC: deadwood 10, equal to the knocker's 10.
    m = new_match(KNOCK_10, "TH JH QH 3D 4D 5D 7S 7H 7C TC", "4C", "KC")
    pass_both(m)
    m.apply(PERSON, DrawStock())
    m.apply(PERSON, Knock(C("KC")))
    result = m.results[-1]
    assert (result.end, result.scorer) == (HandEnd.UNDERCUT, COMPUTER)
    assert (result.bonus, result.difference, result.points) == (25, 0, 25)
    assert m.scores == (0, 25)


def test_lay_offs_lower_the_defenders_count_at_a_knock():
    # Computer holds AS and 6S (both extend 2S-5S) and 9S (4th nine): 1+6+9 laid off.
    m = new_match(KNOCK_10, "AS 6S 9S KH QD JS TH 7C KD QC", "4C", "KC")
    pass_both(m)
    m.apply(PERSON, DrawStock())
    m.apply(PERSON, Knock(C("KC")))
    result = m.results[-1]
    assert result.defender is not None
    assert sorted(str(lo.card) for lo in result.defender.lay_offs) == ["6S", "9S", "AS"]
    assert (result.defender_deadwood, result.points) == (67, 57)


def play_out_the_stock(m):
    """Both players draw from the stock and throw the drawn card back until the hand ends."""
    while m.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        player = m.hand.turn
        m.apply(player, DrawStock())
        if len(m.hand.stock) == 2:
            return player
        m.apply(player, Discard(m.hand.drawn_card))
    raise AssertionError("hand ended early")


def test_dead_hand_after_the_third_last_stock_card_is_discarded():
    m = new_match(KNOCK_11, LOOSE, "4C")
    pass_both(m)
    player = play_out_the_stock(m)
    assert player == PERSON  # the non-dealer draws at 31, 29, ..., 3
    m.apply(player, Discard(m.hand.drawn_card))
    result = m.results[-1]
    assert result.end is HandEnd.DEAD and result.scorer is None and result.points == 0
    assert m.phase is Phase.HAND_OVER and m.scores == (0, 0)
    assert m.view(PERSON).result is result
    m.apply(PERSON, NextHand())
    assert m.hand.dealer == COMPUTER and m.hand.number == 2 and m.hand.turn == PERSON


def test_a_knock_is_still_allowed_with_two_stock_cards_left():
    m = new_match(KNOCK_10, LOOSE, "4C")
    pass_both(m)
    player = play_out_the_stock(m)
    m.apply(player, Knock(m.hand.drawn_card))
    assert m.results[-1].end is HandEnd.KNOCK


def test_actions_after_the_hand_are_refused_until_the_next_deal():
    m = new_match(KNOCK_10, LOOSE, "4C", "KC")
    pass_both(m)
    m.apply(PERSON, DrawStock())
    m.apply(PERSON, Knock(C("KC")))
    assert refused(m, COMPUTER, DrawStock()) is Refusal.WRONG_PHASE
    m.apply(COMPUTER, NextHand())  # either side may deal on
    assert m.phase is Phase.UPCARD
    assert refused(m, PERSON, NextHand()) is Refusal.HAND_NOT_OVER
