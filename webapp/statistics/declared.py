"""What a game declares about its own statistics: their names, how each adds up over matches,
and how the player page shows them.

A game's registry entry (`webapp.games.Game.counted`) lists the statistics its results module
counts per match (`webapp.models.MatchResult.statistics`); the totals (`webapp.statistics.totals`)
and their recount (`webapp.statistics.recount`) keep them per board as ``player_statistics``
rows by these names, and each board lists the lines its player page shows
(`webapp.games.Board.shown`). The wins at each difficulty are kept the same way, one name per
level (`wins_name`), so neither a new level nor a new statistic changes a shared table.

Glossary
    statistic   one keyed count of a match (``gins``) and its sum (or maximum) on a board
    shown       one line of the player page's totals: a label, a ``data-stat`` key and the text
                made from the board's numbers (one or several statistics: the gin rate is gins
                over hands)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from flask_babel import LazyString


class Adding(StrEnum):
    """How a statistic's matches add up on a board."""

    SUM = "sum"
    MAX = "max"


@dataclass(frozen=True)
class Statistic:
    """One of a game's own counts per match, kept by ``name`` on every board it counts on."""

    name: str
    adds_up: Adding = Adding.SUM


@dataclass(frozen=True)
class Shown:
    """One line of a board's totals on the player page."""

    key: str
    """Its ``data-stat`` attribute."""
    label: LazyString
    text: Callable[[Mapping[str, int]], str]
    """The line's value from the board's numbers: the totals' columns (``hands``,
    ``best_score``…) and the statistics by name, 0 where none was kept."""


WINS = "wins:"


def wins_name(level: str) -> str:
    """The statistic counting the wins against the computer at ``level``: ``wins:expert``."""
    return WINS + level


def kept_as_maximum(declared: Iterable[Statistic]) -> frozenset[str]:
    """The names among ``declared`` kept as a maximum rather than a sum."""
    return frozenset(s.name for s in declared if s.adds_up is Adding.MAX)


def percent(rate: float) -> str:
    """``"27%"``: a rate rounded to a whole percent, as the player page writes it."""
    return f"{round(rate * 100)}%"
