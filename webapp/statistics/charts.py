"""The player page's charts, kept per player and board: written once with each ended match,
read many times.

The points chart shows a player's last `LENGTH` awards on a board, the rating chart their last
`LENGTH` rating updates there. Read from the history, that is two index ranges of a hundred
rows each, the awards joined to their matches for the board, every time a player page is
rendered afresh (as after each new result); kept here, it is one primary-key row
(``player_charts``) holding both series, rewritten by `record` in the transaction that records
the ending (`webapp.statistics.ranking.record_result`), so it changes exactly when the history does.

Each series is ordered by its entries as tuples — time first, then the values, so two entries
at one instant have one order however they were recorded — and keeps the newest `LENGTH`:
`history` (the same read from the recorded results, for the repair's check and the tests)
gives the same lists whatever order the results were recorded in. Migration ``0013``
backfilled them the same way.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from functools import cache
from itertools import groupby
from operator import itemgetter
from typing import Any

from sqlalchemy import Select, bindparam, delete, insert, select, update

from webapp.extensions import db
from webapp.models import ALL_GAMES, MatchResult, PlayerChart, PointAward, RatingUpdate
from webapp.rating.glicko import Rating
from webapp.statistics.totals import dialect_insert

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
    caller commits (`webapp.statistics.ranking.record_result`)."""
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


Charts = dict[str, dict[str, list[Entry]]]
"""One player's charts by board: ``{game: {"awards": [...], "ratings": [...]}}``."""
BATCH = 10_000
"""Rows a repair stream fetches, or writes, at a time."""


def _by_player(query: Select[Any]) -> Iterator[tuple[int, list[Any]]]:
    """``query``'s rows (ordered by player, their first column), one player's at a time,
    streamed."""
    rows = db.session.connection().execute(
        query.execution_options(stream_results=True, yield_per=BATCH)
    )
    for user_id, found in groupby(rows, key=itemgetter(0)):
        yield user_id, list(found)


def history() -> Iterator[tuple[int, Charts]]:
    """Every player's charts as the history gives them — what `record` has kept, whatever
    order the results were recorded in — player after player in id order.

    Streamed, one player's history held at a time, so the repair's memory does not grow with
    the history: at 5,000,000 results `recount-ratings` peaked at 5.8 GB reading it all at
    once, 0.5 GB streamed (benchmarks/README.md)."""
    a, r, u = PointAward.__table__.c, MatchResult.__table__.c, RatingUpdate.__table__.c
    awards = _by_player(
        select(a.user_id, r.game, a.awarded_at, a.points)
        .join_from(PointAward.__table__, MatchResult.__table__, r.match_id == a.match_id)
        .order_by(a.user_id)
    )
    updates = _by_player(
        select(u.user_id, u.game, u.played_at, u.rating, u.rd).order_by(u.user_id)
    )
    for user_id, (won, rated) in _merged(awards, updates):
        series: Charts = defaultdict(lambda: {"awards": [], "ratings": []})
        for _, game, at, points in won or ():
            for board in (game, ALL_GAMES):
                series[board]["awards"].append([micros(at), points])
        for _, game, at, rating, rd in rated or ():
            series[game]["ratings"].append([micros(at), rating, rd])
        yield user_id, {
            board: {name: sorted(entries)[-LENGTH:] for name, entries in both.items()}
            for board, both in sorted(series.items())
        }


def kept() -> Iterator[tuple[int, Charts]]:
    """The kept charts, player after player in id order, as `history` gives them."""
    rows = _by_player(select(_c.user_id, _c.game, _c.awards, _c.ratings).order_by(_c.user_id))
    for user_id, found in rows:
        yield user_id, {game: {"awards": awards, "ratings": ratings}
                        for _, game, awards, ratings in sorted(found, key=itemgetter(1))}


def _merged(*streams: Iterator[tuple[int, Any]]) -> Iterator[tuple[int, list[Any]]]:
    """Streams of (player, value) in player order, joined: each player found in any of them,
    in order, with each stream's value (``None`` where it has none)."""
    heads = [next(stream, None) for stream in streams]
    while any(head is not None for head in heads):
        user_id = min(head[0] for head in heads if head is not None)
        values = []
        for n, head in enumerate(heads):
            if head is not None and head[0] == user_id:
                values.append(head[1])
                heads[n] = next(streams[n], None)
            else:
                values.append(None)
        yield user_id, values


def differences() -> list[tuple[tuple[int, str], dict[str, Any] | None, dict[str, Any] | None]]:
    """Each kept chart that is not what the history gives, by (user, game): what each side
    holds, as the length and newest entry of each series (``None``: no row on that side)."""

    def brief(found: dict[str, Any] | None) -> dict[str, Any] | None:
        if found is None:
            return None
        return {name: (len(series), series[-1] if series else None)
                for name, series in found.items()}

    found = []
    for user_id, (mine, theirs) in _merged(kept(), history()):
        mine, theirs = mine or {}, theirs or {}
        for game in sorted(mine.keys() | theirs.keys()):
            if mine.get(game) != theirs.get(game):
                found.append(((user_id, game), brief(mine.get(game)), brief(theirs.get(game))))
    return found


def rewrite() -> None:
    """Replace every kept chart with the history's (`history`). The caller commits."""
    connection = db.session.connection()
    connection.execute(delete(_CHARTS))
    rows: list[dict[str, Any]] = []
    for user_id, boards in history():
        rows += [{"user_id": user_id, "game": game, **series} for game, series in boards.items()]
        if len(rows) >= BATCH:
            connection.execute(insert(_CHARTS), rows)
            rows = []
    if rows:
        connection.execute(insert(_CHARTS), rows)
