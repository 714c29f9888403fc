"""The reading pages: ``/rules``, ``/faq``, ``/strategy`` for the game at root (Gin Rummy) and
the same under ``/<game>/`` for every other game (``/romme/rules``), all drawn by the same
template, and the header menu's links to them.

The game is looked up in the registry (`webapp.games`) when a page is asked for, never routed
per game at import: a game added to ``GAMES`` later (tests/web/toy_game/) has its pages too.
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template, url_for
from werkzeug.routing import BaseConverter, ValidationError

from webapp import games
from webapp.i18n import gettext as _
from webapp.i18n import select_locale
from webapp.pages.content import PAGES, render_page

bp = Blueprint("pages", __name__)


class GameConverter(BaseConverter):
    """``<game:game>``: the key of a registered game not at root, as its `games.Game`; any
    other value matches no page, which answers 404 (``/gin/rules``, ``/chess/rules``)."""

    def to_python(self, value: str) -> games.Game:
        game = next((g for g in games.GAMES if g.key == value and not g.at_root), None)
        if game is None:
            raise ValidationError
        return game


def page_url(game: games.Game, page: str) -> str:
    """``/rules`` for the game at root, ``/romme/rules`` for Rommé."""
    if game.at_root:
        return url_for(f"pages.{page}")
    return url_for("pages.game_page", game=game.key, page=page)


def _show(game: games.Game, page: str) -> str:
    if page not in game.pages.titles:
        abort(404)
    rendered = render_page(page, select_locale(), game)
    links = [(page_url(game, p), str(title)) for p, title in game.pages.titles.items()
             if p != page]
    links += [
        (page_url(other, "rules"), str(other.pages.rules_elsewhere))
        for other in games.GAMES
        if other is not game
    ]
    play, values = game.pages.play
    links.append((url_for(play, **values), _("Play")))
    return render_template("pages/page.html", page=page, game=game.key, doc=rendered, links=links)


def _at_root(page: str) -> None:
    def show() -> str:
        return _show(games.DEFAULT, page)

    bp.add_url_rule(f"/{page}", page, show)


for _page in PAGES:
    _at_root(_page)


@bp.get(f"/<game:game>/<any({', '.join(PAGES)}):page>")
def game_page(game: games.Game, page: str) -> str:
    return _show(game, page)


@bp.app_template_global("menu_games")
def menu_games() -> list[tuple[str, str]]:
    """The header menu's links to the games: the table and the pages of the game at root
    ("Play", "Rules", "FAQ", "Strategy"), then each other game's rules ("Rommé rules")."""
    root = games.DEFAULT
    links = [(url_for(root.table), _("Play"))]
    links += [(page_url(root, page), str(title)) for page, title in root.pages.titles.items()]
    links += [(page_url(game, "rules"), str(game.pages.rules_elsewhere))
              for game in games.GAMES if not game.at_root]
    return links
