"""The rating moves once per ended match of an account, in the transaction that counts it.

Runs on SQLite by default and on PostgreSQL with ``TEST_DATABASE_URL`` (see conftest).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask_migrate import downgrade, upgrade
from sqlalchemy import func, select, text

from tests.web.account_helpers import (
    finish_by_knocking,
    make_user,
    register,
    seat_winning_match,
    seed_result,
)
from tests.web.play_helpers import get
from webapp import MIGRATIONS_DIR
from webapp.extensions import db
from webapp.models import (
    GIN,
    HU,
    ROMME,
    Match,
    PlayerRating,
    RatingLadder,
    RatingLadderVersion,
    RatingUpdate,
)
from webapp.rating import rebuild
from webapp.rating.glicko import DRAW, LOSS, START, WIN, Rating, away, updated
from webapp.rating.ladder_version import first_version
from webapp.rating.levels import level

pytestmark = pytest.mark.db

NOW = datetime.now(UTC)


def anchor(board: str, difficulty: str) -> Rating:
    return level(board, difficulty).anchor


def rating_of(user_id: int, game: str) -> PlayerRating | None:
    return db.session.get(PlayerRating, (user_id, game))


def ladder(game: str) -> dict[int, int]:
    rows = db.session.execute(
        select(RatingLadder.shown, RatingLadder.players).where(
            RatingLadder.game == game, RatingLadder.players != 0
        )
    )
    return {int(shown): int(players) for shown, players in rows}


def test_a_won_match_moves_the_rating_once_against_the_level_played(app: Flask) -> None:
    with app.app_context():
        ann = make_user("ann")
        match_id = seed_result(ann, difficulty="expert", finished_at=NOW)
        db.session.commit()
        expected = updated(START, [(anchor(GIN, "expert"), WIN)])
        kept = rating_of(ann.id, GIN)
        assert kept is not None
        assert (kept.rating, kept.rd, kept.volatility) == (
            expected.rating, expected.rd, expected.volatility
        )
        assert round(kept.rating) == kept.shown == 1779  # beat a 1664 (RD 30) from 1500 / 350
        assert (kept.matches, kept.last_played, kept.listed) == (1, NOW, False)
        update = db.session.get(RatingUpdate, match_id)
        assert update is not None
        assert (update.rating_before, update.rd_before) == (1500.0, 350.0)
        assert (update.rating, update.rd, update.played_at) == (expected.rating, expected.rd, NOW)
        # Provisional: on no rung of the ladder; no other board moved.
        assert ladder(GIN) == {}
        assert rating_of(ann.id, HU) is None and rating_of(ann.id, ROMME) is None


def test_an_abandon_is_a_loss_and_each_board_keeps_its_own_rating(app: Flask) -> None:
    with app.app_context():
        ann = make_user("ann")
        seed_result(ann, outcome="abandoned", difficulty="easy", finished_at=NOW, game=HU)
        seed_result(ann, outcome="lost", difficulty="easy", finished_at=NOW, game=GIN)
        db.session.commit()
        lost = updated(START, [(anchor(HU, "easy"), LOSS)])
        kept = rating_of(ann.id, HU)
        assert kept is not None and (kept.rating, kept.rd) == (lost.rating, lost.rd)
        gin = rating_of(ann.id, GIN)
        assert gin is not None
        assert gin.rating == updated(START, [(anchor(GIN, "easy"), LOSS)]).rating
        assert gin.rating != kept.rating  # the boards' easy levels differ: 1359 and 1392


def test_a_four_player_romme_match_is_one_update_against_three_seats(app: Flask) -> None:
    hands = [
        {"end": "out", "winner": 0, "penalties": [0, 20, 35, 10]},
        {"end": "out", "winner": 2, "penalties": [25, 5, 0, 15]},
    ]
    with app.app_context():
        ann = make_user("ann")
        match_id = seed_result(
            ann, outcome="won", finished_at=NOW, game=ROMME, hand_scores=hands, opponents=3
        )
        # An abandon before any hand ended: a loss to each of its two seats.
        seed_result(ann, outcome="abandoned", finished_at=NOW + timedelta(minutes=5),
                    game=ROMME, opponents=2)
        db.session.commit()
        normal = anchor(ROMME, "normal")
        # Totals 25, 25, 35, 25: a draw with seats 1 and 3, a win over seat 2.
        first = updated(START, [(normal, DRAW), (normal, WIN), (normal, DRAW)])
        # Five minutes later: the deviation grew for them first (`glicko.away`).
        second = updated(away(first, timedelta(minutes=5)), [(normal, LOSS), (normal, LOSS)])
        update = db.session.get(RatingUpdate, match_id)
        assert update is not None and update.rating == first.rating
        kept = rating_of(ann.id, ROMME)
        assert kept is not None
        assert (kept.rating, kept.rd, kept.volatility, kept.matches) == (
            second.rating, second.rd, second.volatility, 2
        )


def test_a_settled_rating_is_listed_on_its_rung_and_moves_between_rungs(app: Flask) -> None:
    with app.app_context():
        ann = make_user("ann")
        rating = START
        for n in range(10):
            outcome = "won" if n % 2 else "lost"
            seed_result(ann, outcome=outcome, finished_at=NOW + timedelta(minutes=n))
            rating = updated(rating, [(anchor(GIN, "normal"), WIN if n % 2 else LOSS)])
            db.session.commit()
            kept = rating_of(ann.id, GIN)
            assert kept is not None and kept.listed == (not rating.provisional)
        assert not rating.provisional  # ten one-opponent matches settle a newcomer
        assert ladder(GIN) == {round(rating.rating): 1}
        seed_result(ann, outcome="won", difficulty="expert", finished_at=NOW + timedelta(hours=1))
        db.session.commit()
        rating = updated(rating, [(anchor(GIN, "expert"), WIN)])
        assert ladder(GIN) == {round(rating.rating): 1}


def version(game: str) -> int | None:
    return db.session.scalar(
        select(RatingLadderVersion.version).where(RatingLadderVersion.game == game)
    )


def test_the_ladder_version_rises_by_one_with_each_ending_that_moves_a_rung(app: Flask) -> None:
    with app.app_context():
        ann = make_user("ann")
        rating = START
        for n in range(9):  # provisional throughout: on no rung, so no version either
            seed_result(ann, outcome="won" if n % 2 else "lost",
                        finished_at=NOW + timedelta(minutes=n))
            db.session.commit()
            rating = updated(rating, [(anchor(GIN, "normal"), WIN if n % 2 else LOSS)])
            assert rating.provisional and version(GIN) is None
        before = first_version()
        seed_result(ann, outcome="won", finished_at=NOW + timedelta(minutes=9))
        db.session.commit()
        started = version(GIN)
        # Her first rung: the board's row made, from the clock in microseconds.
        assert started is not None and before <= started <= first_version()
        assert ladder(GIN) == {round(updated(rating, [(anchor(GIN, "normal"), WIN)]).rating): 1}
        seed_result(ann, outcome="won", difficulty="expert", finished_at=NOW + timedelta(hours=1))
        db.session.commit()
        assert version(GIN) == started + 1
        # Another board's ending leaves this board's version; a loss at easy moves her again.
        seed_result(ann, outcome="won", game=HU, finished_at=NOW + timedelta(hours=2))
        seed_result(ann, outcome="lost", difficulty="easy", finished_at=NOW + timedelta(hours=3))
        db.session.commit()
        assert version(GIN) == started + 2 and version(HU) is None


def test_a_later_ending_unlists_a_player_ninety_days_inactive(app: Flask) -> None:
    with app.app_context():
        ann, bob = make_user("ann"), make_user("bob")
        for n in range(12):
            seed_result(ann, outcome="won" if n % 2 else "lost",
                        finished_at=NOW - timedelta(days=91, minutes=-n))
            db.session.commit()
        ann_rating = rating_of(ann.id, GIN)
        assert ann_rating is not None and not ann_rating.listed  # her own last ending swept her
        db.session.execute(text("UPDATE player_ratings SET listed = :t"), {"t": True})
        db.session.execute(
            text("INSERT INTO rating_ladder (game, shown, players) VALUES ('gin', :s, 1)"),
            {"s": ann_rating.shown},
        )
        db.session.commit()
        seed_result(bob, finished_at=NOW)
        db.session.commit()
        db.session.expire_all()
        ann_rating = rating_of(ann.id, GIN)
        assert ann_rating is not None and not ann_rating.listed
        assert ladder(GIN) == {}


def test_the_match_over_page_of_a_logged_in_win_and_a_guests_match_counting_nowhere(
    app: Flask, client: FlaskClient
) -> None:
    guest = app.test_client()
    seat_winning_match(app, guest)
    finish_by_knocking(guest)
    register(client, "alice")
    match_id = seat_winning_match(app, client, owner="alice")
    finish_by_knocking(client)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(RatingUpdate)) == 1
        update = db.session.get(RatingUpdate, match_id)
        assert update is not None
        assert update.rating == updated(START, [(anchor(GIN, "easy"), WIN)]).rating
        assert db.session.scalar(select(func.count()).select_from(PlayerRating)) == 1
    assert get(client).phase == "match-over"


def test_an_accounts_match_dealt_unranked_moves_no_rating_when_won(
    app: Flask, client: FlaskClient
) -> None:
    """A match of a logged-in account dealt with ``ranked`` false (as a practice match is:
    `webapp.matches.store_new_match`'s ``ranked=False``) ends won and leaves no rating row."""
    client.get("/?lang=en")
    register(client, "alice")
    match_id = seat_winning_match(app, client, owner="alice")
    with app.app_context():
        row = db.session.get(Match, match_id)
        assert row is not None and row.ranked
        row.ranked = False
        db.session.commit()
    finish_by_knocking(client)
    html = get(client).html
    assert "You won the match" in html and 'class="rating-change"' not in html
    with app.app_context():
        for table in (RatingUpdate, PlayerRating, RatingLadder):
            assert db.session.scalar(select(func.count()).select_from(table)) == 0


HISTORY = [
    # user, game, outcome, difficulty, finished at, hand_scores, matches.snapshot
    (1, "gin", "won", "expert", datetime(2026, 11, 1, 10, 0, tzinfo=UTC), [], {}),
    (1, "gin", "abandoned", "easy", datetime(2026, 11, 1, 9, 0, tzinfo=UTC), [], {}),
    (1, "hu", "lost", "normal", datetime(2026, 11, 2, 9, 0, tzinfo=UTC), [], {}),
    (2, "romme", "won", "normal", datetime(2026, 11, 3, 9, 0, tzinfo=UTC),
     [{"end": "out", "winner": 0, "penalties": [0, 12, 40]}], {"hand": {"h": ["", "", ""]}}),
    # Abandoned before the first hand ended: its seats are read from its snapshot.
    (2, "romme", "abandoned", "easy", datetime(2026, 11, 4, 9, 0, tzinfo=UTC), [],
     {"hand": {"h": ["", "", "", ""]}}),
]


def test_the_migration_backfills_ratings_from_the_history_in_order(app: Flask) -> None:
    with app.app_context():
        downgrade(directory=str(MIGRATIONS_DIR), revision="0006")
        with db.engine.begin() as connection:
            for uid, name in ((1, "ann"), (2, "bob")):
                connection.execute(
                    text("INSERT INTO users (id, username, username_key, password_hash,"
                         " created_at) VALUES (:id, :name, :name, 'x', :at)"),
                    {"id": uid, "name": name, "at": NOW},
                )
            for n, (uid, game, outcome, difficulty, at, hands, snapshot) in enumerate(HISTORY):
                connection.execute(
                    text("INSERT INTO matches (id, game, version, snapshot, ruleset, difficulty,"
                         " lowest_difficulty, status, owner_user_id, created_at, updated_at,"
                         " finished_at) VALUES (:id, :kind, 3, :snapshot, 'standard', :level,"
                         " :level, 'finished', :user, :at, :at, :at)"),
                    {"id": f"m{n}", "kind": "romme" if game == "romme" else "gin",
                     "snapshot": json.dumps(snapshot), "level": difficulty,
                     "user": uid, "at": at},
                )
                connection.execute(
                    text("INSERT INTO match_results (match_id, user_id, game, ruleset,"
                         " difficulty, outcome, score, opponent_score, hands, hands_won, gins,"
                         " undercuts_given, undercuts_received, knocks, knock_deadwood,"
                         " hand_scores, finished_at) VALUES (:id, :user, :game, 'standard',"
                         " :level, :outcome, 0, 0, 1, 0, 0, 0, 0, 0, 0, :hands, :at)"),
                    {"id": f"m{n}", "user": uid, "game": game, "level": difficulty,
                     "outcome": outcome, "hands": json.dumps(hands), "at": at},
                )
        upgrade(directory=str(MIGRATIONS_DIR))
        opponents = dict(
            db.session.execute(text("SELECT match_id, opponents FROM match_results")).all()
        )
        assert opponents == {"m0": 1, "m1": 1, "m2": 1, "m3": 2, "m4": 3}
        # Ann's Gin Rummy: the abandon at 9:00 came first, then the win at 10:00, the
        # deviation grown for the hour between them (0014).
        gin = updated(away(updated(START, [(anchor(GIN, "easy"), LOSS)]), timedelta(hours=1)),
                      [(anchor(GIN, "expert"), WIN)])
        hu = updated(START, [(anchor(HU, "normal"), LOSS)])
        won = updated(START, [(anchor(ROMME, "normal"), WIN)] * 2)
        romme = updated(away(won, timedelta(days=1)), [(anchor(ROMME, "easy"), LOSS)] * 3)
        kept = {(r.user_id, r.game): r for r in db.session.scalars(select(PlayerRating))}
        assert set(kept) == {(1, GIN), (1, HU), (2, ROMME)}
        for key, rating, matches, last in (
            ((1, GIN), gin, 2, HISTORY[0][4]), ((1, HU), hu, 1, HISTORY[2][4]),
            ((2, ROMME), romme, 2, HISTORY[4][4]),
        ):
            row = kept[key]
            assert (row.rating, row.rd, row.volatility) == (
                rating.rating, rating.rd, rating.volatility
            )
            assert (row.matches, row.last_played, row.shown, row.listed) == (
                matches, last, round(rating.rating), False
            )
        assert kept[(1, GIN)].username_key == "ann"
        updates = {u.match_id: u for u in db.session.scalars(select(RatingUpdate))}
        assert updates["m0"].rating_before == updates["m1"].rating
        assert updates["m0"].rd_before == away(
            Rating(updates["m1"].rating, updates["m1"].rd, updates["m1"].volatility),
            timedelta(hours=1),
        ).rd > updates["m1"].rd
        assert (updates["m1"].rating_before, updates["m1"].rd_before) == (1500.0, 350.0)
        assert updates["m4"].rating == romme.rating and len(updates) == len(HISTORY)
        assert db.session.scalar(select(func.count()).select_from(RatingLadder)) == 0
        # The migrations' anchors are the site's (levels.json): the recount finds nothing.
        assert rebuild.differences() == []


def test_the_remeasured_anchors_replay_the_ratings_both_ways(app: Flask) -> None:
    """0011 replays the kept ratings against the anchors of levels.json, and down again
    against 0007's: a Rommé rating moves, a Gin Rummy one stays."""
    with app.app_context():
        ann = make_user("ann")
        seed_result(ann, game=ROMME, outcome="won", difficulty="easy", opponents=1,
                    hand_scores=[{"end": "out", "winner": 0, "penalties": [0, 20]}])
        seed_result(ann, game=GIN, outcome="won", difficulty="expert")
        db.session.commit()
        now = updated(START, [(anchor(ROMME, "easy"), WIN)])
        kept = db.session.get(PlayerRating, (ann.id, ROMME))
        assert kept is not None and kept.rating == now.rating
        gin = db.session.get(PlayerRating, (ann.id, GIN))
        assert gin is not None
        gin_rating = gin.rating
        # End the read's transaction: on PostgreSQL, dropping player_charts (0013, on the way
        # down) locks users, which the read holds.
        db.session.rollback()
        downgrade(directory=str(MIGRATIONS_DIR), revision="0010")
        db.session.expire_all()
        old = Rating(1335.0, anchor(ROMME, "easy").rd, anchor(ROMME, "easy").volatility)
        kept = db.session.get(PlayerRating, (ann.id, ROMME))
        assert kept is not None and kept.rating == updated(START, [(old, WIN)]).rating
        assert kept.rating != now.rating
        update = db.session.scalars(
            select(RatingUpdate).where(RatingUpdate.game == ROMME)
        ).one()
        assert update.rating == kept.rating
        upgrade(directory=str(MIGRATIONS_DIR))
        db.session.expire_all()
        kept = db.session.get(PlayerRating, (ann.id, ROMME))
        assert kept is not None and kept.rating == now.rating
        gin = db.session.get(PlayerRating, (ann.id, GIN))
        assert gin is not None and gin.rating == gin_rating
        assert rebuild.differences() == []
