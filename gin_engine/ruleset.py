"""The ruleset: every number and switch of a match, in one frozen value.

Nothing else in the engine or on the pages hard-codes these numbers; they read them from here.

Glossary
    opening      how a hand starts: an upcard offered to both players, or the dealer's 11th
                 card, which the dealer opens the hand by discarding (胡牌制)
    scoring      gin-rummy (knock, gin, undercut) or 胡牌制 (米胡, 金胡 by shape, 诈胡)
    shape        how many melds a fully melded hand needs at fewest: 三金 (three or more),
                 二金 (two), 金龙 (one run); ``shape_bonus`` holds their points in that order
    match end    by target, after a fixed number of hands, or first to the target within them
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any

from engine_common.presets import named
from gin_engine.errors import InvalidInputError

DECK_SIZE = 52
MAX_HAND_SIZE = 10
"""The meld searches take at most a hand plus the drawn card (11 cards)."""


class NextDealer(StrEnum):
    WINNER = "winner"  # the hand's scorer deals the next hand
    LOSER = "loser"  # the hand's non-scorer deals the next hand


class Opening(StrEnum):
    UPCARD = "upcard"  # card 2n+1 is turned up and offered (RULES §3)
    DEALER_DISCARDS = "dealer-discards"  # card 2n+1 goes to the dealer, who opens by a discard


class Scoring(StrEnum):
    GIN_RUMMY = "gin-rummy"
    HU = "hu"  # 胡牌制


class MatchEnd(StrEnum):
    TARGET = "target"  # after the hand in which a total reaches ``target``
    HANDS = "hands"  # after ``hands`` hands, highest total; a tie plays further hands
    TARGET_WITHIN_HANDS = "target-within-hands"  # first to ``target``, else as HANDS
    BOARDS = "boards"  # exactly ``hands`` hands, each dealt by hand 1's dealer (a daily's boards)


@dataclass(frozen=True, slots=True)
class Ruleset:
    name: str
    target: int = 100
    knock_limit: int = 10
    gin_bonus: int = 25
    undercut_bonus: int = 25
    hand_size: int = 10
    dead_hand_stock: int = 2
    """A plain discard that leaves this many stock cards (or fewer) ends the hand as dead;
    0 plays the stock out (the player who drew the last card may still go out)."""
    next_dealer: NextDealer = NextDealer.WINNER
    settlement: bool = True
    game_bonus: int = 100
    box_bonus: int = 25
    shutout_multiplier: int = 2
    opening: Opening = Opening.UPCARD
    discards_visible: bool = True
    """False: the discard pile is face down except its top card; pages show only that card."""
    scoring: Scoring = Scoring.GIN_RUMMY
    low_hu_bonus: int = 10
    """胡牌制: a successful 米胡 scores this plus the difference."""
    shape_bonus: tuple[int, int, int] = (50, 100, 400)
    """胡牌制: the points of 三金, 二金 and 金龙, lowest tier first."""
    full_shape_cards: int = 8
    """胡牌制 诈胡: a defender's shape counts in full from this many cards left after lay-offs;
    one card fewer counts one tier lower, fewer still the lowest tier."""
    match_end: MatchEnd = MatchEnd.TARGET
    hands: int = 0
    """The number of hands for MatchEnd.HANDS and TARGET_WITHIN_HANDS (every dealt hand counts,
    a drawn one too)."""

    def __post_init__(self) -> None:
        if not 1 <= self.hand_size <= MAX_HAND_SIZE:
            raise InvalidInputError(f"hand size {self.hand_size} not in 1..{MAX_HAND_SIZE}")
        if self.dead_hand_stock < 0:  # the stock can never be drawn from when empty
            raise InvalidInputError("dead_hand_stock must be >= 0")
        if self.match_end is not MatchEnd.TARGET and self.hands < 1:
            raise InvalidInputError(f"{self.match_end.value} needs a number of hands")
        if len(self.shape_bonus) != 3:
            raise InvalidInputError("shape_bonus needs three tiers")

    @property
    def stock_size(self) -> int:
        """Cards left in the stock after the deal (the upcard or the dealer's extra card)."""
        return DECK_SIZE - 2 * self.hand_size - 1

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        for key in ("next_dealer", "opening", "scoring", "match_end"):
            data[key] = data[key].value
        data["shape_bonus"] = list(self.shape_bonus)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ruleset:
        """Read a stored ruleset; fields missing in older snapshots take their defaults."""
        try:
            fields = dict(data)
            fields["next_dealer"] = NextDealer(fields["next_dealer"])
            for key, kind in (("opening", Opening), ("scoring", Scoring), ("match_end", MatchEnd)):
                if key in fields:
                    fields[key] = kind(fields[key])
            if "shape_bonus" in fields:
                fields["shape_bonus"] = tuple(int(p) for p in fields["shape_bonus"])
            return cls(**fields)
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidInputError(f"bad ruleset: {exc}") from exc


STANDARD = Ruleset(name="standard", target=100, settlement=True, next_dealer=NextDealer.WINNER)
CLASSIC = Ruleset(name="classic", target=100, settlement=False, next_dealer=NextDealer.LOSER)
QUICK = Ruleset(name="quick", target=50, settlement=False, next_dealer=NextDealer.LOSER)
_HU_RULES: dict[str, Any] = {
    "opening": Opening.DEALER_DISCARDS,
    "discards_visible": False,
    "dead_hand_stock": 0,
    "scoring": Scoring.HU,
    "next_dealer": NextDealer.LOSER,
    "settlement": False,
}
HU = Ruleset(name="hu", match_end=MatchEnd.HANDS, hands=6, **_HU_RULES)
HU_RACE = Ruleset(
    name="hu-race", match_end=MatchEnd.TARGET_WITHIN_HANDS, target=150, hands=10, **_HU_RULES
)

PRESETS: dict[str, Ruleset] = {r.name: r for r in (STANDARD, CLASSIC, QUICK, HU, HU_RACE)}
DEFAULT_PRESET = STANDARD.name


def preset(name: str) -> Ruleset:
    return named(PRESETS, name)
