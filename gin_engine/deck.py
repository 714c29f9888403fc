"""Stacked decks: explicit deal orders for tests, examples and the rules pages."""

from __future__ import annotations

from collections.abc import Iterable

from gin_engine.cards import DECK, Card, parse_cards
from gin_engine.errors import InvalidInputError


def stacked_deck(
    non_dealer: str | Iterable[Card],
    dealer: str | Iterable[Card],
    upcard: str | Card,
    stock: str | Iterable[Card] = (),
) -> list[Card]:
    """A 52-card deal order: 10 cards each, the upcard, then ``stock`` drawn first.

    The cards not named fill the rest of the stock in card order.
    """
    def read(cards: str | Iterable[Card]) -> list[Card]:
        return parse_cards(cards) if isinstance(cards, str) else list(cards)

    up = Card.parse(upcard) if isinstance(upcard, str) else upcard
    named = [*read(non_dealer), *read(dealer), up, *read(stock)]
    if len(set(named)) != len(named):
        raise InvalidInputError("a card is named twice")
    rest = [c for c in DECK if c not in set(named)]
    return [*named, *rest]
