"""initial schema

Revision ID: 0001
Revises: 
Create Date: 2026-11-21
"""

from alembic import op
import sqlalchemy as sa


revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('events',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=120), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('round_minutes', sa.Integer(), nullable=False),
    sa.Column('shuffle_seed', sa.Integer(), nullable=False),
    sa.Column('study_minutes', sa.Integer(), server_default='5', nullable=False),
    sa.Column('practice_minutes', sa.Integer(), server_default='3', nullable=False),
    sa.Column('paper_size', sa.String(length=8), server_default='a4', nullable=False),
    sa.Column('sheet_copies', sa.Integer(), server_default='2', nullable=False),
    sa.Column('colour_safe', sa.Boolean(), server_default=sa.false(), nullable=False),
    sa.Column('projector_token', sa.String(length=64), nullable=False),
    sa.Column('public_token', sa.String(length=64), nullable=False),
    sa.Column('projector_theme', sa.String(length=8), server_default='dark', nullable=False),
    sa.Column('chime', sa.Boolean(), server_default=sa.false(), nullable=False),
    sa.Column('timer_phase', sa.String(length=16), nullable=True),
    sa.Column('timer_seconds', sa.Integer(), server_default='0', nullable=False),
    sa.Column('timer_started_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('timer_paused_left', sa.Float(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_events')),
    sa.UniqueConstraint('projector_token', name=op.f('uq_events_projector_token')),
    sa.UniqueConstraint('public_token', name=op.f('uq_events_public_token'))
    )
    op.create_table('organisers',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('username', sa.String(length=80), nullable=False),
    sa.Column('password_hash', sa.String(length=255), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_organisers')),
    sa.UniqueConstraint('username', name=op.f('uq_organisers_username'))
    )
    op.create_table('rounds',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('state', sa.Enum('planned', 'running', 'closed', name='roundstate', native_enum=False, create_constraint=True, length=16), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('closed_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['event_id'], ['events.id'], name=op.f('fk_rounds_event_id_events'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_rounds')),
    sa.UniqueConstraint('event_id', 'number', name=op.f('uq_rounds_event_id'))
    )
    with op.batch_alter_table('rounds', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_rounds_event_id'), ['event_id'], unique=False)

    op.create_table('tables',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('ace', sa.String(length=8), nullable=False),
    sa.Column('wins', sa.String(length=8), nullable=False),
    sa.Column('trump', sa.String(length=8), nullable=True),
    sa.Column('trump_any_time', sa.Boolean(), nullable=False),
    sa.Column('token', sa.String(length=64), nullable=True),
    sa.ForeignKeyConstraint(['event_id'], ['events.id'], name=op.f('fk_tables_event_id_events'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tables')),
    sa.UniqueConstraint('event_id', 'number', name=op.f('uq_tables_event_id')),
    sa.UniqueConstraint('token', name=op.f('uq_tables_token'))
    )
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tables_event_id'), ['event_id'], unique=False)

    op.create_table('players',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('name_key', sa.String(length=320), nullable=False),
    sa.Column('status', sa.Enum('seated', 'observer', 'withdrawn', name='playerstatus', native_enum=False, create_constraint=True, length=16), nullable=False),
    sa.Column('home_table_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['event_id'], ['events.id'], name=op.f('fk_players_event_id_events'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['home_table_id'], ['tables.id'], name=op.f('fk_players_home_table_id_tables'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_players')),
    sa.UniqueConstraint('event_id', 'name_key', name=op.f('uq_players_event_id'))
    )
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_players_event_id'), ['event_id'], unique=False)

    op.create_table('games',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('round_id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('winner_id', sa.Integer(), nullable=True),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['round_id'], ['rounds.id'], name=op.f('fk_games_round_id_rounds'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_games_table_id_tables'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['winner_id'], ['players.id'], name=op.f('fk_games_winner_id_players'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_games')),
    sa.UniqueConstraint('round_id', 'table_id', 'number', name=op.f('uq_games_round_id'))
    )
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_games_round_id'), ['round_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_games_table_id'), ['table_id'], unique=False)

    op.create_table('seats',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('round_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('manual', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_seats_player_id_players'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['round_id'], ['rounds.id'], name=op.f('fk_seats_round_id_rounds'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], name=op.f('fk_seats_table_id_tables'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_seats')),
    sa.UniqueConstraint('round_id', 'player_id', name=op.f('uq_seats_round_id'))
    )
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_seats_player_id'), ['player_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_seats_round_id'), ['round_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_seats_table_id'), ['table_id'], unique=False)

    op.create_table('game_tricks',
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('tricks', sa.Integer(), nullable=False),
    sa.CheckConstraint('tricks >= 0', name=op.f('ck_game_tricks_tricks_not_negative')),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_game_tricks_game_id_games'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_game_tricks_player_id_players'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('game_id', 'player_id', name=op.f('pk_game_tricks'))
    )


def downgrade() -> None:
    op.drop_table('game_tricks')
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_seats_table_id'))
        batch_op.drop_index(batch_op.f('ix_seats_round_id'))
        batch_op.drop_index(batch_op.f('ix_seats_player_id'))

    op.drop_table('seats')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_games_table_id'))
        batch_op.drop_index(batch_op.f('ix_games_round_id'))

    op.drop_table('games')
    with op.batch_alter_table('players', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_players_event_id'))

    op.drop_table('players')
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tables_event_id'))

    op.drop_table('tables')
    with op.batch_alter_table('rounds', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_rounds_event_id'))

    op.drop_table('rounds')
    op.drop_table('organisers')
    op.drop_table('events')
