"""Operators' ``flask`` commands: ``flask --app webapp purge-guest-matches --days 30``,
``flask --app webapp counts``, ``flask --app webapp recount-totals [--fix]``,
``flask --app webapp recount-ratings [--fix]``, ``flask --app webapp rating-levels``,
``flask --app webapp daily-open [--day D]``, ``flask --app webapp daily-close --day D``."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any, cast

import click
from flask import Flask
from flask.cli import with_appcontext
from sqlalchemy import and_, delete, exists, func, or_, select
from sqlalchemy.engine import CursorResult

from engine_common.fairness import commitment
from webapp import games
from webapp.board.games import rated_boards
from webapp.daily import calendar, days, scoring
from webapp.extensions import db
from webapp.models import Match, MatchResult, MatchStatus, PointAward, User, utcnow
from webapp.rating import estimate, rebuild
from webapp.statistics import recount

# An abandoned guest match can never be played or counted again: it goes after a day.
ABANDONED_KEPT = timedelta(days=1)


def purge_guest_matches(days: int) -> int:
    """Delete guests' abandoned matches older than a day and their active ones untouched for
    ``days``; return how many.

    Owned matches, finished matches and anything with statistics or ranking points are never
    deleted. The caller commits.
    """
    now = utcnow()
    statement = (
        delete(Match)
        .where(
            Match.owner_user_id.is_(None),
            or_(
                and_(
                    Match.status == MatchStatus.ACTIVE.value,
                    Match.updated_at < now - timedelta(days=days),
                ),
                and_(
                    Match.status == MatchStatus.ABANDONED.value,
                    Match.updated_at < now - ABANDONED_KEPT,
                ),
            ),
            ~exists().where(MatchResult.match_id == Match.id),
            ~exists().where(PointAward.match_id == Match.id),
        )
        .execution_options(synchronize_session=False)
    )
    deleted = cast(CursorResult[Any], db.session.execute(statement))
    return int(deleted.rowcount or 0)


def site_counts() -> dict[str, int]:
    """Accounts, matches by status, and point awards (with their points) in the database."""
    counts = {"users": db.session.scalar(select(func.count()).select_from(User)) or 0}
    rows = db.session.execute(select(Match.status, func.count()).group_by(Match.status))
    by_status = {str(status): int(count) for status, count in rows}
    for status in MatchStatus:
        counts[f"matches {status.value}"] = int(by_status.get(status.value, 0))
    counts["matches total"] = sum(int(n) for n in by_status.values())
    counts["point awards"] = db.session.scalar(select(func.count()).select_from(PointAward)) or 0
    counts["points awarded"] = db.session.scalar(select(func.sum(PointAward.points))) or 0
    return counts


@click.command("purge-guest-matches")
@click.option(
    "--days",
    type=click.IntRange(min=1),
    required=True,
    help="Delete guests' running matches not touched for this many days.",
)
@with_appcontext
def purge_guest_matches_command(days: int) -> None:
    """Delete guest matches abandoned over a day ago, and running ones untouched for --days
    (never finished or owned ones)."""
    deleted = purge_guest_matches(days)
    db.session.commit()
    click.echo(
        f"Deleted {deleted} guest match(es): abandoned over a day ago, or not updated for "
        f"{days} day(s)."
    )


@click.command("counts")
@with_appcontext
def counts_command() -> None:
    """Print how many accounts, matches (by status) and point awards there are."""
    for name, value in site_counts().items():
        click.echo(f"{name}: {value}")


def _report_differences(
    rows: list[tuple[str, Any, Any, Any]],
    show: int,
    fix: bool,
    words: tuple[str, str, str],
    rewrite: Callable[[], None],
) -> None:
    """Print up to ``show`` of ``rows`` (table, key, kept, the other side), how many there are
    (`recount` and `rebuild` stop looking at 1,000), and rewrite on ``--fix``; exit 1 when
    something differs and was left as it is, so a cron job notices. ``words``: what the other
    side is called, what was compared, and what ``--fix`` did."""
    compared, between, rewritten = words
    for table, key, kept, other in rows[:show]:
        click.echo(f"{table} {key}: kept {kept}, {compared} {other}")
    more = "at least " if len(rows) >= 1000 else ""
    click.echo(f"{more}{len(rows)} difference(s) between {between}.")
    if fix:
        rewrite()
        db.session.commit()
        click.echo(rewritten)
    if rows and not fix:
        raise SystemExit(1)


@click.command("recount-totals")
@click.option("--fix", is_flag=True, help="Replace the kept totals with the recount.")
@click.option("--show", type=click.IntRange(min=0), default=20, help="Differences to print.")
@with_appcontext
def recount_totals_command(fix: bool, show: int) -> None:
    """Recount the players' totals from the match history and report where the kept ones differ."""
    rows = [(d.table, d.key, d.kept, d.recounted) for d in recount.differences()]
    words = (
        "recounted", "the kept totals and a full recount", "Totals rewritten from the recount."
    )
    _report_differences(rows, show, fix, words, recount.rewrite)


@click.command("recount-ratings")
@click.option("--fix", is_flag=True, help="Replace the kept ratings with the replay.")
@click.option("--show", type=click.IntRange(min=0), default=20, help="Differences to print.")
@with_appcontext
def recount_ratings_command(fix: bool, show: int) -> None:
    """Replay every recorded result in order and report where the kept ratings differ."""
    rows = [(d.table, d.key, d.kept, d.expected) for d in rebuild.differences()]
    words = ("replayed", "the kept ratings and a replay", "Ratings rewritten from the replay.")
    _report_differences(rows, show, fix, words, rebuild.rewrite)


@click.command("rating-levels")
@with_appcontext
def rating_levels_command() -> None:
    """Print each computer level's rating in force (from the tournaments) beside a
    maximum-likelihood estimate from the site's recorded results (people's ratings fixed)."""
    click.echo(f"{'board':6} {'level':7} {'in force':>9} {'site':>14} {'results':>8}")
    for found in estimate.estimates(rated_boards()):
        site = (
            "no estimate" if found.site is None or found.error is None
            else f"{found.site:.0f} ± {found.error:.0f}"
        )
        click.echo(
            f"{found.board:6} {found.difficulty:7} {found.tournament:9.0f} {site:>14}"
            f" {found.trials:8d}"
        )
    click.echo("In force: the tournament figures (webapp/rating/levels.json, made by"
               " benchmarks/rating_levels.py); the site's estimate is printed, not used.")


@click.command("daily-open")
@click.option("--day", type=click.DateTime(formats=["%Y-%m-%d"]), default=None,
              help="The day (YYYY-MM-DD; default: today in DAILY_TIME_ZONE).")
@with_appcontext
def daily_open_command(day: datetime | None) -> None:
    """Open a day's dailies ahead of its first visitor: each game's seed and pars (idempotent),
    printing each game's commitment."""
    chosen = day.date() if day is not None else calendar.today()
    for row in days.open_all(chosen):
        click.echo(f"{row.game} {row.day.isoformat()} pars {row.pars} "
                   f"commitment {commitment(row.seed)}")


@click.command("daily-close")
@click.option("--day", type=click.DateTime(formats=["%Y-%m-%d"]), required=True,
              help="A closed day (YYYY-MM-DD).")
@with_appcontext
def daily_close_command(day: datetime) -> None:
    """Work out a closed day's standings now rather than at its page's first visit."""
    if not calendar.is_closed(day.date()):
        raise click.ClickException("that day has not closed yet")
    for game in games.dailies():
        scoring.close(game.key, day.date())


def init_app(app: Flask) -> None:
    app.cli.add_command(purge_guest_matches_command)
    app.cli.add_command(counts_command)
    app.cli.add_command(recount_totals_command)
    app.cli.add_command(recount_ratings_command)
    app.cli.add_command(rating_levels_command)
    app.cli.add_command(daily_open_command)
    app.cli.add_command(daily_close_command)
