"""a game's scoresheet (hand by hand, deal by deal) and a table's house rule

`games.sheet` keeps the entries of a game scored on the app's scorer (Euchre's hands, Elbows
Up!'s deals) as the event's game writes them; the game's result rows stay what the tournament
reads. `tables.house_rule` is one short line the organiser adds to one table's rule sheet.
Both are empty for every existing row, so nothing is converted either way.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('games') as batch:
        batch.add_column(sa.Column('sheet', sa.JSON(), nullable=True))
    with op.batch_alter_table('tables') as batch:
        batch.add_column(sa.Column('house_rule', sa.String(length=120), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('tables') as batch:
        batch.drop_column('house_rule')
    with op.batch_alter_table('games') as batch:
        batch.drop_column('sheet')
