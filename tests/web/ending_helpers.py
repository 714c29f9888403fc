"""Ending site matches as the site does, many at once: for the tests that compare what is kept
as matches end (totals, ratings) with a recount of the history (test_totals,
test_rating_rebuild)."""

from __future__ import annotations

import shutil
import tempfile
import threading
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from flask import Flask

from webapp import matches
from webapp.extensions import db
from webapp.models import MatchStatus
from webapp.store import StaleMatchError, load_match

G = TypeVar("G")


def memory_backed(database_url: str) -> Iterator[str]:
    """For a ``database_url`` fixture: a SQLite file in memory-backed /dev/shm when there is
    one, so thousands of commits cost no disk syncs (still a real SQLite database); any other
    database as it is."""
    shm = Path("/dev/shm")
    if not database_url.startswith("sqlite") or not shm.is_dir():
        yield database_url
        return
    folder = Path(tempfile.mkdtemp(prefix="gin-endings-", dir=shm))
    try:
        yield f"sqlite:///{folder / 'test.sqlite3'}"
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def end_match(match_id: str, snapshot: dict[str, Any], over: bool, finished_at: datetime) -> bool:
    """End a match as the site does (the compare-and-set save and the recording in one
    transaction): finished when ``over``, else abandoned. False when it lost a race."""
    record = load_match(match_id)
    assert record is not None
    if record.status != MatchStatus.ACTIVE:
        db.session.rollback()
        return False
    record.status = MatchStatus.FINISHED if over else MatchStatus.ABANDONED
    record.snapshot = snapshot
    record.finished_at = finished_at
    try:
        matches.save_and_count(record, record.version)
    except StaleMatchError:
        return False
    return True


def race(
    app: Flask, endings: list[tuple[str, G]], at: datetime,
    end: Callable[[str, G, datetime], bool],
) -> list[bool]:
    """Run ``end`` on each of ``endings`` at once, each in its own thread, app context and
    connection."""
    results: list[bool] = []
    failures: list[BaseException] = []
    barrier = threading.Barrier(len(endings))

    def ending(match_id: str, game: G) -> None:
        try:
            with app.app_context():
                barrier.wait()
                results.append(end(match_id, game, at))
        except BaseException as error:  # noqa: BLE001 - reported by the assertion below
            failures.append(error)

    threads = [threading.Thread(target=ending, args=args) for args in endings]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert failures == []
    return results
