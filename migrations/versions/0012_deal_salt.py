"""a salt of each event's own and the seats in every online deal's seed

`events.deal_salt` is part of the seed of every online deal of the event: ids come back after a
deletion (SQLite gives the newest row's id again), a salt never does, so no event deals what
another dealt. Every event gets its own here; the app makes one with every new, imported,
restored or duplicated event. `online_games.seed_version` says how a deal's seed is made: 2 for
deals written from now on (the salt, and the deal's seats and dealer, so that seats changed
before the first card draw another shuffle), null for the deals already stored, which keep the
seed they were dealt from and so still replay.

The columns are added in place (no table is rebuilt), and the salts are made in Python, so
SQLite and PostgreSQL take the same path.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-29
"""

import secrets

import sqlalchemy as sa
from alembic import op

revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None

events = sa.table('events', sa.column('id', sa.Integer), sa.column('deal_salt', sa.String))


def upgrade() -> None:
    with op.batch_alter_table('events') as batch:
        batch.add_column(sa.Column('deal_salt', sa.String(length=32), nullable=False, server_default=''))
    with op.batch_alter_table('online_games') as batch:
        batch.add_column(sa.Column('seed_version', sa.Integer(), nullable=True))
    connection = op.get_bind()
    ids = connection.execute(sa.select(events.c.id)).scalars().all()
    if ids:
        connection.execute(events.update().where(events.c.id == sa.bindparam('event_id')),
                           [{'event_id': event_id, 'deal_salt': secrets.token_hex(16)} for event_id in ids])


def downgrade() -> None:
    with op.batch_alter_table('online_games') as batch:
        batch.drop_column('seed_version')
    with op.batch_alter_table('events') as batch:
        batch.drop_column('deal_salt')
