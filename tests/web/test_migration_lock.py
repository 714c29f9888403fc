"""Several app containers run ``flask db upgrade`` as they start, on one PostgreSQL database.

The upgrade waits for a PostgreSQL advisory lock before it reads or writes anything, so
upgrades started together run one after another. This always runs on PostgreSQL (the local
server every development and CI machine has, or ``TEST_PG_ADMIN_URL``): SQLite has one writer
anyway and no such race.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from alembic.script import ScriptDirectory

ROOT = Path(__file__).resolve().parents[2]
ADMIN_URL = os.environ.get("TEST_PG_ADMIN_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
# One name per test process: two checkouts' suites on one server must not drop each other's.
DATABASE = f"gin_test_migration_lock_{os.getpid()}"
# The newest migration, read from the scripts so a new migration needs no edit here.
HEAD = ScriptDirectory(str(ROOT / "migrations")).get_current_head()


def _load_env_constant() -> int:
    # migrations/env.py only runs inside Alembic; read its constant without executing it.
    for line in (ROOT / "migrations" / "env.py").read_text().splitlines():
        if line.startswith("MIGRATION_LOCK_KEY = "):
            return int(line.split("=")[1].split("#")[0].strip(), 0)
    raise AssertionError("MIGRATION_LOCK_KEY not found in migrations/env.py")


LOCK_KEY = _load_env_constant()


@pytest.fixture
def empty_database() -> Iterator[str]:
    """A new, empty PostgreSQL database; its psycopg conninfo."""
    with psycopg.connect(ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{DATABASE}"')
    conninfo = ADMIN_URL.rsplit("/", 1)[0] + "/" + DATABASE
    yield conninfo
    with psycopg.connect(ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')


def start_upgrade(conninfo: str) -> subprocess.Popen[str]:
    env = {
        **os.environ,
        "DATABASE_URL": conninfo,
        "APP_ENV": "development",
        "PYTHONPATH": str(ROOT),
    }
    return subprocess.Popen(
        [sys.executable, "-m", "flask", "--app", "webapp", "db", "upgrade"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def backends_waiting_for_the_lock(conninfo: str) -> int:
    with psycopg.connect(conninfo, autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s"
            " AND wait_event_type = 'Lock' AND wait_event = 'advisory'",
            (DATABASE,),
        ).fetchone()
    assert row is not None
    return int(row[0])


def test_upgrades_started_together_wait_for_each_other(empty_database: str) -> None:
    # Hold the migration lock ourselves, as a container in the middle of its upgrade would.
    holder = psycopg.connect(empty_database)
    holder.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
    upgrades = [start_upgrade(empty_database), start_upgrade(empty_database)]
    try:
        deadline = time.monotonic() + 60
        while backends_waiting_for_the_lock(empty_database) < 2:
            assert all(p.poll() is None for p in upgrades), [p.communicate() for p in upgrades]
            assert time.monotonic() < deadline, "the upgrades never waited for the lock"
            time.sleep(0.1)
        # Both are queued behind the lock and have written nothing yet.
        with psycopg.connect(empty_database, autocommit=True) as conn:
            tables = conn.execute(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
            ).fetchone()
        assert tables == (0,)
    finally:
        holder.rollback()  # releases the lock
        holder.close()
    outputs = [p.communicate(timeout=120)[0] for p in upgrades]
    assert [p.returncode for p in upgrades] == [0, 0], outputs
    with psycopg.connect(empty_database, autocommit=True) as conn:
        versions = conn.execute("SELECT version_num FROM alembic_version").fetchall()
        matches = conn.execute("SELECT count(*) FROM matches").fetchone()
    assert versions == [(HEAD,)]
    assert matches == (0,)
