"""skill ratings: one Glicko-2 rating per player and board, backfilled from match_results

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02 10:00:00

Adds ``match_results.opponents`` (the computer seats the owner met: 1 in Gin Rummy; a Rommé
row's from its hands' penalties or its match's last snapshot), ``player_ratings`` (one rating per
player and board: rating, RD, volatility, the printed figure, matches, last match, whether
counted on the ladder), ``rating_ladder`` (per board, how many counted players print each
rating) and ``rating_updates`` (each ended match's rating before and after), and fills them
by replaying every recorded result in order, per player and board, by finish time.

The replay is written out here, with the anchors' ratings of the day, rather than imported
from ``webapp.rating`` (which does the same for ``flask recount-ratings``): this migration must
keep doing what it did when those modules change. The arithmetic is glicko2-py's, as there.
"""
from datetime import datetime, timedelta, timezone

from alembic import op
import sqlalchemy as sa
from glicko2.math import rating_to_mu, rd_to_phi, update_rating
from glicko2.math.conversions import mu_to_rating, phi_to_rd

# revision identifiers, used by Alembic.
revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None

TAU = 0.5
START = (1500.0, 350.0, 0.06)
PROVISIONAL_RD = 110.0
INACTIVE_AFTER = timedelta(days=90)
ANCHOR_RD, ANCHOR_VOLATILITY = 30.0, 0.06
# webapp/rating/levels.json as committed with this migration (normal fixed at 1500).
ANCHORS = {
    'gin': {'easy': 1359.0, 'normal': 1500.0, 'expert': 1664.0},
    'hu': {'easy': 1392.0, 'normal': 1500.0, 'expert': 1571.0},
    'romme': {'easy': 1335.0, 'normal': 1500.0, 'expert': 1592.0},
}
WIN, DRAW, LOSS = 1.0, 0.5, 0.0
BATCH = 20_000
UPDATE_COLUMNS = (
    'match_id', 'user_id', 'game', 'played_at', 'rating_before', 'rd_before', 'rating', 'rd',
    'volatility',
)
RATING_COLUMNS = (
    'user_id', 'game', 'username_key', 'rating', 'rd', 'volatility', 'shown', 'matches',
    'last_played', 'listed',
)
# A Rommé result's seats: its hands' penalties (one per seat), else its match's last snapshot
# (one hand per seat): an abandon before the first hand's end has no penalties.
SEATS = {
    'postgresql': (
        "COALESCE(jsonb_array_length(hand_scores -> 0 -> 'penalties'),"
        " (SELECT jsonb_array_length(m.snapshot -> 'hand' -> 'h') FROM matches m"
        " WHERE m.id = match_results.match_id), 2)"
    ),
    'sqlite': (
        "COALESCE(json_array_length(hand_scores, '$[0].penalties'),"
        " (SELECT json_array_length(m.snapshot, '$.hand.h') FROM matches m"
        " WHERE m.id = match_results.match_id), 2)"
    ),
}


def _scores(game, outcome, hand_scores, opponents):
    """The owner's score against each computer seat (webapp.rating.scores of the day)."""
    if outcome == 'abandoned':
        return [LOSS] * opponents
    if game != 'romme':
        return [WIN if outcome == 'won' else LOSS]
    totals = [
        sum(int(hand['penalties'][seat]) for hand in hand_scores)
        for seat in range(opponents + 1)
    ]
    return [
        WIN if totals[0] < totals[seat] else DRAW if totals[0] == totals[seat] else LOSS
        for seat in range(1, opponents + 1)
    ]


def _after(before, game, difficulty, outcome, hand_scores, opponents):
    anchor = (rating_to_mu(ANCHORS[game][difficulty]), rd_to_phi(ANCHOR_RD))
    results = [
        (anchor[0], anchor[1], score)
        for score in _scores(game, outcome, hand_scores, opponents)
    ]
    rating, rd, volatility = before
    mu, phi, sigma = update_rating(
        rating_to_mu(rating), rd_to_phi(rd), volatility, results, TAU
    )
    return (mu_to_rating(mu), phi_to_rd(phi), sigma)


RESULTS = sa.table(
    'match_results', sa.column('match_id', sa.String), sa.column('user_id', sa.Integer),
    sa.column('game', sa.String), sa.column('difficulty', sa.String),
    sa.column('outcome', sa.String), sa.column('opponents', sa.Integer),
    sa.column('finished_at', sa.DateTime(timezone=True)), sa.column('hand_scores', sa.JSON),
)
TYPES = {
    'user_id': sa.Integer, 'shown': sa.Integer, 'matches': sa.Integer, 'players': sa.Integer,
    'played_at': sa.DateTime(timezone=True), 'last_played': sa.DateTime(timezone=True),
    'listed': sa.Boolean, 'rating_before': sa.Double, 'rd_before': sa.Double,
    'rating': sa.Double, 'rd': sa.Double, 'volatility': sa.Double,
}


def _utc(at):
    """SQLite hands timestamps back without a zone; they are UTC."""
    return at if at.tzinfo else at.replace(tzinfo=timezone.utc)


def _write(bind, table, columns, rows):
    """Write ``rows``: PostgreSQL's COPY (millions of rows in a backfill), else executemany."""
    if not rows:
        return
    if bind.dialect.name == 'postgresql':
        cursor = bind.connection.driver_connection.cursor()
        with cursor.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        return
    target = sa.table(table, *(sa.column(c, TYPES.get(c, sa.String)) for c in columns))
    bind.execute(sa.insert(target), [dict(zip(columns, row)) for row in rows])


def _replay(bind):
    """Every player's rating per board, in order; the updates are written as they pile up."""
    r = RESULTS.c
    rows = bind.execute(
        sa.select(
            r.match_id, r.user_id, r.game, r.difficulty, r.outcome, r.opponents,
            r.finished_at,
            # Only a finished Rommé match's hands are read: they say who beat whom.
            sa.case((sa.and_(r.game == 'romme', r.outcome != 'abandoned'), r.hand_scores)),
        )
        .order_by(r.user_id, r.game, r.finished_at, r.match_id)
        .execution_options(stream_results=True, yield_per=BATCH)
    )
    updates = []
    player, state, matches, last = None, START, 0, None
    for match_id, user_id, game, difficulty, outcome, opponents, at, hands in rows:
        if (user_id, game) != player:
            if player is not None:
                yield player, state, matches, last
            player, state, matches = (user_id, game), START, 0
        after = _after(state, game, difficulty, outcome, hands or [], opponents)
        updates.append((match_id, user_id, game, _utc(at), state[0], state[1], *after))
        state, matches, last = after, matches + 1, _utc(at)
        if len(updates) >= BATCH:
            _write(bind, 'rating_updates', UPDATE_COLUMNS, updates)
            updates = []
    _write(bind, 'rating_updates', UPDATE_COLUMNS, updates)
    if player is not None:
        yield player, state, matches, last


def _backfill(bind):
    names = dict(bind.execute(sa.text('SELECT id, username_key FROM users')).all())
    since = datetime.now(timezone.utc) - INACTIVE_AFTER
    ratings, ladder = [], {}
    for (user_id, game), (rating, rd, volatility), matches, last in _replay(bind):
        shown = round(rating)
        listed = rd <= PROVISIONAL_RD and last >= since
        if listed:
            ladder[(game, shown)] = ladder.get((game, shown), 0) + 1
        ratings.append((user_id, game, names[user_id], rating, rd, volatility, shown, matches,
                        last, listed))
    _write(bind, 'player_ratings', RATING_COLUMNS, ratings)
    _write(bind, 'rating_ladder', ('game', 'shown', 'players'),
           [(game, shown, players) for (game, shown), players in sorted(ladder.items())])


def upgrade():
    with op.batch_alter_table('match_results', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('opponents', sa.Integer(), nullable=False, server_default='1')
        )
    bind = op.get_bind()
    op.execute(
        f"UPDATE match_results SET opponents = {SEATS[bind.dialect.name]} - 1"
        " WHERE game = 'romme'"
    )

    op.create_table(
        'player_ratings',
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('game', sa.String(length=16), nullable=False),
        sa.Column('username_key', sa.String(length=80), nullable=False),
        sa.Column('rating', sa.Double(), nullable=False),
        sa.Column('rd', sa.Double(), nullable=False),
        sa.Column('volatility', sa.Double(), nullable=False),
        sa.Column('shown', sa.Integer(), nullable=False),
        sa.Column('matches', sa.Integer(), nullable=False),
        sa.Column('last_played', sa.DateTime(timezone=True), nullable=False),
        sa.Column('listed', sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ['user_id'], ['users.id'],
            name=op.f('fk_player_ratings_user_id_users'), ondelete='CASCADE',
        ),
        sa.PrimaryKeyConstraint('user_id', 'game', name=op.f('pk_player_ratings')),
    )
    op.create_table(
        'rating_ladder',
        sa.Column('game', sa.String(length=16), nullable=False),
        sa.Column('shown', sa.Integer(), nullable=False),
        sa.Column('players', sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint('game', 'shown', name=op.f('pk_rating_ladder')),
    )
    op.create_table(
        'rating_updates',
        sa.Column('match_id', sa.String(length=22), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('game', sa.String(length=16), nullable=False),
        sa.Column('played_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('rating_before', sa.Double(), nullable=False),
        sa.Column('rd_before', sa.Double(), nullable=False),
        sa.Column('rating', sa.Double(), nullable=False),
        sa.Column('rd', sa.Double(), nullable=False),
        sa.Column('volatility', sa.Double(), nullable=False),
        sa.ForeignKeyConstraint(
            ['match_id'], ['matches.id'],
            name=op.f('fk_rating_updates_match_id_matches'), ondelete='CASCADE',
        ),
        sa.ForeignKeyConstraint(
            ['user_id'], ['users.id'],
            name=op.f('fk_rating_updates_user_id_users'), ondelete='CASCADE',
        ),
        sa.PrimaryKeyConstraint('match_id', name=op.f('pk_rating_updates')),
    )

    _backfill(bind)

    # After the backfill: one sort per index instead of index maintenance row by row.
    op.create_index(
        'ix_rating_updates_user_id_game_played_at', 'rating_updates',
        ['user_id', 'game', 'played_at'], unique=False,
    )
    listed = sa.text('listed')
    op.create_index(
        'ix_player_ratings_listing', 'player_ratings',
        ['game', sa.text('shown DESC'), sa.text('rating DESC'), 'username_key', 'last_played'],
        unique=False, sqlite_where=listed, postgresql_where=listed,
    )
    op.create_index(
        'ix_player_ratings_inactive', 'player_ratings', ['game', 'last_played'],
        unique=False, sqlite_where=listed, postgresql_where=listed,
    )


def downgrade():
    op.drop_index('ix_player_ratings_inactive', table_name='player_ratings')
    op.drop_index('ix_player_ratings_listing', table_name='player_ratings')
    op.drop_index('ix_rating_updates_user_id_game_played_at', table_name='rating_updates')
    op.drop_table('rating_updates')
    op.drop_table('rating_ladder')
    op.drop_table('player_ratings')
    with op.batch_alter_table('match_results', schema=None) as batch_op:
        batch_op.drop_column('opponents')
