"""Whether the top discard may be taken: it must be laid out in the same turn.

Before opening, the card has to be part of an opening worth the ruleset's minimum (several
melds may add up); once opened, it may also be laid off, or swapped for a joker whose joker then
finds a place. A card is never taken that would leave nothing to discard.
"""

from __future__ import annotations

from collections.abc import Sequence

from romme_engine.cards import Card
from romme_engine.laydown import best_lay_down
from romme_engine.melds import Meld, jokers_fit, lay_off_options, swap_joker


def opening_with(hand: Sequence[Card], card: Card) -> int:
    """The best opening value the hand plus ``card`` can lay with ``card`` in it (0: none)."""
    found = best_lay_down([*hand, card], must=card, keep_one=True)
    return found.value if found is not None else 0


def can_take(
    hand: Sequence[Card], card: Card, table: Sequence[Meld], opened: bool, opening: int
) -> bool:
    if not opened:
        return opening_with(hand, card) >= opening
    if len(hand) >= 1 and any(lay_off_options(m, card) for m in table):
        return True
    if best_lay_down([*hand, card], must=card, keep_one=True) is not None:
        return True
    for i, meld in enumerate(table):
        swapped = swap_joker(meld, card)
        if swapped is None:
            continue
        new_meld, joker = swapped
        after = [*table[:i], new_meld, *table[i + 1 :]]
        if jokers_fit(after) or best_lay_down([*hand, joker], must=joker, keep_one=True):
            return True
    return False
