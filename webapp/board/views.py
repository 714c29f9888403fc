"""The leaderboard and the players' pages (GET only; they change nothing, so they read without
a transaction: `webapp.store.read_without_transaction`)."""

from __future__ import annotations

import functools
from typing import Any

from flask import Blueprint, abort, current_app, render_template, request, url_for
from flask_login import current_user
from markupsafe import Markup

from webapp import games
from webapp.accounts.service import find_user
from webapp.board import leaderboard, page_cache, profile, rating_board
from webapp.board.chart import points_chart, rating_chart
from webapp.board.games import (
    DEFAULT_GAME,
    BoardGame,
    UnknownGame,
    all_boards,
    board_game,
    rated_boards,
)
from webapp.daily import history as daily_history
from webapp.extensions import login_required
from webapp.i18n import gettext as _
from webapp.i18n import pgettext
from webapp.models import User, utcnow
from webapp.privacy import mark_private
from webapp.rating.glicko import PROVISIONAL_RD
from webapp.rating.levels import levels
from webapp.rating.record import change_of
from webapp.rating.standing import INACTIVE_AFTER
from webapp.review import store as review_store
from webapp.review.trend import accuracy_chart, adjusted_chart
from webapp.statistics.points import RANKING_POINTS
from webapp.store import read_without_transaction

bp = Blueprint("board", __name__)
# Before anything reads (the login's account is read before a `login_required` view runs): no
# BEGIN before the page's reads and no ROLLBACK after them, as on the table pages. At
# 5,000,000 results the logged-in board's median fell from 2.00–2.05× GET /play's to the
# figure in benchmarks/README.md ("Boards at scale").
bp.before_request(read_without_transaction)
# The tables' match-over results print the rating change (templates/rating/_change.html).
bp.add_app_template_global(change_of, "rating_change")


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


def _query_game(default: str) -> BoardGame:
    """The board ``?game=`` names, else ``default`` (`_default_game`)."""
    try:
        return board_game(request.args.get("game", default))
    except UnknownGame:
        names = pgettext("list separator", ", ").join(str(game.name) for game in all_boards())
        abort(400, description=_("There is no such board: choose one of %(games)s.", games=names))


RATING = "rating"
"""``?by=rating``: the rating board instead of the points board."""


def _query_rating_board() -> bool:
    by = request.args.get("by", "points")
    if by not in ("points", RATING):
        abort(400, description=_("Choose the points board or the rating board."))
    return by == RATING


def _default_game(user: User | None) -> str:
    """The board a page shows without ``?game=``: the one of the game ``user`` (the viewer
    of a board, the player of a player page) played last, else the first game's (read with
    the account: `webapp.models.User.last_game`)."""
    last = None if user is None else user.last_game
    return DEFAULT_GAME if last is None else last


def _switch_key(game: BoardGame, default: str) -> str | None:
    """The ``?game=`` value of a link to ``game``'s board from a page whose board without
    ``?game=`` is ``default``: none for that one."""
    return None if game.key == default else game.key


def _switch(endpoint: str, default: str, **values: Any) -> list[tuple[BoardGame, str]]:
    """The game switch: each game with the link to this page showing it (plain links, so the
    switch works without JavaScript)."""
    return [(g, url_for(endpoint, game=_switch_key(g, default), **values)) for g in all_boards()]


def _kinds(game: BoardGame, default: str) -> tuple[str, str]:
    """The links to ``game``'s points board and rating board (the default game's rating board
    from the board of all games, which has no rating)."""
    rated = game if game.key in rated_boards() else board_game(default)
    return (
        url_for("board.board", game=_switch_key(game, default)),
        url_for("board.board", game=_switch_key(rated, default), by=RATING),
    )


def _rating_board(game: BoardGame, default: str, page: int, viewer: int | None) -> str:
    if game.key not in rated_boards():
        names = pgettext("list separator", ", ").join(
            str(g.name) for g in all_boards() if g.key in rated_boards()
        )
        abort(400, description=_("Ratings are kept per game: choose one of %(games)s.",
                                 games=names))
    try:
        shown = rating_board.board(
            game.key, page, int(current_app.config["LEADERBOARD_PAGE_SIZE"]), utcnow(), viewer
        )
    except rating_board.PageOutOfRange:
        abort(404)
    return render_template(
        "board/rating_board.html",
        b=shown,
        game=game,
        game_key=_switch_key(game, default),
        switch=[(g, url_for("board.board", game=_switch_key(g, default), by=RATING))
                for g in all_boards() if g.key in rated_boards()],
        kinds=_kinds(game, default),
        levels=[(lv.difficulty, lv.rating) for lv in levels(game.key)],
        provisional_rd=PROVISIONAL_RD,
        inactive_days=INACTIVE_AFTER.days,
    )


@bp.get("/leaderboard")
def board() -> str:
    signed_in = current_user if current_user.is_authenticated else None
    viewer = None if signed_in is None else signed_in.id
    default = _default_game(signed_in)
    game, period, page = _query_game(default), _query_period(), _query_page()
    if _query_rating_board():
        return _rating_board(game, default, page, viewer)
    try:
        shown = leaderboard.board(
            period,
            page,
            int(current_app.config["LEADERBOARD_PAGE_SIZE"]),
            utcnow(),
            viewer,
            game.key,
        )
    except leaderboard.PageOutOfRange:
        abort(404)
    return render_template(
        "board/leaderboard.html",
        b=shown,
        game=game,
        game_key=_switch_key(game, default),
        switch=_switch(
            "board.board", default, period=None if period is leaderboard.Period.ALL else period
        ),
        kinds=_kinds(game, default),
        levels=list(games.levels()),
        points=RANKING_POINTS,
        week_start=leaderboard.week_start(utcnow()),
    )


def _player_page(user: User, endpoint: str, **values: Any) -> str:
    default = _default_game(user)
    game = _query_game(default)
    own = current_user.is_authenticated and current_user.id == user.id
    if own:
        mark_private()
    # Live on every request: the totals and the rank (it moves with other players' results),
    # and with them the token that says whether the kept parts still hold.
    totals, rank, token = profile.totals_and_rank(user.id, game.key, page_cache.freshness(own))
    # The rest is kept per player until their data changes (page_cache's docstring).
    kept = page_cache.PageParts(user, game.key, own, token)
    rated = game.key in rated_boards()
    # Both charts' series are one row, read once when either part is rendered.
    charts = functools.cache(lambda: profile.charts(user.id, game.key))

    def points() -> dict[str, Any]:
        series = profile.points_over_time(charts(), totals.points)
        # Kept parts link to their board by name: the page's default board may change while
        # they are kept (a loss on another board leaves the points chart as it was).
        return {"player": user, "own": own, "game_key": game.key, "totals": totals,
                "series": series, "chart": points_chart(series)}

    def accuracy() -> dict[str, Any]:
        trend = review_store.accuracy_trend(user.id)
        return {"accuracy": trend, "accuracy_chart": accuracy_chart(trend),
                "adjusted_chart": adjusted_chart(trend)}

    def ratings() -> dict[str, Any]:
        series = profile.rating_over_time(charts()) if rated else []
        kept_ratings = profile.ratings(user.id)
        start = profile.rating_start(charts(), kept_ratings.get(game.key)) if rated else None
        return {"player": user, "game": game, "game_key": game.key,
                "ratings": kept_ratings,
                "rated_games": [g for g in all_boards() if g.key in rated_boards()], "rated": rated,
                "rating_series": series, "rating_chart": rating_chart(series, start)}

    def recent() -> dict[str, Any]:
        game_names = {g.key: g.name for g in all_boards()}

        def entry(m: profile.RecentMatch) -> Markup:
            return kept.match(m.match_id, lambda: {
                "m": m, "player": user, "own": own, "game_names": game_names,
            })

        return {"entries": [entry(m) for m in profile.recent_matches(user.id)]}

    return render_template(
        "board/player.html",
        player=user,
        own=own,
        game=game,
        game_key=_switch_key(game, default),
        switch=_switch(endpoint, default, **values),
        totals=totals,
        rank=rank,
        levels=list(games.levels()),
        # Each part is rendered again only when what it shows may have changed.
        parts={
            "points": kept.part("points", (totals.points, totals.total_wins), points),
            "accuracy": (
                kept.part("accuracy", kept.newest_result + kept.trend_reviews, accuracy)
                if own else None
            ),
            "ratings": kept.part("ratings", kept.newest_result, ratings),
            "recent": kept.part("recent", kept.newest_result, recent),
            "daily": kept.part("daily", kept.dailies, lambda: {"daily": daily_history.of(user.id)}),
        },
    )


@bp.get("/me")
@login_required
def me() -> str:
    return _player_page(current_user, "board.me")


@bp.get("/u/<name>")
def player(name: str) -> str:
    user = find_user(name)
    if user is None:
        abort(404)
    return _player_page(user, "board.player", name=name)


@bp.get("/u/<name>/charts")
def chart_data(name: str) -> str:
    """The player page's charts as tables: every point each chart draws, for readers who
    cannot see the charts (kept off the player page, where two hundred dated rows cost more
    than the rest of the page)."""
    user = find_user(name)
    if user is None:
        abort(404)
    default = _default_game(user)
    game = _query_game(default)
    totals = profile.totals(user.id, game.key)
    charts = profile.charts(user.id, game.key)
    rated = game.key in rated_boards()
    return render_template(
        "board/chart_data.html",
        player=user,
        game=game,
        game_key=_switch_key(game, default),
        switch=_switch("board.chart_data", default, name=name),
        series=profile.points_over_time(charts, totals.points),
        rating_series=profile.rating_over_time(charts) if rated else [],
        rating_start=(
            profile.rating_start(charts, profile.ratings(user.id).get(game.key)) if rated else None
        ),
    )
