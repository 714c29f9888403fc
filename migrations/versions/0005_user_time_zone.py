"""the reader's time zone, an account setting

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30 14:30:00

Adds ``users.time_zone``: an IANA zone name, or NULL for "by the page's language"
(``webapp/time_zones.py``).
"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('time_zone', sa.String(length=64), nullable=True))


def downgrade():
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_column('time_zone')
