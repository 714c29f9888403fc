"""The rating board: a game's players ranked by their Glicko-2 rating (`webapp.rating`).

Only settled ratings of players active lately are ranked (`webapp.rating.standing`): those
``listed`` in ``player_ratings`` whose last match is within `standing.INACTIVE_AFTER`. Read from
the kept ratings and their ladder, never from the history; three queries (two for a visitor),
each bounded by the page size, the number of distinct printed ratings, or the players gone
inactive since the last sweep (`webapp.rating.record`):

- the ladder (``rating_ladder``: listed players per printed rating) less the listed players
  found inactive but not swept yet (usually none), each rung's rank and the board's total
  summed by window functions in the database, from the rung where page *n* starts, at most a
  page of rungs;
- the page, read from ``ix_player_ratings_listing`` (game, printed ↓, rating ↓, name): seek to
  that rung, skip its players listed on earlier pages, take ``size`` rows;
- the viewer's row, a primary-key read, with its rank: one more than the ladder's players
  above it, less the unswept ones there.

Glossary
    rank       standard competition rank by the printed rating: equal figures share a rank
    position   the row's place in the listing: ties by the exact rating, then by name
    pinned     the viewer's own row, shown under the page when it is not on it
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import and_, func, select

from webapp.extensions import db
from webapp.models import PlayerRating, RatingLadder, User
from webapp.rating import standing
from webapp.rating.glicko import is_provisional

_R = PlayerRating.__table__.c


class Unranked(StrEnum):
    """Why a player with a rating is not ranked on the board."""

    PROVISIONAL = "provisional"
    INACTIVE = "inactive"


@dataclass(frozen=True)
class RatingRow:
    rank: int | None
    """``None`` for a player the board does not rank (`unranked` says why)."""
    position: int | None
    """``None`` for a row read on its own (the pinned row)."""
    user_id: int
    username: str
    rating: float
    rd: float
    matches: int
    unranked: Unranked | None = None

    @property
    def label(self) -> str:
        """The rating as printed: ``"1530"``, ``"1530?"`` while provisional."""
        return standing.label(self.rating, self.rd)


@dataclass(frozen=True)
class RatingBoard:
    game: str
    page: int
    pages: int
    players: int
    rows: list[RatingRow]
    pinned: RatingRow | None
    """The viewer's row when it is not on this page (ranked or not)."""
    viewer_row: RatingRow | None


class PageOutOfRange(LookupError):
    """The page number is past the last page."""


@dataclass(frozen=True)
class _Rung:
    shown: int
    above: int
    """Ranked players with a higher printed rating."""
    players: int
    total: int
    """Ranked players on the whole board."""


def _stale(game: str, since: datetime) -> Any:
    """Listed players of ``game`` found inactive that no sweep has unlisted yet (usually none),
    read from ``ix_player_ratings_inactive``."""
    return and_(_R.game == game, _R.listed, _R.last_played < since)


def _rungs_from(game: str, since: datetime, position: int, size: int) -> list[_Rung]:
    """The board's rungs of ranked players from the one holding ``position`` down, at most
    ``size`` of them, highest first: the ladder less the stale players, each rung's players
    above it and the board's total summed by window functions in the database."""
    stale = (
        select(_R.shown, func.count().label("players"))
        .where(_stale(game, since))
        .group_by(_R.shown)
        .subquery("stale")
    )
    ladder = RatingLadder.__table__.c
    ranked = (
        select(
            ladder.shown,
            (ladder.players - func.coalesce(stale.c.players, 0)).label("players"),
        )
        .outerjoin(stale, stale.c.shown == ladder.shown)
        .where(ladder.game == game, ladder.players > 0)
        .subquery("ranked")
    )
    running = (
        select(
            ranked.c.shown,
            ranked.c.players,
            func.coalesce(
                func.sum(ranked.c.players).over(order_by=ranked.c.shown.desc(), rows=(None, -1)),
                0,
            ).label("above"),
            func.sum(ranked.c.players).over().label("total"),
        )
        .where(ranked.c.players > 0)
        .subquery("running")
    )
    rows = db.session.execute(
        select(running)
        .where(running.c.above + running.c.players >= position)
        .order_by(running.c.shown.desc())
        .limit(size)
    )
    return [_Rung(int(r.shown), int(r.above), int(r.players), int(r.total)) for r in rows]


def _above(game: str, since: datetime) -> Any:
    """SQL for the ranked players printing a higher rating than the ``player_ratings`` row the
    query reads: its rank less one."""
    ladder = RatingLadder.__table__.c
    stale = PlayerRating.__table__.alias("stale").c
    on_ladder = (
        select(func.coalesce(func.sum(ladder.players), 0))
        .where(ladder.game == game, ladder.shown > _R.shown)
        .scalar_subquery()
    )
    unswept = (
        select(func.count())
        .where(stale.game == game, stale.listed, stale.last_played < since,
               stale.shown > _R.shown)
        .scalar_subquery()
    )
    return on_ladder - unswept


def _viewer(user_id: int, game: str, since: datetime) -> RatingRow | None:
    """The viewer's row and rank, in one read."""
    found = db.session.execute(
        select(_R.rating, _R.rd, _R.matches, _R.last_played, User.username,
               _above(game, since).label("above"))
        .join(User, User.id == _R.user_id)
        .where(_R.user_id == user_id, _R.game == game)
    ).first()
    if found is None:
        return None
    unranked = (
        Unranked.PROVISIONAL if is_provisional(found.rd)
        else Unranked.INACTIVE if found.last_played < since
        else None
    )
    return RatingRow(
        rank=None if unranked else int(found.above) + 1, position=None,
        user_id=user_id, username=str(found.username), rating=found.rating, rd=found.rd,
        matches=found.matches, unranked=unranked,
    )


def _row(values: Any, rank: int, position: int) -> RatingRow:
    return RatingRow(
        rank=rank, position=position, user_id=values.user_id, username=str(values.username),
        rating=values.rating, rd=values.rd, matches=values.matches,
    )


def board(
    game: str, page: int, page_size: int, now: datetime, viewer: int | None
) -> RatingBoard:
    """One page of ``game``'s rating board, plus the viewer's own row when it is elsewhere."""
    since = standing.active_since(now)
    first = (page - 1) * page_size + 1
    # A page of ``page_size`` rows spans at most that many printed ratings.
    rungs = _rungs_from(game, since, first, page_size)
    if not rungs and page > 1:
        raise PageOutOfRange(page)
    players = rungs[0].total if rungs else 0
    rows: list[RatingRow] = []
    if rungs:
        start = rungs[0]
        rank_at = {r.shown: r.above + 1 for r in rungs}
        listing = (
            select(_R.user_id, _R.rating, _R.rd, _R.matches, _R.shown, User.username)
            .join(User, User.id == _R.user_id)
            .where(
                and_(_R.game == game, _R.listed, _R.shown <= start.shown),
                _R.last_played >= since,
            )
            .order_by(_R.shown.desc(), _R.rating.desc(), _R.username_key)
            # Only the players of the starting rung listed on earlier pages are skipped.
            .offset(first - 1 - start.above)
            .limit(page_size)
        )
        rows = [
            _row(values, rank_at[values.shown], first + i)
            for i, values in enumerate(db.session.execute(listing))
        ]
    viewer_row = _viewer(viewer, game, since) if viewer is not None else None
    on_page = viewer_row is not None and any(r.user_id == viewer_row.user_id for r in rows)
    return RatingBoard(
        game=game, page=page, pages=max(1, -(-players // page_size)), players=players,
        rows=rows, pinned=None if on_page else viewer_row, viewer_row=viewer_row,
    )
