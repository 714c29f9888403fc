"""The Rommé table's views. Thin: read the request, call the match layer, redirect.

Errors are answered as on the Gin Rummy table: ``BadInput`` is a 400 with its message,
``StaleMatchError`` a notice and a 303 back to the table (`webapp.table_views.stale_form`,
for every route), ``IllegalActionError`` the
translated refusal as a notice and a 303 back to the table. A move whose joker could stand
in two places redirects to the table asking where (a GET: nothing changed).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, session, url_for
from werkzeug.wrappers import Response

import romme_engine as romme
from webapp import games, matches
from webapp.fairness import fair_deal
from webapp.forms import BadInput
from webapp.i18n import lazy_gettext as _l
from webapp.models import PERSON, ROMME
from webapp.review import service as reviews
from webapp.romme import labels
from webapp.romme.forms import MeldChoice, read_card, read_cards, read_turn
from webapp.romme.hints import hint_marks, hint_text, person_hint
from webapp.romme.messages import (
    ending_line,
    hand_banner,
    match_banner,
    refusal,
    seat_name,
    status_line,
)
from webapp.romme.table import SORTS, build_table
from webapp.statistics import ranking
from webapp.store import MatchRecord
from webapp.table_views import match_to_move, match_to_show

bp = Blueprint("romme", __name__, url_prefix="/romme")
labels.init_blueprint(bp)
GAME = games.named(ROMME)
for _sentence in (ending_line, hand_banner, hint_text, match_banner, seat_name, status_line):
    bp.add_app_template_global(_sentence, "romme_" + _sentence.__name__)

SORT_KEY = "romme_sort"
BAD_ADDRESS = _l("That address is not valid for the table.")


def _to_table(anchor: str = "table", **query: Any) -> Response:
    return redirect(url_for("romme.table", **query) + "#" + anchor, code=303)


def _sort() -> str:
    wanted = request.args.get("sort")
    if wanted is not None:
        if wanted not in SORTS:
            raise BadInput(BAD_ADDRESS)
        session[SORT_KEY] = wanted
    found = session.get(SORT_KEY, SORTS[0])
    return found if found in SORTS else SORTS[0]


def _choices() -> tuple[tuple[romme.Card, ...], tuple[romme.Card, int] | None]:
    """The joker choice a redirect asked for: ``?meld=7S+JK1+9S`` or ``?lay_off=JK1&at=2``."""
    meld = read_cards(request.args.get("meld", "").split()) if "meld" in request.args else ()
    lay_off = None
    if "lay_off" in request.args:
        at = request.args.get("at", "")
        if not (at.isascii() and at.isdigit()) or len(at) > 3:
            raise BadInput(BAD_ADDRESS)
        lay_off = (read_card(request.args["lay_off"]), int(at))
    return meld, lay_off


def _render(record: MatchRecord) -> tuple[str, int]:
    meld, lay_off = _choices()
    match = matches.read(record)  # once: the table and the fairness panel share it
    table = build_table(record, match, _sort(), meld, lay_off)
    awarded = ranking.points_awarded(record.id) if record.status == "finished" else None
    # The Hint is a GET (?hint=1): it reads the person's view and changes nothing.
    offered = person_hint(table.view)
    wanted = offered if request.args.get("hint") == "1" else None
    return render_template(
        "romme/table.html", t=table, PERSON=PERSON, awarded=awarded,
        fair=fair_deal(record, match),
        hint_offered=offered is not None, hint=wanted,
        marks=hint_marks(wanted),
    ), 200


@bp.errorhandler(romme.IllegalActionError)
def refused_move(refused: romme.IllegalActionError) -> Response:
    """The rules refused the move before anything changed: back to the table (a GET, so a
    reload repeats nothing), the reason shown there as a notice, the Hint at hand."""
    record = matches.current_match(GAME)
    if record is None:
        return _to_table()
    if refused.reason is romme.Reason.END_NEEDED:
        # Not a mistake: the card fits both ends of the run, so ask which, in that meld's box.
        meld = request.form.get("meld", "")
        return _to_table(f"meld-{meld}", lay_off=request.form.get("cards", ""), at=meld)
    flash(refusal(refused, matches.read(record).view(PERSON)), "refusal")
    return _to_table()


@bp.errorhandler(MeldChoice)
def meld_choice(choice: MeldChoice) -> Response:
    return _to_table(meld=romme.format_cards(choice.cards))


@bp.get("")
def table() -> tuple[str, int] | Response:
    record = match_to_show(GAME)
    if record is None:
        return redirect(url_for("main.index", game=GAME.query))
    return _render(record)


@bp.post("")
def move() -> Response:
    version, action = read_turn(request.form)
    record = match_to_move(GAME)
    ended = matches.play(record, version, action)
    response = _to_table()
    reviews.after_move(response, record, ended)
    return response
