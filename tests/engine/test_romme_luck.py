"""运气 for Rommé: the luck of a hand's deal and stock draws, on one evaluator (``ai.luck``)."""

import random
from dataclasses import replace

import pytest

from engine_common.luck import Estimate
from romme_engine import ROMME, ROMME_500, InvalidInputError, Match, NextHand, Phase
from romme_engine.ai import make_bot
from romme_engine.ai.luck import (
    DEAL_MEANS,
    deal_means,
    dealt_value,
    draw_luck,
    hand_luck,
    standing,
    table_luck,
)
from romme_engine.ai.rollout import points
from romme_engine.cards import DECK, parse_cards, penalty_total
from romme_engine.hand import Hand
from romme_engine.melds import read_meld
from romme_engine.results import HandEnd

FEW = (4, 2)
"""Stock orders of the deal and of each draw: the site's figures are these with more orders."""


def _played(players: int, seed: int) -> Match:
    """A whole match of normal computers at every seat."""
    match = Match.new(ROMME, players, random.Random(seed))
    bots = [make_bot("normal", random.Random(seed * 10 + s)) for s in range(players)]
    while not match.is_over:
        if match.turn is None:
            match.apply(0, NextHand())
            continue
        match.apply(match.turn, bots[match.turn].choose(match.view(match.turn)))
    return match


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_hands_luck_adds_up_never_changes_and_is_every_seats_from_the_same_play_outs(players):
    match = _played(players, 5)
    for number in range(1, len(match.results) + 1):
        table = table_luck(match, number, FEW)
        assert table_luck(match, number, FEW) == table  # Random(0): never changes
        assert len(table) == players
        assert hand_luck(match, number, number % players, FEW) == table[number % players]
        for luck in table:
            assert luck.total == luck.deal + luck.own_draws + luck.their_draws
            assert luck.error > 0
        # Rommé's points are zero-sum when someone goes out (the winner collects what the
        # others pay); only a stock-out, where everyone pays, takes points off the table.
        # Every seat's values come from the same play-outs, so the seats' draw luck sums to
        # the luck of the stock-out payments: 0 when no play-out ran the stock out three
        # times, as in these hands; the deal's sums to minus the committed means' sum.
        assert sum(luck.own_draws + luck.their_draws for luck in table) == pytest.approx(
            0.0, abs=1e-9)
        means = sum(m.mean for m in DEAL_MEANS[players])
        assert sum(luck.deal for luck in table) == pytest.approx(-means, abs=1e-9)


def test_points_are_zero_sum_when_someone_goes_out_and_not_after_a_stock_out():
    match = _played(4, 5)
    ends = {result.end for result in match.results}
    assert HandEnd.STOCK_OUT not in ends
    for result in match.results:
        assert sum(points(result, seat) for seat in range(4)) == 0
    out = replace(match.results[0], winner=None, end=HandEnd.STOCK_OUT,
                  penalties=match.results[0].hand_values)
    assert sum(points(out, seat) for seat in range(4)) == -sum(out.hand_values)


def _position(players, held, stock, *, turn=0, table=(), opened=None):
    """A hand at ``turn``'s draw: ``held[s]`` seat ``s``'s cards, ``stock`` its cards (the top
    last), the table's melds laid by seat 0."""
    hands = [parse_cards(h) for h in held]
    pile = [c for c in DECK if c not in {*stock, *(c for h in hands for c in h),
                                         *(c for m in table for c in parse_cards(m))}]
    hand = Hand(ROMME, 1, players - 1, hands, list(stock), "test")
    hand.table = [read_meld(parse_cards(m)) for m in table]
    hand.owners = [0] * len(table)
    hand.opened = list(opened or [False] * players)
    hand.discard_pile = pile  # every other card, played long ago
    hand.phase = Phase.DRAW
    hand.turn = turn
    return hand


def test_a_draw_whose_cards_are_all_worth_the_same_has_no_luck():
    # The stock holds the two copies of one card: whichever comes, the hand goes on alike.
    stock = parse_cards("7S 7S'")
    hand = _position(2, ["5S 6S 9D KH", "QH JC 9C 4H 2C"], stock)
    found = draw_luck(hand, 0, random.Random(0), 8)
    assert found == (Estimate(0.0, 0.0), Estimate(0.0, 0.0))


def test_a_planted_lucky_draw_has_positive_luck_and_the_other_seat_the_opposite():
    # Seat 0 has opened (A♣ A♦ A♥ on the table) and holds 5♠ 6♠ 9♦: the 7♠ on the stock lets it
    # lay 5♠ 6♠ 7♠ and go out with 9♦, collecting seat 1's 13 loose cards; most other cards
    # leave it a turn or more from going out.
    held = ["5S 6S 9D", "KH QH JC 9C 7D 4H 2C TS 8H 3D KC QD JS"]
    used = {c for h in held for c in parse_cards(h)} | set(parse_cards("AC AD AH"))
    rest = [c for c in DECK if c not in used and c != parse_cards("7S")[0]][:40]
    hand = _position(2, held, [*rest, *parse_cards("7S")], table=["AC AD AH"],
                     opened=[True, False])
    hand.discard_pile = [c for c in DECK if c not in used and c not in hand.stock]
    mine, theirs = draw_luck(hand, 0, random.Random(0), 16)
    collected = penalty_total(parse_cards(held[1]), ROMME.joker_penalty)
    assert collected == 103
    assert 2 * mine.error < mine.mean <= collected  # lucky, beyond twice its error
    assert theirs.mean == pytest.approx(-mine.mean, abs=1e-9)  # zero-sum: someone went out


def test_a_hands_standing_is_the_mean_penalty_left_minus_the_seats_own():
    # Seat 0: 5♠ 6♠ 9♦ K♥, no meld, 30 left; seat 1: Q♥ J♣ 9♣ 4♥ 2♣, 35 left; mean 32.5.
    hand = _position(2, ["5S 6S 9D KH", "QH JC 9C 4H 2C"], parse_cards("3D 7S"))
    assert standing(hand) == (2.5, -2.5)
    # Seat 0 with 7♠: 5♠ 6♠ 7♠ melds, 9♦ and K♥ left (19); seat 1 keeps its 35; mean 27.
    hand.hands[0] = parse_cards("5S 6S 7S 9D KH")
    assert standing(hand) == (8.0, -8.0)


def test_a_draw_played_short_is_scored_by_the_standing_it_leaves_exactly():
    # One turn: seat 0 draws and throws K♥ (its highest loose card; 5♠ 6♠ 7♠ is 18 points,
    # short of the 30 an opening needs, so it is kept, not laid). With the 7♠ it keeps
    # 5♠ 6♠ 7♠ 9♦: 9 left, standing (9 + 35) / 2 − 9 = 13; with the 3♦, 5♠ 6♠ 9♦ 3♦: 23 left,
    # standing 6. The stock's two cards each come once in 2 orders: the 7♠'s pair differs by
    # 0, the 3♦'s by 7: luck 3.5 ± 3.5 (the mean 13 − (13 + 6) / 2), seat 1 the opposite.
    hand = _position(2, ["5S 6S 9D KH", "QH JC 9C 4H 2C"], parse_cards("3D 7S"))
    mine, theirs = draw_luck(hand, 0, random.Random(0), 2, turns=1)
    assert (mine.mean, mine.error) == pytest.approx((3.5, 3.5))
    assert (theirs.mean, theirs.error) == pytest.approx((-3.5, 3.5))


def test_the_dealt_value_is_every_seats_and_never_changes():
    hand = Hand.deal(ROMME, 1, 2, 3, list(DECK), "deal")
    first = dealt_value(hand, random.Random(0), 6)
    assert dealt_value(hand, random.Random(0), 6) == first
    assert len(first) == 3 and all(v.error > 0 for v in first)
    assert sum(v.mean for v in first) == pytest.approx(0.0, abs=1e-9)  # nobody ran out


def test_the_deal_means_are_by_table_size_and_seat_and_only_for_measured_hand_rules():
    assert [len(DEAL_MEANS[n]) for n in (2, 3, 4)] == [2, 3, 4]
    assert deal_means(ROMME_500, 3) == deal_means(ROMME, 3) == DEAL_MEANS[3]
    with pytest.raises(InvalidInputError):
        deal_means(replace(ROMME, opening=40), 3)


def test_luck_is_refused_for_too_few_orders_a_draw_not_due_or_a_hand_not_over():
    match = _played(2, 3)
    with pytest.raises(InvalidInputError):
        hand_luck(match, 1, 0, (1, 2))
    with pytest.raises(InvalidInputError):
        table_luck(match, 1, FEW, turns=0)  # a draw's play-out holds at least its own turn
    with pytest.raises(InvalidInputError):
        hand_luck(match, len(match.results) + 1, 0, FEW)
    hand = _position(2, ["5S 6S 9D KH", "QH JC 9C 4H 2C"], parse_cards("7S 7S'"))
    with pytest.raises(InvalidInputError):
        draw_luck(hand, 1, random.Random(0), 4)  # seat 0's draw is due
