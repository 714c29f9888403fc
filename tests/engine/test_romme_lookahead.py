"""The planner's estimate of turns to go out (benchmark level ``expert-plan``)."""

import random
from dataclasses import replace

from romme_engine import parse_cards
from romme_engine.ai import make_bot
from romme_engine.ai.lookahead import (
    cards_left,
    ordered_turns_to_out,
    others_pace,
    turns_to_out,
    unseen,
)
from romme_engine.melds import read_meld

from .test_romme_expert import starter_view


def cards(text):
    return tuple(parse_cards(text))


def test_cards_left_keeps_the_last_card_for_the_discard():
    assert cards_left(cards("5S 5H 5D"), []) == 3  # a meld of all three leaves no discard
    assert cards_left(cards("5S 5H 5D 9C"), []) == 1


def test_cards_left_counts_lay_offs_that_grow_a_table_run():
    run = read_meld(parse_cards("5C 6C 7C"))
    assert cards_left(cards("8C 9C 2D"), [run]) == 1  # 8C then 9C join the run; 2D is thrown
    assert cards_left(cards("9C 2D"), [run]) == 2  # 9C needs the 8C first


def test_turns_to_out_is_the_first_turn_whose_draws_leave_that_many_cards_or_fewer():
    assert turns_to_out(cards("5S 5H 9C"), cards("5D 2C 3C"), [], {}) == 1
    assert turns_to_out(cards("KS 2H 9C"), cards("4D 7C JH"), [], {}) is None


def test_the_pool_is_every_unseen_copy_and_joker():
    view = starter_view("JK1 4C", table=["5S JK2 7S"], pile=["JK3", "4C'"])
    pool = unseen(view)
    assert len(pool) == 104 - 4 + 3  # naturals but 4C 4C' 5S 7S; jokers but JK1-JK3
    assert all(c.kind != cards("4C")[0].kind for c in pool)


def test_the_pace_reads_the_others_card_counts_and_openings():
    view = starter_view("KS QS 4D 2C", counts=(4, 1, 6))
    assert others_pace(view) < 0.03  # nobody else has opened: only a Hand-Rommé
    opened = replace(view, opened=(True, True, False))
    assert 0.21 < others_pace(opened) < 0.23


def test_expert_plan_plays_as_the_expert_before_opening():
    view = starter_view("KS QS 4D 2C", counts=(4, 6, 6))
    plan = make_bot("expert-plan", random.Random(0)).choose(view)
    assert plan == make_bot("expert", random.Random(0)).choose(view)


def test_ordered_turns_know_a_bare_pair_cannot_go_out_on_its_third_card():
    # pooled, a pair and its third card look like a meld; turn by turn the third card makes
    # a meld that leaves nothing to throw
    assert turns_to_out(cards("5S 5H"), cards("5D 2C 3C"), [], {}) == 2
    assert ordered_turns_to_out(cards("5S 5H"), cards("5D 2C 3C"), [], {}) is None
    assert ordered_turns_to_out(cards("5S 5H 9C"), cards("2C 5D 3C"), [], {}) == 2
