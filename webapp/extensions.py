"""Extension objects, created once here and bound to an app in `create_app`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import flask_login
from flask import current_app
from flask_babel import Babel
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_login import LoginManager
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy import MetaData
from sqlalchemy.orm import DeclarativeBase

# Named constraints let Alembic's batch mode (SQLite) and later migrations refer to them.
NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base for every model; carries the naming convention."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


db = SQLAlchemy(model_class=Base)
migrate = Migrate()
csrf = CSRFProtect()
babel = Babel()
login_manager = LoginManager()
# Storage comes from RATELIMIT_STORAGE_URI (memory://, or Redis when REDIS_URL is set).
limiter = Limiter(key_func=get_remote_address)


def _new_match_limit() -> str:
    return str(current_app.config["NEW_MATCH_RATE_LIMIT"])


deals_limited = limiter.shared_limit(_new_match_limit, scope="new-match")
"""Every route that deals a new match (``/new``, a practice of a deal) shares one budget per
client address (``NEW_MATCH_RATE_LIMIT``): every deal is a row, nobody may fill the table."""

View = TypeVar("View", bound=Callable[..., Any])


def login_required(view: View) -> View:
    """Flask-Login's ``login_required`` with its type kept (Flask-Login has no type hints)."""
    guarded: View = flask_login.login_required(view)
    return guarded
