"""where each name was claimed from, and the rate limits' counts

`online_claims.claimed_from` is the address a device claimed the name from on the event's list,
so that one address holds only so many names of an event at once; null for a personal link the
organiser made, and for the claims already stored. `throttle_counts` holds the rate limits'
counts where every server process sees them (`tournament.throttle_store`): used on PostgreSQL,
where `serve --workers N` runs several processes; an SQLite database has the table too, unused
while its one server process counts in memory.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-30
"""

import sqlalchemy as sa
from alembic import op

revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('online_claims') as batch:
        batch.add_column(sa.Column('claimed_from', sa.String(length=64), nullable=True))
    op.create_table(
        'throttle_counts',
        sa.Column('key', sa.String(length=64), nullable=False),
        sa.Column('slice', sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column('hits', sa.Integer(), nullable=False),
        sa.Column('expires_at', sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint('key', 'slice', name=op.f('pk_throttle_counts')),
    )
    with op.batch_alter_table('throttle_counts') as batch:
        batch.create_index(batch.f('ix_throttle_counts_expires_at'), ['expires_at'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('throttle_counts') as batch:
        batch.drop_index(batch.f('ix_throttle_counts_expires_at'))
    op.drop_table('throttle_counts')
    with op.batch_alter_table('online_claims') as batch:
        batch.drop_column('claimed_from')
