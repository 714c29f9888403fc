"""What every engine's player view holds and answers the same way.

An engine's ``PlayerView`` is a frozen dataclass of everything one seat may know. The fields
below mean the same in every game, so they are declared once here; the engine's view adds what
its own rules show (Gin Rummy's upcard and known cards, Rommé's table and staged melds), its
``history`` and ``scores`` in its own types, and narrows ``phase`` to its own phases. Views are
built by keyword (``make_view``), so the order of the fields carries no meaning.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from engine_common.contract import HAND_OVER, MATCH_OVER

C = TypeVar("C")
"""The engine's card type."""
H = TypeVar("H")
"""The engine's hand result type."""


@dataclass(frozen=True, slots=True)
class SeatView(Generic[C, H]):
    player: int
    phase: StrEnum
    turn: int | None
    """Who must act; None between hands and after the match."""
    dealer: int
    hand_number: int
    hand: tuple[C, ...]
    """This seat's cards, sorted."""
    drawn_card: C | None
    """The card this seat just drew; shown only on its own turn."""
    taken_card: C | None
    """The card this seat took from the discard pile this turn (what the game's rules then
    ask of it differs); shown only on its own turn."""
    discard_pile: tuple[C, ...]
    """Bottom first; the top is the last card."""
    stock_count: int
    results: tuple[H, ...]

    @property
    def my_turn(self) -> bool:
        return self.turn == self.player

    @property
    def discard_top(self) -> C | None:
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def result(self) -> H | None:
        """This hand's result once it is over."""
        if self.phase in (HAND_OVER, MATCH_OVER) and self.results:
            return self.results[-1]
        return None
