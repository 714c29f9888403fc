"""Static files: content-hash URLs, and WhiteNoise serving them with long cache headers.

Every ``url_for('static', filename=...)`` gets ``?v=<first 12 hex digits of the file's
SHA-256>``, so a changed file gets a new URL and browsers can keep each version for a year.
WhiteNoise serves ``static/`` in front of Flask (in every environment, so development and
production serve files the same way). Cache policy:

- ``?v=`` equal to the file's current hash: ``public, max-age=31536000, immutable`` (one year);
- no ``v``, or an outdated one: ``no-cache`` — the browser revalidates with the ETag, so a
  hand-typed or stale URL never pins old content.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from flask import Flask
from werkzeug.security import safe_join
from whitenoise import WhiteNoise

ONE_YEAR = 365 * 24 * 3600
VERSION_ARG = "v"
HASH_LENGTH = 12
LONG_CACHE = f"public, max-age={ONE_YEAR}, immutable"
REVALIDATE = "no-cache"


class Fingerprints:
    """The content hash of each file under ``root``, cached per file.

    The cache key includes the file's size and modification time, so an edited file (the
    development server, or a deploy that swaps files under a running process) is hashed again.
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        self._cache: dict[str, tuple[tuple[int, int], str]] = {}

    def __call__(self, filename: str) -> str | None:
        """The hash of ``root/filename``, or ``None`` if there is no such file."""
        path = safe_join(str(self.root), filename)
        if path is None:
            return None
        try:
            stat = os.stat(path)
        except (OSError, ValueError):  # ValueError: a NUL byte in the path
            return None
        stamp = (stat.st_size, stat.st_mtime_ns)
        cached = self._cache.get(filename)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        try:
            digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:HASH_LENGTH]
        except OSError:
            return None
        self._cache[filename] = (stamp, digest)
        return digest


class StaticCachePolicy:
    """WSGI middleware: sets ``Cache-Control`` of ``/static/`` responses (see module doc)."""

    def __init__(self, app: Any, prefix: str, fingerprints: Fingerprints) -> None:
        self.app = app
        self.prefix = prefix
        self.fingerprints = fingerprints

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if not path.startswith(self.prefix):
            return self.app(environ, start_response)  # type: ignore[no-any-return]
        wanted = parse_qs(environ.get("QUERY_STRING", "")).get(VERSION_ARG, [None])[0]
        current = self.fingerprints(path[len(self.prefix) :])
        policy = LONG_CACHE if wanted is not None and wanted == current else REVALIDATE

        def with_policy(status: str, headers: list[tuple[str, str]], *exc_info: Any) -> Any:
            if status.startswith(("200", "304")):
                headers[:] = [(k, v) for k, v in headers if k.lower() != "cache-control"]
                headers.append(("Cache-Control", policy))
            return start_response(status, headers, *exc_info)

        return self.app(environ, with_policy)  # type: ignore[no-any-return]


def init_app(app: Flask, static_dir: Path) -> None:
    """Fingerprint static URLs and serve ``static_dir`` through WhiteNoise."""
    fingerprints = Fingerprints(static_dir)
    static_path = (app.static_url_path or "/static").rstrip("/") + "/"

    @app.url_defaults
    def add_fingerprint(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint != "static" or VERSION_ARG in values:
            return
        filename = values.get("filename")
        if isinstance(filename, str):
            digest = fingerprints(filename)
            if digest is not None:
                values[VERSION_ARG] = digest

    served = WhiteNoise(
        app.wsgi_app,
        root=str(static_dir),
        prefix=static_path,
        max_age=ONE_YEAR,
        # Outside production files may change while the process runs: look them up anew.
        autorefresh=app.config.get("APP_ENV") != "production",
    )
    app.wsgi_app = StaticCachePolicy(  # type: ignore[method-assign]
        served, static_path, fingerprints
    )
