"""an event's time zone

`events.time_zone` is the IANA name of the zone the event's pages show times in ("Europe/Berlin");
moments stay stored in UTC. Existing events get UTC, which is what their pages showed before.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('events') as batch:
        batch.add_column(sa.Column('time_zone', sa.String(length=64), nullable=False, server_default='UTC'))


def downgrade() -> None:
    with op.batch_alter_table('events') as batch:
        batch.drop_column('time_zone')
