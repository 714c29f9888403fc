"""A puzzle as a game's hook gives it to the site: plain JSON values, no engine object."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from webapp.review.words import points


@dataclass(frozen=True)
class PuzzleData:
    """A position whose expert move is clearly best, in the game's own JSON."""

    ruleset: str
    kind: str
    """``upcard``, ``draw``, ``discard`` or ``go-out`` (Gin Rummy's decisions)."""
    position: dict[str, Any]
    """What the player to move saw, and nothing else."""
    moves: list[tuple[str, float]]
    """Every legal move and its value in points, the game's order."""
    answer: str
    reason: dict[str, Any]
    """What the one-line reason is said from."""
    board: str
    """The rating board whose level anchors estimate the puzzle's starting rating."""
    found_by: tuple[str, ...]
    """The computer levels whose own move is the answer."""


@dataclass(frozen=True)
class Candidate:
    """One decision looked at for a puzzle: kept (``data``) or not."""

    source: str
    """Where it comes from, once (``Puzzle.source``)."""
    data: PuzzleData | None
    """None: no clearly best move (or the expert's move is not the best by value)."""


@dataclass(frozen=True)
class ShownMove:
    """A move as a puzzle page shows it: its form value, its words, its value in points."""

    move: str
    words: str
    value: str


def shown_moves(moves: list[list[Any]], words: Callable[[str], str]) -> dict[str, ShownMove]:
    """A kept puzzle's moves (form value, value) by form value, each said by ``words``."""
    return {str(m): ShownMove(str(m), words(str(m)), points(float(v))) for m, v in moves}
