"""复盘: each finished Gin Rummy hand's review, computed once and kept

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02 20:00:00

Adds ``hand_reviews``: one row per match and hand number with the encoded review (JSON) and
its summary's figures (decisions, matched, points lost, the sum of the accuracies). Rows go
with their match (``ON DELETE CASCADE``).
"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import postgresql

# revision identifiers, used by Alembic.
revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'hand_reviews',
        sa.Column('match_id', sa.String(length=22), nullable=False),
        sa.Column('hand', sa.Integer(), nullable=False),
        sa.Column(
            'review',
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), 'postgresql'),
            nullable=False,
        ),
        sa.Column('decisions', sa.Integer(), nullable=False),
        sa.Column('matched', sa.Integer(), nullable=False),
        sa.Column('points_lost', sa.Double(), nullable=False),
        sa.Column('accuracy_sum', sa.Double(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['match_id'], ['matches.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('match_id', 'hand'),
    )


def downgrade():
    op.drop_table('hand_reviews')
