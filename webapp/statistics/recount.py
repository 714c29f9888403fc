"""The repair path of the totals: recount them from ``match_results`` and compare, or rewrite.

``flask --app webapp recount-totals`` reports every board row whose kept totals differ from a
full recount (there should be none: `webapp.statistics.totals` counts each ended match once, in the
transaction that records it); ``--fix`` replaces the totals and ladders with the recount.

The migration that created the tables (``0004_player_totals``) backfills them with the same
aggregate written out in SQL: a migration must keep working when this module changes later.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Integer,
    Select,
    String,
    and_,
    case,
    cast,
    delete,
    func,
    insert,
    literal,
    or_,
    select,
    union_all,
)

from webapp.extensions import db
from webapp.models import (
    ALL_GAMES,
    ALL_TIME,
    MatchResult,
    Outcome,
    PlayerTotal,
    PointAward,
    PointsLadder,
    User,
)
from webapp.statistics.points import RANKING_POINTS

KEY = ("game", "period", "user_id")
COUNTED = (
    "username_key", "points", "matches", "wins", *(f"wins_{level}" for level in RANKING_POINTS),
    "abandoned", "hands", "gins", "undercuts_given", "undercuts_received", "knocks",
    "knock_deadwood", "best_score",
)


@dataclass(frozen=True)
class Difference:
    """One board row where the kept totals (``kept``) and the recount (``recounted``) differ;
    ``None`` on a side where the row is missing."""

    table: str
    key: tuple[Any, ...]
    kept: dict[str, Any] | None
    recounted: dict[str, Any] | None


def iso_week_sql(at: Any) -> ColumnElement[str]:
    """SQL for `webapp.statistics.totals.iso_week` of a UTC timestamp column, ``"2026-W49"``."""
    if db.session.get_bind().dialect.name == "postgresql":
        return func.to_char(func.timezone("UTC", at), 'IYYY-"W"IW')
    # SQLite (no %G/%V before 3.46): the ISO week is the one holding that week's Thursday.
    thursday = func.date(at, "-6 days", "weekday 1", "+3 days")
    week = (cast(func.strftime("%j", thursday), Integer) - 1) / 7 + 1
    return func.strftime("%Y", thursday) + "-W" + func.printf("%02d", week)


def recounted() -> Select[Any]:
    """Every board row of every player, aggregated from ``match_results`` (and awards)."""
    r, a = MatchResult, PointAward
    won = r.outcome == Outcome.WON.value
    sums = [
        func.coalesce(func.sum(a.points), 0).label("points"),
        func.count().label("matches"),
        func.sum(case((won, 1), else_=0)).label("wins"),
        *(
            func.sum(case((and_(won, r.difficulty == level), 1), else_=0)).label(f"wins_{level}")
            for level in RANKING_POINTS
        ),
        func.sum(case((r.outcome == Outcome.ABANDONED.value, 1), else_=0)).label("abandoned"),
        *(
            func.sum(column).label(column.key)
            for column in (r.hands, r.gins, r.undercuts_given, r.undercuts_received, r.knocks,
                           r.knock_deadwood)
        ),
        func.max(r.score).label("best_score"),
    ]
    week = iso_week_sql(r.finished_at)
    parts = []
    # PostgreSQL refuses a constant in GROUP BY: only the columns are grouped by.
    for game, game_by in ((r.game, [r.game]), (cast(literal(ALL_GAMES), String), [])):
        for period, period_by in ((cast(literal(ALL_TIME), String), []), (week, [week])):
            parts.append(
                select(game.label("game"), period.label("period"), r.user_id.label("user_id"),
                       User.username_key.label("username_key"), *sums)
                .join(User, User.id == r.user_id)
                .outerjoin(a, a.match_id == r.match_id)
                .group_by(*game_by, *period_by, r.user_id, User.username_key)
            )
    return union_all(*parts)  # type: ignore[return-value]


def _compare(
    table: str, kept: Any, expected: Any, key: tuple[str, ...], values: tuple[str, ...],
    limit: int,
) -> list[Difference]:
    joined = kept.join(
        expected, and_(*(kept.c[k] == expected.c[k] for k in key)), full=True
    )
    differs = or_(*(kept.c[v].is_distinct_from(expected.c[v]) for v in values))
    rows = db.session.execute(
        select(kept, expected).select_from(joined).where(differs).limit(limit)
    ).all()
    found = []
    width = len(kept.c)
    for row in rows:
        mine = dict(zip(kept.c.keys(), row[:width], strict=True))
        theirs = dict(zip(expected.c.keys(), row[width:], strict=True))
        present = mine if mine[key[0]] is not None else theirs
        found.append(
            Difference(
                table,
                tuple(present[k] for k in key),
                mine if mine[key[0]] is not None else None,
                theirs if theirs[key[0]] is not None else None,
            )
        )
    return found


def differences(limit: int = 1000) -> list[Difference]:
    """Up to ``limit`` board rows and ladder rows where kept and recounted totals differ."""
    totals = PlayerTotal.__table__
    kept = select(*(totals.c[c] for c in KEY + COUNTED)).subquery("kept")
    expected = recounted().subquery("expected")
    found = _compare("player_totals", kept, expected, KEY, COUNTED, limit)
    ladder = PointsLadder.__table__
    kept_ladder = select(ladder).where(ladder.c.players != 0).subquery("kept_ladder")
    expected_ladder = (
        select(expected.c.game, expected.c.period, expected.c.points,
               func.count().label("players"))
        .group_by(expected.c.game, expected.c.period, expected.c.points)
        .subquery("expected_ladder")
    )
    found += _compare("points_ladder", kept_ladder, expected_ladder,
                      ("game", "period", "points"), ("players",), limit)
    return found[:limit]


def rewrite() -> None:
    """Replace every total and ladder row with the recount. The caller commits."""
    db.session.execute(delete(PointsLadder))
    db.session.execute(delete(PlayerTotal))
    columns = list(KEY + COUNTED)
    expected = recounted().subquery("expected")
    db.session.execute(
        insert(PlayerTotal).from_select(columns, select(*(expected.c[c] for c in columns)))
    )
    t = PlayerTotal.__table__
    db.session.execute(
        insert(PointsLadder).from_select(
            ["game", "period", "points", "players"],
            select(t.c.game, t.c.period, t.c.points, func.count())
            .group_by(t.c.game, t.c.period, t.c.points),
        )
    )
