"""Migrations build the schema the models describe; the store saves with compare-and-set."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask import Flask
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text

from webapp import MIGRATIONS_DIR
from webapp.extensions import db
from webapp.models import MATCH_ID_LENGTH, MatchStatus
from webapp.rating.ladder_version import first_version
from webapp.store import StaleMatchError, create_match, load_match, save_match


def test_upgrade_to_head_and_down_to_base(app: Flask) -> None:
    # The app fixture has already upgraded the empty database to head.
    with app.app_context():
        tables = set(inspect(db.engine).get_table_names())
        assert {"matches", "alembic_version"} <= tables
        indexes = {ix["name"] for ix in inspect(db.engine).get_indexes("matches")}
        assert "ix_matches_status_updated_at" in indexes

        downgrade(directory=str(MIGRATIONS_DIR), revision="base")
        assert set(inspect(db.engine).get_table_names()) <= {"alembic_version"}

        upgrade(directory=str(MIGRATIONS_DIR))
        assert set(inspect(db.engine).get_table_names()) >= ACCOUNT_TABLES | {"matches"}


ACCOUNT_TABLES = {"users", "point_awards", "match_results"}


def test_head_has_the_accounts_and_ranking_schema(app: Flask) -> None:
    with app.app_context():
        inspector = inspect(db.engine)
        assert ACCOUNT_TABLES <= set(inspector.get_table_names())
        unique = {
            table: {tuple(u["column_names"]) for u in inspector.get_unique_constraints(table)}
            for table in ("users", "point_awards")
        }
        assert ("username_key",) in unique["users"]
        assert ("match_id",) in unique["point_awards"]
        assert {ix["name"] for ix in inspector.get_indexes("match_results")} >= {
            "ix_match_results_finished_at",
            "ix_match_results_user_id_finished_at",
        }
        assert "ix_matches_owner_user_id_status" in {
            ix["name"] for ix in inspector.get_indexes("matches")
        }
        owner_fk = [fk for fk in inspector.get_foreign_keys("matches") if fk["referred_table"]]
        assert [(fk["constrained_columns"], fk["referred_table"]) for fk in owner_fk] == [
            (["owner_user_id"], "users")
        ]


def test_0002_keeps_existing_matches_and_down_again(app: Flask) -> None:
    with app.app_context():
        downgrade(directory=str(MIGRATIONS_DIR), revision="0001")
        assert not ACCOUNT_TABLES & set(inspect(db.engine).get_table_names())
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO matches (id, version, snapshot, ruleset, difficulty, status,"
                    " created_at, updated_at) VALUES ('m1', 1, '{}', 'quick', 'expert',"
                    " 'active', :now, :now)"
                ),
                {"now": datetime.now(UTC)},
            )
        upgrade(directory=str(MIGRATIONS_DIR))
        with db.engine.connect() as connection:
            level = connection.execute(
                text("SELECT lowest_difficulty FROM matches WHERE id = 'm1'")
            ).scalar_one()
        assert level == "expert"
        downgrade(directory=str(MIGRATIONS_DIR), revision="base")
        assert set(inspect(db.engine).get_table_names()) <= {"alembic_version"}
        upgrade(directory=str(MIGRATIONS_DIR))


def test_0006_marks_existing_matches_gin_and_down_again(app: Flask) -> None:
    with app.app_context():
        downgrade(directory=str(MIGRATIONS_DIR), revision="0005")
        assert "game" not in {c["name"] for c in inspect(db.engine).get_columns("matches")}
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO matches (id, version, snapshot, ruleset, difficulty, status,"
                    " lowest_difficulty, created_at, updated_at) VALUES ('m1', 3, '{}',"
                    " 'standard', 'normal', 'active', 'normal', :now, :now)"
                ),
                {"now": datetime.now(UTC)},
            )
        upgrade(directory=str(MIGRATIONS_DIR))
        with db.engine.connect() as connection:
            game, version = connection.execute(
                text("SELECT game, version FROM matches WHERE id = 'm1'")
            ).one()
        assert (game, version) == ("gin", 3)
        romme = create_match(game="romme", ruleset="romme", difficulty="easy", snapshot={})
        assert load_match(romme.id).game == "romme"  # type: ignore[union-attr]
        db.session.rollback()  # end the read's transaction: PostgreSQL's ALTER waits for it
        downgrade(directory=str(MIGRATIONS_DIR), revision="0005")
        assert "game" not in {c["name"] for c in inspect(db.engine).get_columns("matches")}
        upgrade(directory=str(MIGRATIONS_DIR))


def test_0009_ranks_the_matches_of_accounts_only_and_down_again(app: Flask) -> None:
    """Rows stored before were counted when owned: they stay ranked; a guest's is not."""
    with app.app_context():
        downgrade(directory=str(MIGRATIONS_DIR), revision="0008")
        assert "ranked" not in {c["name"] for c in inspect(db.engine).get_columns("matches")}
        with db.engine.begin() as connection:
            connection.execute(text(
                "INSERT INTO users (id, username, username_key, password_hash, created_at,"
                " session_generation) VALUES (7, 'ann', 'ann', 'x', :now, 0)"
            ), {"now": datetime.now(UTC)})
            for match_id, owner in (("owned", 7), ("guest", None)):
                connection.execute(text(
                    "INSERT INTO matches (id, version, snapshot, ruleset, difficulty, status,"
                    " lowest_difficulty, owner_user_id, created_at, updated_at) VALUES (:id, 1,"
                    " '{}', 'quick', 'easy', 'finished', 'easy', :owner, :now, :now)"
                ), {"id": match_id, "owner": owner, "now": datetime.now(UTC)})
        upgrade(directory=str(MIGRATIONS_DIR))
        with db.engine.connect() as connection:
            ranked = dict(connection.execute(text("SELECT id, ranked FROM matches")).all())
        assert {key: bool(value) for key, value in ranked.items()} == {
            "owned": True, "guest": False
        }
        downgrade(directory=str(MIGRATIONS_DIR), revision="0008")
        assert "ranked" not in {c["name"] for c in inspect(db.engine).get_columns("matches")}
        upgrade(directory=str(MIGRATIONS_DIR))


def test_0010_adds_the_practice_columns_and_down_again(app: Flask) -> None:
    """Every match stored before is no practice; down again drops the columns."""
    with app.app_context():
        downgrade(directory=str(MIGRATIONS_DIR), revision="0009")
        columns = {c["name"] for c in inspect(db.engine).get_columns("matches")}
        assert not {"practice_of", "practice_hand"} & columns
        with db.engine.begin() as connection:
            connection.execute(text(
                "INSERT INTO matches (id, version, snapshot, ruleset, difficulty, status,"
                " lowest_difficulty, created_at, updated_at, ranked) VALUES ('old', 1, '{}',"
                " 'quick', 'easy', 'finished', 'easy', :now, :now, :no)"
            ), {"now": datetime.now(UTC), "no": False})
        upgrade(directory=str(MIGRATIONS_DIR))
        loaded = load_match("old")
        assert loaded is not None and not loaded.practice
        assert (loaded.practice_of, loaded.practice_hand) == (None, None)
        db.session.rollback()  # end the read's transaction: PostgreSQL's ALTER waits for it
        downgrade(directory=str(MIGRATIONS_DIR), revision="0009")
        columns = {c["name"] for c in inspect(db.engine).get_columns("matches")}
        assert not {"practice_of", "practice_hand"} & columns
        assert "uq_matches_owner_user_id_running" in {
            ix["name"] for ix in inspect(db.engine).get_indexes("matches")}
        upgrade(directory=str(MIGRATIONS_DIR))


def test_0012_gives_each_board_with_rungs_a_ladder_version_and_down_again(app: Flask) -> None:
    with app.app_context():
        downgrade(directory=str(MIGRATIONS_DIR), revision="0011")
        assert "rating_ladder_versions" not in inspect(db.engine).get_table_names()
        with db.engine.begin() as connection:
            connection.execute(text(
                "INSERT INTO rating_ladder (game, shown, players) VALUES ('gin', 1600, 2),"
                " ('gin', 1500, 1), ('romme', 1450, 1)"
            ))
        before = first_version()
        upgrade(directory=str(MIGRATIONS_DIR))
        versions = dict(db.session.execute(
            text("SELECT game, version FROM rating_ladder_versions")).all())
        assert set(versions) == {"gin", "romme"}
        assert versions["gin"] == versions["romme"]
        assert before <= versions["gin"] <= first_version()
        db.session.rollback()
        downgrade(directory=str(MIGRATIONS_DIR), revision="0011")
        assert "rating_ladder_versions" not in inspect(db.engine).get_table_names()
        upgrade(directory=str(MIGRATIONS_DIR))


GIN_COUNTS = ("gins", "undercuts_given", "undercuts_received", "knocks", "knock_deadwood")
TOTALS_COLUMNS = ("wins_easy", "wins_normal", "wins_expert", *GIN_COUNTS)


def test_0016_moves_the_statistics_columns_into_keyed_rows_and_back(app: Flask) -> None:
    """Every non-zero value of the dropped columns becomes one row by its name (a 0 none), and
    down again puts each back where it was."""
    results = {"m1": (2, 0, 1, 3, 14), "m2": (0, 0, 0, 0, 0)}
    totals = {("gin", "all"): (0, 1, 2, 2, 0, 1, 3, 14), ("all", "all"): (1, 1, 2, 2, 0, 1, 3, 14)}
    with app.app_context():
        downgrade(directory=str(MIGRATIONS_DIR), revision="0015")
        assert "player_statistics" not in inspect(db.engine).get_table_names()
        now = datetime.now(UTC)
        with db.engine.begin() as connection:
            connection.execute(text(
                "INSERT INTO users (id, username, username_key, password_hash, created_at,"
                " session_generation) VALUES (7, 'ann', 'ann', 'x', :now, 0)"
            ), {"now": now})
            for match_id, counts in results.items():
                connection.execute(text(
                    "INSERT INTO matches (id, version, snapshot, ruleset, difficulty, status,"
                    " lowest_difficulty, owner_user_id, created_at, updated_at, ranked) VALUES"
                    " (:id, 1, '{}', 'quick', 'easy', 'finished', 'easy', 7, :now, :now, :yes)"
                ), {"id": match_id, "now": now, "yes": True})
                connection.execute(text(
                    "INSERT INTO match_results (match_id, user_id, game, ruleset, difficulty,"
                    " outcome, score, opponent_score, hands, hands_won, hand_scores,"
                    f" finished_at, {', '.join(GIN_COUNTS)}) VALUES (:id, 7, 'gin', 'quick',"
                    " 'easy', 'won', 100, 0, 3, 2, '[]', :now,"
                    f" {', '.join(str(c) for c in counts)})"
                ), {"id": match_id, "now": now})
            for (game, period), values in totals.items():
                connection.execute(text(
                    "INSERT INTO player_totals (game, period, user_id, username_key, points,"
                    f" matches, wins, abandoned, hands, best_score, {', '.join(TOTALS_COLUMNS)})"
                    f" VALUES (:game, :period, 7, 'ann', 10, 2, 2, 0, 6, 100,"
                    f" {', '.join(str(v) for v in values)})"
                ), {"game": game, "period": period})
        upgrade(directory=str(MIGRATIONS_DIR))
        with db.engine.connect() as connection:
            per_match = set(connection.execute(
                text("SELECT match_id, name, value FROM match_statistics")).all())
            per_board = set(connection.execute(
                text("SELECT game, period, user_id, name, value FROM player_statistics")).all())
        assert per_match == {("m1", "gins", 2), ("m1", "undercuts_received", 1),
                             ("m1", "knocks", 3), ("m1", "knock_deadwood", 14)}
        kept = {("wins:normal", 1), ("wins:expert", 2), ("gins", 2),
                ("undercuts_received", 1), ("knocks", 3), ("knock_deadwood", 14)}
        assert per_board == {("gin", "all", 7, *row) for row in kept} | {
            ("all", "all", 7, *row) for row in kept | {("wins:easy", 1)}}
        assert not set(TOTALS_COLUMNS) & {
            c["name"] for c in inspect(db.engine).get_columns("player_totals")}
        assert not set(GIN_COUNTS) & {
            c["name"] for c in inspect(db.engine).get_columns("match_results")}
        downgrade(directory=str(MIGRATIONS_DIR), revision="0015")
        with db.engine.connect() as connection:
            back = {row[0]: tuple(row[1:]) for row in connection.execute(
                text(f"SELECT match_id, {', '.join(GIN_COUNTS)} FROM match_results"))}
            back_totals = {(row[0], row[1]): tuple(row[2:]) for row in connection.execute(text(
                f"SELECT game, period, {', '.join(TOTALS_COLUMNS)} FROM player_totals"))}
        assert back == results and back_totals == totals
        assert "player_statistics" not in inspect(db.engine).get_table_names()
        assert not {c["name"]: c["default"] for c in inspect(db.engine).get_columns(
            "player_totals") if c["name"] in TOTALS_COLUMNS and c["default"] is not None}
        upgrade(directory=str(MIGRATIONS_DIR))


LUCK_COLUMNS = {"points", "luck_deal", "luck_own_draws", "luck_their_draws", "luck_error"}


def test_0017_keeps_the_hand_reviews_without_luck_and_down_again(app: Flask) -> None:
    """A review kept before has no result and no luck (NULL: not computed again); one kept
    after holds them; down again drops the columns and keeps the reviews."""
    with app.app_context():
        downgrade(directory=str(MIGRATIONS_DIR), revision="0016")
        assert not LUCK_COLUMNS & {
            c["name"] for c in inspect(db.engine).get_columns("hand_reviews")}
        now = datetime.now(UTC)
        with db.engine.begin() as connection:
            connection.execute(text(
                "INSERT INTO matches (id, version, snapshot, ruleset, difficulty, status,"
                " lowest_difficulty, created_at, updated_at, ranked) VALUES ('m1', 1, '{}',"
                " 'quick', 'easy', 'finished', 'easy', :now, :now, :no)"
            ), {"now": now, "no": False})
            connection.execute(text(
                "INSERT INTO hand_reviews (match_id, hand, review, decisions, matched,"
                " points_lost, accuracy_sum, created_at) VALUES ('m1', 1, '{}', 3, 2, 4.5,"
                " 250.0, :now)"
            ), {"now": now})
        upgrade(directory=str(MIGRATIONS_DIR))
        with db.engine.begin() as connection:
            old = connection.execute(text(
                "SELECT decisions, points, luck_deal, luck_own_draws, luck_their_draws,"
                " luck_error FROM hand_reviews WHERE hand = 1")).one()
            connection.execute(text(
                "INSERT INTO hand_reviews (match_id, hand, review, decisions, matched,"
                " points_lost, accuracy_sum, created_at, points, luck_deal, luck_own_draws,"
                " luck_their_draws, luck_error) VALUES ('m1', 2, '{}', 1, 1, 0.0, 100.0, :now,"
                " -28, -3.5, -12.25, 4.0, 6.5)"
            ), {"now": now})
            new = connection.execute(text(
                "SELECT points, luck_deal, luck_own_draws, luck_their_draws, luck_error"
                " FROM hand_reviews WHERE hand = 2")).one()
        assert tuple(old) == (3, None, None, None, None, None)
        assert tuple(new) == (-28, -3.5, -12.25, 4.0, 6.5)
        downgrade(directory=str(MIGRATIONS_DIR), revision="0016")
        assert not LUCK_COLUMNS & {
            c["name"] for c in inspect(db.engine).get_columns("hand_reviews")}
        with db.engine.connect() as connection:
            kept = connection.execute(text(
                "SELECT hand, decisions FROM hand_reviews ORDER BY hand")).all()
        assert [tuple(row) for row in kept] == [(1, 3), (2, 1)]
        upgrade(directory=str(MIGRATIONS_DIR))


def test_migrations_match_the_models(app: Flask) -> None:
    with app.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, db.metadata) == []


def test_create_and_load_match(app: Flask) -> None:
    with app.app_context():
        match = create_match(ruleset="standard", difficulty="normal", snapshot={"v": 1})
        match_id = match.id
        db.session.remove()
        loaded = load_match(match_id)
        assert loaded is not None
        assert len(loaded.id) == MATCH_ID_LENGTH
        assert (loaded.version, loaded.status, loaded.snapshot) == (1, "active", {"v": 1})
        assert loaded.created_at.tzinfo is not None
        assert loaded.created_at.utcoffset() == UTC.utcoffset(None)
        assert load_match("no-such-match") is None


def test_save_bumps_the_version(app: Flask) -> None:
    with app.app_context():
        match = create_match(ruleset="quick", difficulty="easy", snapshot={})
        match_id = match.id
        match.snapshot = {"hand": 1}
        assert save_match(match, expected_version=1) == 2
        db.session.remove()
        loaded = load_match(match_id)
        assert loaded is not None and (loaded.version, loaded.snapshot) == (2, {"hand": 1})


def test_save_with_a_stale_version_changes_nothing(app: Flask) -> None:
    with app.app_context():
        match = create_match(ruleset="quick", difficulty="easy", snapshot={"hand": 1})
        match_id = match.id
        match.snapshot = {"hand": 2}
        save_match(match, expected_version=1)

        # A second tab still holding version 1 tries to save its own move.
        match = load_match(match_id)
        assert match is not None
        match.snapshot = {"hand": "replayed"}
        with pytest.raises(StaleMatchError):
            save_match(match, expected_version=1)
        db.session.remove()
        loaded = load_match(match_id)
        assert loaded is not None and (loaded.version, loaded.snapshot) == (2, {"hand": 2})


def test_finishing_a_match_stamps_finished_at(app: Flask) -> None:
    with app.app_context():
        match = create_match(ruleset="classic", difficulty="expert", snapshot={})
        match_id = match.id
        match.status = MatchStatus.FINISHED
        save_match(match, expected_version=1)
        db.session.remove()
        loaded = load_match(match_id)
        assert loaded is not None and loaded.status == "finished"
        assert loaded.finished_at is not None and loaded.finished_at.tzinfo is not None
