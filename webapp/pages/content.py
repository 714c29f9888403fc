"""Render a page: read the markdown, fill in the numbers, convert, insert the engine's figures.

Each game has its reading pages (`webapp.games`: ``pages``), in the folder its entry names
(`ReadingPages.folder`, ``webapp/content`` for the site's games): the game at root's at
``<folder>/<locale>/<page>.md`` (Gin Rummy's), another's at ``<folder>/<locale>/<game>/<page>.md``
(Rommé's at ``content/<locale>/romme/``). Each (game, page, language, rule values) is rendered
once and cached; changing a preset changes the key, so the page follows the ruleset without a
restart.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from markupsafe import Markup

from webapp import games
from webapp.pages.markdown import Rendered, render
from webapp.pages.placeholders import ContentError, fill

PAGES = ("rules", "faq", "strategy")
"""The pages a game may have (`ReadingPages.titles`)."""
_BLOCK = re.compile(r"<p>\[\[([a-z]+:[a-z-]+)\]\]</p>")


def source_path(page: str, locale: str, game: games.Game = games.DEFAULT) -> Path:
    folder = game.pages.folder / locale
    return (folder if game.at_root else folder / game.key) / f"{page}.md"


def render_source(
    source: str, quoted: Mapping[str, object], blocks: Mapping[str, Callable[[], Markup]]
) -> Rendered:
    """The whole pipeline for one source text; `ContentError` on anything unknown."""
    rendered = render(fill(source, quoted))

    def block(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in blocks:
            raise ContentError(f"unknown block [[{name}]]")
        return str(blocks[name]())

    html = _BLOCK.sub(block, rendered.html)
    if "[[" in _BLOCK.sub("", rendered.html):
        raise ContentError("a [[block]] must stand alone in its own paragraph")
    return replace(rendered, html=Markup(html))  # noqa: S704 - markdown escaped it, blocks are Markup


def render_page(page: str, locale: str, game: games.Game = games.DEFAULT) -> Rendered:
    if page not in PAGES:
        raise ContentError(f"unknown page {game.key}/{page}")
    return _cached(game.key, page, locale, game.pages.fingerprint())


@lru_cache(maxsize=64)
def _cached(key: str, page: str, locale: str, fingerprint: tuple[object, ...]) -> Rendered:
    del fingerprint  # only part of the cache key: the inputs below read the same presets
    game = games.named(key)
    quoted, blocks = game.pages.inputs()
    source = source_path(page, locale, game).read_text(encoding="utf-8")
    return render_source(source, quoted, blocks)
