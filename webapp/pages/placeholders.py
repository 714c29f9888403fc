"""``{{preset.field}}`` placeholders: every rule number on the pages comes from here.

Syntax: ``{{ name.field }}`` (lower-case words joined by dots, spaces inside the braces
allowed). Any other use of ``{{`` or ``}}``, or a name missing from the values, is an error, so
a typo fails the tests instead of printing a wrong or empty number.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from markupsafe import Markup

_NAME = r"[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+"
_PLACEHOLDER = re.compile(r"\{\{\s*(" + _NAME + r")\s*\}\}")


Inputs = tuple[dict[str, object], dict[str, Callable[[], Markup]]]
"""What one game's pages are filled with: the quoted values and the ``[[blocks]]``."""


class ContentError(ValueError):
    """A content source is malformed: unknown placeholder, missing anchor, bad block name."""


def fill(source: str, values: Mapping[str, object]) -> str:
    """Replace every placeholder by its value; raise `ContentError` on unknown or stray braces."""

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in values:
            raise ContentError(f"unknown placeholder {{{{{name}}}}}")
        return str(values[name])

    filled = _PLACEHOLDER.sub(value, source)
    rest = _PLACEHOLDER.sub("", source)
    stray = re.search(r"\{\{|\}\}", rest)
    if stray:
        line = rest.count("\n", 0, stray.start()) + 1
        raise ContentError(f"malformed placeholder on line {line}")
    return filled
