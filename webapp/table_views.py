"""What both tables' views (Gin Rummy's ``webapp.gin``, Rommé's ``webapp.romme``) do alike:
find the match a request is about, or answer for it when there is none to act on; and how
every route that saves a match answers one that lost a race (`stale_form`)."""

from __future__ import annotations

from flask import abort, flash, redirect, url_for
from werkzeug.wrappers import Response

from webapp import games, matches
from webapp.extensions import db
from webapp.games import Game
from webapp.refusals import STALE
from webapp.store import MatchRecord, StaleMatchError, read_without_transaction


def match_to_show(game: Game) -> MatchRecord | None:
    """The session's match for ``game``'s table page, or ``None`` with none.

    A page is one read, so it is made without a transaction. A match of another game is
    shown at that game's table: the request is answered there and then with a redirect."""
    read_without_transaction()
    record = matches.current_match()
    if record is not None and (elsewhere := games.of(record)) is not game:
        abort(redirect(url_for(elsewhere.table, _anchor="table")))
    return record


def match_to_move(game: Game) -> MatchRecord:
    """The session's match of ``game`` for a move. With none (it was abandoned in another tab,
    or the player logged out meanwhile), the move is answered with the stale-page notice on
    the start page, and nothing is played."""
    record = matches.current_match(game)
    if record is None:
        flash(str(STALE), "notice")
        abort(redirect(url_for("main.index"), code=303))
    return record


def stale_form(_error: StaleMatchError) -> Response:
    """The app's answer to `StaleMatchError`, from any route that saves a match: a move, the
    difficulty switch, a new match, a practice, a login taking a guest's match over. A
    resubmitted form, the back button, a second tab, or a flood of clicks whose last retry
    still lost the race (`matches.RACE_RETRIES`): nothing of this request is saved, and the
    person sees the table as it is now (the start page, with none), with the notice."""
    db.session.rollback()
    flash(str(STALE), "notice")
    record = matches.current_match()
    if record is None:
        return redirect(url_for("main.index"), code=303)
    return redirect(url_for(games.table_of(record), _anchor="table"), code=303)
