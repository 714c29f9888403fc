"""The daily's pages: ``/daily`` (today's boards of each game, one tap to start),
``POST /daily/start`` and the day's page after its close (``/daily/<game>/<day>``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_login import current_user
from flask_wtf import FlaskForm
from sqlalchemy.exc import IntegrityError
from werkzeug.routing import BaseConverter, ValidationError
from werkzeug.wrappers import Response

from engine_common.fairness import commitment
from webapp import games, matches
from webapp.daily import board_chart, days, scoring
from webapp.daily.calendar import is_closed, opens, today
from webapp.daily.locks import locked, time_left
from webapp.extensions import db, deals_limited
from webapp.form_rules import confirmed
from webapp.i18n import gettext as _
from webapp.models import DailyAttempt, DailyDay, MatchStatus
from webapp.store import MatchRecord, load_match

bp = Blueprint("daily", __name__)


class IsoDateConverter(BaseConverter):
    """A day in a path as ``YYYY-MM-DD`` (ASCII digits only): anything else is no page."""

    regex = r"[0-9]{4}-[0-9]{2}-[0-9]{2}"

    def to_python(self, value: str) -> date:
        try:
            return date.fromisoformat(value)
        except ValueError as bad:
            raise ValidationError from bad

    def to_url(self, value: date) -> str:
        return value.isoformat()

STANDINGS_SHOWN = 20


def game_name(key: str) -> str:
    """A daily's game by its name (the player page's history)."""
    return str(games.named(key).name)


bp.add_app_template_global(game_name, "daily_game_name")
bp.add_app_template_global(locked, "daily_locked")


@dataclass(frozen=True, slots=True)
class BoardLine:
    number: int
    par: int
    result: int | None
    percent: float | None


@dataclass(frozen=True, slots=True)
class Today:
    """One game's daily on ``/daily``, as this visitor stands."""

    game: games.Game
    day: DailyDay
    record: MatchRecord | None
    """The visitor's daily match of the day, if they started one."""
    counted: bool
    boards: list[BoardLine]
    score: float | None
    """The day's score so far (the mean over every board), once a board is done."""

    @property
    def state(self) -> str:
        """``new``, ``running`` (continue), or ``done`` (finished or left)."""
        if self.record is None:
            return "new"
        return "running" if self.record.status == MatchStatus.ACTIVE else "done"


def _own_record(game: games.Game, day: date) -> tuple[MatchRecord | None, DailyAttempt | None]:
    user = matches.viewer_id()
    if user is None:
        found = matches.current_match(game)
        return (found if found is not None and found.daily == day else None), None
    attempt = scoring.attempt_of(game.key, day, user)
    return (None if attempt is None else load_match(attempt.match_id)), attempt


def _today(game: games.Game, day: date) -> Today:
    daily = game.daily
    assert daily is not None
    row = days.open_day(game, day)
    record, attempt = _own_record(game, day)
    counted = attempt is not None and attempt.counted
    results = daily.results(matches.read(record)) if record is not None else ()
    lines = []
    for number, par in enumerate(row.pars, start=1):
        result = results[number - 1] if number <= len(results) else None
        percent = (None if result is None else
                   scoring.standing(game.key, day, number, result).percent(counted))
        lines.append(BoardLine(number, par, result, percent))
    percents = [line.percent for line in lines if line.percent is not None]
    score = scoring.day_score(percents, daily.boards) if percents else None
    return Today(game, row, record, counted, lines, score)


def _not_counted_reason(day: date) -> str | None:
    """Why this visitor's attempt will not count, if it will not."""
    if not current_user.is_authenticated:
        return _("As a guest you play the same boards and see where you would stand, but "
                 "your results are not counted.")
    if current_user.created_at >= opens(day):
        return _("Your account was made after today's daily began, so today's attempt is "
                 "not counted; from tomorrow it is.")
    return None


@bp.get("/daily")
def index() -> str:
    day = today()
    return render_template(
        "daily/index.html",
        day=day,
        dailies=[_today(game, day) for game in games.dailies()],
        left=time_left(day),
        not_counted=_not_counted_reason(day),
        commitment=commitment,
        form=FlaskForm(),
        yesterday=date.fromordinal(day.toordinal() - 1),
    )


def _daily_game(key: str | None) -> games.Game:
    try:
        game = games.named(key)
    except games.UnknownGame:
        game = None
    if game is None or game.daily is None:
        abort(404, description=_("There is no daily of that game."))
    return game


@bp.post("/daily/start")
@deals_limited
def start() -> Response | str:
    game = _daily_game(request.form.get("game"))
    if not FlaskForm().validate_on_submit():
        abort(400)
    day = today()
    row = days.open_day(game, day)
    record, attempt = _own_record(game, day)
    if record is not None and record.status == MatchStatus.ACTIVE:
        return redirect(url_for(game.table, _anchor="table"), code=303)
    if attempt is not None:
        abort(403, description=_(
            "You have already played today's daily of %(game)s: one attempt a day. The next "
            "daily opens in %(left)s.", game=game.name, left=time_left(day)))
    running = matches.running_match()
    if running is not None and not confirmed(request.form):
        return render_template("daily/confirm.html", game=game, running=running,
                               form=FlaskForm())
    owner = matches.viewer_id()

    def attempt_made(made: MatchRecord) -> None:
        if owner is not None:
            db.session.add(DailyAttempt(
                game=game.key, day=day, user_id=owner, match_id=made.id,
                counted=current_user.created_at < opens(day), finished=False,
            ))
            db.session.flush()

    try:
        matches.start_daily(game, row.seed, day, owner, then=attempt_made)
    except IntegrityError:
        # Another request of this account started the day's attempt first.
        db.session.rollback()
        abort(403, description=_(
            "You have already played today's daily of %(game)s: one attempt a day. The next "
            "daily opens in %(left)s.", game=game.name, left=time_left(day)))
    return redirect(url_for(game.table, _anchor="table"), code=303)


@bp.get("/daily/<game>/<isodate:day>")
def day_page(game: str, day: date) -> str:
    found = _daily_game(game)
    daily = found.daily
    assert daily is not None
    row = db.session.get(DailyDay, (found.key, day))
    if row is None:
        abort(404, description=_("There was no daily of %(game)s on that day.", game=found.name))
    if not is_closed(day):
        abort(403, description=_(
            "The results of a day's boards open when the day closes, in %(left)s.",
            left=time_left(day)))
    if row.closed_at is None:
        scoring.close(found.key, day)
        db.session.commit()
    user = matches.viewer_id()
    own = None if user is None else scoring.attempt_of(found.key, day, user)
    mine = {} if user is None else scoring.recorded(found.key, day, user)
    charts = [
        board_chart.chart(found.key, day, number, par, mine.get(number))
        for number, par in enumerate(row.pars, start=1)
    ]
    return render_template(
        "daily/day.html",
        game=found,
        day=row,
        charts=charts,
        standings=scoring.standings(found.key, day, STANDINGS_SHOWN),
        own=own,
        commitment=commitment(row.seed),
        verify={"game": found.query, "seed": row.seed, "rules": daily.ruleset,
                **found.verify_query(daily.deal(row.seed)), "deals": daily.boards},
    )
