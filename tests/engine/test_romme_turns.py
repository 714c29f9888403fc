"""The rules of a Rommé hand (docs: Rommé rules), each with the exact value it demands."""

import random

import pytest

from romme_engine import (
    ROMME,
    HandEnd,
    IllegalActionError,
    Match,
    Move,
    Phase,
    Reason,
    Refusal,
    Ruleset,
    parse_action,
)
from romme_engine.deck import stacked_deck
from tests.engine.romme_play import QUICK, play_checked

EXAMPLE = Ruleset(name="example", hand_size=6)


def act(match, seat, text):
    match.apply(seat, parse_action(text))


def refused(match, seat, text):
    before = match.to_dict()
    with pytest.raises(IllegalActionError) as info:
        act(match, seat, text)
    assert match.to_dict() == before  # a refusal changes nothing
    return info.value.reason


def seed_example():
    """The seed's three players: player 1 deals (seat 2), player 2 starts (seat 0), then
    player 3 (seat 1). Hands are 6 cards here (7 for the starter) so the example's "later"
    comes after two rounds."""
    deck = stacked_deck(
        EXAMPLE,
        dealer=2,
        hands=[
            "KC AH AD TD 5S 4D 3S",  # player 2
            "JC QC AC 3H 9C TC",  # player 3
            "9H 9D 2S KH KD 7H",  # player 1
        ],
        stock="JK1 AS 7D KS 8C 6D",
    )
    return Match.new(EXAMPLE, 3, random.Random(4), deck=deck)


def test_the_seeds_worked_example_scores_38_and_15():
    match = seed_example()
    assert match.hand.dealer == 2 and match.turn == 0 and match.phase is Phase.PLAY
    assert [len(h) for h in match.hand.hands] == [7, 6, 6]
    act(match, 0, "discard KC")  # player 2 cannot open yet
    act(match, 1, "take-discard")
    act(match, 1, "meld JC QC KC")
    assert match.hand.table[0].value == 30
    act(match, 1, "discard 3H")  # opened with exactly 30
    assert match.hand.opened == [False, True, False]
    act(match, 2, "draw")
    assert "JK1" in [str(c) for c in match.hand.hands[2]]
    act(match, 2, "meld 9H 9D JK1")
    assert refused(match, 2, "discard 2S") is Reason.OPENING_TOO_LOW  # 9 + 9 + 9 = 27
    act(match, 2, "take-back")
    act(match, 2, "discard 2S")
    act(match, 0, "draw")
    act(match, 0, "meld AS AH AD")
    assert match.hand.table[1].value == 33
    act(match, 0, "discard 4D")
    act(match, 1, "draw")
    act(match, 1, "lay-off TC 0")
    act(match, 1, "lay-off 9C 0")
    act(match, 1, "discard 7D")
    act(match, 2, "draw")
    act(match, 2, "meld KS KH KD")
    act(match, 2, "discard 7H")
    act(match, 0, "draw")
    act(match, 0, "lay-off 8C 0")
    act(match, 0, "discard 3S")
    act(match, 1, "draw")
    assert sorted(str(c) for c in match.hand.hands[1]) == ["6D", "AC"]
    act(match, 1, "lay-off AC 0")  # ace high on 8-9-10-J-Q-K of clubs
    assert match.hand.table[0].high == 14
    act(match, 1, "discard 6D")
    result = match.results[-1]
    assert result.end is HandEnd.OUT and result.winner == 1
    assert result.penalties == (15, 0, 38)  # 10 + 5 and 9 + 9 + joker 20
    assert match.scores == (15, 0, 38)


def test_a_taken_discard_needs_a_use_before_it_can_be_taken():
    match = seed_example()
    act(match, 0, "discard 3S")  # player 3 holds no meld with the three of spades
    assert refused(match, 1, "take-discard") is Reason.TAKEN_CARD_UNUSABLE
    assert match.view(1).may_take_discard is False


def test_the_taken_discard_must_be_laid_out_and_never_discarded():
    match = seed_example()
    act(match, 0, "discard KC")
    act(match, 1, "take-discard")
    assert refused(match, 1, "discard 3H") is Reason.TAKEN_CARD_NOT_USED
    assert refused(match, 1, "discard KC") is Refusal.CANNOT_DISCARD_TAKEN_CARD


def test_lay_offs_and_swaps_need_an_earlier_opening():
    match = seed_example()
    act(match, 0, "discard KC")
    act(match, 1, "take-discard")
    act(match, 1, "meld JC QC KC")
    assert refused(match, 1, "lay-off TC 0") is Reason.NOT_OPENED


def test_take_back_returns_every_staged_card():
    match = seed_example()
    act(match, 0, "discard KC")
    act(match, 1, "take-discard")
    before = sorted(match.hand.hands[1])
    act(match, 1, "meld JC QC KC")
    assert match.view(1).staged == (0,)
    act(match, 1, "take-back")
    assert sorted(match.hand.hands[1]) == before and match.hand.table == []
    assert refused(match, 1, "take-back") is Reason.NOTHING_STAGED


def test_the_last_card_is_always_discarded():
    match = seed_example()
    for text in ["discard KC", "take-discard", "meld JC QC KC", "discard 3H"]:
        act(match, match.turn, text)
    act(match, 2, "draw")
    act(match, 2, "discard 2S")
    act(match, 0, "draw")
    act(match, 0, "discard 4D")
    act(match, 1, "draw")  # player 3: AC 9C TC 7D
    act(match, 1, "lay-off TC 0")
    act(match, 1, "lay-off 9C 0")
    act(match, 1, "lay-off AC 0")
    assert refused(match, 1, "lay-off 7D 0") is Reason.DOES_NOT_FIT
    # one card left: it can only be discarded
    act(match, 1, "discard 7D")
    assert match.results[-1].winner == 1


def test_swap_then_discard_without_relaying_is_refused():
    deck = stacked_deck(
        ROMME,
        dealer=1,
        hands=[
            "5S JK1 7S KH KD KC 2D 3C 4H 8H 9C TD JD QS",
            "6S 9S 9H 9D AC 2C 3D 5H 7C 8D TH JC QH",
        ],
        stock="4D 6S' 3H",
    )
    match = Match.new(ROMME, 2, random.Random(1), deck=deck)
    act(match, 0, "meld 5S JK1 7S")
    act(match, 0, "meld KH KD KC")
    act(match, 0, "discard 2D")
    act(match, 1, "draw")
    act(match, 1, "discard 4D")
    act(match, 0, "draw")  # 6S'
    act(match, 0, "swap 6S' 0")
    assert [str(c) for c in match.hand.table[0].cards] == ["5S", "6S'", "7S"]
    assert refused(match, 0, "discard JK1") is Reason.JOKER_NOT_RELAID
    assert refused(match, 0, "discard 3C") is Reason.JOKER_NOT_RELAID
    act(match, 0, "lay-off JK1 1")  # the joker goes to the kings
    act(match, 0, "discard 3C")
    assert match.hand.table[1].jokers == 1


def test_an_ambiguous_lay_off_needs_its_end():
    deck = stacked_deck(
        ROMME,
        dealer=1,
        hands=[
            "5S 6S 7S KH KD KC 2D 3C 4H 8H 9C TD JD QS",
            "6H 9S 9H 9D AC 2C 3D 5H 7C 8D TH JC QH",
        ],
        stock="4D JK1 3H",
    )
    match = Match.new(ROMME, 2, random.Random(1), deck=deck)
    act(match, 0, "meld 5S 6S 7S")
    act(match, 0, "meld KH KD KC")
    act(match, 0, "discard 2D")
    act(match, 1, "draw")
    act(match, 1, "discard 4D")
    act(match, 0, "draw")
    assert refused(match, 0, "lay-off JK1 0") is Reason.END_NEEDED
    act(match, 0, "lay-off JK1 0 high")
    assert match.hand.table[0].high == 8


def test_the_first_player_starts_with_14_cards_and_no_draw():
    match = Match.new(ROMME, 4, random.Random(7))
    assert match.hand.dealer == 3 and match.turn == 0
    assert [len(h) for h in match.hand.hands] == [14, 13, 13, 13]
    assert len(match.hand.stock) == 110 - 53 and match.hand.discard_pile == []
    assert refused(match, 0, "draw") is Refusal.ALREADY_DREW
    assert refused(match, 1, "draw") is Refusal.NOT_YOUR_TURN


def test_hand_romme_makes_everyone_else_pay_double():
    deck = stacked_deck(
        ROMME,
        dealer=1,
        hands=[
            "AS 2S 3S 4S 5H 6H 7H 8D 9D TD JC QC KC 2H",
            "KS KH KD QS QH QD JS JH JD TS TH AH' JK1",
        ],
    )
    match = Match.new(ROMME, 2, random.Random(2), deck=deck)
    for text in ["meld AS 2S 3S 4S", "meld 5H 6H 7H", "meld 8D 9D TD", "meld JC QC KC"]:
        act(match, 0, text)
    act(match, 0, "discard 2H")
    result = match.results[-1]
    assert result.end is HandEnd.HAND_ROMME and result.winner == 0
    assert result.hand_values == (0, 141)  # 9 x 10 + 2 x 10 + ace 11 + joker 20
    assert result.penalties == (0, 282)


def test_the_stock_is_reshuffled_below_the_top_discard_and_the_third_run_ends_the_hand():
    rules = Ruleset(name="short-stock", hand_size=50)
    match = Match.new(rules, 2, random.Random(3))
    hand = match.hand
    assert len(hand.stock) == 9
    act(match, 0, f"discard {hand.hands[0][0]}")
    for _ in range(8):
        seat = match.turn
        act(match, seat, "draw")
        act(match, seat, f"discard {hand.drawn_card}")
    seat = match.turn
    act(match, seat, "draw")
    below = list(hand.discard_pile)  # will lie below the last discard
    top = hand.drawn_card
    assert len(hand.stock) == 0 and len(below) == 9
    act(match, seat, f"discard {top}")
    # the next turn starts with an empty stock: the pile below its top card is shuffled
    assert hand.stock_runs == 1 and match.phase is Phase.DRAW
    assert hand.discard_pile == [top]
    random.Random(f"{match.seed}:1:r1").shuffle(below)
    assert hand.stock == below
    for _ in range(2 * 9):
        seat = match.turn
        act(match, seat, "draw")
        act(match, seat, f"discard {hand.drawn_card}")
    assert hand.stock_runs == 3
    result = match.results[-1]
    assert result.end is HandEnd.STOCK_OUT and result.winner is None
    assert result.penalties == result.hand_values
    assert all(v > 0 for v in result.penalties)


def test_the_deal_passes_to_the_left_and_the_romme_preset_plays_three_hands():
    match = Match.new(ROMME, 3, random.Random(5))
    assert match.hand.dealer == 2
    match.hand._end(winner=None, hand_romme=False)  # noqa: SLF001 - end the hand for the test
    match.results.append(match.hand.result)
    match.next_hand()
    assert match.hand.dealer == 0 and match.turn == 1
    assert ROMME.hands == 3 and ROMME.opening == 30 and ROMME.joker_penalty == 20


def test_a_meld_may_not_take_the_last_card():
    tiny = Ruleset(name="tiny", hand_size=3)
    deck = stacked_deck(tiny, dealer=1, hands=["5S 6S 7S 8S", "2H 9D KC"])
    match = Match.new(tiny, 2, random.Random(6), deck=deck)
    assert refused(match, 0, "meld 5S 6S 7S 8S") is Reason.KEEP_A_CARD
    act(match, 0, "meld 5S 6S 7S")
    assert refused(match, 0, "discard 8S") is Reason.OPENING_TOO_LOW  # 18


def test_melds_lay_offs_and_swaps_are_public_events_that_a_take_back_removes():
    match = seed_example()
    for text in ["discard KC", "take-discard", "meld JC QC KC", "discard 3H"]:
        act(match, match.turn, text)
    act(match, 2, "draw")
    act(match, 2, "discard 2S")
    act(match, 0, "draw")
    act(match, 0, "discard 4D")
    act(match, 1, "draw")
    committed = list(match.hand.history)
    act(match, 1, "lay-off TC 0")
    restored = Match.from_dict(match.to_dict())  # staged events survive a snapshot
    assert [e.move for e in restored.hand.history[len(committed):]] == [Move.LAY_OFF]
    act(restored, 1, "take-back")
    assert restored.hand.history == committed
    # the original, still staged, is committed by the discard
    act(match, 1, "discard 7D")
    events = match.hand.history[len(committed):]
    assert [(e.player, e.move, str(e.card)) for e in events] == [
        (1, Move.LAY_OFF, "TC"), (1, Move.DISCARD, "7D")
    ]
    first_meld = match.hand.history[2]
    assert (first_meld.move, str(first_meld.card)) == (Move.MELD, "JC")


def test_the_opening_still_needed_falls_with_each_staged_meld_and_is_0_once_opened():
    match = seed_example()  # opening 30
    assert match.view(0).opening_needed == 30 and match.view(0).staged_value == 0
    act(match, 0, "discard KC")
    act(match, 1, "take-discard")
    act(match, 1, "meld JC QC KC")
    assert match.view(1).staged_value == 30 and match.view(1).opening_needed == 0
    act(match, 1, "discard 3H")
    act(match, 2, "draw")
    act(match, 2, "meld 9H 9D JK1")
    assert match.view(2).staged_value == 27 and match.view(2).opening_needed == 3
    act(match, 2, "take-back")
    assert match.view(2).opening_needed == 30
    act(match, 2, "discard 2S")
    act(match, 0, "draw")
    assert match.view(1).opening_needed == 0  # opened last turn: nothing more is needed


def test_a_match_is_over_once_its_standing_is_known():
    match = Match.new(QUICK, 2, random.Random(3))  # one hand
    assert match.is_over is False
    play_checked(match, random.Random(3))
    assert match.is_over is True and match.standing is not None
    assert Match.from_dict(match.to_dict()).is_over is True
