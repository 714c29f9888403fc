"""Deal orders: the shuffled deck of a deal (from the deal seed), and stacked decks, explicit
orders for tests, examples and the rules pages."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine_common.fairness import shuffled
from romme_engine.cards import DECK, Card, parse_cards
from romme_engine.errors import InvalidInputError
from romme_engine.ruleset import Ruleset


def stacked_deck(
    ruleset: Ruleset,
    dealer: int,
    hands: Sequence[str | Iterable[Card]],
    stock: str | Iterable[Card] = (),
) -> list[Card]:
    """A 110-card deal order giving seat ``i`` the cards ``hands[i]`` (the starter, on the
    dealer's left, names one card more) and then ``stock`` drawn first to last.

    The cards not named fill the rest of the stock in id order.
    """
    def read(cards: str | Iterable[Card]) -> list[Card]:
        return parse_cards(cards) if isinstance(cards, str) else list(cards)

    players = len(hands)
    named = [read(h) for h in hands]
    starter = (dealer + 1) % players
    for seat, cards in enumerate(named):
        want = ruleset.hand_size + (ruleset.starter_extra if seat == starter else 0)
        if len(cards) != want:
            raise InvalidInputError(f"seat {seat} needs {want} cards, got {len(cards)}")
    dealt = ruleset.hand_size * players + ruleset.starter_extra
    order: list[Card] = []
    taken = [0] * players
    for i in range(dealt):
        seat = (dealer + 1 + i) % players
        order.append(named[seat][taken[seat]])
        taken[seat] += 1
    order += read(stock)
    if len(set(order)) != len(order):
        raise InvalidInputError("a card is named twice")
    used = set(order)
    return [*order, *(c for c in DECK if c not in used)]


def shuffled_deck(seed: str, deal: int) -> list[Card]:
    """Deal ``deal``'s order (1 = the first deal) from a deal seed (``fairness.deal_seed``)."""
    return shuffled(DECK, seed, deal)
