"""Usernames: which are allowed and the key that makes them unique regardless of case.

A name is normalised with NFKC first, so full-width ``Ａｌｉｃｅ`` and ``Alice`` are one name;
the key is the casefolded form, so ``ALICE`` and ``alice`` are one name too.
"""

from __future__ import annotations

import unicodedata

from webapp.models import USERNAME_MAX

USERNAME_MIN = 3
_LETTER_CATEGORIES = frozenset({"Lu", "Ll", "Lt", "Lm", "Lo"})  # Lo holds the CJK ideographs
_ASCII_DIGITS = frozenset("0123456789")


def normalise_username(raw: str) -> str:
    """The name as stored and shown: NFKC, surrounding spaces removed."""
    return unicodedata.normalize("NFKC", raw).strip()


def username_key(name: str) -> str:
    """The uniqueness key: NFKC then casefold."""
    return normalise_username(name).casefold()


def allowed_character(ch: str) -> bool:
    """Letters of any script (CJK included), ASCII digits and the underscore."""
    return ch == "_" or ch in _ASCII_DIGITS or unicodedata.category(ch) in _LETTER_CATEGORIES


def valid_username(name: str) -> bool:
    return USERNAME_MIN <= len(name) <= USERNAME_MAX and all(map(allowed_character, name))
