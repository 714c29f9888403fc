"""Structured logs: one JSON line per request, and errors that never carry game data.

Every record of the ``webapp`` logger is written as one JSON object per line. Exception
*messages* are never logged: an unreadable snapshot's ``InvalidInputError`` quotes the
snapshot, and a database error quotes its SQL parameters — the snapshot JSON with the
computer's hand and the stock. Errors are logged by exception type and traceback frames
(file, line, function), with the request's match id, which is enough to find the row.
Request lines hold the path without its query string, never form fields.
"""

from __future__ import annotations

import json
import logging
import sys
import time
import traceback
from datetime import UTC, datetime
from types import TracebackType
from typing import Any

from flask import Flask, g, has_request_context, request, session
from werkzeug.wrappers import Response

APP_LOGGER = "webapp"
log = logging.getLogger("webapp.request")
# The session keys of the match being played (webapp.matches) and of the logged-in account
# (Flask-Login); read from the session so logging never queries the database.
MATCH_KEY = "match_id"
USER_KEY = "_user_id"
MAX_FRAMES = 20


class JsonLineFormatter(logging.Formatter):
    """A record as one JSON line: time, level, logger, then its ``fields`` or message."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
        }
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            line.update(fields)
        else:
            line["message"] = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            line.update(exception_fields(record.exc_info[1]))
        return json.dumps(line, ensure_ascii=False, default=str)


def exception_fields(error: BaseException) -> dict[str, Any]:
    """Type names of the exception and its causes, and where it was raised: no message."""
    chain: list[str] = []
    seen: BaseException | None = error
    while seen is not None and len(chain) < 5:
        chain.append(f"{type(seen).__module__}.{type(seen).__qualname__}")
        seen = seen.__cause__ or seen.__context__
    frames = traceback.extract_tb(error.__traceback__)[-MAX_FRAMES:]
    return {
        "exception": chain[0],
        "causes": chain[1:],
        "frames": [f"{f.filename}:{f.lineno} {f.name}" for f in frames],
    }


def request_fields() -> dict[str, Any]:
    """Method, path (no query string), match id and user id of the current request."""
    fields: dict[str, Any] = {"method": request.method, "path": request.path}
    match_id = session.get(MATCH_KEY)
    if isinstance(match_id, str):
        fields["match_id"] = match_id[:64]
    user_id = session.get(USER_KEY)
    if isinstance(user_id, str | int):
        # "<id>.<session generation>" (webapp.accounts.service): the id is what helps.
        fields["user_id"] = str(user_id).partition(".")[0][:32]
    return fields


def log_error(exc_info: tuple[type[BaseException], BaseException, TracebackType | None]) -> None:
    """Log an unhandled exception of a request: its type, frames and match id, never its text."""
    fields: dict[str, Any] = {"event": "error"}
    if has_request_context():
        fields.update(request_fields())
    fields.update(exception_fields(exc_info[1]))
    log.error("unhandled %s", fields["exception"], extra={"fields": fields})


def _start_timer() -> None:
    g.request_started = time.perf_counter()


def _log_request(response: Response) -> Response:
    started = g.get("request_started")
    fields: dict[str, Any] = {"event": "request", **request_fields()}
    fields["status"] = response.status_code
    if started is not None:
        fields["duration_ms"] = round((time.perf_counter() - started) * 1000, 2)
    log.info(
        "%s %s %s", fields["method"], fields["path"], fields["status"], extra={"fields": fields}
    )
    return response


# Flask-Limiter says here when Redis stops answering and it counts in memory instead.
LIMITER_LOGGER = "flask-limiter"


def configure_logger(level: str) -> None:
    """Give the ``webapp`` and ``flask-limiter`` loggers one JSON-lines handler on stderr
    (once per process)."""
    for name in (APP_LOGGER, LIMITER_LOGGER):
        logger = logging.getLogger(name)
        logger.setLevel(level)
        if not any(getattr(h, "webapp_json", False) for h in logger.handlers):
            handler = logging.StreamHandler(sys.stderr)
            handler.setFormatter(JsonLineFormatter())
            handler.webapp_json = True  # type: ignore[attr-defined]
            logger.addHandler(handler)


def init_app(app: Flask) -> None:
    """Time and log every request.

    Call before other ``before_request`` hooks are added, so
    a hook that answers early (the language switch) is still timed."""
    configure_logger(str(app.config.get("LOG_LEVEL") or "INFO"))
    app.before_request_funcs.setdefault(None, []).insert(0, _start_timer)
    app.after_request(_log_request)
