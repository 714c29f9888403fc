"""Who the rating board ranks: a rating that is not provisional, of a player active lately.

A rating is printed rounded (`shown`), with a question mark while provisional (`label`); the
board ranks players by the printed figure, so two players showing the same rating share a
rank. A player whose last rated match is more than `INACTIVE_AFTER` old is not ranked until
they play again.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from webapp.rating.glicko import is_provisional

INACTIVE_AFTER = timedelta(days=90)
"""A player whose last rated match on a board is older than this is not ranked there."""


def shown(rating: float) -> int:
    """The rating as the pages print it and the board ranks it."""
    return round(rating)


def label(rating: float, rd: float) -> str:
    """``"1530"``, or ``"1530?"`` while the rating is provisional (its deviation ``rd``)."""
    return f"{shown(rating)}?" if is_provisional(rd) else str(shown(rating))


def active_since(now: datetime) -> datetime:
    """The earliest last match of a player still ranked at ``now``."""
    return now - INACTIVE_AFTER
