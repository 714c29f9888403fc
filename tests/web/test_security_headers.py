"""Security headers on every kind of response, and no script in any page."""

from __future__ import annotations

import random

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.web.account_helpers import register
from tests.web.play_helpers import form_fields, get, person_choice, post_move, seat_match, stored

REQUIRED = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
CSP_DIRECTIVES = (
    "script-src 'none'",
    "default-src 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
)


def assert_secured(response: TestResponse, what: str) -> None:
    csp = response.headers.get("Content-Security-Policy", "")
    for directive in CSP_DIRECTIVES:
        assert directive in csp, f"{what}: CSP lacks {directive!r}: {csp!r}"
    for name, value in REQUIRED.items():
        assert response.headers.get(name) == value, f"{what}: {name}"
    if response.mimetype == "text/html":
        assert "<script" not in response.get_data(as_text=True).lower(), what


def test_start_info_and_account_pages(client: FlaskClient) -> None:
    for path in (
        "/", "/?lang=en", "/rules", "/faq", "/strategy", "/leaderboard", "/login", "/register",
        "/play",  # no match yet
        "/me",  # a guest is sent to log in
        "/u/nobody",
    ):
        response = client.get(path)
        assert_secured(response, path)
        if response.status_code in (302, 303):
            assert_secured(client.get(response.headers["Location"]), f"{path} → redirect")


def test_error_pages(app: Flask, client: FlaskClient) -> None:
    app.config["WTF_CSRF_ENABLED"] = True
    seat_match(app, client)
    cases = {
        "/no-such-page": 404,
        "/static/no-such-file.css": 404,
        "/play?confirm=maybe": 400,
        "/logout": 405,  # GET of a POST-only route
    }
    for path, status in cases.items():
        response = client.get(path)
        assert response.status_code == status, path
        assert_secured(response, path)
    refused = client.post("/new", data={"ruleset": "standard", "difficulty": "easy"})
    assert refused.status_code == 400  # no CSRF token
    assert_secured(refused, "CSRF 400")


def test_rate_limited_page(app: Flask, client: FlaskClient) -> None:
    app.config["WTF_CSRF_ENABLED"] = False
    statuses = []
    for _ in range(12):
        response = client.post("/login", data={"username": "nobody", "password": "wrong"})
        statuses.append(response.status_code)
        assert_secured(response, f"login attempt → {response.status_code}")
    assert 429 in statuses


def test_server_error_page(app: Flask, client: FlaskClient) -> None:
    app.config["PROPAGATE_EXCEPTIONS"] = False
    match_id = seat_match(app, client)
    from webapp.extensions import db
    from webapp.models import Match

    with app.app_context():
        row = db.session.get(Match, match_id)
        row.snapshot = {"v": "broken"}
        db.session.commit()
    response = client.get("/play")
    assert response.status_code == 500
    assert_secured(response, "500")


def test_static_files_and_healthz(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert "/static/css/site.css?v=" in page
    for path in ("/static/css/site.css", "/healthz"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert_secured(response, path)
    href = page.split('href="/static/css/site.css', 1)[1].split('"', 1)[0]
    assert_secured(client.get("/static/css/site.css" + href), "versioned CSS")


def test_table_in_every_phase_of_a_match(app: Flask, client: FlaskClient) -> None:
    """Play a quick match through the forms; every page on the way carries the headers."""
    match_id = seat_match(app, client, ruleset="quick", seed=3)
    rng = random.Random(3)
    phases: set[str] = set()
    for _ in range(3000):
        response = client.get("/play")
        assert_secured(response, "table")
        page = get(client)
        phases.add(page.phase)
        if page.phase == "match-over":
            break
        if page.phase == "discard":
            for extra in ("?hint=1", "?confirm=knock"):
                assert_secured(client.get("/play" + extra), f"table {page.phase} {extra}")
        elif page.phase in ("upcard", "draw"):
            assert_secured(client.get("/play?hint=1"), f"table {page.phase} hint")
        _, snapshot, _ = stored(app, match_id)
        name, card = form_fields(person_choice(snapshot, rng))
        moved = post_move(client, page, name, card)
        assert moved.status_code == 303
        assert_secured(moved, f"move {name}")
    assert {"upcard", "draw", "discard", "hand-over", "match-over"} <= phases, phases
    assert_secured(post_move(client, get(client), "pass-upcard"), "refused or stale move")


def test_logged_in_pages(app: Flask, client: FlaskClient) -> None:
    register(client, "headers_user")
    for path in ("/me", "/u/headers_user", "/leaderboard", "/"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert_secured(response, path)

