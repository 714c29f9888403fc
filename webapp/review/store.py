"""Kept reviews: one ``hand_reviews`` row per match and hand, written once, read many times.

A row holds the encoded review (the game's ``Review.encode``, `webapp.games`) and its
figures (``Review.tally``), the person's result and the hand's luck (``Review.luck``) in
columns, so that a match's summary and a player's accuracy trend
are sums over rows, never decoding. The match's game says which hook encodes and decodes.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, ScalarSelect, Select, bindparam, case, func, select
from sqlalchemy.exc import IntegrityError

from engine_common.luck import HandLuck
from webapp import games
from webapp.extensions import db
from webapp.models import HandReviewRow, MatchResult
from webapp.models import Match as MatchRow
from webapp.privacy import mark_private
from webapp.review.summary import KeptHand, summary_of

_ROWS = HandReviewRow.__table__
TREND_MATCHES = 20
"""The player page's accuracy trend looks at the last this many ended matches of the games
with reviews (`webapp.games.reviewed_boards`)."""


def kept_review(match_id: str, number: int) -> tuple[Any, HandLuck | None] | None:
    """The kept review of hand ``number`` and its luck (None when not measured), or ``None``
    when none was kept yet.

    A kept review that no longer reads (``InvalidInputError``) is the caller's to handle.
    """
    mark_private()
    found = db.session.execute(
        select(_ROWS.c.review, MatchRow.game, *_LUCK)
        .join(MatchRow, MatchRow.id == _ROWS.c.match_id)
        .where(_ROWS.c.match_id == match_id, _ROWS.c.hand == number)
    ).one_or_none()
    if found is None:
        return None
    return _hook(found.game).decode(found.review), _luck(found[2:])


def keep_review(match_id: str, review: Any, points: int | None = None,
                luck: HandLuck | None = None) -> None:
    """Store ``review`` of a hand of match ``match_id``, with the person's result in points
    and the hand's luck when measured, and commit; a review already kept (another request
    computed it first) is left as it is: reviews never change."""
    hook = _hook(db.session.scalars(select(MatchRow.game).where(MatchRow.id == match_id)).one())
    tally = hook.tally(review)
    row = {
        "match_id": match_id,
        "hand": tally.number,
        "review": hook.encode(review),
        "decisions": tally.summary.decisions,
        "matched": tally.summary.matched,
        "points_lost": tally.summary.points_lost,
        "accuracy_sum": tally.accuracy_sum,
        "points": points,
    }
    if luck is not None:
        row.update(luck_deal=luck.deal, luck_own_draws=luck.own_draws,
                   luck_their_draws=luck.their_draws, luck_error=luck.error)
    try:
        db.session.execute(_ROWS.insert().values(**row))
        db.session.commit()
    except IntegrityError:
        db.session.rollback()


def kept_hands(match_id: str) -> dict[int, KeptHand]:
    """The figures of every hand of the match whose review is kept, by hand number."""
    mark_private()
    rows = db.session.execute(
        select(_ROWS.c.hand, _ROWS.c.decisions, _ROWS.c.matched, _ROWS.c.points_lost,
               _ROWS.c.accuracy_sum, _ROWS.c.points, *_LUCK)
        .where(_ROWS.c.match_id == match_id)
        .order_by(_ROWS.c.hand)
    )
    return {
        hand: KeptHand(summary_of(*figures[:4]), figures[4], _luck(figures[5:]))
        for hand, *figures in rows
    }


_LUCK = (_ROWS.c.luck_deal, _ROWS.c.luck_own_draws, _ROWS.c.luck_their_draws, _ROWS.c.luck_error)


def _luck(columns: Sequence[Any]) -> HandLuck | None:
    deal, own, theirs, error = columns
    return None if deal is None else HandLuck(deal, own, theirs, error)


def _hook(game: str) -> games.Review:
    """The review hook of the game ``game`` names; a game without one keeps no review."""
    hook = games.named(game).review
    if hook is None:
        raise LookupError(f"{game} has no review")
    return hook


@dataclass(frozen=True)
class MatchAccuracy:
    """A finished match of the player's: the accuracy of its reviewed decisions, and over
    its hands whose luck was measured (``measured`` of them) their result and luck."""

    match_id: str
    finished_at: datetime
    accuracy: float
    decisions: int
    measured: int = 0
    result: int = 0
    """The points of the measured hands to the player (won +, paid −)."""
    luck: float = 0.0

    @property
    def adjusted(self) -> float | None:
        """The luck-adjusted result of the measured hands; None when none was measured."""
        return self.result - self.luck if self.measured else None


def accuracy_trend(user_id: int, limit: int = TREND_MATCHES) -> list[MatchAccuracy]:
    """Those of the player's last ``limit`` ended matches of the games with reviews (Gin
    Rummy, 胡牌制, Rommé) that have a kept review, oldest first, with their accuracy and the
    result and luck of their hands whose luck was measured: one index range of
    ``match_results``, then the kept hands of those matches. Practice matches have no
    ``match_results`` row, so they never count."""
    mark_private()
    rows = db.session.execute(_accuracy_trend(limit), {"player": user_id}).all()
    return [
        MatchAccuracy(match_id, finished_at, float(total) / int(count), int(count),
                      int(measured), int(result or 0), float(luck or 0.0))
        for match_id, finished_at, total, count, measured, result, luck in rows
    ]


@functools.cache
def _accuracy_trend(limit: int) -> Select[Any]:
    """`accuracy_trend`'s statement about the bound ``player``, built once (a player page's
    read: Core columns, no ORM entities)."""
    r = MatchResult.__table__.c
    recent = (
        select(r.match_id, r.finished_at)
        .where(r.user_id == bindparam("player"), r.game.in_(games.reviewed_boards()))
        .order_by(r.finished_at.desc())
        .limit(limit)
        .subquery()
    )
    decisions = func.sum(_ROWS.c.decisions)
    measured = _ROWS.c.luck_deal.is_not(None) & _ROWS.c.points.is_not(None)
    luck = _ROWS.c.luck_deal + _ROWS.c.luck_own_draws + _ROWS.c.luck_their_draws
    return (
        select(recent.c.match_id, recent.c.finished_at, func.sum(_ROWS.c.accuracy_sum),
               decisions, func.count(case((measured, 1))),
               func.sum(case((measured, _ROWS.c.points))), func.sum(case((measured, luck))))
        .join(_ROWS, _ROWS.c.match_id == recent.c.match_id)
        .group_by(recent.c.match_id, recent.c.finished_at)
        .having(decisions > 0)
        .order_by(recent.c.finished_at)
    )


def trend_reviews(player: ColumnElement[int]) -> ScalarSelect[int]:
    """How many hand reviews are kept of the matches `accuracy_trend` looks at, as a scalar
    subquery about ``player`` (a bound parameter: the statement is built once): with the
    player's newest result it tells whether the trend changed (reviews are kept after a hand
    ends and never change)."""
    recent = (
        select(MatchResult.match_id)
        .where(MatchResult.user_id == player, MatchResult.game.in_(games.reviewed_boards()))
        .order_by(MatchResult.finished_at.desc())
        .limit(TREND_MATCHES)
    )
    return (
        select(func.count()).select_from(_ROWS).where(_ROWS.c.match_id.in_(recent))
        .scalar_subquery()
    )

