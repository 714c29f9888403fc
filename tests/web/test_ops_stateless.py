"""Statelessness, quickly: a match whose requests alternate between two app instances.

Two apps made by `create_app` on the same database and the same ``SECRET_KEY`` stand for two
servers behind a load balancer; one browser (one session cookie) sends each request to the
other app in turn. The full version with two gunicorn processes is `benchmarks/stateless.py`.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

import gin_engine as engine
from benchmarks.webclient import Table
from tests.web.play_helpers import CSRF
from webapp import create_app
from webapp.extensions import db
from webapp.models import Match as MatchRow

COOKIE = "session"


class Alternating:
    """One browser talking to two apps in turn, carrying its session cookie across."""

    def __init__(self, *apps: Flask) -> None:
        self.clients: list[FlaskClient] = [a.test_client() for a in apps]
        self.turn = 0
        self.served = [0] * len(apps)

    def _next(self) -> FlaskClient:
        index = self.turn % len(self.clients)
        self.turn += 1
        self.served[index] += 1
        return self.clients[index]

    def _share(self, source: FlaskClient) -> None:
        cookie = source.get_cookie(COOKIE)
        for other in self.clients:
            if other is source:
                continue
            if cookie is None:
                other.delete_cookie(COOKIE)
            else:
                other.set_cookie(COOKIE, cookie.value)

    def get(self, path: str) -> tuple[int, str]:
        client = self._next()
        response = client.get(path)
        self._share(client)
        return response.status_code, response.get_data(as_text=True)

    def post(self, path: str, data: dict[str, str]) -> int:
        client = self._next()
        response = client.post(path, data=data)
        self._share(client)
        return response.status_code


@pytest.fixture
def second_app(app: Flask, tmp_path: Path) -> Iterator[Flask]:
    """Another instance of the site on the same database with the same secret key."""
    other = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": app.config["SECRET_KEY"],
            "INSTANCE_PATH": str(tmp_path / "instance-2"),
            "SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"],
        }
    )
    yield other
    with other.app_context():
        db.session.remove()
        db.engine.dispose()


def stored(app: Flask) -> MatchRow:
    with app.app_context():
        rows = db.session.scalars(db.select(MatchRow)).all()
        assert len(rows) == 1
        db.session.expunge(rows[0])
        return rows[0]


def test_a_match_alternating_between_two_instances_plays_to_the_end(
    app: Flask, second_app: Flask
) -> None:
    browser = Alternating(app, second_app)
    status, index = browser.get("/")
    token = CSRF.search(index).group(1)  # type: ignore[union-attr]
    assert browser.post(
        "/new", {"csrf_token": token, "ruleset": "quick", "difficulty": "easy", "confirm": "1"}
    ) == 303
    status, html = browser.get("/play")
    table = Table(html)
    assert status == 200 and table.version == 1
    moves = 0
    while table.phase != "match-over":
        assert moves < 1000, "the match should end"
        fields = table.choose()
        assert fields is not None, f"no move on the page in phase {table.phase}"
        assert browser.post("/play", fields) == 303
        moves += 1
        status, html = browser.get("/play")
        after = Table(html)
        assert status == 200
        assert after.version == table.version + 1, "each move is applied exactly once"
        assert after.notices == [], "no stale form and no lost session"
        table = after
    assert table.settlement
    assert min(browser.served) > 0
    for instance in (app, second_app):
        row = stored(instance)
        assert row.status == "finished" and row.version == moves + 1
        game = engine.Match.from_dict(row.snapshot)
        assert game.phase is engine.Phase.MATCH_OVER
        hand = game.hand
        cards = [*hand.hands[0], *hand.hands[1], *hand.stock, *hand.discard_pile]
        assert len(set(cards)) == len(cards) == 52


def test_a_stale_form_is_refused_by_the_other_instance(app: Flask, second_app: Flask) -> None:
    """The version check lives in the database, not in a process: instance B refuses A's form."""
    browser = Alternating(app, second_app)
    _, index = browser.get("/")
    token = CSRF.search(index).group(1)  # type: ignore[union-attr]
    browser.post("/new", {"csrf_token": token, "ruleset": "standard", "difficulty": "easy"})
    _, html = browser.get("/play")
    table = Table(html)
    fields = table.choose()
    assert fields is not None
    assert browser.post("/play", fields) == 303  # applied by one instance
    assert browser.post("/play", fields) == 303  # resubmitted to the other: refused
    _, html = browser.get("/play")
    after = Table(html)
    assert after.version == table.version + 1
    assert len(after.notices) == 1
    assert stored(app).version == table.version + 1
