"""The repair path of the totals: recount them from ``match_results`` and compare, or rewrite.

``flask --app webapp recount-totals`` reports every board row (totals, ladder rung or keyed
statistic) whose kept value differs from a full recount (there should be none:
`webapp.statistics.totals` counts each ended match once, in the transaction that records it);
``--fix`` replaces the totals, ladders and keyed statistics with the recount.

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

from webapp import games
from webapp.extensions import db
from webapp.models import (
    ALL_GAMES,
    ALL_TIME,
    MatchResult,
    MatchStatistic,
    Outcome,
    PlayerStatistic,
    PlayerTotal,
    PointAward,
    PointsLadder,
    User,
)
from webapp.statistics import declared
from webapp.statistics.declared import kept_as_maximum

KEY = ("game", "period", "user_id")
COUNTED = (
    "username_key", "points", "matches", "wins", "abandoned", "hands", "best_score",
)
STATISTIC_KEY = (*KEY, "name")


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
        func.sum(case((r.outcome == Outcome.ABANDONED.value, 1), else_=0)).label("abandoned"),
        func.sum(r.hands).label("hands"),
        func.max(r.score).label("best_score"),
    ]
    parts = []
    for game, period, by in _boards():
        parts.append(
            select(game.label("game"), period.label("period"), r.user_id.label("user_id"),
                   User.username_key.label("username_key"), *sums)
            .join(User, User.id == r.user_id)
            .outerjoin(a, a.match_id == r.match_id)
            .group_by(*by, r.user_id, User.username_key)
        )
    return union_all(*parts)  # type: ignore[return-value]


def _boards() -> list[tuple[Any, ColumnElement[str], list[Any]]]:
    """Each kind of board a result counts on, as SQL over ``match_results``: its game, its
    period and what to group by (PostgreSQL refuses a constant in GROUP BY: only the columns
    are grouped by)."""
    r = MatchResult
    week = iso_week_sql(r.finished_at)
    return [
        (game, period, [*game_by, *period_by])
        for game, game_by in ((r.game, [r.game]), (cast(literal(ALL_GAMES), String), []))
        for period, period_by in ((cast(literal(ALL_TIME), String), []), (week, [week]))
    ]


def recounted_statistics() -> Select[Any]:
    """Every keyed statistic of every player on every board, from ``match_statistics`` (each
    added up as its game declares) and from the wins in ``match_results`` (one name per
    level); a statistic that is 0 has no row, as `webapp.statistics.totals` keeps them."""
    r, s = MatchResult, MatchStatistic
    maximum = kept_as_maximum(games.counted())
    won = r.outcome == Outcome.WON.value
    levels = games.levels()
    parts = []
    for game, period, by in _boards():
        parts.append(
            select(game.label("game"), period.label("period"), r.user_id.label("user_id"),
                   s.name.label("name"),
                   case((s.name.in_(maximum), func.max(s.value)),
                        else_=func.sum(s.value)).label("value"))
            .join(s, s.match_id == r.match_id)
            .where(s.value != 0)
            .group_by(*by, r.user_id, s.name)
        )
        parts.append(
            select(game.label("game"), period.label("period"), r.user_id.label("user_id"),
                   (literal(declared.WINS) + r.difficulty).label("name"),
                   func.count().label("value"))
            .where(won, r.difficulty.in_(levels))
            .group_by(*by, r.user_id, r.difficulty)
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
    kept_statistics = select(PlayerStatistic.__table__).subquery("kept_statistics")
    expected_statistics = recounted_statistics().subquery("expected_statistics")
    found += _compare("player_statistics", kept_statistics, expected_statistics,
                      STATISTIC_KEY, ("value",), limit)
    return found[:limit]


def rewrite() -> None:
    """Replace every total and ladder row with the recount. The caller commits."""
    db.session.execute(delete(PointsLadder))
    db.session.execute(delete(PlayerStatistic))
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
    statistics = recounted_statistics().subquery("expected_statistics")
    names = [*STATISTIC_KEY, "value"]
    db.session.execute(
        insert(PlayerStatistic).from_select(names, select(*(statistics.c[c] for c in names)))
    )
