"""Gin Rummy's refusal codes and errors, on the engines' shared classes (``engine_common.errors``).

``InvalidInputError`` (and ``InvalidCardError``, ``InvalidActionError``) mean the input could
not be read at all; ``IllegalActionError`` means it was read but the rules refuse it. The web
layer turns ``IllegalActionError.reason`` — a stable code, from the shared ``Refusal`` or this
game's ``Reason`` — into a translated sentence.
"""

from __future__ import annotations

from enum import StrEnum

from engine_common import errors as common
from engine_common.errors import InvalidCardError, InvalidInputError
from engine_common.refusals import Refusal


class Reason(StrEnum):
    """Gin Rummy's own refusals (the upcard, knocking and gin); the ones every game shares
    are ``Refusal``. Stable codes: stored, so their values never change."""

    DEADWOOD_TOO_HIGH = "deadwood-too-high"
    NOT_GIN = "not-gin"
    DECIDE_UPCARD = "decide-upcard"
    UPCARD_DECLINED = "upcard-declined"
    UPCARD_ALREADY_DECIDED = "upcard-already-decided"


class InvalidActionError(InvalidInputError):
    """An action that cannot be built: an unknown name, or a card missing or extra.

    ``needs_card`` tells the missing-card case apart, so a page can ask for the card.
    """

    def __init__(self, message: str, *, needs_card: bool = False) -> None:
        super().__init__(message)
        self.needs_card = needs_card


class IllegalActionError(common.IllegalActionError[Refusal | Reason]):
    """A well-formed action the rules refuse; the match is left unchanged."""


__all__ = [
    "IllegalActionError", "InvalidActionError", "InvalidCardError", "InvalidInputError", "Reason",
    "Refusal",
]
