"""Choosing the page language: ``?lang=`` switch, then the session, then Accept-Language.

Locales are Babel identifiers (``zh_Hans``); pages use BCP 47 tags (``zh-Hans``) in
``<html lang>``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlencode

import flask_babel
from babel.support import NullTranslations
from flask import Flask, abort, g, has_app_context, redirect, request, session
from flask_babel import LazyString
from jinja2 import pass_eval_context
from jinja2.nodes import EvalContext
from markupsafe import Markup
from werkzeug.wrappers import Response

LOCALES: tuple[str, ...] = ("zh_Hans", "zh_Hant", "en")
DEFAULT_LOCALE = "zh_Hans"
SESSION_KEY = "lang"
# Each language names itself, so a reader can find their own whatever the page language.
LANGUAGE_NAMES: dict[str, str] = {"zh_Hans": "简体中文", "zh_Hant": "繁體中文", "en": "English"}
_TRADITIONAL_REGIONS = frozenset({"hant", "tw", "hk", "mo"})


@dataclass(frozen=True, slots=True)
class LanguageLink:
    locale: str
    name: str
    href: str
    current: bool

    @property
    def html_lang(self) -> str:
        return html_lang(self.locale)


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


# Characters a path may keep as they are; anything else (a backslash, a space, non-ASCII) is
# percent-encoded, so the Location header can only ever name a path on this site.
_PATH_SAFE = "/-._~!$&'()*+,;=:@%"
BAD_ADDRESS = lazy_gettext("That address contains characters that are not allowed.")


def safe_path(path: str) -> str | None:
    """``path`` as a same-site path with exactly one leading ``/``, or ``None`` if it holds a
    control character (tab, CR, LF, ...), which browsers drop or servers split headers on."""
    if any(ord(ch) < 0x20 or 0x7F <= ord(ch) < 0xA0 for ch in path):
        return None
    # "//evil.example" and "/\tevil.example" must not become protocol-relative redirects.
    return "/" + quote(path.lstrip("/"), safe=_PATH_SAFE)


def _same_page_url(lang: str | None, path: str) -> str:
    """``path`` and this page's query, with ``lang`` set (or removed when ``None``)."""
    args = [(key, value) for key, value in request.args.items(multi=True) if key != "lang"]
    if lang is not None:
        args.append(("lang", lang))
    return path + ("?" + urlencode(args) if args else "")


def switch_language() -> Response | None:
    """``GET ...?lang=en``: remember the language and redirect to the same page without it."""
    if request.method not in ("GET", "HEAD") or "lang" not in request.args:
        return None
    path = safe_path(request.path)
    if path is None:
        abort(400, description=str(BAD_ADDRESS))
    locale = locale_for_tag(request.args["lang"])
    if locale is not None:
        session[SESSION_KEY] = locale
        session.permanent = True
    return redirect(_same_page_url(None, path), code=303)


def language_links() -> list[LanguageLink]:
    current = select_locale()
    path = safe_path(request.path) or "/"  # the 400 page of a bad address links home
    return [
        LanguageLink(
            locale, LANGUAGE_NAMES[locale], _same_page_url(locale, path), locale == current
        )
        for locale in LOCALES
    ]


_TRANSLATIONS_KEY = "_gin_translations"


def _babel_locale(space: dict[str, Any]) -> object:
    """The locale Flask-Babel holds for this context (``None`` until it has chosen one).

    Read from Flask-Babel's own namespace on ``g`` (where ``force_locale`` and ``refresh``
    change it) without its context look-ups. Should a later Flask-Babel keep it elsewhere, this
    reads ``None`` and `current_translations` asks Flask-Babel every time: slower, same texts.
    """
    return getattr(space.get("_flask_babel"), "babel_locale", None)


def current_translations() -> NullTranslations:
    """This request's catalogue: Flask-Babel's, looked up again only when its locale changes.

    Flask-Babel finds the catalogue anew on every call (several context-local look-ups each);
    a table page asks ~80 times. It is kept on ``g`` with the locale it belongs to, so
    ``force_locale`` and ``refresh`` are honoured. Together with `_install_template_gettext`
    and the gettext family above it saves 20–22% of a table page against Flask-Babel's own
    functions on a quiet machine (``benchmarks/framework_defaults.py``).
    """
    if not has_app_context():
        outside: NullTranslations = flask_babel.get_translations()
        return outside
    space = g._get_current_object().__dict__
    found: tuple[object, NullTranslations] | None = space.get(_TRANSLATIONS_KEY)
    locale = _babel_locale(space)
    if found is None or locale is None or found[0] is not locale:
        translations: NullTranslations = flask_babel.get_translations()
        found = space[_TRANSLATIONS_KEY] = (_babel_locale(space), translations)
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


def _install_template_gettext(app: Flask) -> None:
    """Templates' ``_``/``gettext``/``ngettext`` through `current_translations` (same texts).

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


def init_app(app: Flask) -> None:
    """Call after Flask-Babel's ``init_app`` (its template callables are replaced here)."""
    _install_template_gettext(app)
    app.before_request(switch_language)
    # Functions base.html calls where it writes them, not a context processor: that would
    # build the links for every template rendered, and a player page renders up to sixteen
    # (its kept parts, webapp/board/page_cache.py) to show them once.
    app.jinja_env.globals.update(
        page_lang=lambda: html_lang(select_locale()), language_links=language_links
    )
