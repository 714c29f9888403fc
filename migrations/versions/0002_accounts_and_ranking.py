"""accounts, ranking points and match statistics

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30 09:00:00

Adds ``users``, ``point_awards`` (one award per match: unique ``match_id``) and
``match_results`` (the owner's statistics of each ended match), the foreign key from
``matches.owner_user_id`` to ``users`` and ``matches.lowest_difficulty``.
"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import postgresql

# revision identifiers, used by Alembic.
revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'users',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('username', sa.String(length=20), nullable=False),
        sa.Column('username_key', sa.String(length=80), nullable=False),
        sa.Column('password_hash', sa.String(length=255), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_users')),
        sa.UniqueConstraint('username_key', name=op.f('uq_users_username_key')),
    )

    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.add_column(sa.Column('lowest_difficulty', sa.String(length=16), nullable=True))
    op.execute("UPDATE matches SET lowest_difficulty = difficulty")
    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.alter_column(
            'lowest_difficulty', existing_type=sa.String(length=16), nullable=False
        )
        batch_op.create_foreign_key(
            batch_op.f('fk_matches_owner_user_id_users'),
            'users', ['owner_user_id'], ['id'], ondelete='SET NULL',
        )
        batch_op.create_index(
            'ix_matches_owner_user_id_status', ['owner_user_id', 'status'], unique=False
        )

    op.create_table(
        'point_awards',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('match_id', sa.String(length=22), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('difficulty', sa.String(length=16), nullable=False),
        sa.Column('points', sa.Integer(), nullable=False),
        sa.Column('awarded_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ['match_id'], ['matches.id'],
            name=op.f('fk_point_awards_match_id_matches'), ondelete='CASCADE',
        ),
        sa.ForeignKeyConstraint(
            ['user_id'], ['users.id'],
            name=op.f('fk_point_awards_user_id_users'), ondelete='CASCADE',
        ),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_point_awards')),
        sa.UniqueConstraint('match_id', name=op.f('uq_point_awards_match_id')),
    )
    with op.batch_alter_table('point_awards', schema=None) as batch_op:
        batch_op.create_index(
            'ix_point_awards_user_id_awarded_at', ['user_id', 'awarded_at'], unique=False
        )

    op.create_table(
        'match_results',
        sa.Column('match_id', sa.String(length=22), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('ruleset', sa.String(length=32), nullable=False),
        sa.Column('difficulty', sa.String(length=16), nullable=False),
        sa.Column('outcome', sa.String(length=16), nullable=False),
        sa.Column('score', sa.Integer(), nullable=False),
        sa.Column('opponent_score', sa.Integer(), nullable=False),
        sa.Column('hands', sa.Integer(), nullable=False),
        sa.Column('hands_won', sa.Integer(), nullable=False),
        sa.Column('gins', sa.Integer(), nullable=False),
        sa.Column('undercuts_given', sa.Integer(), nullable=False),
        sa.Column('undercuts_received', sa.Integer(), nullable=False),
        sa.Column('knocks', sa.Integer(), nullable=False),
        sa.Column('knock_deadwood', sa.Integer(), nullable=False),
        sa.Column(
            'hand_scores',
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), 'postgresql'),
            nullable=False,
        ),
        sa.Column('finished_at', sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "outcome IN ('won', 'lost', 'abandoned')",
            name=op.f('ck_match_results_outcome_known'),
        ),
        sa.ForeignKeyConstraint(
            ['match_id'], ['matches.id'],
            name=op.f('fk_match_results_match_id_matches'), ondelete='CASCADE',
        ),
        sa.ForeignKeyConstraint(
            ['user_id'], ['users.id'],
            name=op.f('fk_match_results_user_id_users'), ondelete='CASCADE',
        ),
        sa.PrimaryKeyConstraint('match_id', name=op.f('pk_match_results')),
    )
    with op.batch_alter_table('match_results', schema=None) as batch_op:
        batch_op.create_index('ix_match_results_finished_at', ['finished_at'], unique=False)
        batch_op.create_index(
            'ix_match_results_user_id_finished_at', ['user_id', 'finished_at'], unique=False
        )


def downgrade():
    with op.batch_alter_table('match_results', schema=None) as batch_op:
        batch_op.drop_index('ix_match_results_user_id_finished_at')
        batch_op.drop_index('ix_match_results_finished_at')
    op.drop_table('match_results')

    with op.batch_alter_table('point_awards', schema=None) as batch_op:
        batch_op.drop_index('ix_point_awards_user_id_awarded_at')
    op.drop_table('point_awards')

    with op.batch_alter_table('matches', schema=None) as batch_op:
        batch_op.drop_index('ix_matches_owner_user_id_status')
        batch_op.drop_constraint(batch_op.f('fk_matches_owner_user_id_users'), type_='foreignkey')
        batch_op.drop_column('lowest_difficulty')

    op.drop_table('users')
