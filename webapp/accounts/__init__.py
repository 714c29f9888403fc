"""Accounts: register, log in, log out."""

from webapp.accounts.views import bp

__all__ = ["bp"]
