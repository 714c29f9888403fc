"""What a request asks the database: every SQL statement the app sends while a block runs."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask
from sqlalchemy import event

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
