"""What an ended Rommé match leaves behind for its owner: one ``match_results`` row.

The row goes through `webapp.ranking.record_result`, the one way any game's end is counted
(statistics, ranking points for a win, the totals). Counts that only mean something for Gin
Rummy (gins, undercuts, knocks) are 0; each hand's ending and penalties are in ``hand_scores``.
"""

from __future__ import annotations

from typing import Any

import romme_engine as romme
from webapp import ranking
from webapp.models import ROMME, MatchResult, Outcome, utcnow
from webapp.store import MatchRecord

PERSON = 0


def _hand_scores(results: list[romme.HandResult]) -> list[dict[str, Any]]:
    return [
        {"end": str(r.end), "winner": r.winner, "penalties": list(r.penalties)}
        for r in results
    ]


def outcome_of(game: romme.Match) -> Outcome:
    """Won (alone or sharing the lowest total), lost, or abandoned (no standing yet)."""
    if game.standing is None:
        return Outcome.ABANDONED
    return Outcome.WON if PERSON in game.standing.winners else Outcome.LOST


def statistics(record: MatchRecord, game: romme.Match) -> MatchResult:
    """The owner's statistics row for an ended (or abandoned) Rommé match."""
    assert record.owner_user_id is not None
    totals = game.scores
    others = [t for seat, t in enumerate(totals) if seat != PERSON]
    return MatchResult(
        match_id=record.id,
        user_id=record.owner_user_id,
        game=ROMME,
        ruleset=record.ruleset,
        difficulty=record.lowest_difficulty,
        outcome=str(outcome_of(game)),
        score=totals[PERSON],
        opponent_score=min(others),
        hands=len(game.results),
        hands_won=sum(1 for r in game.results if r.winner == PERSON),
        gins=0,
        undercuts_given=0,
        undercuts_received=0,
        knocks=0,
        knock_deadwood=0,
        hand_scores=_hand_scores(game.results),
        finished_at=record.finished_at or utcnow(),
        opponents=game.players - 1,
    )


def record_end(record: MatchRecord, game: romme.Match) -> None:
    """Count an owned match that just ended (finished or abandoned); nothing for a guest's.
    The caller commits."""
    if record.owner_user_id is None:
        return
    ranking.record_result(statistics(record, game))
