"""A request that loses every retry of its race for a match (issue 45: a flood of "new match"
or "practice this deal" clicks) is answered like a stale table form, by every route that
saves a match: the stale-page notice and a 303 to the table as it is now, nothing of it saved
— never a 500. Runs on SQLite and, with TEST_DATABASE_URL, PostgreSQL."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import update
from sqlalchemy.exc import IntegrityError

from tests.web.account_helpers import logout, register, seat_winning_match, token, user_id
from tests.web.play_helpers import form_fields, get, post_at_once, post_move, stored, stored_rows
from tests.web.play_helpers import person_choice as gin_choice
from tests.web.review_helpers import seat_game, simulated
from tests.web.romme_helpers import person_choice as romme_choice
from tests.web.romme_helpers import post_romme, romme_page, seat_romme
from webapp import matches, store
from webapp.extensions import db
from webapp.matches import SESSION_MATCH_KEY
from webapp.models import Match, MatchStatus
from webapp.store import MatchRecord, create_match, save_match

pytestmark = pytest.mark.db

NOTICE = "The table had moved on since that page was shown. Here is the current table."
THREADS = 20


@pytest.fixture
def always_overtaken(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every save of a match finds its row changed since it was read, as when another request
    of the same session saves it in between, on every retry: the ids of the matches saved."""
    tried: list[str] = []

    def overtaken(record: MatchRecord, version: int, **options: Any) -> int:
        tried.append(record.id)
        db.session.execute(
            update(Match).where(Match.id == record.id).values(version=Match.version + 1)
        )
        return save_match(record, version, **options)

    monkeypatch.setattr(matches, "save_match", overtaken)
    yield tried


@pytest.fixture
def another_running_match(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Between a start's (or a login's adoption's) read of the account's running match and its
    save, another request of the account makes a match running, on every retry: the
    one-running-match index refuses the new match (or the adopted one). The accounts raced."""
    raced: list[int] = []

    def race(owner: int) -> None:
        raced.append(owner)
        create_match(ruleset="standard", difficulty="easy", snapshot={}, owner_user_id=owner,
                     commit=False)

    def create_after_a_race(**row: Any) -> MatchRecord:
        race(row["owner_user_id"])
        return create_match(**row)

    def save_after_a_race(record: MatchRecord, version: int, **options: Any) -> int:
        if record.owner_user_id is not None and record.status == MatchStatus.ACTIVE:
            race(record.owner_user_id)
        return save_match(record, version, **options)

    monkeypatch.setattr(matches, "create_match", create_after_a_race)
    monkeypatch.setattr(matches, "save_match", save_after_a_race)
    yield raced


def session_match(client: FlaskClient) -> str | None:
    with client.session_transaction() as session:
        found = session.get(SESSION_MATCH_KEY)
    return found if isinstance(found, str) else None


def answered_as_stale(client: FlaskClient, response: Any, table: str) -> None:
    assert response.status_code == 303
    assert response.headers["Location"] == f"{table}#table"
    assert NOTICE in client.get(table).get_data(as_text=True)


def test_a_new_match_that_loses_every_race_shows_the_table(
    app: Flask, client: FlaskClient, always_overtaken: list[str]
) -> None:
    client.get("/?lang=en")
    running = seat_winning_match(app, client)
    data = {"csrf_token": token(client, "/"), "ruleset": "standard", "difficulty": "easy",
            "confirm": "1"}
    before = stored_rows(app)
    answered_as_stale(client, client.post("/new", data=data), "/play")
    assert always_overtaken == [running] * matches.RACE_RETRIES
    assert stored_rows(app) == before and session_match(client) == running


def test_a_practice_that_loses_every_race_shows_the_table(
    app: Flask, client: FlaskClient, always_overtaken: list[str]
) -> None:
    client.get("/?lang=en")
    origin = seat_game(app, client, simulated("standard", 21), "standard")
    data = {"csrf_token": token(client, f"/review/{origin}/1"), "confirm": "1"}
    before = stored_rows(app)
    response = client.post(f"/review/{origin}/1/practice", data=data)
    answered_as_stale(client, response, "/play")
    assert always_overtaken == [origin] * matches.RACE_RETRIES
    assert stored_rows(app) == before and session_match(client) == origin


@pytest.mark.parametrize("race", ["always_overtaken", "another_running_match"])
def test_a_login_whose_adoption_loses_every_race_shows_the_table(
    app: Flask, client: FlaskClient, request: pytest.FixtureRequest, race: str
) -> None:
    """Lost to a save of the guest's match, or to the one-running-match index."""
    raced = request.getfixturevalue(race)
    client.get("/?lang=en")
    register(client, "alice")
    logout(client)
    guest = seat_winning_match(app, client)
    data = {"csrf_token": token(client, "/login"), "username": "alice",
            "password": "correct horse"}
    before = stored_rows(app)
    response = client.post("/login", data=data)
    lost_to = {"always_overtaken": guest, "another_running_match": user_id(app, "alice")}
    assert raced == [lost_to[race]] * matches.RACE_RETRIES
    # Logged in; the guest's match was not taken over, so there is no table to show.
    assert response.status_code == 303 and response.headers["Location"] == "/"
    assert NOTICE in client.get("/").get_data(as_text=True)
    assert stored_rows(app)["matches"] == before["matches"]
    assert stored(app, guest)[2].owner_user_id is None
    assert client.get("/me").status_code == 200


def test_a_new_match_that_loses_every_race_to_the_one_running_match_index_shows_the_table(
    app: Flask, client: FlaskClient, another_running_match: list[int]
) -> None:
    client.get("/?lang=en")
    register(client, "alice")
    running = seat_winning_match(app, client, owner="alice")
    data = {"csrf_token": token(client, "/"), "ruleset": "standard", "difficulty": "easy",
            "confirm": "1"}
    before = stored_rows(app)
    answered_as_stale(client, client.post("/new", data=data), "/play")
    assert another_running_match == [user_id(app, "alice")] * matches.RACE_RETRIES
    assert stored_rows(app) == before and session_match(client) == running


def test_another_integrity_error_of_a_new_match_is_no_lost_race(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the one-running-match index is a lost race: a clash of match ids is an error."""
    with app.app_context():
        taken = create_match(ruleset="standard", difficulty="easy", snapshot={}).id
        monkeypatch.setattr(store, "new_match_id", lambda: taken)
        with pytest.raises(IntegrityError):
            create_match(ruleset="standard", difficulty="easy", snapshot={})


@pytest.mark.parametrize("game", ["gin", "romme"])
def test_a_move_that_loses_its_race_shows_the_table(
    app: Flask, client: FlaskClient, always_overtaken: list[str], game: str
) -> None:
    """The tables' moves, answered by the same handler as before issue 45."""
    client.get("/?lang=en")
    if game == "gin":
        match_id, table = seat_winning_match(app, client), "/play"
        name, card = form_fields(gin_choice(stored(app, match_id)[1], random.Random(1)))
        before = stored_rows(app)
        response = post_move(client, get(client), name, card)
    else:
        match_id, table = seat_romme(app, client, players=2, seed=2), "/romme"
        before = stored_rows(app)
        response = post_romme(client, romme_page(client), romme_choice(stored(app, match_id)[1]))
    answered_as_stale(client, response, table)
    assert always_overtaken == [match_id]
    assert stored_rows(app) == before


def test_a_flood_of_new_matches_never_answers_500(
    app: Flask, client: FlaskClient, live_server: str
) -> None:
    """Twenty "new match" confirmations at once from one browser, as issue 45's probe sent
    them: each is dealt or told the table moved on, and the account has one match running."""
    app.config["NEW_MATCH_RATE_LIMIT"] = "100 per minute"
    client.get("/?lang=en")
    register(client, "alice")
    seat_winning_match(app, client, owner="alice")
    body = urlencode({"csrf_token": token(client, "/"), "ruleset": "standard",
                      "difficulty": "easy", "confirm": "1"})
    cookie = client.get_cookie("session")
    assert cookie is not None
    statuses = post_at_once(live_server, "/new", body, cookie.value, THREADS)
    assert statuses == [303] * THREADS
    with app.app_context():
        running = db.session.query(Match).filter_by(status="active").count()
    assert running == 1
