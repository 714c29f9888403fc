"""The reading pages: ``/rules``, ``/faq``, ``/strategy`` for the game at root (Gin Rummy) and
the same three under ``/<game>/`` for every other game with pages (``/romme/rules``), all drawn
by the same template. Their routes are made from the registry (`webapp.games`)."""

from __future__ import annotations

from flask import Blueprint, render_template, url_for

from webapp import games
from webapp.i18n import gettext as _
from webapp.i18n import select_locale
from webapp.pages.content import PAGES, render_page

bp = Blueprint("pages", __name__)


def endpoint(game: games.Game, page: str) -> str:
    """``pages.rules`` for the game at root, ``pages.romme_rules`` for Rommé."""
    return f"pages.{page}" if game.at_root else f"pages.{game.key}_{page}"


def _show(page: str, game: games.Game) -> str:
    rendered = render_page(page, select_locale(), game)
    links = [(url_for(endpoint(game, p)), str(game.pages.titles[p])) for p in PAGES if p != page]
    links += [
        (url_for(endpoint(other, "rules")), str(other.pages.rules_elsewhere))
        for other in games.GAMES
        if other is not game
    ]
    play, values = game.pages.play
    links.append((url_for(play, **values), _("Play")))
    return render_template("pages/page.html", page=page, game=game.key, doc=rendered, links=links)


def _route(game: games.Game, page: str) -> None:
    def show() -> str:
        return _show(page, game)

    prefix = "" if game.at_root else f"/{game.key}"
    bp.add_url_rule(f"{prefix}/{page}", endpoint(game, page).removeprefix("pages."), show)


for _game in games.GAMES:
    for _page in PAGES:
        _route(_game, _page)
