"""Melds, deadwood, arrangements and discards, checked against a slow brute force written here."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_engine.cards import DECK, Card, parse_cards, to_mask
from gin_engine.errors import InvalidInputError
from gin_engine.melds import (
    Meld,
    MeldKind,
    arrange,
    arrange_mask,
    best_discards,
    checked_mask,
    deadwood,
    deadwood_mask,
    discard_options,
    knock_arrangements,
    meld_candidates,
    meld_kind,
)
from tests.engine.meld_reference import brute_deadwood, is_meld, value

SETTINGS = settings(derandomize=True, max_examples=500, deadline=None)


def all_melds(cards: frozenset[Card]) -> list[frozenset[Card]]:
    ordered = sorted(cards, key=lambda c: (c.suit, c.rank))
    return [
        frozenset(combo)
        for size in range(3, len(ordered) + 1)
        for combo in combinations(ordered, size)
        if is_meld(frozenset(combo))
    ]


def brute_arrangements(cards: frozenset[Card]) -> list[tuple[frozenset[frozenset[Card]], int]]:
    """Every set of disjoint melds with its deadwood."""
    melds = all_melds(cards)
    found = []

    def extend(start: int, used: frozenset[Card], chosen: list[frozenset[Card]]) -> None:
        found.append((frozenset(chosen), sum(value(c) for c in cards - used)))
        for i in range(start, len(melds)):
            if not melds[i] & used:
                extend(i + 1, used | melds[i], [*chosen, melds[i]])

    extend(0, frozenset(), [])
    return found


# ---- hand generators --------------------------------------------------------------------------
@st.composite
def hands(draw: st.DrawFn, size: int = 10) -> list[Card]:
    """Half the time a dense window of five ranks, so sets and runs are common."""
    if draw(st.booleans()):
        low = draw(st.integers(0, 8))
        pool = [c for c in DECK if low <= c.rank < low + 5]
    else:
        pool = list(DECK)
    return draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))


def cards(text: str) -> list[Card]:
    return parse_cards(text)


# ---- rule examples ------------------------------------------------------------------------------
def test_run_beats_set_of_sevens_seed_001() -> None:
    hand = cards("7H 7S 7D 8H 9H")
    assert deadwood(hand) == 14
    best = arrange(hand)
    assert [str(m) for m in best.melds] == ["7H 8H 9H"]
    assert [str(c) for c in best.deadwood_cards] == ["7S", "7D"]


def test_run_beats_set_with_filler_seed_000() -> None:
    hand = cards("7S 8S 9S 7H 7D KC QD 2H 4C 5D")
    assert deadwood(hand) == 7 + 7 + 10 + 10 + 2 + 4 + 5
    assert [str(m) for m in arrange(hand).melds] == ["7S 8S 9S"]


def test_queen_king_ace_is_not_a_run() -> None:
    assert deadwood(cards("QS KS AS")) == 21
    assert deadwood(cards("KS AS 2S")) == 13
    assert deadwood(cards("AS 2S 3S")) == 0
    with pytest.raises(InvalidInputError):
        Meld.from_mask(to_mask(cards("QS KS AS")))


def test_four_set_and_its_three_subsets_are_candidates() -> None:
    fours = cards("7S 7H 7D 7C")
    found = meld_candidates(to_mask(fours))
    assert found == sorted([to_mask(fours)] + [to_mask(fours) ^ c.bit for c in fours])
    assert all(Meld.from_mask(m).kind is MeldKind.SET for m in found)


def test_four_set_gives_a_card_to_a_run() -> None:
    hand = cards("7S 7H 7D 7C 8S 9S")
    assert deadwood(hand) == 0
    assert sorted(str(m) for m in arrange(hand).melds) == ["7H 7D 7C", "7S 8S 9S"]


def test_every_sub_run_is_a_candidate() -> None:
    found = meld_candidates(to_mask(cards("3D 4D 5D 6D 7D")))
    assert len(found) == 3 + 2 + 1


def test_meld_round_trip_and_order() -> None:
    meld = Meld(MeldKind.RUN, tuple(cards("9S 7S 8S")))
    assert str(meld) == "7S 8S 9S"
    assert meld.points == 24
    assert Meld.from_mask(meld.mask) == meld
    assert str(Meld.from_mask(to_mask(cards("5C 5S 5D")))) == "5S 5D 5C"


@pytest.mark.parametrize(
    "text", ["7S 8S", "7S 8H 9S", "7S 8S 9S 7H", "AS AH AD AC 2S", "JS QS KS AS"]
)
def test_not_a_meld_is_refused(text: str) -> None:
    with pytest.raises(InvalidInputError):
        Meld.from_mask(to_mask(cards(text)))
    with pytest.raises(InvalidInputError):
        Meld(MeldKind.RUN, tuple(cards(text)))


def test_malformed_hands_are_refused() -> None:
    seven = Card.parse("7S")
    with pytest.raises(InvalidInputError):
        deadwood([seven, seven])
    with pytest.raises(InvalidInputError):
        deadwood(["7S"])  # type: ignore[list-item]
    with pytest.raises(InvalidInputError):
        deadwood(-1)
    with pytest.raises(InvalidInputError):
        deadwood(DECK[:12])
    with pytest.raises(InvalidInputError):
        discard_options([])  # any hand size after a draw, but not an empty one
    with pytest.raises(InvalidInputError):
        best_discards(DECK[:11], exclude=Card.parse("KC"))


def test_empty_and_all_melded_hands() -> None:
    assert deadwood([]) == 0
    assert arrange(0).melds == ()
    assert deadwood(cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS")) == 0
    assert len(arrange(cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS")).melds) == 1


def test_best_discards_never_the_excluded_card() -> None:
    hand = cards("7S 8S 9S 7H 7D 7C 4H 5D 2C 3C QS")
    assert [str(c) for c in best_discards(hand)] == ["QS"]
    queen = Card.parse("QS")
    assert [str(c) for c in best_discards(hand, exclude=queen)] == ["5D"]
    assert dict(discard_options(hand))[queen] == 4 + 5 + 2 + 3


# ---- properties against the brute force ----------------------------------------------------------
@SETTINGS
@given(hands(size=10))
def test_deadwood_matches_brute_force(hand: list[Card]) -> None:
    expected = brute_deadwood(frozenset(hand))
    assert deadwood(hand) == expected
    assert deadwood(to_mask(hand)) == expected
    assert deadwood_mask(to_mask(hand)) == expected


@SETTINGS
@given(hands(size=11))
def test_deadwood_of_eleven_cards_matches_brute_force(hand: list[Card]) -> None:
    assert deadwood(hand) == brute_deadwood(frozenset(hand))


@SETTINGS
@given(hands(size=10))
def test_arrange_is_a_valid_minimum(hand: list[Card]) -> None:
    best = arrange(hand)
    melded = [c for m in best.melds for c in m.cards]
    assert len(melded) == len(set(melded))
    assert sorted(melded + list(best.deadwood_cards)) == sorted(hand)
    assert all(is_meld(frozenset(m.cards)) for m in best.melds)
    assert best.deadwood == sum(value(c) for c in best.deadwood_cards)
    assert best.deadwood == brute_deadwood(frozenset(hand))
    assert [min(c.index for c in m.cards) for m in best.melds] == sorted(
        min(c.index for c in m.cards) for m in best.melds
    )
    assert list(best.deadwood_cards) == sorted(best.deadwood_cards, key=lambda c: (c.rank, c.suit))
    assert arrange(list(reversed(hand))) == best


@SETTINGS
@given(hands(size=11))
def test_discard_options_match_brute_force(hand: list[Card]) -> None:
    options = discard_options(hand)
    assert [c for c, _ in options] == sorted(hand, key=lambda c: c.index)
    for card, dw in options:
        assert dw == brute_deadwood(frozenset(hand) - {card})
    least = min(dw for _, dw in options)
    assert best_discards(hand) == [c for c, dw in options if dw == least]


@settings(derandomize=True, max_examples=150, deadline=None)
@given(hands(size=10))
def test_meld_candidates_and_knock_arrangements_match_brute_force(hand: list[Card]) -> None:
    held = frozenset(hand)
    expected_melds = sorted(to_mask(m) for m in all_melds(held))
    assert meld_candidates(to_mask(hand)) == expected_melds
    expected = {melds for melds, dw in brute_arrangements(held) if dw <= 10}
    found = knock_arrangements(hand, 10)
    got = [frozenset(frozenset(m.cards) for m in a.melds) for a in found]
    assert len(got) == len(set(got))
    assert set(got) == expected
    assert [a.deadwood for a in found] == sorted(a.deadwood for a in found)


@SETTINGS
@given(st.integers(0, 10), st.integers(10, 11), st.randoms(use_true_random=False))
def test_deadwood_of_set_heavy_hands_matches_brute_force(
    low: int, size: int, rng: random.Random
) -> None:
    """Three ranks, all four suits: two or three ranks held three or four times at once."""
    pool = [c for c in DECK if low <= c.rank < low + 3]
    hand = rng.sample(pool, size)
    assert deadwood_mask(to_mask(hand)) == brute_deadwood(frozenset(hand))


def test_deadwood_on_many_seeded_random_hands() -> None:
    rng = random.Random(2024)
    for _ in range(300):
        hand = rng.sample(DECK, rng.randint(0, 11))
        assert deadwood(hand) == brute_deadwood(frozenset(hand))


def test_meld_kind_names_exactly_the_melds() -> None:
    def kind(text: str) -> MeldKind | None:
        return meld_kind(to_mask(parse_cards(text)))

    assert kind("7S 7H 7D") is MeldKind.SET
    assert kind("7S 7H 7D 7C") is MeldKind.SET
    assert kind("AS 2S 3S 4S") is MeldKind.RUN
    assert kind("QS KS AS") is None
    assert kind("7S 7H") is None
    assert kind("7S 8S 9S 9H") is None


def test_checked_mask_refuses_what_is_not_a_hand() -> None:
    assert checked_mask(parse_cards("7S 8S")) == to_mask(parse_cards("7S 8S"))
    with pytest.raises(InvalidInputError):
        checked_mask([Card.parse("7S"), Card.parse("7S")])
    with pytest.raises(InvalidInputError):
        checked_mask(1 << 52)
    with pytest.raises(InvalidInputError):
        checked_mask(parse_cards("AS 2S 3S 4S 5S"), limit=4)


def test_arrange_mask_is_arrange_without_the_check() -> None:
    rng = random.Random(7)
    for _ in range(200):
        hand = rng.sample(DECK, 10)
        assert arrange_mask(to_mask(hand)) == arrange(hand)
