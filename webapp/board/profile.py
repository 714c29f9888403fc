"""A player's own numbers: totals and rates, the last matches, points over time, the skill
rating per game and its history.

Each is a bounded read whatever the player's history: the totals one primary-key row of
``player_totals``, the ratings the player's rows of ``player_ratings`` (one per game), the last
matches, the chart's awards and rating updates the newest rows of an index on (user, time),
``LIMIT``-ed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import ScalarSelect, select

from webapp import games
from webapp.board.games import DEFAULT_GAME, UnknownGame, board_game
from webapp.board.leaderboard import players_above
from webapp.extensions import db
from webapp.models import (
    ALL_GAMES,
    ALL_TIME,
    MatchResult,
    Outcome,
    PlayerRating,
    PlayerTotal,
    PointAward,
    RatingUpdate,
)
from webapp.points import RANKING_POINTS
from webapp.rating import standing

RECENT_MATCHES = 10
CHART_AWARDS = 100
"""The chart shows the player's last this many awards; the total before them is its baseline."""


@dataclass(frozen=True)
class Totals:
    matches: int = 0
    wins: dict[str, int] = field(default_factory=lambda: dict.fromkeys(RANKING_POINTS, 0))
    abandoned: int = 0
    points: int = 0
    hands: int = 0
    gins: int = 0
    undercuts_given: int = 0
    undercuts_received: int = 0
    knocks: int = 0
    knock_deadwood: int = 0
    best_score: int = 0

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
    def gin_rate(self) -> float:
        """Gins per hand played."""
        return self.gins / self.hands if self.hands else 0.0

    @property
    def mean_knock_deadwood(self) -> float | None:
        return self.knock_deadwood / self.knocks if self.knocks else None


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
        """A finished match of a game whose hands have reviews (Gin Rummy, 胡牌制 too) with a
        hand over."""
        game = games.of_board(self.game)
        reviewed = game is not None and game.reviews
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


def totals_and_rank(user_id: int, game: str = DEFAULT_GAME) -> tuple[Totals, int | None]:
    """The player's all-time totals on ``game``'s board and their rank on it (``None`` with no
    match there), in one read: the totals' row and the sum over the ladder above it."""
    t = PlayerTotal.__table__.c
    found = db.session.execute(
        select(t, players_above(game, ALL_TIME).label("above")).where(
            t.game == game, t.period == ALL_TIME, t.user_id == user_id
        )
    ).first()
    if found is None:
        return Totals(), None
    kept = found._mapping
    return Totals(
        matches=kept["matches"],
        wins={level: int(kept[f"wins_{level}"]) for level in RANKING_POINTS},
        abandoned=kept["abandoned"],
        points=kept["points"],
        hands=kept["hands"],
        gins=kept["gins"],
        undercuts_given=kept["undercuts_given"],
        undercuts_received=kept["undercuts_received"],
        knocks=kept["knocks"],
        knock_deadwood=kept["knock_deadwood"],
        best_score=kept["best_score"],
    ), int(kept["above"]) + 1


def recent_matches(user_id: int, limit: int = RECENT_MATCHES) -> list[RecentMatch]:
    """The player's last matches of every game, newest first (one index range, whatever the
    game switch shows: each match names its game)."""
    r = MatchResult.__table__.c
    # Core, not ORM entities: the page needs these columns, not ten tracked objects.
    rows = db.session.execute(
        select(
            r.match_id, r.game, r.finished_at, r.ruleset, r.difficulty, r.outcome, r.score,
            r.opponent_score, r.hands, PointAward.points, r.hand_scores,
        )
        .outerjoin(PointAward, PointAward.match_id == r.match_id)
        .where(r.user_id == user_id)
        .order_by(r.finished_at.desc())
        .limit(limit)
    )
    return [
        RecentMatch(
            match_id=row.match_id, game=row.game, finished_at=row.finished_at,
            ruleset=row.ruleset, difficulty=row.difficulty, outcome=row.outcome,
            score=row.score, opponent_score=row.opponent_score, hands=row.hands,
            points=row.points, hand_scores=list(row.hand_scores),
        )
        for row in rows
    ]


def points_over_time(
    user_id: int, points: int, limit: int = CHART_AWARDS, game: str = DEFAULT_GAME
) -> list[PointsAt]:
    """Running totals after each of the player's last ``limit`` awards on ``game``'s board,
    oldest first.

    ``points`` is the player's total now on that board (from `totals`): the series is counted
    back from it, so an earlier history left out of the chart still counts in its heights.
    """
    query = (
        select(PointAward.awarded_at, PointAward.points)
        .join(MatchResult, MatchResult.match_id == PointAward.match_id)
        .where(PointAward.user_id == user_id)
    )
    if game != ALL_GAMES:
        query = query.where(MatchResult.game == game)
    awards = db.session.execute(
        query.order_by(PointAward.awarded_at.desc(), PointAward.id.desc()).limit(limit)
    ).all()
    series: list[PointsAt] = []
    total = points
    for at, award in awards:
        series.append(PointsAt(at, total, award))
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
    r = PlayerRating
    rows = db.session.execute(
        select(r.game, r.rating, r.rd, r.matches).where(r.user_id == user_id)
    )
    return {game: GameRating(rating, rd, matches) for game, rating, rd, matches in rows}


@dataclass(frozen=True)
class RatingAt:
    """The player's rating after one rated match."""

    at: datetime
    rating: float
    rd: float


def rating_over_time(user_id: int, game: str, limit: int = CHART_AWARDS) -> list[RatingAt]:
    """The player's rating after each of their last ``limit`` matches on ``game``, oldest first."""
    u = RatingUpdate
    rows = db.session.execute(
        select(u.played_at, u.rating, u.rd)
        .where(u.user_id == user_id, u.game == game)
        .order_by(u.played_at.desc())
        .limit(limit)
    ).all()
    return [RatingAt(at, rating, rd) for at, rating, rd in reversed(rows)]


def last_result(user_id: int) -> tuple[ScalarSelect[datetime], ScalarSelect[str]]:
    """The player's newest result's end and match, as two scalar subqueries (one index probe
    each): every ended match of theirs writes a new one, with its award and rating update."""
    r = MatchResult.__table__.c
    newest = select(r.finished_at).where(r.user_id == user_id).order_by(r.finished_at.desc())
    match = select(r.match_id).where(r.user_id == user_id).order_by(r.finished_at.desc())
    return newest.limit(1).scalar_subquery(), match.limit(1).scalar_subquery()
