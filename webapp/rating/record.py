"""A rated ending: the owner's rating on the match's board moves once, as the match is counted.

`record` runs inside `webapp.statistics.ranking.record_result`, in the transaction that writes the
match's ``match_results`` row; that row's key is the match, so a second recording of a match fails
before it gets here and its whole transaction rolls back: the rating moves exactly once per
ended match (and ``rating_updates`` is keyed by the match as well). In that transaction:

1. The sweep: listed players of the board whose last match is older than
   `standing.INACTIVE_AFTER` leave the ladder (a few at a time, skipping rows another
   transaction holds). The board subtracts any it finds not swept yet, so this keeps that
   correction small; it is not needed for it to be right.
2. The owner's rating is read and locked (``FOR UPDATE``), or starts at `glicko.START`; its
   deviation grows for the time since their last rated match (`webapp.rating.period.before`).
3. One Glicko-2 period against the level played (`webapp.rating.period`).
4. The rating, the update's row and the ladder's moves are written, the ladder's rungs in one
   order by every writer, so two endings never wait on each other in a cycle; then, when any
   rung moved, the ladder's version (`webapp.rating.ladder_version`), last.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any

from sqlalchemy import and_, bindparam, insert, select, update

from webapp.extensions import db
from webapp.models import MatchResult, PlayerRating, RatingLadder, RatingUpdate, User, utcnow
from webapp.rating import ladder_version, period, standing
from webapp.rating.glicko import START, Rating
from webapp.statistics.totals import dialect_insert

SWEEP = 100
"""At most this many inactive players leave the ladder per ending."""

_RATINGS = PlayerRating.__table__
_LADDER = RatingLadder.__table__
_c = _RATINGS.c

# The statements are built once (as `webapp.store` does): one ending runs each once, and a
# statement made anew per ending costs SQLAlchemy a cache-key walk and, for a multi-row
# VALUES, a compilation.
# Parameters of a WHERE may not bear a column's name in an UPDATE: hence ``p_``.
_INACTIVE = and_(
    _c.game == bindparam("p_game"), _c.listed, _c.last_played < bindparam("p_since")
)
_SWEEP = (
    update(_RATINGS)
    .where(
        _INACTIVE,
        _c.user_id.in_(
            select(_c.user_id)
            .where(_INACTIVE)
            .order_by(_c.last_played)
            .limit(SWEEP)
            .with_for_update(skip_locked=True)
            .scalar_subquery()
        ),
    )
    .values(listed=False)
    .returning(_c.shown)
)
_KEY = and_(_c.user_id == bindparam("p_user"), _c.game == bindparam("p_game"))
_READ = (
    select(_c.rating, _c.rd, _c.volatility, _c.shown, _c.listed, _c.last_played)
    .where(_KEY)
    .with_for_update()
)
# Both take the changed columns as parameters of their own names.
_FIRST = insert(_RATINGS).values(
    matches=1,
    username_key=select(User.username_key)
    .where(User.id == bindparam("p_user"))
    .scalar_subquery(),
)
_NEXT = update(_RATINGS).where(_KEY).values(matches=_c.matches + 1)
_UPDATE_ROW = insert(RatingUpdate.__table__)


@cache
def _ladder_move(dialect: str) -> Any:
    """One rung's move, an upsert in ``dialect``'s words (run once per moved rung)."""
    upsert = dialect_insert(_LADDER, dialect)
    return upsert.on_conflict_do_update(
        index_elements=["game", "shown"],
        set_={"players": _LADDER.c.players + upsert.excluded.players},
    )


def record(result: MatchResult) -> Rating:
    """Move ``result``'s owner's rating on its board by this one ended match; return the
    rating after it. The caller commits (`webapp.statistics.ranking.record_result`)."""
    connection = db.session.connection()
    now = utcnow()
    moves: Counter[int] = Counter()
    swept = connection.execute(
        _SWEEP, {"p_game": result.game, "p_since": standing.active_since(now)}
    )
    for shown in swept.scalars():
        moves[int(shown)] -= 1
    key = {"p_user": result.user_id, "p_game": result.game}
    kept = connection.execute(_READ, key).one_or_none()
    before = START if kept is None else period.before(
        Rating(kept.rating, kept.rd, kept.volatility), kept.last_played, result.finished_at
    )
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
        values.update(user_id=result.user_id, game=result.game)
    connection.execute(_FIRST if kept is None else _NEXT, {**key, **values})
    connection.execute(
        _UPDATE_ROW,
        {
            "match_id": result.match_id, "user_id": result.user_id, "game": result.game,
            "played_at": result.finished_at, "rating_before": before.rating,
            "rd_before": before.rd, "rating": after.rating, "rd": after.rd,
            "volatility": after.volatility,
        },
    )
    rungs = [
        {"game": result.game, "shown": rung, "players": change}
        for rung, change in sorted(moves.items())
        if change
    ]
    if rungs:
        # In rung order, so two endings never wait on each other's rungs in a cycle.
        connection.execute(_ladder_move(connection.dialect.name), rungs)
        ladder_version.bump(connection, [result.game])
    return after
@dataclass(frozen=True)
class Change:
    """A match's rating change, as the match-over page prints it: ``1500 → 1523``."""

    before: str
    after: str
    """Each a `standing.label`: ``"1530?"`` while provisional."""


def change_of(match_id: str) -> Change | None:
    """The rating change a match made, or ``None`` (a guest's match, or one not ended)."""
    u = RatingUpdate.__table__.c
    found = db.session.connection().execute(
        select(u.rating_before, u.rd_before, u.rating, u.rd).where(u.match_id == match_id)
    ).one_or_none()
    if found is None:
        return None
    return Change(
        standing.label(found.rating_before, found.rd_before),
        standing.label(found.rating, found.rd),
    )
