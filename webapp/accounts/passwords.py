"""Passwords: which are refused, and hashing with Argon2id (argon2-cffi's recommended parameters).

An app with ``TESTING`` set hashes at argon2-cffi's cheapest parameters instead: a hash at the
real cost takes 0.2 s of processor time, and the suite makes hundreds of them; production's
parameters are asserted by a test of their own (tests/web/test_accounts.py).

Refused, besides the length rule: the most common passwords (the bundled list
``common_passwords.txt``), spaces only, and the username itself.
"""

from __future__ import annotations

import secrets
import unicodedata
from enum import StrEnum
from functools import cache
from importlib import resources

from argon2 import PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError
from flask import current_app, has_app_context

PASSWORD_MIN = 8
PASSWORD_MAX = 256  # hashing is deliberately slow; a megabyte "password" must not be

PRODUCTION_HASHER = PasswordHasher.from_parameters(profiles.RFC_9106_LOW_MEMORY)
_TESTING_HASHER = PasswordHasher.from_parameters(profiles.CHEAPEST)


def _hasher() -> PasswordHasher:
    if has_app_context() and current_app.testing:
        return _TESTING_HASHER
    return PRODUCTION_HASHER


class Weakness(StrEnum):
    """Why a password is refused (the form turns each into a translated message)."""

    COMMON = "common"
    BLANK = "blank"
    USERNAME = "username"


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


@cache
def _common_passwords() -> frozenset[str]:
    text = resources.files("webapp.accounts").joinpath("common_passwords.txt").read_text("utf-8")
    return frozenset(
        _fold(line) for line in text.splitlines() if line and not line.startswith("#")
    )


def weakness(password: str, username: str) -> Weakness | None:
    """Why ``password`` may not be chosen by ``username``, or ``None`` if it may."""
    if not password.strip():
        return Weakness.BLANK
    if _fold(password.strip()) == _fold(username.strip()):
        return Weakness.USERNAME
    if _fold(password) in _common_passwords():
        return Weakness.COMMON
    return None


def hash_password(password: str) -> str:
    return _hasher().hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    try:
        return _hasher().verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(password_hash: str) -> bool:
    """True when the hash was made with older parameters than the current ones."""
    return _hasher().check_needs_rehash(password_hash)


@cache
def _dummy_hash(hasher: PasswordHasher) -> str:
    return hasher.hash(secrets.token_urlsafe(16))


def spend_equal_time(password: str) -> None:
    """Verify against a throwaway hash, so a missing user costs as long as a wrong password."""
    verify_password(_dummy_hash(_hasher()), password)
