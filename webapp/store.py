"""Loading and saving matches, with compare-and-set on ``version``.

The engine snapshot stays an opaque dict here: this module knows rows, not rules.
A save succeeds only if nobody saved the match since it was read, so a resubmitted form,
a second tab or two app processes can never apply a move twice.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import inspect, update

from webapp.extensions import db
from webapp.models import Match, MatchStatus, utcnow


class StaleMatchError(Exception):
    """The match changed (or vanished) since it was read; nothing was saved."""

    def __init__(self, match_id: str, expected_version: int) -> None:
        super().__init__(f"match {match_id!r} is no longer at version {expected_version}")
        self.match_id = match_id
        self.expected_version = expected_version


def create_match(
    *,
    ruleset: str,
    difficulty: str,
    snapshot: dict[str, Any],
    owner_user_id: int | None = None,
) -> Match:
    """Insert a new active match at version 1 and commit."""
    now = utcnow()
    match = Match(
        ruleset=ruleset,
        difficulty=difficulty,
        lowest_difficulty=difficulty,
        snapshot=snapshot,
        owner_user_id=owner_user_id,
        status=MatchStatus.ACTIVE,
        version=1,
        created_at=now,
        updated_at=now,
    )
    db.session.add(match)
    db.session.commit()
    return match


def load_match(match_id: str) -> Match | None:
    """The match with this id, or ``None``."""
    return db.session.get(Match, match_id)


# Columns a save writes; id, version and created_at are managed here.
_SAVED_COLUMNS = (
    "snapshot",
    "ruleset",
    "difficulty",
    "pending_difficulty",
    "lowest_difficulty",
    "status",
    "owner_user_id",
    "finished_at",
)


def save_match(match: Match, expected_version: int, *, commit: bool = True) -> int:
    """Write ``match`` if the stored row is still at ``expected_version``; return the new version.

    Runs ``UPDATE matches SET ..., version = expected + 1 WHERE id = ? AND version = expected``.
    When no row matches, the transaction is rolled back and `StaleMatchError` is raised.
    With ``commit=False`` the caller commits, so other writes (ranking points) can join the
    same transaction.
    """
    values: dict[str, Any] = {name: getattr(match, name) for name in _SAVED_COLUMNS}
    if values["status"] != MatchStatus.ACTIVE and values["finished_at"] is None:
        values["finished_at"] = utcnow()
    values["status"] = str(values["status"])
    values["version"] = expected_version + 1
    values["updated_at"] = utcnow()

    match_id = match.id
    if inspect(match).persistent:
        # The values are captured above; expire the object so the ORM does not also flush
        # its own unconditional UPDATE. It reloads the saved row when next read.
        db.session.expire(match)
    # A Core UPDATE of the table (the ORM object is expired above, nothing to synchronise):
    # it skips the ORM's bulk-update bookkeeping, a good part of a move's cost.
    table = Match.__table__
    statement = (
        update(table)
        .where(table.c.id == match_id, table.c.version == expected_version)
        .values(**values)
    )
    result = db.session.execute(statement)
    if result.rowcount != 1:
        db.session.rollback()
        raise StaleMatchError(match_id, expected_version)
    if commit:
        db.session.commit()
    return expected_version + 1
