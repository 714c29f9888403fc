"""The pages that read in AUTOCOMMIT (`webapp.store.read_without_transaction`) send nothing
but SELECT: a write added to one of them would commit on its own, outside any transaction,
so it must fail here first."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from tests.web.account_helpers import (
    reach_the_winning_knock,
    register,
    seat_winning_match,
    seed_result,
    token,
)
from tests.web.play_helpers import get, post_move, seat_match
from tests.web.romme_helpers import romme_page, seat_romme
from tests.web.sql_helpers import sent_statements
from webapp.extensions import db
from webapp.models import User

WRITES = re.compile(r"\b(INSERT|UPDATE|DELETE|MERGE)\b", re.IGNORECASE)


def assert_reads_only(app: Flask, client: FlaskClient, path: str) -> None:
    with sent_statements(app) as statements:
        response = client.get(path)
    sent = [statement.split(None, 1)[0].upper() for statement in statements]  # the verbs
    assert response.status_code == 200, path
    assert sent, f"{path} asked the database nothing"
    assert set(sent) <= {"SELECT", "WITH"}, f"{path} sent {sent}"
    # A WITH reads only when none of its parts writes.
    written = [s for s in statements if WRITES.search(s) and s.split(None, 1)[0].upper() == "WITH"]
    assert not written, f"{path} sent {written}"


def test_the_gin_table_only_reads_in_every_phase(app: Flask, client: FlaskClient) -> None:
    seat_match(app, client, seed=3)
    page = get(client)
    assert page.phase == "upcard"
    for path in ("/play", "/play?hint=1"):
        assert_reads_only(app, client, path)
    assert post_move(client, page, "pass-upcard").status_code == 303
    assert_reads_only(app, client, "/play")  # the draw
    assert post_move(client, get(client), "draw-stock").status_code == 303
    for path in ("/play", "/play?hint=1", "/play?confirm=knock"):  # the discard
        assert_reads_only(app, client, path)


def test_a_finished_match_only_reads(app: Flask, client: FlaskClient) -> None:
    seat_winning_match(app, client)
    assert_reads_only(app, client, "/play")
    reach_the_winning_knock(client)
    assert_reads_only(app, client, "/play")
    finish_by_knocking_from_the_discard(client)
    assert_reads_only(app, client, "/play")  # the result, with the points awarded


def finish_by_knocking_from_the_discard(client: FlaskClient) -> None:
    page = get(client)
    assert page.phase == "discard"
    assert post_move(client, page, "knock", "KC").status_code == 303
    assert get(client).phase == "match-over"


def test_the_romme_table_only_reads(app: Flask, client: FlaskClient) -> None:
    seat_romme(app, client, players=3, seed=5)
    assert romme_page(client).status == 200
    for path in ("/romme", "/romme?hint=1"):
        assert_reads_only(app, client, path)


def test_the_health_check_only_reads(app: Flask, client: FlaskClient) -> None:
    assert_reads_only(app, client, "/healthz")


def test_an_account_s_table_only_reads(app: Flask, client: FlaskClient) -> None:
    """Logged in, the cookie's account (and its session generation) is read on the same path."""
    assert register(client, "reader").status_code == 303
    data = {"csrf_token": token(client, "/"), "ruleset": "quick", "difficulty": "easy"}
    assert client.post("/new", data=data).status_code == 303
    assert_reads_only(app, client, "/play")
    assert_reads_only(app, client, "/healthz")


def test_the_boards_and_player_pages_only_read(app: Flask, client: FlaskClient) -> None:
    """Guest and logged in, with a result to show: the boards (points, this week's, rating),
    the player pages with nothing kept and kept, their charts as tables."""
    assert register(client, "board_reader").status_code == 303
    with app.app_context():
        player = db.session.scalars(select(User).where(User.username == "board_reader")).one()
        seed_result(player)
        db.session.commit()
    guest = app.test_client()
    paths = ("/leaderboard", "/leaderboard?by=rating", "/leaderboard?period=week",
             "/u/board_reader", "/u/board_reader/charts")
    for reader in (client, guest):
        for path in paths:
            assert_reads_only(app, reader, path)
    assert_reads_only(app, client, "/me")
    assert_reads_only(app, client, "/me")  # its parts kept
