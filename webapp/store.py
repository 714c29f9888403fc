"""Loading and saving matches, with compare-and-set on ``version``.

The engine snapshot stays an opaque dict here: this module knows rows, not rules.
A save succeeds only if nobody saved the match since it was read, so a resubmitted form,
a second tab or two app processes can never apply a move twice.

Every table page and every move reads one match row and most moves write it back, so this
path skips the ORM: a row is read with one Core SELECT into a plain `MatchRecord` and
written with one Core UPDATE. (The ORM's session, identity map and attribute loading cost
about as much again as the query itself; ``benchmarks/page_cost.py`` times both.)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields
from datetime import date, datetime
from typing import Any

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError

from webapp.extensions import db
from webapp.models import GIN, ONE_RUNNING_MATCH, Match, MatchStatus, new_match_id, utcnow
from webapp.privacy import mark_private

_MATCHES = Match.__table__


@dataclass(slots=True, eq=False)
class MatchRecord:
    """One row of ``matches`` as plain data: read by `load_match`, written by `save_match`.

    The match layer (`webapp.matches`) changes its fields (snapshot, status, difficulties) and
    saves it; nothing is written until then.
    """

    id: str
    version: int
    snapshot: dict[str, Any]
    game: str
    """``"gin"`` or ``"romme"``: which engine reads ``snapshot``."""
    ruleset: str
    difficulty: str
    pending_difficulty: str | None
    status: str
    lowest_difficulty: str
    owner_user_id: int | None
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    ranked: bool = False
    """Counted when it ends: dealt to a logged-in account (never changed after the deal)."""
    practice_of: str | None = None
    """A practice match's origin: the match whose hand its first hand deals again."""
    practice_hand: int | None = None
    """That hand's number; set exactly on a practice match (`practice`)."""
    daily: date | None = None
    """A daily's match (每日一局): the day whose boards it plays; never ranked."""

    @property
    def practice(self) -> bool:
        """A practice of a finished hand's deal (复盘): never ranked, counted nowhere."""
        return self.practice_hand is not None


_SELECT = select(*(_MATCHES.c[f.name] for f in fields(MatchRecord)))
_LOAD = _SELECT.where(_MATCHES.c.id == bindparam("match_id"))


def read_without_transaction() -> None:
    """Run this request's queries in AUTOCOMMIT: for the pages that only read (the two table
    pages, the boards and player pages, the daily's pages and ``/healthz``). Call before the
    request's first query; nothing may be written after it, because a write would commit on
    its own at once. Without a ROLLBACK at the end, psycopg also keeps the statements it has
    prepared (it forgets them all at every ROLLBACK).

    Each SELECT then sees the latest committed rows, as under the default READ COMMITTED, but
    without a BEGIN before it and a ROLLBACK at the end of the request: two of a table page's
    four database round trips. Replaces Flask-SQLAlchemy's request transaction because it
    saves more than 5%: 12.7% of a table GET's processor time, PostgreSQL's 0.70 ms falling to
    0.27 (``benchmarks/site_ab.py``).
    ``tests/web/test_read_only_pages.py`` checks that these pages send nothing but SELECT.
    """
    if not db.session().in_transaction():
        db.session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})


class StaleMatchError(Exception):
    """The match changed (or vanished) since it was read; nothing was saved."""

    def __init__(self, match_id: str, expected_version: int) -> None:
        super().__init__(f"match {match_id!r} is no longer at version {expected_version}")
        self.match_id = match_id
        self.expected_version = expected_version


# SQLite names the columns of a violated unique index, not the index: only this one is on
# ``matches.owner_user_id`` alone.
_ONE_RUNNING_MATCH_ON_SQLITE = "UNIQUE constraint failed: matches.owner_user_id"


def _second_running_match(refused: IntegrityError) -> bool:
    """Whether ``refused`` is `ONE_RUNNING_MATCH` seeing a second running match of an account
    (PostgreSQL names the index; SQLite its column), and not another constraint."""
    diagnostics = getattr(refused.orig, "diag", None)
    if diagnostics is not None:
        return bool(diagnostics.constraint_name == ONE_RUNNING_MATCH)
    return str(refused.orig) == _ONE_RUNNING_MATCH_ON_SQLITE


@contextmanager
def _lost_to_a_running_match(match_id: str, expected_version: int) -> Iterator[None]:
    """Turn `ONE_RUNNING_MATCH` refusing a write into `StaleMatchError`, as a lost race: a
    concurrent request of the same account made a match running after this one read that
    account's running match (the transaction is rolled back). Other integrity errors pass."""
    try:
        yield
    except IntegrityError as refused:
        if not _second_running_match(refused):
            raise
        db.session.rollback()
        raise StaleMatchError(match_id, expected_version) from refused


def create_match(
    *,
    game: str = GIN,
    ruleset: str,
    difficulty: str,
    snapshot: dict[str, Any],
    owner_user_id: int | None = None,
    ranked: bool | None = None,
    practice_of: tuple[str, int] | None = None,
    daily: date | None = None,
    commit: bool = True,
) -> MatchRecord:
    """Insert a new active match at version 1 and commit (``commit=False``: the caller does).

    ``ranked`` defaults to whether the match is dealt to an account (``owner_user_id``); a
    guest's match is never ranked, nor a practice (``practice_of``: the match and the hand
    whose deal it deals again), nor a daily's (``daily``: its day). An owner's second active
    match violates `ONE_RUNNING_MATCH`: end the running one in the same transaction first.
    When another request made one running meanwhile, the insert is rolled back and
    `StaleMatchError` raised (for the new match's id, at version 0)."""
    now = utcnow()
    record = MatchRecord(
        id=new_match_id(),
        version=1,
        snapshot=snapshot,
        game=game,
        ruleset=ruleset,
        difficulty=difficulty,
        pending_difficulty=None,
        status=MatchStatus.ACTIVE.value,
        lowest_difficulty=difficulty,
        owner_user_id=owner_user_id,
        created_at=now,
        updated_at=now,
        finished_at=None,
        ranked=(owner_user_id is not None and ranked is not False and practice_of is None
                and daily is None),
        practice_of=practice_of[0] if practice_of else None,
        practice_hand=practice_of[1] if practice_of else None,
        daily=daily,
    )
    with _lost_to_a_running_match(record.id, 0):
        db.session.connection().execute(insert(_MATCHES).values(**_values(record)))
    if commit:
        db.session.commit()
    return record


def load_match(match_id: str) -> MatchRecord | None:
    """The match with this id, or ``None``.

    Runs on the session's connection, so inside a move it belongs to the move's transaction.
    The response shows (or follows from) one person's match, so it is private.
    """
    mark_private()
    row = db.session.connection().execute(_LOAD, {"match_id": match_id}).one_or_none()
    return None if row is None else MatchRecord(*row)


def running_matches(user_id: int) -> list[MatchRecord]:
    """The account's active matches: one at most, the unique index sees to it."""
    mark_private()
    statement = _SELECT.where(
        _MATCHES.c.owner_user_id == user_id, _MATCHES.c.status == MatchStatus.ACTIVE.value
    )
    return [MatchRecord(*row) for row in db.session.connection().execute(statement)]


def latest_running_match(user_id: int) -> MatchRecord | None:
    """The account's most recently played active match, or ``None``."""
    mark_private()
    statement = (
        _SELECT.where(
            _MATCHES.c.owner_user_id == user_id, _MATCHES.c.status == MatchStatus.ACTIVE.value
        )
        .order_by(_MATCHES.c.updated_at.desc())
        .limit(1)
    )
    row = db.session.connection().execute(statement).one_or_none()
    return None if row is None else MatchRecord(*row)


def _values(record: MatchRecord) -> dict[str, Any]:
    return {f.name: getattr(record, f.name) for f in fields(MatchRecord)}


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
# Built once: a statement made anew per save costs SQLAlchemy a cache-key walk each time.
_SAVE = (
    update(_MATCHES)
    .where(_MATCHES.c.id == bindparam("match_id"), _MATCHES.c.version == bindparam("expected"))
    .values({name: bindparam(name) for name in (*_SAVED_COLUMNS, "version", "updated_at")})
)


def save_match(match: MatchRecord, expected_version: int, *, commit: bool = True) -> int:
    """Write ``match`` if the stored row is still at ``expected_version``; return the new version.

    Runs ``UPDATE matches SET ..., version = expected + 1 WHERE id = ? AND version = expected``.
    When no row matches, the transaction is rolled back and `StaleMatchError` is raised; so
    too when the save gives an account (``owner_user_id``) a second running match
    (`ONE_RUNNING_MATCH`: another request made one running after this one read them).
    With ``commit=False`` the caller commits, so other writes (ranking points) can join the
    same transaction. Once the UPDATE has matched, ``match`` is brought up to date (version,
    status, times).
    """
    values: dict[str, Any] = {name: getattr(match, name) for name in _SAVED_COLUMNS}
    if values["status"] != MatchStatus.ACTIVE and values["finished_at"] is None:
        values["finished_at"] = utcnow()
    values["status"] = str(values["status"])
    values["version"] = expected_version + 1
    values["updated_at"] = utcnow()

    match_id = match.id
    with _lost_to_a_running_match(match_id, expected_version):
        result = db.session.connection().execute(
            _SAVE, {**values, "match_id": match_id, "expected": expected_version}
        )
    if result.rowcount != 1:
        db.session.rollback()
        raise StaleMatchError(match_id, expected_version)
    match.version, match.status = values["version"], values["status"]
    match.updated_at, match.finished_at = values["updated_at"], values["finished_at"]
    if commit:
        db.session.commit()
    return expected_version + 1
