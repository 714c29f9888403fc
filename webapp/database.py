"""A database that stops taking writes: its connections are replaced, and `/healthz` can tell.

SQLite opens a file it may not write read-only, without an error, and such a connection stays
read-only after the file is writable again; the pool's pre-ping (a SELECT) passes on it, so
every write would fail until the connection is recycled. A write refused because the file
is read-only, cannot be opened or hit an I/O error is therefore treated as a disconnect
(SQLAlchemy's ``handle_error`` hook, ``is_disconnect``): the pool drops its connections and the
next request opens fresh ones. PostgreSQL's "read-only transaction" (a standby, or
``default_transaction_read_only``) is treated the same, so a failover's new primary is found.
"""

from __future__ import annotations

import os
import sqlite3
from typing import Any

from flask import Flask
from sqlalchemy import event, text
from sqlalchemy.engine import Engine, ExceptionContext
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.pool import ConnectionPoolEntry

from webapp.extensions import db

# SQLite's primary result codes (the low byte of the extended ones, such as
# SQLITE_READONLY_ROLLBACK or SQLITE_IOERR_WRITE) after which a connection cannot be
# trusted to write: SQLITE_READONLY, SQLITE_IOERR, SQLITE_CANTOPEN. Not SQLITE_BUSY: a
# locked database is a wait, not a broken connection.
SQLITE_UNUSABLE = frozenset({8, 10, 14})
READ_ONLY_TRANSACTION = "25006"  # PostgreSQL's SQLSTATE read_only_sql_transaction


def cannot_write(error: BaseException | None) -> bool:
    """Whether the driver's ``error`` means this connection will not take writes."""
    if isinstance(error, sqlite3.Error):
        return getattr(error, "sqlite_errorcode", 0) & 0xFF in SQLITE_UNUSABLE
    return getattr(error, "sqlstate", None) == READ_ONLY_TRANSACTION


def _replace_connection(context: ExceptionContext) -> None:
    if cannot_write(context.original_exception):
        context.is_disconnect = True


def init_app(app: Flask) -> None:
    with app.app_context():
        for engine in db.engines.values():
            event.listen(engine, "handle_error", _replace_connection)
            path = _sqlite_file(engine)
            if path is not None:
                _refresh_read_only_connections(engine, path)


def _sqlite_file(engine: Engine) -> str | None:
    path = engine.url.database if engine.dialect.name == "sqlite" else None
    return None if not path or path == ":memory:" or path.startswith("file:") else path


def _file_writable(path: str) -> bool:
    # What SQLite tries when it opens a file (O_RDWR, else read-only), and the folder
    # where it creates the journal.
    folder = os.path.dirname(os.path.abspath(path))
    return os.access(path, os.W_OK) and os.access(folder, os.W_OK)


def _refresh_read_only_connections(engine: Engine, path: str) -> None:
    """A connection opened while the file cannot be written is read-only for good: the
    pool hands none out once the file is writable again but opens a fresh one instead
    (raising `DisconnectionError` at checkout: the pessimistic disconnect handling of
    SQLAlchemy's pooling docs). Without it, the first write after the outage would fail."""

    @event.listens_for(engine, "connect")
    def note(_dbapi_connection: Any, record: ConnectionPoolEntry) -> None:
        record.info["read_only"] = not _file_writable(path)

    @event.listens_for(engine, "checkout")
    def refresh(_dbapi_connection: Any, record: ConnectionPoolEntry, _proxy: Any) -> None:
        if record.info.get("read_only") and _file_writable(path):
            raise DisconnectionError("the database file is writable again")


def accepts_writes() -> bool:
    """Whether the database would take a write now, asked without taking a write lock.

    For a SQLite file: whether this process may write the file and its folder (see
    `_file_writable`). PostgreSQL says so itself: ``transaction_read_only`` is on in a
    connection to a standby or to a database made read-only. Such a connection stays so, so
    it is replaced: the next check asks a fresh one, which may find the primary again.
    """
    path = _sqlite_file(db.engine)
    if db.engine.dialect.name == "sqlite":
        return path is None or _file_writable(path)
    setting = db.session.scalar(text("SELECT current_setting('transaction_read_only')"))
    if setting == "off":
        return True
    db.session.connection().invalidate()
    return False
