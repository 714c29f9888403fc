"""One ended match is one Glicko-2 rating period: the person against each computer seat.

Read from the fields of a ``match_results`` row alone (`Result`), so the update made as a
match ends (`webapp.rating.record`) and the replay of the recorded results
(`webapp.rating.replay`) compute the same rating from the same row.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from webapp.rating.glicko import Rating, updated
from webapp.rating.levels import level
from webapp.rating.scores import match_scores


class Result(Protocol):
    """What a rating update reads of an ended match (a `webapp.models.MatchResult` has it)."""

    @property
    def game(self) -> str: ...
    @property
    def difficulty(self) -> str: ...
    @property
    def outcome(self) -> str: ...
    @property
    def hand_scores(self) -> Sequence[Mapping[str, Any]]: ...
    @property
    def opponents(self) -> int: ...


def after(previous: Rating, result: Result) -> Rating:
    """The owner's rating after ``result``: one period against the level they played (every
    computer seat plays at that level, whose fixed rating is its anchor)."""
    anchor = level(result.game, result.difficulty).anchor
    scores = match_scores(result.game, result.outcome, result.hand_scores, result.opponents)
    return updated(previous, [(anchor, score) for score in scores])
