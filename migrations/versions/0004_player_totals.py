"""player totals and points ladders, backfilled from match_results

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30 14:00:00

Adds ``match_results.game`` (existing rows are Gin Rummy: ``'gin'``), ``player_totals`` (one
player's sums per game — or all games, ``'all'`` — and period — all time, ``'all'``, or an ISO
week, ``'2026-W49'``) and ``points_ladder`` (per board, how many players hold each points
total), and fills both from ``match_results`` and ``point_awards``.

The aggregate is written out here rather than imported from ``webapp.recount`` (which computes
the same for ``flask recount-totals``): this migration must keep doing what it did when that
module changes.
"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None

LEVELS = ('easy', 'normal', 'expert')

# The ISO week of a UTC timestamp: '2026-W49'.
ISO_WEEK = {
    'postgresql': "to_char(r.finished_at AT TIME ZONE 'UTC', 'IYYY-\"W\"IW')",
    # SQLite before 3.46 has no %G/%V: the ISO week is the one holding that week's Thursday.
    'sqlite': (
        "strftime('%Y', date(r.finished_at, '-6 days', 'weekday 1', '+3 days')) || '-W' ||"
        " printf('%02d', (CAST(strftime('%j', date(r.finished_at, '-6 days', 'weekday 1',"
        " '+3 days')) AS INTEGER) - 1) / 7 + 1)"
    ),
}

COLUMNS = (
    'game, period, user_id, username_key, points, matches, wins, wins_easy, wins_normal,'
    ' wins_expert, abandoned, hands, gins, undercuts_given, undercuts_received, knocks,'
    ' knock_deadwood, best_score'
)


def _backfill_sql(game: str, period: str) -> str:
    wins = ', '.join(
        f"SUM(CASE WHEN r.outcome = 'won' AND r.difficulty = '{level}' THEN 1 ELSE 0 END)"
        for level in LEVELS
    )
    return (
        f"INSERT INTO player_totals ({COLUMNS})"
        f" SELECT {game}, {period}, r.user_id, u.username_key,"
        " COALESCE(SUM(a.points), 0), COUNT(*),"
        " SUM(CASE WHEN r.outcome = 'won' THEN 1 ELSE 0 END),"
        f" {wins},"
        " SUM(CASE WHEN r.outcome = 'abandoned' THEN 1 ELSE 0 END),"
        " SUM(r.hands), SUM(r.gins), SUM(r.undercuts_given), SUM(r.undercuts_received),"
        " SUM(r.knocks), SUM(r.knock_deadwood), MAX(r.score)"
        " FROM match_results r JOIN users u ON u.id = r.user_id"
        " LEFT JOIN point_awards a ON a.match_id = r.match_id"
        " GROUP BY 1, 2, 3, 4"  # by position: PostgreSQL refuses a constant in GROUP BY
    )


def upgrade():
    with op.batch_alter_table('match_results', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('game', sa.String(length=16), nullable=False, server_default='gin')
        )
    with op.batch_alter_table('match_results', schema=None) as batch_op:
        batch_op.alter_column('game', existing_type=sa.String(length=16), server_default=None)

    op.create_table(
        'player_totals',
        sa.Column('game', sa.String(length=16), nullable=False),
        sa.Column('period', sa.String(length=8), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('username_key', sa.String(length=80), nullable=False),
        *(
            sa.Column(name, sa.Integer(), nullable=False)
            for name in (
                'points', 'matches', 'wins', 'wins_easy', 'wins_normal', 'wins_expert',
                'abandoned', 'hands', 'gins', 'undercuts_given', 'undercuts_received', 'knocks',
                'knock_deadwood', 'best_score',
            )
        ),
        sa.ForeignKeyConstraint(
            ['user_id'], ['users.id'],
            name=op.f('fk_player_totals_user_id_users'), ondelete='CASCADE',
        ),
        sa.PrimaryKeyConstraint('game', 'period', 'user_id', name=op.f('pk_player_totals')),
    )
    op.create_table(
        'points_ladder',
        sa.Column('game', sa.String(length=16), nullable=False),
        sa.Column('period', sa.String(length=8), nullable=False),
        sa.Column('points', sa.Integer(), nullable=False),
        sa.Column('players', sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint('game', 'period', 'points', name=op.f('pk_points_ladder')),
    )

    week = ISO_WEEK[op.get_bind().dialect.name]
    for game in ('r.game', "'all'"):
        for period in ("'all'", week):
            op.execute(_backfill_sql(game, period))
    op.execute(
        "INSERT INTO points_ladder (game, period, points, players)"
        " SELECT game, period, points, COUNT(*) FROM player_totals"
        " GROUP BY game, period, points"
    )
    # After the backfill: one sort instead of index maintenance row by row.
    op.create_index(
        'ix_player_totals_listing', 'player_totals',
        ['game', 'period', sa.text('points DESC'), sa.text('wins DESC'), 'username_key'],
        unique=False,
    )


def downgrade():
    op.drop_index('ix_player_totals_listing', table_name='player_totals')
    op.drop_table('points_ladder')
    op.drop_table('player_totals')
    with op.batch_alter_table('match_results', schema=None) as batch_op:
        batch_op.drop_column('game')
