"""A review's figures, whatever the game: how many decisions, how many matched the expert's,
the points lost and the accuracy; summed over hands for a match, and written for the page.

A game's review hook (`webapp.games.Review.tally`) gives each reviewed hand's `Tally`; the
store keeps it in columns, so a match's summary and a player's trend never decode a review.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from engine_common.luck import HandLuck


class Summarised(Protocol):
    """A summary as a game's engine or the store gives it."""

    @property
    def decisions(self) -> int: ...

    @property
    def matched(self) -> int: ...

    @property
    def points_lost(self) -> float: ...

    @property
    def accuracy(self) -> float | None: ...


@dataclass(frozen=True)
class Summary:
    decisions: int
    matched: int
    points_lost: float
    accuracy: float | None
    """0-100; None when there was no decision."""


@dataclass(frozen=True)
class Tally:
    """A reviewed hand's figures as the store keeps them (``hand_reviews``' columns)."""

    number: int
    summary: Summarised
    """The hand's summary as the game's review computed it."""
    accuracy_sum: float
    """The sum of the decisions' accuracies: sums over hands without decoding."""


def luck_sum(hands: Iterable[HandLuck]) -> HandLuck | None:
    """The luck of several hands together (independent: the errors add in quadrature); None
    when none of them has its luck."""
    found = list(hands)
    if not found:
        return None
    return HandLuck(
        deal=math.fsum(h.deal for h in found),
        own_draws=math.fsum(h.own_draws for h in found),
        their_draws=math.fsum(h.their_draws for h in found),
        error=math.sqrt(math.fsum(h.error ** 2 for h in found)),
    )


@dataclass(frozen=True)
class KeptHand:
    """A kept hand review's figures, read from its columns: the summary, the person's result
    and its luck (None for a row kept before they were, or whose luck failed)."""

    summary: Summarised
    points: int | None
    luck: HandLuck | None


@dataclass(frozen=True)
class SummaryFigures:
    decisions: int
    matched: int
    points_lost: str
    accuracy: str


def summary_of(decisions: int, matched: int, points_lost: float, accuracy_sum: float) -> Summary:
    return Summary(
        decisions=decisions,
        matched=matched,
        points_lost=points_lost,
        accuracy=accuracy_sum / decisions if decisions else None,
    )


def match_summary(hands: Iterable[Summarised]) -> Summary:
    """The summary of the decisions of several hands together."""
    found = list(hands)
    decisions = sum(s.decisions for s in found)
    accuracies = sum((s.accuracy or 0.0) * s.decisions for s in found)
    return Summary(
        decisions=decisions,
        matched=sum(s.matched for s in found),
        points_lost=sum(s.points_lost for s in found),
        accuracy=accuracies / decisions if decisions else None,
    )


def figures(summary: Summarised) -> SummaryFigures:
    return SummaryFigures(
        decisions=summary.decisions,
        matched=summary.matched,
        points_lost=f"{summary.points_lost:.1f}",
        accuracy=percent(summary.accuracy),
    )


def percent(value: float | None) -> str:
    """An accuracy, 0-100, as a whole percentage; "–" when there was no decision."""
    return "–" if value is None else f"{round(value)}%"
