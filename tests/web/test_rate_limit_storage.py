"""Rate limits when Redis is down, and production's need for shared counting (issue 14, 2);
with Redis, two processes share one count, and without it each counts alone (issue 36).
``make test`` installs redis-server when it is missing (scripts/ensure-redis)."""

from __future__ import annotations

import logging
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import redis
from flask import Flask

from benchmarks.webclient import (
    CSRF,
    ROOT,
    VENV_BIN,
    HttpFailure,
    ServerProcess,
    WebClient,
    free_port,
    server_env,
)
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


# --- two app processes (gunicorn, one worker each) and a Redis of the test's own ----------

REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"
ATTEMPTS_A_MINUTE = 3


@contextmanager
def redis_server(folder: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """Debian's redis-server on a free port, keeping nothing on disk; yields its URL and
    process (the test stops it to play an outage)."""
    if not Path(REDIS_SERVER).exists():
        raise RuntimeError(f"{REDIS_SERVER} is missing: run scripts/ensure-redis")
    port = free_port()
    process = subprocess.Popen(
        [REDIS_SERVER, "--bind", "127.0.0.1", "--port", str(port), "--save", "",
         "--appendonly", "no", "--dir", str(folder)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    client = redis.Redis(port=port)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0", process
    finally:
        client.close()
        if process.poll() is None:
            process.terminate()
        process.wait(timeout=10)


@contextmanager
def two_app_processes(folder: Path, redis_url: str) -> Iterator[tuple[str, str]]:
    """The production command twice (as two hosts would run it) on one SQLite database,
    counting the rate limits in ``redis_url``; yields both base URLs."""
    env = server_env(f"sqlite:///{folder / 'site.sqlite3'}", WEB_CONCURRENCY="1",
                     INSTANCE_PATH=str(folder), REDIS_URL=redis_url, RATE_LIMIT_PER_PROCESS="",
                     AUTH_RATE_LIMIT=f"{ATTEMPTS_A_MINUTE} per minute")
    subprocess.run([str(VENV_BIN / "flask"), "--app", "webapp", "db", "upgrade"],
                   cwd=ROOT, env=env, check=True, capture_output=True)
    first = ServerProcess(env, log=folder / "first.log").start("/healthz", wait=120)
    try:
        second = ServerProcess(env, log=folder / "second.log").start("/healthz", wait=120)
        try:
            yield first.base, second.base
        finally:
            second.stop()
    finally:
        first.stop()


def failed_logins(base: str, count: int) -> list[int]:
    """``count`` logins with a wrong password from one browser; their statuses."""
    browser = WebClient([base])
    token = CSRF.search(browser.request("GET", "/login").body)
    assert token is not None
    statuses = []
    for _ in range(count):
        try:
            statuses.append(browser.request("POST", "/login", {
                "csrf_token": token.group(1), "username": "nobody", "password": "wrong password",
            }).status)
        except HttpFailure as failure:
            statuses.append(int(failure.kind.removeprefix("http ")))
    return statuses


def test_two_processes_share_the_limit_in_redis_and_each_counts_alone_without_it(
    tmp_path: Path,
) -> None:
    with redis_server(tmp_path) as (url, redis_process), \
            two_app_processes(tmp_path, url) as (first, second):
        # Shared: two attempts on one process and one on the other use up the three.
        assert failed_logins(first, 2) == [422, 422]
        assert failed_logins(second, 1) == [422]
        assert failed_logins(first, 1) == [429]
        assert failed_logins(second, 1) == [429]
        assert redis.Redis.from_url(url).keys("LIMITS:*"), "Redis holds no counter"
        # Redis gone: each process counts for itself, in its own memory, from zero.
        redis_process.terminate()
        redis_process.wait(timeout=10)
        assert failed_logins(first, ATTEMPTS_A_MINUTE + 1) == [422] * ATTEMPTS_A_MINUTE + [429]
        assert failed_logins(second, ATTEMPTS_A_MINUTE + 1) == [422] * ATTEMPTS_A_MINUTE + [429]
    for log in ("first.log", "second.log"):
        assert "falling back to in-memory" in (tmp_path / log).read_text()
