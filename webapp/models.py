"""Database models. A match row keeps the engine's snapshot as opaque JSON."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, CheckConstraint, DateTime, Dialect, Index, Integer, String
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

from webapp.extensions import db

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


class Match(db.Model):  # type: ignore[name-defined,misc]
    """One match against the computer; ``snapshot`` is the engine's ``Match.to_dict()``."""

    __tablename__ = "matches"
    __table_args__ = (
        Index("ix_matches_status_updated_at", "status", "updated_at"),
        CheckConstraint(
            "status IN ('active', 'finished', 'abandoned')", name="status_known"
        ),
    )

    id: Mapped[str] = mapped_column(String(MATCH_ID_LENGTH), primary_key=True, default=new_match_id)
    # Compare-and-set counter: every save is UPDATE ... WHERE version = <the version read>.
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    snapshot: Mapped[dict[str, Any]] = mapped_column(SnapshotJSON, nullable=False)
    ruleset: Mapped[str] = mapped_column(String(32), nullable=False)
    difficulty: Mapped[str] = mapped_column(String(16), nullable=False)
    # A difficulty chosen during a match applies from the next hand.
    pending_difficulty: Mapped[str | None] = mapped_column(String(16), nullable=True)
    status: Mapped[str] = mapped_column(String(16), nullable=False, default=MatchStatus.ACTIVE)
    # Accounts come later; the foreign key to users is added by that migration.
    owner_user_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), nullable=False, default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)

    def __repr__(self) -> str:
        return f"<Match {self.id} v{self.version} {self.status}>"
