"""The Gin Rummy table's views. Thin: read the request, call the match layer, render or redirect.

Unreadable forms raise ``BadInput`` (a 400 page), stale ones ``StaleMatchError`` (the app's
`webapp.table_views.stale_form` answers it) and moves the rules refuse ``IllegalActionError``,
which the blueprint's error handler below answers.
"""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

import gin_engine as engine
from webapp import games, matches
from webapp.fairness import fair_deal
from webapp.gin import labels
from webapp.gin.forms import read_confirm, read_move
from webapp.gin.hints import hint_text
from webapp.gin.messages import (
    dead_hand_line,
    deadwood_words,
    ending_line,
    going_out,
    hand_banner,
    hand_deadwood,
    match_banner,
    moves_sentence,
    refusal,
    scoring_line,
    showdown_words,
    turn_line,
)
from webapp.gin.results import COMPUTER
from webapp.gin.table import build_table
from webapp.models import GIN, PERSON
from webapp.review import service as reviews
from webapp.statistics import ranking
from webapp.store import MatchRecord
from webapp.table_views import match_to_move, match_to_show

bp = Blueprint("gin", __name__)
labels.init_blueprint(bp)
GAME = games.named(GIN)
# Sentences about the game, for the table and for the rules pages' worked examples.
for _sentence in (
    moves_sentence, scoring_line, ending_line, hint_text, hand_banner, match_banner, turn_line,
    going_out, hand_deadwood, showdown_words, dead_hand_line, deadwood_words,
):
    bp.add_app_template_global(_sentence)


def _to_table() -> Response:
    """Back to the table after a move, landing on its anchor: on a phone the status line, the
    prompt and the hand are then on screen without scrolling (no JavaScript needed)."""
    return redirect(url_for("gin.table", _anchor="table"), code=303)


def _render(record: MatchRecord) -> tuple[str, int]:
    match = matches.read(record)  # once: the table and the fairness panel share it
    table = build_table(
        record,
        match,
        confirm=read_confirm(request.args.get("confirm")),
        want_hint=request.args.get("hint") == "1",
    )
    page = render_template(
        "gin/table.html",
        t=table,
        fair=fair_deal(record, match),
        PERSON=PERSON,
        COMPUTER=COMPUTER,
        awarded=ranking.points_awarded(record.id) if record.status == "finished" else None,
    )
    return page, 200


@bp.errorhandler(engine.IllegalActionError)
def refused_move(refused: engine.IllegalActionError) -> Response:
    """The rules refused the move before anything changed: back to the table (a GET, so a
    reload repeats nothing), the reason shown there as a notice, the Hint at hand."""
    record = matches.current_match(GAME)
    if record is not None:
        flash(refusal(refused.reason, matches.read(record).ruleset), "refusal")
    return _to_table()


@bp.get("/play")
def table() -> tuple[str, int]:
    record = match_to_show(GAME)
    if record is None:
        return render_template("gin/none.html"), 200
    return _render(record)


@bp.post("/play")
def move() -> Response:
    version, action = read_move(request.form)
    record = match_to_move(GAME)
    ended = matches.play(record, version, action)
    response = _to_table()
    reviews.after_move(response, record, ended)
    return response
