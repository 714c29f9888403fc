"""The player page's kept charts (`webapp.statistics.charts`) as one dict, for comparing whole
tables."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from webapp.statistics import charts


def by_key(players: Iterator[tuple[int, charts.Charts]]) -> dict[tuple[int, str], Any]:
    """``{(user, game): {"awards": [...], "ratings": [...]}}`` of `charts.kept` or
    `charts.history`'s stream."""
    return {(user_id, game): series for user_id, boards in players
            for game, series in boards.items()}


def kept() -> dict[tuple[int, str], Any]:
    return by_key(charts.kept())


def rebuilt() -> dict[tuple[int, str], Any]:
    return by_key(charts.history())
