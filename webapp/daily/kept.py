"""What the daily's pages keep in the process because it no longer changes: a day's seed and
pars (fixed when the day is made) and a closed day's standings and tallies (nothing is counted
after the close). Every process reads the same rows, so keeping them changes no page; a few
days are kept, the oldest forgotten first."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import current_app

KEPT = "daily"
MOST = 32
_T = TypeVar("_T")


def kept(key: tuple[object, ...], make: Callable[[], _T | None]) -> _T | None:
    """The value kept under ``key``, or ``make()``'s, kept unless it is None (not yet fixed)."""
    found: dict[tuple[object, ...], object] = current_app.extensions.setdefault(KEPT, {})
    if key in found:
        return found[key]  # type: ignore[return-value]
    value = make()
    if value is not None:
        found[key] = value
        while len(found) > MOST:
            del found[next(iter(found))]
    return value
