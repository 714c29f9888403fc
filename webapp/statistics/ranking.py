"""What an ended match leaves behind for its owner: statistics, and ranking points for a win.

Both are written in the transaction that ends the match (the caller commits), so a match is
counted exactly when it ends; so are the owner's totals (`webapp.statistics.totals`), which the
boards read, the owner's skill rating (`webapp.rating`) and the player page's charts
(`webapp.statistics.charts`). ``point_awards.match_id`` and
``match_results.match_id`` are unique: were a second writer ever to get this far, its whole
transaction — the match save included — would fail instead of counting twice.

Glossary
    ranking points   points on the leaderboard, per won match: easy 10, normal 30, expert 100
    owner            the account the match belongs to; guests' matches have none and count nowhere
"""

from __future__ import annotations

from sqlalchemy import select

from webapp.extensions import db
from webapp.models import MatchResult, Outcome, PointAward
from webapp.rating import record as rating
from webapp.statistics import charts, totals
from webapp.statistics.points import RANKING_POINTS


def easier(a: str, b: str) -> str:
    """The easier of two difficulties (the one worth fewer ranking points)."""
    return min(a, b, key=lambda level: RANKING_POINTS.get(level, 0))


def record_result(row: MatchResult) -> None:
    """Add one ended match's statistics ``row``, its award for a win, its owner's totals and
    the move of its owner's rating on its board (`webapp.rating.record`).

    The one way a match's end is counted: the match layer (`webapp.matches.save_and_count`)
    passes the row its game's registry entry made (`webapp.games`). The caller commits.
    """
    for name in [name for name, value in row.statistics.items() if not value]:
        del row.statistics[name]  # a count of 0 is kept as no row
    db.session.add(row)
    points = RANKING_POINTS[row.difficulty] if row.outcome == Outcome.WON else 0
    if points:
        db.session.add(
            PointAward(
                match_id=row.match_id,
                user_id=row.user_id,
                difficulty=row.difficulty,
                points=points,
                awarded_at=row.finished_at,
            )
        )
    # A second recording of this match fails here, on the unique match_id, before the totals.
    db.session.flush()
    totals.count(row, points)
    charts.record(row, points, rating.record(row))


def points_awarded(match_id: str) -> int | None:
    """The ranking points a match earned, or ``None`` if it earned none."""
    return db.session.scalar(select(PointAward.points).where(PointAward.match_id == match_id))
