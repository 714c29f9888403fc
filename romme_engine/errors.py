"""Rommé's refusal codes and errors, on the engines' shared classes (``engine_common.errors``).

``InvalidInputError`` (and ``InvalidCardError``) mean the input could not be read at all;
``IllegalActionError`` means it was read but the rules refuse it. The web layer turns
``IllegalActionError.reason`` — a stable code, from the shared ``Refusal`` or this game's
``Reason`` — into a translated sentence.
"""

from __future__ import annotations

from enum import StrEnum

from engine_common import errors as common
from engine_common.errors import InvalidCardError, InvalidInputError
from engine_common.refusals import Refusal


class Reason(StrEnum):
    """Rommé's own refusals (melds, the opening, the taken card, jokers); the ones every game
    shares are ``Refusal``. Stable codes: stored, so their values never change."""

    TAKEN_CARD_UNUSABLE = "taken-card-unusable"
    """The top discard cannot be laid out this turn, so it may not be taken."""
    NOT_A_MELD = "not-a-meld"
    NOT_OPENED = "not-opened"
    """Lay-offs and joker swaps need an opening made in an earlier turn."""
    NO_SUCH_MELD = "no-such-meld"
    DOES_NOT_FIT = "does-not-fit"
    END_NEEDED = "end-needed"
    """The card (a joker, or an ace on a 12-card run) fits both ends: say which."""
    NO_JOKER_TO_SWAP = "no-joker-to-swap"
    KEEP_A_CARD = "keep-a-card"
    """The last card must be discarded; it cannot be melded or laid off."""
    NOTHING_STAGED = "nothing-staged"
    OPENING_TOO_LOW = "opening-too-low"
    TAKEN_CARD_NOT_USED = "taken-card-not-used"
    JOKER_NOT_RELAID = "joker-not-relaid"


class IllegalActionError(common.IllegalActionError[Refusal | Reason]):
    """A well-formed action the rules refuse; the match is left unchanged."""


__all__ = ["IllegalActionError", "InvalidCardError", "InvalidInputError", "Reason", "Refusal"]
