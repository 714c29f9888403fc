"""An answer to a puzzle, kept once: its attempt row and, for an account's first attempt at
that puzzle, both ratings moved (`webapp.puzzles.rating`) and the streak (连对) counted.

The puzzle page's form carries the attempt's token; the row is keyed by it, so answers racing
with one token (a double tap, a resubmitted form) make one attempt and move a rating once. In
the transaction, the player's rating row is locked first, then the puzzle's row (``FOR
UPDATE``, one order for every writer, so two answers never wait on each other in a cycle); the
token is looked up under those locks, and the attempt is written before any rating, so a
racing twin that got past the look-up fails on the key and changes nothing.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import exists, insert, select, update
from sqlalchemy.exc import IntegrityError

from webapp.extensions import db
from webapp.models import Puzzle, PuzzleAttempt, PuzzleRating
from webapp.puzzles.rating import player_before, rated
from webapp.rating.glicko import START, Rating
from webapp.statistics.totals import dialect_insert

_P = Puzzle.__table__
_A = PuzzleAttempt.__table__
_R = PuzzleRating.__table__


def answer(puzzle_id: int, move: str, token: str, user_id: int | None, now: datetime) -> None:
    """Keep the answer ``move`` to puzzle ``puzzle_id`` made with ``token`` at ``now`` (a
    guest's when ``user_id`` is None) and commit; an answer already kept under ``token``
    changes nothing."""
    connection = db.session.connection()
    kept = None
    if user_id is not None:
        connection.execute(
            dialect_insert(_R).values(
                user_id=user_id, rating=START.rating, rd=START.rd, volatility=START.volatility,
                last_played=None, streak=0, best_streak=0,
            ).on_conflict_do_nothing(index_elements=["user_id"])
        )
        kept = connection.execute(
            select(_R.c.rating, _R.c.rd, _R.c.volatility, _R.c.last_played, _R.c.streak,
                   _R.c.best_streak).where(_R.c.user_id == user_id).with_for_update()
        ).one()
    puzzle = connection.execute(
        select(_P.c.answer, _P.c.rating, _P.c.rd, _P.c.volatility)
        .where(_P.c.id == puzzle_id).with_for_update()
    ).one()
    if connection.execute(select(exists().where(_A.c.token == token))).scalar():
        db.session.rollback()
        return
    correct = move == puzzle.answer
    row = {"token": token, "puzzle_id": puzzle_id, "user_id": user_id, "played_at": now,
           "day": now.date().isoformat(), "move": move, "correct": correct, "rated": False}
    if kept is not None and not connection.execute(select(exists().where(
        _A.c.user_id == user_id, _A.c.puzzle_id == puzzle_id, _A.c.rated
    ))).scalar():
        before = Rating(kept.rating, kept.rd, kept.volatility)
        player = player_before(before, kept.last_played, now)
        theirs = Rating(puzzle.rating, puzzle.rd, puzzle.volatility)
        player_after, puzzle_after = rated(player, theirs, correct)
        row.update(
            rated=True, rating_before=player.rating, rd_before=player.rd,
            rating=player_after.rating, rd=player_after.rd, volatility=player_after.volatility,
            puzzle_rating_before=theirs.rating, puzzle_rd_before=theirs.rd,
            puzzle_rating=puzzle_after.rating, puzzle_rd=puzzle_after.rd,
            puzzle_volatility=puzzle_after.volatility,
        )
    try:
        connection.execute(insert(_A).values(**row))
    except IntegrityError:  # a twin with this token was kept meanwhile
        db.session.rollback()
        return
    if kept is not None:
        streak = kept.streak + 1 if correct else 0
        values: dict[str, object] = {"streak": streak,
                                     "best_streak": max(kept.best_streak, streak)}
        if row["rated"]:
            values.update(rating=row["rating"], rd=row["rd"], volatility=row["volatility"],
                          last_played=now)
            connection.execute(update(_P).where(_P.c.id == puzzle_id).values(
                rating=row["puzzle_rating"], rd=row["puzzle_rd"],
                volatility=row["puzzle_volatility"]))
        connection.execute(update(_R).where(_R.c.user_id == user_id).values(**values))
    db.session.commit()
