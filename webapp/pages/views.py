"""The reading pages: ``/rules``, ``/faq``, ``/strategy`` for Gin Rummy and the same three under
``/romme/`` for Rommé, all drawn by the same template."""

from __future__ import annotations

from flask import Blueprint, render_template, url_for

from webapp.i18n import gettext as _
from webapp.i18n import pgettext, select_locale
from webapp.pages.content import GIN, PAGES, ROMME, render_page

bp = Blueprint("pages", __name__)


def _titles(game: str) -> dict[str, str]:
    if game == ROMME:
        return {
            "rules": pgettext("reading page", "Rommé rules"),
            "faq": pgettext("reading page", "Rommé FAQ"),
            "strategy": pgettext("reading page", "Rommé strategy"),
        }
    return {"rules": _("Rules"), "faq": _("FAQ"), "strategy": _("Strategy")}


def _endpoint(game: str, page: str) -> str:
    return f"pages.{page}" if game == GIN else f"pages.{game}_{page}"


def _show(page: str, game: str = GIN) -> str:
    rendered = render_page(page, select_locale(), game)
    titles = _titles(game)
    links = [(url_for(_endpoint(game, p)), titles[p]) for p in PAGES if p != page]
    if game == GIN:
        other = _titles(ROMME)["rules"]
    else:
        other = pgettext("reading page", "Gin Rummy rules")
    links.append((url_for(_endpoint(ROMME if game == GIN else GIN, "rules")), other))
    links.append((url_for("main.index") if game == ROMME else url_for("play.table"), _("Play")))
    return render_template("pages/page.html", page=page, game=game, doc=rendered, links=links)


@bp.get("/rules")
def rules() -> str:
    return _show("rules")


@bp.get("/faq")
def faq() -> str:
    return _show("faq")


@bp.get("/strategy")
def strategy() -> str:
    return _show("strategy")


@bp.get("/romme/rules")
def romme_rules() -> str:
    return _show("rules", ROMME)


@bp.get("/romme/faq")
def romme_faq() -> str:
    return _show("faq", ROMME)


@bp.get("/romme/strategy")
def romme_strategy() -> str:
    return _show("strategy", ROMME)
