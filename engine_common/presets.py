"""A ruleset by its preset's name, the same lookup for every game.

Each engine keeps its own ``PRESETS`` (name -> ruleset); a form, a command line or a snapshot
(``engine_common.snapshot.unseal``) names one, and an unknown name is input that cannot be read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from engine_common.errors import InvalidInputError

R = TypeVar("R")
"""The engine's ruleset type."""


def named(presets: Mapping[str, R], name: str) -> R:
    """The preset called ``name``; ``InvalidInputError`` for a name no preset has."""
    try:
        return presets[name]
    except KeyError:
        raise InvalidInputError(f"unknown ruleset: {name!r}") from None
