"""The leaderboard: players ranked by ranking points, per game (`webapp.board.games`: Gin
Rummy, Rommé or all games together), all time or this ISO week (UTC).

Read from the kept totals (`webapp.statistics.totals`), never from the match history: two
statements for a page, the viewer's own row in the second, built once per process; each an
index range bounded by the page size, the number of distinct points totals on the board, or —
for the skip below — the number of players sharing one points total; never by the number of
players or matches.

- The ladder (``points_ladder``: players per points total) gives the number of players, each
  row's rank (one more than the players above) and where page *n* starts: at the points total
  whose running count reaches row ``(n - 1) × size + 1``.
- The page is read from ``ix_player_totals_listing`` (game, period, points ↓, wins ↓, name):
  seek to that points total, skip the players of that total listed on earlier pages (only
  a page starting inside a crowd of equal totals skips many), take ``size`` rows.
- Each row's wins at each level: for each level, the listed player's ``wins:<level>`` row of
  ``player_statistics`` (one primary-key probe a row and level).
- The viewer's row is a primary-key read in the page's statement, its rank a sum over the
  ladder above it.

Glossary
    rank      standard competition rank by points: equal points share a rank ("1, 2, 2, 4")
    position  the row's place in the listing: ties are listed by wins, then by name
    pinned    the viewer's own row, shown under the page when it is not on it
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from sqlalchemy import bindparam, func, literal, select, union_all

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


def _row(values: Any, above: int, position: int | None) -> Row:
    return Row(
        rank=above + 1,
        position=position,
        user_id=values.user_id,
        username=str(values.username),
        points=values.points,
        wins={level: int(values._mapping[_wins_label(level)]) for level in games.levels()},
        matches=values.matches,
        best_score=values.best_score,
    )


def _wins_label(level: str) -> str:
    return f"wins_{level}"


def wins_at_levels(game: Any, key: Any, levels: tuple[str, ...]) -> list[Any]:
    """One column per level of ``levels`` for a statement reading ``player_totals`` rows of
    the board (``game``, period ``key``: values or bound parameters): the row's player's wins
    at that level, 0 where none is kept (a primary-key probe of ``player_statistics`` each)."""
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
        for level in levels
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


class PageOutOfRange(LookupError):
    """The page number is past the last page."""


_GAME: Any = bindparam("game")
_KEY: Any = bindparam("key")


@functools.cache
def _rungs() -> Any:
    """The ladder's non-empty rungs from the one holding position ``:first`` down, at most
    ``:size`` (a page of ``size`` rows spans at most ``size`` distinct points totals), each
    with the players above it and on the whole board.

    The running sums are taken over the board's first ``:reach`` non-empty rungs only
    (``first + size - 1``: each holds a player at least, so the page's rungs are among them),
    read from the top of the ladder's key and no further, and the board's players are a sum
    of their own: over the whole ladder, the window made PostgreSQL read and sort every rung
    before the first row (page 1 at 5,000,000 results: 0.3 ms of work instead of 0.8)."""
    ladder = PointsLadder
    top = (
        select(ladder.points, ladder.players)
        .where(ladder.game == _GAME, ladder.period == _KEY, ladder.players > 0)
        .order_by(ladder.points.desc())
        .limit(bindparam("reach"))
        .subquery("top")
    )
    running = select(
        top.c.points,
        top.c.players,
        func.coalesce(
            func.sum(top.c.players).over(order_by=top.c.points.desc(), rows=(None, -1)), 0
        ).label("above"),
    ).subquery("running")
    total = (
        select(func.sum(ladder.players))
        .where(ladder.game == _GAME, ladder.period == _KEY)
        .scalar_subquery()
    )
    return (
        select(running, total.label("total"))
        .where(running.c.above + running.c.players >= bindparam("first"))
        .order_by(running.c.points.desc())
        .limit(bindparam("size"))
    )


@functools.cache
def _page(levels: tuple[str, ...], with_viewer: bool) -> Any:
    """The page's rows: from the rung of ``:start`` points down, ``:skip`` rows skipped, at
    most ``:size``; then the viewer's own row (``is_viewer``, its players above) if
    ``with_viewer``.

    The board's statements are built once per process, with bound parameters: building them
    took longer than PostgreSQL took to answer them at 5,000,000 results. The rungs stay a
    statement of their own: folded in, the page's skip became a subquery whose size the
    planner cannot know, its estimate crossed ``jit_above_cost`` and each page paid 19 ms of
    JIT compiling for 2 ms of work."""
    columns = (
        PlayerTotal.user_id,
        User.username,
        PlayerTotal.points,
        PlayerTotal.matches,
        PlayerTotal.best_score,
        PlayerTotal.wins,
        PlayerTotal.username_key,
        *wins_at_levels(_GAME, _KEY, levels),
    )
    listing = (
        # A listed row's players above come from its rung (``above`` only types the union).
        select(*columns, literal(0).label("above"), literal(False).label("is_viewer"))
        .join(User, User.id == PlayerTotal.user_id)
        .where(
            PlayerTotal.game == _GAME,
            PlayerTotal.period == _KEY,
            PlayerTotal.points <= bindparam("start"),
        )
        .order_by(PlayerTotal.points.desc(), PlayerTotal.wins.desc(), PlayerTotal.username_key)
        # Only the players of the starting total listed on earlier pages are skipped.
        .offset(bindparam("skip"))
        .limit(bindparam("size"))
    )
    if not with_viewer:
        return listing
    own = (
        select(*columns, players_above(_GAME, _KEY), literal(True).label("is_viewer"))
        .join(User, User.id == PlayerTotal.user_id)
        .where(
            PlayerTotal.game == _GAME,
            PlayerTotal.period == _KEY,
            PlayerTotal.user_id == bindparam("viewer"),
        )
    )
    both = union_all(select(listing.subquery()), own).subquery()
    return select(both).order_by(
        both.c.is_viewer, both.c.points.desc(), both.c.wins.desc(), both.c.username_key
    )


def _above(points: int, rungs: Sequence[Any]) -> int:
    """The players above a listed row of ``points`` by the page's rungs (highest first): its
    rung's; or, for a row whose total moved on after the rungs were read (on PostgreSQL each
    statement sees what is committed when it starts) onto a total they do not list, the
    players on and above the lowest rung higher than it. Totals only grow, and a row is
    listed only at or under the first rung's total."""
    above = 0
    for rung in rungs:
        if rung.points == points:
            return int(rung.above)
        if rung.points < points:
            break
        above = int(rung.above) + int(rung.players)
    return above


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
    asked = {"game": game, "key": key, "first": first, "size": page_size, "viewer": viewer,
             "reach": first + page_size - 1}
    rungs = db.session.execute(_rungs(), asked).all()
    if not rungs and page > 1:
        raise PageOutOfRange(page)
    players = int(rungs[0].total) if rungs else 0
    rows: list[Row] = []
    viewer_row = None
    if rungs or viewer is not None:
        start = rungs[0] if rungs else None
        found = db.session.execute(
            _page(tuple(games.levels()), viewer is not None),
            # No rung (an empty board): no rows, only the viewer's (then it has none either).
            asked | {"start": None if start is None else start.points,
                     "skip": 0 if start is None else first - 1 - int(start.above)},
        )
        for values in found:
            if values.is_viewer:
                viewer_row = _row(values, int(values.above), None)
            else:
                rows.append(_row(values, _above(values.points, rungs), first + len(rows)))
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
