"""Lay-offs and the knocker's arrangement, checked against a slow brute force written here."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_engine.cards import DECK, Card, parse_cards, to_mask
from gin_engine.errors import InvalidInputError
from gin_engine.layoff import LayOffResult, knocker_arrangement, lay_off
from gin_engine.melds import Meld, arrange, deadwood, knock_arrangements
from tests.engine.meld_reference import brute_deadwood, is_meld, value

MeldSet = frozenset[Card]


# ---- brute force reference: lay cards off one at a time while the result stays a meld --------
@cache
def brute_lay_off(rest: MeldSet, knocker: tuple[MeldSet, ...]) -> int:
    best = brute_deadwood(rest)
    for card in rest:
        for i, meld in enumerate(knocker):
            if is_meld(meld | {card}):
                grown = (*knocker[:i], meld | {card}, *knocker[i + 1 :])
                best = min(best, brute_lay_off(rest - {card}, grown))
    return best


def defender_deadwood(defender: list[Card], melds: tuple[Meld, ...]) -> int:
    return brute_lay_off(frozenset(defender), tuple(frozenset(m.cards) for m in melds))


def check_result(result: LayOffResult, defender: list[Card], knocker: tuple[Meld, ...]) -> None:
    """The result uses each defender card once, and its lay-offs can really be played."""
    own = [c for m in result.melds for c in m.cards]
    laid = [lo.card for lo in result.lay_offs]
    assert sorted(own + laid + list(result.deadwood_cards)) == sorted(defender)
    assert all(is_meld(frozenset(m.cards)) for m in result.melds)
    assert result.deadwood == sum(value(c) for c in result.deadwood_cards)
    table = [frozenset(m.cards) for m in knocker]
    pending = list(result.lay_offs)
    while pending:
        playable = [lo for lo in pending if is_meld(table[lo.meld_index] | {lo.card})]
        assert playable, f"lay-offs that cannot be played: {pending}"
        for lo in playable:
            if is_meld(table[lo.meld_index] | {lo.card}):
                table[lo.meld_index] = table[lo.meld_index] | {lo.card}
                pending.remove(lo)


def melds(*texts: str) -> tuple[Meld, ...]:
    return tuple(Meld.from_mask(to_mask(parse_cards(t))) for t in texts)


def laid(result: LayOffResult) -> list[tuple[str, int]]:
    return [(str(lo.card), lo.meld_index) for lo in result.lay_offs]


# ---- rule examples ------------------------------------------------------------------------------
def test_both_ends_of_a_club_run_seed_000() -> None:
    defender = parse_cards("6C TC 4D 2S 2H 2D TH JH QH KH")
    assert deadwood(defender) == 20
    result = lay_off(defender, melds("7C 8C 9C"))
    assert result.deadwood == 4
    assert laid(result) == [("6C", 0), ("TC", 0)]
    assert [str(c) for c in result.deadwood_cards] == ["4D"]


def test_breaking_own_set_to_lay_off_seed_003() -> None:
    knocker = melds("2H 3H 4H", "2C 3C 4C")
    defender = parse_cards("5H 5C 5S 6H 6C")
    assert deadwood(defender) == 12
    result = lay_off(defender, knocker)
    assert result.deadwood == 5
    assert laid(result) == [("5H", 0), ("6H", 0), ("5C", 1), ("6C", 1)]
    assert [str(c) for c in result.deadwood_cards] == ["5S"]
    full = lay_off(parse_cards("5H 5C 5S 6H 6C TD JD QD KD AS"), knocker)
    assert full.deadwood == 6
    assert [str(m) for m in full.melds] == ["TD JD QD KD"]


def test_chained_run_extension_both_ways() -> None:
    defender = parse_cards("3S 4S 8S 9S KH KD QC JC 2H 2D")
    result = lay_off(defender, melds("5S 6S 7S"))
    assert laid(result) == [("3S", 0), ("4S", 0), ("8S", 0), ("9S", 0)]
    assert result.deadwood == 44


def test_fourth_card_of_a_set() -> None:
    result = lay_off(parse_cards("9H KC"), melds("9S 9D 9C"))
    assert laid(result) == [("9H", 0)]
    assert result.deadwood == 10


def test_no_lay_off_across_ranks_or_around_the_ace() -> None:
    assert lay_off(parse_cards("TS 8H"), melds("9S 9D 9C")).lay_offs == ()
    assert lay_off(parse_cards("KS 4H"), melds("AS 2S 3S")).lay_offs == ()
    assert lay_off(parse_cards("AS"), melds("JS QS KS")).lay_offs == ()


def test_card_needed_by_a_chain_goes_to_the_run_not_the_set() -> None:
    result = lay_off(parse_cards("7S 8S KC"), melds("7H 7D 7C", "4S 5S 6S"))
    assert laid(result) == [("7S", 1), ("8S", 1)]
    assert result.deadwood == 10


def test_defender_keeps_its_own_meld_on_a_tie() -> None:
    result = lay_off(parse_cards("6S 7S 8S KC"), melds("3S 4S 5S", "9S TS JS"))
    assert result.lay_offs == ()
    assert [str(m) for m in result.melds] == ["6S 7S 8S"]


def test_lay_off_refuses_overlapping_cards() -> None:
    with pytest.raises(InvalidInputError):
        lay_off(parse_cards("7C KD"), melds("7C 8C 9C"))
    with pytest.raises(InvalidInputError):
        lay_off(parse_cards("KD"), melds("7C 8C 9C", "7C 7H 7D"))


def test_knocker_splits_a_run_to_block_a_lay_off() -> None:
    knocker = parse_cards("4S 5S 6S 7S KS KH KD KC AH AD")
    defender = parse_cards("8S 9H JD QC 2D 3C 5H 6D TC 9D")
    best = knocker_arrangement(knocker, defender, 10, 25)
    assert [str(m) for m in best.melds] == ["4S 5S 6S", "KS KH KD KC"]
    assert best.deadwood == 9  # 7S kept back so 8S has nowhere to go: 72 - 9 = 63 beats 62


def test_knocker_keeps_the_long_run_when_nothing_is_blocked() -> None:
    knocker = parse_cards("4S 5S 6S 7S KS KH KD KC AH AD")
    defender = parse_cards("9S 9H JD QC 2D 3C 5H 6D TC 8D")
    assert [str(m) for m in knocker_arrangement(knocker, defender, 10, 25).melds] == [
        "4S 5S 6S 7S",
        "KS KH KD KC",
    ]


def test_gin_takes_the_full_arrangement() -> None:
    knocker = parse_cards("AS 2S 3S 4S 7H 7D 7C KS KH KD")
    defender = parse_cards("5S 7S 9H JD QC 2D 3C 5H 6D TC")
    assert knocker_arrangement(knocker, defender, 10, 25) == arrange(knocker)


def test_knocker_arrangement_refuses_a_hand_that_cannot_knock() -> None:
    with pytest.raises(InvalidInputError):
        knocker_arrangement(parse_cards("KS QH JD TC 9S 8H 7D 6C 5S 4H"), DECK[40:50], 10, 25)


# ---- properties against the brute force ----------------------------------------------------------
@st.composite
def deals(draw: st.DrawFn) -> tuple[list[Card], list[Card]]:
    """Knocker and defender hands from a window of six ranks, so lay-offs are common."""
    low = draw(st.integers(0, 7))
    pool = [c for c in DECK if low <= c.rank < low + 6]
    shuffled = draw(st.permutations(pool))
    return list(shuffled[:10]), list(shuffled[10:20])


@settings(derandomize=True, max_examples=400, deadline=None)
@given(deals(), st.integers(0, 50))
def test_lay_off_matches_brute_force(deal: tuple[list[Card], list[Card]], pick: int) -> None:
    knocker_cards, defender = deal
    options = knock_arrangements(knocker_cards, 100)
    knocker = options[pick % len(options)].melds
    result = lay_off(defender, knocker)
    assert result.deadwood == defender_deadwood(defender, knocker)
    check_result(result, defender, knocker)
    assert lay_off(to_mask(defender), list(knocker)) == result


def _score(kn: int, de: int, undercut_bonus: int) -> int:
    return de - kn if kn < de else -(undercut_bonus + kn - de)


def test_knocker_arrangement_matches_brute_force() -> None:
    rng = random.Random(7)
    checked = 0
    while checked < 150:
        low = rng.randint(0, 7)
        pool = [c for c in DECK if low <= c.rank < low + 6]
        rng.shuffle(pool)
        knocker, defender = pool[:10], pool[10:20]
        if deadwood(knocker) > 10:
            continue
        checked += 1
        chosen = knocker_arrangement(knocker, defender, 10, 25)
        if chosen.deadwood == 0:
            assert chosen == arrange(knocker)
            continue
        options = knock_arrangements(knocker, 10)
        assert chosen in options
        scores = {
            a: _score(a.deadwood, defender_deadwood(defender, a.melds), 25) for a in options
        }
        top = max(scores.values())
        assert scores[chosen] == top
        assert chosen.deadwood == min(a.deadwood for a, s in scores.items() if s == top)
