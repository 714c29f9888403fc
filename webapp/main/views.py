"""Views of the start page. Thin: parse the form, call one service function, redirect."""

from __future__ import annotations

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user
from werkzeug.wrappers import Response

from gin_engine.ruleset import PRESETS
from webapp.extensions import limiter
from webapp.main.forms import BAD_PLAYER_SEED, NewMatchForm
from webapp.play.service import running_match, start_match

bp = Blueprint("main", __name__)


@bp.get("/")
def index() -> str:
    form = NewMatchForm()
    return render_template(
        "main/index.html",
        form=form,
        presets=PRESETS,
        running=running_match(),
    )


def _new_match_limit() -> str:
    return str(current_app.config["NEW_MATCH_RATE_LIMIT"])


@bp.post("/new")
@limiter.limit(_new_match_limit)  # every deal is a row: nobody may fill the table with them
def new_match() -> Response | str:
    form = NewMatchForm()
    if not form.validate_on_submit():
        if form.player_seed.errors:
            abort(400, description=str(BAD_PLAYER_SEED))
        if form.ruleset.errors:
            abort(400, description=_("Unknown ruleset. Please choose Standard, Classic or Quick."))
        abort(400, description=_("Unknown difficulty. Please choose Easy, Normal or Expert."))
    running = running_match()
    if running is not None and request.form.get("confirm") != "1":
        # Abandoning a match counts as a loss, so ask once before dealing a new one.
        return render_template(
            "main/confirm_new.html",
            form=form,
            running=running,
        )
    owner = current_user.id if current_user.is_authenticated else None
    start_match(
        str(form.ruleset.data),
        str(form.difficulty.data),
        owner=owner,
        player_seed=str(form.player_seed.data or ""),
    )
    return redirect(url_for("play.table", _anchor="table"), code=303)
