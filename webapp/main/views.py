"""Views of the start page. Thin: parse the form, call one service function, redirect."""

from __future__ import annotations

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from flask_login import current_user
from werkzeug.wrappers import Response

from gin_engine.ruleset import PRESETS
from romme_engine.ruleset import PRESETS as ROMME_PRESETS
from romme_engine.ruleset import ROMME as ROMME_RULES
from webapp.board.games import GAMES as BOARD_GAMES
from webapp.extensions import limiter
from webapp.i18n import gettext as _
from webapp.main.forms import BAD_PLAYER_SEED, BAD_ROMME_START, NewMatchForm, NewRommeForm
from webapp.models import GIN, HU, ROMME
from webapp.play.service import running_match, start_match
from webapp.rating.levels import against_next, levels
from webapp.romme import service as romme_service

bp = Blueprint("main", __name__)


GAMES = (GIN, ROMME)
LEVEL_BOARDS = {GIN: (GIN, HU), ROMME: (ROMME,)}
"""The boards whose computer levels each start form plays: Gin Rummy's form deals the standard
game and 胡牌制, each rated on its own board."""


@bp.get("/")
def index() -> str:
    game = request.args.get("game", GIN)
    if game not in GAMES:
        abort(400, description=_("That address is not valid for the table."))
    return render_template(
        "main/index.html",
        game=game,
        form=NewMatchForm(),
        romme_form=NewRommeForm(),
        presets=PRESETS,
        romme_presets=ROMME_PRESETS,
        romme_opponents=range(ROMME_RULES.min_players - 1, ROMME_RULES.max_players),
        running=running_match(),
        level_boards=[
            (board, levels(board.key), against_next(board.key))
            for board in BOARD_GAMES
            if board.key in LEVEL_BOARDS[game]
        ],
    )


def _new_match_limit() -> str:
    return str(current_app.config["NEW_MATCH_RATE_LIMIT"])


@bp.post("/new")
@limiter.limit(_new_match_limit)  # every deal is a row: nobody may fill the table with them
def new_match() -> Response | str:
    if request.form.get("game") == ROMME:
        return _new_romme_match()
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
            game=GIN,
        )
    owner = current_user.id if current_user.is_authenticated else None
    start_match(
        str(form.ruleset.data),
        str(form.difficulty.data),
        owner=owner,
        player_seed=str(form.player_seed.data or ""),
    )
    return redirect(url_for("play.table", _anchor="table"), code=303)


def _new_romme_match() -> Response | str:
    form = NewRommeForm()
    if not form.validate_on_submit():
        if form.player_seed.errors:
            abort(400, description=str(BAD_PLAYER_SEED))
        abort(400, description=str(BAD_ROMME_START))
    running = running_match()
    if running is not None and request.form.get("confirm") != "1":
        return render_template("main/confirm_new.html", form=form, running=running, game=ROMME)
    owner = current_user.id if current_user.is_authenticated else None
    romme_service.start_match(
        str(form.ruleset.data), int(form.opponents.data or 0), str(form.difficulty.data), owner,
        player_seed=str(form.player_seed.data or ""),
    )
    return redirect(url_for("romme.table", _anchor="table"), code=303)
