"""one running match per account, session generations, look-alike usernames

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30 14:00:00

- ``matches``: a partial unique index allows one ``active`` match per owner. Older duplicate
  running matches of an account (possible before) are marked abandoned first, newest kept;
  they get no statistics row (the statistics need the engine, which a migration does not run).
- ``users.session_generation``: counted up at every login and logout; cookies carry it.
- ``users.username_skeleton``: the confusable skeleton, unique. Existing accounts get theirs;
  when two existing names look alike, the older account keeps it and the newer one's is left
  empty (it can still log in; nobody can register a third look-alike).
"""
from alembic import op
import sqlalchemy as sa

from webapp.accounts.names import username_skeleton

# revision identifiers, used by Alembic.
revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None

ACTIVE = sa.text("status = 'active'")


def upgrade():
    op.execute(
        """
        UPDATE matches SET status = 'abandoned', finished_at = updated_at
        WHERE status = 'active' AND owner_user_id IS NOT NULL AND EXISTS (
            SELECT 1 FROM matches AS newer
            WHERE newer.owner_user_id = matches.owner_user_id AND newer.status = 'active'
              AND (newer.updated_at > matches.updated_at
                   OR (newer.updated_at = matches.updated_at AND newer.id > matches.id))
        )
        """
    )
    op.create_index(
        'uq_matches_owner_user_id_running', 'matches', ['owner_user_id'], unique=True,
        sqlite_where=ACTIVE, postgresql_where=ACTIVE,
    )

    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column(
            'session_generation', sa.Integer(), nullable=False, server_default='0'
        ))
        batch_op.add_column(sa.Column('username_skeleton', sa.String(length=80), nullable=True))

    connection = op.get_bind()
    users = sa.table(
        'users', sa.column('id', sa.Integer()), sa.column('username', sa.String()),
        sa.column('username_skeleton', sa.String()),
    )
    taken = set()
    for user_id, name in connection.execute(
        sa.select(users.c.id, users.c.username).order_by(users.c.id)
    ):
        skeleton = username_skeleton(name)
        if skeleton in taken:
            continue
        taken.add(skeleton)
        connection.execute(
            users.update().where(users.c.id == user_id).values(username_skeleton=skeleton)
        )

    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.create_unique_constraint(
            batch_op.f('uq_users_username_skeleton'), ['username_skeleton']
        )


def downgrade():
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_users_username_skeleton'), type_='unique')
        batch_op.drop_column('username_skeleton')
        batch_op.drop_column('session_generation')
    op.drop_index('uq_matches_owner_user_id_running', table_name='matches')
