"""Accounts: register, log in, log out, rate limits, safe redirects, session rotation."""

from __future__ import annotations

import json

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from tests.web.account_helpers import PASSWORD, login, logout, register, seat_winning_match, token
from webapp.accounts.names import username_key, valid_username
from webapp.accounts.service import safe_next
from webapp.extensions import db
from webapp.models import Match, User

WRONG = "Wrong username or password."


@pytest.fixture
def en(client: FlaskClient) -> FlaskClient:
    client.get("/?lang=en")
    return client


def html(response) -> str:
    return response.get_data(as_text=True)


def test_register_logs_in_and_shows_the_name_with_a_logout_button(app: Flask, en: FlaskClient):
    response = register(en, "小明_01")
    assert response.status_code == 303 and response.headers["Location"] == "/"
    page = html(en.get("/"))
    assert "小明_01" in page
    assert 'action="/logout"' in page and 'method="post"' in page
    assert 'href="/login' not in page
    with app.app_context():
        user = db.session.scalar(select(User))
        assert user is not None and user.username == "小明_01"
        assert user.password_hash.startswith("$argon2id$")
        assert PASSWORD not in user.password_hash


def test_login_and_logout(en: FlaskClient):
    register(en, "alice")
    logout(en)
    assert "alice" not in html(en.get("/"))
    response = login(en, "ALICE")
    assert response.status_code == 303
    assert "alice" in html(en.get("/"))
    assert en.get("/me").status_code == 200


def test_wrong_password_and_unknown_user_get_the_same_answer(en: FlaskClient):
    register(en, "alice")
    logout(en)
    wrong = login(en, "alice", "not the password")
    unknown = login(en, "nobody_here", "not the password")
    assert wrong.status_code == unknown.status_code == 422
    assert WRONG in html(wrong) and WRONG in html(unknown)
    assert "alice" not in html(en.get("/"))
    assert en.get("/me").status_code == 302


@pytest.mark.parametrize("other", ["ALICE", "Alice", "ａｌｉｃｅ", "ＡＬＩＣＥ"])
def test_a_name_is_taken_regardless_of_case(app: Flask, client: FlaskClient, other: str):
    client.get("/?lang=en")
    register(client, "alice")
    logout(client)
    response = register(client, other)
    assert response.status_code == 422
    assert "That username is taken." in html(response)
    with app.app_context():
        assert len(db.session.scalars(select(User)).all()) == 1


@pytest.mark.parametrize(
    ("name", "password", "confirm", "message"),
    [
        ("ab", PASSWORD, None, "A username has 3 to 20 characters"),
        ("a" * 21, PASSWORD, None, "A username has 3 to 20 characters"),
        ("bad-name", PASSWORD, None, "A username has 3 to 20 characters"),
        ("with space", PASSWORD, None, "A username has 3 to 20 characters"),
        ("bob", "short", None, "The password must have 8 to 256 characters."),
        ("bob", PASSWORD, "something else", "The two passwords differ."),
        ("", PASSWORD, None, "Choose a username."),
    ],
)
def test_registration_explains_what_is_wrong(
    app: Flask, en: FlaskClient, name: str, password: str, confirm: str | None, message: str
):
    response = register(en, name, password, confirm)
    assert response.status_code == 422
    assert message in html(response)
    assert 'aria-invalid="true"' in html(response)
    with app.app_context():
        assert db.session.scalar(select(User)) is None


def test_form_errors_are_translated(client: FlaskClient):
    client.get("/?lang=zh-Hans")
    response = register(client, "ab")
    assert "用户名" in html(response) and "A username has" not in html(response)
    response = login(client, "nobody", "whatever1")
    assert "用户名或密码错误" in html(response)


def test_usernames_allow_letters_of_any_script_digits_and_underscores():
    assert valid_username("小明_01") and valid_username("張三豐") and valid_username("Zoë_9")
    assert not valid_username("a.b") and not valid_username("ab") and not valid_username("👍👍👍")
    assert username_key("ÄLICE") == username_key("älice")


def test_logout_needs_a_post_with_a_token(en: FlaskClient):
    register(en, "alice")
    assert en.get("/logout").status_code == 405
    assert en.post("/logout").status_code == 400  # no CSRF token
    assert "alice" in html(en.get("/"))
    response = logout(en)
    assert response.status_code == 303 and response.headers["Location"] == "/"
    assert "alice" not in html(en.get("/"))


def test_login_and_registration_are_rate_limited(app: Flask, client: FlaskClient):
    app.config["AUTH_RATE_LIMIT"] = "3 per minute"
    client.get("/?lang=zh-Hans")
    for _ in range(3):
        assert login(client, "nobody", "whatever1").status_code == 422
    limited = login(client, "nobody", "whatever1")
    assert limited.status_code == 429
    assert "尝试次数过多" in html(limited)
    # Showing the form is not an attempt.
    assert client.get("/login").status_code == 200
    for _ in range(3):
        register(client, "x")
    assert register(client, "x").status_code == 429


@pytest.mark.parametrize(
    "target", ["//evil.com", "https://evil.com/", "/\\evil.com", "http:/evil.com", "///evil.com",
               "javascript:alert(1)", "evil.com"],
)
def test_next_never_leaves_the_site(client: FlaskClient, target: str):
    register(client, "alice")
    logout(client)
    response = login(client, "alice", next=target)
    assert response.status_code == 303
    assert response.headers["Location"] == "/"
    assert safe_next(target) is None


def test_a_next_with_a_control_character_is_refused(client: FlaskClient):
    """No page sends one (`webapp.form_rules`): the form is refused, nobody is logged in."""
    register(client, "alice")
    logout(client)
    response = login(client, "alice", next="/\t/evil.com")
    assert response.status_code == 400 and "Location" not in response.headers
    assert client.get("/me").status_code == 302
    assert safe_next("/\t/evil.com") is None


def test_next_returns_to_a_page_of_this_site(client: FlaskClient):
    response = client.get("/me")
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/login?next=")
    page = html(client.get(response.headers["Location"]))
    assert 'name="next" type="hidden" value="/me"' in page
    register(client, "alice", next="/leaderboard?period=week")
    logout(client)
    response = login(client, "alice", next="/me")
    assert response.headers["Location"] == "/me"


def session_data(client: FlaskClient) -> dict:
    with client.session_transaction() as session:
        return dict(session)


def test_the_session_is_rotated_at_login(app: Flask, client: FlaskClient):
    client.get("/?lang=en")
    match_id = seat_winning_match(app, client)
    token(client, "/login")
    with client.session_transaction() as session:
        session["planted"] = "by someone else"
    before = session_data(client)
    assert register(client, "alice").status_code == 303
    after = session_data(client)
    assert "planted" not in after
    assert after.get("csrf_token") != before.get("csrf_token")
    assert after["match_id"] == match_id and after["lang"] == "en"
    assert after["_user_id"]


def test_remember_me_sets_a_long_lived_cookie_only_when_asked(client: FlaskClient):
    register(client, "alice")
    logout(client)
    login(client, "alice")
    assert client.get_cookie("remember_token") is None
    logout(client)
    login(client, "alice", remember=True)
    assert client.get_cookie("remember_token") is not None
    logout(client)
    assert client.get_cookie("remember_token") is None


def test_logout_forgets_the_accounts_match(app: Flask, client: FlaskClient):
    seat_winning_match(app, client)
    register(client, "alice")
    logout(client)
    assert "match_id" not in session_data(client)


def test_a_player_returns_to_their_running_match_on_another_device(app: Flask):
    first, second = app.test_client(), app.test_client()
    match_id = seat_winning_match(app, first)
    register(first, "alice")
    login(second, "alice")
    assert session_data(second)["match_id"] == match_id
    with app.app_context():
        row = db.session.get(Match, match_id)
        assert row is not None and row.owner_user_id is not None


def test_the_session_cookie_holds_no_password(client: FlaskClient):
    register(client, "alice")
    assert PASSWORD not in json.dumps(session_data(client))


def test_behind_a_trusted_proxy_each_client_has_its_own_limit(tmp_path, database_url):
    from flask_migrate import upgrade

    from webapp import MIGRATIONS_DIR, create_app

    app = create_app({
        "TESTING": True, "SECRET_KEY": "k", "INSTANCE_PATH": str(tmp_path / "proxied"),
        "SQLALCHEMY_DATABASE_URI": database_url, "TRUSTED_PROXIES": 1,
        "AUTH_RATE_LIMIT": "1 per minute",
    })
    with app.app_context():
        upgrade(directory=str(MIGRATIONS_DIR))
    def attempt(client: FlaskClient, address: str) -> int:
        data = {"csrf_token": token(client, "/login"), "username": "x", "password": "y" * 8}
        return client.post("/login", data=data, headers={"X-Forwarded-For": address}).status_code

    one, two = app.test_client(), app.test_client()
    assert attempt(one, "203.0.113.1") == 422
    assert attempt(two, "203.0.113.2") == 422
    assert attempt(one, "203.0.113.1") == 429
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def test_logging_in_as_someone_else_leaves_the_first_accounts_match(
    app: Flask, client: FlaskClient
):
    match_id = seat_winning_match(app, client)
    register(client, "alice")
    register(client, "bob")  # without logging out first
    assert "match_id" not in session_data(client)
    with app.app_context():
        row = db.session.get(Match, match_id)
        assert row is not None and row.owner_user_id is not None
        owner = db.session.get(User, row.owner_user_id)
        assert owner is not None and owner.username == "alice"
