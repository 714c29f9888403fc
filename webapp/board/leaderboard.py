"""The leaderboard: players ranked by ranking points, per game (`webapp.board.games`: Gin
Rummy, Rommé or all games together), all time or this ISO week (UTC).

Read from the kept totals (`webapp.statistics.totals`), never from the match history: two
queries for a page (three with the viewer's own row), each an index range bounded by the page
size, the number of distinct points totals on the board, or — for the skip below — the number
of players sharing one points total; never by the number of players or matches.

- The ladder (``points_ladder``: players per points total) gives the number of players, each
  row's rank (one more than the players above) and where page *n* starts: at the points total
  whose running count reaches row ``(n - 1) × size + 1``.
- The page is read from ``ix_player_totals_listing`` (game, period, points ↓, wins ↓, name):
  seek to that points total, skip the players of that total listed on earlier pages (only
  a page starting inside a crowd of equal totals skips many), take ``size`` rows.
- The page's wins at each level are read in the page's own statement: for each level, the
  listed player's ``wins:<level>`` row of ``player_statistics`` (one primary-key probe a row
  and level; a statement of their own cost the 5,000,000-result board 0.3–0.5 ms).
- The viewer's row is a primary-key read, its rank a sum over the ladder above it, its wins
  read the same way.

Glossary
    rank      standard competition rank by points: equal points share a rank ("1, 2, 2, 4")
    position  the row's place in the listing: ties are listed by wins, then by name
    pinned    the viewer's own row, shown under the page when it is not on it
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from sqlalchemy import func, select

from webapp import games
from webapp.board.games import DEFAULT_GAME
from webapp.extensions import db
from webapp.models import ALL_TIME, PlayerStatistic, PlayerTotal, PointsLadder, User
from webapp.statistics import declared
from webapp.statistics.totals import iso_week


class Period(StrEnum):
    ALL = "all"
    WEEK = "week"


@dataclass(frozen=True)
class Row:
    rank: int
    position: int | None
    """``None`` for a row read on its own (the pinned row, a player page's rank)."""
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
    game: str
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


def period_key(period: Period, now: datetime) -> str:
    """The totals' ``period`` key of the board: all time, or ``now``'s ISO week."""
    return iso_week(now) if period is Period.WEEK else ALL_TIME


def _row(values: Any, rank: int, position: int | None) -> Row:
    t = values.PlayerTotal
    return Row(
        rank=rank,
        position=position,
        user_id=t.user_id,
        username=str(values.username),
        points=t.points,
        wins={level: int(values._mapping[_wins_label(level)]) for level in games.levels()},
        matches=t.matches,
        best_score=t.best_score,
    )


def _wins_label(level: str) -> str:
    return f"wins_{level}"


def wins_at_levels(game: str, key: str) -> list[Any]:
    """One column per level for a statement reading ``player_totals`` rows of the board
    (``game``, period ``key``): the row's player's wins at that level, 0 where none is kept
    (a primary-key probe of ``player_statistics`` each)."""
    s = PlayerStatistic
    return [
        func.coalesce(
            select(s.value)
            .where(
                s.game == game,
                s.period == key,
                s.user_id == PlayerTotal.user_id,
                s.name == declared.wins_name(level),
            )
            .scalar_subquery(),
            0,
        ).label(_wins_label(level))
        for level in games.levels()
    ]


def players_above(game: str, key: str) -> Any:
    """SQL for the number of players of the board (``game``, period ``key``) with more points
    than the ``player_totals`` row the query reads: its rank less one."""
    return (
        select(func.coalesce(func.sum(PointsLadder.players), 0))
        .where(
            PointsLadder.game == game,
            PointsLadder.period == key,
            PointsLadder.points > PlayerTotal.points,
        )
        .scalar_subquery()
    )


def player_row(
    user_id: int, period: Period, now: datetime, game: str = DEFAULT_GAME
) -> Row | None:
    """One player's row and rank, or ``None`` when they have no match on this board."""
    key = period_key(period, now)
    above = players_above(game, key)
    found = db.session.execute(
        select(PlayerTotal, User.username, above.label("above"), *wins_at_levels(game, key))
        .join(User, User.id == PlayerTotal.user_id)
        .where(
            PlayerTotal.game == game,
            PlayerTotal.period == key,
            PlayerTotal.user_id == user_id,
        )
    ).first()
    if found is None:
        return None
    return _row(found, int(found.above) + 1, None)


class PageOutOfRange(LookupError):
    """The page number is past the last page."""


@dataclass(frozen=True)
class _Rung:
    points: int
    above: int
    """Players with more points on this board."""
    players: int
    total: int
    """Players on the whole board."""


def _rungs_from(game: str, position: int, key: str, size: int) -> list[_Rung]:
    """The ladder's non-empty rungs from the one holding ``position`` down, at most ``size``
    (a page of ``size`` rows spans at most ``size`` distinct points totals)."""
    ladder = PointsLadder
    running = (
        select(
            ladder.points,
            ladder.players,
            func.coalesce(
                func.sum(ladder.players).over(order_by=ladder.points.desc(), rows=(None, -1)), 0
            ).label("above"),
            func.sum(ladder.players).over().label("total"),
        )
        .where(ladder.game == game, ladder.period == key)
        .subquery("running")
    )
    rows = db.session.execute(
        select(running)
        .where(running.c.players > 0, running.c.above + running.c.players >= position)
        .order_by(running.c.points.desc())
        .limit(size)
    )
    return [_Rung(int(r.points), int(r.above), int(r.players), int(r.total)) for r in rows]


def board(
    period: Period,
    page: int,
    page_size: int,
    now: datetime,
    viewer: int | None,
    game: str = DEFAULT_GAME,
) -> Board:
    """One page of ``game``'s board, plus the viewer's own row when it is elsewhere."""
    key = period_key(period, now)
    first = (page - 1) * page_size + 1
    rungs = _rungs_from(game, first, key, page_size)
    if not rungs and page > 1:
        raise PageOutOfRange(page)
    players = rungs[0].total if rungs else 0
    rows: list[Row] = []
    if rungs:
        start = rungs[0]
        rank_at = {r.points: r.above + 1 for r in rungs}
        listing = (
            select(PlayerTotal, User.username, *wins_at_levels(game, key))
            .join(User, User.id == PlayerTotal.user_id)
            .where(
                PlayerTotal.game == game,
                PlayerTotal.period == key,
                PlayerTotal.points <= start.points,
            )
            .order_by(
                PlayerTotal.points.desc(), PlayerTotal.wins.desc(), PlayerTotal.username_key
            )
            # Only the players of the starting total listed on earlier pages are skipped.
            .offset(first - 1 - start.above)
            .limit(page_size)
        )
        rows = [
            _row(values, rank_at[values.PlayerTotal.points], first + i)
            for i, values in enumerate(db.session.execute(listing))
        ]
    viewer_row = player_row(viewer, period, now, game) if viewer is not None else None
    on_page = viewer_row is not None and any(r.user_id == viewer_row.user_id for r in rows)
    return Board(
        game=game,
        period=period,
        page=page,
        pages=max(1, -(-players // page_size)),
        players=players,
        rows=rows,
        pinned=None if on_page else viewer_row,
        viewer_row=viewer_row,
    )
