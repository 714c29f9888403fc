"""keyed statistics: wins per level and each game's own counts as named rows, not columns

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-04 23:30:00

Adds ``match_statistics`` (match, name, value: a game's own counts of one ended match) and
``player_statistics`` (game, period, user, name, value: their sums per board, and the wins at
each level as ``wins:<level>``), moves Gin Rummy's columns of ``match_results`` and
``player_totals`` (``gins``, ``undercuts_given``, ``undercuts_received``, ``knocks``,
``knock_deadwood``) and ``player_totals.wins_<level>`` into them — a value of 0 is no row, as
the site keeps them — and drops those columns, so a new level or statistic needs no migration
of a shared table. The downgrade adds the columns back (0 where no row is kept) and fills them
from the rows.

The names are written out here rather than read from the games' registry: this migration must
keep doing what it did when the registry changes.
"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = '0016'
down_revision = '0015'
branch_labels = None
depends_on = None

LEVELS = ('easy', 'normal', 'expert')
GIN_COUNTS = ('gins', 'undercuts_given', 'undercuts_received', 'knocks', 'knock_deadwood')
# Each moved column of player_totals and the statistic it becomes.
TOTALS_NAMES = (*((f'wins_{level}', f'wins:{level}') for level in LEVELS),
                *((name, name) for name in GIN_COUNTS))


def upgrade():
    op.create_table(
        'match_statistics',
        sa.Column('match_id', sa.String(length=22), nullable=False),
        sa.Column('name', sa.String(length=32), nullable=False),
        sa.Column('value', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['match_id'], ['match_results.match_id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('match_id', 'name'),
    )
    op.create_table(
        'player_statistics',
        sa.Column('game', sa.String(length=16), nullable=False),
        sa.Column('period', sa.String(length=8), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=32), nullable=False),
        sa.Column('value', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('game', 'period', 'user_id', 'name'),
    )
    for name in GIN_COUNTS:
        op.execute(
            f"INSERT INTO match_statistics (match_id, name, value)"
            f" SELECT match_id, '{name}', {name} FROM match_results WHERE {name} != 0"
        )
    for column, name in TOTALS_NAMES:
        op.execute(
            f"INSERT INTO player_statistics (game, period, user_id, name, value)"
            f" SELECT game, period, user_id, '{name}', {column} FROM player_totals"
            f" WHERE {column} != 0"
        )
    with op.batch_alter_table('match_results') as batch_op:
        for name in GIN_COUNTS:
            batch_op.drop_column(name)
    with op.batch_alter_table('player_totals') as batch_op:
        for column, _ in TOTALS_NAMES:
            batch_op.drop_column(column)


def downgrade():
    with op.batch_alter_table('match_results') as batch_op:
        for name in GIN_COUNTS:
            batch_op.add_column(sa.Column(name, sa.Integer(), nullable=False, server_default='0'))
    with op.batch_alter_table('player_totals') as batch_op:
        for column, _ in TOTALS_NAMES:
            batch_op.add_column(
                sa.Column(column, sa.Integer(), nullable=False, server_default='0')
            )
    for name in GIN_COUNTS:
        op.execute(
            f"UPDATE match_results SET {name} = s.value FROM match_statistics AS s"
            f" WHERE s.match_id = match_results.match_id AND s.name = '{name}'"
        )
    for column, name in TOTALS_NAMES:
        op.execute(
            f"UPDATE player_totals SET {column} = s.value FROM player_statistics AS s"
            f" WHERE s.game = player_totals.game AND s.period = player_totals.period"
            f" AND s.user_id = player_totals.user_id AND s.name = '{name}'"
        )
    # The columns had no default before this revision: they get none back.
    with op.batch_alter_table('match_results') as batch_op:
        for name in GIN_COUNTS:
            batch_op.alter_column(name, existing_type=sa.Integer(), server_default=None)
    with op.batch_alter_table('player_totals') as batch_op:
        for column, _ in TOTALS_NAMES:
            batch_op.alter_column(column, existing_type=sa.Integer(), server_default=None)
    op.drop_table('player_statistics')
    op.drop_table('match_statistics')
