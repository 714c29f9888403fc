"""Scoring a daily against the field: matchpoints, the day's score and its standings.

A board's result scores 2 matchpoints for every other counted result it beats and 1 for every
one it ties, as a percentage of twice the number of those others (50% when nobody else has
played the board); the day's score is the mean of the percentages over the game's boards,
a board not played (an abandoned daily) counting 0.

Nothing here loads a day's field: each counted result adds 1 to its board's tally of that
result (``daily_tallies``, one row per distinct result: a few hundred at most), so a result's
matchpoints are three sums over that board's tally, and the close scores and ranks every
attempt in one SQL statement (window functions over the tallies, ``RANK()`` over the scores).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import Date, and_, bindparam, case, func, or_, select, text, update

from webapp import games
from webapp.daily.calendar import closes
from webapp.extensions import db
from webapp.models import DailyAttempt, DailyDay, DailyResult, DailyTally, User, utcnow
from webapp.statistics.totals import dialect_insert
from webapp.store import MatchRecord

_TALLY = DailyTally.__table__
_RESULTS = DailyResult.__table__
_ATTEMPTS = DailyAttempt.__table__


@dataclass(frozen=True, slots=True)
class Standing:
    """A result against a board's counted field."""

    below: int
    equal: int
    """Counted results lower than it, and equal to it (itself included when counted)."""
    field: int

    def percent(self, counted: bool) -> float:
        """Its matchpoints as a percentage: a counted result is not compared with itself; a
        guest's (not counted) with every counted result."""
        ties = self.equal - 1 if counted else self.equal
        others = self.field - 1 if counted else self.field
        if others <= 0:
            return 50.0
        return 100.0 * (2 * self.below + ties) / (2 * others)


def places(day: date, results: Mapping[tuple[str, int], int]) -> dict[tuple[str, int], Standing]:
    """Where each result stands on its board, by (game, board): one statement for all of
    them, three sums over each board's tally."""
    if not results:
        return {}
    tally, players = _TALLY.c, _TALLY.c.players
    boards = [(and_(tally.game == game, tally.board == board), result)
              for (game, board), result in results.items()]
    mine = case(*boards)
    rows = db.session.execute(
        select(
            tally.game, tally.board,
            func.sum(case((tally.result < mine, players), else_=0)),
            func.sum(case((tally.result == mine, players), else_=0)),
            func.sum(players),
        ).where(tally.day == day, or_(*(where for where, _ in boards)))
        .group_by(tally.game, tally.board)
    )
    found = {(game, int(board)): Standing(int(below), int(equal), int(field))
             for game, board, below, equal, field in rows}
    return {key: found.get(key, Standing(0, 0, 0)) for key in results}


def standing(game: str, day: date, board: int, result: int) -> Standing:
    """Where one result stands on its board (`places`)."""
    return places(day, {(game, board): result})[(game, board)]


def day_score(percents: list[float], boards: int) -> float:
    """The mean over the game's ``boards``, a board without a result counting 0."""
    return sum(percents) / boards


def attempt_of(game: str, day: date, user_id: int) -> DailyAttempt | None:
    return db.session.get(DailyAttempt, (game, day, user_id))


@dataclass(frozen=True, slots=True)
class Own:
    """An account's attempt at a game's daily of a day, and its counted results by board with
    where each stands."""

    match_id: str
    counted: bool
    finished: bool
    score: float | None
    rank: int | None
    results: dict[int, int]
    standings: dict[int, Standing]


def _tally_sum(results: Any, compare: Any) -> Any:
    """The players of a result's board whose result ``compare`` holds for, as a subquery."""
    t = _TALLY.c
    return (
        select(func.coalesce(func.sum(t.players), 0))
        .where(t.game == results.game, t.day == results.day, t.board == results.board,
               compare(t.result))
        .scalar_subquery()
    )


def own(day: date, user_id: int, game: str | None = None) -> dict[str, Own]:
    """The account's attempts of the day (of ``game``, or of every game), by game, with their
    results and where each stands on its board: one statement (``ix_daily_attempts_user_id_day``,
    the results' key and three sums over each board's tally)."""
    a, r = _ATTEMPTS.c, _RESULTS.c
    games_asked = [game] if game is not None else [g.key for g in games.dailies()]
    rows = db.session.execute(
        select(a.game, a.match_id, a.counted, a.finished, a.score, a.rank, r.board, r.result,
               _tally_sum(r, lambda result: result < r.result),
               _tally_sum(r, lambda result: result == r.result),
               _tally_sum(r, lambda result: result.is_not(None)))
        .outerjoin(_RESULTS, and_(r.game == a.game, r.day == a.day, r.user_id == a.user_id))
        .where(a.user_id == user_id, a.day == day, a.game.in_(games_asked))
        .order_by(a.game, r.board)
    )
    found: dict[str, Own] = {}
    for key, match_id, counted, finished, score, rank, board, result, *sums in rows:
        entry = found.setdefault(key, Own(match_id, bool(counted), bool(finished),
                                          score, rank, {}, {}))
        if board is not None:
            entry.results[int(board)] = int(result)
            entry.standings[int(board)] = Standing(*(int(n) for n in sums))
    return found


def recorded(game: str, day: date, user_id: int) -> dict[int, int]:
    """The account's counted results of the day, by board (an index range of the key)."""
    rows = db.session.execute(
        select(_RESULTS.c.board, _RESULTS.c.result).where(
            _RESULTS.c.game == game, _RESULTS.c.day == day, _RESULTS.c.user_id == user_id
        ).order_by(_RESULTS.c.board)
    )
    return {int(board): int(result) for board, result in rows}


def record(record: MatchRecord, match: Any) -> None:
    """Count an account's daily boards finished since the last save, in the save's transaction
    (`webapp.matches.save_and_count`): only a counted attempt's, and only before the day
    closes; the key of ``daily_results`` makes a result once per account and board, whatever
    races. An attempt whose match is over is marked finished (its streak)."""
    game, day, user_id = games.of(record), record.daily, record.owner_user_id
    assert game.daily is not None and day is not None and user_id is not None
    attempt = attempt_of(game.key, day, user_id)
    if attempt is None or attempt.match_id != record.id:
        return
    if match.is_over and not attempt.finished:
        attempt.finished = True
    if not attempt.counted or utcnow() >= closes(day):
        db.session.flush()
        return
    done = recorded(game.key, day, user_id)
    for board, result in enumerate(game.daily.results(match), start=1):
        if board not in done:
            add_result(game.key, day, board, user_id, result)
    db.session.flush()


def add_result(game: str, day: date, board: int, user_id: int, result: int) -> None:
    """One counted result and its tally (an upsert: results arriving at once both count)."""
    db.session.execute(_RESULTS.insert().values(
        game=game, day=day, board=board, user_id=user_id, result=result
    ))
    upsert = dialect_insert(_TALLY).values(
        game=game, day=day, board=board, result=result, players=1
    )
    db.session.execute(upsert.on_conflict_do_update(
        index_elements=["game", "day", "board", "result"],
        set_={"players": _TALLY.c.players + 1},
    ))


_STANDINGS = text("""
WITH tally AS (
    SELECT board, result, players,
           COALESCE(SUM(players) OVER (PARTITION BY board ORDER BY result
                    ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS below,
           SUM(players) OVER (PARTITION BY board) AS field
    FROM daily_tallies WHERE game = :game AND day = :day
), points AS (
    SELECT r.user_id AS user_id,
           SUM(CASE WHEN t.field > 1
                    THEN 100.0 * (2 * t.below + t.players - 1) / (2 * (t.field - 1))
                    ELSE 50.0 END) AS total
    FROM daily_results r JOIN tally t ON t.board = r.board AND t.result = r.result
    WHERE r.game = :game AND r.day = :day
    GROUP BY r.user_id
), scored AS (
    SELECT a.user_id AS user_id, ROUND(COALESCE(p.total, 0) / :boards, 6) AS score
    FROM daily_attempts a LEFT JOIN points p ON p.user_id = a.user_id
    WHERE a.game = :game AND a.day = :day AND a.counted
), ranked AS (
    SELECT user_id, score, RANK() OVER (ORDER BY score DESC) AS place FROM scored
)
UPDATE daily_attempts SET score = ranked.score, rank = ranked.place
FROM ranked
WHERE daily_attempts.game = :game AND daily_attempts.day = :day
  AND daily_attempts.user_id = ranked.user_id
""").bindparams(bindparam("day", type_=Date))
"""Every counted attempt's score (a board without a result counting 0) and rank, in one
statement: a percentage per result from its board's tally (the results below it, with it,
in all), summed per account."""


def close(game: str, day: date) -> None:
    """Work out the day's standings once, after it closed: every counted attempt's score and
    rank, in a transaction of its own (the pages that ask read without one). The first caller
    claims the day (``closed_at``) in that transaction, so two at once write them once."""
    board_count = games.named(game).daily.boards  # type: ignore[union-attr]
    with db.engine.begin() as connection:
        claimed = connection.execute(
            update(DailyDay.__table__)
            .where(and_(DailyDay.game == game, DailyDay.day == day, DailyDay.closed_at.is_(None)))
            .values(closed_at=utcnow())
        )
        if claimed.rowcount != 1:
            return
        connection.execute(_STANDINGS, {"game": game, "day": day, "boards": board_count})
        if connection.dialect.name == "postgresql":
            # Every rank of the day was null until now: without fresh statistics the planner
            # reads the standings' first places by sorting the whole day (1.5 s at 100,000).
            connection.execute(text("ANALYZE daily_attempts"))


@dataclass(frozen=True, slots=True)
class Row:
    rank: int
    username: str
    score: float
    finished: bool


def leaders(game: str, day: date, shown: int) -> list[Row]:
    """The day's first ``shown`` places (an index range: ``game, day, rank``)."""
    users = User.__table__
    first = (
        select(_ATTEMPTS.c.rank, _ATTEMPTS.c.user_id, _ATTEMPTS.c.score, _ATTEMPTS.c.finished)
        .where(_ATTEMPTS.c.game == game, _ATTEMPTS.c.day == day,
               _ATTEMPTS.c.rank.is_not(None))
        .order_by(_ATTEMPTS.c.rank, _ATTEMPTS.c.user_id)
        .limit(shown)
        .subquery()
    )
    rows = db.session.execute(
        select(first.c.rank, users.c.username, first.c.score, first.c.finished)
        .join(users, users.c.id == first.c.user_id)
        .order_by(first.c.rank, first.c.user_id)
    )
    return [Row(int(rank), name, float(score), bool(done)) for rank, name, score, done in rows]
