"""The accuracy trend of a player's recent matches, and beside it their luck-adjusted results:
the geometry of two line charts, written out as SVG by ``templates/review/_trend.html`` (no
JavaScript), on the points chart's canvas.

One dot per reviewed match, oldest on the left, evenly spaced (matches, not days: a trend of
play, whatever the gaps between sessions). Accuracy's vertical axis is 0 to 100; the
luck-adjusted result's (the match's measured hands' points minus their luck) spans the values
shown and 0, symmetric, in round steps.
"""

from __future__ import annotations

from webapp.board.chart import BOTTOM, HEIGHT, LEFT, RIGHT, TOP, WIDTH, Y_TICKS, Chart, Tick
from webapp.review.store import MatchAccuracy
from webapp.time_zones import format_date

ACCURACY_TICKS = (0, 25, 50, 75, 100)


def accuracy_chart(series: list[MatchAccuracy]) -> Chart | None:
    """The accuracy chart of ``series`` (oldest first), or ``None`` when no match was
    reviewed."""
    if not series:
        return None
    return _line(series, [m.accuracy for m in series], 0.0, 100.0, ACCURACY_TICKS)


ADJUSTED_STEPS = (5, 10, 25, 50, 100, 250)
"""The luck-adjusted result axis's step between ticks: the first that lets two steps either
side of 0 span the values shown."""


def adjusted_chart(series: list[MatchAccuracy]) -> Chart | None:
    """The luck-adjusted results of those of ``series`` whose luck was measured, or ``None``
    when none was."""
    shown = [m for m in series if m.adjusted is not None]
    if not shown:
        return None
    values = [m.adjusted or 0.0 for m in shown]
    widest = max(abs(v) for v in values)
    step = next((s for s in ADJUSTED_STEPS if s * Y_TICKS / 2 >= widest), ADJUSTED_STEPS[-1])
    half = step * Y_TICKS // 2
    ticks = tuple(range(-half, half + 1, step))
    return _line(shown, [max(-half, min(half, v)) for v in values], -half, half, ticks)


def _line(series: list[MatchAccuracy], values: list[float], low: float, high: float,
          ticks: tuple[int, ...]) -> Chart:
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    last = len(series) - 1

    def x(index: int) -> float:
        return round(LEFT + (index / last if last else 0.5) * plot_w, 1)

    def y(value: float) -> float:
        return round(TOP + plot_h - (value - low) / (high - low) * plot_h, 1)

    dots = [(x(i), y(v)) for i, v in enumerate(values)]
    path = " ".join(f"{'M' if i == 0 else 'L'}{dx},{dy}" for i, (dx, dy) in enumerate(dots))
    x_ticks = [Tick(dots[0][0], format_date(series[0].finished_at))]
    if last:
        x_ticks.append(Tick(dots[-1][0], format_date(series[-1].finished_at)))
    y_ticks = [Tick(y(value), str(value)) for value in ticks]
    return Chart(WIDTH, HEIGHT, path, dots, y_ticks, x_ticks)
