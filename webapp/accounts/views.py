"""Register, log in, log out. Thin: validate the form, call the account service, redirect."""

from __future__ import annotations

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for
from flask_login import current_user
from werkzeug.wrappers import Response

from webapp import matches
from webapp.accounts import service
from webapp.accounts.forms import LoginForm, RegisterForm
from webapp.accounts.names import greeting
from webapp.extensions import limiter, login_required
from webapp.i18n import gettext as _
from webapp.i18n import lazy_gettext as _l
from webapp.privacy import mark_private
from webapp.statistics.points import RANKING_POINTS
from webapp.time_zones import read_time_zone

bp = Blueprint("accounts", __name__)
# The password forms and the account's own settings: never stored, even for a guest.
bp.before_request(mark_private)

WRONG_LOGIN = _l("Wrong username or password.")
TOO_MANY_ATTEMPTS = _l("Too many attempts from your address. Wait a minute, then try again.")


def _auth_limit() -> str:
    return str(current_app.config["AUTH_RATE_LIMIT"])


def _too_many() -> str:
    return str(TOO_MANY_ATTEMPTS)


# Only attempts count: showing the form is free.
rate_limited = limiter.limit(_auth_limit, methods=["POST"], error_message=_too_many)


def _next_from(form: LoginForm | RegisterForm) -> str | None:
    return service.safe_next(form.next.data or request.args.get("next"))


def _go_on(target: str | None) -> Response:
    return redirect(target or url_for("main.index"), code=303)


@bp.route("/login", methods=["GET", "POST"])
@rate_limited
def login() -> Response | tuple[str, int]:
    form = LoginForm()
    if request.method == "GET":
        form.next.data = service.safe_next(request.args.get("next")) or ""
    if current_user.is_authenticated and request.method == "GET":
        return _go_on(form.next.data)
    error = None
    if form.validate_on_submit():
        user = service.authenticate(str(form.username.data), str(form.password.data))
        if user is not None:
            service.sign_in(user, remember=bool(form.remember.data))
            flash(greeting(_("Welcome back, %(name)s."), user.username), "notice")
            return _go_on(_next_from(form))
        error = str(WRONG_LOGIN)
    status = 422 if form.is_submitted() else 200
    return render_template(
        "accounts/login.html", form=form, error=error,
        unranked_match=matches.guest_match_goes_on(),
    ), status


@bp.route("/register", methods=["GET", "POST"])
@rate_limited
def register() -> Response | tuple[str, int]:
    form = RegisterForm()
    if request.method == "GET":
        form.next.data = service.safe_next(request.args.get("next")) or ""
    if form.validate_on_submit():
        name = str(form.username.data)
        try:
            user = service.register(name, str(form.password.data))
        except service.UsernameTaken:
            form.username.errors = [_("That username is taken. Please choose another.")]
        else:
            service.sign_in(user, remember=False)
            flash(
                greeting(_("Welcome, %(name)s! Wins now earn ranking points."), user.username),
                "notice",
            )
            return _go_on(_next_from(form))
    status = 422 if form.is_submitted() else 200
    return render_template(
        "accounts/register.html", form=form, points=RANKING_POINTS,
        unranked_match=matches.guest_match_goes_on(),
    ), status


@bp.post("/logout")
def logout() -> Response:
    # CSRFProtect checks the token of every POST, so no other site can log a player out.
    service.sign_out()
    flash(_("You are logged out."), "notice")
    return redirect(url_for("main.index"), code=303)


@bp.post("/me/time-zone")
@login_required
def time_zone() -> Response:
    """The account's time zone for the dates on the pages (empty: by the page's language)."""
    try:
        zone = read_time_zone(request.form.get("time_zone", ""))
    except ValueError:
        abort(400, description=_("Choose a time zone from the list."))
    service.set_time_zone(current_user, zone)
    flash(_("Time zone saved."), "notice")
    return redirect(url_for("board.me"), code=303)
