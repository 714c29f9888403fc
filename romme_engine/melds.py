"""Melds with jokers: what is a set or a run, its value, lay-offs and joker swaps.

Glossary
    set       3 or 4 cards of one rank, all suits different, at most one joker
    run       3+ cards of one suit in consecutive positions; ace low (A-2-3) or high (Q-K-A),
              never round the corner (K-A-2) and one ace per run (so at most 13 cards)
    low       a run's first position (1..12); a set's rank is kept in the same field
    lay off   add one card to a meld on the table: at either end of a run, into a set
    end       which end of a run a card goes to; stated when a card fits both (a joker)
    swap      replace a joker in a meld by the natural card it stands for (in a set: any suit
              the set lacks); the joker goes back to the hand
    value     what a meld counts for the opening: a joker counts as the card it stands for

A meld's cards are kept in order: a run from its low end up, a set naturals by suit then the
joker, so a meld is read the same way from a snapshot as from the player's hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from romme_engine.cards import Card, position_value, rank_of_position, rank_value

MIN_MELD = 3
MAX_SET = 4
MAX_SET_JOKERS = 1
MAX_RUN = 13


class MeldKind(StrEnum):
    SET = "set"
    RUN = "run"


class End(StrEnum):
    LOW = "low"
    HIGH = "high"


@dataclass(frozen=True, slots=True)
class Meld:
    """A valid meld, its cards in order. Build it with ``read_meld`` or ``meld_options``."""

    kind: MeldKind
    cards: tuple[Card, ...]
    suit: int
    """The run's suit; -1 for a set."""
    low: int
    """The run's first position (1..12); the set's rank (0..12)."""

    @property
    def high(self) -> int:
        """The run's last position."""
        return self.low + len(self.cards) - 1

    @property
    def value(self) -> int:
        if self.kind is MeldKind.SET:
            return len(self.cards) * rank_value(self.low)
        return sum(position_value(p) for p in range(self.low, self.low + len(self.cards)))

    @property
    def jokers(self) -> int:
        return sum(1 for c in self.cards if c.is_joker)

    def stands_for(self, index: int) -> tuple[int, int]:
        """``(suit, rank)`` card ``index`` stands for; a set's joker has suit -1 (any it lacks)."""
        card = self.cards[index]
        if self.kind is MeldKind.SET:
            return card.suit, self.low
        return self.suit, rank_of_position(self.low + index)

    def missing_suits(self) -> list[int]:
        """For a set: the suits no natural of it holds."""
        held = {c.suit for c in self.cards if not c.is_joker}
        return [s for s in range(4) if s not in held]


def read_meld(cards: Sequence[Card]) -> Meld | None:
    """The meld these cards make in this order (a set in any order), or None."""
    n = len(cards)
    if n < MIN_MELD:
        return None
    naturals = [c for c in cards if not c.is_joker]
    jokers = n - len(naturals)
    if len(naturals) <= jokers:
        return None
    first = naturals[0]
    if all(c.rank == first.rank for c in naturals):
        if n > MAX_SET or jokers > MAX_SET_JOKERS:
            return None
        if len({c.suit for c in naturals}) != len(naturals):
            return None
        ordered = tuple(sorted(naturals, key=lambda c: (c.suit, c.id))) + tuple(
            c for c in cards if c.is_joker
        )
        return Meld(MeldKind.SET, ordered, -1, first.rank)
    if n > MAX_RUN or any(c.suit != first.suit for c in naturals):
        return None
    for a, b in zip(cards, cards[1:], strict=False):
        if a.is_joker and b.is_joker:
            return None
    index = next(i for i, c in enumerate(cards) if not c.is_joker)
    for position in (first.rank + 1, 14) if first.rank == 0 else (first.rank + 1,):
        low = position - index
        if low < 1 or low + n - 1 > 14:
            continue
        if all(
            c.is_joker or c.rank == rank_of_position(low + i) for i, c in enumerate(cards)
        ):
            return Meld(MeldKind.RUN, tuple(cards), first.suit, low)
    return None


def meld_options(cards: Iterable[Card]) -> list[Meld]:
    """Every meld these cards can make, whatever their order: one for a set, one run per
    placement of the jokers (a joker at either end of a run is the player's choice)."""
    given = list(cards)
    naturals = sorted((c for c in given if not c.is_joker), key=lambda c: c.id)
    jokers = [c for c in given if c.is_joker]
    if not naturals:
        return []
    as_set = read_meld(given)
    if as_set is not None and as_set.kind is MeldKind.SET:
        return [as_set]
    n = len(given)
    found: list[Meld] = []
    for low in range(1, 15 - n + 1):
        slots: list[Card | None] = [None] * n
        fits = True
        for card in naturals:
            places = [
                p - low
                for p in ((1, 14) if card.rank == 0 else (card.rank + 1,))
                if low <= p < low + n
            ]
            if len(places) != 1 or slots[places[0]] is not None:
                fits = False
                break
            slots[places[0]] = card
        if not fits:
            continue
        spare = iter(jokers)
        order = [c if c is not None else next(spare) for c in slots]
        meld = read_meld(order)
        if meld is not None:
            found.append(meld)
    return found


def lay_off_options(meld: Meld, card: Card) -> dict[End | None, Meld]:
    """Where ``card`` can be added to ``meld`` and the meld that results (a set: key None)."""
    if not card.is_joker and card.rank != meld.low and card.suit != meld.suit:
        return {}  # neither the set's rank nor the run's suit
    if meld.kind is MeldKind.SET:
        grown = read_meld((*meld.cards, card))
        return {None: grown} if grown is not None else {}
    options: dict[End | None, Meld] = {}
    below = read_meld((card, *meld.cards))
    if below is not None and below.low == meld.low - 1:
        options[End.LOW] = below
    above = read_meld((*meld.cards, card))
    if above is not None and above.low == meld.low:
        options[End.HIGH] = above
    return options


def swap_joker(meld: Meld, card: Card) -> tuple[Meld, Card] | None:
    """The meld with ``card`` in place of the joker it stands for, and the freed joker."""
    if card.is_joker:
        return None
    for i, held in enumerate(meld.cards):
        if not held.is_joker:
            continue
        suit, rank = meld.stands_for(i)
        if rank != card.rank:
            continue
        if meld.kind is MeldKind.RUN and suit != card.suit:
            continue
        if meld.kind is MeldKind.SET and card.suit not in meld.missing_suits():
            continue
        swapped = read_meld((*meld.cards[:i], card, *meld.cards[i + 1 :]))
        if swapped is not None:
            return swapped, held
    return None


def jokers_fit(table: Sequence[Meld]) -> bool:
    """Whether a joker can be laid off on some meld of ``table``."""
    return any(lay_off_options(m, _ANY_JOKER) for m in table)


_ANY_JOKER = Card(104)
