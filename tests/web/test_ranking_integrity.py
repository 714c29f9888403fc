"""Every way out of a losing match ends on the board as a loss (issue 14, item 3), and old
cookies lose their power (item 4). Runs on SQLite and, with TEST_DATABASE_URL, PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime
from urllib.parse import urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from tests.web.account_helpers import (
    login,
    logout,
    register,
    seat_winning_match,
    token,
    user_id,
)
from tests.web.play_helpers import get, post_at_once, post_move, seat_match, stored
from webapp.board.leaderboard import Period, board
from webapp.board.profile import totals
from webapp.extensions import db
from webapp.matches import SESSION_MATCH_KEY
from webapp.models import Match, MatchResult, MatchStatus
from webapp.store import StaleMatchError, create_match

CONCURRENT_STARTS = 6


def session_match(client: FlaskClient) -> str | None:
    with client.session_transaction() as session:
        found = session.get(SESSION_MATCH_KEY)
    return found if isinstance(found, str) else None


def new_match(client: FlaskClient) -> int:
    data = {"csrf_token": token(client, "/"), "ruleset": "quick", "difficulty": "easy",
            "confirm": "1"}
    return client.post("/new", data=data).status_code


def owned_match_then_logout(client: FlaskClient) -> str:
    """Register alice, start a match she owns, log out; the owned match's id."""
    register(client, "alice")
    assert new_match(client) == 303
    owned = session_match(client)
    assert owned is not None
    logout(client)
    return owned


def losses_on_board_and_page(app: Flask, name: str) -> tuple[int, int, int]:
    """(matches on the leaderboard, losses on the player's page, abandoned on the page)."""
    uid = user_id(app, name)
    with app.app_context():
        row = board(Period.ALL, 1, 20, datetime.now(UTC), uid).viewer_row
        mine = totals(uid)
    on_board = 0 if row is None else row.matches - row.total_wins  # no match: not listed
    return on_board, mine.losses, mine.abandoned


def outcome_of(app: Flask, match_id: str) -> str | None:
    with app.app_context():
        row = db.session.get(MatchResult, match_id)
        return None if row is None else row.outcome


def running_of(app: Flask, name: str) -> list[str]:
    with app.app_context():
        return list(db.session.scalars(select(Match.id).where(
            Match.owner_user_id == user_id(app, name), Match.status == MatchStatus.ACTIVE
        )))


# --- item 3: escape routes -----------------------------------------------------------------


def test_starting_another_match_counts_the_running_one_as_a_loss(
    app: Flask, client: FlaskClient
) -> None:
    register(client, "alice")
    assert new_match(client) == 303
    first = session_match(client)
    assert first is not None
    assert new_match(client) == 303
    assert outcome_of(app, first) == "abandoned"
    assert running_of(app, "alice") == [session_match(client)]
    assert losses_on_board_and_page(app, "alice") == (1, 1, 1)


def test_logout_guest_match_login_cannot_leave_the_owned_match_uncounted(
    app: Flask, client: FlaskClient
) -> None:
    owned = owned_match_then_logout(client)
    assert new_match(client) == 303  # a guest match, first hand running
    guest = session_match(client)
    login(client, "alice")
    # The guest match was adopted: the owned one ended in the same transaction, as a loss.
    assert session_match(client) == guest
    assert running_of(app, "alice") == [guest]
    assert outcome_of(app, owned) == "abandoned"
    assert losses_on_board_and_page(app, "alice") == (1, 1, 1)


def test_concurrent_new_matches_leave_one_running_and_count_the_rest(
    app: Flask, client: FlaskClient, live_server: str
) -> None:
    register(client, "alice")
    body = urlencode({"csrf_token": token(client, "/"), "ruleset": "quick",
                      "difficulty": "easy", "confirm": "1"})
    cookie = client.get_cookie("session")  # after the token: it lives in the session
    assert cookie is not None
    statuses = post_at_once(live_server, "/new", body, cookie.value, CONCURRENT_STARTS)
    assert statuses == [303] * CONCURRENT_STARTS
    uid = user_id(app, "alice")
    with app.app_context():
        owned = db.session.execute(
            select(Match.status, func.count()).where(Match.owner_user_id == uid)
            .group_by(Match.status)
        ).all()
        results = db.session.scalar(
            select(func.count()).select_from(MatchResult).where(MatchResult.user_id == uid)
        )
    assert dict(owned) == {"active": 1, "abandoned": CONCURRENT_STARTS - 1}
    assert results == CONCURRENT_STARTS - 1
    losses = CONCURRENT_STARTS - 1
    assert losses_on_board_and_page(app, "alice") == (losses, losses, losses)


def test_the_database_refuses_a_second_running_match_for_an_account(
    app: Flask, client: FlaskClient
) -> None:
    register(client, "alice")
    uid = user_id(app, "alice")
    with app.app_context():
        create_match(ruleset="quick", difficulty="easy", snapshot={}, owner_user_id=uid)
        # The index refuses it; the store answers that as a lost race (tests/web/test_lost_races).
        with pytest.raises(StaleMatchError) as refused:
            create_match(ruleset="quick", difficulty="easy", snapshot={}, owner_user_id=uid)
        assert isinstance(refused.value.__cause__, IntegrityError)
        # Guests' matches are not limited: they count nowhere.
        create_match(ruleset="quick", difficulty="easy", snapshot={})
        create_match(ruleset="quick", difficulty="easy", snapshot={})


# --- item 4: old cookies -------------------------------------------------------------------


def test_the_guest_cookie_from_before_login_cannot_play_the_adopted_match(
    app: Flask, client: FlaskClient
) -> None:
    match_id = seat_winning_match(app, client)
    page = get(client)
    guest_cookie = client.get_cookie("session")
    assert guest_cookie is not None
    register(client, "alice")
    _, _, row = stored(app, match_id)
    assert row.owner_user_id == user_id(app, "alice")

    thief = app.test_client()
    thief.set_cookie("session", guest_cookie.value)
    assert "data-phase" not in get(thief).html  # no table: the match is not the guest's
    version = stored(app, match_id)[0]
    assert post_move(thief, page, "pass-upcard").status_code in (303, 400)
    data = {"csrf_token": page.token, "ruleset": "quick", "difficulty": "easy", "confirm": "1"}
    thief.post("/new", data=data)  # a guest's new match must not abandon the account's
    assert stored(app, match_id)[0] == version
    assert stored(app, match_id)[2].status == "active"
    assert outcome_of(app, match_id) is None


@pytest.mark.parametrize("remember", [False, True])
def test_cookies_captured_before_logout_are_refused_afterwards(
    app: Flask, client: FlaskClient, remember: bool
) -> None:
    register(client, "alice")
    logout(client)
    login(client, "alice", remember=remember)
    captured = {name: client.get_cookie(name) for name in ("session", "remember_token")}
    assert captured["session"] is not None
    assert (captured["remember_token"] is not None) is remember

    def copy(names: tuple[str, ...]) -> FlaskClient:
        other = app.test_client()
        for name in names:
            cookie = captured[name]
            if cookie is not None:
                other.set_cookie(name, cookie.value)
        return other

    assert copy(("session",)).get("/me").status_code == 200  # the copy works before logout
    if remember:
        assert copy(("remember_token",)).get("/me").status_code == 200
    logout(client)
    for names in (("session",), ("remember_token",), ("session", "remember_token")):
        if names == ("remember_token",) and not remember:
            continue
        response = copy(names).get("/me")
        assert response.status_code == 302, names
        assert "/login" in response.headers["Location"]


def test_a_login_elsewhere_ends_the_sessions_issued_before_it(
    app: Flask, client: FlaskClient
) -> None:
    register(client, "alice")
    before = client.get_cookie("session")
    assert before is not None
    other = app.test_client()
    login(other, "alice")
    stale = app.test_client()
    stale.set_cookie("session", before.value)
    assert stale.get("/me").status_code == 302
    assert other.get("/me").status_code == 200


def test_a_match_of_another_account_is_never_served(app: Flask, client: FlaskClient) -> None:
    register(client, "alice")
    logout(client)
    register(client, "bob")
    bob = user_id(app, "bob")
    logout(client)
    login(client, "alice")
    match_id = seat_match(app, client)
    with app.app_context():
        row = db.session.get(Match, match_id)
        assert row is not None
        row.owner_user_id = bob
        db.session.commit()
    assert "data-phase" not in get(client).html
