"""The first line of a result on either table (``tables/_macros.html``'s ``outcome``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Banner:
    """``winner`` is "you", "computer" or "nobody" (it colours the banner); ``points`` the
    points the line names (those won, or those the person pays)."""

    winner: str
    points: int
    text: str
