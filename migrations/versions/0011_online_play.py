"""online play: tables played at virtual tables, claimed names, deals, and what is said at them

`tables.online` marks a table played online, each player on their own device;
`tables.app_referees` makes the app enforce legal plays and take tricks at such a table.
`online_claims` holds the name a device claimed and the secret of its personal link;
`online_clocks` one counter per online table that grows with every change to its play;
`online_games` each deal (the cards are drawn from a secret seed, never stored; the accepted
actions are, and the rules the app referees it by, if any); `online_messages` the chat lines, gestures and drawing-pad strokes.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('tables') as batch:
        batch.add_column(sa.Column('online', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column('app_referees', sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_table(
        'online_claims',
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=False),
        sa.Column('token', sa.String(length=64), nullable=False),
        sa.Column('claimed_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('seen_at', sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['event_id'], ['events.id'], name=op.f('fk_online_claims_event_id_events'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_online_claims_player_id_players'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('player_id', name=op.f('pk_online_claims')),
        sa.UniqueConstraint('token', name=op.f('uq_online_claims_token')),
    )
    with op.batch_alter_table('online_claims') as batch:
        batch.create_index(batch.f('ix_online_claims_event_id'), ['event_id'], unique=False)
    op.create_table(
        'online_clocks',
        sa.Column('table_id', sa.Integer(), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=False),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['event_id'], ['events.id'], name=op.f('fk_online_clocks_event_id_events'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_online_clocks_table_id_tables'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('table_id', name=op.f('pk_online_clocks')),
    )
    with op.batch_alter_table('online_clocks') as batch:
        batch.create_index(batch.f('ix_online_clocks_event_id'), ['event_id'], unique=False)
    op.create_table(
        'online_games',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=False),
        sa.Column('table_id', sa.Integer(), nullable=False),
        sa.Column('round_id', sa.Integer(), nullable=True),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('seats', sa.JSON(), nullable=False),
        sa.Column('dealer', sa.Integer(), nullable=False),
        sa.Column('actions', sa.JSON(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('recorded_as', sa.Integer(), nullable=True),
        sa.Column('referee', sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(['event_id'], ['events.id'], name=op.f('fk_online_games_event_id_events'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['round_id'], ['rounds.id'], name=op.f('fk_online_games_round_id_rounds'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_online_games_table_id_tables'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_online_games')),
        sa.UniqueConstraint('table_id', 'round_id', 'number', name=op.f('uq_online_games_table_id')),
    )
    with op.batch_alter_table('online_games') as batch:
        batch.create_index(batch.f('ix_online_games_event_id'), ['event_id'], unique=False)
        batch.create_index(batch.f('ix_online_games_table_id'), ['table_id'], unique=False)
        batch.create_index(batch.f('ix_online_games_round_id'), ['round_id'], unique=False)
    op.create_table(
        'online_messages',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=False),
        sa.Column('table_id', sa.Integer(), nullable=False),
        sa.Column('round_id', sa.Integer(), nullable=True),
        sa.Column('player_id', sa.Integer(), nullable=True),
        sa.Column('kind', sa.String(length=8), nullable=False),
        sa.Column('body', sa.JSON(), nullable=False),
        sa.Column('at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('nonce', sa.String(length=64), nullable=True),
        sa.ForeignKeyConstraint(['event_id'], ['events.id'], name=op.f('fk_online_messages_event_id_events'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_online_messages_player_id_players'),
                                ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['round_id'], ['rounds.id'], name=op.f('fk_online_messages_round_id_rounds'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_online_messages_table_id_tables'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_online_messages')),
        sa.UniqueConstraint('table_id', 'nonce', name=op.f('uq_online_messages_table_id')),
    )
    with op.batch_alter_table('online_messages') as batch:
        batch.create_index(batch.f('ix_online_messages_event_id'), ['event_id'], unique=False)
        batch.create_index(batch.f('ix_online_messages_table_id'), ['table_id'], unique=False)


def downgrade() -> None:
    for table, indexes in (('online_messages', ('event_id', 'table_id')),
                           ('online_games', ('event_id', 'table_id', 'round_id')),
                           ('online_clocks', ('event_id',)), ('online_claims', ('event_id',))):
        with op.batch_alter_table(table) as batch:
            for column in indexes:
                batch.drop_index(batch.f(f'ix_{table}_{column}'))
        op.drop_table(table)
    with op.batch_alter_table('tables') as batch:
        batch.drop_column('app_referees')
        batch.drop_column('online')
