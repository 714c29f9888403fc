"""Every route of the URL map, walked with a running match of each game, logged in and as a
guest: a response that shows the person's hand, a hint, a refusal or account data carries
``Cache-Control: no-store``, and a page that shows none of these stays cacheable."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.routing import Rule
from werkzeug.test import TestResponse

import gin_engine as engine
import romme_engine as romme
from tests.web.account_helpers import register, token
from tests.web.play_helpers import stored
from webapp.matches import SESSION_MATCH_KEY
from webapp.models import GIN, ROMME
from webapp.pages.content import PAGES

NAME = "private_walker"
DATA_CARD = re.compile(r'data-card="([^"]+)"')
# Both tables show the person's hand in this section (the rules pages' examples show cards
# too, which may happen to be the person's).
HAND_ZONE = re.compile(r'data-zone="hand".*?</section>', re.S)
# Arguments of the routes that take one: the walker's own page, a real static file, a
# review of a match that is nobody's (a 404, private: it looked for one person's match), a
# daily's day long closed that had none (a 404).
ROUTE_ARGUMENTS = {"name": NAME, "filename": "css/site.css", "match_id": "x" * 22, "number": 1,
                   "game": GIN, "day": "2026-01-01",
                   "puzzle_id": 1, "token": "x" * 22, "decision": 1}
# Extra addresses of the tables' GET routes: the hint and a knock's confirmation.
TABLE_QUERIES = {"gin.table": ("?hint=1", "?confirm=knock"), "romme.table": ("?hint=1",)}
# The reading pages of the games not at root are one route: each of Rommé's pages.
ROUTE_VALUES = {"pages.game_page": tuple({"game": ROMME, "page": page} for page in PAGES)}
TABLE_MOVE = {GIN: "gin.move", ROMME: "romme.move"}
START = {
    GIN: {"ruleset": "standard", "difficulty": "easy"},
    ROMME: {"game": "romme", "ruleset": "romme", "opponents": "2", "difficulty": "easy"},
}
# A move the rules refuse on the person's first turn: a 303 back to the table, which then
# shows the refusal. Gin: knocking before drawing; Rommé: laying off on a meld that is not there.
REFUSED = {
    GIN: {"action": "knock", "card": "{card}"},
    ROMME: {"action": "lay-off", "cards": "{card}", "meld": "99"},
}


@dataclass
class Seen:
    """One response of the walk and whether it showed something of one person's."""

    what: str
    response: TestResponse
    shows: str | None  # the private thing it showed, or None

    @property
    def stored(self) -> bool:
        return self.response.headers.get("Cache-Control") != "no-store"


def person_hand(app: Flask, match_id: str | None) -> set[str]:
    if match_id is None:
        return set()
    _version, snapshot, row = stored(app, match_id)
    if row.game == ROMME:
        return {str(c) for c in romme.Match.from_dict(snapshot).view(0).hand}
    return {str(c) for c in engine.Match.from_dict(snapshot).view(0).hand}


def private_content(body: str, hand: set[str], logged_in: bool) -> str | None:
    """What of one person's the page shows: a card of the hand, the account, a password form."""
    text = unescape(body)
    zones = "".join(HAND_ZONE.findall(text))
    shown = hand & set(DATA_CARD.findall(zones))
    if shown:
        return f"hand card {sorted(shown)[0]}"
    if logged_in and NAME in text:
        return "the account's name"
    if 'type="password"' in text:
        return "a password form"
    return None


def version_of(body: str) -> str:
    found = re.search(r'name="version" value="(\d+)"', body)
    return found.group(1) if found else "1"


def walk(app: Flask, client: FlaskClient, logged_in: bool, game: str | None = None
         ) -> Iterator[Seen]:
    """GET every GET route (the tables also with their queries), then POST every POST route
    a form of one stray field, and to ``game``'s table a move the rules refuse."""
    with client.session_transaction() as session:
        match_id = session.get(SESSION_MATCH_KEY)
    hand = person_hand(app, match_id)
    rules = sorted(app.url_map.iter_rules(), key=lambda r: (r.endpoint == "accounts.logout",
                                                             r.rule))

    def seen(what: str, response: TestResponse) -> Seen:
        return Seen(what, response, private_content(response.get_data(as_text=True), hand,
                                                    logged_in))

    for rule in rules:
        if "GET" not in (rule.methods or ()):
            continue
        for values in ROUTE_VALUES.get(rule.endpoint, ({},)):
            path = _path(rule, values)
            for query in ("", *TABLE_QUERIES.get(rule.endpoint, ())):
                yield seen(f"GET {path}{query}", client.get(path + query))
    for rule in rules:
        if "POST" not in (rule.methods or ()):
            continue
        path = _path(rule)
        form = {"csrf_token": token(client, "/")}
        yield seen(f"POST {path} (stray field)", client.post(path, data={**form, "x": "1"}))
        if game is not None and rule.endpoint == TABLE_MOVE[game]:
            table = client.get(path).get_data(as_text=True)
            fields = {k: v.format(card=sorted(hand)[0]) for k, v in REFUSED[game].items()}
            refused = client.post(path, data={**form, "version": version_of(table), **fields})
            assert refused.status_code == 303, (path, refused.status_code)
            yield seen(f"POST {path} (refused)", refused)
            shown = client.get(path)
            assert "data-refusal>" in shown.get_data(as_text=True)
            yield seen(f"GET {path} (after the refusal)", shown)


def _path(rule: Rule, values: Mapping[str, str] | None = None) -> str:
    _domain, path = rule.build(values or {k: ROUTE_ARGUMENTS[k] for k in rule.arguments})
    return path


def start(app: Flask, client: FlaskClient, game: str, logged_in: bool) -> None:
    if logged_in:
        assert register(client, NAME).status_code == 303
    data = {"csrf_token": token(client, "/"), **START[game]}
    assert client.post("/new", data=data).status_code == 303


@pytest.mark.parametrize("logged_in", [True, False], ids=["logged-in", "guest"])
@pytest.mark.parametrize("game", [GIN, ROMME])
def test_every_response_showing_a_hand_or_an_account_is_no_store(
    app: Flask, client: FlaskClient, game: str, logged_in: bool
) -> None:
    start(app, client, game, logged_in)
    walked = list(walk(app, client, logged_in, game))
    leaks = [(s.what, s.shows) for s in walked if s.shows and s.stored]
    assert leaks == []
    hand_pages = {s.what for s in walked if s.shows and s.shows.startswith("hand card")}
    table = "/play" if game == GIN else "/romme"
    # The walk did reach the table, its hint and a refusal, and saw the hand on each.
    assert {f"GET {table}", f"GET {table}?hint=1", f"GET {table} (after the refusal)"
            } <= hand_pages
    if logged_in:
        account_pages = {s.what for s in walked if s.shows == "the account's name"}
        assert {"GET /me", "GET /rules", f"GET /u/{NAME}"} <= account_pages


def test_pages_showing_nothing_of_anyones_stay_cacheable(app: Flask, client: FlaskClient) -> None:
    """A guest without a match: only the password forms (and /healthz) are no-store."""
    walked = list(walk(app, client, logged_in=False))
    no_store = sorted(s.what for s in walked if not s.stored and s.response.status_code == 200)
    assert no_store == ["GET /healthz", "GET /login", "GET /register"]
    assert all(s.shows in (None, "a password form") for s in walked)
