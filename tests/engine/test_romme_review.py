"""Rommé's 复盘: the record that replays a finished hand, the review of each decision in points,
and what a review may name."""

import json
import random
from dataclasses import fields, is_dataclass, replace

import pytest

from engine_common.fairness import deal_seed
from engine_common.review import label
from romme_engine import (
    ROMME,
    Card,
    Discard,
    DrawStock,
    LayMeld,
    LayOff,
    Match,
    NextHand,
    Phase,
    SwapJoker,
    TakeBack,
    parse_cards,
)
from romme_engine.ai import hint, make_bot
from romme_engine.ai.review import (
    LABELS,
    HandReview,
    Kind,
    Label,
    committed,
    is_decision,
    review_hand,
    review_move,
)
from romme_engine.ai.review_snapshot import decode_review, encode_review
from romme_engine.cards import DECK
from romme_engine.deck import shuffled_deck, stacked_deck
from romme_engine.errors import InvalidInputError
from romme_engine.legal import spelled
from romme_engine.melds import End, read_meld
from romme_engine.replay import deck_of, replay, replayable
from romme_engine.snapshot import decode_move, encode_move
from tests.sizes import sized

from .romme_play import QUICK, random_action
from .test_romme_expert import cards, starter_view

CHEAP = (2, 2)
"""Worlds for a review whose figures the test does not read (the loss of a matched move is 0
at any count)."""


def play_hand(match, person=None, levels=("normal",), seed=0):
    """Play the hand in progress to its end, seat 0 by ``person`` (the Hint when None), the
    others by bots of ``levels`` in turn; returns each step's (seat, view, action)."""
    bots = [make_bot(levels[s % len(levels)], random.Random(seed + s)) for s in range(4)]
    steps = []
    while match.hand.phase is not Phase.HAND_OVER:
        seat = match.turn
        view = match.view(seat)
        if seat == 0:
            action = hint(view).action if person is None else person(view)
        else:
            action = bots[seat].choose(view)
        steps.append((seat, view, spelled(view.table, action)))  # as the match records it
        match.apply(seat, action)
    return steps


def test_moves_are_written_compactly_and_read_back():
    laid = LayOff(DECK[13], 3, End.HIGH)
    assert encode_move((2, laid)) == "2l0d3h"
    assert encode_move((0, LayMeld(tuple(DECK[10:13])))) == "0m0a0b0c"
    assert encode_move((1, SwapJoker(DECK[14], 11))) == "1w0e11"
    assert encode_move((3, DrawStock())) == "3s"
    for move in [(2, laid), (1, SwapJoker(DECK[14], 11)), (0, TakeBack()),
                 (1, Discard(DECK[109])), (0, LayOff(DECK[0], 12))]:
        assert decode_move(encode_move(move)) == move


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_finished_hand_replays_with_the_views_its_players_had(players):
    match = Match.new(ROMME, players, random.Random(players))
    live = play_hand(match, levels=("easy", "normal", "expert"))
    match = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert replayable(match, 1)
    steps = replay(match, 1)
    assert [(s.seat, s.view, s.action) for s in steps] == live
    mixed = deal_seed(match.seed, match.player_seed)
    assert deck_of(match, 1) == tuple(shuffled_deck(mixed, 1)) and not match.given_deals


def test_a_given_deal_is_kept_and_replays():
    deck = stacked_deck(ROMME, 1, ["KS KH KD 5C 6C 7C 2D 9S 4H 8D TS JC QH AS",
                                   "2C 3C 4C 5D 6D 7D 8S 9H TH JS QD KC AD"])
    match = Match.new(ROMME, 2, random.Random(1), deck=deck)
    assert match.given_deals == frozenset({1})
    live = play_hand(match)
    back = Match.from_dict(match.to_dict())
    assert back.given_deals == frozenset({1}) and deck_of(back, 1) == tuple(deck)
    assert [(s.seat, s.view, s.action) for s in replay(back, 1)] == live


def test_a_finished_hand_is_dealt_again_by_its_dealer_from_its_deck():
    """What a practice of a finished hand deals: the same hands, stock order and dealer."""
    match = Match.new(ROMME, 4, random.Random(8))
    play_hand(match)
    match.apply(0, NextHand())
    dealt = ([list(h) for h in match.hand.hands], list(match.hand.stock), match.hand.dealer)
    play_hand(match)
    again = Match.new(ROMME, 4, random.Random(9), deck=deck_of(match, 2),
                      dealer=match.results[1].dealer)
    assert ([list(h) for h in again.hand.hands], again.hand.stock, again.hand.dealer) == dealt
    assert dealt[2] == 0 and again.given_deals == frozenset({1})
    with pytest.raises(InvalidInputError):
        Match.new(ROMME, 2, random.Random(9), dealer=2)


def test_a_v1_snapshot_loads_and_plays_on_with_no_review():
    match = Match.new(ROMME, 3, random.Random(3))
    play_hand(match)
    match.apply(0, NextHand())
    match.apply(match.turn, hint(match.view(match.turn)).action)
    old = {k: v for k, v in match.to_dict().items() if k not in ("mv", "played", "decks")}
    old["v"] = 1
    back = Match.from_dict(old)
    assert back.hand.history == match.hand.history and back.scores == match.scores
    assert not replayable(back, 1)
    with pytest.raises(InvalidInputError):
        replay(back, 1)
    play_hand(back)  # the hand begun under v1 ends, still with no record
    assert not replayable(back, 2) and "mv" not in back.to_dict()
    back.apply(0, NextHand())
    play_hand(back)  # the next hand is recorded again
    assert replayable(back, 3)


def test_a_replay_that_does_not_reach_the_recorded_result_is_refused():
    match = Match.new(ROMME, 2, random.Random(5))
    play_hand(match)
    data = match.to_dict()
    data["seed"] = "0" * 32  # another deal: the moves no longer fit it
    with pytest.raises(InvalidInputError):
        replay(Match.from_dict(data), 1)


def test_a_player_who_follows_the_hint_loses_nothing_at_any_decision():
    decisions = hands = 0
    for players in (2, 3, 4):
        match = Match.new(ROMME, players, random.Random(10 + players))
        while hands < 7 * (players - 1):
            play_hand(match, levels=("easy", "normal", "expert"), seed=hands)
            hands += 1
            review = review_hand(match, match.hand.number, 0, CHEAP)
            for move in review.moves:
                assert move.matched and move.played == move.expert
                assert (move.loss, move.error, move.label) == (0.0, 0.0, Label.GOOD)
            decisions += len(review.moves)
            if match.is_over:
                match = Match.new(ROMME, players, random.Random(hands))
            else:
                match.apply(0, NextHand())
    assert hands >= 20 and decisions > 100


def test_the_review_is_the_same_every_time_and_reads_back_equal():
    match = Match.new(ROMME, 3, random.Random(21))
    me = make_bot("easy", random.Random(0))
    play_hand(match, person=me.choose)
    first = review_hand(match, 1, 0, (6, 2))
    assert first == review_hand(Match.from_dict(match.to_dict()), 1, 0, (6, 2))
    assert decode_review(json.loads(json.dumps(encode_review(first)))) == first
    assert any(not m.matched for m in first.moves)
    with pytest.raises(InvalidInputError):
        decode_review({"v": 99, "n": 1, "s": 0, "m": []})


def test_a_step_taken_back_and_the_take_back_are_no_decisions():
    # seat 0 starts: lays K-K-K (30 opens), takes it back, throws the 9S instead
    deck = stacked_deck(ROMME, 1, ["KS KH KD 5C 6C 7C 2D 9S 4H 8D TS JC QH AS",
                                   "2C 3C 4C 5D 6D 7D 8S 9H TH JS QD KC AD"])
    match = Match.new(ROMME, 2, random.Random(1), deck=deck)
    kings = tuple(parse_cards("KS KH KD"))
    match.apply(0, LayMeld(kings))
    match.apply(0, TakeBack())
    match.apply(0, Discard(cards("9S")[0]))
    play_hand(match)
    steps = replay(match, 1)
    assert [s.action for s in steps[:3]] == [LayMeld(read_meld(kings).cards), TakeBack(),
                                              Discard(cards("9S")[0])]
    kept = committed(steps, 0)
    assert kept[0] is steps[2]
    review = review_hand(match, 1, 0, CHEAP)
    assert review.moves[0].played == Discard(cards("9S")[0])
    assert review.moves[0].expert == LayMeld(read_meld(kings).cards)


def test_no_review_names_a_card_that_was_not_public_at_its_decision():
    """Over simulated matches of every table size, each decision's stored review names only
    cards of the player's hand, the discard pile or the table at that decision: never a card
    of another hand or of the stock."""
    rng = random.Random(0)
    matches = sized(50, 50)
    for index in range(matches):
        players = 2 + index % 3
        match = Match.new(QUICK, players, rng)
        me = make_bot(("easy", "normal", "expert")[index % 3], random.Random(index))
        play_hand(match, person=me.choose, levels=("normal", "easy"), seed=index)
        decisions = [s for s in committed(replay(match, 1), 0) if is_decision(s.view)]
        review = review_hand(match, 1, 0, CHEAP)
        assert len(decisions) == len(review.moves)
        for step, move in zip(decisions, review.moves, strict=True):
            view = step.view
            public = {*view.hand, *view.discard_pile, *(c for m in view.table for c in m.cards)}
            stored = decode_review(json.loads(json.dumps(encode_review(
                HandReview(1, 0, (move,)))))).moves[0]
            named = set(_cards_in(stored))
            assert named and named <= public, (index, sorted(named - public))


def _cards_in(value):
    """Every card a stored review's field names, however deep."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _cards_in(item)
    elif is_dataclass(value):
        for f in fields(value):
            yield from _cards_in(getattr(value, f.name))


def planted(hand, *, counts, table=(), opened=None, pile=()):
    view = starter_view(hand, table=table, counts=counts, pile=pile)
    if opened is not None:
        view = replace(view, opened=opened)
    return view


def test_throwing_a_joker_loses_points():
    # the joker makes Q-K-A of spades with the queen and king: an opening worth 31
    view = planted("JK1 KS QS 9D 4C 7H 2S 5D 3C", counts=(9, 6, 6))
    joker = cards("JK1")[0]
    review = review_move(view, Discard(joker))
    assert review.expert == LayMeld(tuple(parse_cards("QS KS JK1")))
    assert not review.matched and review.kind is Kind.MELD
    assert review.loss > 2 * review.error > 0
    assert review.label is Label.MISTAKE and LABELS[0][1] > review.loss > LABELS[1][1]


def test_breaking_a_meld_ready_to_lay_down_loses_points():
    view = planted("KS KH KD 5C 6C 7C 2D 9S 4H", counts=(9, 6, 6))
    review = review_move(view, Discard(cards("KS")[0]))
    assert review.expert == LayMeld(tuple(parse_cards("KS KH KD"))) and review.kind is Kind.MELD
    assert review.loss > 2 * review.error > 0
    assert review.label is Label.BLUNDER and review.loss > LABELS[0][1]


def test_keeping_a_ten_over_a_two_when_going_out_is_near_loses_points():
    table = ["5S 6S 7S", "9H 9D 9C", "2C 3C 4C"]
    view = planted("KD 2H 8C", counts=(3, 1, 2), table=table,
                   opened=(True, True, True))
    review = review_move(view, Discard(cards("2H")[0]))
    assert review.expert == Discard(cards("KD")[0]) and review.kind is Kind.DISCARD
    assert 0 < review.loss <= 8  # the king's penalty over the two's, when another goes out
    assert review.loss > 2 * review.error
    assert review.label is Label.INACCURACY and LABELS[1][1] > review.loss > LABELS[2][1]


def test_hands_of_random_legal_play_are_reviewed():
    """Take-backs, odd melds, lay-offs and swaps of random play: each hand replays and every
    decision gets a loss of 0 or more and the label its loss and error give."""
    rng = random.Random(4)
    for index in range(sized(4, 20)):
        match = Match.new(QUICK, 2 + index % 3, rng)
        while match.hand.phase is not Phase.HAND_OVER:
            match.apply(*random_action(match, rng))
        review = review_hand(match, 1, 0, CHEAP)
        assert review.moves
        for move in review.moves:
            assert move.loss >= 0 and move.label is label(move.loss, move.error, LABELS)


def test_holding_back_when_the_hand_can_go_out_now_loses_points():
    # opened, 5-6-7♠ and 9♦: laying the run and throwing the nine goes out at once
    view = planted("5S 6S 7S 9D", counts=(4, 6, 6), opened=(True, False, False))
    review = review_move(view, Discard(cards("9D")[0]))
    assert review.expert == LayMeld(tuple(parse_cards("5S 6S 7S")))
    assert review.kind is Kind.GO_OUT and review.expert_value > review.played_value > 0
    assert review.loss > 2 * review.error > 0
    assert review.label is Label.MISTAKE
