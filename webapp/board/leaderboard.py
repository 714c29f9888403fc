"""The leaderboard: players ranked by ranking points, all time or this ISO week (UTC).

Three queries whatever the page size — the page, the viewer's own row and the count — over
one aggregate of ``match_results`` (left-joined to ``point_awards``) grouped by player. The
week filter uses ``ix_match_results_finished_at``.

Glossary
    rank      standard competition rank by points: equal points share a rank ("1, 2, 2, 4")
    position  the row's place in the listing: ties are listed by wins, then by name
    pinned    the viewer's own row, shown under the page when it is not on it
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from sqlalchemy import Select, and_, case, func, select

from webapp.extensions import db
from webapp.models import MatchResult, Outcome, PointAward, User
from webapp.points import RANKING_POINTS


class Period(StrEnum):
    ALL = "all"
    WEEK = "week"


@dataclass(frozen=True)
class Row:
    rank: int
    position: int
    user_id: int
    username: str
    points: int
    wins: dict[str, int]
    """Wins at each difficulty, easy to expert."""
    matches: int
    best_score: int

    @property
    def total_wins(self) -> int:
        return sum(self.wins.values())

    @property
    def win_rate(self) -> float:
        return self.total_wins / self.matches if self.matches else 0.0


@dataclass(frozen=True)
class Board:
    period: Period
    page: int
    pages: int
    players: int
    rows: list[Row]
    pinned: Row | None
    """The viewer's row when it is not on this page."""
    viewer_row: Row | None


def week_start(now: datetime) -> datetime:
    """Monday 00:00 UTC of ``now``'s ISO week."""
    day = now.replace(hour=0, minute=0, second=0, microsecond=0)
    return day - timedelta(days=day.weekday())


def _ranked(period: Period, now: datetime) -> Select[tuple[object, ...]]:
    won = MatchResult.outcome == Outcome.WON.value
    columns = [
        MatchResult.user_id.label("user_id"),
        func.coalesce(func.sum(PointAward.points), 0).label("points"),
        func.count().label("matches"),
        func.sum(case((won, 1), else_=0)).label("wins"),
        func.max(MatchResult.score).label("best_score"),
    ] + [
        func.sum(case((and_(won, MatchResult.difficulty == level), 1), else_=0)).label(
            f"wins_{level}"
        )
        for level in RANKING_POINTS
    ]
    totals = select(*columns).outerjoin(PointAward, PointAward.match_id == MatchResult.match_id)
    if period is Period.WEEK:
        start = week_start(now)
        totals = totals.where(
            MatchResult.finished_at >= start, MatchResult.finished_at < start + timedelta(days=7)
        )
    stats = totals.group_by(MatchResult.user_id).subquery("stats")
    listing_order = (stats.c.points.desc(), stats.c.wins.desc(), User.username_key)
    ranked = (
        select(
            stats,
            User.username,
            func.rank().over(order_by=stats.c.points.desc()).label("rank"),
            func.row_number().over(order_by=listing_order).label("position"),
        )
        .join(User, User.id == stats.c.user_id)
        .subquery("ranked")
    )
    return select(ranked)


def _row(values: object) -> Row:
    m = values._mapping  # type: ignore[attr-defined]
    return Row(
        rank=int(m["rank"]),
        position=int(m["position"]),
        user_id=int(m["user_id"]),
        username=str(m["username"]),
        points=int(m["points"]),
        wins={level: int(m[f"wins_{level}"]) for level in RANKING_POINTS},
        matches=int(m["matches"]),
        best_score=int(m["best_score"]),
    )


def player_count(period: Period, now: datetime) -> int:
    ranked = _ranked(period, now).subquery()
    return int(db.session.scalar(select(func.count()).select_from(ranked)) or 0)


def player_row(user_id: int, period: Period, now: datetime) -> Row | None:
    ranked = _ranked(period, now).subquery()
    found = db.session.execute(select(ranked).where(ranked.c.user_id == user_id)).first()
    return _row(found) if found is not None else None


class PageOutOfRange(LookupError):
    """The page number is past the last page."""


def board(period: Period, page: int, page_size: int, now: datetime, viewer: int | None) -> Board:
    """One page of the board, plus the viewer's own row when it is elsewhere."""
    players = player_count(period, now)
    pages = max(1, -(-players // page_size))
    if page > pages:
        raise PageOutOfRange(page)
    ranked = _ranked(period, now).subquery()
    first = (page - 1) * page_size + 1
    rows = [
        _row(values)
        for values in db.session.execute(
            select(ranked)
            .where(ranked.c.position.between(first, first + page_size - 1))
            .order_by(ranked.c.position)
        )
    ]
    viewer_row = player_row(viewer, period, now) if viewer is not None else None
    on_page = viewer_row is not None and any(r.user_id == viewer_row.user_id for r in rows)
    return Board(
        period=period,
        page=page,
        pages=pages,
        players=players,
        rows=rows,
        pinned=None if on_page else viewer_row,
        viewer_row=viewer_row,
    )
