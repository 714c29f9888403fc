"""puzzles: 错题本, the puzzle bank, puzzle attempts and ratings, 每日一题

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-05 02:00:00

Adds ``puzzles`` (a position with a clearly best move: the bank's, or one person's own from a
reviewed hand), ``puzzle_attempts`` (one row per answer, keyed by its token, with the rated
attempt's ratings before and after), ``puzzle_ratings`` (an account's puzzle rating and its
streaks) and ``daily_puzzles`` (the puzzle of each day). docs/puzzles.md.
"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import postgresql

# revision identifiers, used by Alembic.
revision = '0019'
down_revision = '0018'
branch_labels = None
depends_on = None

JSON = sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), 'postgresql')


def upgrade():
    op.create_table(
        'puzzles',
        sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
        sa.Column('game', sa.String(length=16), nullable=False),
        sa.Column('ruleset', sa.String(length=32), nullable=False),
        sa.Column('kind', sa.String(length=16), nullable=False),
        sa.Column('source', sa.String(length=96), nullable=False),
        sa.Column('position', JSON, nullable=False),
        sa.Column('moves', JSON, nullable=False),
        sa.Column('answer', sa.String(length=16), nullable=False),
        sa.Column('reason', JSON, nullable=False),
        sa.Column('rating', sa.Double(), nullable=False),
        sa.Column('rd', sa.Double(), nullable=False),
        sa.Column('volatility', sa.Double(), nullable=False),
        sa.Column('match_id', sa.String(length=22), nullable=True),
        sa.Column('hand', sa.Integer(), nullable=True),
        sa.Column('decision', sa.Integer(), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['match_id'], ['matches.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('source'),
    )
    op.create_index('ix_puzzles_bank_rating', 'puzzles', ['rating'],
                    sqlite_where=sa.text('match_id IS NULL'),
                    postgresql_where=sa.text('match_id IS NULL'))
    op.create_index('ix_puzzles_match', 'puzzles', ['match_id', 'hand', 'decision'])
    op.create_table(
        'puzzle_attempts',
        sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
        sa.Column('token', sa.String(length=32), nullable=False),
        sa.Column('puzzle_id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=True),
        sa.Column('played_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('day', sa.String(length=10), nullable=False),
        sa.Column('move', sa.String(length=16), nullable=False),
        sa.Column('correct', sa.Boolean(), nullable=False),
        sa.Column('rated', sa.Boolean(), nullable=False),
        *(sa.Column(name, sa.Double(), nullable=True) for name in (
            'rating_before', 'rd_before', 'rating', 'rd', 'volatility', 'puzzle_rating_before',
            'puzzle_rd_before', 'puzzle_rating', 'puzzle_rd', 'puzzle_volatility')),
        sa.ForeignKeyConstraint(['puzzle_id'], ['puzzles.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('token'),
    )
    op.create_index('ix_puzzle_attempts_user', 'puzzle_attempts', ['user_id', 'puzzle_id', 'id'])
    op.create_index('ix_puzzle_attempts_puzzle_day', 'puzzle_attempts', ['puzzle_id', 'day'])
    op.create_table(
        'puzzle_ratings',
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('rating', sa.Double(), nullable=False),
        sa.Column('rd', sa.Double(), nullable=False),
        sa.Column('volatility', sa.Double(), nullable=False),
        sa.Column('last_played', sa.DateTime(timezone=True), nullable=True),
        sa.Column('streak', sa.Integer(), nullable=False),
        sa.Column('best_streak', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('user_id'),
    )
    op.create_table(
        'daily_puzzles',
        sa.Column('day', sa.String(length=10), nullable=False),
        sa.Column('puzzle_id', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['puzzle_id'], ['puzzles.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('day'),
    )


def downgrade():
    op.drop_table('daily_puzzles')
    op.drop_table('puzzle_ratings')
    op.drop_index('ix_puzzle_attempts_puzzle_day', table_name='puzzle_attempts')
    op.drop_index('ix_puzzle_attempts_user', table_name='puzzle_attempts')
    op.drop_table('puzzle_attempts')
    op.drop_index('ix_puzzles_match', table_name='puzzles')
    op.drop_index('ix_puzzles_bank_rating', table_name='puzzles')
    op.drop_table('puzzles')
