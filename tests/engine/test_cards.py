import dataclasses

import pytest

from gin_engine import DECK, Card, InvalidCardError, InvalidInputError, format_cards, parse_cards
from gin_engine.cards import RANK_BITS, bit_indices, from_mask, to_mask


def test_every_card_round_trips_through_its_code():
    assert len(DECK) == 52
    for card in DECK:
        assert Card.parse(str(card)) is card
        assert Card.from_index(card.index) is card


@pytest.mark.parametrize(
    "text, code", [("TS", "TS"), ("10S", "TS"), ("T♠", "TS"), ("10♠", "TS"), ("7♥", "7H"),
                   ("ad", "AD"), (" kc ", "KC"), ("Q♣", "QC"), ("2♦", "2D")]
)
def test_parse_accepts_ten_as_10_and_suit_symbols(text, code):
    assert str(Card.parse(text)) == code


@pytest.mark.parametrize("bad", ["", "1S", "11S", "ZS", "7X", "7", "7SS", "♠7", "10", "AS ", "S7"])
def test_malformed_card_text_is_an_input_error(bad):
    if bad == "AS ":
        assert str(Card.parse(bad)) == "AS"  # surrounding blanks are tolerated
        return
    with pytest.raises(InvalidCardError) as info:
        Card.parse(bad)
    assert isinstance(info.value, InvalidInputError)
    assert repr(bad) in str(info.value)


def test_values_ace_one_faces_ten():
    values = {str(c): c.value for c in DECK if c.suit == 0}
    assert values == {"AS": 1, "2S": 2, "3S": 3, "4S": 4, "5S": 5, "6S": 6, "7S": 7, "8S": 8,
                      "9S": 9, "TS": 10, "JS": 10, "QS": 10, "KS": 10}


def test_cards_are_immutable_interned_values():
    card = Card.parse("7S")
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.rank = 3  # type: ignore[misc]
    assert Card(0, 6) is card
    assert {card: 1}[Card.parse("7♠")] == 1


def test_display_uses_symbols_and_red_suits():
    assert Card.parse("TH").symbol == "10♥"
    assert Card.parse("TH").is_red and Card.parse("QD").is_red
    assert not Card.parse("QS").is_red and not Card.parse("2C").is_red


def test_card_lists_and_masks_round_trip():
    cards = parse_cards("7S 8S, 9S AH")
    assert format_cards(cards) == "7S 8S 9S AH"
    assert from_mask(to_mask(cards)) == sorted(cards)


def test_rank_bits_are_the_four_cards_of_a_rank():
    assert RANK_BITS == to_mask(parse_cards("AS AH AD AC"))
    assert RANK_BITS << 12 == to_mask(parse_cards("KS KH KD KC"))


def test_bit_indices_lists_set_bits_lowest_first():
    assert list(bit_indices(0)) == []
    assert list(bit_indices(0b101001)) == [0, 3, 5]
    assert list(bit_indices(to_mask(parse_cards("KC 2S TH")))) == [1, 22, 51]
