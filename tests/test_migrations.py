"""Migrations build the schema the models describe; the store saves with compare-and-set."""

from __future__ import annotations

from datetime import UTC

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask import Flask
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect

from webapp import MIGRATIONS_DIR
from webapp.extensions import db
from webapp.models import MATCH_ID_LENGTH, MatchStatus
from webapp.store import StaleMatchError, create_match, load_match, save_match


def test_upgrade_to_head_and_down_to_base(app: Flask) -> None:
    # The app fixture has already upgraded the empty database to head.
    with app.app_context():
        tables = set(inspect(db.engine).get_table_names())
        assert {"matches", "alembic_version"} <= tables
        indexes = {ix["name"] for ix in inspect(db.engine).get_indexes("matches")}
        assert "ix_matches_status_updated_at" in indexes

        downgrade(directory=str(MIGRATIONS_DIR), revision="base")
        assert "matches" not in inspect(db.engine).get_table_names()

        upgrade(directory=str(MIGRATIONS_DIR))
        assert "matches" in inspect(db.engine).get_table_names()


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
