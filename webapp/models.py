"""Database models. A match row keeps the engine's snapshot as opaque JSON."""

from __future__ import annotations

import secrets
from datetime import UTC, date, datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    Date,
    DateTime,
    Dialect,
    Double,
    ForeignKey,
    Index,
    Integer,
    String,
    false,
    literal_column,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.engine.default import DefaultExecutionContext
from sqlalchemy.ext.associationproxy import AssociationProxy, association_proxy
from sqlalchemy.orm import Mapped, mapped_column, query_expression, relationship
from sqlalchemy.orm.collections import attribute_keyed_dict
from sqlalchemy.types import TypeDecorator

from webapp.extensions import db
from webapp.rating.glicko import PROVISIONAL_RD

MATCH_ID_BYTES = 16  # token_urlsafe(16) is 22 characters
MATCH_ID_LENGTH = 22


class MatchStatus(StrEnum):
    """Where a match is in its life."""

    ACTIVE = "active"
    FINISHED = "finished"
    ABANDONED = "abandoned"


def new_match_id() -> str:
    """A random, unguessable, URL-safe match id of 22 characters."""
    return secrets.token_urlsafe(MATCH_ID_BYTES)


def utcnow() -> datetime:
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware UTC datetime on every backend.

    SQLite has no time zones and hands back naive values; they are stored as UTC and
    read back tagged as UTC, so code never compares naive with aware datetimes.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given; use datetime.now(UTC)")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


# JSONB on PostgreSQL (compact, indexable later); plain JSON text elsewhere.
SnapshotJSON = JSON().with_variant(JSONB(), "postgresql")


def _dealt_to_an_account(context: DefaultExecutionContext) -> bool:
    """``matches.ranked`` when an insert leaves it out: ranked exactly when dealt to an account."""
    row = context.get_current_parameters()  # type: ignore[no-untyped-call]  # SQLAlchemy's own
    return row.get("owner_user_id") is not None


ONE_RUNNING_MATCH = "uq_matches_owner_user_id_running"
"""The partial unique index that keeps an account to one running match (`Match`)."""


class Match(db.Model):  # type: ignore[name-defined,misc]
    """One match against the computer; ``snapshot`` is its game engine's ``Match.to_dict()``."""

    __tablename__ = "matches"
    __table_args__ = (
        Index("ix_matches_status_updated_at", "status", "updated_at"),
        Index("ix_matches_owner_user_id_status", "owner_user_id", "status"),
        # One running match per account: a second active row for an owner cannot exist, so
        # no race of two "new match" requests can leave an uncounted match behind.
        Index(
            ONE_RUNNING_MATCH,
            "owner_user_id",
            unique=True,
            sqlite_where=text("status = 'active'"),
            postgresql_where=text("status = 'active'"),
        ),
        CheckConstraint(
            "status IN ('active', 'finished', 'abandoned')", name="status_known"
        ),
    )

    id: Mapped[str] = mapped_column(String(MATCH_ID_LENGTH), primary_key=True, default=new_match_id)
    # Which game the snapshot belongs to: ``GIN`` or ``ROMME`` (rows older than Rommé are Gin).
    game: Mapped[str] = mapped_column(String(16), nullable=False, server_default="gin")
    # Compare-and-set counter: every save is UPDATE ... WHERE version = <the version read>.
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    snapshot: Mapped[dict[str, Any]] = mapped_column(SnapshotJSON, nullable=False)
    ruleset: Mapped[str] = mapped_column(String(32), nullable=False)
    difficulty: Mapped[str] = mapped_column(String(16), nullable=False)
    # A difficulty chosen during a match applies from the next hand.
    pending_difficulty: Mapped[str | None] = mapped_column(String(16), nullable=True)
    status: Mapped[str] = mapped_column(String(16), nullable=False, default=MatchStatus.ACTIVE)
    # The easiest difficulty any hand was played at: ranking points count the match at this
    # level, so switching to expert for the last hand earns no expert points.
    lowest_difficulty: Mapped[str] = mapped_column(String(16), nullable=False)
    # ``None`` while a guest plays; set when the guest logs in (the match is adopted).
    owner_user_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True
    )
    # Counted when it ends (statistics, totals, points, rating) only if dealt to a logged-in
    # account: a guest's match stays unranked when its guest logs in and the account adopts
    # it, so nobody can play as a guest and log in only when winning. Fixed when dealt.
    ranked: Mapped[bool] = mapped_column(
        Boolean, nullable=False, default=_dealt_to_an_account, server_default=false()
    )
    # A practice match (复盘's "Practice this deal"): its first hand is hand ``practice_hand``
    # of match ``practice_of`` dealt again. Never ranked. No foreign key: the match practised
    # may be purged (a guest's) while its practice is kept.
    practice_of: Mapped[str | None] = mapped_column(String(MATCH_ID_LENGTH), nullable=True)
    practice_hand: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # A daily's match (每日一局, `webapp.daily`): the day whose boards it plays. Never ranked.
    daily: Mapped[date | None] = mapped_column(Date, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False, default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)

    def __repr__(self) -> str:
        return f"<Match {self.id} v{self.version} {self.status}>"


USERNAME_MAX = 20
USERNAME_KEY_MAX = 80  # casefolding can lengthen a name ("ß" → "ss")


class User(db.Model):  # type: ignore[name-defined,misc]
    """An account. ``username_key`` (NFKC + casefold) makes names unique regardless of case;
    ``username_skeleton`` (UTS #39 confusable skeleton) regardless of look-alike letters.

    ``session_generation`` is written into every session and "remember me" cookie at login
    (through `get_id`); logging in or out counts it up, so every cookie issued before no
    longer names a logged-in account.
    """

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(USERNAME_MAX), nullable=False)
    username_key: Mapped[str] = mapped_column(String(USERNAME_KEY_MAX), nullable=False, unique=True)
    password_hash: Mapped[str] = mapped_column(String(255), nullable=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False, default=utcnow)
    # Nullable only for accounts older than the column whose skeleton clashed with another's.
    username_skeleton: Mapped[str | None] = mapped_column(
        String(USERNAME_KEY_MAX), nullable=True, unique=True
    )
    session_generation: Mapped[int] = mapped_column(
        Integer, nullable=False, default=0, server_default="0"
    )
    time_zone: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The reader's IANA time zone for dates on the pages; None: by the page's language."""
    last_game: Mapped[str | None] = query_expression()
    """The game of the account's newest result (``None`` before the first): the board the
    boards and player pages show without ``?game=``. Read with the account where those pages
    load it (`webapp.accounts.service`: the logged-in account, a player page's player), in the
    same statement; ``None`` on an account loaded otherwise."""

    # Flask-Login's user protocol.
    is_active = True
    is_authenticated = True
    is_anonymous = False

    def get_id(self) -> str:
        """``<id>.<session generation>``: what the session and remember cookies carry."""
        return f"{self.id}.{self.session_generation}"

    def __repr__(self) -> str:
        return f"<User {self.id} {self.username!r}>"


class PointAward(db.Model):  # type: ignore[name-defined,misc]
    """Ranking points for one won match. The unique ``match_id`` makes the award happen once."""

    __tablename__ = "point_awards"
    __table_args__ = (Index("ix_point_awards_user_id_awarded_at", "user_id", "awarded_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), nullable=False, unique=True
    )
    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), nullable=False
    )
    difficulty: Mapped[str] = mapped_column(String(16), nullable=False)
    points: Mapped[int] = mapped_column(Integer, nullable=False)
    awarded_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False, default=utcnow)


class Outcome(StrEnum):
    """How a match ended for its owner; an abandoned match counts as a loss."""

    WON = "won"
    LOST = "lost"
    ABANDONED = "abandoned"


GIN = "gin"
"""The ``game`` key of Gin Rummy's matches, results and totals. A game key is free text, so a
new game needs no schema change."""
HU = "hu"
"""The ``game`` key of the 胡牌制 presets' results and totals (``hu``, ``hu-race``): a ruleset
family scored its own way, so the boards can rank it apart from the standard game. Its matches
are Gin Rummy matches (``matches.game`` is ``GIN``: the same engine plays them)."""
ROMME = "romme"
"""The ``game`` key of Rommé's matches, results and totals."""
PERSON = 0
"""The person's seat in every game (the computers sit at 1, 2, …): the owner's numbers in a
snapshot and in ``match_results.hand_scores`` are at this index."""


STATISTIC_NAME_MAX = 32
"""The longest name of a kept statistic (``wins:expert``, ``knock_deadwood``)."""


class MatchResult(db.Model):  # type: ignore[name-defined,misc]
    """The owner's statistics of one ended match, written once in the transaction that ends it.

    Counts are from the owner's side (seat 0). The game's own counts (Gin Rummy's gins,
    undercuts, knocks) are ``statistics``, keyed by the names its registry entry declares
    (`webapp.games.Game.counted`), one ``match_statistics`` row each: a new statistic is a new
    name, never a new column.
    """

    __tablename__ = "match_results"
    __table_args__ = (
        Index("ix_match_results_user_id_finished_at", "user_id", "finished_at"),
        Index("ix_match_results_finished_at", "finished_at"),
        CheckConstraint("outcome IN ('won', 'lost', 'abandoned')", name="outcome_known"),
    )

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), nullable=False
    )
    game: Mapped[str] = mapped_column(String(16), nullable=False)
    ruleset: Mapped[str] = mapped_column(String(32), nullable=False)
    difficulty: Mapped[str] = mapped_column(String(16), nullable=False)
    outcome: Mapped[str] = mapped_column(String(16), nullable=False)
    score: Mapped[int] = mapped_column(Integer, nullable=False)
    opponent_score: Mapped[int] = mapped_column(Integer, nullable=False)
    hands: Mapped[int] = mapped_column(Integer, nullable=False)
    hands_won: Mapped[int] = mapped_column(Integer, nullable=False)
    # Hand by hand: [{"end": "knock", "you": 12, "computer": 0}, ...]
    hand_scores: Mapped[list[dict[str, Any]]] = mapped_column(SnapshotJSON, nullable=False)
    finished_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False, default=utcnow)
    opponents: Mapped[int] = mapped_column(
        Integer, nullable=False, default=1, server_default="1"
    )
    """The computer seats the owner played against: 1 in Gin Rummy, 1 to 3 in Rommé (an
    abandon before the first hand's end has no penalties that would tell)."""
    statistic_rows: Mapped[dict[str, MatchStatistic]] = relationship(
        collection_class=attribute_keyed_dict("name"), cascade="all, delete-orphan",
        lazy="selectin",
    )
    statistics: AssociationProxy[dict[str, int]] = association_proxy(
        "statistic_rows", "value",
        creator=lambda name, value: MatchStatistic(name=name, value=value),
    )
    """The game's own counts of this match by name (``{"gins": 1, "knocks": 2}``); a count of
    0 is kept as no row."""


class MatchStatistic(db.Model):  # type: ignore[name-defined,misc]
    """One of a game's own counts of one ended match (`MatchResult.statistics`)."""

    __tablename__ = "match_statistics"

    match_id: Mapped[str] = mapped_column(
        String(MATCH_ID_LENGTH),
        ForeignKey("match_results.match_id", ondelete="CASCADE"),
        primary_key=True,
    )
    name: Mapped[str] = mapped_column(String(STATISTIC_NAME_MAX), primary_key=True)
    value: Mapped[int] = mapped_column(Integer, nullable=False)


ALL_GAMES = "all"
"""The ``game`` key of the totals summed over every game."""
ALL_TIME = "all"
"""The ``period`` key of all-time totals; a week's key is its ISO week, ``"2026-W49"``."""
PERIOD_MAX = 8


class PlayerTotal(db.Model):  # type: ignore[name-defined,misc]
    """One player's totals for one game (or all games) over one period (all time or an ISO week).

    Kept by `webapp.statistics.totals` in the transaction that records a match's end, so they change
    exactly when ``match_results`` does; ``flask recount-totals`` checks them against a full
    recount. ``username_key`` is copied here (names never change) so that one index serves the
    leaderboard's whole order: points, then wins, then name.
    """

    __tablename__ = "player_totals"
    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    period: Mapped[str] = mapped_column(String(PERIOD_MAX), primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    username_key: Mapped[str] = mapped_column(String(USERNAME_KEY_MAX), nullable=False)
    points: Mapped[int] = mapped_column(Integer, nullable=False)
    matches: Mapped[int] = mapped_column(Integer, nullable=False)
    wins: Mapped[int] = mapped_column(Integer, nullable=False)
    abandoned: Mapped[int] = mapped_column(Integer, nullable=False)
    hands: Mapped[int] = mapped_column(Integer, nullable=False)
    best_score: Mapped[int] = mapped_column(Integer, nullable=False)


class PlayerStatistic(db.Model):  # type: ignore[name-defined,misc]
    """One keyed number of one player's totals on one board (game and period): the wins at one
    difficulty (``wins:expert``) or one of a game's own statistics (``gins``), summed or kept
    as a maximum as its game declares (`webapp.statistics.declared`).

    Kept beside ``player_totals`` by `webapp.statistics.totals` in the same transaction and the
    same lock order; a number that is still 0 has no row. A new level or statistic is a new
    name here, never a new column.
    """

    __tablename__ = "player_statistics"

    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    period: Mapped[str] = mapped_column(String(PERIOD_MAX), primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    name: Mapped[str] = mapped_column(String(STATISTIC_NAME_MAX), primary_key=True)
    value: Mapped[int] = mapped_column(Integer, nullable=False)


# The leaderboard's order, so a page is one index range; defined here as it names the columns.
Index(
    "ix_player_totals_listing",
    PlayerTotal.game,
    PlayerTotal.period,
    PlayerTotal.points.desc(),
    PlayerTotal.wins.desc(),
    PlayerTotal.username_key,
)


class PointsLadder(db.Model):  # type: ignore[name-defined,misc]
    """How many players of one board (game and period) hold each points total.

    A player's rank is one more than the players above, summed here over the few distinct
    totals above theirs instead of counted over every player; the same sums find where page
    *n* starts. Rows whose count fell to 0 stay (they add nothing).
    """

    __tablename__ = "points_ladder"

    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    period: Mapped[str] = mapped_column(String(PERIOD_MAX), primary_key=True)
    points: Mapped[int] = mapped_column(Integer, primary_key=True)
    players: Mapped[int] = mapped_column(Integer, nullable=False)


class PlayerRating(db.Model):  # type: ignore[name-defined,misc]
    """One player's Glicko-2 rating on one board, kept by `webapp.rating.record` in the
    transaction that records each of the player's rated endings (`webapp.rating`).

    ``shown`` is the rating as the pages print it (rounded); the rating board ranks by it.
    ``listed`` says the player is counted on ``rating_ladder``: their rating is not provisional
    and they had not yet been found 90 days inactive by a later ending's sweep. ``username_key``
    is copied here, as in ``player_totals``, so one index serves the board's whole order.
    """

    __tablename__ = "player_ratings"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    username_key: Mapped[str] = mapped_column(String(USERNAME_KEY_MAX), nullable=False)
    rating: Mapped[float] = mapped_column(Double, nullable=False)
    rd: Mapped[float] = mapped_column(Double, nullable=False)
    volatility: Mapped[float] = mapped_column(Double, nullable=False)
    shown: Mapped[int] = mapped_column(Integer, nullable=False)
    matches: Mapped[int] = mapped_column(Integer, nullable=False)
    last_played: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)
    listed: Mapped[bool] = mapped_column(Boolean, nullable=False)


# The rating board's order over the listed players (rating ↓, then name), ending in the time of
# the last match so the 90-day filter is read from the index too.
Index(
    "ix_player_ratings_listing",
    PlayerRating.game,
    PlayerRating.shown.desc(),
    PlayerRating.rating.desc(),
    PlayerRating.username_key,
    PlayerRating.last_played,
    sqlite_where=PlayerRating.listed,
    postgresql_where=PlayerRating.listed,
)
# The provisional ratings, newest match first: the rating board shows the latest few under the
# ranked players (`webapp.board.rating_board`). The predicate is the constant
# `PROVISIONAL_RD` written into the statement (`PROVISIONAL`), as the board's query has it: a
# bound parameter would not let PostgreSQL's generic plans use the index.
PROVISIONAL = PlayerRating.rd > literal_column(repr(PROVISIONAL_RD))
Index(
    "ix_player_ratings_provisional",
    PlayerRating.game,
    PlayerRating.last_played.desc(),
    sqlite_where=PROVISIONAL,
    postgresql_where=PROVISIONAL,
)
# The listed players by the time of their last match: the inactive ones are found from here.
Index(
    "ix_player_ratings_inactive",
    PlayerRating.game,
    PlayerRating.last_played,
    sqlite_where=PlayerRating.listed,
    postgresql_where=PlayerRating.listed,
)


class RatingLadder(db.Model):  # type: ignore[name-defined,misc]
    """How many listed players of one board show each rating: the rating board's counts.

    As `PointsLadder` for the points: a rank is one more than the players above, summed over
    the rungs above instead of counted over the players. Rows whose count fell to 0 stay.
    """

    __tablename__ = "rating_ladder"

    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    shown: Mapped[int] = mapped_column(Integer, primary_key=True)
    players: Mapped[int] = mapped_column(Integer, nullable=False)


class PlayerChart(db.Model):  # type: ignore[name-defined,misc]
    """The player page's two charts on one board, kept: the owner's last ranking point awards
    and rating updates there, oldest first (`webapp.statistics.charts`, written with each ended
    match).

    ``awards`` ``[[µs, points], ...]``; ``ratings`` ``[[µs, rating, rd], ...]`` (µs: the
    award's or the match's end in microseconds since 1970 UTC). The board of all games
    (``ALL_GAMES``) has awards only.
    """

    __tablename__ = "player_charts"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    awards: Mapped[list[list[int]]] = mapped_column(JSON, nullable=False)
    ratings: Mapped[list[list[float]]] = mapped_column(JSON, nullable=False)


class RatingLadderVersion(db.Model):  # type: ignore[name-defined,misc]
    """How many times one board's ``rating_ladder`` has changed: the rating board keeps the
    ladder's rungs between requests and reads only this to know they still hold
    (`webapp.rating.ladder_version`).

    Raised by one in the transaction of every change to the board's rungs, after them, so it
    changes exactly when the rungs do. A new row starts from the clock in microseconds
    rather than 1, so a row deleted and made again never repeats a version a worker kept.
    """

    __tablename__ = "rating_ladder_versions"

    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    version: Mapped[int] = mapped_column(BigInteger, nullable=False)


class RatingUpdate(db.Model):  # type: ignore[name-defined,misc]
    """One ended match's rating update: the owner's rating before and after it.

    Written with the match's ``match_results`` row (one per match: ``match_id`` is the key);
    the player page's chart and the match-over page's change read it.
    """

    __tablename__ = "rating_updates"
    __table_args__ = (
        Index("ix_rating_updates_user_id_game_played_at", "user_id", "game", "played_at"),
    )

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), nullable=False
    )
    game: Mapped[str] = mapped_column(String(16), nullable=False)
    played_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)
    rating_before: Mapped[float] = mapped_column(Double, nullable=False)
    rd_before: Mapped[float] = mapped_column(Double, nullable=False)
    rating: Mapped[float] = mapped_column(Double, nullable=False)
    rd: Mapped[float] = mapped_column(Double, nullable=False)
    volatility: Mapped[float] = mapped_column(Double, nullable=False)


class HandReviewRow(db.Model):  # type: ignore[name-defined,misc]
    """The 复盘 of one finished Gin Rummy hand, computed once and kept (`webapp.review`).

    ``review`` is ``gin_engine.ai.review_snapshot.encode_review``'s JSON: only what the person
    could see at each decision. The summary's figures are kept beside it in columns, so a
    match's summary and the player page's accuracy trend are sums over rows, never decoding.
    """

    __tablename__ = "hand_reviews"

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    hand: Mapped[int] = mapped_column(Integer, primary_key=True)
    review: Mapped[dict[str, Any]] = mapped_column(SnapshotJSON, nullable=False)
    decisions: Mapped[int] = mapped_column(Integer, nullable=False)
    matched: Mapped[int] = mapped_column(Integer, nullable=False)
    points_lost: Mapped[float] = mapped_column(Double, nullable=False)
    accuracy_sum: Mapped[float] = mapped_column(Double, nullable=False)
    """The sum of the decisions' accuracies: a mean over any hands is a sum over sums."""
    points: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The hand's result to the person in points (won +, paid −); None in rows kept before
    results were (migration 0017), which have no luck either."""
    luck_deal: Mapped[float | None] = mapped_column(Double, nullable=True)
    """运气 in points, by source (the game's luck measure, docs/review.md); None when it was
    not computed (kept before, or it failed)."""
    luck_own_draws: Mapped[float | None] = mapped_column(Double, nullable=True)
    luck_their_draws: Mapped[float | None] = mapped_column(Double, nullable=True)
    luck_error: Mapped[float | None] = mapped_column(Double, nullable=True)
    """The standard error of the three sources' sum."""
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False, default=utcnow)


class DailyDay(db.Model):  # type: ignore[name-defined,misc]
    """One game's daily (每日一局) on one day: its secret seed, drawn when the day opens, and
    the par of each board, the expert's result in the person's seat (`webapp.daily.days`).
    ``closed_at`` is set once the day's standings have been worked out after its close."""

    __tablename__ = "daily_days"

    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    seed: Mapped[str] = mapped_column(String(64), nullable=False)
    pars: Mapped[list[int]] = mapped_column(JSON, nullable=False)
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


class DailyAttempt(db.Model):  # type: ignore[name-defined,misc]
    """An account's one attempt at a game's daily on a day (the key makes it one). ``counted``:
    the account was created before the day began; ``score`` and ``rank`` are the day's
    standings, written once when the day closes (`webapp.daily.scoring.close`)."""

    __tablename__ = "daily_attempts"
    __table_args__ = (
        # The standings: a day's first places in index order, ties by account.
        Index("ix_daily_attempts_game_day_rank", "game", "day", "rank", "user_id"),
        Index("ix_daily_attempts_user_id_day", "user_id", "day"),
    )

    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    match_id: Mapped[str] = mapped_column(String(MATCH_ID_LENGTH), nullable=False)
    counted: Mapped[bool] = mapped_column(Boolean, nullable=False)
    finished: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False)
    score: Mapped[float | None] = mapped_column(Double, nullable=True)
    rank: Mapped[int | None] = mapped_column(Integer, nullable=True)


class DailyResult(db.Model):  # type: ignore[name-defined,misc]
    """A counted attempt's result on one board, from the person's side (the key: one per
    account and board, whatever races)."""

    __tablename__ = "daily_results"

    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    # The key's order: an account's results of a day are one index range.
    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    board: Mapped[int] = mapped_column(Integer, primary_key=True)
    result: Mapped[int] = mapped_column(Integer, nullable=False)


class DailyTally(db.Model):  # type: ignore[name-defined,misc]
    """How many counted results on a board are ``result``: kept as results arrive, so a
    result's matchpoints are sums over a board's few hundred distinct results at most, never
    over its field (`webapp.daily.scoring`)."""

    __tablename__ = "daily_tallies"

    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    board: Mapped[int] = mapped_column(Integer, primary_key=True)
    result: Mapped[int] = mapped_column(Integer, primary_key=True)
    players: Mapped[int] = mapped_column(Integer, nullable=False)


class Puzzle(db.Model):  # type: ignore[name-defined,misc]
    """A position whose expert move is clearly best (`webapp.puzzles`, docs/puzzles.md).

    A bank puzzle (``match_id`` NULL) comes from the computer players' own matches
    (``flask puzzles generate``) and is everyone's; a person's own puzzle (错题本) is a
    flagged decision of one of their reviewed hands (``match_id``, ``hand``, ``decision``),
    seen only by whoever may see that match's review, and listed in the 错题本 of the account
    that owns the match. ``position`` and ``moves`` are the game's own JSON (its ``Puzzles`` hook,
    `webapp.games`): only what the player to move could see. ``rating`` is the puzzle's own
    Glicko-2 rating, moved by every rated attempt.
    """

    __tablename__ = "puzzles"
    __table_args__ = (
        # The next bank puzzle near a rating: one index range.
        Index("ix_puzzles_bank_rating", "rating",
              sqlite_where=text("match_id IS NULL"), postgresql_where=text("match_id IS NULL")),
        Index("ix_puzzles_match", "match_id", "hand", "decision"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game: Mapped[str] = mapped_column(String(16), nullable=False)
    ruleset: Mapped[str] = mapped_column(String(32), nullable=False)
    kind: Mapped[str] = mapped_column(String(16), nullable=False)
    source: Mapped[str] = mapped_column(String(96), nullable=False, unique=True)
    """Where the position comes from, once: ``bank:<ruleset>:<seed>:<levels>:<hand>:<step>`` or
    ``match:<match>:<hand>:<decision>``."""
    position: Mapped[dict[str, Any]] = mapped_column(SnapshotJSON, nullable=False)
    moves: Mapped[list[list[Any]]] = mapped_column(SnapshotJSON, nullable=False)
    """``[[move, value], ...]`` every legal move and its value in points."""
    answer: Mapped[str] = mapped_column(String(16), nullable=False)
    reason: Mapped[dict[str, Any]] = mapped_column(SnapshotJSON, nullable=False)
    rating: Mapped[float] = mapped_column(Double, nullable=False)
    rd: Mapped[float] = mapped_column(Double, nullable=False)
    volatility: Mapped[float] = mapped_column(Double, nullable=False)
    match_id: Mapped[str | None] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), nullable=True
    )
    hand: Mapped[int | None] = mapped_column(Integer, nullable=True)
    decision: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False, default=utcnow)


class PuzzleAttempt(db.Model):  # type: ignore[name-defined,misc]
    """One answer to a puzzle. ``token`` is the attempt's, written in the puzzle page's form:
    answers racing with one token make one row. Only an account's first attempt at a puzzle
    is rated (``rated``): the rating columns hold the player's and the puzzle's ratings before
    and after it."""

    __tablename__ = "puzzle_attempts"
    __table_args__ = (
        # A player's attempts at a puzzle, newest last: the 错题本's last answer is one probe.
        Index("ix_puzzle_attempts_user", "user_id", "puzzle_id", "id"),
        Index("ix_puzzle_attempts_puzzle_day", "puzzle_id", "day"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    token: Mapped[str] = mapped_column(String(32), nullable=False, unique=True)
    puzzle_id: Mapped[int] = mapped_column(
        ForeignKey("puzzles.id", ondelete="CASCADE"), nullable=False
    )
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), nullable=True
    )
    played_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False)
    day: Mapped[str] = mapped_column(String(10), nullable=False)
    """The UTC day, ``2026-12-05``: 每日一题's share and the days a puzzle was solved on."""
    move: Mapped[str] = mapped_column(String(16), nullable=False)
    correct: Mapped[bool] = mapped_column(Boolean, nullable=False)
    rated: Mapped[bool] = mapped_column(Boolean, nullable=False)
    rating_before: Mapped[float | None] = mapped_column(Double, nullable=True)
    rd_before: Mapped[float | None] = mapped_column(Double, nullable=True)
    rating: Mapped[float | None] = mapped_column(Double, nullable=True)
    rd: Mapped[float | None] = mapped_column(Double, nullable=True)
    volatility: Mapped[float | None] = mapped_column(Double, nullable=True)
    puzzle_rating_before: Mapped[float | None] = mapped_column(Double, nullable=True)
    puzzle_rd_before: Mapped[float | None] = mapped_column(Double, nullable=True)
    puzzle_rating: Mapped[float | None] = mapped_column(Double, nullable=True)
    puzzle_rd: Mapped[float | None] = mapped_column(Double, nullable=True)
    puzzle_volatility: Mapped[float | None] = mapped_column(Double, nullable=True)


class PuzzleRating(db.Model):  # type: ignore[name-defined,misc]
    """An account's puzzle rating (apart from its game ratings and points) and its 连对."""

    __tablename__ = "puzzle_ratings"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    rating: Mapped[float] = mapped_column(Double, nullable=False)
    rd: Mapped[float] = mapped_column(Double, nullable=False)
    volatility: Mapped[float] = mapped_column(Double, nullable=False)
    last_played: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    streak: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    best_streak: Mapped[int] = mapped_column(Integer, nullable=False, default=0)


class DailyPuzzle(db.Model):  # type: ignore[name-defined,misc]
    """每日一题: the bank puzzle of a UTC day, chosen by the day's first request."""

    __tablename__ = "daily_puzzles"

    day: Mapped[str] = mapped_column(String(10), primary_key=True)
    puzzle_id: Mapped[int] = mapped_column(
        ForeignKey("puzzles.id", ondelete="CASCADE"), nullable=False
    )
