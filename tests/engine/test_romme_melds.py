import pytest

from romme_engine import End, MeldKind, lay_off_options, meld_options, parse_cards, read_meld
from romme_engine.melds import swap_joker


def meld(text):
    return read_meld(parse_cards(text))


@pytest.mark.parametrize(
    ("cards", "value"),
    [
        ("JC QC KC", 30),  # the seed's opening
        ("AS AH AD", 33),
        ("9H 9D JK1", 27),  # joker counts as the nine it stands for
        ("AS 2S 3S", 6),  # ace low counts 1
        ("QS KS AS", 31),  # ace high counts 11
        ("5S JK1 7S", 18),
        ("JK1 QS KS", 30),  # joker as the jack
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", 85),
        ("8S 8H 8D 8C", 32),
    ],
)
def test_meld_values_for_the_opening(cards, value):
    found = meld(cards)
    assert found is not None
    assert found.value == value


def test_round_the_corner_is_refused_in_any_order():
    assert meld("KC AC 2C") is None
    assert meld_options(parse_cards("KC AC 2C")) == []
    assert meld_options(parse_cards("QC KC JK1 2C")) == []


def test_a_run_holds_one_ace():
    assert meld("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS'") is None
    assert meld_options(parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS'")) == []
    assert meld("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS").value == 95


def test_a_set_never_holds_two_identical_cards():
    assert meld("8S 8S' 8H") is None
    assert meld_options(parse_cards("8S 8S' 8H")) == []
    assert meld("8S 8H 8D").kind is MeldKind.SET


def test_two_adjacent_jokers_are_refused_in_a_run():
    assert meld("4S 5S JK1 JK2 8S 9S") is None
    assert meld("4S JK1 6S JK2 8S").value == 30


def test_a_set_holds_at_most_one_joker_and_more_naturals_than_jokers():
    assert meld("8S 8H JK1 JK2") is None
    assert meld("8S 8H 8D JK1").value == 32
    assert meld("JK1 5S JK2") is None
    assert meld("5S 6S JK1 JK2") is None
    assert meld("8S 8H 8D 8C JK1") is None  # a set holds four cards at most


def test_runs_need_one_suit_and_three_cards():
    assert meld("5S 6S") is None
    assert meld("5S 6H 7S") is None
    assert meld("5S 7S 8S") is None


def test_an_ambiguous_joker_is_offered_as_choices():
    options = meld_options(parse_cards("JK1 5S 6S"))
    assert sorted((m.low, m.value) for m in options) == [(4, 15), (5, 18)]
    ends = meld_options(parse_cards("QS KS JK1"))
    assert sorted((m.low, m.value) for m in ends) == [(11, 30), (12, 31)]
    assert [m.stands_for(m.cards.index(parse_cards("JK1")[0])) for m in ends if m.low == 12] == [
        (0, 0)
    ]


def test_lay_off_at_either_end_of_a_run_and_into_a_set():
    run = meld("JC QC KC")
    assert list(lay_off_options(run, parse_cards("AC")[0])) == [End.HIGH]
    assert list(lay_off_options(run, parse_cards("TC")[0])) == [End.LOW]
    assert lay_off_options(run, parse_cards("9C")[0]) == {}
    assert set(lay_off_options(run, parse_cards("JK2")[0])) == {End.LOW, End.HIGH}
    long = meld("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS")
    assert set(lay_off_options(long, parse_cards("AS")[0])) == {End.LOW, End.HIGH}
    three = meld("9H 9D 9S")
    assert list(lay_off_options(three, parse_cards("9C")[0])) == [None]
    assert lay_off_options(three, parse_cards("9H'")[0]) == {}
    with_joker = meld("9H 9D JK1")
    assert lay_off_options(with_joker, parse_cards("JK2")[0]) == {}


def test_joker_swap_takes_the_card_it_stands_for():
    run = meld("5S JK1 7S")
    swapped = swap_joker(run, parse_cards("6S'")[0])
    assert swapped is not None
    new, joker = swapped
    assert str(joker) == "JK1" and new.jokers == 0 and new.value == 18
    assert swap_joker(run, parse_cards("6H")[0]) is None
    a_set = meld("9H 9D JK1")
    assert swap_joker(a_set, parse_cards("9S")[0]) is not None
    assert swap_joker(a_set, parse_cards("9C")[0]) is not None
    assert swap_joker(a_set, parse_cards("9H'")[0]) is None
