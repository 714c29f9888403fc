"""Rommé cards: two 52-card decks and six jokers, 110 distinct values.

Glossary
    id        0..109; ids 0..51 are the first deck, 52..103 the second (same order as
              Gin Rummy's index: suit * 13 + rank), 104..109 the six jokers
    copy      0 or 1 for the two decks; the copies are equal in play, distinct in a snapshot
    natural   any card that is not a joker
    joker     王: stands for any card in a meld; 20 penalty points in hand
    code      ``7S`` (first copy), ``7S'`` (second copy), ``JK1``..``JK6`` (jokers)
    position  a run's place 1..14: the ace low is 1, 2..K are 2..13, the ace high is 14
    penalty   what a card costs in hand when the hand ends: A 11, J Q K 10, 2..10 face value
              (a joker's 20 lives in the ruleset)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from engine_common.notation import code as natural_code
from engine_common.notation import is_red as red_suit
from engine_common.notation import read_rank_suit
from engine_common.notation import symbol as natural_symbol
from romme_engine.errors import InvalidCardError

NATURALS = 104
JOKERS = 6
CARD_COUNT = NATURALS + JOKERS
JOKER_RANK = -1


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One of the 110 cards, by id. Compare and hash by id; read its parts as properties."""

    id: int
    suit: int = field(init=False, compare=False, repr=False)
    """0..3 for a natural; -1 for a joker."""
    rank: int = field(init=False, compare=False, repr=False)
    """0..12 (A..K) for a natural; -1 for a joker."""
    is_joker: bool = field(init=False, compare=False, repr=False)
    kind: int = field(init=False, compare=False, repr=False)
    """The card's face, 0..51, equal for both copies; 52 for every joker."""

    def __post_init__(self) -> None:
        if not 0 <= self.id < CARD_COUNT:
            raise InvalidCardError(str(self.id))
        joker = self.id >= NATURALS
        # Read on every meld check: stored once rather than computed per access.
        object.__setattr__(self, "is_joker", joker)
        object.__setattr__(self, "suit", -1 if joker else self.id % 52 // 13)
        object.__setattr__(self, "rank", JOKER_RANK if joker else self.id % 13)
        object.__setattr__(self, "kind", 52 if joker else self.id % 52)

    @property
    def copy(self) -> int:
        return self.id - NATURALS if self.id >= NATURALS else self.id // 52

    def __str__(self) -> str:
        if self.id >= NATURALS:
            return f"JK{self.id - NATURALS + 1}"
        base = natural_code(self.suit, self.rank)
        return base + "'" if self.id >= 52 else base

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds; a joker is not red."""
        return red_suit(self.suit)

    @property
    def symbol(self) -> str:
        """Display form, ``10♥`` or ``JK`` (both copies of a card look the same)."""
        return "JK" if self.id >= NATURALS else natural_symbol(self.suit, self.rank)

    @classmethod
    def natural(cls, suit: int, rank: int, copy: int = 0) -> Card:
        return DECK[copy * 52 + suit * 13 + rank]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``7S``, ``7S'``, ``10♠'``, ``JK3`` (case-insensitive)."""
        if not isinstance(text, str):
            raise InvalidCardError(repr(text))
        exact = _BY_CODE.get(text)
        if exact is not None:
            return exact
        raw = text.strip().upper()
        # isascii: str.isdigit() also holds for "２", "٢" and "²", which are not a joker's number.
        number = raw[2:]
        if raw.startswith("JK") and number.isascii() and number.isdigit() and (
            1 <= int(number) <= JOKERS
        ):
            return DECK[NATURALS + int(number) - 1]
        second = raw.endswith("'")
        read = read_rank_suit(raw[:-1] if second else raw)
        if read is None:
            raise InvalidCardError(text)
        suit, rank = read
        return cls.natural(suit, rank, 1 if second else 0)


DECK: tuple[Card, ...] = tuple(Card(i) for i in range(CARD_COUNT))
"""All 110 cards in id order."""
_BY_CODE: dict[str, Card] = {str(card): card for card in DECK}


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read a space- or comma-separated list such as ``"7S 8S' JK1"``, or an iterable."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(p) for p in parts]


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def rank_of_position(position: int) -> int:
    """The rank (0..12) a run position (1..14) stands for: both 1 and 14 are the ace."""
    return (position - 1) % 13


def position_value(position: int) -> int:
    """A run position's value for the opening: ace low 1, 2..10 face, J Q K 10, ace high 11."""
    if position == 1:
        return 1
    if position == 14:
        return 11
    return min(position, 10)


def rank_value(rank: int) -> int:
    """A rank's value in a set (and its penalty): ace 11, J Q K 10, 2..10 face value."""
    return 11 if rank == 0 else min(rank + 1, 10)


def penalty(card: Card, joker_penalty: int) -> int:
    return joker_penalty if card.is_joker else rank_value(card.rank)


def penalty_total(cards: Iterable[Card], joker_penalty: int) -> int:
    return sum(penalty(c, joker_penalty) for c in cards)


def encode_cards(cards: Iterable[Card]) -> str:
    """Two hex digits per card id, run together: the snapshot form."""
    return bytes(c.id for c in cards).hex()


def decode_cards(text: str) -> list[Card]:
    try:
        ids = bytes.fromhex(text)
    except (ValueError, TypeError) as exc:
        raise InvalidCardError(str(text)) from exc
    if any(i >= CARD_COUNT for i in ids):
        raise InvalidCardError(text)
    return [DECK[i] for i in ids]


def decode_card(text: str) -> Card:
    """One card in the snapshot form (two hex digits)."""
    cards = decode_cards(text)
    if len(cards) != 1:
        raise InvalidCardError(text)
    return cards[0]
