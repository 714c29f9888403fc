"""What a request asks the database: every SQL statement the app sends while a block runs."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask
from sqlalchemy import Connection, event

from webapp.extensions import db


@contextmanager
def sent_statements(app: Flask) -> Iterator[list[str]]:
    """The statements ``app``'s engine sends inside the block, in order, as sent."""
    sent: list[str] = []

    def record(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        sent.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", record)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", record)


@contextmanager
def changed_after(
    app: Flask, marker: str, change: Callable[[Connection], Any]
) -> Iterator[list[str]]:
    """Inside the block, right after the first statement ``app`` sends whose SQL holds
    ``marker``, ``change`` runs on that statement's connection, in the request's own
    transaction: the next statements see it, as on PostgreSQL they see what another request
    commits meanwhile (each statement reads what is committed when it starts). Yields the
    statements it followed (one, once it has run)."""
    followed: list[str] = []

    def after(connection: Connection, _cursor: Any, statement: str, *_rest: Any) -> None:
        if followed or marker not in statement:
            return
        followed.append(statement)
        change(connection)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "after_cursor_execute", after)
    try:
        yield followed
    finally:
        event.remove(engine, "after_cursor_execute", after)
