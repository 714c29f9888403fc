"""The player page's charts, kept per player and board: written once with each ended match,
read many times.

The points chart shows a player's last `LENGTH` awards on a board, the rating chart their last
`LENGTH` rating updates there. Read from the history, that is two index ranges of a hundred
rows each, the awards joined to their matches for the board, every time a player page is
rendered afresh (as after each new result); kept here, it is one primary-key row
(``player_charts``) holding both series, rewritten by `record` in the transaction that records
the ending (`webapp.ranking.record_result`), so it changes exactly when the history does.

Each series is ordered by its entries as tuples — time first, then the values, so two entries
at one instant have one order however they were recorded — and keeps the newest `LENGTH`:
`rebuilt` (the same from the history, for the repair's check and the tests) gives the same
lists whatever order the results were recorded in. Migration ``0013`` backfilled them the same
way.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any

from sqlalchemy import bindparam, delete, insert, select, update

from webapp.extensions import db
from webapp.models import ALL_GAMES, MatchResult, PlayerChart, PointAward, RatingUpdate
from webapp.rating.glicko import Rating
from webapp.totals import dialect_insert

LENGTH = 100
"""Each chart shows the player's last this many awards or rating updates on the board."""

Entry = list[Any]
"""One point of a series: ``[µs, points]`` or ``[µs, rating, rd]``."""
_CHARTS = PlayerChart.__table__
_c = _CHARTS.c
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_ONE_MICROSECOND = timedelta(microseconds=1)


def micros(at: datetime) -> int:
    """``at`` as kept in an entry: microseconds since 1970 UTC (exact, unlike a float)."""
    return (at - _EPOCH) // _ONE_MICROSECOND


def moment(micros: int) -> datetime:
    """An entry's time back as a UTC datetime."""
    return _EPOCH + micros * _ONE_MICROSECOND


def added(entries: list[Entry], entry: Entry) -> list[Entry]:
    """``entries`` with ``entry`` in its place, the newest `LENGTH` kept."""
    bisect.insort(entries, entry)
    return entries[-LENGTH:]


@cache
def _make(dialect: str) -> Any:
    """Empty rows made first where missing, so the rows can be locked before they are read."""
    return dialect_insert(_CHARTS, dialect).on_conflict_do_nothing(
        index_elements=["user_id", "game"]
    )


_READ = (
    select(_c.game, _c.awards, _c.ratings)
    .where(_c.user_id == bindparam("p_user"), _c.game.in_(bindparam("p_games", expanding=True)))
    .order_by(_c.game)
    .with_for_update()
)
_WRITE = (
    update(_CHARTS)
    .where(_c.user_id == bindparam("p_user"), _c.game == bindparam("p_game"))
    .values(awards=bindparam("p_awards"), ratings=bindparam("p_ratings"))
)


def record(result: MatchResult, points: int, rating: Rating) -> None:
    """Add ``result`` to its owner's kept charts: ``rating`` (after it) to its board's rating
    chart, its award of ``points`` (if any) to its board's and all games' points charts. The
    caller commits (`webapp.ranking.record_result`)."""
    connection = db.session.connection()
    boards = sorted({result.game, ALL_GAMES} if points else {result.game})
    connection.execute(
        _make(connection.dialect.name),
        [{"user_id": result.user_id, "game": game, "awards": [], "ratings": []}
         for game in boards],
    )
    at = micros(result.finished_at)
    rows = connection.execute(_READ, {"p_user": result.user_id, "p_games": boards})
    changed = []
    for game, awards, ratings in rows:
        if points:
            awards = added(list(awards), [at, points])
        if game == result.game:
            ratings = added(list(ratings), [at, rating.rating, rating.rd])
        changed.append({"p_user": result.user_id, "p_game": game, "p_awards": awards,
                        "p_ratings": ratings})
    connection.execute(_WRITE, changed)


def rebuilt(user_ids: Iterable[int] | None = None) -> dict[tuple[int, str], dict[str, Any]]:
    """Every kept chart as the history gives it (of ``user_ids`` only, if given), by (user,
    game): what `record` has kept, whatever order the results were recorded in."""
    series: dict[tuple[int, str], dict[str, list[Entry]]] = defaultdict(
        lambda: {"awards": [], "ratings": []}
    )
    awards = select(
        PointAward.user_id, MatchResult.game, PointAward.awarded_at, PointAward.points
    ).join(MatchResult, MatchResult.match_id == PointAward.match_id)
    updates = select(RatingUpdate.user_id, RatingUpdate.game, RatingUpdate.played_at,
                     RatingUpdate.rating, RatingUpdate.rd)
    if user_ids is not None:
        wanted = list(user_ids)
        awards = awards.where(PointAward.user_id.in_(wanted))
        updates = updates.where(RatingUpdate.user_id.in_(wanted))
    for user_id, game, at, points in db.session.execute(awards):
        for board in (game, ALL_GAMES):
            series[(user_id, board)]["awards"].append([micros(at), points])
    for user_id, game, at, rating, rd in db.session.execute(updates):
        series[(user_id, game)]["ratings"].append([micros(at), rating, rd])
    return {
        key: {name: sorted(entries)[-LENGTH:] for name, entries in kept.items()}
        for key, kept in series.items()
    }


def kept(user_ids: Iterable[int] | None = None) -> dict[tuple[int, str], dict[str, Any]]:
    """The kept charts (of ``user_ids`` only, if given), by (user, game), as `rebuilt` gives
    them."""
    query = select(_c.user_id, _c.game, _c.awards, _c.ratings)
    if user_ids is not None:
        query = query.where(_c.user_id.in_(list(user_ids)))
    return {
        (user_id, game): {"awards": awards, "ratings": ratings}
        for user_id, game, awards, ratings in db.session.execute(query)
    }


def differences() -> list[tuple[tuple[int, str], dict[str, Any] | None, dict[str, Any] | None]]:
    """Each kept chart that is not what the history gives, by (user, game): what each side
    holds, as the length and newest entry of each series (``None``: no row on that side)."""
    mine, theirs = kept(), rebuilt()

    def brief(found: dict[str, Any] | None) -> dict[str, Any] | None:
        if found is None:
            return None
        return {name: (len(series), series[-1] if series else None)
                for name, series in found.items()}

    return [(key, brief(mine.get(key)), brief(theirs.get(key)))
            for key in sorted(mine.keys() | theirs.keys()) if mine.get(key) != theirs.get(key)]


def rewrite() -> None:
    """Replace every kept chart with the history's (`rebuilt`). The caller commits."""
    connection = db.session.connection()
    connection.execute(delete(_CHARTS))
    rows = [{"user_id": user_id, "game": game, **series}
            for (user_id, game), series in sorted(rebuilt().items())]
    for start in range(0, len(rows), 10_000):
        connection.execute(insert(_CHARTS), rows[start:start + 10_000])
