"""What an ended Rommé match leaves behind for its owner: one ``match_results`` row.

The row goes through `webapp.statistics.ranking.record_result`, the one way any game's end is
counted (statistics, ranking points for a win, the totals). Rommé declares no statistics of its own
(`webapp.games.Game.counted`); each hand's ending and penalties are in ``hand_scores``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import romme_engine as romme
from webapp.models import PERSON, ROMME, MatchResult, Outcome, utcnow
from webapp.store import MatchRecord


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
        statistics={},
        hand_scores=_hand_scores(game.results),
        finished_at=record.finished_at or utcnow(),
        opponents=game.players - 1,
    )


@dataclass(frozen=True)
class RommeHand:
    """One hand of a recorded match from the owner's seat, for the player page's table."""

    end: str
    went_out: bool
    paid: int


def hand_rows(hand_scores: list[dict[str, Any]]) -> list[RommeHand]:
    """The player page's hand-by-hand table: how each hand ended, whether the owner went out,
    what the owner paid (``hand_scores`` entries: ``end``, ``winner``, ``penalties``)."""
    return [
        RommeHand(str(h["end"]), h["winner"] == PERSON, int(h["penalties"][PERSON]))
        for h in hand_scores
    ]
