"""Password hashing with Argon2id (argon2-cffi's recommended parameters)."""

from __future__ import annotations

import secrets
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

PASSWORD_MIN = 8
PASSWORD_MAX = 256  # hashing is deliberately slow; a megabyte "password" must not be

_hasher = PasswordHasher()


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(password_hash: str) -> bool:
    """True when the hash was made with older parameters than the current ones."""
    return _hasher.check_needs_rehash(password_hash)


@cache
def _dummy_hash() -> str:
    return _hasher.hash(secrets.token_urlsafe(16))


def spend_equal_time(password: str) -> None:
    """Verify against a throwaway hash, so a missing user costs as long as a wrong password."""
    verify_password(_dummy_hash(), password)
