"""rating ladder versions: one row per board, raised with every change to its rungs

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-03 17:40:00

``rating_ladder_versions`` (game, version): the rating board keeps a board's rungs between
requests and reads only this row to know they still hold (``webapp.rating.ladder_version``).
Every board with rungs gets a row, its version the clock in microseconds (as the site starts a
new row: never a version an earlier row of the board reached).
"""
import time

from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None


def upgrade():
    versions = op.create_table(
        'rating_ladder_versions',
        sa.Column('game', sa.String(length=16), nullable=False),
        sa.Column('version', sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint('game', name=op.f('pk_rating_ladder_versions')),
    )
    games = op.get_bind().execute(sa.text('SELECT DISTINCT game FROM rating_ladder')).scalars()
    start = time.time_ns() // 1000
    op.bulk_insert(versions, [{'game': game, 'version': start} for game in sorted(games)])


def downgrade():
    op.drop_table('rating_ladder_versions')
