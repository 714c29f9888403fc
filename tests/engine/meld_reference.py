"""An independent brute-force reference for melds and deadwood (frozensets, no bit tables).

The engine's fast search is checked against this in test_melds.py and test_layoff.py.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from gin_engine.cards import Card


def is_meld(cards: frozenset[Card]) -> bool:
    if len(cards) < 3:
        return False
    ranks = sorted(c.rank for c in cards)
    if len(set(ranks)) == 1:
        return len(cards) <= 4
    if len({c.suit for c in cards}) == 1:
        return ranks == list(range(ranks[0], ranks[0] + len(ranks)))
    return False


def value(card: Card) -> int:
    return min(card.rank + 1, 10)


@cache
def brute_deadwood(cards: frozenset[Card]) -> int:
    """Try every meld holding the lowest card, or that card as deadwood, recursively."""
    if not cards:
        return 0
    first = min(cards, key=lambda c: (c.suit, c.rank))
    rest = cards - {first}
    best = value(first) + brute_deadwood(rest)
    same_rank = sorted((c for c in rest if c.rank == first.rank), key=lambda c: c.suit)
    for size in (2, 3):
        for others in combinations(same_rank, size):
            if is_meld(frozenset(others) | {first}):
                best = min(best, brute_deadwood(rest - frozenset(others)))
    run = {first}
    for rank in range(first.rank + 1, 13):
        nxt = Card(first.suit, rank)
        if nxt not in rest:
            break
        run.add(nxt)
        if len(run) >= 3:
            best = min(best, brute_deadwood(cards - frozenset(run)))
    return best
