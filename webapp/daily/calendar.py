"""When a daily's day opens and closes: midnight to midnight in the site's ``DAILY_TIME_ZONE``
(default Asia/Shanghai, the main audience's), whatever the reader's own time zone."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from flask import current_app

from webapp.models import utcnow

SETTING = "DAILY_TIME_ZONE"
DEFAULT_ZONE = "Asia/Shanghai"


def zone() -> ZoneInfo:
    return ZoneInfo(current_app.config.get(SETTING) or DEFAULT_ZONE)


def today() -> date:
    """The day whose daily is being played now."""
    return utcnow().astimezone(zone()).date()


def opens(day: date) -> datetime:
    """The moment ``day`` began (UTC): accounts created before it are counted."""
    return datetime.combine(day, time(), zone()).astimezone(UTC)


def closes(day: date) -> datetime:
    """The moment ``day`` ends (UTC): the seed is revealed, reviews and results open."""
    return opens(day + timedelta(days=1))


def is_closed(day: date) -> bool:
    return utcnow() >= closes(day)
