"""What a computer player reads from its view: live cards, useful pairs, the next player.

Glossary
    live        copies of a face not seen anywhere public nor in one's own hand (0..2): they
                are still in the stock or in other hands
    outs        live cards that would turn two held cards into a meld
    danger      how likely the next player can use a card: it fits a table meld (anyone
                opened can lay it off), or it is near a card the next player took
"""

from __future__ import annotations

from collections.abc import Sequence

from romme_engine.cards import Card
from romme_engine.hand import Move
from romme_engine.melds import lay_off_options
from romme_engine.view import PlayerView


def live_counts(view: PlayerView) -> list[int]:
    """For each face 0..51, how many of its two copies are unseen by this player."""
    live = [2] * 52
    seen = [*view.hand, *view.discard_pile, *(c for m in view.table for c in m.cards)]
    for card in seen:
        if not card.is_joker:
            live[card.kind] -= 1
    return live


def outs(card: Card, others: Sequence[Card], live: Sequence[int] | None) -> float:
    """How many unseen cards would make a meld of ``card`` with one of ``others``.

    Without ``live`` every missing card counts as 1 (a player that does not count cards)."""
    if card.is_joker:
        return 99.0
    def count(face: int) -> float:
        return 1.0 if live is None else float(live[face])

    total = 0.0
    suit, rank = card.suit, card.rank
    for other in others:
        if other.is_joker or other == card:
            continue
        if other.rank == rank and other.suit != suit:
            total += sum(count(s * 13 + rank) for s in range(4) if s not in (suit, other.suit))
        elif other.suit == suit:
            gap = (other.rank - rank) % 13
            low = min(rank, other.rank)
            if abs(other.rank - rank) == 1:
                ends = [low - 1, low + 2]
                total += sum(count(suit * 13 + r % 13) for r in ends if -1 <= r <= 13)
            elif abs(other.rank - rank) == 2:
                total += count(suit * 13 + low + 1)
            elif gap in (1, 12) and 0 in (rank, other.rank):  # Q-K-A or K-A edges
                total += count(suit * 13 + 11)
    return total


def next_player_took(view: PlayerView) -> list[Card]:
    """Cards the next player took from the discard pile this hand."""
    nxt = view.next_player
    return [e.card for e in view.history if e.player == nxt and e.move is Move.TAKE_DISCARD
            and e.card is not None]


def danger(view: PlayerView, card: Card) -> float:
    """0..1: how likely the next player can use ``card`` if it is thrown."""
    if card.is_joker:
        return 1.0
    nxt = view.next_player
    score = 0.0
    if view.opened[nxt] and any(lay_off_options(m, card) for m in view.table):
        score += 0.8
    for taken in next_player_took(view):
        if taken.is_joker:
            continue
        near = taken.suit == card.suit and abs(taken.rank - card.rank) <= 2
        if taken.rank == card.rank or near:
            score += 0.3
    return min(score, 1.0)
