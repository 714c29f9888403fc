"""rating anchors re-measured: Rommé easy 1334 and expert 1594 (were 1335 and 1592), every rating replayed

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-03 15:45:00

``benchmarks/rating_levels.py --matches 1600`` prints Rommé easy 444/1600 against normal (1334)
and expert 1011.5/1600 (1594), at 0007's own commit as now; ``webapp/rating/levels.json`` and
0007 held 445.5/1600 (1335) and 1007/1600 (1592), figures no committed code prints. Gin Rummy's
and 胡牌制's four pairings print what they held. ``levels.json`` now holds the command's output,
so the ratings kept against the old anchors are replayed against the new ones: every rating
update, rating and rung rewritten by 0007's replay (loaded from its file, as it stands), with
Rommé's anchors replaced. Downgrade replays with 0007's anchors.
"""
import importlib.util
from pathlib import Path

from alembic import op

# revision identifiers, used by Alembic.
revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None

ROMME = {'easy': 1334.0, 'normal': 1500.0, 'expert': 1594.0}


def _skill_ratings():
    """Migration 0007's module, as its file stands (its replay and its anchors)."""
    path = Path(__file__).with_name('0007_skill_ratings.py')
    spec = importlib.util.spec_from_file_location('_migration_0007', path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _replay(romme):
    """Every rating rewritten by 0007's replay, Rommé's levels at ``romme``."""
    skill_ratings = _skill_ratings()
    skill_ratings.ANCHORS = {**skill_ratings.ANCHORS, 'romme': romme}
    for table in ('rating_ladder', 'player_ratings', 'rating_updates'):
        op.execute(f'DELETE FROM {table}')
    skill_ratings._backfill(op.get_bind())


def upgrade():
    _replay(ROMME)


def downgrade():
    _replay(_skill_ratings().ANCHORS['romme'])
