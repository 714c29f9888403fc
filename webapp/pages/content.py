"""Render a page: read the markdown, fill in the numbers, convert, insert the engine's figures.

Each game has its reading pages: Gin Rummy's at ``content/<locale>/<page>.md``, Rommé's at
``content/<locale>/romme/<page>.md``. Each (game, page, language, rule values) is rendered once
and cached; changing a preset changes the key, so the page follows the ruleset without a
restart.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from markupsafe import Markup

from webapp.labels import ruleset_name
from webapp.pages import figures, romme_figures, romme_values, values
from webapp.pages.examples import Examples
from webapp.pages.markdown import Rendered, render
from webapp.pages.placeholders import ContentError, fill
from webapp.pages.romme_examples import RommeExamples

PAGES = ("rules", "faq", "strategy")
GIN, ROMME = "gin", "romme"
GAMES = (GIN, ROMME)
"""The games with reading pages; Gin Rummy's sit at the site's root (``/rules``)."""
CONTENT_DIR = Path(__file__).resolve().parent.parent / "content"
_BLOCK = re.compile(r"<p>\[\[([a-z]+:[a-z-]+)\]\]</p>")

Inputs = tuple[dict[str, object], dict[str, Callable[[], Markup]]]


def source_path(page: str, locale: str, game: str = GIN) -> Path:
    folder = CONTENT_DIR / locale
    return (folder if game == GIN else folder / game) / f"{page}.md"


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


def render_page(page: str, locale: str, game: str = GIN) -> Rendered:
    if page not in PAGES or game not in GAMES:
        raise ContentError(f"unknown page {game}/{page}")
    key = romme_values.fingerprint() if game == ROMME else values.fingerprint()
    return _cached(game, page, locale, key)


def _gin_inputs() -> Inputs:
    sets, ranking = values.presets(), values.ranking_points()
    examples = Examples.compute(sets["standard"])
    quoted = {**values.rule_values(sets, ranking), **examples.values()}
    return quoted, figures.blocks(examples, sets, ranking)


def _romme_inputs() -> Inputs:
    sets, ranking = romme_values.presets(), values.ranking_points()
    examples = RommeExamples.compute(sets["romme"])
    quoted = {**romme_values.rule_values(sets, ranking), **examples.values_quoted()}
    # The pages name a preset as the start page does ("Rommé, 3 hands"), never by its id.
    for name in sets:
        quoted[f"name.{romme_values.placeholder_name(name)}"] = ruleset_name(name)
    return quoted, romme_figures.blocks(examples, sets, ranking)


@lru_cache(maxsize=64)
def _cached(game: str, page: str, locale: str, key: tuple[object, ...]) -> Rendered:
    del key  # only part of the cache key: the values below are read from the same presets
    quoted, blocks = _romme_inputs() if game == ROMME else _gin_inputs()
    source = source_path(page, locale, game).read_text(encoding="utf-8")
    return render_source(source, quoted, blocks)
