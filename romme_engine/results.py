"""Results as data: how a hand ended, what everyone pays, and the match standings.

Glossary
    penalty     the value of the cards left in a hand when it ends (joker 20, A 11, J Q K 10)
    Hand-Rommé  一次出完: going out in one turn without having laid anything before; everyone
                else pays the ruleset's multiple of their penalty
    stock out   the stock ran out for the last allowed time: no winner, everyone pays
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from romme_engine.cards import Card, penalty_total
from romme_engine.ruleset import Ruleset


class HandEnd(StrEnum):
    OUT = "out"
    HAND_ROMME = "hand-romme"
    STOCK_OUT = "stock-out"


@dataclass(frozen=True, slots=True)
class HandResult:
    number: int
    dealer: int
    end: HandEnd
    winner: int | None
    """Who went out; None when the stock ran out."""
    hands: tuple[tuple[Card, ...], ...]
    """The cards each player held when the hand ended (shown at the end)."""
    hand_values: tuple[int, ...]
    """The penalty value of each of those hands."""
    penalties: tuple[int, ...]
    """What each player adds to their total: the hand value, times the multiplier after a
    Hand-Rommé; 0 for the winner."""


def score_hand(
    ruleset: Ruleset,
    number: int,
    dealer: int,
    hands: Sequence[Sequence[Card]],
    winner: int | None,
    hand_romme: bool,
) -> HandResult:
    values = tuple(penalty_total(h, ruleset.joker_penalty) for h in hands)
    factor = ruleset.hand_romme_multiplier if hand_romme else 1
    if winner is None:
        end = HandEnd.STOCK_OUT
    else:
        end = HandEnd.HAND_ROMME if hand_romme else HandEnd.OUT
    return HandResult(
        number=number,
        dealer=dealer,
        end=end,
        winner=winner,
        hands=tuple(tuple(sorted(h)) for h in hands),
        hand_values=values,
        penalties=tuple(0 if p == winner else v * factor for p, v in enumerate(values)),
    )


def totals(results: Sequence[HandResult], players: int) -> tuple[int, ...]:
    return tuple(sum(r.penalties[p] for r in results) for p in range(players))


@dataclass(frozen=True, slots=True)
class Standing:
    """The match's end: each player's total and the winners (lowest total; a tie shares it)."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]


def standing(results: Sequence[HandResult], players: int) -> Standing:
    points = totals(results, players)
    low = min(points)
    return Standing(points, tuple(p for p, t in enumerate(points) if t == low))


def match_over(ruleset: Ruleset, results: Sequence[HandResult], players: int) -> bool:
    """After ``hands`` hands, or once a total passes the limit."""
    if ruleset.hands is not None and len(results) >= ruleset.hands:
        return True
    return ruleset.limit is not None and max(totals(results, players)) > ruleset.limit
