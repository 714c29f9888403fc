"""Ranked means started while logged in (issue 36): a match counts on the boards, the totals,
the statistics, the ranking points and the rating only if it was dealt to a logged-in account.

A guest who logs in mid-match keeps playing it under the account, unranked, and is told so on
the login and register pages before logging in. Runs on SQLite and, with TEST_DATABASE_URL,
PostgreSQL.
"""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from gin_engine.deck import stacked_deck
from tests.web.account_helpers import (
    KNOCK_10,
    LOOSE,
    counts,
    finish_by_knocking,
    login,
    logout,
    reach_the_winning_knock,
    register,
    seat_winning_match,
    token,
    user_id,
)
from tests.web.play_helpers import get, post_move, seat_match, stored
from webapp.extensions import db
from webapp.matches import SESSION_MATCH_KEY
from webapp.models import (
    Match,
    MatchResult,
    PlayerChart,
    PlayerRating,
    PlayerTotal,
    PointAward,
    PointsLadder,
    RatingLadder,
    RatingLadderVersion,
    RatingUpdate,
)

UNRANKED_NOTE = "本局继续，但不计入排名"
COUNTED = (MatchResult, PointAward, PlayerTotal, PointsLadder, PlayerRating, RatingLadder,
           RatingLadderVersion, RatingUpdate, PlayerChart)
"""Every table an ended match can leave a row in: statistics, points, totals, board ladders,
the rating, the ladder's version, the player page's charts."""


def counted_rows(app: Flask) -> dict[str, int]:
    with app.app_context():
        return {
            table.__tablename__: db.session.scalar(select(func.count()).select_from(table)) or 0
            for table in COUNTED
        }


def new_match(client: FlaskClient) -> int:
    data = {"csrf_token": token(client, "/"), "ruleset": "quick", "difficulty": "easy",
            "confirm": "1"}
    return client.post("/new", data=data).status_code


def session_match(client: FlaskClient) -> str:
    with client.session_transaction() as session:
        found = session[SESSION_MATCH_KEY]
    assert isinstance(found, str)
    return found


def ranked(app: Flask, match_id: str) -> bool:
    with app.app_context():
        row = db.session.get(Match, match_id)
        assert row is not None
        return bool(row.ranked)


def test_a_guest_who_logs_in_at_the_winning_knock_wins_nothing(
    app: Flask, client: FlaskClient
) -> None:
    """The cherry-pick of issue 36: deal a quick match as a guest, play hand 1, log in only
    when the winning knock is offered, knock and win the match."""
    client.get("/?lang=en")
    register(client, "alice")
    logout(client)
    before = counted_rows(app)
    match_id = seat_winning_match(app, client)
    reach_the_winning_knock(client)
    login(client, "alice")
    assert session_match(client) == match_id  # the same match, now under the account
    assert stored(app, match_id)[2].owner_user_id == user_id(app, "alice")
    assert not ranked(app, match_id)
    page = get(client)
    assert post_move(client, page, "knock", "KC").status_code == 303
    assert get(client).phase == "match-over"
    assert stored(app, match_id)[2].status == "finished"
    assert counted_rows(app) == before
    assert 'data-earned' not in get(client).html
    me = client.get("/me").get_data(as_text=True)
    assert 'data-stat="matches">0<' in me and 'data-stat="points">0<' in me
    assert 'data-player="alice"' not in client.get("/leaderboard").get_data(as_text=True)


def test_a_match_dealt_logged_in_still_counts(app: Flask, client: FlaskClient) -> None:
    client.get("/?lang=en")
    register(client, "alice")
    match_id = seat_winning_match(app, client, owner="alice")
    assert ranked(app, match_id)
    finish_by_knocking(client)
    assert counts(app, match_id) == (1, 1)
    assert 'data-earned="10"' in get(client).html
    assert counted_rows(app)["player_ratings"] == 1


def test_a_start_is_ranked_exactly_when_logged_in(app: Flask, client: FlaskClient) -> None:
    assert new_match(client) == 303
    assert not ranked(app, session_match(client))
    register(client, "alice")  # adopts that guest match: still unranked
    assert not ranked(app, session_match(client))
    assert new_match(client) == 303
    assert ranked(app, session_match(client))


def test_an_abandoned_ranked_match_is_a_loss_and_an_adopted_one_counts_nowhere(
    app: Flask, client: FlaskClient
) -> None:
    client.get("/?lang=en")
    assert new_match(client) == 303  # as a guest
    adopted = session_match(client)
    register(client, "alice")
    assert stored(app, adopted)[2].owner_user_id == user_id(app, "alice")
    before = counted_rows(app)
    data = {"csrf_token": token(client, "/"), "ruleset": "quick", "difficulty": "easy"}
    asked = client.post("/new", data=data).get_data(as_text=True)
    assert "it ends without counting anywhere" in asked
    # "No, back to my match" lands on the table itself, as the practice's confirmation does.
    assert 'href="/play#table">No, back to my match</a>' in asked
    assert new_match(client) == 303  # abandons the adopted match
    assert stored(app, adopted)[2].status == "abandoned"
    assert counted_rows(app) == before and counts(app, adopted) == (0, 0)

    dealt = session_match(client)  # dealt logged in: ranked
    data = {"csrf_token": token(client, "/"), "ruleset": "quick", "difficulty": "easy"}
    assert "counts as a loss" in client.post("/new", data=data).get_data(as_text=True)
    assert new_match(client) == 303
    with app.app_context():
        row = db.session.get(MatchResult, dealt)
        assert row is not None and row.outcome == "abandoned"
    me = client.get("/me").get_data(as_text=True)
    assert 'data-stat="losses">1<' in me and 'data-stat="abandoned">1<' in me


def test_a_guest_match_is_adopted_after_its_first_hand_too(
    app: Flask, client: FlaskClient
) -> None:
    """Adopted at any point while it runs (the old rule adopted only during hand 1): the
    account's own running match from another device ends as a loss, as any start would."""
    register(client, "alice")
    assert new_match(client) == 303
    owned = session_match(client)
    logout(client)
    # The winning knock of the quick ruleset ends only hand 1 of a standard match.
    deck = stacked_deck(KNOCK_10, LOOSE, "JC", "KC")
    guest = seat_match(app, client, deck=deck, ruleset="standard", difficulty="easy")
    page = reach_the_winning_knock(client)
    assert post_move(client, page, "knock", "KC").status_code == 303
    assert get(client).phase == "hand-over"
    login(client, "alice")
    assert session_match(client) == guest
    assert stored(app, guest)[2].owner_user_id == user_id(app, "alice")
    assert not ranked(app, guest)
    with app.app_context():
        row = db.session.get(MatchResult, owned)
        assert row is not None and row.outcome == "abandoned"
    assert get(client).phase == "hand-over"


@pytest.mark.parametrize("path", ["/login", "/register"])
def test_the_login_pages_say_a_running_guest_match_goes_on_unranked(
    app: Flask, client: FlaskClient, path: str
) -> None:
    assert UNRANKED_NOTE not in client.get(path).get_data(as_text=True)  # no match
    seat_winning_match(app, client)
    page = client.get(path).get_data(as_text=True)
    assert UNRANKED_NOTE in page and "data-unranked-match" in page
    assert "Your match goes on after you log in, but it will not be ranked." in client.get(
        path, query_string={"lang": "en"}, follow_redirects=True
    ).get_data(as_text=True)
    assert "本局繼續，但不計入排名" in client.get(
        path, query_string={"lang": "zh_Hant"}, follow_redirects=True
    ).get_data(as_text=True)
    finish_by_knocking(client)  # a finished guest match has nothing left to go on
    assert "data-unranked-match" not in client.get(path).get_data(as_text=True)


def test_a_row_written_without_ranked_is_ranked_exactly_when_it_has_an_owner(
    app: Flask, client: FlaskClient
) -> None:
    register(client, "alice")
    with app.app_context():
        owned = Match(ruleset="quick", difficulty="easy", lowest_difficulty="easy", snapshot={},
                      owner_user_id=user_id(app, "alice"))
        guest = Match(ruleset="quick", difficulty="easy", lowest_difficulty="easy", snapshot={})
        db.session.add_all([owned, guest])
        db.session.commit()
        assert (owned.ranked, guest.ranked) == (True, False)
