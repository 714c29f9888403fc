"""The session cookie is re-sent when it changes or is an hour old, not with every page."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from itsdangerous import TimestampSigner

from webapp.matches import SESSION_MATCH_KEY

COOKIE = "session"


def start_match(client: FlaskClient, token: str) -> str:
    response = client.post(
        "/new", data={"csrf_token": token, "ruleset": "standard", "difficulty": "easy"}
    )
    assert response.status_code == 303
    assert "Set-Cookie" in response.headers  # the session now names the match
    with client.session_transaction() as session:
        match_id = session[SESSION_MATCH_KEY]
    assert isinstance(match_id, str)
    return match_id


def signed_at(
    app: Flask, monkeypatch: pytest.MonkeyPatch, data: dict[str, Any], when: datetime
) -> str:
    """The session cookie the site would have sent at ``when``."""
    serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    with monkeypatch.context() as patch:
        patch.setattr(TimestampSigner, "get_timestamp", lambda self: int(when.timestamp()))
        return str(serializer.dumps(data))


def test_an_unchanged_session_is_not_sent_again(
    client: FlaskClient, csrf_token: Callable[[FlaskClient, str], str]
) -> None:
    start_match(client, csrf_token(client, "/"))
    for _ in range(3):
        response = client.get("/play")
        assert response.status_code == 200
        assert 'data-phase="' in response.get_data(as_text=True)
        assert "Set-Cookie" not in response.headers


def test_a_session_signed_over_an_hour_ago_is_renewed(
    app: Flask,
    client: FlaskClient,
    csrf_token: Callable[[FlaskClient, str], str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match_id = start_match(client, csrf_token(client, "/"))
    with client.session_transaction() as session:
        data = dict(session)
    assert data.get("_permanent") is True
    two_hours_ago = datetime.now(UTC) - timedelta(hours=2)
    client.set_cookie(COOKIE, signed_at(app, monkeypatch, data, two_hours_ago))

    response = client.get("/play")
    assert response.status_code == 200
    assert 'data-phase="' in response.get_data(as_text=True)  # still the same match
    renewed = response.headers["Set-Cookie"]
    assert renewed.startswith(f"{COOKIE}=")
    expires = datetime.strptime(
        renewed.split("Expires=")[1].split(";")[0], "%a, %d %b %Y %H:%M:%S GMT"
    ).replace(tzinfo=UTC)
    assert timedelta(days=29, hours=23) < expires - datetime.now(UTC) <= timedelta(days=30)
    with client.session_transaction() as session:
        assert session[SESSION_MATCH_KEY] == match_id
    assert "Set-Cookie" not in client.get("/play").headers  # fresh again


def test_a_session_older_than_its_lifetime_is_not_accepted(
    app: Flask,
    client: FlaskClient,
    csrf_token: Callable[[FlaskClient, str], str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    start_match(client, csrf_token(client, "/"))
    with client.session_transaction() as session:
        data = dict(session)
    client.set_cookie(
        COOKIE, signed_at(app, monkeypatch, data, datetime.now(UTC) - timedelta(days=31))
    )
    response = client.get("/play")
    assert response.status_code == 200
    assert 'data-phase="' not in response.get_data(as_text=True)  # no match in this session


def test_a_tampered_cookie_starts_a_new_session(client: FlaskClient) -> None:
    client.set_cookie(COOKIE, "eyJtYXRjaF9pZCI6Im5vdC1taW5lIn0.AAAAAA.forged-signature")
    response = client.get("/play")
    assert response.status_code == 200
    assert 'data-phase="' not in response.get_data(as_text=True)
