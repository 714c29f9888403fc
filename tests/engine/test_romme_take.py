"""Taking the discard (docs: Rommé rules, "Taking the discard"): refused only when no legal
sequence of the turn's melds, lay-offs and swaps uses the card and leaves a card to discard."""

import copy
import random

import pytest

from romme_engine import (
    ROMME,
    Discard,
    IllegalActionError,
    LayMeld,
    LayOff,
    Match,
    Phase,
    Reason,
    Refusal,
    Ruleset,
    SwapJoker,
    TakeDiscard,
    legal_actions,
    parse_cards,
)
from romme_engine.ai import make_bot
from romme_engine.deck import stacked_deck
from romme_engine.discard_use import can_take, use_of
from romme_engine.laydown import best_lay_down
from romme_engine.melds import End, jokers_fit, lay_off_options, swap_joker
from romme_engine.view import hand_view
from tests.sizes import sized

from .romme_play import random_action
from .test_romme_turns import act

SHORT = Ruleset(name="take-test", hand_size=9)


def cards(match, meld):
    return [str(c) for c in match.hand.table[meld].cards]


def opened_with(hand0, hand1, top):
    """Seat 0 opens on the first turn with ``hand0``'s first six cards (two melds, 48 points)
    and throws 2D; seat 1 draws and throws ``top``: seat 0 is to draw, ``top`` on the pile."""
    deck = stacked_deck(SHORT, dealer=1, hands=[hand0, hand1], stock="2H")
    match = Match.new(SHORT, 2, random.Random(0), deck=deck)
    first = hand0.split()
    act(match, 0, f"meld {' '.join(first[:3])}")
    act(match, 0, f"meld {' '.join(first[3:6])}")
    act(match, 0, "discard 2D")
    act(match, 1, "draw")
    act(match, 1, f"discard {top}")
    assert match.turn == 0 and match.phase is Phase.DRAW
    return match


def chained_lay_off():
    """The issue's first position: 5S 6S 7S on the table, 8S in hand, 9S on the pile."""
    return opened_with("5S 6S 7S KH KD KC 8S 4C 2C 2D", "9S 3C 4H 5D 7C TD JD QH 3H", "9S")


def freed_joker():
    """The issue's second position: 8S 8H JK1 on the table, 5C 8D in hand, 6C on the pile."""
    return opened_with("8S 8H JK1 KH KD KC 5C 8D 9H 2D", "6C 3C 4H 5D 7C TD JD QH 3H", "6C")


def test_a_chained_lay_off_makes_the_discard_takeable():
    match = chained_lay_off()
    assert match.view(0).may_take_discard is True
    act(match, 0, "take-discard")
    act(match, 0, "lay-off 8S 0")
    act(match, 0, "lay-off 9S 0")
    act(match, 0, "discard 2C")
    assert cards(match, 0) == ["5S", "6S", "7S", "8S", "9S"]
    assert sorted(map(str, match.hand.hands[0])) == ["4C"]


def test_a_freed_joker_makes_the_discard_takeable():
    match = freed_joker()
    assert match.view(0).may_take_discard is True
    act(match, 0, "take-discard")
    act(match, 0, "swap 8D 0")
    act(match, 0, "meld 5C 6C JK1")
    act(match, 0, "discard 9H")
    assert cards(match, 0) == ["8S", "8H", "8D"]
    assert cards(match, 2) == ["5C", "6C", "JK1"]
    assert match.results[-1].winner == 0  # that was seat 0's last card


def test_the_search_names_the_steps_of_both_uses():
    match = chained_lay_off()
    hand, top = match.hand.hands[0], match.hand.discard_pile[-1]
    assert use_of([*hand, top], match.hand.table, top, ()) == (
        LayOff(parse_cards("8S")[0], 0, End.HIGH),
        LayOff(top, 0, End.HIGH),
    )
    match = freed_joker()
    hand, top = match.hand.hands[0], match.hand.discard_pile[-1]
    assert use_of([*hand, top], match.hand.table, top, ()) == (
        SwapJoker(parse_cards("8D")[0], 0),
        LayMeld(tuple(parse_cards("5C 6C JK1"))),
    )


def test_a_discard_no_sequence_can_use_is_still_refused():
    match = opened_with("5S 6S 7S KH KD KC 8S 4C 2C 2D", "TS 3C 4H 5D 7C 9D JD QH 3H", "TS")
    assert match.view(0).may_take_discard is False  # 8S, then a gap at 9S
    with pytest.raises(IllegalActionError) as info:
        act(match, 0, "take-discard")
    assert info.value.reason is Reason.TAKEN_CARD_UNUSABLE


@pytest.mark.parametrize("level", ["normal", "expert"])
@pytest.mark.parametrize("position", [chained_lay_off, freed_joker])
def test_the_bots_take_such_a_card_and_lay_it_out(level, position):
    match = position()
    bot = make_bot(level, random.Random(0))
    assert bot.choose(match.view(0)) == TakeDiscard()
    taken = match.hand.discard_pile[-1]
    while match.turn == 0 and match.phase is not Phase.HAND_OVER:
        match.apply(0, bot.choose(match.view(0)))  # raises if refused
    assert any(taken in m.cards for m in match.hand.table)


def test_the_twin_of_the_taken_card_may_be_discarded_the_same_turn():
    match = opened_with("5S 6S 7S KH KD KC 8S 9S' 2C 2D", "9S 3C 4H 5D 7C TD JD QH 3H", "9S")
    act(match, 0, "take-discard")  # 9S; the hand holds its twin 9S'
    act(match, 0, "lay-off 8S 0")
    act(match, 0, "lay-off 9S 0")
    act(match, 0, "discard 9S'")
    assert cards(match, 0) == ["5S", "6S", "7S", "8S", "9S"]
    assert match.hand.discard_pile[-1] == parse_cards("9S'")[0]


def test_laying_the_twin_instead_leaves_the_taken_card_to_lay():
    match = opened_with("5S 6S 7S KH KD KC 8S 9S' 2C 2D", "9S 3C 4H 5D 7C TD JD QH 3H", "9S")
    act(match, 0, "take-discard")
    act(match, 0, "lay-off 8S 0")
    act(match, 0, "lay-off 9S' 0")
    before = match.to_dict()
    with pytest.raises(IllegalActionError) as info:
        act(match, 0, "discard 9S")
    assert info.value.reason is Refusal.CANNOT_DISCARD_TAKEN_CARD
    assert match.to_dict() == before


# --- The exhaustive reference: every legal sequence of the turn, tried through Hand.apply ---


def _copy(hand):
    """A copy of ``hand`` that melds, lay-offs and swaps can change without touching ``hand``
    (they change the hands, the table and its owners, the freed jokers and the history)."""
    new = copy.copy(hand)
    new.hands = [list(h) for h in hand.hands]
    new.table = list(hand.table)
    new.owners = list(hand.owners)
    new.freed_jokers = list(hand.freed_jokers)
    new.history = list(hand.history)
    return new


def _turn_uses_card(hand, player):
    """Take the top discard by hand (without asking ``can_take``) and try every sequence of
    the turn's legal melds, lay-offs and swaps; True when one reaches a legal discard."""
    start = _copy(hand)
    start.discard_pile = list(hand.discard_pile)
    card = start.discard_pile.pop()
    start.hands[player].append(card)
    start.taken_card = card
    start.drawn_card = card
    start.phase = Phase.PLAY
    seen = set()

    def explore(at):
        key = (
            tuple(sorted(at.hands[player])), tuple(at.table), tuple(sorted(at.freed_jokers)),
        )
        if key in seen:
            return False
        seen.add(key)
        view = hand_view(at, player, ruleset=at.ruleset, phase=at.phase, turn=at.turn,
                         scores=(0,) * at.players)
        actions = legal_actions(view)
        if any(isinstance(a, Discard) for a in actions):
            return True
        for action in actions:
            if isinstance(action, LayMeld | LayOff | SwapJoker):
                after = _copy(at)
                after.apply(player, action)
                if explore(after):
                    return True
        return False

    return explore(start)


def _one_step(hand, card, table, opened, opening):
    """The take check before this search: one step ahead (kept here to count what it missed)."""
    if not opened:
        found = best_lay_down([*hand, card], must=card, keep_one=True)
        return found is not None and found.value >= opening
    if any(lay_off_options(m, card) for m in table):
        return True
    if best_lay_down([*hand, card], must=card, keep_one=True) is not None:
        return True
    for i, meld in enumerate(table):
        swapped = swap_joker(meld, card)
        if swapped is not None:
            after = [*table[:i], swapped[0], *table[i + 1 :]]
            if jokers_fit(after) or best_lay_down([*hand, swapped[1]], must=swapped[1],
                                                  keep_one=True):
                return True
    return False


def _positions(count):
    """Draw positions with a discard on the pile, from seeded matches: two to four players,
    bots of every level and random legal players (who leave more cards in hand)."""
    found = []
    seed = 0
    levels = ["simple", "normal", "expert", "random"]
    while len(found) < count:
        seed += 1
        rng = random.Random(seed)
        players = 2 + seed % 3
        match = Match.new(ROMME, players, rng)
        seats = [levels[(seed + s) % len(levels)] for s in range(players)]
        bots = [make_bot(level, random.Random(seed * 10 + s)) if level != "random" else None
                for s, level in enumerate(seats)]
        while match.phase is not Phase.MATCH_OVER and len(found) < count:
            seat = match.turn if match.turn is not None else 0
            hand = match.hand
            if match.phase is Phase.DRAW and hand.discard_pile:
                position = _copy(hand)
                position.discard_pile = list(hand.discard_pile)
                position.opened = list(hand.opened)
                found.append((position, seat))
            if bots[seat] is None:
                _, action = random_action(match, rng)
            else:
                action = bots[seat].choose(match.view(seat))
            match.apply(seat, action)
    return found


# 500 positions still hold a dozen takes that need more than one step (chained lay-offs, a freed
# joker: the one-step check missed them); FULL_TESTS=1 checks the 2,000 of before.
POSITIONS = sized(500, 2000)


def test_can_take_agrees_with_every_sequence_of_the_turn_on_random_positions():
    differences = []
    counts = {"opened": 0, "taken": 0, "beyond one step": 0}
    for hand, seat in _positions(POSITIONS):
        top = hand.discard_pile[-1]
        args = (hand.hands[seat], top, hand.table, hand.opened[seat], hand.ruleset.opening)
        engine = can_take(*args)
        reference = _turn_uses_card(hand, seat)
        if engine != reference:
            differences.append((args, engine, reference))
        counts["opened"] += hand.opened[seat]
        counts["taken"] += reference
        counts["beyond one step"] += reference and not _one_step(*args)
    assert differences == []
    # The positions cover what the search is for: opened hands, uses, and uses of more steps.
    assert counts["opened"] >= POSITIONS // 4 and counts["taken"] >= POSITIONS // 10, counts
    assert counts["beyond one step"] >= 5, counts
