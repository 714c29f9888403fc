"""The session cookie: Flask's signed cookie, re-sent when it changed or once it is an hour old.

Flask re-signs a permanent session on every response (``SESSION_REFRESH_EACH_REQUEST``) only to
move its expiry forward: a signature, a compressed payload and a ``Set-Cookie`` per page. With
sessions lasting ``PERMANENT_SESSION_LIFETIME`` (30 days, see `webapp.create_app`), moving the
expiry at most hourly makes no difference anyone can notice, and spares almost every request
that work. (``SESSION_REFRESH_EACH_REQUEST`` is not read.)

Kept because it saves 8–9% of a table page against Flask's own interface
(``benchmarks/framework_defaults.py``).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from flask import Flask, Request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from itsdangerous import BadSignature

REFRESH_AFTER = timedelta(hours=1)


class SignedSession(SecureCookieSession):
    """A session that knows when its cookie was signed (``None``: new, or not from a cookie)."""

    signed_at: datetime | None = None


class HourlyRefreshSessionInterface(SecureCookieSessionInterface):
    session_class = SignedSession

    def open_session(self, app: Flask, request: Request) -> SignedSession | None:
        serializer = self.get_signing_serializer(app)
        if serializer is None:
            return None
        value = request.cookies.get(self.get_cookie_name(app))
        if not value:
            return self.session_class()
        max_age = int(app.permanent_session_lifetime.total_seconds())
        try:
            data, signed_at = serializer.loads(value, max_age=max_age, return_timestamp=True)
        except BadSignature:  # tampered, expired or signed with another key: a fresh session
            return self.session_class()
        session = self.session_class(data)
        session.signed_at = signed_at
        return session

    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        if session.modified:
            return True
        if not session.permanent:
            return False
        signed_at = getattr(session, "signed_at", None)
        return signed_at is None or datetime.now(UTC) - signed_at >= REFRESH_AFTER
