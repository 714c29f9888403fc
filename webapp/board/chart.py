"""The geometry of the player page's charts over time; the template writes them out as SVG.

Points: a step line, the running total of ranking points jumping at each award and staying
flat between awards, the vertical axis from zero. The series may be the last awards only: the
line then starts at the total before the first one shown.

Rating: a line through the rating after each rated match, from the rating before the first
one when the chart reaches back to it, the vertical axis spanning the ratings shown in round
steps.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from markupsafe import Markup

from webapp.board.profile import PointsAt, RatingAt
from webapp.time_zones import format_date

WIDTH, HEIGHT = 600, 240
LEFT, RIGHT, TOP, BOTTOM = 48, 16, 16, 32  # margins for the axis labels
Y_TICKS = 4


@dataclass(frozen=True)
class Tick:
    position: float
    label: str


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    path: str
    """SVG path data of the step line."""
    dots: list[tuple[float, float]]
    y_ticks: list[Tick]
    x_ticks: list[Tick]
    left: int = LEFT
    right: int = WIDTH - RIGHT
    top: int = TOP
    bottom: int = HEIGHT - BOTTOM

    @property
    def dot_marks(self) -> Markup:
        """The dots as SVG circles, written here in one go: a hundred of them through the
        template's loop cost as much as the rest of a player page. Numbers only, nothing to
        escape."""
        return Markup("".join(
            f'\n  <circle class="dot" cx="{x}" cy="{y}" r="3.5"/>' for x, y in self.dots
        ))


def _nice_ceiling(value: int) -> int:
    """The smallest of 1, 2, 5 × 10ⁿ (times ``Y_TICKS``) at or above ``value``."""
    step = 1
    while True:
        for factor in (1, 2, 5):
            if step * factor * Y_TICKS >= value:
                return step * factor * Y_TICKS
        step *= 10


PLOT_W, PLOT_H = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM


class _Axes:
    """Time across from ``start`` to ``end``; values up from ``low`` to ``high``."""

    def __init__(self, start: datetime, end: datetime, low: float, high: float) -> None:
        self.start, self.span = start, (end - start).total_seconds()
        self.low, self.high = low, high

    def x(self, at: datetime) -> float:
        share = (at - self.start).total_seconds() / self.span if self.span else 0.5
        return round(LEFT + share * PLOT_W, 1)

    def y(self, value: float) -> float:
        return round(TOP + PLOT_H - (value - self.low) / (self.high - self.low) * PLOT_H, 1)

    def y_ticks(self) -> list[Tick]:
        step = (self.high - self.low) / Y_TICKS
        values = [round(self.low + step * i) for i in range(Y_TICKS + 1)]
        return [Tick(self.y(v), str(v)) for v in values]

    def x_ticks(self, end: datetime) -> list[Tick]:
        ticks = [Tick(self.x(self.start), format_date(self.start))]
        if self.span:
            ticks.append(Tick(self.x(end), format_date(end)))
        return ticks


def points_chart(series: list[PointsAt]) -> Chart | None:
    """The chart of ``series`` (running totals by time), or ``None`` when there is nothing."""
    if not series:
        return None
    start, end = series[0].at, series[-1].at
    top_value = _nice_ceiling(series[-1].total)
    axes = _Axes(start, end, 0, top_value)
    dots = [(axes.x(p.at), axes.y(p.total)) for p in series]
    baseline = axes.y(series[0].total - series[0].points)
    commands = [f"M{dots[0][0]},{baseline}"]
    previous_y = baseline
    for dot_x, dot_y in dots:
        commands.append(f"L{dot_x},{previous_y}")
        commands.append(f"L{dot_x},{dot_y}")
        previous_y = dot_y
    commands.append(f"L{LEFT + PLOT_W},{previous_y}")
    return Chart(WIDTH, HEIGHT, " ".join(commands), dots, axes.y_ticks(), axes.x_ticks(end))


RATING_STEPS = (10, 25, 50, 100, 200, 500)
"""The rating axis's step between ticks: the first that lets four steps span the series."""


def rating_chart(series: list[RatingAt], start: RatingAt | None = None) -> Chart | None:
    """The chart of ``series`` (the rating after each match), or ``None`` when there is none;
    from ``start`` (the rating before the first match, when the series holds it), so a single
    match draws a line from where the player began."""
    if not series:
        return None
    shown = series if start is None else [start, *series]
    lowest, highest = min(p.rating for p in shown), max(p.rating for p in shown)
    for step in RATING_STEPS:
        low = step * (lowest // step)
        if low + step * Y_TICKS >= highest:
            break
    axes = _Axes(series[0].at, series[-1].at, low, low + step * Y_TICKS)
    # The start is at the first match: the line rises (or falls) from it there, as the
    # points chart's step does from the total before its first award.
    dots = [(axes.x(p.at), axes.y(p.rating)) for p in shown]
    path = " ".join(f"{'M' if i == 0 else 'L'}{dx},{dy}" for i, (dx, dy) in enumerate(dots))
    return Chart(WIDTH, HEIGHT, path, dots, axes.y_ticks(), axes.x_ticks(series[-1].at))
