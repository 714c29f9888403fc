"""The player page's charts kept per player and board (webapp/statistics/charts.py): written with
each ended match, equal to the history's last hundred awards and rating updates however the results
came in, backfilled by migration 0013, and read as one row by the player page.

Runs on SQLite by default and on PostgreSQL with ``TEST_DATABASE_URL`` (see conftest).
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from flask import Flask
from flask.testing import FlaskClient
from flask_migrate import downgrade, upgrade
from sqlalchemy import delete, select

from tests.web import chart_helpers
from tests.web.account_helpers import make_user, seed_result
from tests.web.sql_helpers import sent_statements
from webapp import MIGRATIONS_DIR
from webapp.extensions import db
from webapp.models import ALL_GAMES, GIN, HU, ROMME, PlayerChart, RatingUpdate
from webapp.statistics import charts

START = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
ROMME_HAND = [{"end": "out", "winner": 0, "penalties": [0, 20]}]


def at(minutes: int) -> datetime:
    return START + timedelta(minutes=minutes)


def test_a_win_adds_its_award_to_its_board_and_all_games_and_every_ending_its_rating(
    app: Flask,
) -> None:
    with app.app_context():
        ann = make_user("ann")
        seed_result(ann, outcome="won", difficulty="expert", finished_at=at(0))
        seed_result(ann, outcome="lost", finished_at=at(5))
        seed_result(ann, outcome="won", difficulty="easy", game=HU, finished_at=at(10))
        db.session.commit()
        updates = {
            played.replace(tzinfo=UTC) if played.tzinfo is None else played: (rating, rd)
            for played, rating, rd in db.session.execute(
                select(RatingUpdate.played_at, RatingUpdate.rating, RatingUpdate.rd)
            )
        }
        first, second, third = (updates[at(m)] for m in (0, 5, 10))
        us = [charts.micros(at(m)) for m in (0, 5, 10)]
        assert us[1] - us[0] == 300_000_000  # five minutes in microseconds
        assert chart_helpers.kept() == {
            (ann.id, GIN): {"awards": [[us[0], 100]],
                            "ratings": [[us[0], *first], [us[1], *second]]},
            (ann.id, HU): {"awards": [[us[2], 10]], "ratings": [[us[2], *third]]},
            (ann.id, ALL_GAMES): {"awards": [[us[0], 100], [us[2], 10]], "ratings": []},
        }
        assert charts.moment(us[2]) == at(10)


def test_the_kept_charts_equal_the_history_whatever_order_the_results_came_in(
    app: Flask,
) -> None:
    """More than a hundred results, recorded out of time order, some at the same instant:
    the newest hundred of each series, as `rebuilt` reads them from the history."""
    rng = random.Random(13)
    with app.app_context():
        players = [make_user(f"p{n}") for n in range(2)]
        for _ in range(480):
            game = rng.choice((GIN, GIN, HU, ROMME))
            seed_result(
                rng.choice(players), outcome=rng.choice(("won", "won", "lost", "abandoned")),
                difficulty=rng.choice(("easy", "normal", "expert")), game=game,
                finished_at=at(rng.randrange(200)),  # out of order, and instants shared
                hand_scores=ROMME_HAND if game == ROMME else None,
            )
            db.session.commit()
        kept = chart_helpers.kept()
        assert kept == chart_helpers.rebuilt()
        # Some series were cut to the newest hundred: 480 results of two players.
        for name in ("awards", "ratings"):
            assert max(len(series[name]) for series in kept.values()) == charts.LENGTH
        for series in kept.values():
            assert series["awards"] == sorted(series["awards"])
            assert series["ratings"] == sorted(series["ratings"])


def test_the_repair_finds_missing_extra_and_wrong_charts_player_by_player(app: Flask) -> None:
    """The repair reads both sides as streams in player order (`charts.kept`,
    `charts.history`): a player whose rows are gone, one with a row the history does not give
    and one with a wrong series are each found between players who are right, and the
    rewrite puts every row back."""
    with app.app_context():
        ann, bob, cid, dan = (make_user(name) for name in ("ann", "bob", "cid", "dan"))
        for n, player in enumerate((ann, bob, cid) * 3):
            seed_result(player, outcome="won" if n % 2 else "lost", finished_at=at(n))
        db.session.commit()
        written = chart_helpers.kept()
        assert {key[0] for key in written} == {ann.id, bob.id, cid.id}
        db.session.execute(delete(PlayerChart).where(PlayerChart.user_id == bob.id))
        db.session.add(PlayerChart(user_id=dan.id, game=HU, awards=[[1, 10]], ratings=[]))
        chart = db.session.get(PlayerChart, (cid.id, GIN))
        assert chart is not None
        chart.ratings = chart.ratings[:-1]
        db.session.commit()
        found = {key: (mine, theirs) for key, mine, theirs in charts.differences()}
        assert set(found) == {(bob.id, GIN), (bob.id, ALL_GAMES), (dan.id, HU), (cid.id, GIN)}
        assert found[(bob.id, GIN)][0] is None and found[(dan.id, HU)][1] is None
        assert found[(dan.id, HU)][0] == {"awards": (1, [1, 10]), "ratings": (0, None)}
        mine, theirs = found[(cid.id, GIN)]
        assert mine is not None and theirs is not None
        assert (mine["ratings"][0], theirs["ratings"][0]) == (2, 3)
        charts.rewrite()
        db.session.commit()
        assert chart_helpers.kept() == written and charts.differences() == []


def test_the_migration_backfills_what_the_endings_kept(app: Flask) -> None:
    with app.app_context():
        ann, bob = make_user("ann"), make_user("bob")
        for n in range(12):
            seed_result(ann if n % 3 else bob, outcome="won" if n % 2 else "lost",
                        game=(GIN, HU, ROMME)[n % 3], finished_at=at(n),
                        hand_scores=ROMME_HAND if n % 3 == 2 else None)
        db.session.commit()
        written = chart_helpers.kept()
        assert len(written) == 5  # ann: hu, romme, all games; bob: gin, all games
        db.session.rollback()
        downgrade(directory=str(MIGRATIONS_DIR), revision="0012")
        upgrade(directory=str(MIGRATIONS_DIR))
        assert chart_helpers.kept() == written == chart_helpers.rebuilt()


def test_the_player_page_reads_both_charts_as_one_row(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        ann = make_user("ann")
        for n in range(4):
            seed_result(ann, outcome="won" if n % 2 else "lost", finished_at=at(n))
        db.session.commit()
    client.get("/?lang=en")
    with sent_statements(app) as seen:
        html = client.get("/u/ann").get_data(as_text=True)
    assert len([s for s in seen if "player_charts" in s]) == 1
    assert not [s for s in seen if "rating_updates" in s or "point_awards.awarded_at" in s]
    # In the reader's zone (English: UTC), as the last matches write their dates.
    assert "60 points from 2 won matches, 6/1/26 to 6/1/26." in html
    # Two awards; the starting rating and four rating updates.
    assert html.count('<circle class="dot"') == 2 + 1 + 4
