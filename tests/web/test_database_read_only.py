"""The database stops taking writes while the site serves, then takes them again.

Made read-only for real, not by the app: on SQLite the file itself (``chattr +i`` when the
tests run as root, whom file modes do not stop; ``chmod`` otherwise), on PostgreSQL the
database (``default_transaction_read_only``). Every connection from then on is opened during
the outage (the pool is emptied, as a restarted worker's would be). While it lasts, moves and
new matches get the 503 page and change nothing, the table can still be read and ``/healthz``
says read-only; once writable again, the very next move and ``POST /new`` succeed.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, make_url, text

from tests.web.account_helpers import token
from tests.web.play_helpers import get, post_move, stored
from webapp.extensions import db
from webapp.matches import SESSION_MATCH_KEY


@contextmanager
def sqlite_file_read_only(path: str) -> Iterator[None]:
    if os.geteuid() == 0:
        subprocess.run(["chattr", "+i", path], check=True)
        undo = ["chattr", "-i", path]
    else:
        mode = stat.S_IMODE(os.stat(path).st_mode)
        os.chmod(path, 0o444)
    try:
        # The operating system really refuses: a connection of its own cannot write.
        probe = sqlite3.connect(path)
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            probe.execute("UPDATE alembic_version SET version_num = version_num")
        probe.close()
        yield
    finally:
        if os.geteuid() == 0:
            subprocess.run(undo, check=True)
        else:
            os.chmod(path, mode)


@contextmanager
def postgresql_read_only(url: str) -> Iterator[None]:
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    name = make_url(url).database
    try:
        with admin.connect() as connection:
            connection.execute(
                text(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')
            )
        yield
    finally:
        with admin.connect() as connection:
            connection.execute(text("SET default_transaction_read_only = off"))
            connection.execute(
                text(f'ALTER DATABASE "{name}" RESET default_transaction_read_only')
            )
        admin.dispose()


@contextmanager
def read_only(app: Flask, url: str) -> Iterator[None]:
    if url.startswith("sqlite"):
        outage = sqlite_file_read_only(str(make_url(url).database))
    else:
        outage = postgresql_read_only(url)
    with outage:
        with app.app_context():
            db.engine.dispose()  # from here on every connection is opened during the outage
        yield


def new_match(client: FlaskClient) -> int:
    data = {"csrf_token": token(client, "/"), "ruleset": "standard", "difficulty": "easy",
            "confirm": "1"}
    return client.post("/new", data=data).status_code


def test_writes_succeed_again_once_the_database_is_writable(
    app: Flask, client: FlaskClient, database_url: str
) -> None:
    app.config["NEW_MATCH_RATE_LIMIT"] = "100 per minute"
    assert new_match(client) == 303
    with client.session_transaction() as session:
        match_id = session[SESSION_MATCH_KEY]
    page = get(client)
    assert page.phase == "upcard"
    before = stored(app, match_id)[:2]

    with read_only(app, database_url):
        assert post_move(client, page, "pass-upcard").status_code == 503
        assert new_match(client) == 503
        health = client.get("/healthz")
        assert (health.status_code, json.loads(health.data)) == (
            503, {"status": "unavailable", "database": "read-only"}
        )
        assert get(client).status == 200  # the table can still be read
        assert post_move(client, page, "pass-upcard").status_code == 503
        assert stored(app, match_id)[:2] == before  # nothing changed

    # SQLite: the pool hands out no connection opened read-only once the file is writable.
    # PostgreSQL: a connection opened read-only is found out by its first refused write
    # (or health check) and the pool replaced, so at most one request fails after the outage.
    tries = 1 if database_url.startswith("sqlite") else 2
    health = [client.get("/healthz").get_json() for _ in range(tries)]
    assert health[-1] == {"status": "ok", "database": "ok"}, health
    moves = [post_move(client, page, "pass-upcard").status_code]
    while moves[-1] == 503 and len(moves) < tries:
        moves.append(post_move(client, page, "pass-upcard").status_code)
    assert moves[-1] == 303, moves
    assert stored(app, match_id)[0] == before[0] + 1, moves
    assert new_match(client) == 303
    assert get(client).phase == "upcard"  # the new match's table
