"""Hand scoring, next dealer, match end and settlement (docs/rules.md §7, §9), exact values."""

import random

import pytest

from gin_engine import (
    CLASSIC,
    QUICK,
    STANDARD,
    Arrangement,
    Card,
    DrawStock,
    HandEnd,
    HandResult,
    IllegalActionError,
    Knock,
    LayOffResult,
    Match,
    NextDealer,
    NextHand,
    PassUpcard,
    Phase,
    Refusal,
    Ruleset,
    settle,
)
from gin_engine.deck import stacked_deck
from gin_engine.results import score_hand

PERSON, COMPUTER = 0, 1


def counts(knocker, defender):
    return Arrangement((), (), knocker), LayOffResult((), (), (), defender)


@pytest.mark.parametrize(
    "knocker, defender, end, scorer, bonus, difference, points",
    [
        (8, 20, HandEnd.KNOCK, 0, 0, 12, 12),  # seed 001: 20 - 8 = 12
        (8, 8, HandEnd.UNDERCUT, 1, 25, 0, 25),  # equal counts: the defender undercuts
        (8, 6, HandEnd.UNDERCUT, 1, 25, 2, 27),  # 25 + 2 = 27
        (0, 14, HandEnd.GIN, 0, 25, 14, 39),  # gin: 25 + the defender's deadwood
        (0, 0, HandEnd.GIN, 0, 25, 0, 25),  # gin is never undercut
    ],
)
def test_hand_scoring_examples(knocker, defender, end, scorer, bonus, difference, points):
    result = score_hand(STANDARD, 1, 1, 0, *counts(knocker, defender))
    assert (result.end, result.scorer) == (end, scorer)
    assert (result.bonus, result.difference, result.points) == (bonus, difference, points)


def test_bonuses_come_from_the_ruleset():
    rules = Ruleset(name="custom", gin_bonus=20, undercut_bonus=10)
    assert score_hand(rules, 1, 1, 0, *counts(0, 5)).points == 25
    assert score_hand(rules, 1, 1, 0, *counts(9, 7)).points == 12


def won(scorer, points):
    return HandResult(number=1, dealer=0, end=HandEnd.KNOCK, knocker=scorer, scorer=scorer,
                      difference=points)


def test_settlement_with_shutout_doubles_then_adds_bonuses():
    results = [won(0, 30), won(0, 40), won(0, 35)]
    s = settle(STANDARD, results, winner=0)
    assert s.shutout and s.shutout_multiplier == 2
    assert s.hand_points == (105, 0) and s.hands_won == (3, 0)
    assert s.game_bonus == 100 and s.box_bonus == (75, 0)
    assert s.totals == (385, 0)  # 105 x 2 + 100 + 3 x 25


def test_settlement_without_shutout():
    results = [won(0, 30), won(1, 20), won(0, 40), won(0, 35)]
    s = settle(STANDARD, results, winner=0)
    assert not s.shutout and s.shutout_multiplier == 1
    assert s.totals == (280, 45)  # 105 + 100 + 75 ; 20 + 25


def test_dead_hands_win_no_box():
    dead = HandResult(number=2, dealer=0, end=HandEnd.DEAD)
    s = settle(STANDARD, [won(0, 60), dead, won(1, 10), won(0, 45)], winner=0)
    assert s.hands_won == (2, 1) and s.totals == (105 + 100 + 50, 10 + 25)


def test_a_hands_points_to_each_seat_are_the_scorers_and_their_opposite():
    bonus = HandResult(number=1, dealer=0, end=HandEnd.GIN, knocker=1, scorer=1, bonus=25,
                       difference=12)
    assert (bonus.points_to(0), bonus.points_to(1)) == (-37, 37)
    assert (won(0, 18).points_to(0), won(0, 18).points_to(1)) == (18, -18)
    dead = HandResult(number=2, dealer=0, end=HandEnd.DEAD)
    assert (dead.points_to(0), dead.points_to(1)) == (0, 0)


@pytest.mark.parametrize("ruleset", [CLASSIC, QUICK])
def test_presets_without_settlement_keep_the_hand_points(ruleset):
    s = settle(ruleset, [won(0, 30), won(0, 40)], winner=0)
    assert s.totals == (70, 0) and s.game_bonus == 0 and s.box_bonus == (0, 0)
    assert not s.shutout


def test_presets_match_the_rules_table():
    assert (STANDARD.target, STANDARD.settlement, STANDARD.next_dealer) == (
        100, True, NextDealer.WINNER)
    assert (CLASSIC.target, CLASSIC.settlement, CLASSIC.next_dealer) == (
        100, False, NextDealer.LOSER)
    assert (QUICK.target, QUICK.settlement, QUICK.next_dealer) == (50, False, NextDealer.LOSER)
    for rules in (STANDARD, CLASSIC, QUICK):
        assert (rules.knock_limit, rules.gin_bonus, rules.undercut_bonus) == (10, 25, 25)
        assert (rules.dead_hand_stock, rules.game_bonus, rules.box_bonus) == (2, 100, 25)
        assert rules.shutout_multiplier == 2


KNOCKER = "2S 3S 4S 5S 9H 9D 9C AH AD 8C"  # deadwood 10
LOOSE = "KH QD JS TH 7C 6D 4H 3C KD QC"  # deadwood 80: the knock scores 70


def person_knocks_for_70(ruleset):
    deck = stacked_deck(KNOCKER, LOOSE, "4C", "KC")
    m = Match.new(ruleset, random.Random(5), deck=deck)
    m.apply(PERSON, PassUpcard())
    m.apply(COMPUTER, PassUpcard())
    m.apply(PERSON, DrawStock())
    m.apply(PERSON, Knock(Card.parse("KC")))
    return m


@pytest.mark.parametrize("ruleset, dealer", [(STANDARD, PERSON), (CLASSIC, COMPUTER)])
def test_next_dealer_follows_the_ruleset(ruleset, dealer):
    m = person_knocks_for_70(ruleset)
    assert m.results[-1].scorer == PERSON
    m.apply(PERSON, NextHand())
    assert m.hand.dealer == dealer and m.hand.turn == 1 - dealer and m.phase is Phase.UPCARD


def test_match_ends_when_a_total_reaches_the_target_exactly():
    m = person_knocks_for_70(Ruleset(name="t70", target=70))
    assert m.phase is Phase.MATCH_OVER
    assert m.settlement is not None and m.settlement.winner == PERSON
    assert m.settlement.totals == (70 * 2 + 100 + 25, 0)
    with pytest.raises(IllegalActionError) as info:
        m.apply(PERSON, NextHand())
    assert info.value.reason is Refusal.MATCH_OVER


def test_match_goes_on_below_the_target():
    m = person_knocks_for_70(Ruleset(name="t71", target=71))
    assert m.phase is Phase.HAND_OVER and m.settlement is None


def test_quick_match_ends_at_fifty():
    m = person_knocks_for_70(QUICK)
    assert m.phase is Phase.MATCH_OVER and m.settlement is not None
    assert m.settlement.totals == (70, 0)
