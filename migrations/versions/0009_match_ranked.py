"""ranked: a match counts only if it was dealt to a logged-in account

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-03 12:00:00

Adds ``matches.ranked``. A match counts when it ends (statistics, totals, ranking points,
rating) only if it was dealt to a logged-in account; a guest's match adopted at login goes on
unranked (issue 36). Rows stored before could not tell how they came to their owner, so every
match with an owner is ranked (as they were counted until now) and every guest's is not.
"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('ranked', sa.Boolean(), nullable=False, server_default=sa.false())
        )
    op.execute(
        sa.text('UPDATE matches SET ranked = :yes WHERE owner_user_id IS NOT NULL')
        .bindparams(yes=True)
    )


def downgrade():
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.drop_column('ranked')
