"""Text no page could have sent is answered the same on SQLite and PostgreSQL (issue 45):
a control character (NUL above all, which PostgreSQL refuses in a string where SQLite finds
nothing) in a path is a 404, in a query or a form a translated 400, before anything reaches
the database; a path's number is ASCII digits; a new match's confirmation is ``confirm=1`` or
a 400; a 429 says when to try again. Run with TEST_DATABASE_URL too."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.account_helpers import register, token
from tests.web.play_helpers import stored_rows
from tests.web.review_helpers import seat_game, simulated

pytestmark = pytest.mark.db

UNREADABLE_ADDRESS = {
    "en": "That address holds a character that cannot be read.",
    "zh_Hans": "这个地址里有无法识别的字符",
}
BAD_FORM = {
    "en": "The form&#39;s contents are not valid. Reload the page and try again.",
    "zh_Hans": "表单内容有误，请刷新页面后重试。",
}


@pytest.fixture
def finished(app: Flask, client: FlaskClient) -> str:
    """A guest's match whose first hand is over, its reviews open to this client."""
    return seat_game(app, client, simulated("standard", 21), "standard")


def test_a_control_character_in_a_path_is_no_page(app: Flask, client: FlaskClient,
                                                   finished: str) -> None:
    register(client, "alice")
    # Its review is kept once shown; the token comes from it.
    data = {"csrf_token": token(client, f"/review/{finished}/1"), "confirm": "1"}
    before = stored_rows(app)
    for path in ("/u/%00", "/u/alice%00", "/u/%00/charts", "/u/alice%00/charts",
                 "/u/alice%01", "/u/alice%7F", "/review/%00/1", f"/review/{finished}%00",
                 f"/review/{finished}%00/1", f"/review/{finished}%0A/1"):
        assert client.get(path).status_code == 404, path
    practice = f"/review/{finished}%00/1/practice"
    assert client.post(practice, data=data).status_code == 404
    assert stored_rows(app) == before


@pytest.mark.parametrize("lang", ["en", "zh_Hans"])
def test_a_control_character_in_a_query_is_a_translated_400(client: FlaskClient,
                                                            lang: str) -> None:
    client.get(f"/?lang={lang}")
    register(client, "alice")
    for path in ("/u/alice?game=%00", "/leaderboard?page=1%00", "/verify?seed=%00",
                 "/play?hint=%00"):
        response = client.get(path)
        assert response.status_code == 400, path
        assert UNREADABLE_ADDRESS[lang] in response.get_data(as_text=True), path


@pytest.mark.parametrize("lang", ["en", "zh_Hans"])
def test_a_control_character_in_a_form_is_a_translated_400(app: Flask, client: FlaskClient,
                                                           lang: str) -> None:
    client.get(f"/?lang={lang}")
    register(client, "alice")
    client.post("/logout", data={"csrf_token": token(client, "/")})
    before = stored_rows(app)
    for username, password in (("a\x00b", "correct horse"), ("alice", "correct\x00horse"),
                               ("alice\x1b", "correct horse")):
        data = {"csrf_token": token(client, "/login"), "username": username,
                "password": password}
        response = client.post("/login", data=data)
        assert response.status_code == 400, repr(username)
        assert BAD_FORM[lang] in response.get_data(as_text=True)
    data = {"csrf_token": token(client, "/register"), "username": "bob\x00",
            "password": "correct horse", "confirm": "correct horse"}
    assert client.post("/register", data=data).status_code == 400
    assert stored_rows(app) == before


def test_a_number_in_a_path_is_ascii_digits(client: FlaskClient, finished: str) -> None:
    assert client.get(f"/review/{finished}/1").status_code == 200
    for digit in ("١", "１", "۱", "¹"):
        assert client.get(f"/review/{finished}/{digit}").status_code == 404, digit
        data = {"csrf_token": token(client, f"/review/{finished}/1"), "confirm": "1"}
        assert client.post(f"/review/{finished}/{digit}/practice", data=data).status_code == 404


@pytest.mark.parametrize("value", ["١", "１", "2", "yes", ""])
def test_a_confirmation_is_1_or_a_400(app: Flask, client: FlaskClient, finished: str,
                                      value: str) -> None:
    """The question's own button sends ``confirm=1``; a form with any other value was not
    made by it (docs/fair-play.md: "Forms read one way")."""
    client.get("/?lang=en")
    again = {"csrf_token": token(client, f"/review/{finished}/1"), "confirm": value}
    # ``finished`` is still running (its first hand is over): both forms would ask first.
    before = stored_rows(app)
    start = {"csrf_token": token(client, "/"), "ruleset": "standard", "difficulty": "easy",
             "confirm": value}
    response = client.post("/new", data=start)
    assert response.status_code == 400
    assert BAD_FORM["en"] in response.get_data(as_text=True)
    assert client.post(f"/review/{finished}/1/practice", data=again).status_code == 400
    assert stored_rows(app) == before


def test_a_429_says_when_to_try_again(app: Flask, client: FlaskClient) -> None:
    app.config["NEW_MATCH_RATE_LIMIT"] = "1 per minute"
    start = {"csrf_token": token(client, "/"), "ruleset": "standard", "difficulty": "easy",
             "confirm": "1"}
    assert client.post("/new", data=start).status_code == 303
    limited = client.post("/new", data=start)
    assert limited.status_code == 429
    assert 0 < int(limited.headers["Retry-After"]) <= 60
