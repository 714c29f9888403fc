"""The geometry of the points-over-time chart; the template writes it out as SVG.

A step line: the running total of ranking points jumps at each award and stays flat
between awards. The horizontal axis is time, the vertical one points, from zero. The series
may be the last awards only: the line then starts at the total before the first one shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from webapp.board.profile import PointsAt

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


def _nice_ceiling(value: int) -> int:
    """The smallest of 1, 2, 5 × 10ⁿ (times ``Y_TICKS``) at or above ``value``."""
    step = 1
    while True:
        for factor in (1, 2, 5):
            if step * factor * Y_TICKS >= value:
                return step * factor * Y_TICKS
        step *= 10


def points_chart(series: list[PointsAt]) -> Chart | None:
    """The chart of ``series`` (running totals by time), or ``None`` when there is nothing."""
    if not series:
        return None
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    start, end = series[0].at, series[-1].at
    span = (end - start).total_seconds()
    top_value = _nice_ceiling(series[-1].total)

    def x(at: datetime) -> float:
        share = (at - start).total_seconds() / span if span else 0.5
        return round(LEFT + share * plot_w, 1)

    def y(total: int) -> float:
        return round(TOP + plot_h - total / top_value * plot_h, 1)

    dots = [(x(p.at), y(p.total)) for p in series]
    baseline = y(series[0].total - series[0].points)
    commands = [f"M{dots[0][0]},{baseline}"]
    previous_y = baseline
    for dot_x, dot_y in dots:
        commands.append(f"L{dot_x},{previous_y}")
        commands.append(f"L{dot_x},{dot_y}")
        previous_y = dot_y
    commands.append(f"L{LEFT + plot_w},{previous_y}")
    y_ticks = [
        Tick(y(top_value * i // Y_TICKS), str(top_value * i // Y_TICKS)) for i in range(Y_TICKS + 1)
    ]
    x_ticks = [Tick(x(start), start.strftime("%Y-%m-%d"))]
    if span:
        x_ticks.append(Tick(x(end), end.strftime("%Y-%m-%d")))
    return Chart(WIDTH, HEIGHT, " ".join(commands), dots, y_ticks, x_ticks)
