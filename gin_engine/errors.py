"""Gin Rummy's refusal codes and errors, on the engines' shared classes (``engine_common.errors``).

``InvalidInputError`` (and ``InvalidCardError``, ``InvalidActionError``) mean the input could
not be read at all; ``IllegalActionError`` means it was read but the rules refuse it. The web
layer turns ``IllegalActionError.reason`` — a stable code from ``Reason`` — into a translated
sentence.
"""

from __future__ import annotations

from enum import StrEnum

from engine_common import errors as common
from engine_common.errors import InvalidCardError, InvalidInputError


class Reason(StrEnum):
    """Stable codes for every refusal; their values are part of the public contract."""

    NOT_YOUR_TURN = "not-your-turn"
    WRONG_PHASE = "wrong-phase"
    DRAW_FIRST = "draw-first"
    ALREADY_DREW = "already-drew"
    NOT_IN_HAND = "not-in-hand"
    CANNOT_DISCARD_TAKEN_CARD = "cannot-discard-taken-card"
    DEADWOOD_TOO_HIGH = "deadwood-too-high"
    NOT_GIN = "not-gin"
    DISCARD_PILE_EMPTY = "discard-pile-empty"
    DECIDE_UPCARD = "decide-upcard"
    UPCARD_DECLINED = "upcard-declined"
    UPCARD_ALREADY_DECIDED = "upcard-already-decided"
    HAND_NOT_OVER = "hand-not-over"
    MATCH_OVER = "match-over"


class InvalidActionError(InvalidInputError):
    """An action that cannot be built: an unknown name, or a card missing or extra.

    ``needs_card`` tells the missing-card case apart, so a page can ask for the card.
    """

    def __init__(self, message: str, *, needs_card: bool = False) -> None:
        super().__init__(message)
        self.needs_card = needs_card


class IllegalActionError(common.IllegalActionError[Reason]):
    """A well-formed action the rules refuse; the match is left unchanged."""


__all__ = [
    "IllegalActionError", "InvalidActionError", "InvalidCardError", "InvalidInputError", "Reason",
]
