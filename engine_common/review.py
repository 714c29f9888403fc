"""What every game's 复盘 computes alike from its own values: a decision's loss on common worlds
with its standard error, its label, its accuracy, and a hand's or a match's summary.

Each engine values its moves in its own points and gives its own thresholds and accuracy
scale (Gin Rummy's and Rommé's point scales differ); the arithmetic is written once here.

Glossary
    loss      the mean over the same worlds of (expert's points − player's points), with its
              standard error (their standard deviation over √worlds), clipped at 0: a move
              estimated at least as good as the expert's loses nothing
    label     the worst label whose threshold the loss exceeds, when it also exceeds twice its
              standard error: noise is never called a mistake
    accuracy  ``100 · exp(−loss / scale)``: 100 for no loss; a hand's is the mean over its
              decisions
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Generic, Protocol, TypeVar

from engine_common.errors import InvalidInputError
from engine_common.luck import paired

M = TypeVar("M")


class Label(StrEnum):
    GOOD = "good"
    """好"""
    INACCURACY = "inaccuracy"
    """不精确"""
    MISTAKE = "mistake"
    """失误"""
    BLUNDER = "blunder"
    """大错"""


Thresholds = tuple[tuple[Label, float], ...]
"""Worst label first, each with the loss (points) it takes more than."""


@dataclass(frozen=True, slots=True)
class Loss:
    loss: float
    """Points, 0 or more."""
    error: float
    """Its standard error."""


def loss_of(expert: Sequence[float], played: Sequence[float]) -> Loss:
    """The loss of the played move beside the expert's, world by world on the same worlds."""
    found = paired(e - p for e, p in zip(expert, played, strict=True))
    return Loss(max(0.0, found.mean), found.error)


def label(loss: float, error: float, thresholds: Thresholds) -> Label:
    """The worst label whose threshold the loss exceeds, if it also exceeds twice its error."""
    for name, threshold in thresholds:
        if loss > threshold and loss > 2.0 * error:
            return name
    return Label.GOOD


def accuracy(loss: float, scale: float) -> float:
    """A decision's accuracy, 0-100: ``100 * exp(-loss / scale)``."""
    return 100.0 * math.exp(-loss / scale)


class Reviewed(Protocol):
    @property
    def matched(self) -> bool: ...

    @property
    def loss(self) -> float: ...

    @property
    def accuracy(self) -> float: ...

    @property
    def label(self) -> Label: ...


@dataclass(frozen=True, slots=True)
class Summary:
    """A hand's or a match's decisions in figures."""

    decisions: int
    matched: int
    """Decisions where the player made the expert's move."""
    points_lost: float
    accuracy: float | None
    """The mean accuracy of the decisions; None without any."""


def summarise(reviews: Iterable[Reviewed]) -> Summary:
    found = list(reviews)
    return Summary(
        decisions=len(found),
        matched=sum(r.matched for r in found),
        points_lost=math.fsum(r.loss for r in found),
        accuracy=statistics.fmean(r.accuracy for r in found) if found else None,
    )


R = TypeVar("R", bound=Reviewed)


@dataclass(frozen=True, slots=True)
class HandReview(Generic[R]):
    """Every decision one player made in one hand, in order; each game's decision type."""

    number: int
    seat: int
    moves: tuple[R, ...]

    @property
    def summary(self) -> Summary:
        return summarise(self.moves)


DRILLED = (Label.MISTAKE, Label.BLUNDER)
"""The labels whose decisions the player drills again as puzzles of their own (失误, 大错)."""


def mistakes(review: HandReview[Any]) -> list[int]:
    """The review's decisions (1-based) labelled 失误 or 大错: the 错题本's, in every game."""
    return [n for n, move in enumerate(review.moves, start=1) if move.label in DRILLED]


def encode_envelope(version: int, number: int, seat: int, moves: list[Any]) -> dict[str, Any]:
    """A hand's stored review: its version, the hand's number, the seat, each decision as
    the game writes it."""
    return {"v": version, "n": number, "s": seat, "m": moves}


def decode_envelope(
    data: dict[str, Any], version: int, read_move: Callable[[dict[str, Any]], M]
) -> tuple[int, int, tuple[M, ...]]:
    """(number, seat, decisions) of a stored review; ``InvalidInputError`` if unreadable."""
    try:
        if data["v"] != version:
            raise InvalidInputError(f"unknown review version {data['v']!r}")
        moves = tuple(read_move(m) for m in data["m"])
        return int(data["n"]), int(data["s"]), moves
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise InvalidInputError(f"bad review: {exc!r}") from exc
