"""Errors by cause, the same for every engine: malformed input versus a move the rules forbid.

``InvalidInputError`` (and ``InvalidCardError``) mean the input could not be read at all: an
unknown card, action or snapshot. ``IllegalActionError`` means it was read but the rules refuse
it, and the match is left unchanged; its ``reason`` is a stable code (a ``StrEnum``: the values
are part of the public contract): a refusal every game knows, such as ``not-your-turn`` or
``match-over``, from ``engine_common.refusals.Refusal``, else one from the engine's own
``Reason``. The web layer turns a reason into a translated sentence.

Each engine subclasses these (``gin_engine.errors``, ``romme_engine.errors``), so a caller
can catch one engine's errors, or any engine's through these bases.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Generic, TypeVar

R = TypeVar("R", bound=StrEnum)


class EngineError(Exception):
    """Base of every error an engine raises."""


class InvalidInputError(EngineError, ValueError):
    """Input that cannot be read: an unknown card, action or snapshot."""


class InvalidCardError(InvalidInputError):
    def __init__(self, text: str) -> None:
        super().__init__(f"not a card: {text!r}")
        self.text = text


class IllegalActionError(EngineError, Generic[R]):
    """A well-formed action the rules refuse; the match is left unchanged."""

    def __init__(self, reason: R, detail: str = "") -> None:
        super().__init__(f"{reason.value}: {detail}" if detail else reason.value)
        self.reason = reason
        self.detail = detail
