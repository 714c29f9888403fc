"""What a deployment relies on: /healthz, production settings, static caching, CLI commands."""

from __future__ import annotations

import re
from datetime import timedelta
from html import unescape
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from tests.web.account_helpers import (
    finish_by_knocking,
    register,
    seat_winning_match,
    set_difficulty,
)
from tests.web.play_helpers import seat_match
from webapp import create_app
from webapp.config import ConfigError, settings_from_env
from webapp.extensions import db
from webapp.models import Match, MatchStatus, utcnow
from webapp.static_files import LONG_CACHE, ONE_YEAR, REVALIDATE, Fingerprints

STRONG_KEY = "k" * 16 + "0123456789abcdef0123"
STYLESHEET = re.compile(r'href="(/static/css/site\.css\?v=([0-9a-f]{12}))"')


# --- /healthz ----------------------------------------------------------------------------


def test_healthz_answers_ok_without_a_cookie(client: FlaskClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok", "database": "ok"}
    assert "Set-Cookie" not in response.headers
    assert response.headers["Cache-Control"] == "no-store"


def test_healthz_is_503_when_the_database_is_unreachable(tmp_path: Path) -> None:
    down = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": STRONG_KEY,
            "INSTANCE_PATH": str(tmp_path),
            # Nothing listens on port 1: the connection is refused at once.
            "DATABASE_URL": "postgresql://nobody@127.0.0.1:1/nothing",
            "SQLALCHEMY_ENGINE_OPTIONS": {"connect_args": {"connect_timeout": 3}},
        }
    )
    response = down.test_client().get("/healthz")
    assert response.status_code == 503
    assert response.get_json()["status"] == "unavailable"
    assert "Set-Cookie" not in response.headers
    assert "nobody" not in response.get_data(as_text=True)


def unreachable_database_app(tmp_path: Path) -> Flask:
    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": STRONG_KEY,
            "INSTANCE_PATH": str(tmp_path),
            # Nothing listens on port 1: the connection is refused at once.
            "DATABASE_URL": "postgresql://nobody@127.0.0.1:1/nothing",
            "SQLALCHEMY_ENGINE_OPTIONS": {"connect_args": {"connect_timeout": 3}},
        }
    )


@pytest.mark.parametrize(
    ("language", "title", "message"),
    [
        ("zh-CN", "稍等片刻", "游戏数据库暂时没有响应。你的对局不会丢失"),
        ("zh-TW", "稍等片刻", "遊戲資料庫暫時沒有回應。你的對局不會遺失"),
        ("en", "Back in a moment", "The game's database is not answering just now."),
    ],
)
@pytest.mark.parametrize("path", ["/play", "/", "/leaderboard", "/me"])
def test_pages_answer_503_while_the_database_is_down(
    tmp_path: Path, path: str, language: str, title: str, message: str
) -> None:
    down = unreachable_database_app(tmp_path)
    client = down.test_client()
    with client.session_transaction() as session:
        # A logged-in player in the middle of a match: both need the database.
        session["match_id"] = "m" * 22
        session["_user_id"] = "1"
        session["_fresh"] = True
    response = client.get(path, headers={"Accept-Language": language})
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "5"
    html = response.get_data(as_text=True)
    assert title in html and message in unescape(html)
    assert 'class="site-header"' in html  # the full page, not a bare fallback
    assert "<script" not in html
    assert "script-src 'none'" in response.headers["Content-Security-Policy"]


# --- production settings ------------------------------------------------------------------


@pytest.mark.parametrize(
    "key",
    [None, "", "dev", "change-me", "CHANGE-ME", "short-but-not-a-placeholder", "x" * 31],
)
def test_production_refuses_a_missing_or_weak_secret_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, key: str | None
) -> None:
    monkeypatch.setenv("APP_ENV", "production")
    if key is None:
        monkeypatch.delenv("SECRET_KEY", raising=False)
    else:
        monkeypatch.setenv("SECRET_KEY", key)
    with pytest.raises(ConfigError, match="SECRET_KEY"):
        create_app({"INSTANCE_PATH": str(tmp_path)})


def test_production_refuses_a_weak_key_given_as_config(tmp_path: Path) -> None:
    with pytest.raises(ConfigError):
        create_app({"INSTANCE_PATH": str(tmp_path), "APP_ENV": "production", "SECRET_KEY": "dev"})


def test_production_starts_with_a_strong_key_and_secure_cookies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("APP_ENV", "production")
    monkeypatch.setenv("SECRET_KEY", STRONG_KEY)
    monkeypatch.delenv("SESSION_COOKIE_SECURE", raising=False)
    monkeypatch.setenv("RATE_LIMIT_PER_PROCESS", "1")
    app = create_app(
        {"INSTANCE_PATH": str(tmp_path), "DATABASE_URL": f"sqlite:///{tmp_path / 'p.sqlite3'}"}
    )
    assert app.config["SECRET_KEY"] == STRONG_KEY
    for prefix in ("SESSION", "REMEMBER"):
        assert app.config[f"{prefix}_COOKIE_SECURE"] is True
        assert app.config[f"{prefix}_COOKIE_HTTPONLY"] is True
        assert app.config[f"{prefix}_COOKIE_SAMESITE"] == "Lax"
    cookie = app.test_client().get("/?lang=en").headers["Set-Cookie"]
    assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert not (tmp_path / "secret_key").exists()


@pytest.mark.parametrize(
    ("env", "secure"),
    [
        ({"APP_ENV": "production"}, True),
        ({"APP_ENV": "production", "SESSION_COOKIE_SECURE": "0"}, False),
        ({"APP_ENV": "production", "SESSION_COOKIE_SECURE": "1"}, True),
        ({}, False),
        ({"SESSION_COOKIE_SECURE": "1"}, True),
    ],
)
def test_secure_cookies_default_on_in_production_only(env: dict[str, str], secure: bool) -> None:
    settings = settings_from_env("/tmp/instance", env)
    assert settings["SESSION_COOKIE_SECURE"] is secure
    assert settings["REMEMBER_COOKIE_SECURE"] is secure


# --- static files -------------------------------------------------------------------------


def test_stylesheet_url_carries_the_content_hash(app: Flask, client: FlaskClient) -> None:
    import hashlib

    from webapp import STATIC_DIR

    found = STYLESHEET.search(client.get("/").get_data(as_text=True))
    assert found, "the page links the stylesheet with ?v="
    expected = hashlib.sha256((STATIC_DIR / "css/site.css").read_bytes()).hexdigest()[:12]
    assert found.group(2) == expected


def test_versioned_static_file_is_cached_for_a_year(client: FlaskClient) -> None:
    url = STYLESHEET.search(client.get("/").get_data(as_text=True)).group(1)
    response = client.get(url)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == LONG_CACHE
    assert f"max-age={ONE_YEAR}" in LONG_CACHE and "immutable" in LONG_CACHE
    assert response.headers["ETag"]
    assert ".card.red" in response.get_data(as_text=True)


@pytest.mark.parametrize("query", ["", "?v=000000000000", "?v="])
def test_unversioned_or_stale_static_url_is_revalidated(client: FlaskClient, query: str) -> None:
    response = client.get("/static/css/site.css" + query)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == REVALIDATE
    again = client.get(
        "/static/css/site.css" + query, headers={"If-None-Match": response.headers["ETag"]}
    )
    assert again.status_code == 304


def test_a_changed_file_gets_a_new_fingerprint(tmp_path: Path) -> None:
    sheet = tmp_path / "a.css"
    sheet.write_text("body { color: black }")
    fingerprints = Fingerprints(tmp_path)
    first = fingerprints("a.css")
    assert first is not None and len(first) == 12
    assert fingerprints("a.css") == first
    sheet.write_text("body { color: navy; }")
    second = fingerprints("a.css")
    assert second is not None and second != first
    assert fingerprints("missing.css") is None
    assert fingerprints("../a.css") is None


# --- flask CLI ----------------------------------------------------------------------------


def _age(app: Flask, match_id: str, days: int, status: str | None = None) -> None:
    with app.app_context():
        row = db.session.get(Match, match_id)
        assert row is not None
        row.updated_at = utcnow() - timedelta(days=days)
        if status is not None:
            row.status = status
        db.session.commit()


def _exists(app: Flask, match_id: str) -> bool:
    with app.app_context():
        return db.session.get(Match, match_id) is not None


def test_purge_deletes_only_old_unfinished_guest_matches(
    app: Flask, runner: FlaskCliRunner
) -> None:
    old_active = seat_match(app, app.test_client())
    old_abandoned = seat_match(app, app.test_client())
    recent = seat_match(app, app.test_client())
    old_finished = seat_match(app, app.test_client())
    old_owned = seat_match(app, app.test_client())
    _age(app, old_active, 40)
    _age(app, old_abandoned, 40, MatchStatus.ABANDONED)
    _age(app, recent, 5)
    _age(app, old_finished, 40, MatchStatus.FINISHED)
    with app.app_context():
        from webapp.accounts.passwords import hash_password
        from webapp.models import User

        user = User(username="owner", username_key="owner", password_hash=hash_password("pw"))
        db.session.add(user)
        db.session.flush()
        db.session.get(Match, old_owned).owner_user_id = user.id
        db.session.commit()
    _age(app, old_owned, 40)

    result = runner.invoke(args=["purge-guest-matches", "--days", "30"])
    assert result.exit_code == 0, result.output
    assert "Deleted 2 guest match" in result.output
    assert not _exists(app, old_active) and not _exists(app, old_abandoned)
    assert _exists(app, recent) and _exists(app, old_finished) and _exists(app, old_owned)

    again = runner.invoke(args=["purge-guest-matches", "--days", "30"])
    assert "Deleted 0 guest match" in again.output


def test_purge_needs_a_positive_number_of_days(runner: FlaskCliRunner) -> None:
    assert runner.invoke(args=["purge-guest-matches"]).exit_code != 0
    assert runner.invoke(args=["purge-guest-matches", "--days", "0"]).exit_code != 0


def test_counts(app: Flask, client: FlaskClient, runner: FlaskCliRunner) -> None:
    seat_match(app, app.test_client())
    register(client, "counter")
    match_id = seat_winning_match(app, client, owner="counter")
    set_difficulty(app, match_id, "expert")
    finish_by_knocking(client)
    result = runner.invoke(args=["counts"])
    assert result.exit_code == 0, result.output
    lines = dict(line.split(": ") for line in result.output.strip().splitlines())
    assert lines["users"] == "1"
    assert lines["matches active"] == "1"
    assert lines["matches finished"] == "1"
    assert lines["matches abandoned"] == "0"
    assert lines["matches total"] == "2"
    assert lines["point awards"] == "1"
    assert lines["points awarded"] == "100"
