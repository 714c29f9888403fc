"""One ended match is one Glicko-2 rating period: the person against each computer seat.

Read from the fields of a ``match_results`` row alone (`Result`), so the update made as a
match ends (`webapp.rating.record`) and the replay of the recorded results
(`webapp.rating.rebuild`) compute the same rating from the same row and the time since the
player's previous one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, Protocol

from webapp.rating.glicko import Rating, away, updated
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


def before(kept: Rating, last_played: datetime | None, finished_at: datetime) -> Rating:
    """The owner's rating going into a match that ended at ``finished_at``: ``kept``, their
    rating after their last rated match on the board (at ``last_played``; ``None`` before their
    first, when ``kept`` is `glicko.START`), its deviation grown for the time since
    (`glicko.away`)."""
    return kept if last_played is None else away(kept, finished_at - last_played)


def after(previous: Rating, result: Result) -> Rating:
    """The owner's rating after ``result``: one period against the level they played (every
    computer seat plays at that level, whose fixed rating is its anchor)."""
    anchor = level(result.game, result.difficulty).anchor
    scores = match_scores(result.game, result.outcome, result.hand_scores, result.opponents)
    return updated(previous, [(anchor, score) for score in scores])
