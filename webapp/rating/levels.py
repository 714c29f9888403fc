"""The computer levels' fixed ratings: the anchors every person's rating is measured against.

``levels.json`` (beside this module) is written by ``benchmarks/rating_levels.py``, which plays
the engines' tournaments (easy against normal and expert against normal, per board), fixes
normal at 1500 and puts each other level where the logistic expected score of Glicko's scale
gives its measured score against normal (the formula is the benchmark's). A match is to
update only the person; the levels keep these figures.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from webapp import games
from webapp.rating.glicko import Rating

NORMAL = "normal"
ANCHOR_RD = 30.0
"""The deviation the levels play at. A fixed level is well known (its estimate's standard error
is under 10 points at the committed sizes); Glickman's example uses 30 for its best-known
opponent, and Glicko-2 needs a deviation above 0."""
ANCHOR_VOLATILITY = 0.06


@dataclass(frozen=True, slots=True)
class Level:
    """One computer level on one board: its rating and how it fared against normal."""

    difficulty: str
    rating: float
    score_against_normal: float
    """Its measured score per match against normal (0.5 for normal itself)."""

    @property
    def anchor(self) -> Rating:
        return Rating(self.rating, ANCHOR_RD, ANCHOR_VOLATILITY)


@cache
def _data() -> dict[str, Any]:
    text = resources.files("webapp.rating").joinpath("levels.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _anchors(board: str) -> Mapping[str, Mapping[str, float]]:
    """``board``'s levels: the tournaments' figures, or else those its registry entry gives
    (`webapp.games.Board.anchors`)."""
    measured = _data()["boards"].get(board)
    if measured is not None:
        found: Mapping[str, Mapping[str, float]] = measured["levels"]
        return found
    entry = next((found for found in games.boards() if found.key == board), None)
    if entry is None or entry.anchors is None:
        raise KeyError(board)
    return entry.anchors


def level(board: str, difficulty: str) -> Level:
    """The fixed rating of ``difficulty`` on ``board`` (``gin``, ``hu``, ``romme``)."""
    figures = _anchors(board)[difficulty]
    return Level(difficulty, float(figures["rating"]), float(figures["score"]))


def levels(board: str) -> list[Level]:
    """Every level of ``board``, easiest first."""
    return [level(board, name) for name in _anchors(board)]


@dataclass(frozen=True)
class Matchup:
    """How a level fares against the next easier one, as measured in the tournaments."""

    stronger: str
    weaker: str
    score: float
    """The stronger level's score per match (a win 1, a shared Rommé win a half)."""

    @property
    def wins_of_ten(self) -> int:
        """About how many of ten matches the stronger level wins."""
        return round(10 * self.score)


def against_next(board: str) -> list[Matchup]:
    """Each level of ``board`` against the next easier one, easiest pairing first. Every pairing
    the tournaments play has normal on one side: the other level's score against normal."""
    found = levels(board)
    pairs = []
    for weaker, stronger in zip(found, found[1:], strict=False):
        if stronger.difficulty == NORMAL:
            score = 1 - weaker.score_against_normal
        else:
            assert weaker.difficulty == NORMAL, "the tournaments play each level against normal"
            score = stronger.score_against_normal
        pairs.append(Matchup(stronger.difficulty, weaker.difficulty, score))
    return pairs
