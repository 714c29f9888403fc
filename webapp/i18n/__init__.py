"""The site in three languages, one job a module: which language a request speaks
(`locales`), its texts (`texts`), and changing it (`switch`: ``?lang=`` and the language links).

The site imports them from here (``from webapp.i18n import gettext as _``, ``lazy_gettext as
_l``, ``select_locale``).
"""

from __future__ import annotations

from flask import Flask

from webapp.i18n import switch, texts
from webapp.i18n.locales import DEFAULT_LOCALE, LOCALES, SESSION_KEY, html_lang, select_locale
from webapp.i18n.texts import (
    current_translations,
    gettext,
    lazy_gettext,
    lazy_pgettext,
    ngettext,
    pgettext,
)

__all__ = [
    "DEFAULT_LOCALE", "LOCALES", "SESSION_KEY", "current_translations", "gettext", "html_lang",
    "init_app", "lazy_gettext", "lazy_pgettext", "ngettext", "pgettext", "select_locale",
]


def init_app(app: Flask) -> None:
    """Call after Flask-Babel's ``init_app`` (its template callables are replaced here)."""
    texts.init_app(app)
    switch.init_app(app)
