"""Luck, GnuBG's way, for any game: what the chance events of a hand gave a player, in points.

Glossary
    chance event  a step nobody chose: the deal, a card drawn from the stock
    luck          of one event: the player's value after it minus the mean of that value over
                  every outcome the event could have had, both by one evaluator. Its mean over
                  the outcomes is 0, so a player's luck is 0 on average, whoever plays
    estimate      a mean from random samples with its standard error (``Estimate``); the
                  events of a hand are sampled independently, so errors add in quadrature
    paired        an event's luck is estimated from pairs (the outcome that came, an outcome
                  it could have been) played on the same random future but for the one card:
                  their difference is far less noisy than either value (common random numbers)
    adjusted      the hand's points for the player minus its luck: the result the player
                  would expect with average cards, an unbiased measure of skill over many hands

Only figures and the cards a draw is set against (`Alternatives`) live here; a game's evaluator
(``gin_engine.ai.luck``, ``romme_engine.ai.luck``) says what a value is.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar


@dataclass(frozen=True, slots=True)
class Estimate:
    """A sampled mean and its standard error."""

    mean: float
    error: float

    def __add__(self, other: Estimate) -> Estimate:
        """The sum of two independent estimates."""
        return Estimate(self.mean + other.mean, math.hypot(self.error, other.error))

    def __neg__(self) -> Estimate:
        return Estimate(-self.mean, self.error)


NOTHING = Estimate(0.0, 0.0)


def paired(samples: Iterable[float]) -> Estimate:
    """The mean of samples and its standard error (0 for one sample): a paired estimate's
    differences, or plain samples of one value (a dealt position's play-outs)."""
    found = list(samples)
    if not found:
        return NOTHING
    mean = math.fsum(found) / len(found)
    if len(found) == 1:
        return Estimate(mean, 0.0)
    return Estimate(mean, statistics.stdev(found) / math.sqrt(len(found)))


def total(estimates: Iterable[Estimate]) -> Estimate:
    """The sum of independent estimates."""
    found = NOTHING
    for estimate in estimates:
        found = found + estimate
    return found


T = TypeVar("T")


class Alternatives(Generic[T]):
    """The outcomes a draw's card is set against, one for each play-out: every card the stock
    held, in random order, each once before any comes again, so a few pairs spread over the
    whole stock rather than falling on the same cards."""

    def __init__(self, pool: Sequence[T], rng: random.Random) -> None:
        self._pool = list(pool)
        self._rng = rng
        self._left: list[T] = []

    def next(self) -> T:
        if not self._left:
            self._rng.shuffle(self._pool)
            self._left = list(self._pool)
        return self._left.pop()


@dataclass(frozen=True, slots=True)
class HandLuck:
    """A hand's luck for one player, in points, by source."""

    deal: float
    """The player's dealt position against the average dealt position for that seat."""
    own_draws: float
    """The player's own stock draws, summed."""
    their_draws: float
    """The opponents' stock draws, summed (as they were worth to this player)."""
    error: float
    """The standard error of ``total``."""

    @classmethod
    def of(cls, deal: Estimate, own: Estimate, theirs: Estimate) -> HandLuck:
        error = (deal + own + theirs).error
        return cls(deal.mean, own.mean, theirs.mean, error)

    @property
    def total(self) -> float:
        return self.deal + self.own_draws + self.their_draws

    def adjusted(self, points: int) -> float:
        """The luck-adjusted result: the hand's ``points`` for the player minus the luck."""
        return points - self.total
