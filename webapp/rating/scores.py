"""The person's score against each computer seat of one ended match, read from its result row.

Read from the fields of a ``match_results`` row alone, so an update made as a match ends and a
replay of the recorded results see the same scores. A board with one opponent (Gin Rummy,
胡牌制): a won match is a win, a lost or abandoned one a loss. On a board scored by totals
(`webapp.games.Board.by_totals`: Rommé) the person meets every computer seat by the final
totals, which are the sums of the hands' penalties (lower wins, equal draws); an abandoned
match is a loss against every seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import ColumnElement, and_, case

from webapp import games
from webapp.models import MatchResult, Outcome
from webapp.rating.glicko import DRAW, LOSS, WIN

PERSON = 0


def _compared(mine: int, theirs: int) -> float:
    """A Rommé result by penalty totals: the lower total wins."""
    if mine < theirs:
        return WIN
    return DRAW if mine == theirs else LOSS


def romme_totals(hand_scores: Sequence[Mapping[str, Any]], seats: int) -> list[int]:
    """Each seat's penalty total over the hands recorded in ``hand_scores``."""
    return [sum(int(hand["penalties"][seat]) for hand in hand_scores) for seat in range(seats)]


def match_scores(
    game: str, outcome: str, hand_scores: Sequence[Mapping[str, Any]], computers: int
) -> list[float]:
    """The person's score against each of ``computers`` computer seats."""
    if outcome == Outcome.ABANDONED:
        return [LOSS] * computers
    if game not in games.boards_by_totals():
        return [WIN if outcome == Outcome.WON else LOSS]
    totals = romme_totals(hand_scores, computers + 1)
    return [_compared(totals[PERSON], totals[seat]) for seat in range(1, computers + 1)]


def deciding_hands() -> ColumnElement[Any]:
    """``match_results.hand_scores`` where `match_scores` reads them, else NULL: only a finished
    match on a board scored by totals says by its hands who beat whom (the rest are not fetched)."""
    r = MatchResult.__table__.c
    by_totals = and_(r.game.in_(games.boards_by_totals()), r.outcome != Outcome.ABANDONED)
    return case((by_totals, r.hand_scores))
