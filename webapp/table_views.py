"""What both tables' views (Gin Rummy's ``webapp.play``, Rommé's ``webapp.romme``) do alike:
find the match a request is about, or answer for it when there is none to act on."""

from __future__ import annotations

from flask import abort, flash, redirect, url_for

from webapp import games, matches
from webapp.games import Game
from webapp.refusals import STALE
from webapp.store import MatchRecord, read_without_transaction


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
