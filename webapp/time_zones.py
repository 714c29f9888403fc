"""The reader's time zone: an account setting, else a default by the page's language.

Flask-Babel asks `select_time_zone` (its ``timezone_selector``) and converts every date it
formats (``format_datetime``, the ``datetimeformat`` filter) into that zone, so the pages hold
UTC values and never convert by hand.
"""

from __future__ import annotations

from zoneinfo import available_timezones

from babel.dates import get_timezone_location
from flask import Flask
from flask_babel import get_locale
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
    return f"{get_timezone_location(zone, locale=get_locale())} ({zone})"


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(
        time_zone_choices=CHOICES,
        time_zone_name=zone_name,
        language_time_zone=language_default,
    )
