"""A player's own numbers: totals and rates, the last matches, points over time, the skill
rating per game and its history.

Each is a bounded read whatever the player's history: the totals one primary-key row of
``player_totals`` and one primary-key range of ``player_statistics``, the ratings the
player's rows of ``player_ratings`` (one per game), the charts' awards and rating updates one
primary-key row of ``player_charts`` (`webapp.statistics.charts`), the last matches the newest
rows of an index on (user, time), ``LIMIT``-ed.
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Integer, ScalarSelect, Select, bindparam, select

from webapp import games
from webapp.board.games import DEFAULT_GAME, UnknownGame, board_game
from webapp.board.leaderboard import players_above
from webapp.extensions import db
from webapp.models import (
    ALL_TIME,
    MatchResult,
    Outcome,
    PlayerChart,
    PlayerRating,
    PlayerStatistic,
    PlayerTotal,
    PointAward,
)
from webapp.rating import standing
from webapp.rating.glicko import START
from webapp.statistics import declared
from webapp.statistics.charts import moment

RECENT_MATCHES = 10
PLAYER = bindparam("player", type_=Integer)
"""The player a page's kept statements read about, bound when one runs (``{"player": id}``).

A statement with its subqueries costs about as much to build as to run (about 1 ms for the
totals', against 0.7 ms to send and read it); a player page is viewed far more often than
anything it shows changes, so its reads that run on every view are built once, over this."""


@dataclass(frozen=True)
class Totals:
    matches: int = 0
    wins: dict[str, int] = field(default_factory=lambda: dict.fromkeys(games.levels(), 0))
    abandoned: int = 0
    points: int = 0
    hands: int = 0
    best_score: int = 0
    statistics: dict[str, int] = field(default_factory=dict)
    """The game's own statistics kept on the board, by name (`webapp.statistics.declared`)."""

    @property
    def total_wins(self) -> int:
        return sum(self.wins.values())

    @property
    def losses(self) -> int:
        return self.matches - self.total_wins

    @property
    def win_rate(self) -> float:
        return self.total_wins / self.matches if self.matches else 0.0

    @property
    def numbers(self) -> Counter[str]:
        """What a board's shown lines are made from (`webapp.games.Board.shown`): the totals'
        columns and the statistics by name, 0 for any not kept."""
        return Counter(
            {"matches": self.matches, "abandoned": self.abandoned, "points": self.points,
             "hands": self.hands, "best_score": self.best_score, **self.statistics}
        )


@dataclass(frozen=True)
class RecentMatch:
    match_id: str
    game: str
    finished_at: datetime
    ruleset: str
    difficulty: str
    outcome: str
    score: int
    opponent_score: int
    hands: int
    points: int | None
    hand_scores: list[dict[str, Any]]

    @property
    def hand_table(self) -> HandTable | None:
        """The hand-by-hand table of its board (`webapp.games.Board`), if it has one and
        any hand was finished: the board's template and its rows."""
        try:
            board = board_game(self.game)
        except UnknownGame:
            return None
        if board.hands_template is None or board.hand_rows is None or not self.hand_scores:
            return None
        return HandTable(board.hands_template, list(board.hand_rows(self.hand_scores)))

    @property
    def reviewable(self) -> bool:
        """A finished match of a game whose hands have reviews (Gin Rummy, 胡牌制, Rommé) with a
        hand over."""
        game = games.of_board(self.game)
        reviewed = game is not None and game.review is not None
        return reviewed and self.outcome != Outcome.ABANDONED and self.hands > 0


@dataclass(frozen=True)
class HandTable:
    template: str
    rows: list[Any]


@dataclass(frozen=True)
class PointsAt:
    """The player's running total of ranking points after one award."""

    at: datetime
    total: int
    points: int
    """This award's points: the total before it is ``total - points``."""


def totals(user_id: int, game: str = DEFAULT_GAME) -> Totals:
    """The player's all-time totals on ``game``'s board (``ALL_GAMES``: every game summed)."""
    return totals_and_rank(user_id, game)[0]


def totals_and_rank(
    user_id: int, game: str = DEFAULT_GAME, also: tuple[ScalarSelect[Any], ...] = ()
) -> tuple[Totals, int | None, tuple[Any, ...] | None]:
    """The player's all-time totals on ``game``'s board, their rank on it (``None`` with no
    match there) and the values of the scalar subqueries ``also`` (written over `PLAYER`;
    ``None`` with no match there), in one read: the totals' row, the sum over the ladder above
    it and ``also``, once per keyed statistic of the player on the board (wins per level
    included; once with none kept)."""
    rows = db.session.execute(_totals_and_rank(game, also), {"player": user_id}).all()
    if not rows:
        return Totals(), None, None
    kept = rows[0]._mapping
    statistics = {row.name: int(row.value) for row in rows if row.name is not None}
    return Totals(
        matches=kept["matches"],
        wins={level: statistics.pop(declared.wins_name(level), 0) for level in games.levels()},
        abandoned=kept["abandoned"],
        points=kept["points"],
        hands=kept["hands"],
        best_score=kept["best_score"],
        statistics=statistics,
    ), int(kept["above"]) + 1, tuple(kept[f"also_{n}"] for n in range(len(also)))


@functools.cache
def _totals_and_rank(game: str, also: tuple[ScalarSelect[Any], ...]) -> Select[Any]:
    """`totals_and_rank`'s statement, built once per board and ``also`` (the boards are few;
    ``also`` is `webapp.board.page_cache.freshness`'s, itself built once).

    The totals' row with its rank and ``also`` is a materialized CTE, read once, then joined
    to the player's statistics on the board (a primary-key range): the subqueries are not run
    again for each statistic."""
    t, s = PlayerTotal.__table__.c, PlayerStatistic.__table__.c
    row = select(
        t, players_above(game, ALL_TIME).label("above"),
        *(extra.label(f"also_{n}") for n, extra in enumerate(also)),
    ).where(t.game == game, t.period == ALL_TIME, t.user_id == PLAYER).cte("kept")
    row = row.prefix_with("MATERIALIZED")
    return select(row, s.name, s.value).select_from(
        row.outerjoin(
            PlayerStatistic.__table__,
            (s.game == row.c.game) & (s.period == row.c.period) & (s.user_id == row.c.user_id),
        )
    )


def recent_matches(user_id: int, limit: int = RECENT_MATCHES) -> list[RecentMatch]:
    """The player's last matches of every game, newest first (one index range, whatever the
    game switch shows: each match names its game)."""
    rows = db.session.execute(_recent_matches(limit), {"player": user_id})
    return [
        RecentMatch(
            match_id=row.match_id, game=row.game, finished_at=row.finished_at,
            ruleset=row.ruleset, difficulty=row.difficulty, outcome=row.outcome,
            score=row.score, opponent_score=row.opponent_score, hands=row.hands,
            points=row.points, hand_scores=list(row.hand_scores),
        )
        for row in rows
    ]


@functools.cache
def _recent_matches(limit: int) -> Select[Any]:
    r, award = MatchResult.__table__.c, PointAward.__table__
    # Core, not ORM entities: the page needs these columns, not ten tracked objects.
    return (
        select(
            r.match_id, r.game, r.finished_at, r.ruleset, r.difficulty, r.outcome, r.score,
            r.opponent_score, r.hands, award.c.points, r.hand_scores,
        )
        .outerjoin(award, award.c.match_id == r.match_id)
        .where(r.user_id == PLAYER)
        .order_by(r.finished_at.desc())
        .limit(limit)
    )


@dataclass(frozen=True)
class Charts:
    """The player's kept chart series on one board (`webapp.statistics.charts`), oldest first."""

    awards: list[list[int]]
    ratings: list[list[float]]


def charts(user_id: int, game: str = DEFAULT_GAME) -> Charts:
    """The player's kept charts on ``game``'s board (``ALL_GAMES``: every game's awards): one
    primary-key read, written with each of their results."""
    found = db.session.execute(_charts(), {"player": user_id, "game": game}).first()
    return Charts([], []) if found is None else Charts(found.awards, found.ratings)


@functools.cache
def _charts() -> Select[Any]:
    c = PlayerChart.__table__.c
    return select(c.awards, c.ratings).where(c.user_id == PLAYER, c.game == bindparam("game"))


def points_over_time(kept: Charts, points: int) -> list[PointsAt]:
    """Running totals after each of the player's last `webapp.statistics.charts.LENGTH` awards on
    the board of ``kept``, oldest first.

    ``points`` is the player's total now on that board (from `totals`): the series is counted
    back from it, so an earlier history left out of the chart still counts in its heights.
    """
    series: list[PointsAt] = []
    total = points
    for at, award in reversed(kept.awards):
        series.append(PointsAt(moment(at), total, award))
        total -= award
    return series[::-1]


@dataclass(frozen=True)
class GameRating:
    """The player's rating on one game's board."""

    rating: float
    rd: float
    matches: int

    @property
    def label(self) -> str:
        """``"1530"``, or ``"1530?"`` while provisional."""
        return standing.label(self.rating, self.rd)


def ratings(user_id: int) -> dict[str, GameRating]:
    """The player's rating on each game they have played while logged in, by game key."""
    rows = db.session.execute(_ratings(), {"player": user_id})
    return {game: GameRating(rating, rd, matches) for game, rating, rd, matches in rows}


@functools.cache
def _ratings() -> Select[Any]:
    r = PlayerRating.__table__.c
    return select(r.game, r.rating, r.rd, r.matches).where(r.user_id == PLAYER)


@dataclass(frozen=True)
class RatingAt:
    """The player's rating after one rated match."""

    at: datetime
    rating: float
    rd: float


def rating_over_time(kept: Charts) -> list[RatingAt]:
    """The player's rating after each of their last `webapp.statistics.charts.LENGTH` matches on the
    board of ``kept``, oldest first."""
    return [RatingAt(moment(int(at)), rating, rd) for at, rating, rd in kept.ratings]


def rating_start(kept: Charts, rating: GameRating | None) -> RatingAt | None:
    """Where the player's rating line starts: `glicko.START`, their rating before their first
    rated match on the board, at that match, when ``kept``'s chart reaches back to it (it
    holds all their ``rating.matches`` there); ``None`` for a chart of the last
    `webapp.statistics.charts.LENGTH` of more."""
    if rating is None or not kept.ratings or rating.matches != len(kept.ratings):
        return None
    return RatingAt(moment(int(kept.ratings[0][0])), START.rating, START.rd)


@functools.cache
def last_result() -> tuple[ScalarSelect[datetime], ScalarSelect[str]]:
    """The `PLAYER`'s newest result's end and match, as two scalar subqueries (one index probe
    each): every ended match of theirs writes a new one, with its award and rating update."""
    r = MatchResult.__table__.c
    newest = select(r.finished_at).where(r.user_id == PLAYER).order_by(r.finished_at.desc())
    match = select(r.match_id).where(r.user_id == PLAYER).order_by(r.finished_at.desc())
    return newest.limit(1).scalar_subquery(), match.limit(1).scalar_subquery()
