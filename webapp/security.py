"""Security headers on every response, set at the WSGI layer.

WhiteNoise answers ``/static/`` before Flask sees the request, so Flask's ``after_request``
would miss the stylesheet; this middleware wraps everything, Flask's pages, error pages and
static files alike. A header a view set itself is kept.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

# No JavaScript anywhere: the policy forbids scripts outright, so an injected one cannot run.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'none'; object-src 'none'; style-src 'self'; "
    "img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)
SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),
    ("X-Frame-Options", "DENY"),
)

WSGIApp = Any  # a WSGI callable: (environ, start_response) -> iterable of bytes


class SecurityHeaders:
    """WSGI middleware adding `SECURITY_HEADERS` to every response that lacks them."""

    def __init__(self, app: WSGIApp) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        def with_headers(status: str, headers: list[tuple[str, str]], *exc_info: Any) -> Any:
            present = {name.lower() for name, _ in headers}
            headers.extend(
                (name, value) for name, value in SECURITY_HEADERS if name.lower() not in present
            )
            return start_response(status, headers, *exc_info)

        return self.app(environ, with_headers)  # type: ignore[no-any-return]

