"""``/healthz``: is this process able to serve? It asks the database a trivial question, and
whether it would take a write.

Load balancers and Docker's HEALTHCHECK call it often, so it renders no template, writes
nothing, takes no lock and sets no cookie. 200 ``{"status": "ok", "database": "ok"}``; 503 with
``"database": "read-only"`` when pages can be read but no move could be saved, or
``"unreachable"`` when the database does not answer.
"""

from __future__ import annotations

import logging

from flask import Blueprint, Response, jsonify
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from webapp.database import accepts_writes
from webapp.extensions import db
from webapp.store import read_without_transaction

bp = Blueprint("health", __name__)
log = logging.getLogger(__name__)


@bp.get("/healthz")
def healthz() -> tuple[Response, int]:
    try:
        read_without_transaction()  # the question alone: no BEGIN before it, no ROLLBACK after
        db.session.execute(text("SELECT 1"))
        writable = accepts_writes()
    except SQLAlchemyError as error:
        db.session.rollback()
        # The type only: a driver's message can quote the connection URL.
        log.warning("database unavailable: %s", type(error).__name__)
        response, status = jsonify(status="unavailable", database="unreachable"), 503
    else:
        if writable:
            response, status = jsonify(status="ok", database="ok"), 200
        else:
            log.warning("database refuses writes")
            response, status = jsonify(status="unavailable", database="read-only"), 503
    response.headers["Cache-Control"] = "no-store"
    return response, status
