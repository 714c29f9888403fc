"""The rating board: a game's players ranked by their Glicko-2 rating (`webapp.rating`).

Only settled ratings of players active lately are ranked (`webapp.rating.standing`): those
``listed`` in ``player_ratings`` whose last match is within `standing.INACTIVE_AFTER`. Read from
the kept ratings and their ladder, never from the history; two queries (three when the ladder
changed since this worker last read it), each bounded by the page size, the number of distinct
printed ratings, or the players gone inactive since the last sweep (`webapp.rating.record`):

- the ladder's version (`webapp.rating.ladder_version`), the listed players found inactive but
  not swept yet (usually none), by printed rating, and the viewer's own rating row, if any;
- the ladder (``rating_ladder``: listed players per printed rating; one rung per printed
  rating, 564 at 5,000,000 results), kept per worker while its version holds, less those
  inactive players: the number of ranked players, each rung's rank and the rung where page
  *n* starts;
- the page, read from ``ix_player_ratings_listing`` (game, printed ↓, rating ↓, name): seek to
  that rung, skip its players listed on earlier pages, take ``size`` rows;
- the viewer's rank, a sum over the rungs above their row;
- on the last page (the first, while nobody is ranked), the newest provisional ratings of
  players active lately, at most a page of them, from ``ix_player_ratings_provisional``: shown
  under the ranked players, marked and without a rank, so a new site's board is never blank.

Glossary
    rank       standard competition rank by the printed rating: equal figures share a rank
    position   the row's place in the listing: ties by the exact rating, then by name
    pinned     the viewer's own row, shown under the page when it is not on it
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from flask import current_app
from sqlalchemy import Integer, Select, and_, bindparam, case, literal, select, union_all

from webapp.extensions import db
from webapp.models import PROVISIONAL, PlayerRating, RatingLadder, RatingLadderVersion, User
from webapp.rating import standing
from webapp.rating.glicko import is_provisional

_R = PlayerRating.__table__.c
_V = RatingLadderVersion.__table__.c


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
    provisional: list[RatingRow]
    """On the last page, the newest provisional ratings (not ranked), most recent first."""
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


KEPT = "rating_ladders"
"""Where `current_app.extensions` keeps each board's ladder: game → (version, rungs)."""


def _ladder(game: str) -> tuple[_Rung, ...]:
    """The board's rungs of listed players, highest first, as ``rating_ladder`` holds them."""
    ladder = db.session.execute(
        select(RatingLadder.shown, RatingLadder.players)
        .where(RatingLadder.game == game, RatingLadder.players > 0)
        .order_by(RatingLadder.shown.desc())
    )
    rungs, above = [], 0
    for shown, players in ladder:
        rungs.append(_Rung(int(shown), above, int(players)))
        above += int(players)
    return tuple(rungs)


def _kept_ladder(game: str, version: int) -> tuple[_Rung, ...]:
    """`_ladder`, read again only when the board's version is not the one it was kept at.

    Read after the version, so what is kept is at least as new as the version it is kept
    under; no request reads that version once a newer one is committed."""
    kept: dict[str, tuple[int, tuple[_Rung, ...]]] = current_app.extensions.setdefault(KEPT, {})
    found = kept.get(game)
    if found is not None and found[0] == version:
        return found[1]
    rungs = _ladder(game)
    kept[game] = (version, rungs)  # one assignment: safe beside the worker's other threads
    return rungs


_STALE = PlayerRating.__table__.alias("stale")
_MINE = PlayerRating.__table__.alias("mine")
_VIEWER_COLUMNS = (_MINE.c.rating, _MINE.c.rd, _MINE.c.matches, _MINE.c.shown,
                   _MINE.c.last_played, User.username)


@functools.cache
def _version_and_stale(with_viewer: bool) -> Select[Any]:
    """`_rungs`' statement about the bound ``game``, ``since`` and, ``with_viewer``,
    ``viewer``: built once, not on every view (building it cost about as much as running it)."""
    query = (
        select(_V.version, _STALE.c.shown.label("stale"))
        .select_from(
            RatingLadderVersion.__table__.outerjoin(
                _STALE,
                and_(_STALE.c.game == _V.game, _STALE.c.listed,
                     _STALE.c.last_played < bindparam("since")),
            )
        )
        .where(_V.game == bindparam("game"))
    )
    if with_viewer:
        query = query.add_columns(*_VIEWER_COLUMNS).outerjoin(
            _MINE, and_(_MINE.c.game == _V.game, _MINE.c.user_id == bindparam("viewer"))
        ).outerjoin(User, User.id == _MINE.c.user_id)
    return query


def _rungs(game: str, since: datetime, viewer: int | None) -> tuple[list[_Rung], Any, bool]:
    """The board's rungs of ranked players, highest first: the ladder less the listed players
    found inactive that no sweep has unlisted yet; and the viewer's rating row (``None``
    without one) and whether it was read here, in the same statement as the ladder's version
    and those players (else `_viewer` reads it)."""
    found = db.session.execute(
        _version_and_stale(viewer is not None),
        {"game": game, "since": since, "viewer": viewer},
    ).all()
    mine = None
    if found:
        ladder = _kept_ladder(game, int(found[0].version))
        stale = Counter(int(row.stale) for row in found if row.stale is not None)
        if viewer is not None and found[0].rating is not None:
            mine = found[0]
    else:  # a board no ending has changed since the versions began (tests write rungs directly)
        ladder = _ladder(game)
        stale = Counter(
            int(shown)
            for shown in db.session.scalars(
                select(_R.shown).where(_R.game == game, _R.listed, _R.last_played < since)
            )
        )
    if not stale:
        return list(ladder), mine, bool(found)
    rungs, above = [], 0
    for rung in ladder:
        ranked = rung.players - stale[rung.shown]
        if ranked > 0:
            rungs.append(_Rung(rung.shown, above, ranked))
            above += ranked
    return rungs, mine, bool(found)


def _rank_of(shown: int, rungs: list[_Rung]) -> int:
    """One more than the ranked players printing a higher rating than ``shown``."""
    above = 0
    for rung in rungs:
        if rung.shown <= shown:
            break
        above = rung.above + rung.players
    return above + 1


def _viewer(
    user_id: int, game: str, since: datetime, rungs: list[_Rung], found: Any
) -> RatingRow | None:
    """The viewer's row from ``found`` (their rating's columns and name), or ``None``."""
    if found is None:
        return None
    unranked = (
        Unranked.PROVISIONAL if is_provisional(found.rd)
        else Unranked.INACTIVE if found.last_played < since
        else None
    )
    return RatingRow(
        rank=None if unranked else _rank_of(found.shown, rungs), position=None,
        user_id=user_id, username=str(found.username), rating=found.rating, rd=found.rd,
        matches=found.matches, unranked=unranked,
    )


def _read_viewer(user_id: int, game: str) -> Any:
    """The viewer's rating row read on its own (where the ladder has no version yet)."""
    return db.session.execute(
        select(_R.rating, _R.rd, _R.matches, _R.shown, _R.last_played, User.username)
        .join(User, User.id == _R.user_id)
        .where(_R.user_id == user_id, _R.game == game)
    ).first()


@functools.cache
def _listing() -> Select[Any]:
    """A page of the board from its starting rung, over bound parameters: built once."""
    return (
        select(_R.user_id, _R.rating, _R.rd, _R.matches, _R.shown, User.username)
        .join(User, User.id == _R.user_id)
        .where(
            and_(_R.game == bindparam("game"), _R.listed, _R.shown <= bindparam("start")),
            _R.last_played >= bindparam("since"),
        )
        .order_by(_R.shown.desc(), _R.rating.desc(), _R.username_key)
        .offset(bindparam("skip", type_=Integer))
        .limit(bindparam("size", type_=Integer))
    )


@functools.cache
def _page(with_provisional: bool) -> Select[Any]:
    """A page of the board (`_listing`, its rows marked ``provisional`` false) and,
    ``with_provisional``, the board's newest provisional ratings after it (at most ``size``),
    in one statement: the last page reads no more statements than any other."""
    extra = (_R.last_played, _R.username_key)
    ranked = _listing().add_columns(literal(False).label("provisional"), *extra)
    if not with_provisional:
        return ranked
    newest = (
        select(_R.user_id, _R.rating, _R.rd, _R.matches, _R.shown, User.username,
               literal(True).label("provisional"), *extra)
        .join(User, User.id == _R.user_id)
        .where(_R.game == bindparam("game"), PROVISIONAL, _R.last_played >= bindparam("since"))
        .order_by(_R.last_played.desc())
        .limit(bindparam("size", type_=Integer))
        .subquery()
    )
    both = union_all(select(ranked.subquery()), select(newest)).subquery()
    # A union's rows come in no promised order: sorted again, a page's few rows, each part by
    # its own order (the provisional newest first).
    c = both.c
    return select(both).order_by(
        c.provisional, case((c.provisional, c.last_played)).desc(), c.shown.desc(),
        c.rating.desc(), c.username_key,
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
    rungs, mine, read = _rungs(game, since, viewer)
    players = rungs[-1].above + rungs[-1].players if rungs else 0
    first = (page - 1) * page_size + 1
    if first > max(players, 1):
        raise PageOutOfRange(page)
    rows: list[RatingRow] = []
    provisional: list[RatingRow] = []
    pages = max(1, -(-players // page_size))
    start = next((r for r in rungs if r.above + r.players >= first), None)
    last = page == pages
    if start is not None or last:
        rank_at = {r.shown: r.above + 1 for r in rungs}
        found = db.session.execute(_page(last), {
            # No starting rung (nobody ranked): the page's ranked part is empty.
            "game": game, "since": since, "start": None if start is None else start.shown,
            # Only the players of the starting rung listed on earlier pages are skipped.
            "skip": 0 if start is None else first - 1 - start.above, "size": page_size,
        })
        for values in found:
            if values.provisional:
                provisional.append(RatingRow(
                    rank=None, position=None, user_id=values.user_id,
                    username=str(values.username), rating=values.rating, rd=values.rd,
                    matches=values.matches, unranked=Unranked.PROVISIONAL,
                ))
            else:
                # A rating that moved after the ladder was read (the listing is another
                # statement: on PostgreSQL, another snapshot) onto a printed rating it does not
                # list is ranked by that ladder.
                rank = rank_at.get(values.shown) or _rank_of(values.shown, rungs)
                rows.append(_row(values, rank, first + len(rows)))
    viewer_row = None
    if viewer is not None:
        found = mine if read else _read_viewer(viewer, game)
        viewer_row = _viewer(viewer, game, since, rungs, found)
    on_page = viewer_row is not None and any(
        r.user_id == viewer_row.user_id for r in (*rows, *provisional)
    )
    return RatingBoard(
        game=game, page=page, pages=pages, players=players, rows=rows, provisional=provisional,
        pinned=None if on_page else viewer_row, viewer_row=viewer_row,
    )
