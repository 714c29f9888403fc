"""``flask puzzles recount-ratings``: every rated attempt replayed in the order it was kept,
from each puzzle's starting rating (its first rated attempt's rating before) and each player's
`glicko.START`, and compared with the kept ratings: attempts' and players' and puzzles'. A
difference means a write went wrong; it is listed, never repaired silently."""

from __future__ import annotations

import math
from datetime import datetime

from sqlalchemy import select

from webapp.extensions import db
from webapp.models import Puzzle, PuzzleAttempt, PuzzleRating
from webapp.puzzles.rating import player_before, rated
from webapp.rating.glicko import START, Rating

_A = PuzzleAttempt.__table__.c


def differences() -> list[str]:
    players: dict[int, tuple[Rating, datetime]] = {}
    puzzles: dict[int, Rating] = {}
    found: list[str] = []
    attempts = db.session.execute(
        select(_A.id, _A.user_id, _A.puzzle_id, _A.played_at, _A.correct, _A.rating, _A.rd,
               _A.volatility, _A.puzzle_rating_before, _A.puzzle_rd_before, _A.puzzle_rating,
               _A.puzzle_rd, _A.puzzle_volatility)
        .where(_A.rated).order_by(_A.id)
    )
    for a in attempts:
        puzzle = puzzles.get(a.puzzle_id) or Rating(
            a.puzzle_rating_before, a.puzzle_rd_before, START.volatility)
        kept = players.get(a.user_id)
        player = player_before(*kept, a.played_at) if kept else START
        player, puzzle = rated(player, puzzle, a.correct)
        if not (_same(player, a.rating, a.rd, a.volatility)
                and _same(puzzle, a.puzzle_rating, a.puzzle_rd, a.puzzle_volatility)):
            found.append(f"attempt {a.id}")
        players[a.user_id], puzzles[a.puzzle_id] = (player, a.played_at), puzzle
    for user, rating, rd, volatility in db.session.execute(select(
            PuzzleRating.user_id, PuzzleRating.rating, PuzzleRating.rd, PuzzleRating.volatility)):
        if user in players and not _same(players[user][0], rating, rd, volatility):
            found.append(f"player {user}")
    for puzzle_id, rating, rd, volatility in db.session.execute(select(
            Puzzle.id, Puzzle.rating, Puzzle.rd, Puzzle.volatility).where(Puzzle.id.in_(puzzles))):
        if not _same(puzzles[puzzle_id], rating, rd, volatility):
            found.append(f"puzzle {puzzle_id}")
    return found


def _same(expected: Rating, *kept: float) -> bool:
    return all(math.isclose(value, against, abs_tol=1e-9) for value, against in
               zip((expected.rating, expected.rd, expected.volatility), kept, strict=True))
