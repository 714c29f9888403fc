"""Helpers for playing the web table through its forms in tests."""

from __future__ import annotations

import http.client
import random
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from html import unescape
from typing import Any
from urllib.parse import urlsplit

from flask import Flask
from flask.testing import FlaskClient

import gin_engine as engine
from gin_engine.ai import make_bot
from webapp import games, matches
from webapp.matches import SESSION_MATCH_KEY
from webapp.models import GIN
from webapp.models import Match as MatchRow
from webapp.store import create_match

CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
PHASE = re.compile(r'data-phase="([a-z-]+)"')
VERSION = re.compile(r'data-version="(\d+)"')


@dataclass
class Page:
    status: int
    html: str

    @property
    def phase(self) -> str:
        found = PHASE.search(self.html)
        assert found, self.html[:500]
        return found.group(1)

    @property
    def version(self) -> int:
        found = VERSION.search(self.html)
        assert found
        return int(found.group(1))

    @property
    def token(self) -> str:
        found = CSRF.search(self.html)
        assert found, "no CSRF token on the page"
        return found.group(1)


def get(client: FlaskClient, path: str = "/play") -> Page:
    response = client.get(path)
    return Page(response.status_code, response.get_data(as_text=True))


def post_move(
    client: FlaskClient, page: Page, action: str, card: str | None = None, **extra: Any
) -> Any:
    data = {"csrf_token": page.token, "version": str(page.version), "action": action}
    if card is not None:
        data["card"] = card
    data.update(extra)
    return client.post("/play", data=data)


def refusal_shown(client: FlaskClient, response: Any, table: str = "/play") -> tuple[str, str]:
    """A move the rules refused: answered with a 303 back to ``table`` (nothing to resubmit),
    which then says why. Returns the refusal and the table's page."""
    assert response.status_code == 303, response.status_code
    assert response.location == table + "#table", response.location
    html = client.get(table).get_data(as_text=True)
    assert html.count("data-refusal>") == 1, "the refusal is shown once"
    return html.split("data-refusal>", 1)[1].split("</p>", 1)[0], html


def stored(app: Flask, match_id: str) -> tuple[int, dict[str, Any], MatchRow]:
    with app.app_context():
        from webapp.extensions import db

        row = db.session.get(MatchRow, match_id)
        assert row is not None
        db.session.expunge(row)
        return row.version, row.snapshot, row


def stored_rows(app: Flask) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table as the database driver reads it (on SQLite the stored text
    itself), to check that a refused request left the database byte for byte as it was."""
    from webapp.extensions import db

    with app.app_context():
        connection = db.session.connection()
        rows = {
            table.name: [tuple(row) for row in connection.exec_driver_sql(
                f'SELECT * FROM "{table.name}" ORDER BY 1'
            )]
            for table in db.metadata.sorted_tables
        }
        db.session.remove()
    return rows


def seat_match(
    app: Flask,
    client: FlaskClient,
    deck: list[engine.Card] | None = None,
    ruleset: str = "standard",
    difficulty: str = "easy",
    seed: int = 0,
    game: engine.Match | None = None,
    owner: int | None = None,
) -> str:
    """Store a match (optionally from a stacked deck, or ``game`` as it is) and make it this
    client's match: a guest's, or dealt to the account ``owner`` (ranked, as a match started
    logged in)."""
    with app.test_request_context():
        if game is None:
            game = engine.Match.new(
                engine.preset(ruleset), random.Random(seed), first_dealer=1, deck=deck
            )
            matches.computer_replies(games.named(GIN), game, difficulty)
        row = create_match(
            game=GIN, ruleset=ruleset, difficulty=difficulty, snapshot=game.to_dict(),
            owner_user_id=owner,
        )
        match_id = row.id
    with client.session_transaction() as session:
        session[SESSION_MATCH_KEY] = match_id
    return match_id


def person_choice(snapshot: dict[str, Any], rng: random.Random) -> engine.Action:
    """What a sensible person would play, decided from the person's own view only."""
    game = engine.Match.from_dict(snapshot)
    return make_bot("easy", rng).choose(game.view(0))


def form_fields(action: engine.Action) -> tuple[str, str | None]:
    text = engine.format_action(action).split()
    return text[0], (text[1] if len(text) > 1 else None)


def whole_match(app: Flask, client: FlaskClient, match_id: str, seed: int = 1) -> Iterator[Page]:
    """Every table page of the client's match ``match_id``, the person playing sensibly
    (`person_choice`, seeded), up to and with the match-over page."""
    rng = random.Random(seed)
    for _ in range(3000):
        page = get(client)
        yield page
        if page.phase == "match-over":
            return
        name, card = form_fields(person_choice(stored(app, match_id)[1], rng))
        assert post_move(client, page, name, card).status_code == 303
    raise AssertionError("the match did not end")


def post_at_once(base_url: str, path: str, body: str, session_cookie: str, count: int) -> list[int]:
    """POST ``body`` to ``path`` of a live server from ``count`` threads released together
    (one browser session: the same cookie); the response statuses, in order of arrival."""
    address = urlsplit(base_url)
    barrier = threading.Barrier(count)
    statuses: list[int] = []

    def submit() -> None:
        connection = http.client.HTTPConnection(address.hostname, address.port, timeout=60)
        barrier.wait()
        connection.request("POST", path, body=body, headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"session={session_cookie}",
        })
        statuses.append(connection.getresponse().status)
        connection.close()

    threads = [threading.Thread(target=submit) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return statuses


HINT_LINE = re.compile(r'<p[^>]*role="status"[^>]*>(<strong>.*?)</p>', re.S)


def hint_line(html: str) -> str:
    """Either table's hint as it reads: its label and sentences, tags left out, spaces kept."""
    found = HINT_LINE.search(html)
    assert found is not None, "no hint on the page"
    return unescape(re.sub(r"<[^>]+>", "", found.group(1)))
