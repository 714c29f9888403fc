"""A match's deals as ``/verify`` shows them, whatever the game: rows of cards under a label.

Each game's table package re-deals its own matches into these (``webapp.gin.deals``,
``webapp.romme.deals``); the registry (`webapp.games`) names which does it for which game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class DealRow:
    """One line of a re-dealt deal: whose cards (``key``: the page's ``data-cards``) and which."""

    key: str
    label: str
    cards: Sequence[object]
    """The game's own cards, drawn by its registry entry's ``card_row``."""


@dataclass(frozen=True, slots=True)
class Redeal:
    """What ``/verify`` shows of one game's seed: each deal's number and rows."""

    deals: list[tuple[int, list[DealRow]]]
    players: int | None = None
    """The players the deals were made for, in a game where that number changes the deals."""
