"""Rommé results: a won match earns ranking points once (easy 10, normal 30, expert 100, at
the lowest level played), its statistics are recorded with ``game="romme"``, and racing final
moves count once. Runs on SQLite and, with TEST_DATABASE_URL, PostgreSQL."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

import romme_engine as romme
from tests.web.account_helpers import counts, register, user_id
from tests.web.play_helpers import get, post_at_once, stored
from tests.web.romme_helpers import last_hand, post_romme, romme_page, seat_romme
from webapp.extensions import db
from webapp.models import Match, MatchResult, PlayerTotal, PointAward

THREADS = 20  # the final move sent 20 times at once, as issue 36's probe raced it
OUT_IN_ONE = "JC QC KC 2D"  # lay J♣ Q♣ K♣ (30, the opening), discard 2♦: out


def seat_last_hand(app: Flask, client: FlaskClient, totals: tuple[int, ...] = (0, 50, 60),
                   level: str = "easy", lowest: str | None = None) -> str:
    client.get("/?lang=en")
    register(client, "alice")
    match_id = seat_romme(app, client, players=len(totals), difficulty=level,
                          owner=user_id(app, "alice"),
                          game=last_hand(len(totals), OUT_IN_ONE, totals))
    if lowest is not None:
        with app.app_context():
            row = db.session.get(Match, match_id)
            assert row is not None
            row.lowest_difficulty = lowest
            db.session.commit()
    return match_id


def lay_the_opening(client: FlaskClient) -> None:
    meld = {"action": "meld", "cards": ["JC", "QC", "KC"], "ordered": "1"}
    assert post_romme(client, romme_page(client), meld).status_code == 303


def result_of(app: Flask, match_id: str) -> MatchResult:
    with app.app_context():
        row = db.session.get(MatchResult, match_id)
        assert row is not None
        db.session.expunge(row)
        return row


@pytest.mark.parametrize(("level", "points"), [("easy", 10), ("normal", 30), ("expert", 100)])
def test_a_won_match_earns_the_levels_points_once_and_says_so(
    app: Flask, client: FlaskClient, level: str, points: int
):
    match_id = seat_last_hand(app, client, level=level)
    lay_the_opening(client)
    assert post_romme(client, romme_page(client), {"discard": "2D"}).status_code == 303
    page = romme_page(client)
    assert page.phase == "match-over"
    assert f'data-earned="{points}"' in page.html and f"+{points} ranking points" in page.html
    assert counts(app, match_id) == (1, 1)
    row = result_of(app, match_id)
    assert (row.game, row.outcome, row.difficulty, row.hands, row.hands_won) == (
        "romme", "won", level, 3, 1
    )
    standing = romme.Match.from_dict(stored(app, match_id)[1]).standing
    assert standing is not None and standing.winners == (0,)
    assert (row.score, row.opponent_score, dict(row.statistics)) == (
        0, min(standing.totals[1:]), {}
    )
    assert [h["end"] for h in row.hand_scores] == ["stock-out", "stock-out", "hand-romme"]
    with app.app_context():
        games = set(db.session.scalars(select(PlayerTotal.game)))
    assert games == {"romme", "all"}


def test_the_lowest_level_played_counts(app: Flask, client: FlaskClient):
    match_id = seat_last_hand(app, client, level="expert", lowest="easy")
    lay_the_opening(client)
    assert post_romme(client, romme_page(client), {"discard": "2D"}).status_code == 303
    assert 'data-earned="10"' in romme_page(client).html
    assert result_of(app, match_id).difficulty == "easy"


def test_a_lost_match_earns_nothing(app: Flask, client: FlaskClient):
    match_id = seat_last_hand(app, client, totals=(300, 0, 60))
    lay_the_opening(client)
    assert post_romme(client, romme_page(client), {"discard": "2D"}).status_code == 303
    assert "data-earned" not in romme_page(client).html
    assert counts(app, match_id) == (0, 1)
    assert result_of(app, match_id).outcome == "lost"


def test_an_abandoned_romme_match_counts_as_an_abandon(app: Flask, client: FlaskClient):
    match_id = seat_last_hand(app, client)
    page = get(client, "/")
    data = {"csrf_token": page.token, "ruleset": "quick", "difficulty": "easy", "confirm": "1"}
    assert client.post("/new", data=data).status_code == 303
    row = result_of(app, match_id)
    assert (row.game, row.outcome, row.hands) == ("romme", "abandoned", 2)


def test_points_are_counted_once_when_the_final_discard_arrives_many_times_at_once(
    app: Flask, client: FlaskClient, live_server: str
):
    match_id = seat_last_hand(app, client)
    lay_the_opening(client)
    page = romme_page(client)
    cookie = client.get_cookie("session")
    assert cookie is not None
    body = urlencode({"csrf_token": page.token, "version": page.version, "discard": "2D"})
    statuses = post_at_once(live_server, "/romme", body, cookie.value, THREADS)
    assert statuses == [303] * THREADS
    version, _, row = stored(app, match_id)
    assert row.status == "finished" and version == page.version + 1
    assert counts(app, match_id) == (1, 1)
    with app.app_context():
        assert db.session.scalar(select(func.sum(PointAward.points))) == 10
        assert db.session.scalar(select(func.count()).select_from(MatchResult)) == 1
        matches = db.session.scalars(
            select(PlayerTotal.matches).where(PlayerTotal.period == "all")
        ).all()
    assert matches == [1, 1]  # the Rommé board and the all-games board, once each


def test_a_guest_romme_match_is_adopted_at_registration_unranked(
    app: Flask, client: FlaskClient
):
    client.get("/?lang=en")
    match_id = seat_romme(app, client, players=2, seed=4)
    assert register(client, "bob").status_code == 303
    row = stored(app, match_id)[2]
    assert row.owner_user_id == user_id(app, "bob") and row.game == "romme"
    assert not row.ranked
    assert romme_page(client).status == 200
