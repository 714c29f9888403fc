"""practice: a match that deals a finished hand again, counted nowhere

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-03 15:00:00

Adds ``matches.practice_of`` and ``matches.practice_hand``: set on a practice match (复盘's
"Practice this deal"), whose first hand is hand ``practice_hand`` of match ``practice_of``
dealt again. A practice match is never ranked, so it counts on no board, total, statistic or
rating. No foreign key: the match practised may be purged (a guest's) while its practice is
kept. Every match stored before is no practice.
"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.add_column(sa.Column('practice_of', sa.String(length=22), nullable=True))
        batch_op.add_column(sa.Column('practice_hand', sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.drop_column('practice_hand')
        batch_op.drop_column('practice_of')
