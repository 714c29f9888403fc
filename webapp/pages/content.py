"""Render a page: read the markdown, fill in the numbers, convert, insert the engine's figures.

Each (page, language, rule values) is rendered once and cached; changing a preset changes the
key, so the page follows the ruleset without a restart.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from markupsafe import Markup

from webapp.pages import figures, values
from webapp.pages.examples import Examples
from webapp.pages.markdown import Rendered, render
from webapp.pages.placeholders import ContentError, fill

PAGES = ("rules", "faq", "strategy")
CONTENT_DIR = Path(__file__).resolve().parent.parent / "content"
_BLOCK = re.compile(r"<p>\[\[([a-z]+:[a-z-]+)\]\]</p>")


def source_path(page: str, locale: str) -> Path:
    return CONTENT_DIR / locale / f"{page}.md"


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


def render_page(page: str, locale: str) -> Rendered:
    if page not in PAGES:
        raise ContentError(f"unknown page {page!r}")
    return _cached(page, locale, values.fingerprint())


@lru_cache(maxsize=64)
def _cached(page: str, locale: str, key: tuple[object, ...]) -> Rendered:
    del key  # only part of the cache key: the values below are read from the same presets
    sets, ranking = values.presets(), values.ranking_points()
    examples = Examples.compute(sets["standard"])
    quoted = {**values.rule_values(sets, ranking), **examples.values()}
    source = source_path(page, locale).read_text(encoding="utf-8")
    return render_source(source, quoted, figures.blocks(examples, sets, ranking))
