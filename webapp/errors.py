"""Friendly, translated error pages for 400/403/404/405/429/500."""

from __future__ import annotations

import logging

from flask import Flask, render_template
from flask_babel import LazyString
from flask_babel import lazy_gettext as _l
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from webapp.extensions import db
from webapp.requestlog import exception_fields

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


def handle_http_error(error: HTTPException) -> ErrorResponse:
    """Render the error page, keeping headers such as ``Allow`` and ``Retry-After``."""
    code = error.code or 500
    if code >= 500:
        # Whatever the failed request half-wrote must not leak into the next one.
        db.session.rollback()
    title, default = ERROR_TEXT.get(code) or ERROR_TEXT[500 if code >= 500 else 400]
    message = _message_for(error, default) if code < 500 else str(default)
    headers = [(k, v) for k, v in error.get_headers() if k.lower() != "content-type"]
    try:
        body = render_template("errors/error.html", code=code, title=title, message=message)
    except Exception as failure:  # the error page itself must not fail
        # By type and frames only: an exception's text may quote game data (see requestlog).
        log.error(
            "error page %s could not be rendered", code,
            extra={"fields": {"event": "error-page", "code": code, **exception_fields(failure)}},
        )
        body = f"<!doctype html><title>{code}</title><p>{code}</p>"
    return body, code, headers


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, handle_http_error)
