"""The difficulty switch of every table (``templates/tables/_difficulty_form.html``): the
level asked for applies from the running match's next hand (`webapp.matches`)."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, request, url_for
from werkzeug.wrappers import Response

from webapp import games, matches
from webapp.forms import read_difficulty
from webapp.i18n import gettext as _

bp = Blueprint("difficulty", __name__)


@bp.post("/difficulty")
def switch() -> Response:
    """Back to the table of the match it changed; with none running, to the default game's
    table (which shows that there is no match)."""
    record = matches.running_match()
    game = games.DEFAULT if record is None else games.of(record)
    version, level = read_difficulty(request.form, game.levels)
    if record is None:
        return redirect(url_for(games.DEFAULT.table, _anchor="table"), code=303)
    if record.daily is not None:
        abort(403, description=_("Everyone plays a daily against the same level; it cannot "
                                 "be changed."))
    matches.change_difficulty(record, version, level)
    return redirect(url_for(games.table_of(record), _anchor="table"), code=303)
