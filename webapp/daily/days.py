"""A daily's day: its secret seed and each board's par, made once when the day is first asked
for (a page, or ``flask daily-open`` ahead of the day), whatever races.

The seed is drawn from the operating system's randomness like every match's; its SHA-256 is
shown from the day's opening and the seed itself once the day has closed. Par (标准) is the
expert's own result in the person's seat on each board against the same computer: the day's
boards played through by the expert, every decision drawn as on the person's table
(`webapp.matches.daily_choice`), so the par is the result a person making the expert's
moves gets.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import date

from webapp import games, matches
from webapp.daily.kept import kept
from webapp.extensions import db
from webapp.games import Game
from webapp.models import PERSON, DailyDay
from webapp.statistics.totals import dialect_insert

SEED_BITS = 128


def pars(game: Game, seed: str) -> list[int]:
    """Each board's result of the par level in the person's seat (`Daily.par_level`)."""
    daily = game.daily
    assert daily is not None
    match = daily.deal(seed)
    for _step in range(matches.MAX_COMPUTER_STEPS * daily.boards):
        if match.is_over:
            return list(daily.results(match))
        seat = match.turn
        if seat is None:
            match.apply(PERSON, game.next_hand())
            continue
        level = daily.par_level if seat == PERSON else daily.level
        match.apply(seat, matches.daily_choice(game, match, seat, level))
    raise RuntimeError("the par players did not finish the day's boards")


def open_day(game: Game, day: date) -> DailyDay:
    """The day's row, made now if nobody made it yet (``INSERT … ON CONFLICT DO NOTHING``:
    of two requests at once one seed wins and both read it); commits when it makes one. The
    insert is a statement complete in itself, so ``/daily`` may make it while it reads in
    AUTOCOMMIT."""
    found: DailyDay | None = db.session.get(DailyDay, (game.key, day))
    if found is not None:
        return found
    seed = f"{secrets.randbits(SEED_BITS):032x}"
    table = DailyDay.__table__
    db.session.execute(
        dialect_insert(table)
        .values(game=game.key, day=day, seed=seed, pars=pars(game, seed))
        .on_conflict_do_nothing(index_elements=["game", "day"])
    )
    db.session.commit()
    made = db.session.get(DailyDay, (game.key, day), populate_existing=True)
    assert made is not None, "the day's row was just made, by this request or another"
    return made


@dataclass(frozen=True, slots=True)
class Day:
    """What never changes of a game's day once it is made."""

    game: str
    day: date
    seed: str
    pars: tuple[int, ...]


def facts(game: Game, day: date) -> Day:
    """The game's day, made now if it is not yet (kept in the process: `webapp.daily.kept`)."""
    def made() -> Day:
        row = open_day(game, day)
        return Day(row.game, row.day, row.seed, tuple(row.pars))

    found = kept(("day", game.key, day), made)
    assert found is not None
    return found


def open_all(day: date) -> list[Day]:
    """Every game's day (`games.dailies`)."""
    return [facts(game, day) for game in games.dailies()]
