"""The ruleset: every number and switch of a match, in one frozen value.

Nothing else in the engine or on the pages hard-codes these numbers; they read them from here.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any

from gin_engine.errors import InvalidInputError


class NextDealer(StrEnum):
    WINNER = "winner"  # the hand's scorer deals the next hand
    LOSER = "loser"  # the hand's non-scorer deals the next hand


@dataclass(frozen=True, slots=True)
class Ruleset:
    name: str
    target: int = 100
    knock_limit: int = 10
    gin_bonus: int = 25
    undercut_bonus: int = 25
    hand_size: int = 10
    dead_hand_stock: int = 2
    """A plain discard that leaves this many stock cards (or fewer) ends the hand as dead."""
    next_dealer: NextDealer = NextDealer.WINNER
    settlement: bool = True
    game_bonus: int = 100
    box_bonus: int = 25
    shutout_multiplier: int = 2

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["next_dealer"] = self.next_dealer.value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ruleset:
        try:
            fields = dict(data)
            fields["next_dealer"] = NextDealer(fields["next_dealer"])
            return cls(**fields)
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidInputError(f"bad ruleset: {exc}") from exc


STANDARD = Ruleset(name="standard", target=100, settlement=True, next_dealer=NextDealer.WINNER)
CLASSIC = Ruleset(name="classic", target=100, settlement=False, next_dealer=NextDealer.LOSER)
QUICK = Ruleset(name="quick", target=50, settlement=False, next_dealer=NextDealer.LOSER)

PRESETS: dict[str, Ruleset] = {r.name: r for r in (STANDARD, CLASSIC, QUICK)}
DEFAULT_PRESET = STANDARD.name


def preset(name: str) -> Ruleset:
    try:
        return PRESETS[name]
    except KeyError:
        raise InvalidInputError(f"unknown ruleset: {name!r}") from None
