"""The puzzle rating: each rated attempt is one Glicko-2 period for the player and one for the
puzzle, each against the other's rating before it (Lichess's way), with the site's Glicko-2
(`webapp.rating.glicko`). It is apart from the game ratings and from points.

Only accounts are rated, and only on their first attempt at a puzzle: an answer seen once is
known, and a second try would rate memory (guests and later attempts are kept unrated, for the
错题本's days and the streaks). The player's deviation grows for the time since their last
rated attempt (`glicko.away`), as a game rating's does; a puzzle's does not (it is a position,
not a person whose form changes).

A new puzzle starts from an estimate (docs/puzzles.md): the fixed rating of the weakest
computer level whose own move is the answer (`webapp.rating.levels`: easy, then normal), or the
expert's when neither finds it; deviation `START_RD`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from webapp.rating.glicko import LOSS, START, WIN, Rating, away, updated
from webapp.rating.levels import level

START_RD = 200.0
"""A new puzzle's deviation: its estimate is a guess, but a better one than nothing (Lichess
starts every puzzle at 1500 with a deviation of 500 on its scale)."""
HARDEST = "expert"


def estimate(board: str, found_by: Sequence[str]) -> Rating:
    """A new puzzle's rating: the weakest level of ``found_by`` (the levels whose own move is
    the answer, weakest first) on ``board``, or the expert's."""
    weakest = found_by[0] if found_by else HARDEST
    return Rating(level(board, weakest).rating, START_RD, START.volatility)


def player_before(kept: Rating | None, last_played: datetime | None, now: datetime) -> Rating:
    """The player's rating going into an attempt at ``now``: `START` before their first."""
    if kept is None or last_played is None:
        return START
    return away(kept, now - last_played)


def rated(player: Rating, puzzle: Rating, correct: bool) -> tuple[Rating, Rating]:
    """Both ratings after one attempt: the player wins when the answer is right, the puzzle
    when it is wrong."""
    score = WIN if correct else LOSS
    return updated(player, [(puzzle, score)]), updated(puzzle, [(player, 1.0 - score)])
