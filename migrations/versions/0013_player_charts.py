"""player charts: each player's last 100 awards and rating updates per board, kept, backfilled

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-03 18:00:00

``player_charts`` (user_id, game, awards, ratings): the player page's points and rating charts
on each board (``all``: every game's awards), written with each ended match from now on
(``webapp.charts``). Backfilled here from ``point_awards`` (with their matches' game) and
``rating_updates``, player by player in id order, each series sorted by its entries (time,
then values) and cut to the newest 100, as ``webapp.charts.rebuilt`` does; written out here so
the migration keeps working when that module changes later.
"""
import json
from datetime import datetime, timedelta, timezone

from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None

LENGTH = 100
ALL_GAMES = 'all'
BATCH = 10_000
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
COLUMNS = ('user_id', 'game', 'awards', 'ratings')

AWARDS = sa.table(
    'point_awards', sa.column('match_id', sa.String), sa.column('user_id', sa.Integer),
    sa.column('awarded_at', sa.DateTime(timezone=True)), sa.column('points', sa.Integer),
)
RESULTS = sa.table('match_results', sa.column('match_id', sa.String),
                   sa.column('game', sa.String))
UPDATES = sa.table(
    'rating_updates', sa.column('user_id', sa.Integer), sa.column('game', sa.String),
    sa.column('played_at', sa.DateTime(timezone=True)), sa.column('rating', sa.Double),
    sa.column('rd', sa.Double),
)


def _micros(at):
    """Microseconds since 1970 UTC; SQLite hands timestamps back without a zone (UTC)."""
    at = at if at.tzinfo else at.replace(tzinfo=timezone.utc)
    return (at - EPOCH) // timedelta(microseconds=1)


def _by_user(bind, query):
    """``query``'s rows (user first), grouped by user, in user order, streamed."""
    rows = bind.execute(query.execution_options(stream_results=True, yield_per=BATCH))
    user, found = None, []
    for row in rows:
        if row[0] != user:
            if found:
                yield user, found
            user, found = row[0], []
        found.append(tuple(row[1:]))
    if found:
        yield user, found


def _players(bind):
    """(user, {game: {'awards': [...], 'ratings': [...]}}) for every player with a chart."""
    a, r, u = AWARDS.c, RESULTS.c, UPDATES.c
    awards = _by_user(bind, sa.select(a.user_id, r.game, a.awarded_at, a.points)
                      .join(RESULTS, r.match_id == a.match_id).order_by(a.user_id))
    updates = _by_user(bind, sa.select(u.user_id, u.game, u.played_at, u.rating, u.rd)
                       .order_by(u.user_id))
    award, update = next(awards, None), next(updates, None)
    while award is not None or update is not None:
        user = min(found[0] for found in (award, update) if found is not None)
        series = {}
        if award is not None and award[0] == user:
            for game, at, points in award[1]:
                for board in (game, ALL_GAMES):
                    series.setdefault(board, {'awards': [], 'ratings': []})['awards'].append(
                        [_micros(at), points])
            award = next(awards, None)
        if update is not None and update[0] == user:
            for game, at, rating, rd in update[1]:
                series.setdefault(game, {'awards': [], 'ratings': []})['ratings'].append(
                    [_micros(at), rating, rd])
            update = next(updates, None)
        yield user, series


def _write(bind, rows):
    """PostgreSQL's COPY (a row per player and board in a backfill), else executemany."""
    if not rows:
        return
    if bind.dialect.name == 'postgresql':
        cursor = bind.connection.driver_connection.cursor()
        with cursor.copy(f"COPY player_charts ({', '.join(COLUMNS)}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        return
    target = sa.table('player_charts', *(sa.column(c) for c in COLUMNS))
    bind.execute(sa.insert(target), [dict(zip(COLUMNS, row)) for row in rows])


def upgrade():
    op.create_table(
        'player_charts',
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('game', sa.String(length=16), nullable=False),
        sa.Column('awards', sa.JSON(), nullable=False),
        sa.Column('ratings', sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'],
                                name=op.f('fk_player_charts_user_id_users'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('user_id', 'game', name=op.f('pk_player_charts')),
    )
    bind = op.get_bind()
    rows = []
    for user, series in _players(bind):
        for game, kept in sorted(series.items()):
            rows.append((user, game, json.dumps(sorted(kept['awards'])[-LENGTH:]),
                         json.dumps(sorted(kept['ratings'])[-LENGTH:])))
        if len(rows) >= BATCH:
            _write(bind, rows)
            rows = []
    _write(bind, rows)


def downgrade():
    op.drop_table('player_charts')
