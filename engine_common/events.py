"""The public record of a hand: one event a public move, and how snapshots write it.

An event says who moved (the seat), what kind of move (a member of the engine's ``Move``
enum, whose values are one letter) and the card everyone saw — None for a hidden card (a
stock draw) or a move without one (a pass, a reshuffle). A snapshot writes it as the seat's
digit, the move's letter and the card in the engine's compact form: ``0x7S`` is seat 0
discarding the seven of spades in Gin Rummy, ``1s`` seat 1 drawing from the stock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from engine_common.errors import InvalidInputError

M = TypeVar("M", bound=StrEnum)
C = TypeVar("C")

DRAW_STOCK = "s"
"""The letter of a stock draw in every game's ``Move`` (stored: it never changes); the card
drawn stays hidden, so the event carries none."""
DISCARD = "x"
"""The letter of a plain discard (not a knock, gin or going out) in every game's ``Move``
(stored)."""


@dataclass(frozen=True, slots=True)
class Event(Generic[M, C]):
    """One public move. An engine names its own ``Event(events.Event[Move, Card])``."""

    player: int
    move: M
    card: C | None = None

    def encode(self, card_code: Callable[[C], str]) -> str:
        """The snapshot form, the card written by ``card_code``."""
        card = "" if self.card is None else card_code(self.card)
        return f"{self.player}{self.move.value}{card}"


def decode_event(
    text: str, moves: type[M], read_card: Callable[[str], C]
) -> tuple[int, M, C | None]:
    """``(seat, move, card)`` of an event's snapshot form; ``InvalidInputError`` if unreadable."""
    try:
        card = read_card(text[2:]) if len(text) > 2 else None
        return int(text[0]), moves(text[1]), card
    except (ValueError, IndexError) as exc:
        raise InvalidInputError(f"bad event: {text!r}") from exc
