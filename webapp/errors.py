"""Friendly, translated error pages for 400/403/404/405/429/500/503."""

from __future__ import annotations

import logging

from flask import Flask, render_template
from flask_babel import LazyString
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import DBAPIError, InternalError, OperationalError, SQLAlchemyError
from werkzeug.exceptions import HTTPException, ServiceUnavailable

from webapp.database import cannot_write
from webapp.extensions import db
from webapp.i18n import lazy_gettext as _l
from webapp.requestlog import exception_fields, request_fields

# Seconds a browser or client is asked to wait when the database is not answering: a
# PostgreSQL restart takes a few.
RETRY_AFTER = 5

log = logging.getLogger(__name__)

ERROR_TEXT: dict[int, tuple[LazyString, LazyString]] = {
    400: (
        _l("Bad request"),
        _l("The request could not be understood. Go back and try again."),
    ),
    403: (
        _l("Not allowed"),
        _l("You are not allowed to do that."),
    ),
    404: (
        _l("Page not found"),
        _l("There is no page at this address. Check the address or start from the home page."),
    ),
    405: (
        _l("Method not allowed"),
        _l("This page cannot be used that way. Please use the buttons on the page."),
    ),
    429: (
        _l("Too many requests"),
        _l("That was a lot of requests in a short time. Wait a moment, then try again."),
    ),
    500: (
        _l("Something went wrong"),
        _l("An error on our side stopped this page. Please try again in a moment."),
    ),
    503: (
        _l("Back in a moment"),
        _l(
            "The game's database is not answering just now. Your match is safe: reload "
            "the table in a few seconds to see where it stands."
        ),
    ),
}
CSRF_MESSAGE = _l(
    "This form has expired or did not come from this site. "
    "Go back, reload the page and try again."
)

ErrorResponse = tuple[str, int, list[tuple[str, str]]]


def _message_for(error: HTTPException, default: LazyString) -> str:
    if isinstance(error, CSRFError):
        return str(CSRF_MESSAGE)
    # A view that calls abort(400, description=...) passes its own (translated) message;
    # werkzeug's built-in English descriptions are replaced by ours.
    if error.description and error.description != type(error).description:
        return str(error.description)
    return str(default)


def handle_http_error(error: HTTPException, *, account_bar: bool = True) -> ErrorResponse:
    """Render the error page, keeping headers such as ``Allow`` and ``Retry-After``.

    ``account_bar=False`` leaves out the part of the page that asks who is logged in.
    """
    code = error.code or 500
    if code >= 500:
        # Whatever the failed request half-wrote must not leak into the next one.
        try:
            db.session.rollback()
        except SQLAlchemyError:
            pass  # the connection is gone; the pool replaces it
    title, default = ERROR_TEXT.get(code) or ERROR_TEXT[500 if code >= 500 else 400]
    message = _message_for(error, default) if code < 500 else str(default)
    headers = [(k, v) for k, v in error.get_headers() if k.lower() != "content-type"]
    try:
        body = render_template(
            "errors/error.html", code=code, title=title, message=message, account_bar=account_bar
        )
    except Exception as failure:  # the error page itself must not fail
        # By type and frames only: an exception's text may quote game data (see requestlog).
        log.error(
            "error page %s could not be rendered", code,
            extra={"fields": {"event": "error-page", "code": code, **exception_fields(failure)}},
        )
        body = f"<!doctype html><title>{code}</title><p>{code}</p>"
    return body, code, headers


def handle_database_unavailable(error: DBAPIError) -> ErrorResponse:
    """The database is down or restarting: a 503 page asking to retry shortly, not a 500.

    The transaction did not commit (or, if only the answer was lost, the move is in the table
    the next page shows and a resubmitted form is refused as stale), so retrying is safe.
    """
    log.warning(
        "database unavailable",
        extra={
            "fields": {
                "event": "database-unavailable",
                **request_fields(),
                **exception_fields(error),
            }
        },
    )
    # The account bar would ask the database who is logged in, and the database is down.
    return handle_http_error(ServiceUnavailable(retry_after=RETRY_AFTER), account_bar=False)


def handle_read_only_database(error: InternalError) -> ErrorResponse:
    """PostgreSQL refused a write as read-only (a standby): unavailable, like an outage; the
    connection was replaced (`webapp.database`). Any other internal error is a 500."""
    if cannot_write(error.orig):
        return handle_database_unavailable(error)
    raise error


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, handle_http_error)
    app.register_error_handler(OperationalError, handle_database_unavailable)
    app.register_error_handler(InternalError, handle_read_only_database)
