"""Rank and suit notation shared by the Gin Rummy and Rommé engines.

Glossary
    rank   0..12 for A 2 3 4 5 6 7 8 9 T J Q K
    suit   0..3 for S H D C (spades, hearts, diamonds, clubs)
    code   the compact form of a natural card, rank letter then suit letter: ``7S``, ``TC``
    symbol the display form, ``10`` for ten and the suit symbol: ``10♥``
    colour hearts and diamonds are red, spades and clubs black (a joker has no suit)
"""

from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
RED_SUITS = frozenset({1, 2})

_SYMBOL_TO_SUIT = {sym: i for i, sym in enumerate(SUIT_SYMBOLS)}
_RANK_ALIASES = {"10": 9}


def read_rank_suit(text: str) -> tuple[int, int] | None:
    """``(suit, rank)`` of ``7S``, ``TS``, ``10S``, ``7♠`` or ``10♠`` (any case), else None."""
    raw = text.strip().upper()
    if len(raw) < 2 or len(raw) > 3:
        return None
    rank_part, suit_part = raw[:-1], raw[-1]
    if rank_part in _RANK_ALIASES:
        rank = _RANK_ALIASES[rank_part]
    elif len(rank_part) == 1 and rank_part in RANKS:
        rank = RANKS.index(rank_part)
    else:
        return None
    if suit_part in SUITS:
        suit = SUITS.index(suit_part)
    elif suit_part in _SYMBOL_TO_SUIT:
        suit = _SYMBOL_TO_SUIT[suit_part]
    else:
        return None
    return suit, rank


def is_red(suit: int) -> bool:
    """Whether cards of ``suit`` are printed red (hearts, diamonds); False for no suit (-1)."""
    return suit in RED_SUITS


def code(suit: int, rank: int) -> str:
    return RANKS[rank] + SUITS[suit]


def symbol(suit: int, rank: int) -> str:
    return ("10" if rank == 9 else RANKS[rank]) + SUIT_SYMBOLS[suit]
