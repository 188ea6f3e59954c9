"""the table agrees, who is here, helper accounts, seating wishes

- `games.agreement`: where the table stands on a result its phone sent (asked, agreed,
  disputed, settled); null for a game the organiser entered, and for every game stored.
- `events.table_agreement`: whether phones ask the table to confirm (off, ask, warn); "ask"
  for every event, stored or new.
- `seats.presence`: here, missing (reported by the table) or absent (marked by the organiser);
  null for "nobody said", as for every seat stored.
- `organisers.role`: organiser or helper; every account stored stays an organiser.
- `audit_entries.account`: the account that made a change; unknown (null) for the lines stored.
- `seating_wishes`: pairs the home-table assignment keeps apart or together.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None


def _enum(name: str, *values: str) -> sa.Enum:
    return sa.Enum(*values, name=name, native_enum=False, create_constraint=True, length=16)


def upgrade() -> None:
    with op.batch_alter_table('games') as batch:
        batch.add_column(sa.Column('agreement', _enum('agreement', 'asked', 'agreed', 'disputed', 'settled'),
                                   nullable=True))
    with op.batch_alter_table('events') as batch:
        batch.add_column(sa.Column('table_agreement', _enum('tableagreement', 'off', 'ask', 'warn'),
                                   nullable=False, server_default='ask'))
    with op.batch_alter_table('seats') as batch:
        batch.add_column(sa.Column('presence', _enum('presence', 'here', 'missing', 'absent'), nullable=True))
    with op.batch_alter_table('organisers') as batch:
        batch.add_column(sa.Column('role', _enum('role', 'organiser', 'helper'), nullable=False,
                                   server_default='organiser'))
    with op.batch_alter_table('audit_entries') as batch:
        batch.add_column(sa.Column('account', sa.String(length=80), nullable=True))
    op.create_table(
        'seating_wishes',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=False),
        sa.Column('kind', _enum('wishkind', 'apart', 'together'), nullable=False),
        sa.Column('first_player_id', sa.Integer(), nullable=False),
        sa.Column('second_player_id', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['event_id'], ['events.id'], name=op.f('fk_seating_wishes_event_id_events'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['first_player_id'], ['players.id'],
                                name=op.f('fk_seating_wishes_first_player_id_players'), ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['second_player_id'], ['players.id'],
                                name=op.f('fk_seating_wishes_second_player_id_players'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_seating_wishes')),
        sa.UniqueConstraint('first_player_id', 'second_player_id', name=op.f('uq_seating_wishes_first_player_id')),
    )
    with op.batch_alter_table('seating_wishes') as batch:
        batch.create_index(batch.f('ix_seating_wishes_event_id'), ['event_id'], unique=False)
        batch.create_index(batch.f('ix_seating_wishes_first_player_id'), ['first_player_id'], unique=False)
        batch.create_index(batch.f('ix_seating_wishes_second_player_id'), ['second_player_id'], unique=False)


def downgrade() -> None:
    op.drop_table('seating_wishes')
    with op.batch_alter_table('audit_entries') as batch:
        batch.drop_column('account')
    with op.batch_alter_table('organisers') as batch:
        batch.drop_constraint(op.f('ck_organisers_role'), type_='check')
        batch.drop_column('role')
    with op.batch_alter_table('seats') as batch:
        batch.drop_constraint(op.f('ck_seats_presence'), type_='check')
        batch.drop_column('presence')
    with op.batch_alter_table('events') as batch:
        batch.drop_constraint(op.f('ck_events_tableagreement'), type_='check')
        batch.drop_column('table_agreement')
    with op.batch_alter_table('games') as batch:
        batch.drop_constraint(op.f('ck_games_agreement'), type_='check')
        batch.drop_column('agreement')
