import pytest

from romme_engine import DECK, Card, InvalidCardError, format_cards, parse_cards
from romme_engine.cards import decode_cards, encode_cards, penalty, position_value, rank_value


def test_the_deck_holds_110_distinct_cards_two_decks_and_six_jokers():
    assert len(DECK) == 110
    assert len({str(c) for c in DECK}) == 110
    assert sum(c.is_joker for c in DECK) == 6
    naturals = [c for c in DECK if not c.is_joker]
    assert len({c.kind for c in naturals}) == 52
    assert all(sum(1 for c in naturals if c.kind == k) == 2 for k in range(52))


def test_copies_are_distinct_in_notation_and_equal_in_face():
    first, second = Card.parse("7S"), Card.parse("7S'")
    assert first != second
    assert (first.suit, first.rank, first.kind) == (second.suit, second.rank, second.kind)
    assert first.symbol == second.symbol == "7♠"
    assert Card.parse("7♠'") == second and Card.parse("10♠'") == Card.parse("TS'")
    assert Card.parse("jk3") == Card(106) and Card(106).is_joker


def test_every_card_round_trips_through_its_code_and_the_snapshot_form():
    assert parse_cards(format_cards(DECK)) == list(DECK)
    assert decode_cards(encode_cards(DECK)) == list(DECK)


# A joker's number in other digits (Arabic-Indic, full-width, superscript) is no number.
@pytest.mark.parametrize(
    "text", ["", "1S", "7X", "JK0", "JK7", "7S''", "ZZZ", "JK\u0661", "JK\uff11", "JK\u00b2"]
)
def test_unreadable_cards_are_invalid_input(text):
    with pytest.raises(InvalidCardError):
        Card.parse(text)


def test_penalties_joker_20_ace_11_faces_10_else_face_value():
    codes = ["JK1", "AS", "KH", "QD", "JC", "TS", "7H", "2C"]
    values = {code: penalty(Card.parse(code), 20) for code in codes}
    assert values == {"JK1": 20, "AS": 11, "KH": 10, "QD": 10, "JC": 10, "TS": 10, "7H": 7, "2C": 2}


def test_meld_values_ace_low_1_ace_high_11_faces_10():
    assert position_value(1) == 1
    assert position_value(14) == 11
    assert [position_value(p) for p in range(2, 14)] == [2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    assert rank_value(0) == 11


def test_hearts_and_diamonds_are_red_in_both_copies_and_a_joker_is_not():
    red = {str(c) for c in DECK if c.is_red}
    assert len(red) == 52
    assert {"AH", "AH'", "KD", "KD'", "7H"} <= red
    assert not {"AS", "KC'", "JK1", "JK6"} & red
