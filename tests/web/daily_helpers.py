"""Helpers for the daily's tests: accounts made before the day began, starting a day's daily
through ``/daily``, and a person's deterministic choices in either game."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import update

import gin_engine
import romme_engine
from gin_engine.ai import make_bot as gin_bot
from romme_engine.ai import make_bot as romme_bot
from tests.web.account_helpers import register, token
from tests.web.play_helpers import Page, form_fields, get, post_move, stored
from tests.web.romme_helpers import post_romme
from webapp.extensions import db
from webapp.matches import SESSION_MATCH_KEY
from webapp.models import User, utcnow

TABLES = {"gin": "/play", "romme": "/romme"}


def old_account(app: Flask, client: FlaskClient, name: str) -> None:
    """Register ``name`` and date the account two days back: it counts on today's daily."""
    assert register(client, name).status_code == 303
    with app.app_context():
        db.session.execute(update(User).where(User.username == name)
                           .values(created_at=utcnow() - timedelta(days=2)))
        db.session.commit()


def start_daily(client: FlaskClient, game: str, confirm: bool = False) -> Any:
    data = {"csrf_token": token(client, "/daily"), "game": game}
    if confirm:
        data["confirm"] = "1"
    return client.post("/daily/start", data=data)


def session_match(client: FlaskClient) -> str:
    with client.session_transaction() as session:
        found = session[SESSION_MATCH_KEY]
    assert isinstance(found, str)
    return found


def choice(game: str, snapshot: dict[str, Any], level: str = "easy",
           rng: random.Random | None = None) -> Any:
    """The person's move from their own view: a bot of ``level`` with a fixed random source,
    so the same position always gets the same move."""
    if game == "gin":
        match = gin_engine.Match.from_dict(snapshot)
        return gin_bot(level, rng or random.Random(0)).choose(match.view(0))
    found = romme_engine.Match.from_dict(snapshot)
    return romme_bot(level, rng or random.Random(0)).choose(found.view(0))


def post_choice(client: FlaskClient, game: str, page: Page, action: Any) -> Any:
    if game == "gin":
        name, card = form_fields(action)
        return post_move(client, page, name, card)
    return post_romme(client, page, action)


def play_daily(app: Flask, client: FlaskClient, game: str, level: str = "easy",
               until_boards: int | None = None, rng_of: Any = None,
               reviewed: bool = False) -> list[Page]:
    """Play the client's daily through the table's forms to its end (or ``until_boards``
    boards), the person's moves by `choice`; every table page seen. ``reviewed``: each move's
    response is closed, as a server closes it once sent, so the boards it finishes are
    reviewed then (their luck with them), as on the site."""
    match_id = session_match(client)
    pages = []
    for _ in range(3000):
        page = get(client, TABLES[game])
        pages.append(page)
        snapshot = stored(app, match_id)[1]
        done = len(snapshot["results"])
        if page.phase == "match-over" or (until_boards is not None and done >= until_boards
                                           and page.phase == "hand-over"):
            return pages
        rng = rng_of(snapshot) if rng_of is not None else None
        action = choice(game, snapshot, level, rng)
        response = post_choice(client, game, page, action)
        assert response.status_code == 303
        if reviewed:
            response.close()
    raise AssertionError("the daily did not end")


def play_out(app: Flask, client: FlaskClient, game: str, level: str = "normal") -> str:
    """Start the day's daily of ``game`` through ``POST /daily/start`` and play it to its end
    through the match layer (each move a `matches.play`, as the table's forms make it), the
    person deciding as a bot of ``level`` on the daily's terms; its match id."""
    from webapp import games, matches
    from webapp.models import PERSON
    from webapp.store import load_match

    assert start_daily(client, game).status_code == 303
    match_id = session_match(client)
    entry = games.named(game)
    with app.test_request_context():
        for _ in range(3000):
            record = load_match(match_id)
            assert record is not None
            if record.status != "active":
                return match_id
            match = matches.read(record)
            action = (entry.next_hand() if match.turn is None
                      else matches.daily_choice(entry, match, PERSON, level))
            matches.play(record, record.version, action)
    raise AssertionError("the daily did not end")


def review_boards(app: Flask, match_id: str) -> None:
    """Review every finished board of a daily's match as the site reviews a finished hand
    (`webapp.review.service.hand_review`: the review and its luck, kept)."""
    from webapp import games
    from webapp.review.service import Reviewable, hand_review
    from webapp.store import load_match

    with app.test_request_context():
        record = load_match(match_id)
        assert record is not None
        game = games.of(record)
        assert game.review is not None
        reviewable = Reviewable(record, game.review, game.read(record.snapshot))
        for board in range(1, len(reviewable.match.results) + 1):
            assert hand_review(reviewable, board).review is not None
