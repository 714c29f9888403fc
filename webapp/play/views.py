"""The table's views. Thin: read the request, call one service function, redirect (303)."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

import gin_engine as engine
from webapp import ranking
from webapp.main.forms import DIFFICULTIES, difficulty_name, ruleset_name
from webapp.play import service
from webapp.play.forms import BadInput, read_card, read_confirm, read_difficulty, read_move
from webapp.play.hints import hint_text
from webapp.play.messages import STALE, moves_sentence, refusal
from webapp.play.table import build_table
from webapp.store import StaleMatchError, read_without_transaction

bp = Blueprint("play", __name__)


def _to_table() -> Response:
    return redirect(url_for("play.table"), code=303)


def _render(
    record: service.MatchRecord, status: int = 200, error: str | None = None
) -> tuple[str, int]:
    try:
        selected = read_card(request.args.get("card"))
        confirm = read_confirm(request.args.get("confirm"))
    except BadInput as bad:
        abort(400, description=bad.message)
    table = build_table(
        record,
        service.game_of(record),
        selected=selected,
        confirm=confirm,
        want_hint=request.args.get("hint") == "1",
    )
    page = render_template(
        "play/table.html",
        t=table,
        error=error,
        difficulties=DIFFICULTIES,
        ruleset_name=ruleset_name,
        difficulty_name=difficulty_name,
        moves_sentence=moves_sentence,
        hint_text=hint_text,
        PERSON=service.PERSON,
        COMPUTER=service.COMPUTER,
        awarded=ranking.points_awarded(record.id) if record.status == "finished" else None,
    )
    return page, status


@bp.get("/play")
def table() -> tuple[str, int] | Response:
    read_without_transaction()
    record = service.current_match()
    if record is None:
        return render_template("play/none.html"), 200
    return _render(record)


@bp.post("/play")
def move() -> tuple[str, int] | Response:
    record = service.current_match()
    try:
        version, action = read_move(request.form)
    except BadInput as bad:
        abort(400, description=bad.message)
    if record is None:
        flash(str(STALE), "notice")
        return redirect(url_for("main.index"), code=303)
    try:
        service.play(record, version, action)
    except StaleMatchError:
        flash(str(STALE), "notice")
    except engine.IllegalActionError as refused:
        # Refused before anything changed: the match as read is the match as stored.
        return _render(record, 422, refusal(refused.reason, service.game_of(record).ruleset))
    return _to_table()


@bp.post("/play/difficulty")
def difficulty() -> Response:
    record = service.running_match()
    try:
        version, level = read_difficulty(request.form)
    except BadInput as bad:
        abort(400, description=bad.message)
    if record is None:
        return _to_table()
    try:
        service.change_difficulty(record, version, level)
    except StaleMatchError:
        flash(str(STALE), "notice")
    return _to_table()
