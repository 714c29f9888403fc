"""Changing the page language: the ``?lang=`` switch and the links to this page in each language."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote, urlencode

from flask import Flask, abort, redirect, request, session
from werkzeug.wrappers import Response

from webapp.i18n.locales import (
    LANGUAGE_NAMES,
    LOCALES,
    SESSION_KEY,
    html_lang,
    locale_for_tag,
    select_locale,
)
from webapp.i18n.texts import lazy_gettext


@dataclass(frozen=True, slots=True)
class LanguageLink:
    locale: str
    name: str
    href: str
    current: bool

    @property
    def html_lang(self) -> str:
        return html_lang(self.locale)


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


def init_app(app: Flask) -> None:
    app.before_request(switch_language)
    # Functions base.html calls where it writes them, not a context processor: that would
    # build the links for every template rendered, and a player page renders up to sixteen
    # (its kept parts, webapp/board/page_cache.py) to show them once.
    app.jinja_env.globals.update(
        page_lang=lambda: html_lang(select_locale()), language_links=language_links
    )
