"""What the engines' tournaments count and print: the tally, win rates with their 95% Wilson
interval, and decision-time percentiles."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field, fields
from typing import Self


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Tally:
    """A tournament's figures from the side of the first level named (A). An engine's tally
    adds its own counts (int fields) and clocks (name -> seconds lists)."""

    matches: int = 0
    wins: int = 0
    """Matches A won (alone, where several seats may win)."""
    ends: Counter[str] = field(default_factory=Counter)
    """How hands ended, by who and how (``"A knock"``)."""
    times: dict[str, list[float]] = field(default_factory=dict)
    """Decision times in seconds (wall clock), by who decided."""

    def add(self, other: Self) -> None:
        """Add ``other``'s figures, field by field: counts add up, lists of times join."""
        for name in (f.name for f in fields(self)):
            mine, theirs = getattr(self, name), getattr(other, name)
            if isinstance(mine, Counter):
                mine.update(theirs)
            elif isinstance(mine, dict):
                for key, values in theirs.items():
                    mine.setdefault(key, []).extend(values)
            else:
                setattr(self, name, mine + theirs)


def rate_line(label: str, wins: int, n: int) -> str:
    """``label: wins/n = rate  (95% Wilson low .. high)``."""
    low, high = wilson(wins, n)
    return f"{label}: {wins}/{n} = {wins / max(1, n):.1%}  (95% Wilson {low:.1%} .. {high:.1%})"


def time_line(label: str, seconds: list[float]) -> str:
    """``decision time label: n=… p50 … ms p95 … ms max … ms``."""
    return (
        f"decision time {label}: n={len(seconds)}"
        f" p50 {percentile(seconds, 0.5) * 1e3:.2f} ms"
        f" p95 {percentile(seconds, 0.95) * 1e3:.2f} ms"
        f" max {max(seconds, default=0.0) * 1e3:.2f} ms"
    )
