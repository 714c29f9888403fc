"""The rating ladder's version: raised with every change to a board's rungs, so a copy of the
rungs kept between requests (`webapp.board.rating_board`) is known to hold by reading one row.

Every writer of ``rating_ladder`` calls `bump` in the same transaction, after its rungs: an
ending (`webapp.rating.record`) and the repair (`webapp.rating.rebuild`). The version row is
written last, so an ending holds it only from there to its commit, and rungs are always locked
before it: no two writers wait on each other in a cycle. It does make the rated endings of one
board commit one after another, each waiting for the one before to commit (a few milliseconds):
the site ends a handful of matches a second, not hundreds.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from functools import cache
from typing import Any

from sqlalchemy import Connection

from webapp.models import RatingLadderVersion
from webapp.statistics.totals import dialect_insert

_VERSIONS = RatingLadderVersion.__table__


def first_version() -> int:
    """A new row's version: the clock in microseconds, above any version a row deleted earlier
    reached (a version rises by one per ending)."""
    return time.time_ns() // 1000


@cache
def _bump(dialect: str) -> Any:
    upsert = dialect_insert(_VERSIONS, dialect)
    return upsert.on_conflict_do_update(
        index_elements=["game"], set_={"version": _VERSIONS.c.version + 1}
    )


def bump(connection: Connection, games: Iterable[str]) -> None:
    """Raise the version of each board in ``games`` (made if missing), in one order."""
    start = first_version()
    rows = [{"game": game, "version": start} for game in sorted(set(games))]
    if rows:
        connection.execute(_bump(connection.dialect.name), rows)
