"""The repair path of the ratings: replay every recorded result in order, compare, or rewrite.

``flask --app webapp recount-ratings`` replays ``match_results`` per player and board in the
order the matches finished — the order the site recorded them in, as an account ends one match
at a time — through the same period as the site (`webapp.rating.period`), and reports every
rating update, rating or ladder rung that differs from what was kept (there should be none:
`webapp.rating.record` moves a rating once per ended match, in the transaction that records
it), and every kept chart of the player page (`webapp.statistics.charts`: the last hundred updates
and awards per player and board) that is not what the history gives; ``--fix`` replaces them with
the replay.

The ladder and the ``listed`` marks are checked for what they must be rather than against a
replay, since a player who went 90 days without a match stays listed until some later ending
sweeps them (`webapp.rating.record`): every listed rating is settled, every settled rating of
an active player is listed, and each rung counts the listed players printing its rating.

The migration that created the tables (``0007_skill_ratings``) backfills them with the same
replay written out: a migration must keep working when this module changes later.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, delete, insert, select

from webapp.extensions import db
from webapp.models import (
    MatchResult,
    PlayerRating,
    RatingLadder,
    RatingLadderVersion,
    RatingUpdate,
    User,
    utcnow,
)
from webapp.rating import ladder_version, period, standing
from webapp.rating.glicko import START, Rating
from webapp.rating.scores import deciding_hands
from webapp.statistics import charts

BATCH = 10_000
_UPDATES = RatingUpdate.__table__
_RATINGS = PlayerRating.__table__
_LADDER = RatingLadder.__table__


@dataclass(frozen=True)
class Played:
    """One recorded result as the rating reads it (`period.Result`)."""

    game: str
    difficulty: str
    outcome: str
    hand_scores: Sequence[Mapping[str, Any]]
    opponents: int


@dataclass(frozen=True)
class Step:
    """One result replayed: the owner's rating before and after it."""

    match_id: str
    user_id: int
    game: str
    played_at: datetime
    before: Rating
    after: Rating

    def update_row(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id, "user_id": self.user_id, "game": self.game,
            "played_at": self.played_at, "rating_before": self.before.rating,
            "rd_before": self.before.rd, "rating": self.after.rating, "rd": self.after.rd,
            "volatility": self.after.volatility,
        }


@dataclass
class Standing:
    """A player's rating on a board after the replay of all their results there."""

    rating: Rating = START
    matches: int = 0
    last_played: datetime | None = None


@dataclass
class Replay:
    """What the replay found: each player's final rating per board (filled as `steps` runs)."""

    ratings: dict[tuple[int, str], Standing] = field(default_factory=dict)


def steps(connection: Connection, replay: Replay) -> Iterator[Step]:
    """Every recorded result replayed, per player and board in finish order (streamed)."""
    r = MatchResult.__table__.c
    results = connection.execute(
        select(
            r.match_id, r.user_id, r.game, r.difficulty, r.outcome, r.opponents, r.finished_at,
            deciding_hands().label("hands"),
        )
        .order_by(r.user_id, r.game, r.finished_at, r.match_id)
        .execution_options(stream_results=True, yield_per=BATCH)
    )
    for row in results:
        standing_now = replay.ratings.setdefault((row.user_id, row.game), Standing())
        before = period.before(standing_now.rating, standing_now.last_played, row.finished_at)
        after = period.after(
            before, Played(row.game, row.difficulty, row.outcome, row.hands or [], row.opponents)
        )
        standing_now.rating, standing_now.last_played = after, row.finished_at
        standing_now.matches += 1
        yield Step(row.match_id, row.user_id, row.game, row.finished_at, before, after)


@dataclass(frozen=True)
class Difference:
    """One row where the kept ratings and the replay (or the rules) differ; ``None`` on the
    side where the row is missing."""

    table: str
    key: tuple[Any, ...]
    kept: dict[str, Any] | None
    expected: dict[str, Any] | None


_UPDATE_VALUES = ("user_id", "game", "played_at", "rating_before", "rd_before", "rating", "rd",
                  "volatility")
_RATING_VALUES = ("rating", "rd", "volatility", "shown", "matches", "last_played",
                  "username_key")


def _kept_updates(connection: Connection) -> Iterator[dict[str, Any]]:
    u = _UPDATES.c
    rows = connection.execute(
        select(u.match_id, *(u[name] for name in _UPDATE_VALUES))
        .order_by(u.user_id, u.game, u.played_at, u.match_id)
        .execution_options(stream_results=True, yield_per=BATCH)
    )
    for row in rows:
        yield dict(row._mapping)


def _order(row: Mapping[str, Any]) -> tuple[Any, ...]:
    return (row["user_id"], row["game"], row["played_at"], row["match_id"])


def _compare_updates(
    kept: Iterator[dict[str, Any]], expected: Iterator[dict[str, Any]]
) -> Iterator[Difference]:
    """Both streams in the replay's order, merged: each update kept or replayed on one side
    only, or with other figures."""
    mine, theirs = next(kept, None), next(expected, None)
    while mine is not None or theirs is not None:
        if theirs is None or (mine is not None and _order(mine) < _order(theirs)):
            assert mine is not None
            yield Difference("rating_updates", (mine["match_id"],), mine, None)
            mine = next(kept, None)
        elif mine is None or _order(theirs) < _order(mine):
            yield Difference("rating_updates", (theirs["match_id"],), None, theirs)
            theirs = next(expected, None)
        else:
            if mine != theirs:
                yield Difference("rating_updates", (mine["match_id"],), mine, theirs)
            mine, theirs = next(kept, None), next(expected, None)


def _names() -> dict[int, str]:
    return {int(i): str(key) for i, key in db.session.execute(select(User.id, User.username_key))}


def _expected_rating(standing_now: Standing, username_key: str) -> dict[str, Any]:
    rating = standing_now.rating
    return {
        "rating": rating.rating, "rd": rating.rd, "volatility": rating.volatility,
        "shown": standing.shown(rating.rating), "matches": standing_now.matches,
        "last_played": standing_now.last_played, "username_key": username_key,
    }


def differences(limit: int = 1000) -> list[Difference]:
    """Up to ``limit`` updates, ratings, listed marks and rungs that are not what they must be."""
    connection = db.session.connection()
    found: list[Difference] = []
    replay = Replay()
    # Two streams on one connection, merged: the kept updates and the replay's (which runs to
    # its end, so the replay holds every final rating after it).
    expected = (step.update_row() for step in steps(connection, replay))
    for difference in _compare_updates(_kept_updates(connection), expected):
        if len(found) < limit:
            found.append(difference)
    names = _names()
    c = _RATINGS.c
    columns = (c.user_id, c.game, c.listed, *(c[v] for v in _RATING_VALUES))
    kept = {(row.user_id, row.game): row._mapping for row in connection.execute(select(*columns))}
    for key in sorted(kept.keys() | replay.ratings.keys()):
        mine = kept.get(key)
        mine_values = None if mine is None else {v: mine[v] for v in _RATING_VALUES}
        theirs = replay.ratings.get(key)
        theirs_values = None if theirs is None else _expected_rating(theirs, names[key[0]])
        if mine_values != theirs_values:
            found.append(Difference("player_ratings", key, mine_values, theirs_values))
    found += _listing_differences(kept.values(), utcnow())
    # The player page's rating charts are kept from the updates (`webapp.statistics.charts`).
    found += [Difference("player_charts", key, mine, theirs)
              for key, mine, theirs in charts.differences()]
    return found[:limit]


def _listing_differences(kept: Any, now: datetime) -> list[Difference]:
    """Listed marks against the rules, and the ladder against the listed players."""
    found = []
    since = standing.active_since(now)
    counted: Counter[tuple[str, int]] = Counter()
    for row in kept:
        settled = not Rating(row["rating"], row["rd"], row["volatility"]).provisional
        must = settled and row["last_played"] >= since
        if (row["listed"] and not settled) or (must and not row["listed"]):
            found.append(Difference("player_ratings.listed", (row["user_id"], row["game"]),
                                    {"listed": row["listed"]}, {"listed": not row["listed"]}))
        if row["listed"]:
            counted[(row["game"], row["shown"])] += 1
    rungs = {
        (game, int(shown)): int(players)
        for game, shown, players in db.session.execute(
            select(_LADDER.c.game, _LADDER.c.shown, _LADDER.c.players)
            .where(_LADDER.c.players != 0)
        )
    }
    for key in sorted(rungs.keys() | counted.keys()):
        if rungs.get(key) != counted.get(key):
            found.append(Difference("rating_ladder", key, {"players": rungs.get(key)},
                                    {"players": counted.get(key)}))
    return found


def _versioned() -> list[str]:
    """The boards whose ladder has a version."""
    return list(db.session.scalars(select(RatingLadderVersion.game)))


def rewrite() -> None:
    """Replace every rating update, rating and rung with the replay. The caller commits."""
    connection = db.session.connection()
    for table in (_LADDER, _RATINGS, _UPDATES):
        connection.execute(delete(table))
    replay = Replay()
    batch: list[dict[str, Any]] = []
    for step in steps(connection, replay):
        batch.append(step.update_row())
        if len(batch) == BATCH:
            connection.execute(insert(_UPDATES), batch)
            batch = []
    if batch:
        connection.execute(insert(_UPDATES), batch)
    names = _names()
    since = standing.active_since(utcnow())
    ratings, rungs = [], Counter[tuple[str, int]]()
    for (user_id, game), standing_now in replay.ratings.items():
        values = _expected_rating(standing_now, names[user_id])
        assert standing_now.last_played is not None
        listed = not standing_now.rating.provisional and standing_now.last_played >= since
        if listed:
            rungs[(game, values["shown"])] += 1
        ratings.append({"user_id": user_id, "game": game, "listed": listed, **values})
    for start in range(0, len(ratings), BATCH):
        connection.execute(insert(_RATINGS), ratings[start:start + BATCH])
    if rungs:
        connection.execute(
            insert(_LADDER),
            [{"game": g, "shown": s, "players": n} for (g, s), n in sorted(rungs.items())],
        )
    charts.rewrite()  # their rating series are the updates just written
    # Every board's rungs were rewritten, those left empty too.
    ladder_version.bump(connection, {game for _, game in replay.ratings} | set(_versioned()))
