"""What an ended match leaves behind for its owner: statistics, and ranking points for a win.

Both are written in the transaction that ends the match (the caller commits), so a match is
counted exactly when it ends; so are the owner's totals (`webapp.totals`), which the boards
read, and the owner's skill rating (`webapp.rating`). ``point_awards.match_id`` and
``match_results.match_id`` are unique: were a second writer ever to get this far, its whole
transaction — the match save included — would fail instead of counting twice.

Glossary
    ranking points   points on the leaderboard, per won match: easy 10, normal 30, expert 100
    owner            the account the match belongs to; guests' matches have none and count nowhere
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

import gin_engine as engine
from webapp import totals
from webapp.extensions import db
from webapp.models import GIN, HU, MatchResult, Outcome, PointAward, utcnow
from webapp.points import RANKING_POINTS
from webapp.rating import record as rating
from webapp.store import MatchRecord

PERSON, COMPUTER = 0, 1


def easier(a: str, b: str) -> str:
    """The easier of two difficulties (the one worth fewer ranking points)."""
    return min(a, b, key=lambda level: RANKING_POINTS.get(level, 0))


def _hand_scores(results: list[engine.HandResult]) -> list[dict[str, Any]]:
    return [
        {
            "end": str(r.end),
            "you": r.points if r.scorer == PERSON else 0,
            "computer": r.points if r.scorer == COMPUTER else 0,
        }
        for r in results
    ]


def game_key(ruleset: engine.Ruleset) -> str:
    """The boards' game key of a match played under ``ruleset``: 胡牌制 or the standard game."""
    return HU if ruleset.scoring is engine.Scoring.HU else GIN


# Which hand ends count as the owner's gins, undercuts and plain knocks. 胡牌制 has the same
# three: a 金胡 is its gin, a 诈胡 its undercut (the caller pays the defender), a 米胡 its knock.
_GIN_ENDS = (engine.HandEnd.GIN, engine.HandEnd.JIN_HU)
_UNDERCUT_ENDS = (engine.HandEnd.UNDERCUT, engine.HandEnd.ZHA_HU)
_KNOCK_ENDS = (*_UNDERCUT_ENDS, engine.HandEnd.KNOCK, engine.HandEnd.MI_HU)


def statistics(record: MatchRecord, game: engine.Match, outcome: Outcome) -> MatchResult:
    """The owner's statistics row for a match ending with ``outcome`` (胡牌制: gins are 金胡,
    undercuts 诈胡, knocks the 米胡 calls whether they held or not)."""
    results = game.results
    own_knocks = [r for r in results if r.knocker == PERSON and r.end in _KNOCK_ENDS]
    totals = game.settlement.totals if game.settlement is not None else game.scores
    assert record.owner_user_id is not None
    return MatchResult(
        match_id=record.id,
        user_id=record.owner_user_id,
        game=game_key(game.ruleset),
        ruleset=record.ruleset,
        difficulty=record.lowest_difficulty,
        outcome=str(outcome),
        score=totals[PERSON],
        opponent_score=totals[COMPUTER],
        hands=len(results),
        hands_won=sum(1 for r in results if r.scorer == PERSON),
        gins=sum(1 for r in results if r.end in _GIN_ENDS and r.knocker == PERSON),
        undercuts_given=sum(
            1 for r in results if r.end in _UNDERCUT_ENDS and r.scorer == PERSON
        ),
        undercuts_received=sum(
            1 for r in results if r.end in _UNDERCUT_ENDS and r.knocker == PERSON
        ),
        knocks=len(own_knocks),
        knock_deadwood=sum(r.knocker_deadwood for r in own_knocks),
        hand_scores=_hand_scores(results),
        finished_at=record.finished_at or utcnow(),
        opponents=1,
    )


def record_end(record: MatchRecord, game: engine.Match) -> None:
    """Add the statistics (and, for a win, the award) of an owned match that just ended.

    A finished match is won or lost by the settlement; any other ending is an abandon.
    Does nothing for a guest's match. The caller commits.
    """
    if record.owner_user_id is None:
        return
    settlement = game.settlement
    if settlement is None:
        outcome = Outcome.ABANDONED
    else:
        outcome = Outcome.WON if settlement.winner == PERSON else Outcome.LOST
    record_result(statistics(record, game, outcome))


def record_result(row: MatchResult) -> None:
    """Add one ended match's statistics ``row``, its award for a win, its owner's totals and
    the move of its owner's rating on its board (`webapp.rating.record`).

    The one way a match's end is counted (`record_end` for Gin Rummy; any game's ending goes
    through here with its own ``row.game``). The caller commits.
    """
    db.session.add(row)
    points = RANKING_POINTS[row.difficulty] if row.outcome == Outcome.WON else 0
    if points:
        db.session.add(
            PointAward(
                match_id=row.match_id,
                user_id=row.user_id,
                difficulty=row.difficulty,
                points=points,
                awarded_at=row.finished_at,
            )
        )
    # A second recording of this match fails here, on the unique match_id, before the totals.
    db.session.flush()
    totals.count(row, points)
    rating.record(row)


def points_awarded(match_id: str) -> int | None:
    """The ranking points a match earned, or ``None`` if it earned none."""
    return db.session.scalar(select(PointAward.points).where(PointAward.match_id == match_id))
