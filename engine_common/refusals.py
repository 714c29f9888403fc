"""The refusal codes every game shares, written once.

A move both games know is refused for the same cause with the same code: a seat acting out of
turn, a move in the wrong phase, a discard before the draw, a second draw, a card not held, a
take from an empty pile, a discard of the card just taken from the pile, dealing on before the
hand ends, any move after the match. The codes are stored (database rows, addresses), so their
values never change. Each engine's ``Reason`` holds only the refusals of its own rules
(``deadwood-too-high``, ``opening-too-low``…) and never repeats one of these; an
``IllegalActionError.reason`` is a ``Refusal`` or the engine's ``Reason``.
"""

from __future__ import annotations

from enum import StrEnum


class Refusal(StrEnum):
    """Stable codes; their values are part of the public contract."""

    NOT_YOUR_TURN = "not-your-turn"
    WRONG_PHASE = "wrong-phase"
    DRAW_FIRST = "draw-first"
    ALREADY_DREW = "already-drew"
    NOT_IN_HAND = "not-in-hand"
    DISCARD_PILE_EMPTY = "discard-pile-empty"
    CANNOT_DISCARD_TAKEN_CARD = "cannot-discard-taken-card"
    HAND_NOT_OVER = "hand-not-over"
    MATCH_OVER = "match-over"
