"""The Rommé expert's reading of outs and its discard once another player is close to going out."""

import random
from dataclasses import replace

from romme_engine import Discard, parse_cards
from romme_engine.ai import make_bot
from romme_engine.ai.levels import pairs, table_outs, unseen_jokers
from romme_engine.ai.reading import live_counts
from romme_engine.melds import read_meld

from .test_romme_turns import seed_example


def cards(text):
    return tuple(parse_cards(text))


def starter_view(hand, *, table=(), counts=(7, 6, 6), pile=()):
    """Seat 0's first turn of the seed example (it may discard at once), with its hand,
    the table and the other players' card counts replaced; nobody has opened or taken."""
    view = seed_example().view(0)
    melds = tuple(read_meld(parse_cards(m)) for m in table)
    return replace(
        view,
        hand=cards(hand),
        table=melds,
        owners=tuple(1 for _ in melds),
        hand_counts=(len(cards(hand)), *counts[1:]),
        discard_pile=cards(" ".join(pile)),
        history=(),
    )


def test_pairs_count_same_rank_other_suits_and_near_ranks_of_one_suit():
    hand = cards("KS QS AS 9S KH KS' JK1 3D")
    assert pairs(cards("KS")[0], hand) == 3  # QS, AS (K-A), KH; not KS' nor the joker
    assert pairs(cards("AS")[0], hand) == 3  # QS (Q-A), KS and KS' (either copy)
    assert pairs(cards("3D")[0], hand) == 0
    assert pairs(cards("JK1")[0], hand) == 0


def test_table_outs_are_the_live_cards_that_bridge_a_card_to_a_run():
    view = starter_view("9S 3S 5H", table=["5S 6S 7S", "AH 2H 3H"], pile=["8S"])
    live = live_counts(view)
    assert table_outs(cards("9S")[0], view.table, live) == 1  # one 8S is in the pile
    assert table_outs(cards("3S")[0], view.table, live) == 2  # 4S: both copies unseen
    assert table_outs(cards("5H")[0], view.table, live) == 2  # 4H after A-2-3
    assert table_outs(cards("JK1")[0], view.table, live) == 0


def test_unseen_jokers_count_the_hand_the_table_and_the_pile():
    view = starter_view("JK1 4C", table=["5S JK2 7S"], pile=["JK3"])
    assert unseen_jokers(view) == 3


def test_the_expert_keeps_a_pair_with_outs_until_another_player_is_close():
    hand = "KS QS 4D 2C"
    far = make_bot("expert", random.Random(0)).choose(starter_view(hand, counts=(4, 6, 6)))
    assert far == Discard(cards("4D")[0])  # K-Q of spades has outs: J, A and the jokers
    close = make_bot("expert", random.Random(0)).choose(starter_view(hand, counts=(4, 6, 2)))
    assert isinstance(close, Discard) and close.card in cards("KS QS")
    old = make_bot("expert-v1", random.Random(0)).choose(starter_view(hand, counts=(4, 6, 2)))
    assert old == Discard(cards("4D")[0])


def test_the_expert_keeps_no_pair_it_could_not_meld_and_still_discard():
    # three cards: a meld of K-Q-J would leave nothing to throw, so the pair is not kept
    view = starter_view("KS QS 4D")
    assert make_bot("expert", random.Random(0)).choose(view) == Discard(cards("KS")[0])
