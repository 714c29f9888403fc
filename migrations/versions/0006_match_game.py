"""which game a match is: Gin Rummy or Rommé

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-30 17:10:00

Adds ``matches.game``: ``'gin'`` or ``'romme'``. Every match stored before is a Gin Rummy
match, so existing rows get ``'gin'`` (the server default) and new rows name their game.
"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('game', sa.String(length=16), nullable=False, server_default='gin')
        )


def downgrade():
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.drop_column('game')
