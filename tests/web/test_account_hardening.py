"""Look-alike and invisible usernames, weak passwords, private pages kept out of caches, a
limit on new matches and the purge of abandoned guest matches (issue 14, item 7)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from tests.web.account_helpers import register, token
from tests.web.play_helpers import seat_match
from webapp.extensions import db
from webapp.models import Match, MatchStatus, utcnow


def register_en(client: FlaskClient, name: str, password: str = "correct horse") -> str:
    client.get("/?lang=en")
    response = register(client, name, password)
    return "" if response.status_code == 303 else response.get_data(as_text=True)


@pytest.mark.parametrize(
    "look_alike",
    ["аdmin",  # Cyrillic а
     "ADMIN", "Ａdmin",  # case, full width
     "adrnin"],  # rn looks like m
)
def test_a_look_alike_of_a_taken_name_is_taken(app: Flask, look_alike: str) -> None:
    assert register_en(app.test_client(), "admin") == ""
    page = register_en(app.test_client(), look_alike)
    assert "That username is taken" in page


def test_names_that_only_look_different_by_digit_and_letter_clash(app: Flask) -> None:
    assert register_en(app.test_client(), "b0b_the_builder") == ""
    assert "That username is taken" in register_en(app.test_client(), "bob_the_builder")


@pytest.mark.parametrize("name", ["Admin\u3164", "\u3164\u3164\u3164", "ab\uffa0c", "\u115fabc"])
def test_invisible_fillers_are_refused(client: FlaskClient, name: str) -> None:
    page = register_en(client, name)
    assert "A username has 3 to 20 characters" in page


@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("12345678", "one of the most common ones"),
        ("password", "one of the most common ones"),
        ("PassWord", "one of the most common ones"),
        ("iloveyou", "one of the most common ones"),
        (" " * 8, "spaces only"),
        ("\u3000" * 8, "spaces only"),
        ("alice_wonder", "must not be your username"),
        ("ALICE_WONDER", "must not be your username"),
    ],
)
def test_weak_passwords_are_refused_with_a_reason(
    client: FlaskClient, password: str, message: str
) -> None:
    page = register_en(client, "alice_wonder", password)
    assert message in page


def test_weak_password_messages_are_translated(client: FlaskClient) -> None:
    client.get("/?lang=zh-Hant")
    page = register(client, "alice_wonder", "12345678").get_data(as_text=True)
    assert "最常見" in page


def test_names_are_isolated_so_right_to_left_text_cannot_reorder_the_page(
    app: Flask, client: FlaskClient
) -> None:
    name = "שלום_עולם"
    assert register_en(client, name) == ""
    assert f"<bdi>{name}</bdi>" in client.get("/me").get_data(as_text=True)
    assert f"<bdi>{name}</bdi>" in client.get(f"/u/{name}").get_data(as_text=True)


@pytest.mark.parametrize("path", ["/play", "/login", "/register", "/me"])
def test_private_pages_are_never_stored(app: Flask, client: FlaskClient, path: str) -> None:
    register(client, "carol")
    seat_match(app, client)
    if path in ("/login", "/register"):
        client = app.test_client()
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"


def test_public_pages_may_be_cached(client: FlaskClient) -> None:
    assert "no-store" not in client.get("/rules").headers.get("Cache-Control", "")


def test_new_matches_are_rate_limited(app: Flask, client: FlaskClient) -> None:
    app.config["NEW_MATCH_RATE_LIMIT"] = "3 per minute"
    data = {"csrf_token": token(client, "/"), "ruleset": "quick", "difficulty": "easy",
            "confirm": "1"}
    statuses = [client.post("/new", data=data).status_code for _ in range(4)]
    assert statuses == [303, 303, 303, 429]
    with app.app_context():
        assert db.session.query(Match).count() == 3


def test_abandoned_guest_matches_are_purged_after_a_day(
    app: Flask, runner: FlaskCliRunner
) -> None:
    old, fresh = seat_match(app, app.test_client()), seat_match(app, app.test_client())
    with app.app_context():
        for match_id, age in ((old, timedelta(hours=25)), (fresh, timedelta(hours=23))):
            row = db.session.get(Match, match_id)
            assert row is not None
            row.status, row.updated_at = MatchStatus.ABANDONED, utcnow() - age
        db.session.commit()
    result = runner.invoke(args=["purge-guest-matches", "--days", "30"])
    assert result.exit_code == 0, result.output
    with app.app_context():
        assert db.session.get(Match, old) is None
        assert db.session.get(Match, fresh) is not None
