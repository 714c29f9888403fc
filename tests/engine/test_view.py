"""A player's view holds what that player may know and nothing more (the checks over random
play, for both engines, are in ``test_conformance.py``), and answers the table's questions."""

import random

from gin_engine import (
    HU,
    STANDARD,
    Card,
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    HandEnd,
    Knock,
    Match,
    PassUpcard,
    PileCard,
    TakeUpcard,
    endings,
    legal_actions,
    parse_cards,
)
from gin_engine.deck import stacked_deck
from tests.engine.engine_play import play_match


def test_two_states_that_differ_only_in_hidden_cards_give_equal_views():
    person = "2S 3S 4S 5S 9H 9D 9C AH AD 8C"
    a = stacked_deck(person, "KH QD JS TH 7C 6D 4H 3C KD QC", "4C", "KC 2H")
    b = stacked_deck(person, "KH QD JS TH 7C 6D 4H 3C KD JC", "4C", "KC 2H")  # QC <-> JC
    m1 = Match.new(STANDARD, random.Random(0), deck=a)
    m2 = Match.new(STANDARD, random.Random(0), deck=b)
    assert m1.view(0) == m2.view(0)
    assert m1.view(1) != m2.view(1)


def _deal_for_endings() -> Match:
    """Seat 0 (non-dealer) holds 2S-5S, three nines, AH 2H and KD; the stock gives it 3H."""
    deck = stacked_deck(
        "2S 3S 4S 5S 9H 9D 9C AH 2H KD", "KH QD JS TH 7C 6D 4H 3C QC 8S", "4C", "3H 5D 6S"
    )
    return Match.new(STANDARD, random.Random(0), deck=deck)


def test_discardable_is_the_hand_but_the_card_taken_this_turn():
    m = _deal_for_endings()
    m.apply(0, TakeUpcard())
    view = m.view(0)
    assert view.taken_card == Card.parse("4C")
    assert view.discardable == tuple(parse_cards("2S 3S 4S 5S AH 2H 9H 9D KD 9C"))
    assert Card.parse("4C") in view.hand
    assert m.view(1).discardable == ()  # not its turn


def test_discardable_is_the_whole_hand_after_a_stock_draw_and_empty_before_the_draw():
    m = _deal_for_endings()
    m.apply(0, PassUpcard())
    m.apply(1, PassUpcard())
    assert m.view(0).discardable == ()  # the draw comes first
    m.apply(0, DrawStock())
    assert m.view(0).discardable == m.view(0).hand
    assert len(m.view(0).discardable) == 11


def test_endings_offer_gin_once_and_the_knocks_within_the_limit():
    m = _deal_for_endings()
    m.apply(0, PassUpcard())
    m.apply(1, PassUpcard())
    m.apply(0, DrawStock())  # 3H: AH 2H 3H is a run, KD the only deadwood
    view = m.view(0)
    # KD leaves no deadwood: gin (a knock with it is gin too, so no Knock(KD)); 2S or 5S
    # leave the KD's 10 points, exactly the knock limit; every other card leaves more.
    two, five, king = parse_cards("2S 5S KD")
    assert endings(view) == [Knock(two), Knock(five), Gin(king)]
    assert Knock(Card.parse("KD")) in legal_actions(view)
    assert endings(m.view(1)) == []
    m.apply(0, Knock(Card.parse("KD")))  # the knock with the gin card is scored as gin
    assert m.results[-1].end is HandEnd.GIN


def test_the_pile_history_marks_who_laid_each_card_and_who_took_it_back():
    m = _deal_for_endings()
    m.apply(0, PassUpcard())
    m.apply(1, PassUpcard())
    m.apply(0, DrawStock())
    m.apply(0, Discard(Card.parse("KD")))
    m.apply(1, DrawDiscard())
    m.apply(1, Discard(Card.parse("8S")))
    expected = (
        PileCard(None, Card.parse("4C")),
        PileCard(0, Card.parse("KD"), taken_by=1),
        PileCard(1, Card.parse("8S")),
    )
    assert m.view(0).pile_history == expected
    assert m.view(1).pile_history == expected
    assert m.view(0).discard_pile == (Card.parse("4C"), Card.parse("8S"))


def test_a_taken_upcard_stays_first_in_the_pile_history():
    m = _deal_for_endings()
    m.apply(0, TakeUpcard())
    m.apply(0, Discard(Card.parse("KD")))
    assert m.view(1).pile_history == (
        PileCard(None, Card.parse("4C"), taken_by=0),
        PileCard(0, Card.parse("KD")),
    )
    assert m.view(1).discard_pile == (Card.parse("KD"),)


def test_under_dealer_discards_the_pile_history_starts_with_the_dealers_discard():
    deck = stacked_deck(
        "2S 3S 4S 5S 9H 9D 9C AH 2H KD", "KH QD JS TH 7C 6D 4H 3C QC 8S", "4C", "3H 5D 6S"
    )
    m = Match.new(HU, random.Random(0), deck=deck)
    assert m.view(1).discardable == tuple(parse_cards("8S JS 4H TH KH 6D QD 3C 4C 7C QC"))
    m.apply(1, Discard(Card.parse("4C")))
    assert m.view(0).pile_history == (PileCard(1, Card.parse("4C")),)


def test_a_match_is_over_once_it_is_settled():
    m = Match.new(STANDARD, random.Random(5))
    assert m.is_over is False
    play_match(m, random.Random(5))
    assert m.is_over is True and m.settlement is not None
    assert Match.from_dict(m.to_dict()).is_over is True
