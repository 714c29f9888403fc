"""Ranking points and statistics: written once, in the transaction that ends the match."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

import gin_engine as engine
from tests.web.account_helpers import (
    counts,
    finish_by_knocking,
    reach_the_winning_knock,
    register,
    seat_winning_match,
    set_difficulty,
    user_id,
)
from tests.web.play_helpers import get, post_at_once, stored
from webapp.extensions import db
from webapp.gin import results
from webapp.models import Match, MatchResult, PointAward
from webapp.statistics import ranking

THREADS = 20  # the final move sent 20 times at once, as issue 36's probe raced it


def result_of(app: Flask, match_id: str) -> MatchResult:
    with app.app_context():
        row = db.session.get(MatchResult, match_id)
        assert row is not None
        db.session.expunge(row)
        return row


def test_a_logged_in_win_earns_points_once_and_says_so(app: Flask, client: FlaskClient):
    client.get("/?lang=en")
    register(client, "alice")
    match_id = seat_winning_match(app, client, owner="alice")
    set_difficulty(app, match_id, "normal")
    finish_by_knocking(client)
    assert counts(app, match_id) == (1, 1)
    page = get(client).html
    assert 'data-earned="30"' in page and "+30 ranking points" in page
    # Reloading and resubmitting change nothing.
    version = stored(app, match_id)[0]
    get(client)
    assert counts(app, match_id) == (1, 1) and stored(app, match_id)[0] == version


def test_the_database_refuses_a_second_award_for_a_match(app: Flask, client: FlaskClient):
    register(client, "alice")
    match_id = seat_winning_match(app, client, owner="alice")
    finish_by_knocking(client)
    with app.app_context():
        record = db.session.get(Match, match_id)
        assert record is not None
        with pytest.raises(IntegrityError):
            ranking.record_result(
                results.statistics(record, engine.Match.from_dict(record.snapshot))
            )
        db.session.rollback()
    assert counts(app, match_id) == (1, 1)


def test_statistics_of_a_won_match(app: Flask, client: FlaskClient):
    register(client, "alice")
    match_id = seat_winning_match(app, client, owner="alice")
    finish_by_knocking(client)
    row = result_of(app, match_id)
    assert (row.outcome, row.difficulty, row.ruleset) == ("won", "easy", "quick")
    assert (row.score, row.opponent_score) == (70, 0)
    assert (row.hands, row.hands_won) == (1, 1)
    # No gin and no undercut: kept as no row, 0 when read.
    assert dict(row.statistics) == {"knocks": 1, "knock_deadwood": 10}
    assert row.hand_scores == [{"end": "knock", "you": 70, "computer": 0}]
    assert row.user_id == user_id(app, "alice")


def test_a_guest_win_earns_nothing_and_invites_to_log_in(app: Flask, client: FlaskClient):
    client.get("/?lang=en")
    match_id = seat_winning_match(app, client)
    finish_by_knocking(client)
    assert counts(app, match_id) == (0, 0)
    page = get(client).html
    assert "data-earned" not in page
    assert "Wins earn ranking points for players with an account." in page


def test_expert_points_only_for_a_match_played_at_expert_throughout(
    app: Flask, client: FlaskClient
):
    register(client, "alice")
    match_id = seat_winning_match(app, client, owner="alice")
    set_difficulty(app, match_id, "expert")
    finish_by_knocking(client)
    with app.app_context():
        assert db.session.scalar(select(PointAward.points)) == 100


def test_an_abandoned_match_counts_as_a_loss(app: Flask, client: FlaskClient):
    register(client, "alice")
    match_id = seat_winning_match(app, client, owner="alice")
    page = get(client)
    client.post("/new", data={"csrf_token": page.token, "ruleset": "quick",
                              "difficulty": "easy", "confirm": "1"})
    assert stored(app, match_id)[2].status == "abandoned"
    row = result_of(app, match_id)
    assert (row.outcome, row.hands, row.score) == ("abandoned", 0, 0)
    assert counts(app, match_id) == (0, 1)
    me = client.get("/me").get_data(as_text=True)
    assert 'data-stat="losses">1<' in me and 'data-stat="abandoned">1<' in me


def test_points_are_awarded_once_when_the_winning_knock_arrives_many_times_at_once(
    app: Flask, client: FlaskClient, live_server: str
):
    register(client, "alice")
    match_id = seat_winning_match(app, client, owner="alice")
    page = reach_the_winning_knock(client)
    cookie = client.get_cookie("session")
    assert cookie is not None
    body = urlencode({"csrf_token": page.token, "version": page.version,
                      "action": "knock", "card": "KC"})
    statuses = post_at_once(live_server, "/play", body, cookie.value, THREADS)
    assert statuses == [303] * THREADS
    version, _, row = stored(app, match_id)
    assert row.status == "finished" and version == page.version + 1
    assert counts(app, match_id) == (1, 1)
    with app.app_context():
        assert db.session.scalar(select(func.sum(PointAward.points))) == 10
        assert db.session.scalar(select(func.count()).select_from(MatchResult)) == 1


def test_a_newcomer_wins_on_easy_and_sees_ten_points_on_the_board_and_their_page(
    app: Flask, client: FlaskClient
):
    client.get("/?lang=en")
    assert register(client, "newcomer").status_code == 303
    seat_winning_match(app, client, owner="newcomer")
    finish_by_knocking(client)
    assert "+10 ranking points" in get(client).html
    board = client.get("/leaderboard").get_data(as_text=True)
    row = board.split('data-player="newcomer"', 1)[1].split("</tr>", 1)[0]
    assert 'data-col="points">10<' in row and 'data-col="rank">1<' in row
    week = client.get("/leaderboard?period=week").get_data(as_text=True)
    assert 'data-player="newcomer"' in week
    me = client.get("/me").get_data(as_text=True)
    assert 'data-stat="points">10<' in me and 'data-stat="wins-easy">1<' in me
    assert "+10 ranking points" in me
