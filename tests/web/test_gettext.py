"""The site's gettext family (`webapp.i18n`) says exactly what Flask-Babel's says.

It reads the catalogue once per locale instead of on every call; these tests hold it to the
library's texts for every message of every catalogue, and to the library's locale switches.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import flask_babel
import pytest
from babel.messages.pofile import read_po
from babel.support import NullTranslations
from flask import Flask, g

import webapp
from webapp import i18n

TRANSLATIONS = Path(webapp.__file__).parent / "translations"


def _catalogue(locale: str) -> list[tuple[str | None, str | tuple[str, str]]]:
    """Every (context, msgid) of one .po file; a plural msgid is (singular, plural)."""
    with (TRANSLATIONS / locale / "LC_MESSAGES" / "messages.po").open("rb") as po:
        catalog = read_po(po)
    return [(m.context, m.id) for m in catalog if m.id]


@pytest.mark.parametrize("locale", ["zh_Hans", "zh_Hant"])
def test_every_message_has_its_chinese_text(locale: str):
    """English falls back to the msgid; a Chinese page would show an untranslated English
    text ("Play to %(target)d points." did, in the start page's ruleset lines)."""
    with (TRANSLATIONS / locale / "LC_MESSAGES" / "messages.po").open("rb") as po:
        catalog = read_po(po)
    missing = [m.id for m in catalog if m.id and (
        m.fuzzy or not (all(m.string) if isinstance(m.string, tuple) else m.string)
    )]
    assert missing == []


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_every_message_reads_as_flask_babel_reads_it(app: Flask, locale: str):
    messages = _catalogue(locale)
    assert len(messages) > 300  # the whole catalogue, not an empty file
    with app.test_request_context(headers={"Accept-Language": i18n.html_lang(locale)}):
        for context, msgid in messages:
            if isinstance(msgid, tuple):
                singular, plural = msgid
                assert context is None  # the site has no context-and-plural texts
                for num in (1, 2, 5):
                    ours = i18n.ngettext(singular, plural, num)
                    assert ours == flask_babel.ngettext(singular, plural, num), (locale, num)
            elif context is None:
                assert i18n.gettext(msgid) == flask_babel.gettext(msgid), (locale, msgid)
                assert str(i18n.lazy_gettext(msgid)) == flask_babel.gettext(msgid)
            else:
                assert i18n.pgettext(context, msgid) == flask_babel.pgettext(context, msgid)
                assert str(i18n.lazy_pgettext(context, msgid)) == flask_babel.pgettext(
                    context, msgid
                )


def test_formatting_matches_flask_babel(app: Flask):
    with app.test_request_context(headers={"Accept-Language": "en"}):
        text = "%(num)d card left"
        assert i18n.gettext("Take %(card)s", card="Q♠") == "Take Q♠"
        assert i18n.gettext("100%") == flask_babel.gettext("100%")  # no variables: no formatting
        assert i18n.ngettext(text, "%(num)d cards left", 3) == "3 cards left"
        assert i18n.ngettext(text, "%(num)d cards left", 1) == "1 card left"


def test_the_language_follows_force_locale_and_refresh(app: Flask):
    with app.test_request_context(headers={"Accept-Language": "zh-CN"}):
        chinese = i18n.gettext("Stock")
        assert chinese == "牌库"
        with flask_babel.force_locale("en"):
            assert i18n.gettext("Stock") == "Stock"
            with flask_babel.force_locale("zh_Hant"):
                assert i18n.gettext("Stock") == flask_babel.gettext("Stock") != "Stock"
            assert i18n.gettext("Stock") == "Stock"
        assert i18n.gettext("Stock") == chinese
        flask_babel.refresh()
        assert i18n.gettext("Stock") == chinese


def test_with_flask_babels_state_kept_elsewhere_the_catalogue_is_asked_for_once_per_locale(
    app: Flask, monkeypatch: pytest.MonkeyPatch
):
    """Flask-Babel's request state moved off ``g._flask_babel`` (as a later release may keep it):
    the site's texts then know the locale through the public ``get_locale``, still follow it,
    and still ask for the catalogue only when it changes, not at every text."""

    def state_elsewhere() -> SimpleNamespace | None:
        if not g:
            return None
        state: SimpleNamespace = g.setdefault("babel_state", SimpleNamespace())
        return state

    asked: list[str] = []
    library_catalogue = flask_babel.get_translations

    def catalogue() -> NullTranslations:
        asked.append(str(flask_babel.get_locale()))
        return library_catalogue()

    monkeypatch.setattr(flask_babel, "_get_current_context", state_elsewhere)
    monkeypatch.setattr(flask_babel, "get_translations", catalogue)
    with app.test_request_context(headers={"Accept-Language": "zh-CN"}):
        assert [i18n.gettext("Stock") for _ in range(20)] == ["牌库"] * 20
        assert asked == ["zh_Hans"]
        with flask_babel.force_locale("en"):
            assert [i18n.gettext("Stock") for _ in range(20)] == ["Stock"] * 20
        assert i18n.gettext("Stock") == "牌库"
        assert asked == ["zh_Hans", "en", "zh_Hans"]
        assert "_flask_babel" not in vars(g._get_current_object())  # the state did move


def test_a_lazy_text_speaks_the_language_of_the_request_showing_it(app: Flask):
    stock = i18n.lazy_gettext("Stock")
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert str(stock) == "Stock"
    with app.test_request_context(headers={"Accept-Language": "zh-CN"}):
        assert str(stock) == "牌库"
