"""The daily's pages: ``/daily`` (today's boards of each game, one tap to start),
``POST /daily/start`` and the day's page after its close (``/daily/<game>/<day>``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import NoReturn

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
from webapp.daily.kept import kept
from webapp.daily.locks import locked, time_left
from webapp.daily.luck import own_boards
from webapp.extensions import db, deals_limited
from webapp.form_rules import confirmed
from webapp.i18n import gettext as _
from webapp.models import DailyAttempt, DailyDay, MatchStatus
from webapp.store import MatchRecord, load_match, read_without_transaction

bp = Blueprint("daily", __name__)


class IsoDateConverter(BaseConverter):
    """A day in a path as ``YYYY-MM-DD`` (ASCII digits only): anything else is no page."""

    regex = r"[0-9]{4}-[0-9]{2}-[0-9]{2}"

    def to_python(self, value: str) -> date:
        try:
            return date.fromisoformat(value)
        except ValueError as bad:
            raise ValidationError from bad


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
    day: days.Day
    state: str
    """``new``, ``running`` (continue), or ``done`` (finished or left)."""
    boards: list[BoardLine]
    score: float | None
    """The day's score so far (the mean over every board), once a board is done."""


def _own_record(game: games.Game, day: date) -> tuple[MatchRecord | None, DailyAttempt | None]:
    user = matches.viewer_id()
    if user is None:
        found = matches.current_match(game)
        return (found if found is not None and found.daily == day else None), None
    attempt = scoring.attempt_of(game.key, day, user)
    return (None if attempt is None else load_match(attempt.match_id)), attempt


@dataclass(slots=True)
class _Played:
    state: str = "new"
    results: tuple[int, ...] = ()
    counted: bool = False
    standings: dict[int, scoring.Standing] | None = None
    """Where a counted attempt's results stand, read with them; None: still to read."""


def _played(game: games.Game, day: date, attempt: scoring.Own | None) -> _Played:
    """How far the visitor is with the game's daily, and their results: a counted
    attempt's as recorded (its match is read only while it may still be running), any
    other's from its match."""
    daily = game.daily
    assert daily is not None
    counted = attempt is not None and attempt.counted
    kept = () if attempt is None else tuple(attempt.results[n] for n in sorted(attempt.results))
    standings = None if attempt is None else attempt.standings
    if counted and attempt is not None and attempt.finished:
        return _Played("done", kept, True, standings)
    if attempt is None:
        found = matches.current_match(game) if matches.viewer_id() is None else None
        record = found if found is not None and found.daily == day else None
    else:
        record = load_match(attempt.match_id)
    if record is None:
        return _Played()
    state = "running" if record.status == MatchStatus.ACTIVE else "done"
    if counted:
        return _Played(state, kept, True, standings)
    return _Played(state, tuple(daily.results(matches.read(record))))


def _todays(day: date) -> list[Today]:
    """Every game's daily of ``day`` for this visitor, in a statement or two whatever the
    field: the account's attempts with their results and standings; every board's standing
    of the results read from a match (a guest's, an attempt not counted)."""
    rows = days.open_all(day)
    user = matches.viewer_id()
    attempts = {} if user is None else scoring.own(day, user)
    played = {game.key: _played(game, day, attempts.get(game.key)) for game in games.dailies()}
    places = scoring.places(day, {  # the results not counted, read from their matches
        (key, board): result for key, p in played.items() if p.standings is None
        for board, result in enumerate(p.results, start=1)
    })
    for key, p in played.items():
        for board, standing in (p.standings or {}).items():
            places[(key, board)] = standing
    found = []
    for game, row in zip(games.dailies(), rows, strict=True):
        daily, mine = game.daily, played[game.key]
        assert daily is not None
        lines = [
            BoardLine(number, par, None, None) if number > len(mine.results) else BoardLine(
                number, par, mine.results[number - 1],
                places[(game.key, number)].percent(mine.counted))
            for number, par in enumerate(row.pars, start=1)
        ]
        percents = [line.percent for line in lines if line.percent is not None]
        score = scoring.day_score(percents, daily.boards) if percents else None
        found.append(Today(game, row, mine.state, lines, score))
    return found


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
    # Reads in AUTOCOMMIT, as the tables do: the one write it may make, opening the day, is a
    # single INSERT … ON CONFLICT DO NOTHING that stands on its own (`days.open_day`).
    read_without_transaction()
    day = today()
    return render_template(
        "daily/index.html",
        day=day,
        dailies=_todays(day),
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
    row = days.facts(game, day)
    record, attempt = _own_record(game, day)
    if record is not None and record.status == MatchStatus.ACTIVE:
        return redirect(url_for(game.table, _anchor="table"), code=303)
    if attempt is not None:
        _already_played(game, day)
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
        _already_played(game, day)
    return redirect(url_for(game.table, _anchor="table"), code=303)


def _already_played(game: games.Game, day: date) -> NoReturn:
    """The refusal of a second attempt, in words."""
    abort(403, description=_(
        "You have already played today's daily of %(game)s: one attempt a day. The next "
        "daily opens in %(left)s.", game=game.name, left=time_left(day)))


@dataclass(frozen=True, slots=True)
class Closed:
    """What a closed day's page shows everyone alike: it no longer changes."""

    seed: str
    pars: tuple[int, ...]
    standings: list[scoring.Row]
    tallies: board_chart.Tallies
    verify: dict[str, object]
    """The ``/verify`` link's query: every board of the day."""


def _closed(game: games.Game, day: date) -> Closed | None:
    """The closed day's standings (worked out now if nobody asked yet) and tallies; None if
    there was no daily that day."""
    row = db.session.get(DailyDay, (game.key, day))
    if row is None:
        return None
    if row.closed_at is None:
        scoring.close(game.key, day)
    daily = game.daily
    assert daily is not None
    verify = {"game": game.query, "seed": row.seed, "rules": daily.ruleset,
              **game.verify_query(daily.deal(row.seed)), "deals": daily.boards}
    return Closed(row.seed, tuple(row.pars), scoring.leaders(game.key, day, STANDINGS_SHOWN),
                  board_chart.tallies(game.key, day), verify)


@bp.get("/daily/<game>/<isodate:day>")
def day_page(game: str, day: date) -> str:
    found = _daily_game(game)
    if not is_closed(day):
        abort(403, description=_(
            "The results of a day's boards open when the day closes, in %(left)s.",
            left=time_left(day)))
    read_without_transaction()  # the close, if still to do, is a transaction of its own
    closed = kept(("closed", found.key, day), lambda: _closed(found, day))
    if closed is None:
        abort(404, description=_("There was no daily of %(game)s on that day.", game=found.name))
    user = matches.viewer_id()
    own = None if user is None else scoring.own(day, user, found.key).get(found.key)
    seed = closed.seed
    return render_template(
        "daily/day.html",
        game=found,
        day=day,
        own_boards=None if own is None
        else own_boards(found, day, own.match_id, own.results, closed.pars),
        charts=board_chart.charts(closed.tallies, closed.pars, {} if own is None else own.results),
        standings=closed.standings,
        own=own,
        seed=seed,
        commitment=commitment(seed),
        verify=closed.verify,
    )
