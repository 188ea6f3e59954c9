"""names shown in the room, nicknames, retention

- `events.names_shown`: what the room's screens, phones and printed links show of a player's
  name (full, first name and initial, nickname). Every event stored keeps "full", so a class
  already under way sees its wall unchanged; a new event starts at "initial".
- `events.kept_at`: when the organiser last chose "Keep" for an event the retention would
  erase; null for every event stored.
- `players.nickname`: the name shown in the room when the event shows nicknames.
- `app_settings` "retention_days": a database that already holds events keeps them ("never"),
  so an upgrade erases nothing; an empty database (a new install) gets 90 days.

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-09
"""

import sqlalchemy as sa
from alembic import op

revision = '0016'
down_revision = '0015'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('events') as batch:
        batch.add_column(sa.Column('names_shown', sa.Enum('full', 'initial', 'nickname', name='namesshown',
                                                          native_enum=False, create_constraint=True, length=16),
                                   nullable=False, server_default='full'))
        batch.add_column(sa.Column('kept_at', sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table('players') as batch:
        batch.add_column(sa.Column('nickname', sa.String(length=80), nullable=True))
    connection = op.get_bind()
    holds_events = connection.execute(sa.text("SELECT 1 FROM events LIMIT 1")).first() is not None
    settings = sa.table('app_settings', sa.column('key', sa.String), sa.column('value', sa.Text))
    connection.execute(sa.delete(settings).where(settings.c.key == 'retention_days'))
    connection.execute(sa.insert(settings).values(key='retention_days', value='never' if holds_events else '90'))


def downgrade() -> None:
    op.execute("DELETE FROM app_settings WHERE key = 'retention_days'")
    with op.batch_alter_table('players') as batch:
        batch.drop_column('nickname')
    with op.batch_alter_table('events') as batch:
        batch.drop_constraint(op.f('ck_events_namesshown'), type_='check')
        batch.drop_column('kept_at')
        batch.drop_column('names_shown')
