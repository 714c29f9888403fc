"""Accounts: create, authenticate, and sign a browser in or out.

Signing in rotates the session: everything in it is dropped except the language and the
match being played, then Flask-Login writes the user into the fresh session. A session
planted before login (session fixation) therefore carries nothing into the account.

Signing in and out also counts up the account's session generation. Session and "remember
me" cookies carry the generation they were issued under (``User.get_id``), and `load_user`
accepts only the current one: a cookie copied before a logout (or an earlier login) names no
logged-in account any more, wherever it was copied to.
"""

from __future__ import annotations

import functools
from urllib.parse import urlsplit

from flask import session
from flask_login import current_user, login_user, logout_user
from sqlalchemy import Row, Select, bindparam, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value

from webapp.accounts.names import username_key, username_skeleton
from webapp.accounts.passwords import (
    hash_password,
    needs_rehash,
    spend_equal_time,
    verify_password,
)
from webapp.extensions import db, login_manager
from webapp.i18n import SESSION_KEY as LANGUAGE_KEY
from webapp.matches import SESSION_MATCH_KEY, adopt_guest_match
from webapp.models import MatchResult, User
from webapp.privacy import mark_private

KEPT_AT_LOGIN = (LANGUAGE_KEY, SESSION_MATCH_KEY)
KEPT_AT_LOGOUT = (LANGUAGE_KEY,)


class UsernameTaken(Exception):
    """Someone already has this name (in any case)."""


def load_user(cookie_id: str) -> User | None:
    """The account named by a session or remember cookie (``<id>.<generation>``), if that
    cookie was issued under the account's current session generation. The response of a
    request that names an account shows it (at least in the page's account bar): private."""
    mark_private()
    user_id, _dot, generation = cookie_id.partition(".")
    try:
        user = _with_last_game(db.session.execute(_account("id"), {"key": int(user_id)}).first())
        issued_under = int(generation)
    except ValueError:
        return None
    if user is None or user.session_generation != issued_under:
        return None
    return user


def _next_session_generation(user_id: int) -> None:
    """Count the generation up in the database (atomically) and commit."""
    db.session.execute(
        update(User)
        .where(User.id == user_id)
        .values(session_generation=User.session_generation + 1)
    )
    db.session.commit()


login_manager.user_loader(load_user)


def find_user(name: str) -> User | None:
    return _with_last_game(
        db.session.execute(_account("username_key"), {"key": username_key(name)}).first()
    )


@functools.cache
def _account(by: str) -> Select[User, str | None]:
    """The account whose column ``by`` is ``:key``, with the game of its newest result (one
    index probe): the boards and player pages show that game's board by default, and every
    logged-in request and player page loads an account anyway, so the probe rides along
    instead of costing a round trip of its own. Built once per column."""
    newest = (
        select(MatchResult.game)
        .where(MatchResult.user_id == User.id)
        .order_by(MatchResult.finished_at.desc())
        .limit(1)
    )
    return select(User, newest.scalar_subquery()).where(
        getattr(User, by) == bindparam("key")
    )


def _with_last_game(found: Row[User, str | None] | None) -> User | None:
    if found is None:
        return None
    user, last_game = found
    # As if loaded with the account (no change to flush).
    set_committed_value(user, "last_game", last_game)
    return user


def name_taken(name: str) -> bool:
    """Someone has this name, in any case or with look-alike letters."""
    skeleton = username_skeleton(name)
    clash = select(User.id).where(
        (User.username_key == username_key(name)) | (User.username_skeleton == skeleton)
    )
    return db.session.scalar(clash.limit(1)) is not None


def register(name: str, password: str) -> User:
    """Create an account; raises `UsernameTaken` (also when a concurrent sign-up wins)."""
    if name_taken(name):
        raise UsernameTaken(name)
    user = User(
        username=name,
        username_key=username_key(name),
        username_skeleton=username_skeleton(name),
        password_hash=hash_password(password),
    )
    db.session.add(user)
    try:
        db.session.commit()
    except IntegrityError as clash:
        db.session.rollback()
        raise UsernameTaken(name) from clash
    return user


def authenticate(name: str, password: str) -> User | None:
    """The user if the password is right, else ``None`` — taking as long either way."""
    user = find_user(name)
    if user is None:
        spend_equal_time(password)
        return None
    if not verify_password(user.password_hash, password):
        return None
    if needs_rehash(user.password_hash):
        user.password_hash = hash_password(password)
        db.session.commit()
    return user


def _rotate_session(kept: tuple[str, ...]) -> None:
    saved = {key: session[key] for key in kept if key in session}
    session.clear()
    session.update(saved)
    session.permanent = True


def sign_in(user: User, remember: bool) -> None:
    """Rotate the session, start a new session generation (older cookies stop working), log
    the user in and let the account adopt the guest's match."""
    _rotate_session(KEPT_AT_LOGIN)
    _next_session_generation(user.id)
    db.session.refresh(user)
    login_user(user, remember=remember)
    adopt_guest_match(user.id)


def sign_out() -> None:
    """Log out everywhere this session was copied to, and forget the match too: it belongs
    to the account, not to the browser."""
    if current_user.is_authenticated:
        _next_session_generation(int(current_user.id))
    _rotate_session(KEPT_AT_LOGOUT)
    # After the rotation: logout_user leaves the mark that deletes the "remember me" cookie.
    logout_user()


def safe_next(target: str | None) -> str | None:
    """``target`` if it is a path on this site, else ``None``.

    Refuses absolute and protocol-relative URLs (``https://evil.com``, ``//evil.com``) and
    backslash tricks (``/\\evil.com``, which browsers read as ``//evil.com``).
    """
    if not target or not target.startswith("/") or target.startswith("//"):
        return None
    if "\\" in target or any(ord(ch) < 0x20 or ord(ch) == 0x7F for ch in target):
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return None
    return target


def set_time_zone(user: User, zone: str | None) -> None:
    """Keep the reader's time zone (None: by the page's language)."""
    user.time_zone = zone
    db.session.commit()
