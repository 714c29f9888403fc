"""Views of the start page. Thin: parse the form, call the match layer, redirect.

Each game's form, start and table come from the registry (`webapp.games`); ``?game=`` (the
page) and the form's ``game`` field (the start) name a game not at root.
"""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from webapp import games, matches
from webapp.extensions import deals_limited
from webapp.form_rules import confirmed
from webapp.i18n import gettext as _
from webapp.rating.levels import against_next, levels

bp = Blueprint("main", __name__)


def _game(value: str | None) -> games.Game:
    try:
        return games.named(value)
    except games.UnknownGame:
        abort(400, description=_("That address is not valid for the table."))


@bp.get("/")
def index() -> str:
    game = _game(request.args.get("game"))
    return render_template(
        "main/index.html",
        game=game,
        games=games.GAMES,
        form=game.start_form(),
        running=matches.running_match(),
        level_boards=[
            (board, levels(board.key), against_next(board.key)) for board in game.boards
        ],
    )


@bp.post("/new")
@deals_limited
def new_match() -> Response | str:
    game = _game(request.form.get("game"))
    form = game.start_form()
    if not form.validate_on_submit():
        abort(400, description=form.refusal())
    running = matches.running_match()
    if not confirmed(request.form) and running is not None:
        # Abandoning a ranked match counts as a loss, so ask once before dealing a new one.
        return render_template("main/confirm_new.html", form=form, running=running, game=game)
    matches.start(game, form, owner=matches.viewer_id())
    return redirect(url_for(game.table, _anchor="table"), code=303)
