"""daily (每日一局): the days' seeds and pars, attempts, results per board and their tallies

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-05 02:00:00

Adds ``matches.daily`` (the day a daily's match plays; null for every other match) and the
tables ``daily_days``, ``daily_attempts``, ``daily_results`` and ``daily_tallies``
(`webapp.daily`). Nothing existing changes; the downgrade drops them.
"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = '0018'
down_revision = '0017'
branch_labels = None
depends_on = None

_WHEN = sa.DateTime(timezone=True)


def upgrade():
    with op.batch_alter_table('matches') as batch:
        batch.add_column(sa.Column('daily', sa.Date(), nullable=True))
    op.create_table(
        'daily_days',
        sa.Column('game', sa.String(length=16), nullable=False),
        sa.Column('day', sa.Date(), nullable=False),
        sa.Column('seed', sa.String(length=64), nullable=False),
        sa.Column('pars', sa.JSON(), nullable=False),
        sa.Column('closed_at', _WHEN, nullable=True),
        sa.PrimaryKeyConstraint('game', 'day', name=op.f('pk_daily_days')),
    )
    op.create_table(
        'daily_attempts',
        sa.Column('game', sa.String(length=16), nullable=False),
        sa.Column('day', sa.Date(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('match_id', sa.String(length=22), nullable=False),
        sa.Column('counted', sa.Boolean(), nullable=False),
        sa.Column('finished', sa.Boolean(), nullable=False),
        sa.Column('score', sa.Double(), nullable=True),
        sa.Column('rank', sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE',
                                name=op.f('fk_daily_attempts_user_id_users')),
        sa.PrimaryKeyConstraint('game', 'day', 'user_id', name=op.f('pk_daily_attempts')),
    )
    op.create_index('ix_daily_attempts_game_day_rank', 'daily_attempts',
                    ['game', 'day', 'rank', 'user_id'])
    op.create_index('ix_daily_attempts_user_id_day', 'daily_attempts', ['user_id', 'day'])
    op.create_table(
        'daily_results',
        sa.Column('game', sa.String(length=16), nullable=False),
        sa.Column('day', sa.Date(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('board', sa.Integer(), nullable=False),
        sa.Column('result', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE',
                                name=op.f('fk_daily_results_user_id_users')),
        sa.PrimaryKeyConstraint('game', 'day', 'user_id', 'board', name=op.f('pk_daily_results')),
    )
    op.create_table(
        'daily_tallies',
        sa.Column('game', sa.String(length=16), nullable=False),
        sa.Column('day', sa.Date(), nullable=False),
        sa.Column('board', sa.Integer(), nullable=False),
        sa.Column('result', sa.Integer(), nullable=False),
        sa.Column('players', sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint('game', 'day', 'board', 'result', name=op.f('pk_daily_tallies')),
    )


def downgrade():
    op.drop_table('daily_tallies')
    op.drop_table('daily_results')
    op.drop_index('ix_daily_attempts_user_id_day', table_name='daily_attempts')
    op.drop_index('ix_daily_attempts_game_day_rank', table_name='daily_attempts')
    op.drop_table('daily_attempts')
    op.drop_table('daily_days')
    with op.batch_alter_table('matches') as batch:
        batch.drop_column('daily')
