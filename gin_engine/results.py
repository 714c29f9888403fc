"""Results as data: how a hand ended and how a match settles.

The pages render these values; no sentence is built here.

Glossary
    knocker      the player who ended the hand by knocking (or going gin)
    defender     the other player, who may lay off cards on the knocker's melds (not after gin)
    undercut     the defender's deadwood after lay-offs is not above the knocker's
    dead hand    the stock ran down to the dead-hand threshold with no knock: nobody scores
                 (流局 under 胡牌制)
    shape        胡牌制: what a fully melded group of cards makes at fewest melds —
                 三金 (three or more), 二金 (two), 金龙 (one run); see ``gin_engine.hu``
    box          a hand won, worth the ruleset's box bonus in the settlement
    shutout      the loser won no hand: the winner's hand points are multiplied
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from gin_engine.layoff import LayOffResult
from gin_engine.melds import Arrangement
from gin_engine.ruleset import Ruleset


class HandEnd(StrEnum):
    KNOCK = "knock"
    GIN = "gin"
    UNDERCUT = "undercut"
    DEAD = "dead"
    JIN_HU = "jin-hu"  # 胡牌制: out with no deadwood, scored by shape
    MI_HU = "mi-hu"  # 胡牌制: out with deadwood, the defender still has more after lay-offs
    ZHA_HU = "zha-hu"  # 胡牌制: out with deadwood, the defender has as little or less: it scores


class Shape(StrEnum):
    """胡牌制 shapes, lowest tier first after DEADWOOD (which pays as the lowest tier)."""

    DEADWOOD = "deadwood"
    SAN_JIN = "san-jin"
    ER_JIN = "er-jin"
    JIN_LONG = "jin-long"


@dataclass(frozen=True, slots=True, kw_only=True)
class HandResult:
    """The outcome of one hand; ``points = bonus + difference`` go to ``scorer``."""

    number: int
    dealer: int
    end: HandEnd
    knocker: int | None = None
    scorer: int | None = None
    bonus: int = 0
    difference: int = 0
    knocker_deadwood: int = 0
    defender_deadwood: int = 0
    knocker_melds: Arrangement | None = None
    defender: LayOffResult | None = None
    """The defender's melds, lay-offs and remaining deadwood (no lay-offs after gin)."""
    shape: Shape | None = None
    """胡牌制: the caller's shape after 金胡, the defender's after 诈胡; None otherwise."""
    paid_as: Shape | None = None
    """胡牌制: the tier whose points ``bonus`` holds (诈胡 with few cards left pays lower)."""

    @property
    def points(self) -> int:
        return self.bonus + self.difference

    def points_to(self, seat: int) -> int:
        """The hand's points to ``seat``: what it scored, or minus what the other seat scored;
        0 for a dead hand."""
        if self.scorer is None:
            return 0
        return self.points if self.scorer == seat else -self.points


def score_hand(
    ruleset: Ruleset,
    number: int,
    dealer: int,
    knocker: int,
    knocker_melds: Arrangement,
    defender: LayOffResult,
) -> HandResult:
    """Score a knock or gin (docs/rules.md §7): gin, knock or undercut, exactly one side scores."""
    kd, dd = knocker_melds.deadwood, defender.deadwood
    shown = HandResult(
        number=number,
        dealer=dealer,
        end=HandEnd.KNOCK,
        knocker=knocker,
        knocker_deadwood=kd,
        defender_deadwood=dd,
        knocker_melds=knocker_melds,
        defender=defender,
    )
    if kd == 0:
        gin = ruleset.gin_bonus
        return replace(shown, end=HandEnd.GIN, scorer=knocker, bonus=gin, difference=dd)
    if kd < dd:
        return replace(shown, scorer=knocker, difference=dd - kd)
    return replace(
        shown,
        end=HandEnd.UNDERCUT,
        scorer=1 - knocker,
        bonus=ruleset.undercut_bonus,
        difference=kd - dd,
    )


def dead_hand(number: int, dealer: int) -> HandResult:
    return HandResult(number=number, dealer=dealer, end=HandEnd.DEAD)


@dataclass(frozen=True, slots=True, kw_only=True)
class Settlement:
    """The final account of a match (docs/rules.md §9). Index 0/1 are the two players."""

    winner: int
    hand_points: tuple[int, int]
    hands_won: tuple[int, int]
    shutout: bool
    shutout_multiplier: int
    game_bonus: int
    box_bonus: tuple[int, int]
    totals: tuple[int, int]

    @property
    def winners(self) -> tuple[int, ...]:
        """The winner, as the engines' contract names it (``engine_common.contract.Settled``)."""
        return (self.winner,)

    @property
    def shutout_points(self) -> int:
        """The winner's hand points after the shutout multiplier (unchanged without a shutout)."""
        return self.hand_points[self.winner] * self.shutout_multiplier


def hand_points(results: list[HandResult]) -> tuple[int, int]:
    """Each player's running total: the sum of the hands it scored."""
    totals = [0, 0]
    for result in results:
        if result.scorer is not None:
            totals[result.scorer] += result.points
    return totals[0], totals[1]


def settle(ruleset: Ruleset, results: list[HandResult], winner: int) -> Settlement:
    points = hand_points(results)
    won = [0, 0]
    for result in results:
        if result.scorer is not None:
            won[result.scorer] += 1
    hands_won = (won[0], won[1])
    if not ruleset.settlement:
        return Settlement(
            winner=winner,
            hand_points=points,
            hands_won=hands_won,
            shutout=False,
            shutout_multiplier=1,
            game_bonus=0,
            box_bonus=(0, 0),
            totals=points,
        )
    shutout = hands_won[1 - winner] == 0
    multiplier = ruleset.shutout_multiplier if shutout else 1
    boxes = (hands_won[0] * ruleset.box_bonus, hands_won[1] * ruleset.box_bonus)
    totals = [points[0] + boxes[0], points[1] + boxes[1]]
    totals[winner] += points[winner] * (multiplier - 1) + ruleset.game_bonus
    return Settlement(
        winner=winner,
        hand_points=points,
        hands_won=hands_won,
        shutout=shutout,
        shutout_multiplier=multiplier,
        game_bonus=ruleset.game_bonus,
        box_bonus=boxes,
        totals=(totals[0], totals[1]),
    )
