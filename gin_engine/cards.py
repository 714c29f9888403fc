"""Cards: immutable values, their notation and their deadwood points.

Glossary
    rank       A 2 3 4 5 6 7 8 9 T J Q K (ace always low)
    suit       S H D C (spades, hearts, diamonds, clubs)
    index      suit * 13 + rank, 0..51; bit ``index`` of a *card mask* stands for the card,
               so a hand is also a plain ``int`` and the meld search works on bits.
    rank bits  the card mask of one rank in all four suits: ``RANK_BITS << rank``.
    value      deadwood points: A = 1, 2..10 face value, J Q K = 10.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import ClassVar

from engine_common.notation import RANKS, SUITS, read_rank_suit
from engine_common.notation import is_red as red_suit
from engine_common.notation import symbol as notation_symbol
from gin_engine.errors import InvalidCardError

CardMask = int
"""A set of cards as a 52-bit integer: bit ``card.index`` is set when the card is present."""

RANK_BITS: CardMask = 0x8004002001
"""The four aces (bits 0, 13, 26, 39); ``RANK_BITS << rank`` are the four cards of ``rank``."""


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card. Instances are interned: ``Card.parse("7S") is Card.parse("7♠")``."""

    suit: int
    rank: int

    _all: ClassVar[tuple[Card, ...]]

    def __new__(cls, suit: int, rank: int) -> Card:
        if not (0 <= suit < 4 and 0 <= rank < 13):
            raise InvalidCardError(f"{suit}/{rank}")
        try:
            return cls._all[suit * 13 + rank]
        except AttributeError:  # while building the 52 interned cards
            return object.__new__(cls)

    def __getnewargs__(self) -> tuple[int, int]:
        return (self.suit, self.rank)

    @property
    def index(self) -> int:
        return self.suit * 13 + self.rank

    @property
    def bit(self) -> CardMask:
        return 1 << (self.suit * 13 + self.rank)

    @property
    def value(self) -> int:
        return VALUES[self.rank]

    @property
    def is_red(self) -> bool:
        return red_suit(self.suit)

    @property
    def symbol(self) -> str:
        """Display form with the suit symbol and ``10`` for ten, e.g. ``10♥``."""
        return notation_symbol(self.suit, self.rank)

    def __str__(self) -> str:
        return RANKS[self.rank] + SUITS[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @classmethod
    def from_index(cls, index: int) -> Card:
        if not 0 <= index < 52:
            raise InvalidCardError(str(index))
        return cls._all[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``7S``, ``TS``, ``10S``, ``7♠`` or ``10♠`` (case-insensitive)."""
        if not isinstance(text, str):
            raise InvalidCardError(repr(text))
        exact = _BY_CODE.get(text)  # the common case: a snapshot's or a form's own code
        if exact is not None:
            return exact
        read = read_rank_suit(text)
        if read is None:
            raise InvalidCardError(text)
        suit, rank = read
        return cls._all[suit * 13 + rank]


VALUES: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)

Card._all = tuple(Card(s, r) for s in range(4) for r in range(13))
DECK: tuple[Card, ...] = Card._all
_BY_CODE: dict[str, Card] = {str(card): card for card in DECK}
"""All 52 cards in index order (♠A..♠K, ♥A..♥K, ♦A..♦K, ♣A..♣K)."""

FULL_MASK: CardMask = (1 << 52) - 1


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read a space- or comma-separated list such as ``"7S 8S 9S"``, or an iterable of strings."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(p) for p in parts]


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def to_mask(cards: Iterable[Card]) -> CardMask:
    mask = 0
    for card in cards:
        mask |= 1 << (card.suit * 13 + card.rank)
    return mask


def bit_indices(mask: int) -> Iterator[int]:
    """The positions of the set bits of ``mask``, lowest first.

    For a card mask these are card indices; for one suit's 13-bit pattern, ranks.
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def from_mask(mask: CardMask) -> list[Card]:
    """Cards of a mask in index order."""
    return [DECK[i] for i in bit_indices(mask)]


def points(cards: Iterable[Card]) -> int:
    return sum(VALUES[c.rank] for c in cards)


def display_order(cards: Iterable[Card]) -> list[Card]:
    """Sorted by rank then suit, the order a player fans deadwood cards."""
    return sorted(cards, key=lambda c: (c.rank, c.suit))
