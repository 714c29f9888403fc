"""What a player can remember of a hand, rebuilt from the public record of its view.

Glossary
    own          cards in this player's hand
    pile         cards in the discard pile (only the top can be taken)
    opp_known    cards the opponent took from the pile and still holds (public)
    opp_discards cards the opponent discarded this hand
    opp_taken    cards the opponent took from the pile this hand (held or not)
    opp_declined cards the opponent could have taken from the pile but left (pass or stock draw)
    unseen       cards neither in this hand, the pile, nor known in the opponent's hand:
                 they are in the stock or among the opponent's hidden cards

Bots keep no state between calls: everything here is recomputed from ``view.history``, so
two full states with the same view give the same memory.
"""

from __future__ import annotations

from dataclasses import dataclass

from gin_engine.cards import FULL_MASK, Card, CardMask, to_mask
from gin_engine.hand import Move
from gin_engine.ruleset import Opening
from gin_engine.view import PlayerView

_DISCARDS = (Move.DISCARD, Move.KNOCK, Move.GIN)
_TAKES = (Move.TAKE_UPCARD, Move.DRAW_DISCARD)


@dataclass(frozen=True, slots=True)
class Memory:
    own: CardMask
    pile: CardMask
    opp_known: CardMask
    opp_discards: CardMask
    opp_taken: CardMask
    opp_declined: CardMask
    unseen: CardMask
    opp_hidden: int
    """How many of the opponent's cards are not publicly known."""
    stock: int


def first_upcard(view: PlayerView) -> Card | None:
    if view.ruleset.opening is not Opening.UPCARD:
        return None  # the dealer's opening discard is in the history like any other
    for event in view.history:
        if event.move is Move.TAKE_UPCARD:
            return event.card
    return view.discard_pile[0] if view.discard_pile else None


def remember(view: PlayerView) -> Memory:
    """Replay the public history to learn what the opponent took, left and threw away."""
    opp = view.opponent
    pile: list[Card] = []
    up = first_upcard(view)
    if up is not None:
        pile.append(up)
    discards = taken = declined = 0
    history = view.history
    both_passed = len(history) >= 2 and all(e.move is Move.PASS_UPCARD for e in history[:2])
    for i, event in enumerate(history):
        move = event.move
        if move is Move.PASS_UPCARD:
            if event.player == opp and pile:
                declined |= pile[-1].bit
        elif move is Move.DRAW_STOCK:
            forced = i == 2 and both_passed  # the upcard could not be taken then
            if event.player == opp and pile and not forced:
                declined |= pile[-1].bit
        elif move in _TAKES:
            card = pile.pop() if pile else event.card
            if event.player == opp and card is not None:
                taken |= card.bit
        elif move in _DISCARDS and event.card is not None:
            pile.append(event.card)
            if event.player == opp:
                discards |= event.card.bit
    own = to_mask(view.hand)
    pile_mask = to_mask(view.discard_pile)
    known = to_mask(view.opponent_known)
    unseen = FULL_MASK & ~(own | pile_mask | known)
    return Memory(
        own=own,
        pile=pile_mask,
        opp_known=known,
        opp_discards=discards,
        opp_taken=taken,
        opp_declined=declined & ~taken,
        unseen=unseen,
        opp_hidden=view.opponent_card_count - len(view.opponent_known),
        stock=view.stock_count,
    )
