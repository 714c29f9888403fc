"""What every game's puzzles compute alike: every legal move of a position valued on the same
worlds, and whether the expert's move is clearly best (docs/puzzles.md).

Each engine gives its own moves, world sampling and worth of a move in a world (its review's);
the arithmetic is written once here.

Glossary
    common worlds  every move is valued on each world drawn, so two moves' values differ by
                   the moves alone and their difference has a small standard error
    clearly best   the expert's move (the Hint's) has the highest value, and beats every other
                   legal move by more than ``MARGIN_ERRORS`` standard errors of the difference
                   (the standard deviation of the world-by-world differences over √worlds)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from engine_common.luck import paired

A = TypeVar("A")
W = TypeVar("W")
K = TypeVar("K")
H = TypeVar("H")
P = TypeVar("P")

MARGIN_ERRORS = 2.0
"""The expert's move must beat every other move by more than this many standard errors."""


@dataclass(frozen=True, slots=True)
class MoveValue(Generic[A]):
    action: A
    value: float
    """The mean points to the player over the worlds."""
    gap: float
    """The expert's value minus this move's (0 for the expert's own move)."""
    error: float
    """The standard error of that difference (0 for the expert's own move)."""


def value_on_worlds(
    moves: Sequence[A],
    expert: A,
    worlds: int,
    sample: Callable[[], W],
    worth: Callable[[W, A], float],
) -> tuple[MoveValue[A], ...]:
    """Every move of ``moves`` (``expert`` among them) valued on ``worlds`` worlds, each drawn
    once by ``sample`` and given to every move in ``moves``' order (``worth`` must leave the
    world as it found it)."""
    values: dict[A, list[float]] = {move: [] for move in moves}
    for _ in range(worlds):
        world = sample()
        for move in moves:
            values[move].append(worth(world, move))
    ours = values[expert]
    found = []
    for move in moves:
        gap = paired(e - v for e, v in zip(ours, values[move], strict=True))
        found.append(MoveValue(move, paired(values[move]).mean, gap.mean, gap.error))
    return tuple(found)


def clearly_best(expert: A, moves: Sequence[MoveValue[A]]) -> bool:
    """``expert`` beats every other move by more than ``MARGIN_ERRORS`` errors (two moves
    equal in every world differ by exactly 0: never clearly best)."""
    return all(m.gap > 0 and m.gap > MARGIN_ERRORS * m.error for m in moves if m.action != expert)


def best(moves: Sequence[MoveValue[A]]) -> A:
    """The move of the highest value (the first of equals)."""
    return max(moves, key=lambda m: m.value).action


# No slots: an instance made through an alias (``Valuation[Action, Kind, Hint](...)``) is
# given its ``__orig_class__``, which a frozen dataclass with slots refuses with a TypeError.
@dataclass(frozen=True)
class Valuation(Generic[A, K, H]):
    """Every legal move of a position, in the engine's order (each once), beside the Hint's."""

    kind: K
    expert: A
    advice: H
    """The Hint's whole suggestion: its reason is the puzzle's one-line reason."""
    moves: tuple[MoveValue[A], ...]

    @property
    def clearly_best(self) -> bool:
        return clearly_best(self.expert, self.moves)

    @property
    def best(self) -> A:
        return best(self.moves)


class Valued(Protocol):
    @property
    def clearly_best(self) -> bool: ...


V = TypeVar("V", bound=Valued)


def screened(value: Callable[[int], V], screen: int, worlds: int) -> V | None:
    """``value(worlds)`` when the expert's move is clearly best on the first ``screen`` worlds
    of the same stream and on all ``worlds``; None otherwise. Most positions fail on the first
    few worlds, so this saves the rest, and it is a stricter test than either alone."""
    if not value(screen).clearly_best:
        return None
    valued = value(worlds)
    return valued if valued.clearly_best else None


@dataclass(frozen=True)
class Candidate(Generic[P]):
    """A decision of a computer player in one of their own matches (the bank's)."""

    hand: int
    step: int
    """The move's index in its hand's moves (0-based)."""
    level: str
    """The level of the player to move."""
    view: P
