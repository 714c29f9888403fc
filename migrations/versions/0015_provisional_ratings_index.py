"""provisional ratings index: the rating board lists the latest provisional ratings under the ranked ones

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-04 23:10:00

``ix_player_ratings_provisional`` (game, last_played DESC) over the ratings still provisional
(RD above 110, ``webapp.rating.glicko.PROVISIONAL_RD``): the board's few newest provisional
players are the first rows of this index, however many ratings there are.
"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None


def upgrade():
    op.create_index(
        'ix_player_ratings_provisional', 'player_ratings', ['game', sa.text('last_played DESC')],
        unique=False, sqlite_where=sa.text('rd > 110.0'), postgresql_where=sa.text('rd > 110.0'),
    )


def downgrade():
    op.drop_index('ix_player_ratings_provisional', table_name='player_ratings')
