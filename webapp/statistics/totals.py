"""Per-player totals, kept as each match's end is recorded: what the boards and player pages read.

`count` runs inside `webapp.statistics.ranking.record_result`, in the transaction that ends the
match and right after its ``match_results`` row is written, so the totals change exactly once per
ended match: a second recording of the same match fails on that row's primary key before reaching
them, and its whole transaction rolls back. ``flask recount-totals`` (`webapp.statistics.recount`)
checks them against a full recount of ``match_results``.

Glossary
    board    one game (or all games, ``ALL_GAMES``) over one period: all time (``ALL_TIME``) or
             one ISO week in UTC (``"2026-W49"``)
    totals   one player's sums on one board (`webapp.models.PlayerTotal`) and its keyed
             statistics (`webapp.models.PlayerStatistic`: wins per level, each game's own)
    ladder   per board, how many players hold each points total (`webapp.models.PointsLadder`)
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import case, select
from sqlalchemy.dialects import postgresql, sqlite

from webapp import games
from webapp.extensions import db
from webapp.models import (
    ALL_GAMES,
    ALL_TIME,
    MatchResult,
    Outcome,
    PlayerStatistic,
    PlayerTotal,
    PointsLadder,
    User,
)
from webapp.statistics import declared
from webapp.statistics.declared import kept_as_maximum

SUMMED = ("points", "matches", "wins", "abandoned", "hands")
"""The totals' columns that add up; ``best_score`` is the one kept as a maximum. The wins at
each level and each game's own statistics are keyed rows beside them (`statistics_of`)."""


def iso_week(at: datetime) -> str:
    """The ``period`` key of ``at``'s ISO week in UTC: ``"2026-W49"``."""
    year, week, _ = at.astimezone(UTC).isocalendar()
    return f"{year}-W{week:02d}"


def boards_of(result: MatchResult) -> list[tuple[str, str]]:
    """The (game, period) boards a result counts on, in the one order every writer locks them."""
    periods = (ALL_TIME, iso_week(result.finished_at))
    return sorted((game, period) for game in {result.game, ALL_GAMES} for period in periods)


def contribution(result: MatchResult, points: int) -> dict[str, int]:
    """What one ended match adds to its owner's totals' columns. Anything but a win is a loss."""
    return {
        "points": points,
        "matches": 1,
        "wins": int(result.outcome == Outcome.WON),
        "abandoned": int(result.outcome == Outcome.ABANDONED),
        "hands": result.hands,
        "best_score": result.score,
    }


def statistics_of(result: MatchResult) -> dict[str, int]:
    """What one ended match adds to its owner's keyed statistics: a win at its difficulty
    (`declared.wins_name`) and its game's own counts, those that are not 0."""
    added = {name: value for name, value in result.statistics.items() if value}
    if result.outcome == Outcome.WON and result.difficulty in games.levels():
        added[declared.wins_name(result.difficulty)] = 1
    return added


def dialect_insert(table: Any, dialect: str | None = None) -> Any:
    """The dialect's INSERT, which has ``ON CONFLICT DO UPDATE`` (an upsert); ``dialect``
    defaults to the session's."""
    dialect = dialect or db.session.get_bind().dialect.name
    return (postgresql.insert if dialect == "postgresql" else sqlite.insert)(table)


def count(result: MatchResult, points: int) -> None:
    """Add ``result`` (earning ``points``) to its owner's totals and the boards' ladders.

    Called by `webapp.statistics.ranking.record_result` only; the caller commits. Upserts, so two
    matches of one player ending at once both count; rows are written in `boards_of` order, so
    concurrent writers never wait on each other in a cycle.
    """
    added = contribution(result, points)
    username_key = select(User.username_key).where(User.id == result.user_id).scalar_subquery()
    rows = [
        {"game": game, "period": period, "user_id": result.user_id,
         "username_key": username_key, **added}
        for game, period in boards_of(result)
    ]
    table = PlayerTotal.__table__
    upsert = dialect_insert(table).values(rows)
    new = upsert.excluded
    changes: dict[str, Any] = {name: table.c[name] + new[name] for name in SUMMED}
    changes["best_score"] = case(
        (new.best_score > table.c.best_score, new.best_score), else_=table.c.best_score
    )
    upsert = upsert.on_conflict_do_update(
        index_elements=["game", "period", "user_id"], set_=changes
    ).returning(table.c.game, table.c.period, table.c.points, table.c.matches)
    moves: dict[tuple[str, str, int], int] = {}
    for game, period, now_points, matches in db.session.execute(upsert):
        if matches == 1:  # a newcomer on this board
            moves[(game, period, now_points)] = 1
        elif points:
            moves[(game, period, now_points - points)] = -1
            moves[(game, period, now_points)] = 1
    _move_on_ladders(moves)
    _add_statistics(result)


def _add_statistics(result: MatchResult) -> None:
    """Upsert the result's keyed statistics on its boards, after the totals and in the same
    (game, period) order, each board's names sorted."""
    added = statistics_of(result)
    if not added:
        return
    table = PlayerStatistic.__table__
    upsert = dialect_insert(table).values([
        {"game": game, "period": period, "user_id": result.user_id, "name": name,
         "value": value}
        for game, period in boards_of(result)
        for name, value in sorted(added.items())
    ])
    new = upsert.excluded
    kept, maximum = table.c.value, kept_as_maximum(games.counted())
    db.session.execute(upsert.on_conflict_do_update(
        index_elements=["game", "period", "user_id", "name"],
        set_={"value": case(
            (table.c.name.in_(maximum), case((new.value > kept, new.value), else_=kept)),
            else_=kept + new.value,
        )},
    ))


def _move_on_ladders(moves: dict[tuple[str, str, int], int]) -> None:
    if not moves:
        return
    ladder = PointsLadder.__table__
    upsert = dialect_insert(ladder).values(
        [
            {"game": game, "period": period, "points": points, "players": change}
            for (game, period, points), change in sorted(moves.items())
        ]
    )
    db.session.execute(
        upsert.on_conflict_do_update(
            index_elements=["game", "period", "points"],
            set_={"players": ladder.c.players + upsert.excluded.players},
        )
    )
