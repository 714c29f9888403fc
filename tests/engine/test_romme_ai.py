import random

import pytest

from romme_engine import (
    ROMME,
    Discard,
    DrawStock,
    LayMeld,
    Match,
    Phase,
    TakeDiscard,
    parse_action,
    parse_cards,
)
from romme_engine.ai import LEVELS, Why, hint, make_bot
from romme_engine.cards import CARD_COUNT

from .test_romme_turns import seed_example


def act(match, seat, text):
    match.apply(seat, parse_action(text))


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_finishes_matches_with_legal_actions_only(level):
    for players in (2, 3, 4):
        match = Match.new(ROMME, players, random.Random(players))
        bots = [make_bot(level, random.Random(s)) for s in range(players)]
        for _ in range(5000):
            if match.phase is Phase.MATCH_OVER:
                break
            seat = match.turn if match.turn is not None else 0
            match.apply(seat, bots[seat].choose(match.view(seat)))  # raises if refused
            cards = match.hand.all_cards()
            assert len(set(cards)) == CARD_COUNT
        assert match.phase is Phase.MATCH_OVER


def test_simple_takes_a_discard_that_completes_a_meld():
    match = seed_example()
    act(match, 0, "discard KC")
    assert make_bot("simple", random.Random(0)).choose(match.view(1)) == TakeDiscard()
    assert make_bot("easy", random.Random(0)).choose(match.view(1)) == DrawStock()


def test_simple_and_easy_throw_the_highest_penalty_loose_card():
    match = seed_example()
    # seat 0 holds KC AH AD TD 5S 4D 3S: no meld; an ace is worth 11, the most
    for level in ("simple", "easy"):
        action = make_bot(level, random.Random(0)).choose(match.view(0))
        assert isinstance(action, Discard) and action.card in parse_cards("AH AD")


def test_the_hint_is_the_experts_step_with_its_reason_and_numbers():
    match = seed_example()
    act(match, 0, "discard KC")
    first = hint(match.view(1))
    assert first.action == TakeDiscard() and first.reason is Why.TAKE_DISCARD
    assert str(first.card) == "KC"
    act(match, 1, "take-discard")
    lay = hint(match.view(1))
    assert isinstance(lay.action, LayMeld) and lay.reason is Why.LAY_TAKEN_CARD
    assert lay.meld_value is not None and lay.meld_value >= 30
    assert match.view(1).staged_value == 0
    match.apply(1, lay.action)
    assert match.view(1).staged_value == lay.meld_value



def test_normal_and_expert_keep_a_joker_while_other_cards_can_go():
    match = seed_example()
    act(match, 0, "discard KC")
    act(match, 1, "draw")  # seat 1 draws JK1 (the stock's top in the example)
    for level in ("normal", "expert"):
        bot = make_bot(level, random.Random(0))
        while True:
            action = bot.choose(match.view(1))
            if isinstance(action, Discard):
                assert not action.card.is_joker
                break
            match.apply(1, action)
