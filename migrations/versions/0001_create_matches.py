"""create matches

Revision ID: 0001
Revises:
Create Date: 2026-11-29 12:24:15.553322

"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import postgresql

# revision identifiers, used by Alembic.
revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'matches',
        sa.Column('id', sa.String(length=22), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column(
            'snapshot',
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), 'postgresql'),
            nullable=False,
        ),
        sa.Column('ruleset', sa.String(length=32), nullable=False),
        sa.Column('difficulty', sa.String(length=16), nullable=False),
        sa.Column('pending_difficulty', sa.String(length=16), nullable=True),
        sa.Column('status', sa.String(length=16), nullable=False),
        # Accounts come later; their migration adds the foreign key to users.
        sa.Column('owner_user_id', sa.Integer(), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint(
            "status IN ('active', 'finished', 'abandoned')",
            name=op.f('ck_matches_status_known'),
        ),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_matches')),
    )
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.create_index(
            'ix_matches_status_updated_at', ['status', 'updated_at'], unique=False
        )


def downgrade():
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.drop_index('ix_matches_status_updated_at')

    op.drop_table('matches')
