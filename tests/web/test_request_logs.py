"""Request logs: one JSON line per request, errors with the match id, never a hidden card."""

from __future__ import annotations

import json
import logging
import random
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

import gin_engine as engine
from tests.web.account_helpers import register
from tests.web.play_helpers import form_fields, get, person_choice, post_move, seat_match, stored
from webapp.extensions import db
from webapp.models import Match
from webapp.requestlog import JsonLineFormatter


def request_lines(caplog: pytest.LogCaptureFixture) -> list[dict]:
    formatter = JsonLineFormatter()
    return [
        json.loads(formatter.format(r)) for r in caplog.records if r.name == "webapp.request"
    ]


def everything_logged(caplog: pytest.LogCaptureFixture) -> str:
    """Each record as the JSON handler writes it and as a plain handler would."""
    formatter = JsonLineFormatter()
    plain = logging.Formatter("%(levelname)s %(name)s %(message)s")
    return "\n".join(
        formatter.format(r) + "\n" + plain.format(r) for r in caplog.records
    ) + caplog.text


def test_one_json_line_per_request(app: Flask, client: FlaskClient, caplog) -> None:
    caplog.set_level(logging.INFO, logger="webapp")
    client.get("/rules?lang=en&secret=1")
    match_id = seat_match(app, client)
    client.get("/play?card=7S")
    register(client, "logger_user")
    client.get("/leaderboard")
    lines = request_lines(caplog)
    first = lines[0]
    assert first["event"] == "request"
    assert first["method"] == "GET" and first["path"] == "/rules" and first["status"] == 303
    assert isinstance(first["duration_ms"], float) and first["duration_ms"] >= 0
    assert "match_id" not in first and "user_id" not in first
    table = next(line for line in lines if line["path"] == "/play")
    assert table["match_id"] == match_id and table["status"] == 200
    board = lines[-1]
    assert board["path"] == "/leaderboard" and board["user_id"]
    assert all("?" not in line["path"] for line in lines)
    # The query string (here a card of the person's own choosing) is never logged.
    assert "secret=1" not in everything_logged(caplog)


def test_a_crash_is_logged_with_the_match_id_but_not_the_snapshot(
    app: Flask, client: FlaskClient, caplog
) -> None:
    app.config["PROPAGATE_EXCEPTIONS"] = False
    caplog.set_level(logging.DEBUG)
    match_id = seat_match(app, client)
    with app.app_context():
        row = db.session.get(Match, match_id)
        damaged = dict(row.snapshot)
        # An unreadable snapshot: the engine's error message would quote this text.
        damaged["v"] = "stock 7S QH KD secret-snapshot-text"
        row.snapshot = damaged
        db.session.commit()
    response = client.get("/play")
    assert response.status_code == 500
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors, "the crash is logged"
    line = json.loads(JsonLineFormatter().format(errors[0]))
    assert line["event"] == "error"
    assert line["match_id"] == match_id and line["path"] == "/play"
    assert line["exception"] == "engine_common.errors.InvalidInputError"
    assert any("from_dict" in frame for frame in line["frames"])
    logged = everything_logged(caplog)
    assert "secret-snapshot-text" not in logged and "7S QH" not in logged
    assert request_lines(caplog)[-1]["status"] == 500


def hidden_cards(snapshot: dict) -> set[engine.Card]:
    """Cards the person may not know: the computer's unseen cards and the stock."""
    hand = engine.Match.from_dict(snapshot).hand
    return (set(hand.hands[1]) - hand.known[1]) | set(hand.stock)


def test_a_played_hand_logs_no_hidden_card(app: Flask, client: FlaskClient, caplog) -> None:
    caplog.set_level(logging.DEBUG)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    match_id = seat_match(app, client, seed=11)
    rng = random.Random(11)
    hidden: set[engine.Card] = set()
    stock_ever: set[engine.Card] = set()
    for _ in range(500):
        page = get(client)
        if page.phase not in ("upcard", "draw", "discard"):
            break
        _, snapshot, _ = stored(app, match_id)
        hidden |= hidden_cards(snapshot)
        stock_ever |= set(engine.Match.from_dict(snapshot).hand.stock)
        # Refused and malformed moves take the logging paths of errors too.
        client.post("/play", data={"csrf_token": page.token, "version": "x", "action": "?"})
        post_move(client, page, "next-hand")
        name, card = form_fields(person_choice(snapshot, rng))
        get(client, f"/play?card={card}" if card else "/play?hint=1")
        assert post_move(client, page, name, card).status_code == 303
    assert get(client).phase in ("hand-over", "match-over")
    _, snapshot, _ = stored(app, match_id)
    # The cards still in the stock at the end were never seen by the person.
    never_seen = set(engine.Match.from_dict(snapshot).hand.stock)
    assert never_seen and hidden
    logged = everything_logged(caplog).replace(match_id, "<match>")
    assert request_lines(caplog), "requests were logged"
    for card in hidden | never_seen:
        assert not re.search(rf"(?<![0-9A-Za-z]){card}(?![0-9A-Za-z])", logged), str(card)
        assert card.symbol not in logged, card.symbol
