"""Which language a request speaks: the session's choice, then Accept-Language, then Chinese.

Locales are Babel identifiers (``zh_Hans``); pages use BCP 47 tags (``zh-Hans``) in
``<html lang>``.
"""

from __future__ import annotations

from flask import request, session

LOCALES: tuple[str, ...] = ("zh_Hans", "zh_Hant", "en")
DEFAULT_LOCALE = "zh_Hans"
SESSION_KEY = "lang"
# Each language names itself, so a reader can find their own whatever the page language.
LANGUAGE_NAMES: dict[str, str] = {"zh_Hans": "简体中文", "zh_Hant": "繁體中文", "en": "English"}
_TRADITIONAL_REGIONS = frozenset({"hant", "tw", "hk", "mo"})


def html_lang(locale: str) -> str:
    """The BCP 47 tag for a locale: ``zh_Hans`` → ``zh-Hans``."""
    return locale.replace("_", "-")


def locale_for_tag(tag: str) -> str | None:
    """Map a language tag (``zh-TW``, ``zh_Hans``, ``en-GB``) to one of `LOCALES`, or ``None``."""
    parts = tag.strip().replace("_", "-").lower().split("-")
    if parts[0] == "en":
        return "en"
    if parts[0] == "zh":
        if _TRADITIONAL_REGIONS.intersection(parts[1:]):
            return "zh_Hant"
        return "zh_Hans"
    return None


def select_locale() -> str:
    """Flask-Babel's locale selector."""
    chosen = session.get(SESSION_KEY)
    if isinstance(chosen, str) and chosen in LOCALES:
        return chosen
    for tag, quality in request.accept_languages:
        if quality <= 0:
            continue
        locale = locale_for_tag(tag)
        if locale is not None:
            return locale
    return DEFAULT_LOCALE
