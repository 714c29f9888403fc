"""The accuracy trend of a player's recent matches: the geometry of a line chart, written out
as SVG by ``templates/review/_trend.html`` (no JavaScript), on the points chart's canvas.

One dot per reviewed match, oldest on the left, evenly spaced (matches, not days: a trend of
play, whatever the gaps between sessions); the vertical axis is accuracy, 0 to 100.
"""

from __future__ import annotations

from webapp.board.chart import BOTTOM, HEIGHT, LEFT, RIGHT, TOP, WIDTH, Chart, Tick
from webapp.review.store import MatchAccuracy
from webapp.time_zones import format_date

ACCURACY_TICKS = (0, 25, 50, 75, 100)


def accuracy_chart(series: list[MatchAccuracy]) -> Chart | None:
    """The chart of ``series`` (oldest first), or ``None`` when no match was reviewed."""
    if not series:
        return None
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    last = len(series) - 1

    def x(index: int) -> float:
        return round(LEFT + (index / last if last else 0.5) * plot_w, 1)

    def y(accuracy: float) -> float:
        return round(TOP + plot_h - accuracy / 100 * plot_h, 1)

    dots = [(x(i), y(m.accuracy)) for i, m in enumerate(series)]
    path = " ".join(f"{'M' if i == 0 else 'L'}{dx},{dy}" for i, (dx, dy) in enumerate(dots))
    x_ticks = [Tick(dots[0][0], format_date(series[0].finished_at))]
    if last:
        x_ticks.append(Tick(dots[-1][0], format_date(series[-1].finished_at)))
    y_ticks = [Tick(y(value), str(value)) for value in ACCURACY_TICKS]
    return Chart(WIDTH, HEIGHT, path, dots, y_ticks, x_ticks)
