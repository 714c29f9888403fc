"""A board's spread of results after the close, drawn as an SVG histogram (no script): bars
of the board's tally, grouped into at most `BARS` equal ranges, with par and the reader's own
result marked. Everything is read from the board's tally, a few hundred rows at most."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import select

from webapp.extensions import db
from webapp.models import DailyTally

BARS = 16
WIDTH = 320
HEIGHT = 120
"""The drawing's own units (the SVG scales to the page's width)."""
LABEL_MARGIN = 14


@dataclass(frozen=True, slots=True)
class Bar:
    low: int
    high: int
    players: int
    x: float
    height: float


@dataclass(frozen=True, slots=True)
class Chart:
    board: int
    par: int
    mine: int | None
    field: int
    bars: list[Bar]
    bar_width: float
    par_x: float
    mine_x: float | None

    @property
    def par_label_x(self) -> float:
        """Where the word "Par" stands: over its line, but kept inside the drawing."""
        return min(max(self.par_x, LABEL_MARGIN), WIDTH - LABEL_MARGIN)

    @property
    def mine_label_x(self) -> float | None:
        return None if self.mine_x is None else min(max(self.mine_x, LABEL_MARGIN),
                                                     WIDTH - LABEL_MARGIN)


Tallies = dict[int, list[tuple[int, int]]]
"""A day's tallies: each board's ``(result, players)`` rows, lowest result first."""


def tallies(game: str, day: date) -> Tallies:
    """The day's tallies, read at once."""
    table = DailyTally.__table__
    rows: Tallies = {}
    for board, result, players in db.session.execute(
        select(table.c.board, table.c.result, table.c.players)
        .where(table.c.game == game, table.c.day == day)
        .order_by(table.c.board, table.c.result)
    ):
        rows.setdefault(int(board), []).append((int(result), int(players)))
    return rows


def charts(counts: Tallies, pars: tuple[int, ...], mine: dict[int, int]) -> list[Chart]:
    """Every board's chart of the day."""
    return [chart(number, counts.get(number, []), par, mine.get(number))
            for number, par in enumerate(pars, start=1)]


def chart(board: int, rows: list[tuple[int, int]], par: int, mine: int | None) -> Chart:
    """One board's bars from its tally's ``(result, players)`` rows."""
    marks = [par] + ([] if mine is None else [mine])
    low = min([r for r, _ in rows] + marks)
    high = max([r for r, _ in rows] + marks)
    step = max(1, -(-(high - low + 1) // BARS))
    counts = [0] * (-(-(high - low + 1) // step))
    for result, players in rows:
        counts[(result - low) // step] += players
    tallest = max(counts + [1])
    width = WIDTH / len(counts)

    def x_of(value: int) -> float:
        return round((value - low + 0.5) / (step * len(counts)) * WIDTH, 1)

    bars = [
        Bar(low + i * step, low + (i + 1) * step - 1, n, round(i * width, 1),
            round(HEIGHT * n / tallest, 1))
        for i, n in enumerate(counts)
    ]
    return Chart(board, par, mine, sum(n for _, n in rows), bars, round(width, 1),
                 x_of(par), None if mine is None else x_of(mine))
