"""A rated ending: the owner's rating on the match's board moves once, as the match is counted.

`record` runs inside `webapp.ranking.record_result`, in the transaction that writes the match's
``match_results`` row; that row's key is the match, so a second recording of a match fails
before it gets here and its whole transaction rolls back: the rating moves exactly once per
ended match (and ``rating_updates`` is keyed by the match as well). In that transaction:

1. The sweep: listed players of the board whose last match is older than
   `standing.INACTIVE_AFTER` leave the ladder (a few at a time, skipping rows another
   transaction holds). The board subtracts any it finds not swept yet, so this keeps that
   correction small; it is not needed for it to be right.
2. The owner's rating is read and locked (``FOR UPDATE``), or starts at `glicko.START`.
3. One Glicko-2 period against the level played (`webapp.rating.period`).
4. The rating, the update's row and the ladder's moves are written, the ladder's rungs in one
   order by every writer, so two endings never wait on each other in a cycle.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime

from sqlalchemy import and_, insert, select, update

from webapp.extensions import db
from webapp.models import MatchResult, PlayerRating, RatingLadder, RatingUpdate, User, utcnow
from webapp.rating import period, standing
from webapp.rating.glicko import START, Rating
from webapp.totals import dialect_insert

SWEEP = 100
"""At most this many inactive players leave the ladder per ending."""

_RATINGS = PlayerRating.__table__
_LADDER = RatingLadder.__table__


def _sweep(game: str, now: datetime) -> list[int]:
    """Unlist up to `SWEEP` of the board's players found inactive; their shown ratings."""
    c = _RATINGS.c
    inactive = and_(c.game == game, c.listed, c.last_played < standing.active_since(now))
    chosen = (
        select(c.user_id)
        .where(inactive)
        .order_by(c.last_played)
        .limit(SWEEP)
        .with_for_update(skip_locked=True)
    )
    swept = db.session.connection().execute(
        update(_RATINGS)
        .where(inactive, c.user_id.in_(chosen.scalar_subquery()))
        .values(listed=False)
        .returning(c.shown)
    )
    return [int(shown) for shown in swept.scalars()]


def _move_on_ladder(game: str, moves: Counter[int]) -> None:
    rows = [
        {"game": game, "shown": shown, "players": change}
        for shown, change in sorted(moves.items())
        if change
    ]
    if not rows:
        return
    upsert = dialect_insert(_LADDER).values(rows)
    db.session.connection().execute(
        upsert.on_conflict_do_update(
            index_elements=["game", "shown"],
            set_={"players": _LADDER.c.players + upsert.excluded.players},
        )
    )


def record(result: MatchResult) -> None:
    """Move ``result``'s owner's rating on its board by this one ended match. The caller
    commits (`webapp.ranking.record_result`)."""
    connection = db.session.connection()
    c = _RATINGS.c
    moves: Counter[int] = Counter()
    now = utcnow()
    for shown in _sweep(result.game, now):
        moves[shown] -= 1
    key = and_(c.user_id == result.user_id, c.game == result.game)
    kept = connection.execute(
        select(c.rating, c.rd, c.volatility, c.shown, c.listed).where(key).with_for_update()
    ).one_or_none()
    before = START if kept is None else Rating(kept.rating, kept.rd, kept.volatility)
    after = period.after(before, result)
    if kept is not None and kept.listed:
        moves[kept.shown] -= 1
    # On the site a match ends now; an older finish (a test, a replay) is already inactive.
    listed = not after.provisional and result.finished_at >= standing.active_since(now)
    shown = standing.shown(after.rating)
    if listed:
        moves[shown] += 1
    values = {
        "rating": after.rating, "rd": after.rd, "volatility": after.volatility, "shown": shown,
        "last_played": result.finished_at, "listed": listed,
    }
    if kept is None:
        username_key = select(User.username_key).where(User.id == result.user_id)
        connection.execute(
            insert(_RATINGS).values(
                user_id=result.user_id, game=result.game, matches=1,
                username_key=username_key.scalar_subquery(), **values,
            )
        )
    else:
        connection.execute(update(_RATINGS).where(key).values(matches=c.matches + 1, **values))
    connection.execute(
        insert(RatingUpdate.__table__).values(
            match_id=result.match_id, user_id=result.user_id, game=result.game,
            played_at=result.finished_at, rating_before=before.rating, rd_before=before.rd,
            rating=after.rating, rd=after.rd, volatility=after.volatility,
        )
    )
    _move_on_ladder(result.game, moves)
