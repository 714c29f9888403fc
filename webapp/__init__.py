"""The Flask site: `create_app` builds an app from the environment plus an optional config."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from types import TracebackType
from typing import Any

from flask import Flask
from flask_login import current_user
from werkzeug.middleware.proxy_fix import ProxyFix

from webapp import (
    cli,
    database,
    difficulty,
    errors,
    form_rules,
    games,
    health,
    i18n,
    labels,
    requestlog,
    static_files,
    table_views,
    time_zones,
    verify,
)
from webapp.accounts import bp as accounts_bp
from webapp.accounts.names import isolated
from webapp.board import bp as board_bp
from webapp.cards import card_back
from webapp.config import (
    ensure_secret_key,
    ensure_shared_rate_limits,
    normalise_database_url,
    settings_from_env,
)
from webapp.daily.views import IsoDateConverter
from webapp.daily.views import bp as daily_bp
from webapp.extensions import babel, csrf, db, limiter, login_manager, migrate
from webapp.gin.cards import card_face, card_html, card_name, card_row
from webapp.gin.views import bp as gin_bp
from webapp.i18n import lazy_gettext as _l
from webapp.main.views import bp as main_bp
from webapp.pages.views import GameConverter
from webapp.pages.views import bp as pages_bp
from webapp.privacy import no_store_when_private
from webapp.puzzles.views import bp as puzzles_bp
from webapp.review.views import bp as review_bp
from webapp.romme.cards import TEMPLATE_GLOBALS as ROMME_CARDS
from webapp.romme.views import bp as romme_bp
from webapp.security import CONTENT_SECURITY_POLICY, SecurityHeaders
from webapp.session_cookie import HourlyRefreshSessionInterface
from webapp.store import StaleMatchError
from webapp.templating import TemplateEnvironment

__all__ = ["CONTENT_SECURITY_POLICY", "GinRummyApp", "create_app"]

PACKAGE_DIR = Path(__file__).resolve().parent
# The package is installed editable; static files and migrations sit beside it in the repo.
PROJECT_ROOT = PACKAGE_DIR.parent
STATIC_DIR = PROJECT_ROOT / "static"
MIGRATIONS_DIR = PROJECT_ROOT / "migrations"
ExcInfo = tuple[type[BaseException], BaseException, TracebackType] | tuple[None, None, None]


class GinRummyApp(Flask):
    """Flask, except that unhandled errors are logged without their messages (see requestlog),
    and templates keep their globals in a plain dict (see templating)."""

    jinja_environment = TemplateEnvironment

    def log_exception(self, exc_info: ExcInfo) -> None:
        if exc_info[1] is not None:
            requestlog.log_error(exc_info)


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app. ``config`` overrides the environment (tests pass their settings here).

    Besides Flask keys, ``config`` may hold ``INSTANCE_PATH`` and ``DATABASE_URL``.
    """
    overrides = dict(config or {})
    instance_path = overrides.pop("INSTANCE_PATH", None) or os.environ.get("INSTANCE_PATH")
    app = GinRummyApp(
        __name__,
        static_folder=str(STATIC_DIR),
        static_url_path="/static",
        instance_path=os.path.abspath(instance_path) if instance_path else None,
    )
    os.makedirs(app.instance_path, exist_ok=True)

    app.config.update(settings_from_env(app.instance_path))
    app.config["PERMANENT_SESSION_LIFETIME"] = timedelta(days=30)
    app.session_interface = HourlyRefreshSessionInterface()
    if "DATABASE_URL" in overrides:
        overrides["SQLALCHEMY_DATABASE_URI"] = normalise_database_url(overrides.pop("DATABASE_URL"))
    app.config.update(overrides)
    ensure_secret_key(app.config, app.instance_path)
    ensure_shared_rate_limits(app.config)

    # First, so that its timer starts before any other before_request hook can answer.
    requestlog.init_app(app)
    db.init_app(app)
    database.init_app(app)
    migrate.init_app(
        app, db, directory=str(MIGRATIONS_DIR), render_as_batch=True, compare_type=True
    )
    # Before the CSRF check, so that it too reads an unambiguous form.
    form_rules.init_app(app)
    csrf.init_app(app)
    babel.init_app(
        app,
        locale_selector=i18n.select_locale,
        timezone_selector=time_zones.select_time_zone,
        default_locale=i18n.DEFAULT_LOCALE,
        default_domain="messages",
    )
    i18n.init_app(app)
    labels.init_app(app)
    time_zones.init_app(app)
    errors.init_app(app)
    app.register_error_handler(StaleMatchError, table_views.stale_form)
    _init_accounts(app)

    # Before the blueprints: the reading pages' rule reads its game from the registry.
    app.url_map.converters["game"] = GameConverter
    app.url_map.converters["isodate"] = IsoDateConverter
    app.register_blueprint(main_bp)
    app.register_blueprint(gin_bp)
    app.register_blueprint(romme_bp)
    app.register_blueprint(difficulty.bp)
    app.register_blueprint(pages_bp)
    app.register_blueprint(accounts_bp)
    app.register_blueprint(board_bp)
    app.register_blueprint(review_bp)
    app.register_blueprint(daily_bp)
    app.register_blueprint(puzzles_bp)
    app.register_blueprint(health.bp)
    app.register_blueprint(verify.bp)
    cli.init_app(app)

    app.jinja_env.filters["bdi"] = isolated
    app.jinja_env.globals.update(
        card_name=card_name,
        card_face=card_face,
        card_html=card_html,
        card_row=card_row,
        card_back=card_back,
        table_of=games.table_of,
        levels_of=games.levels_of,
        **ROMME_CARDS,
    )
    # Outermost layers: WhiteNoise answers /static/ before Flask, and the security headers
    # wrap both, so every response carries them (pages, error pages, static files).
    static_files.init_app(app, STATIC_DIR)
    app.after_request(no_store_when_private)
    app.wsgi_app = SecurityHeaders(app.wsgi_app)  # type: ignore[method-assign]
    return app


def _init_accounts(app: Flask) -> None:
    # current_user reaches templates as Flask-Login's lazy proxy, not through its context
    # processor, which loads the user for every page rendered: the 503 page shown while the
    # database is down must render without asking it.
    login_manager.init_app(app, add_context_processor=False)
    app.jinja_env.globals["current_user"] = current_user
    login_manager.login_view = "accounts.login"
    login_manager.login_message = _l("Please log in to see that page.")
    login_manager.login_message_category = "notice"
    # Flashed messages are stored in the session, so the lazy text is rendered first.
    login_manager.localize_callback = str
    # "basic" protection only marks sessions non-fresh (no page here asks for a fresh login)
    # and writes that mark into every guest's cookie; "strong" logs out people whose
    # address changes, as on mobile networks. The session is rotated at login instead.
    login_manager.session_protection = None
    limiter.init_app(app)
    proxies = int(app.config.get("TRUSTED_PROXIES") or 0)
    if proxies:
        # Behind a proxy every request comes from the proxy: rate limits need the client.
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies
        )
