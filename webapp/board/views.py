"""The leaderboard and the players' pages (GET only; they change nothing)."""

from __future__ import annotations

from flask import Blueprint, abort, current_app, render_template, request
from flask_babel import gettext as _
from flask_login import current_user

from webapp.accounts.service import find_user
from webapp.board import leaderboard, profile
from webapp.board.chart import points_chart
from webapp.extensions import login_required
from webapp.models import User, utcnow
from webapp.points import RANKING_POINTS

bp = Blueprint("board", __name__)


def _query_page() -> int:
    raw = request.args.get("page", "1")
    if not raw.isascii() or not raw.isdigit() or not 1 <= int(raw) <= 100_000:
        abort(400, description=_("The page number must be a whole number from 1."))
    return int(raw)


def _query_period() -> leaderboard.Period:
    try:
        return leaderboard.Period(request.args.get("period", leaderboard.Period.ALL))
    except ValueError:
        abort(400, description=_("Choose the all-time board or this week's board."))


@bp.get("/leaderboard")
def board() -> str:
    period, page = _query_period(), _query_page()
    viewer = current_user.id if current_user.is_authenticated else None
    try:
        shown = leaderboard.board(
            period, page, int(current_app.config["LEADERBOARD_PAGE_SIZE"]), utcnow(), viewer
        )
    except leaderboard.PageOutOfRange:
        abort(404)
    return render_template(
        "board/leaderboard.html",
        b=shown,
        levels=list(RANKING_POINTS),
        points=RANKING_POINTS,
        week_start=leaderboard.week_start(utcnow()),
    )


def _player_page(user: User) -> str:
    totals = profile.totals(user.id)
    series = profile.points_over_time(user.id, totals.points)
    return render_template(
        "board/player.html",
        player=user,
        own=current_user.is_authenticated and current_user.id == user.id,
        totals=totals,
        rank=leaderboard.player_row(user.id, leaderboard.Period.ALL, utcnow()),
        recent=profile.recent_matches(user.id),
        series=series,
        chart=points_chart(series),
        levels=list(RANKING_POINTS),
    )


@bp.get("/me")
@login_required
def me() -> str:
    return _player_page(current_user)


@bp.get("/u/<name>")
def player(name: str) -> str:
    user = find_user(name)
    if user is None:
        abort(404)
    return _player_page(user)
