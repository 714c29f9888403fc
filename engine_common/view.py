"""What every engine's player view answers the same way, read from the fields it shares.

An engine's ``PlayerView`` is a frozen dataclass of everything one seat may know; it inherits
these few questions, so they mean the same in every game.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Generic, TypeVar

from engine_common.contract import HAND_OVER, MATCH_OVER

C = TypeVar("C")
"""The engine's card type."""
H = TypeVar("H")
"""The engine's hand result type."""


class SeatView(Generic[C, H]):
    __slots__ = ()

    player: int
    turn: int | None
    phase: StrEnum
    discard_pile: tuple[C, ...]
    """Bottom first; the top is the last card."""
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
