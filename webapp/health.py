"""``/healthz``: is this process able to serve? It asks the database a trivial question.

Load balancers and Docker's HEALTHCHECK call it often, so it renders no template, writes
nothing and sets no cookie. 200 ``{"status": "ok"}``, or 503 when the database does not answer.
"""

from __future__ import annotations

import logging

from flask import Blueprint, Response, jsonify
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from webapp.extensions import db
from webapp.store import read_without_transaction

bp = Blueprint("health", __name__)
log = logging.getLogger(__name__)


@bp.get("/healthz")
def healthz() -> tuple[Response, int]:
    try:
        read_without_transaction()  # the question alone: no BEGIN before it, no ROLLBACK after
        db.session.execute(text("SELECT 1"))
    except SQLAlchemyError as error:
        db.session.rollback()
        # The type only: a driver's message can quote the connection URL.
        log.warning("database unavailable: %s", type(error).__name__)
        response, status = jsonify(status="unavailable", database="unreachable"), 503
    else:
        response, status = jsonify(status="ok", database="ok"), 200
    response.headers["Cache-Control"] = "no-store"
    return response, status
