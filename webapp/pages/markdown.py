"""Markdown to HTML with stable heading anchors and a table of contents.

Raw HTML in a source is never passed through (``html=False``): it shows as text. Every ``##``
and ``###`` heading must end with an explicit anchor, ``## Scoring {#scoring}``, so that links
like ``/rules#scoring`` work the same in every language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore

from webapp.pages.placeholders import ContentError

_ANCHOR = re.compile(r"\s*\{#([a-z0-9][a-z0-9-]*)\}\s*$")
_TOC_LEVELS = ("h2", "h3")


@dataclass(frozen=True, slots=True)
class Heading:
    level: int
    anchor: str
    text: str


@dataclass(frozen=True, slots=True)
class Rendered:
    title: str
    html: str
    toc: tuple[Heading, ...]

    @property
    def toc_tree(self) -> list[tuple[Heading, list[Heading]]]:
        """The contents as ``##`` entries, each with its ``###`` entries."""
        tree: list[tuple[Heading, list[Heading]]] = []
        for heading in self.toc:
            if heading.level == 2 or not tree:
                tree.append((heading, []))
            else:
                tree[-1][1].append(heading)
        return tree


def _anchors(state: StateCore) -> None:
    """Move ``{#id}`` from the end of each heading into its ``id`` attribute."""
    tokens = state.tokens
    for i, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        inline = tokens[i + 1]
        found = _ANCHOR.search(inline.content)
        if found is None:
            if token.tag in _TOC_LEVELS:
                raise ContentError(f"heading without an anchor: {inline.content!r}")
            continue
        token.attrSet("id", found.group(1))
        inline.content = inline.content[: found.start()]
        last = inline.children[-1] if inline.children else None
        if last is None or last.type != "text" or not _ANCHOR.search(last.content):
            raise ContentError(f"anchor must end the heading: {inline.content!r}")
        last.content = _ANCHOR.sub("", last.content)


def _parser() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "typographer": False})
    md.enable("table")
    md.core.ruler.push("heading_anchors", _anchors)
    return md


_MD = _parser()


def render(source: str) -> Rendered:
    """Render one page; the first ``#`` heading is its title."""
    tokens = _MD.parse(source)
    title, toc, seen = "", [], set()
    for i, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        text = "".join(child.content for child in tokens[i + 1].children or [])
        anchor = token.attrGet("id")
        if token.tag == "h1" and not title:
            title = text
        if isinstance(anchor, str):
            if anchor in seen:
                raise ContentError(f"anchor used twice: {anchor}")
            seen.add(anchor)
            if token.tag in _TOC_LEVELS:
                toc.append(Heading(int(token.tag[1]), anchor, text))
    # The title is printed by the page template, above the contents.
    if tokens and tokens[0].type == "heading_open" and tokens[0].tag == "h1":
        tokens = tokens[3:]
    html = _MD.renderer.render(tokens, _MD.options, {})
    return Rendered(title=title, html=html, toc=tuple(toc))
