"""A player's dailies on their page (``/me``, ``/u/<name>``): each day's score, the best day
and the streak of consecutive days with a finished daily. Reads only that player's rows
(``ix_daily_attempts_user_id_day``), never a day's field; the page keeps it rendered while
`changes` and the day hold (`webapp.board.page_cache`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from sqlalchemy import BindParameter, ScalarSelect, case, func, select

from webapp.daily.calendar import today
from webapp.extensions import db
from webapp.models import DailyAttempt

SHOWN = 10
STREAK_DAYS = 400
"""How far back a streak is counted (a longer one shows as this many days)."""


@dataclass(frozen=True, slots=True)
class Day:
    day: date
    game: str
    score: float | None
    """None until the day closes (or for an attempt that is not counted)."""
    counted: bool
    finished: bool
    closed: bool = False
    """The day is over (its score comes with its page's first visit after the close)."""


@dataclass(frozen=True, slots=True)
class History:
    days: list[Day]
    best: Day | None
    streak: int


def streak(finished: list[date], now: date) -> int:
    """Consecutive days with a finished daily, ending today (or yesterday, today not yet
    played)."""
    days = set(finished)
    start = now if now in days else now - timedelta(days=1)
    count = 0
    while start - timedelta(days=count) in days:
        count += 1
    return count


def changes(player: BindParameter[int]) -> ScalarSelect[int]:
    """What the history changes with, as a scalar subquery about ``player`` to read with the
    player page's totals (`webapp.board.page_cache.freshness`): each attempt started, finished
    or scored adds one, so the sum moves with every change."""
    table = DailyAttempt.__table__
    return select(
        func.count() + func.count(case((table.c.finished, 1))) + func.count(table.c.score)
    ).where(table.c.user_id == player).scalar_subquery()


def of(user_id: int) -> History:
    table = DailyAttempt.__table__
    columns = (table.c.day, table.c.game, table.c.score, table.c.counted, table.c.finished)
    mine = table.c.user_id == user_id
    now = today()
    recent = [Day(*row, closed=row[0] < now) for row in db.session.execute(
        select(*columns).where(mine).order_by(table.c.day.desc(), table.c.game).limit(SHOWN)
    )]
    best_row = db.session.execute(
        select(*columns).where(mine, table.c.score.is_not(None))
        .order_by(table.c.score.desc(), table.c.day).limit(1)
    ).one_or_none()
    finished = list(db.session.scalars(
        select(table.c.day).where(mine, table.c.finished,
                                  table.c.day > now - timedelta(days=STREAK_DAYS)).distinct()
    ))
    return History(recent, None if best_row is None else Day(*best_row), streak(finished, now))
