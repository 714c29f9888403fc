"""rating time away: a rating's deviation grows with the days since the player's last rated match, every rating replayed

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-04 23:00:00

Before each rated match, the deviation grows as in one Glicko-2 period without games per day
since the player's previous rated match on the board (φ* = sqrt(φ² + σ²·days), fractions
counting), at most the starting 350 (``webapp.rating.glicko.away``). Every rating update,
rating and rung is rewritten by 0007's replay (loaded from its file, as it stands, with 0011's
Rommé anchors) with that growth written out here, and the player charts' rating series by
0013's backfill. Downgrade replays without the growth (0011's upgrade).
"""
import importlib.util
import math
from datetime import timedelta
from pathlib import Path

from alembic import op
from glicko2.math import rd_to_phi
from glicko2.math.conversions import phi_to_rd

# revision identifiers, used by Alembic.
revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None

PERIOD = timedelta(days=1)


def _migration(name):
    """A migration's module, as its file stands."""
    path = Path(__file__).with_name(name)
    spec = importlib.util.spec_from_file_location(f'_migration_{path.stem}', path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _away(state, time):
    rating, rd, volatility = state
    phi = rd_to_phi(rd)
    periods = max(time / PERIOD, 0.0)
    grown = phi_to_rd(math.sqrt(phi * phi + volatility ** 2 * periods))
    return (rating, min(grown, 350.0), volatility)


def _growing_replay(m):
    """0007's ``_replay`` with the deviation grown for the time before each match."""

    def replay(bind):
        r = m.RESULTS.c
        rows = bind.execute(
            m.sa.select(
                r.match_id, r.user_id, r.game, r.difficulty, r.outcome, r.opponents,
                r.finished_at,
                m.sa.case((m.sa.and_(r.game == 'romme', r.outcome != 'abandoned'),
                           r.hand_scores)),
            )
            .order_by(r.user_id, r.game, r.finished_at, r.match_id)
            .execution_options(stream_results=True, yield_per=m.BATCH)
        )
        updates = []
        player, state, matches, last = None, m.START, 0, None
        for match_id, user_id, game, difficulty, outcome, opponents, at, hands in rows:
            at = m._utc(at)
            if (user_id, game) != player:
                if player is not None:
                    yield player, state, matches, last
                player, state, matches, last = (user_id, game), m.START, 0, None
            if last is not None:
                state = _away(state, at - last)
            after = m._after(state, game, difficulty, outcome, hands or [], opponents)
            updates.append((match_id, user_id, game, at, state[0], state[1], *after))
            state, matches, last = after, matches + 1, at
            if len(updates) >= m.BATCH:
                m._write(bind, 'rating_updates', m.UPDATE_COLUMNS, updates)
                updates = []
        m._write(bind, 'rating_updates', m.UPDATE_COLUMNS, updates)
        if player is not None:
            yield player, state, matches, last

    return replay


def _charts():
    """The player charts rewritten by 0013's backfill (their rating series changed)."""
    charts = _migration('0013_player_charts.py')
    op.execute('DELETE FROM player_charts')
    bind = op.get_bind()
    rows = []
    for user, series in charts._players(bind):
        for game, kept in sorted(series.items()):
            rows.append((user, game, charts.json.dumps(sorted(kept['awards'])[-charts.LENGTH:]),
                         charts.json.dumps(sorted(kept['ratings'])[-charts.LENGTH:])))
        if len(rows) >= charts.BATCH:
            charts._write(bind, rows)
            rows = []
    charts._write(bind, rows)


def _replayed():
    """The charts rewritten, and every board's ladder version raised: the rating boards'
    kept copies of the rungs (``webapp.rating.ladder_version``) no longer hold."""
    _charts()
    op.execute('UPDATE rating_ladder_versions SET version = version + 1')


def upgrade():
    skill_ratings = _migration('0007_skill_ratings.py')
    anchors = _migration('0011_rating_anchors_remeasured.py')
    skill_ratings.ANCHORS = {**skill_ratings.ANCHORS, 'romme': anchors.ROMME}
    skill_ratings._replay = _growing_replay(skill_ratings)
    for table in ('rating_ladder', 'player_ratings', 'rating_updates'):
        op.execute(f'DELETE FROM {table}')
    skill_ratings._backfill(op.get_bind())
    _replayed()


def downgrade():
    _migration('0011_rating_anchors_remeasured.py').upgrade()
    _replayed()
