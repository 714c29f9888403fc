"""The toy game's table: its start form, its blueprint (one page, one form per legal move,
each POST answered with a redirect) and its ``match_results`` row."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from werkzeug.wrappers import Response
from wtforms import RadioField
from wtforms.validators import InputRequired

from webapp import games, matches
from webapp.forms import read_version
from webapp.labels import DEFAULT_DIFFICULTY, offered_levels
from webapp.models import PERSON, MatchResult, Outcome, utcnow
from webapp.start_form import StartForm
from webapp.store import MatchRecord
from webapp.table_views import match_to_move, match_to_show

from . import engine

KEY = "toy"
LEVELS = offered_levels(engine.LEVELS)
SWAPS = "toy_swaps"
"""The toy's own statistic: how often the person swapped."""


class NewToyForm(StartForm):
    ruleset = RadioField(choices=list(engine.PRESETS), default=engine.DEFAULT_PRESET,
                         validators=[InputRequired()])
    difficulty = RadioField(choices=list(LEVELS), default=DEFAULT_DIFFICULTY,
                            validators=[InputRequired()])

    def refusal(self) -> str:
        return "Choose a ruleset and a difficulty."


def statistics(record: MatchRecord, match: engine.Match) -> MatchResult:
    assert record.owner_user_id is not None
    settled = match.settlement
    outcome = (Outcome.ABANDONED if settled is None
               else Outcome.WON if PERSON in settled.winners else Outcome.LOST)
    return MatchResult(
        match_id=record.id, user_id=record.owner_user_id, game=KEY, ruleset=record.ruleset,
        difficulty=record.lowest_difficulty, outcome=str(outcome),
        score=match.scores[PERSON], opponent_score=match.scores[1],
        hands=len(match.results),
        hands_won=sum(1 for r in match.results if r.winner == PERSON),
        statistics={SWAPS: sum(1 for r in match.results if r.swapped[PERSON])},
        hand_scores=[{"cards": list(r.cards), "winner": r.winner} for r in match.results],
        finished_at=record.finished_at or utcnow(),
    )


bp = Blueprint("toy", __name__, url_prefix="/toy", template_folder="templates")


def _game() -> games.Game:
    """The toy's entry, looked up when asked: a test registers it after this module loads."""
    return games.named(KEY)


@bp.get("")
def table() -> str | Response:
    record = match_to_show(_game())
    if record is None:
        return redirect(url_for("main.index", game=KEY))
    match = matches.read(record)
    return render_template("toy/table.html", record=record, view=match.view(PERSON),
                           offers=[str(a) for a in match.legal_actions(PERSON)
                                   if not isinstance(a, engine.NextHand)],
                           deal_on=match.phase is engine.Phase.HAND_OVER)


@bp.post("")
def move() -> Response:
    version = read_version(request.form)
    wanted = request.form.getlist("action")
    if len(wanted) != 1 or wanted[0] not in ("keep", "swap", "next"):
        abort(400)
    action = engine.NextHand() if wanted[0] == "next" else engine.Move(wanted[0])
    matches.play(match_to_move(_game()), version, action)
    return redirect(url_for("toy.table", _anchor="table"), code=303)
