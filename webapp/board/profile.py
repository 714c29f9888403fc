"""A player's own numbers: totals and rates, the last matches, points over time."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import and_, case, func, select

from webapp.extensions import db
from webapp.models import MatchResult, Outcome, PointAward
from webapp.points import RANKING_POINTS

RECENT_MATCHES = 10


@dataclass(frozen=True)
class Totals:
    matches: int = 0
    wins: dict[str, int] = field(default_factory=lambda: dict.fromkeys(RANKING_POINTS, 0))
    abandoned: int = 0
    points: int = 0
    hands: int = 0
    gins: int = 0
    undercuts_given: int = 0
    undercuts_received: int = 0
    knocks: int = 0
    knock_deadwood: int = 0
    best_score: int = 0

    @property
    def total_wins(self) -> int:
        return sum(self.wins.values())

    @property
    def losses(self) -> int:
        return self.matches - self.total_wins

    @property
    def win_rate(self) -> float:
        return self.total_wins / self.matches if self.matches else 0.0

    @property
    def gin_rate(self) -> float:
        """Gins per hand played."""
        return self.gins / self.hands if self.hands else 0.0

    @property
    def mean_knock_deadwood(self) -> float | None:
        return self.knock_deadwood / self.knocks if self.knocks else None


@dataclass(frozen=True)
class RecentMatch:
    match_id: str
    finished_at: datetime
    ruleset: str
    difficulty: str
    outcome: str
    score: int
    opponent_score: int
    points: int | None
    hand_scores: list[dict[str, Any]]


@dataclass(frozen=True)
class PointsAt:
    """The player's running total of ranking points after one award."""

    at: datetime
    total: int


def totals(user_id: int) -> Totals:
    won = MatchResult.outcome == Outcome.WON.value
    wins = [
        func.sum(case((and_(won, MatchResult.difficulty == level), 1), else_=0))
        for level in RANKING_POINTS
    ]
    counted = [
        func.sum(case((MatchResult.outcome == Outcome.ABANDONED.value, 1), else_=0)),
        func.coalesce(func.sum(PointAward.points), 0),
        *(
            func.sum(column)
            for column in (
                MatchResult.hands,
                MatchResult.gins,
                MatchResult.undercuts_given,
                MatchResult.undercuts_received,
                MatchResult.knocks,
                MatchResult.knock_deadwood,
            )
        ),
        func.max(MatchResult.score),
    ]
    row = db.session.execute(
        select(func.count(), *wins, *counted)
        .outerjoin(PointAward, PointAward.match_id == MatchResult.match_id)
        .where(MatchResult.user_id == user_id)
    ).one()
    matches, *values = (int(v or 0) for v in row)
    if not matches:
        return Totals()
    by_level, rest = values[: len(RANKING_POINTS)], values[len(RANKING_POINTS) :]
    return Totals(matches, dict(zip(RANKING_POINTS, by_level, strict=True)), *rest)


def recent_matches(user_id: int, limit: int = RECENT_MATCHES) -> list[RecentMatch]:
    rows = db.session.execute(
        select(MatchResult, PointAward.points)
        .outerjoin(PointAward, PointAward.match_id == MatchResult.match_id)
        .where(MatchResult.user_id == user_id)
        .order_by(MatchResult.finished_at.desc())
        .limit(limit)
    )
    return [
        RecentMatch(
            match_id=result.match_id,
            finished_at=result.finished_at,
            ruleset=result.ruleset,
            difficulty=result.difficulty,
            outcome=result.outcome,
            score=result.score,
            opponent_score=result.opponent_score,
            points=points,
            hand_scores=list(result.hand_scores),
        )
        for result, points in rows
    ]


def points_over_time(user_id: int) -> list[PointsAt]:
    rows = db.session.execute(
        select(PointAward.awarded_at, PointAward.points)
        .where(PointAward.user_id == user_id)
        .order_by(PointAward.awarded_at, PointAward.id)
    )
    series: list[PointsAt] = []
    total = 0
    for at, points in rows:
        total += points
        series.append(PointsAt(at, total))
    return series
