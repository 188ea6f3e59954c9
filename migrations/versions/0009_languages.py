"""the language of an event's shared pages and of an organiser's own pages

`events.language` is the language of what the whole room reads (projector, printed sheets) and
the phones' default; existing events get English, which is what their pages showed before.
`organisers.language` is an account's choice for its own pages; null follows the browser.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('events') as batch:
        batch.add_column(sa.Column('language', sa.String(length=8), nullable=False, server_default='en'))
    with op.batch_alter_table('organisers') as batch:
        batch.add_column(sa.Column('language', sa.String(length=8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('organisers') as batch:
        batch.drop_column('language')
    with op.batch_alter_table('events') as batch:
        batch.drop_column('language')
