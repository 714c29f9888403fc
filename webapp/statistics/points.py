"""Ranking points a logged-in player earns for winning a match, by the computer's difficulty."""

from __future__ import annotations

RANKING_POINTS: dict[str, int] = {"easy": 10, "normal": 30, "expert": 100}
