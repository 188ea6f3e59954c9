"""the debrief: whether the rules are revealed, the prompts on the wall, the trick replayed,
and the notes tables and observers send

`events.debrief_revealed_at` is null until the organiser reveals every table's rules; before
that no page outside the organiser's shows a variant. `events.debrief_step` is the prompt the
wall shows (null: the wall follows the tournament). `events.debrief_steps` holds the event's own
prompts (null: the default sequence, in the event's language). `events.debrief_trick` is the
trick replayed under every table's rules, as card codes, lead first (null: the app proposes one).
`debrief_notes` keeps round and table as numbers, like the audit log, so a note outlives a
table removed later.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('events') as batch:
        batch.add_column(sa.Column('debrief_revealed_at', sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column('debrief_step', sa.Integer(), nullable=True))
        batch.add_column(sa.Column('debrief_steps', sa.JSON(), nullable=True))
        batch.add_column(sa.Column('debrief_trick', sa.String(length=120), nullable=True))
    op.create_table(
        'debrief_notes',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=False),
        sa.Column('at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('round_number', sa.Integer(), nullable=True),
        sa.Column('table_number', sa.Integer(), nullable=True),
        sa.Column('source', sa.String(length=16), nullable=False),
        sa.Column('author', sa.String(length=80), nullable=False, server_default=''),
        sa.Column('flag', sa.String(length=16), nullable=True),
        sa.Column('text', sa.String(length=280), nullable=True),
        sa.Column('hidden', sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column('nonce', sa.String(length=64), nullable=True),
        sa.ForeignKeyConstraint(['event_id'], ['events.id'], name=op.f('fk_debrief_notes_event_id_events'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_debrief_notes')),
        sa.UniqueConstraint('event_id', 'nonce', name=op.f('uq_debrief_notes_event_id')),
    )
    with op.batch_alter_table('debrief_notes') as batch:
        batch.create_index(batch.f('ix_debrief_notes_event_id'), ['event_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('debrief_notes') as batch:
        batch.drop_index(batch.f('ix_debrief_notes_event_id'))
    op.drop_table('debrief_notes')
    with op.batch_alter_table('events') as batch:
        batch.drop_column('debrief_trick')
        batch.drop_column('debrief_steps')
        batch.drop_column('debrief_step')
        batch.drop_column('debrief_revealed_at')
