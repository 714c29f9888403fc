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
from romme_engine.deck import stacked_deck

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


def test_the_opening_hint_names_the_whole_lay_down_and_its_total():
    # Issue 45: 2♠ 2♥ 2♦ (6) alone is far from the opening (30); with 5♣ 6♣ 7♣ 8♣ (26) it
    # reaches it. The hint lays the set first and says what follows it and the total.
    deck = stacked_deck(ROMME, 1, ["2S 2H 2D 5C 6C 7C 8C KH 9D 4S JH QS 3D AH",
                                   "2C' 3H' 4S' 5D' 6H' 7S' 8D' 9C' TH' JS' QD' KC' AS'"])
    match = Match.new(ROMME, 2, random.Random(0), deck=deck)
    first = hint(match.view(0))
    assert first.reason is Why.OPEN and first.action == LayMeld(tuple(parse_cards("2S 2H 2D")))
    assert [m.cards for m in first.lay_down] == [tuple(parse_cards(c))
                                                  for c in ("2S 2H 2D", "5C 6C 7C 8C")]
    assert (first.meld_value, first.laid, first.total) == (6, 0, 32)
    match.apply(0, first.action)
    second = hint(match.view(0))  # the rest of it, with what is laid already
    assert second.reason is Why.OPEN
    assert [m.cards for m in second.lay_down] == [tuple(parse_cards("5C 6C 7C 8C"))]
    assert (second.meld_value, second.laid, second.total) == (26, 6, 32)


def test_a_lay_off_hint_names_the_table_meld_and_its_owner():
    deck = stacked_deck(ROMME, 1, ["JC QC KC 8H AS 3S' 7C' TD' QH' 2C' 7D' 9S' 4H' KD'",
                                   "5H 6H 7H 2D 3D JK1 5D 9C' 3C' 8S' JH' 4S' AC'"], "9C 9D")
    match = Match.new(ROMME, 2, random.Random(0), deck=deck)
    for seat, text in ((0, "meld JC QC KC"), (0, "discard AS"), (1, "draw"),
                       (1, "meld 5H 6H 7H"), (1, "meld 2D 3D JK1 5D"), (1, "discard AC'"),
                       (0, "draw")):
        act(match, seat, text)
    found = hint(match.view(0))
    assert found.reason is Why.LAY_OFF and found.action == parse_action("lay-off 8H 1")
    assert found.meld is not None and found.meld.cards == tuple(parse_cards("5H 6H 7H"))
    assert found.owner == 1



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
