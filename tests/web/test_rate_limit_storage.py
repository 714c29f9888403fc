"""Rate limits when Redis is down, and production's need for shared counting (issue 14, 2)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from flask import Flask

from tests.web.account_helpers import PASSWORD, login, register
from webapp import create_app
from webapp.config import ConfigError
from webapp.extensions import limiter

REDIS_DOWN = "redis://127.0.0.1:1/4"  # a closed port
STRONG_KEY = "k" * 48


@pytest.fixture
def redis_down_app(app: Flask) -> Flask:
    app.config.update(RATELIMIT_STORAGE_URI=REDIS_DOWN, WTF_CSRF_ENABLED=True)
    limiter.init_app(app)
    return app


def test_login_and_register_work_while_redis_is_down(
    redis_down_app: Flask, caplog: pytest.LogCaptureFixture
) -> None:
    client = redis_down_app.test_client()
    with caplog.at_level(logging.WARNING, logger="flask-limiter"):
        assert register(client, "alice").status_code == 303
        assert login(redis_down_app.test_client(), "alice").status_code == 303
        assert login(redis_down_app.test_client(), "alice", "wrong").status_code == 422
    assert any("falling back to in-memory" in r.getMessage() for r in caplog.records)


def test_the_limit_still_counts_in_memory_while_redis_is_down(redis_down_app: Flask) -> None:
    redis_down_app.config["AUTH_RATE_LIMIT"] = "3 per minute"
    client = redis_down_app.test_client()
    statuses = [login(client, "nobody", PASSWORD).status_code for _ in range(4)]
    assert statuses == [422, 422, 422, 429]


def test_production_without_redis_refuses_to_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("APP_ENV", "production")
    monkeypatch.setenv("SECRET_KEY", STRONG_KEY)
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.delenv("RATE_LIMIT_PER_PROCESS", raising=False)
    with pytest.raises(ConfigError, match="REDIS_URL"):
        create_app({"INSTANCE_PATH": str(tmp_path)})


@pytest.mark.parametrize("env", [{"REDIS_URL": REDIS_DOWN}, {"RATE_LIMIT_PER_PROCESS": "1"}])
def test_production_starts_with_redis_or_when_told_to_count_per_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, env: dict[str, str]
) -> None:
    monkeypatch.setenv("APP_ENV", "production")
    monkeypatch.setenv("SECRET_KEY", STRONG_KEY)
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.delenv("RATE_LIMIT_PER_PROCESS", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    app = create_app({"INSTANCE_PATH": str(tmp_path)})
    assert app.config["APP_ENV"] == "production"
