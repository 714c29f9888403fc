"""The ruleset: every number of a Rommé match, in one frozen value.

Nothing else in the engine or on the pages hard-codes these numbers; they read them from here.
Meld shapes (3-card minimum, one joker per set, no adjacent jokers) are the game's definition
and live in ``melds``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from engine_common.presets import named
from romme_engine.errors import InvalidInputError


@dataclass(frozen=True, slots=True)
class Ruleset:
    name: str
    hands: int | None = 3
    """The match ends after this many hands (None: no fixed number)."""
    limit: int | None = None
    """The match ends after the hand in which a total passes this (None: no limit)."""
    opening: int = 30
    """A player's first lay-down must be worth at least this, in one turn."""
    hand_size: int = 13
    starter_extra: int = 1
    """The player on the dealer's left gets this many cards more and starts without drawing."""
    joker_penalty: int = 20
    hand_romme_multiplier: int = 2
    """Hand-Rommé: everyone else pays this many times their hand."""
    stock_runs: int = 3
    """When the stock runs out for this time, the hand ends with no winner."""
    min_players: int = 2
    max_players: int = 4

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ruleset:
        try:
            return cls(**data)
        except TypeError as exc:
            raise InvalidInputError(f"bad ruleset: {exc}") from exc


ROMME = Ruleset(name="romme", hands=3, limit=None)
ROMME_500 = Ruleset(name="romme-500", hands=None, limit=500)

PRESETS: dict[str, Ruleset] = {r.name: r for r in (ROMME, ROMME_500)}
DEFAULT_PRESET = ROMME.name


def preset(name: str) -> Ruleset:
    return named(PRESETS, name)
