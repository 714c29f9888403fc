"""Settings read from the environment, with defaults that are safe for a developer's machine.

Environment variables:

- ``DATABASE_URL``: SQLAlchemy URL; default SQLite in the instance folder
  (``sqlite:///<instance_path>/gin.sqlite3``). ``postgres://`` and ``postgresql://`` URLs are
  pointed at the psycopg 3 driver, the one the project installs.
- ``SECRET_KEY``: signs the session cookie. In development a random key is generated once and
  kept in ``<instance_path>/secret_key`` so restarts keep sessions. With ``APP_ENV=production``
  a missing key is an error.
- ``PORT``: where ``make run`` serves (default 8000).
- ``SESSION_COOKIE_SECURE``: ``1`` behind HTTPS.
- ``REDIS_URL``: where the login and registration rate limits are counted, shared by every
  app process; without it each process counts in its own memory.
- ``TRUSTED_PROXIES``: how many reverse proxies stand in front (default 0). Their
  ``X-Forwarded-For`` then gives the client address that the rate limits count by.
- ``AUTH_RATE_LIMIT``: attempts allowed per client address, default ``10 per minute;50 per hour``.
"""

from __future__ import annotations

import os
import secrets
import tempfile
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

SECRET_KEY_FILE = "secret_key"
DATABASE_FILE = "gin.sqlite3"
DEFAULT_AUTH_RATE_LIMIT = "10 per minute;50 per hour"


class ConfigError(RuntimeError):
    """The environment does not describe a runnable site (e.g. production without a key)."""


def normalise_database_url(url: str) -> str:
    """Point plain PostgreSQL URLs at psycopg 3, the driver in the dependencies."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _truthy(value: str | None) -> bool:
    return (value or "").strip().lower() in {"1", "true", "yes", "on"}


def settings_from_env(
    instance_path: str, environ: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """Return the Flask config read from ``environ`` (default: ``os.environ``)."""
    env = os.environ if environ is None else environ
    database_url = env.get("DATABASE_URL") or f"sqlite:///{Path(instance_path) / DATABASE_FILE}"
    settings: dict[str, Any] = {
        "APP_ENV": env.get("APP_ENV", "development"),
        "SQLALCHEMY_DATABASE_URI": normalise_database_url(database_url),
        "SQLALCHEMY_ENGINE_OPTIONS": {"pool_pre_ping": True},
        "PORT": int(env.get("PORT", "8000")),
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_SECURE": _truthy(env.get("SESSION_COOKIE_SECURE")),
        # CSRF tokens live in the session; let a page left open for a while still submit.
        "WTF_CSRF_TIME_LIMIT": None,
        "BABEL_DEFAULT_LOCALE": "zh_Hans",
        "BABEL_DEFAULT_TIMEZONE": "UTC",
        "RATELIMIT_STORAGE_URI": env.get("REDIS_URL") or "memory://",
        "AUTH_RATE_LIMIT": env.get("AUTH_RATE_LIMIT") or DEFAULT_AUTH_RATE_LIMIT,
        "REMEMBER_COOKIE_HTTPONLY": True,
        "REMEMBER_COOKIE_SAMESITE": "Lax",
        "REMEMBER_COOKIE_SECURE": _truthy(env.get("SESSION_COOKIE_SECURE")),
        "REMEMBER_COOKIE_DURATION": timedelta(days=30),
        "LEADERBOARD_PAGE_SIZE": 20,
        "TRUSTED_PROXIES": int(env.get("TRUSTED_PROXIES", "0")),
    }
    if env.get("SECRET_KEY"):
        settings["SECRET_KEY"] = env["SECRET_KEY"]
    return settings


def ensure_secret_key(config: dict[str, Any], instance_path: str) -> None:
    """Fill in ``SECRET_KEY``: refuse in production, else use (or make) the instance key file."""
    if config.get("SECRET_KEY"):
        return
    if config.get("APP_ENV") == "production":
        raise ConfigError("SECRET_KEY must be set when APP_ENV=production")
    config["SECRET_KEY"] = _persistent_dev_key(Path(instance_path))


def _persistent_dev_key(instance: Path) -> str:
    """Read the instance folder's key file, creating it atomically on first use."""
    key_file = instance / SECRET_KEY_FILE
    if not key_file.exists():
        instance.mkdir(parents=True, exist_ok=True)
        # Write to a temporary file and link it into place, so that several processes
        # starting at once (gunicorn workers) all end up reading one complete key.
        fd, tmp_name = tempfile.mkstemp(dir=instance, prefix=".secret_key.")
        try:
            with os.fdopen(fd, "w") as tmp:
                tmp.write(secrets.token_urlsafe(48))
            try:
                os.link(tmp_name, key_file)
            except FileExistsError:
                pass
        finally:
            os.unlink(tmp_name)
    return key_file.read_text().strip()
