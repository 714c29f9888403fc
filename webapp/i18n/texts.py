"""The site's texts: Flask-Babel's gettext family, with the catalogue looked up once per request.

``webapp.i18n`` exports them (``from webapp.i18n import gettext as _``, ``lazy_gettext as _l``);
Jinja's ``_``/``gettext``/``ngettext`` are the same functions.
"""

from __future__ import annotations

from typing import Any

import flask_babel
from babel.support import NullTranslations
from flask import Flask, g, has_app_context
from flask_babel import LazyString
from jinja2 import pass_eval_context
from jinja2.nodes import EvalContext
from markupsafe import Markup

# The site's gettext family: Flask-Babel's functions (same texts, same ``%`` formatting) on
# `current_translations`. Flask-Babel's own look up the domain, the locale and the catalogue on
# every call (11.6 µs against 0.6 µs); the messages and labels of a table page make a dozen such
# calls. What it saves of a page: `benchmarks/framework_defaults.py`, variant "babel gettext".


def gettext(string: str, **variables: Any) -> str:
    text = current_translations().ugettext(string)
    return text % variables if variables else text


def pgettext(context: str, string: str, **variables: Any) -> str:
    text = current_translations().upgettext(context, string)
    return text % variables if variables else text


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    variables.setdefault("num", num)
    text: str = current_translations().ungettext(singular, plural, num) % variables
    return text


def lazy_gettext(string: str, **variables: Any) -> LazyString:
    """A text translated when it is shown, in the language of the request showing it."""
    return LazyString(gettext, string, **variables)


def lazy_pgettext(context: str, string: str, **variables: Any) -> LazyString:
    return LazyString(pgettext, context, string, **variables)


_TRANSLATIONS_KEY = "_gin_translations"


def _babel_locale(space: dict[str, Any]) -> object:
    """The locale Flask-Babel holds for this request, read from its request state on ``g``.

    Flask-Babel's public ``get_locale`` returns the same object (``force_locale`` and
    ``refresh`` change it) through three context-local look-ups; asked at each of a table page's
    ~70 texts, that costs 15% of a table GET's instructions (``benchmarks/framework_defaults.py``,
    variant "babel locale"), so its state is read directly. Until Flask-Babel has chosen the
    locale, or should a later release keep it elsewhere, ``get_locale`` answers: same texts.
    """
    locale = getattr(space.get("_flask_babel"), "babel_locale", None)
    return locale if locale is not None else flask_babel.get_locale()


def current_translations() -> NullTranslations:
    """This request's catalogue: Flask-Babel's, looked up again only when its locale changes.

    Flask-Babel finds the catalogue anew on every call (the domain, the locale, then the
    catalogue by the locale's name); a table page asks ~70 times. It is kept on ``g`` with the
    locale it belongs to, so ``force_locale`` and ``refresh`` are honoured. Together with
    `init_app`'s template functions and the gettext family above it saves 20–22% of a table
    page against Flask-Babel's own functions on a quiet machine
    (``benchmarks/framework_defaults.py``, variant "babel gettext").
    """
    if not has_app_context():
        outside: NullTranslations = flask_babel.get_translations()
        return outside
    space = g._get_current_object().__dict__
    locale = _babel_locale(space)
    found: tuple[object, NullTranslations] | None = space.get(_TRANSLATIONS_KEY)
    if found is None or found[0] is not locale:
        found = space[_TRANSLATIONS_KEY] = (locale, flask_babel.get_translations())
    return found[1]


@pass_eval_context
def _template_gettext(eval_ctx: EvalContext, string: str, **variables: Any) -> str:
    """Jinja's "newstyle" ``gettext`` (escape the arguments, always ``%``-format), one call."""
    text = current_translations().ugettext(string)
    return (Markup(text) if eval_ctx.autoescape else text) % variables


@pass_eval_context
def _template_ngettext(
    eval_ctx: EvalContext, singular: str, plural: str, num: int, **variables: Any
) -> str:
    variables.setdefault("num", num)
    text = current_translations().ungettext(singular, plural, num)
    return (Markup(text) if eval_ctx.autoescape else text) % variables


def init_app(app: Flask) -> None:
    """Templates' ``_``/``gettext``/``ngettext`` through `current_translations` (same texts).

    Call after Flask-Babel's ``init_app``, whose template callables these replace.

    Jinja's i18n extension reaches the translation through three nested context calls per
    ``_()``; a table page has ~55 of them. These do the same in one.
    """
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: current_translations().ugettext(s),
        ngettext=lambda s, p, n: current_translations().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: current_translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: current_translations().unpgettext(c, s, p, n),
    )
    app.jinja_env.globals.update(
        _=_template_gettext, gettext=_template_gettext, ngettext=_template_ngettext
    )
