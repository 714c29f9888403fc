"""``/rules``, ``/faq`` and ``/strategy``: one view each, all drawn by the same template."""

from __future__ import annotations

from flask import Blueprint, render_template

from webapp.i18n import select_locale
from webapp.pages.content import PAGES, render_page

bp = Blueprint("pages", __name__)


def _show(page: str) -> str:
    rendered = render_page(page, select_locale())
    return render_template("pages/page.html", page=page, pages=PAGES, doc=rendered)


@bp.get("/rules")
def rules() -> str:
    return _show("rules")


@bp.get("/faq")
def faq() -> str:
    return _show("faq")


@bp.get("/strategy")
def strategy() -> str:
    return _show("strategy")
