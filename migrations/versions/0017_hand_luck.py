"""运气: each kept hand review's luck and result, beside its decisions' figures

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-05 02:00:00

Adds to ``hand_reviews`` the person's result of the hand in points (``points``: won +, paid −,
0 when nobody scored) and its luck in points by source (``luck_deal``, ``luck_own_draws``,
``luck_their_draws``) with the standard error of their sum (``luck_error``), all nullable:
reviews kept before have none (their luck is not computed again: the page shows them without
it), and a review whose luck could not be computed keeps its decisions all the same. The
downgrade drops the columns.
"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = '0017'
down_revision = '0016'
branch_labels = None
depends_on = None

COLUMNS = ('luck_deal', 'luck_own_draws', 'luck_their_draws', 'luck_error')


def upgrade():
    with op.batch_alter_table('hand_reviews') as table:
        table.add_column(sa.Column('points', sa.Integer(), nullable=True))
        for name in COLUMNS:
            table.add_column(sa.Column(name, sa.Double(), nullable=True))


def downgrade():
    with op.batch_alter_table('hand_reviews') as table:
        for name in reversed(COLUMNS):
            table.drop_column(name)
        table.drop_column('points')
