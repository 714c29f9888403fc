"""Settings read from the environment, with defaults that are safe for a developer's machine.

Environment variables:

- ``DATABASE_URL``: SQLAlchemy URL; default SQLite in the instance folder
  (``sqlite:///<instance_path>/gin.sqlite3``). ``postgres://`` and ``postgresql://`` URLs are
  pointed at the psycopg 3 driver, the one the project installs.
- ``SECRET_KEY``: signs the session cookie. In development a random key is generated once and
  kept in ``<instance_path>/secret_key`` so restarts keep sessions. With ``APP_ENV=production``
  a missing key is an error, and so is a weak one (shorter than 32 characters, or a
  placeholder such as ``dev``).
- ``APP_ENV``: ``production`` turns on the checks above and Secure cookies.
- ``PORT``: where ``make run`` serves (default 8000).
- ``SESSION_COOKIE_SECURE``: Secure session and remember cookies; on by default in production
  (``0`` turns it off there, e.g. for plain-HTTP load tests), off elsewhere unless ``1``.
- ``LOG_LEVEL``: level of the ``webapp`` logger (default ``INFO``: one JSON line per request).
- ``REDIS_URL``: where the rate limits (login, registration, new matches) are counted, shared
  by every app process. While Redis does not answer, each process counts in its own memory
  and logs that it does (``flask-limiter`` logger), so logging in keeps working. Production
  refuses to start without it unless ``RATE_LIMIT_PER_PROCESS=1`` says that counting in each
  process's memory (a limit N per worker is N × workers for the site) is meant.
- ``TRUSTED_PROXIES``: how many reverse proxies stand in front (default 0). Their
  ``X-Forwarded-For`` then gives the client address that the rate limits count by.
- ``AUTH_RATE_LIMIT``: attempts allowed per client address, default ``10 per minute;50 per hour``.
- ``NEW_MATCH_RATE_LIMIT``: new matches dealt per client address, default
  ``20 per minute;300 per hour``.
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
DEFAULT_NEW_MATCH_RATE_LIMIT = "20 per minute;300 per hour"
MIN_SECRET_KEY_LENGTH = 32
# Placeholders copied from tutorials and .env templates; never a production key.
PLACEHOLDER_SECRET_KEYS = frozenset({"dev", "change-me", "changeme", "secret", "secret-key"})
# Every form of the site is a few hundred bytes; anything far bigger is refused (413).
MAX_CONTENT_LENGTH = 64 * 1024


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


def _secure_cookies(env: Mapping[str, str], production: bool) -> bool:
    """Secure cookies: on in production unless explicitly switched off, else only if asked."""
    raw = env.get("SESSION_COOKIE_SECURE")
    if raw is None or raw.strip() == "":
        return production
    return _truthy(raw)


def settings_from_env(
    instance_path: str, environ: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """Return the Flask config read from ``environ`` (default: ``os.environ``)."""
    env = os.environ if environ is None else environ
    database_url = env.get("DATABASE_URL") or f"sqlite:///{Path(instance_path) / DATABASE_FILE}"
    app_env = env.get("APP_ENV", "development")
    secure = _secure_cookies(env, app_env == "production")
    settings: dict[str, Any] = {
        "APP_ENV": app_env,
        "SQLALCHEMY_DATABASE_URI": normalise_database_url(database_url),
        # Pre-ping costs one short round trip per request, but after a database restart it
        # replaces dead connections quietly instead of showing a person an error page.
        # Recycling bounds a connection's age, for proxies and firewalls that cut idle ones.
        "SQLALCHEMY_ENGINE_OPTIONS": {"pool_pre_ping": True, "pool_recycle": 1800},
        "PORT": int(env.get("PORT", "8000")),
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_SECURE": secure,
        # CSRF tokens live in the session; let a page left open for a while still submit.
        "WTF_CSRF_TIME_LIMIT": None,
        "BABEL_DEFAULT_LOCALE": "zh_Hans",
        "BABEL_DEFAULT_TIMEZONE": "UTC",
        "RATELIMIT_STORAGE_URI": env.get("REDIS_URL") or "memory://",
        # Redis down: count in this process's memory (and log it) rather than answer 500,
        # and keep serving even if counting fails altogether. Redis is retried with backoff.
        "RATELIMIT_IN_MEMORY_FALLBACK_ENABLED": True,
        "RATELIMIT_SWALLOW_ERRORS": True,
        # A 429 says when to try again (Retry-After, seconds); the limited routes also carry
        # the X-RateLimit-* headers that come with it.
        "RATELIMIT_HEADERS_ENABLED": True,
        "RATE_LIMIT_PER_PROCESS": _truthy(env.get("RATE_LIMIT_PER_PROCESS")),
        "AUTH_RATE_LIMIT": env.get("AUTH_RATE_LIMIT") or DEFAULT_AUTH_RATE_LIMIT,
        "NEW_MATCH_RATE_LIMIT": env.get("NEW_MATCH_RATE_LIMIT") or DEFAULT_NEW_MATCH_RATE_LIMIT,
        "REMEMBER_COOKIE_HTTPONLY": True,
        "REMEMBER_COOKIE_SAMESITE": "Lax",
        "REMEMBER_COOKIE_SECURE": secure,
        "REMEMBER_COOKIE_DURATION": timedelta(days=30),
        "LEADERBOARD_PAGE_SIZE": 20,
        # The daily's day (每日一局, webapp.daily.calendar): midnight to midnight here.
        "DAILY_TIME_ZONE": env.get("DAILY_TIME_ZONE") or "Asia/Shanghai",
        "TRUSTED_PROXIES": int(env.get("TRUSTED_PROXIES", "0")),
        "MAX_CONTENT_LENGTH": MAX_CONTENT_LENGTH,
        "LOG_LEVEL": (env.get("LOG_LEVEL") or "INFO").upper(),
    }
    if env.get("SECRET_KEY"):
        settings["SECRET_KEY"] = env["SECRET_KEY"]
    return settings


def ensure_secret_key(config: dict[str, Any], instance_path: str) -> None:
    """Fill in ``SECRET_KEY``: production needs a strong one; elsewhere the instance key file."""
    key = config.get("SECRET_KEY")
    if config.get("APP_ENV") == "production":
        problem = secret_key_problem(key)
        if problem:
            raise ConfigError(f"APP_ENV=production needs a real SECRET_KEY: {problem}")
        return
    if not key:
        config["SECRET_KEY"] = _persistent_dev_key(Path(instance_path))


def ensure_shared_rate_limits(config: dict[str, Any]) -> None:
    """Production counts rate limits in Redis, unless told to count in each process."""
    if config.get("APP_ENV") != "production" or config.get("RATE_LIMIT_PER_PROCESS"):
        return
    if str(config.get("RATELIMIT_STORAGE_URI") or "memory://").startswith("memory://"):
        raise ConfigError(
            "APP_ENV=production needs REDIS_URL for rate limits shared by all processes "
            "(or RATE_LIMIT_PER_PROCESS=1 to count in each process's memory on purpose)"
        )


def secret_key_problem(key: object) -> str | None:
    """Why ``key`` cannot sign production sessions, or ``None`` if it can."""
    if not key:
        return "it is not set"
    text = key.decode("utf-8", "replace") if isinstance(key, bytes) else str(key)
    if text.strip().lower() in PLACEHOLDER_SECRET_KEYS:
        return "it is a placeholder"
    if len(text) < MIN_SECRET_KEY_LENGTH:
        return f"it is shorter than {MIN_SECRET_KEY_LENGTH} characters"
    return None


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
