"""The reader's time zone: an account setting, else a default by the page's language.

Flask-Babel asks `select_time_zone` (its ``timezone_selector``) and converts every date it
formats (``format_datetime``, the ``datetimeformat`` filter) into that zone, so the pages hold
UTC values and never convert by hand.

The ``datetimeformat`` filter is `format_datetime` here: Babel's own result, with the language's
patterns looked up once instead of for every date. A player page prints over two hundred dates
(the charts' tables and the last matches), and Babel's look-ups were 39% of its time.
"""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import Literal
from zoneinfo import available_timezones

import flask_babel
from babel import Locale
from babel.dates import (
    DateTimePattern,
    get_date_format,
    get_datetime_format,
    get_time_format,
    get_timezone_location,
)
from flask import Flask
from flask_babel import get_locale, get_timezone
from flask_login import current_user

from webapp.i18n import select_locale

DEFAULT_BY_LOCALE: dict[str, str] = {
    "zh_Hans": "Asia/Shanghai",
    "zh_Hant": "Asia/Taipei",
    "en": "UTC",
}
# The zones the setting offers: the languages' defaults first, then where players of the
# site's languages often live. Any other IANA name is refused.
CHOICES: tuple[str, ...] = (
    "Asia/Shanghai", "Asia/Taipei", "Asia/Hong_Kong", "Asia/Macau", "Asia/Singapore",
    "Asia/Kuala_Lumpur", "Asia/Tokyo", "Asia/Seoul", "Australia/Sydney", "Pacific/Auckland",
    "Europe/London", "Europe/Berlin", "Europe/Paris", "America/New_York", "America/Chicago",
    "America/Denver", "America/Los_Angeles", "America/Vancouver", "America/Toronto", "UTC",
)
MAX_LENGTH = 64


def language_default() -> str:
    return DEFAULT_BY_LOCALE[select_locale()]


def select_time_zone() -> str:
    """Flask-Babel's time-zone selector: the account's setting, else the language's default."""
    if current_user.is_authenticated and current_user.time_zone in CHOICES:
        chosen: str = current_user.time_zone
        return chosen
    return language_default()


def read_time_zone(raw: str) -> str | None:
    """The zone a settings form asks for: None for "by language", else one of `CHOICES`.

    Raises ``ValueError`` for anything else (the view answers 400).
    """
    if raw == "":
        return None
    if len(raw) > MAX_LENGTH or raw not in CHOICES or raw not in available_timezones():
        raise ValueError(raw)
    return raw


def zone_name(zone: str) -> str:
    """A zone as a reader knows it, in the page's language: "中国 (Asia/Shanghai)"."""
    if zone == "UTC":
        return zone
    return _zone_name(zone, str(get_locale()))


@cache
def _zone_name(zone: str, locale: str) -> str:
    """Babel's name of ``zone`` in ``locale`` (looked up once: the player page's setting lists
    twenty zones, and each look-up reads CLDR's data afresh)."""
    return f"{get_timezone_location(zone, locale=locale)} ({zone})"


Named = Literal["short", "medium", "long", "full"]
NAMED_FORMATS: tuple[Named, ...] = ("short", "medium", "long", "full")


@cache
def _patterns(locale: str, format: Named) -> tuple[str, DateTimePattern, DateTimePattern]:
    """The language's way of joining a date and a time, and its time and date patterns."""
    parsed = Locale.parse(locale)
    joined = str(get_datetime_format(format, locale=parsed)).replace("'", "")
    return joined, get_time_format(format, locale=parsed), get_date_format(format, locale=parsed)


def format_datetime(value: datetime, format: str = "medium") -> str:
    """Flask-Babel's ``format_datetime`` of an aware ``value`` in the reader's zone and language
    (a pattern other than the four named formats goes to it unchanged)."""
    locale = get_locale()
    named = next((n for n in NAMED_FORMATS if n == format), None)
    if named is None or locale is None:
        return str(flask_babel.format_datetime(value, format))
    joined, time_pattern, date_pattern = _patterns(str(locale), named)
    local = value.astimezone(get_timezone())
    return joined.replace("{0}", time_pattern.apply(local, locale)).replace(
        "{1}", date_pattern.apply(local, locale)
    )


def format_date(value: datetime) -> str:
    """The day of an aware ``value`` in the reader's zone, written as the date part of
    `format_datetime`'s ``"short"`` (the charts' axes beside the match lists' times)."""
    locale = get_locale()
    if locale is None:
        return str(flask_babel.format_date(value, "short"))
    return _patterns(str(locale), "short")[2].apply(value.astimezone(get_timezone()), locale)


def init_app(app: Flask) -> None:
    app.jinja_env.filters["datetimeformat"] = format_datetime
    app.jinja_env.filters["dateformat"] = format_date
    app.jinja_env.globals.update(
        time_zone_choices=CHOICES,
        time_zone_name=zone_name,
        language_time_zone=language_default,
    )
