"""A brute-force reference for the best lay-down: try every subset of the hand as a meld
(``meld_options`` decides), then every way to pack disjoint melds. Slow and plain on purpose."""

from __future__ import annotations

from functools import cache

from romme_engine.melds import meld_options


def _could_meld(cards):
    naturals = [c for c in cards if not c.is_joker]
    if len(naturals) < 2:
        return True
    ranks = {c.rank for c in naturals}
    suits = {c.suit for c in naturals}
    return len(ranks) == 1 or (len(suits) == 1 and len(ranks) == len(naturals))


def all_melds(hand):
    cards = sorted(hand)
    found = {}

    def grow(start, chosen):
        if len(chosen) >= 3:
            options = meld_options(chosen)
            if options:
                found[frozenset(chosen)] = max(m.value for m in options)
        for i in range(start, len(cards)):
            chosen.append(cards[i])
            if _could_meld(chosen) and len(chosen) <= 13:
                grow(i + 1, chosen)
            chosen.pop()

    grow(0, [])
    return found


def best_value(hand):
    # A meld that fits the remaining cards and holds their lowest card starts with it.
    by_lowest = {}
    for cards, worth in all_melds(hand).items():
        by_lowest.setdefault(min(cards), []).append((cards, worth))

    @cache
    def best(remaining):
        if not remaining:
            return 0
        first = min(remaining)
        value = best(remaining - {first})
        for cards, worth in by_lowest.get(first, ()):
            if cards <= remaining:
                value = max(value, worth + best(remaining - cards))
        return value

    return best(frozenset(hand))
