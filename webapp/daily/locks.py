"""What stays locked on a daily's board until its day closes: the hand's review, "practice
this deal", the seed (which would deal every board ahead) and everyone else's results.
Each page that could show one asks here; after the close they open like any other hand's."""

from __future__ import annotations

from datetime import date

from flask import abort

from webapp.daily.calendar import closes, is_closed
from webapp.i18n import gettext as _
from webapp.models import utcnow
from webapp.store import MatchRecord


def time_left(day: date) -> str:
    """How long until ``day`` closes, in hours and minutes."""
    minutes = max(0, int((closes(day) - utcnow()).total_seconds()) // 60)
    return _("%(hours)d h %(minutes)d min", hours=minutes // 60, minutes=minutes % 60)


def locked(record: MatchRecord) -> bool:
    """A daily's board whose day is still open: no review or practice link is offered."""
    return record.daily is not None and not is_closed(record.daily)


def refuse_before_close(record: MatchRecord) -> None:
    """A 403 in words for a daily's board whose day is still open (its review, its practice)."""
    day = record.daily
    if day is not None and not is_closed(day):
        abort(403, description=_(
            "This hand is a board of today's daily: its review and practice open when the day "
            "closes, in %(left)s, so that nobody can study the boards before playing them.",
            left=time_left(day),
        ))


def seed_shown(record: MatchRecord) -> bool:
    """Whether the match's seed may be shown: a daily's only once its day has closed."""
    return record.daily is None or is_closed(record.daily)
