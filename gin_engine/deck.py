"""Deal orders: the shuffled deck of a deal (from the deal seed), and stacked decks, explicit
orders for tests, examples and the rules pages."""

from __future__ import annotations

from collections.abc import Iterable

from engine_common.fairness import shuffled
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


def shuffled_deck(seed: str, deal: int) -> list[Card]:
    """Deal ``deal``'s order (1 = the first deal) from a deal seed (``fairness.deal_seed``)."""
    return shuffled(DECK, seed, deal)
