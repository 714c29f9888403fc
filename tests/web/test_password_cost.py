"""Argon2's cost: production hashes at argon2-cffi's recommended parameters (RFC 9106's
low-memory profile), and only an app with ``TESTING`` set at the cheapest ones."""

from __future__ import annotations

from argon2 import extract_parameters, profiles
from flask import Flask

from webapp.accounts.passwords import hash_password, needs_rehash, verify_password


def test_production_hashes_at_the_recommended_parameters(app: Flask):
    app.testing = False
    with app.app_context():
        made = hash_password("correct horse")
        assert extract_parameters(made) == profiles.RFC_9106_LOW_MEMORY
        assert verify_password(made, "correct horse") and not needs_rehash(made)
    # Outside any app (a script, a benchmark): production's parameters too.
    assert extract_parameters(hash_password("x")) == profiles.RFC_9106_LOW_MEMORY


def test_tests_hash_at_the_cheapest_parameters_and_production_rehashes_them(app: Flask):
    with app.app_context():
        cheap = hash_password("correct horse")
    assert extract_parameters(cheap) == profiles.CHEAPEST
    app.testing = False
    with app.app_context():
        # A cheap hash that ever reached production would be upgraded at the next login.
        assert verify_password(cheap, "correct horse") and needs_rehash(cheap)
