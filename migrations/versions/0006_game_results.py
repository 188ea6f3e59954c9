"""a game's result as rows per player: who won and, when given, each player's score

`games.winner_id` (one winner) and `game_tricks` (Five Tricks' trick counts) become one table
`game_results(game_id, player_id, score, won)`, so a game with several winners (partnerships,
shared wins) or another kind of score needs no table of its own. Trick rows become score rows,
won exactly for the game's winner; a winner without a trick row gets a row with no score.

Downgrading is refused while a game has several winners: the old column holds one (a game
whose winner was deleted had none, as before).

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None

# The tables as this migration sees them, whatever the models say later.
games = sa.table('games', sa.column('id', sa.Integer), sa.column('winner_id', sa.Integer))
tricks = sa.table('game_tricks', sa.column('game_id', sa.Integer), sa.column('player_id', sa.Integer),
                  sa.column('tricks', sa.Integer))
results = sa.table('game_results', sa.column('game_id', sa.Integer), sa.column('player_id', sa.Integer),
                   sa.column('score', sa.Integer), sa.column('won', sa.Boolean))


def upgrade() -> None:
    op.create_table(
        'game_results',
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('score', sa.Integer(), nullable=True),
        sa.Column('won', sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_game_results_game_id_games'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_game_results_player_id_players'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('game_id', 'player_id', name=op.f('pk_game_results')),
    )
    won = sa.case((games.c.winner_id == tricks.c.player_id, sa.true()), else_=sa.false())
    op.execute(results.insert().from_select(
        ['game_id', 'player_id', 'score', 'won'],
        sa.select(tricks.c.game_id, tricks.c.player_id, tricks.c.tricks, won)
        .select_from(tricks.join(games, games.c.id == tricks.c.game_id))))
    counted = sa.select(tricks.c.game_id).where(tricks.c.game_id == games.c.id,
                                                 tricks.c.player_id == games.c.winner_id)
    op.execute(results.insert().from_select(
        ['game_id', 'player_id', 'score', 'won'],
        sa.select(games.c.id, games.c.winner_id, sa.null(), sa.true())
        .where(games.c.winner_id.is_not(None), ~counted.exists())))

    op.drop_table('game_tricks')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_constraint('fk_games_winner_id_players', type_='foreignkey')
        batch_op.drop_column('winner_id')


def downgrade() -> None:
    connection = op.get_bind()
    shared = (sa.select(results.c.game_id).where(results.c.won).group_by(results.c.game_id)
              .having(sa.func.count() > 1).subquery())
    several = connection.execute(sa.select(sa.func.count()).select_from(shared)).scalar_one()
    if several:
        raise RuntimeError(
            f"Cannot go back to a version with one winner per game: {several} game(s) have several "
            "winners. Export and delete those events first."
        )
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('winner_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key('fk_games_winner_id_players', 'players', ['winner_id'], ['id'],
                                    ondelete='SET NULL')
    op.create_table(
        'game_tricks',
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('tricks', sa.Integer(), nullable=False),
        sa.CheckConstraint('tricks >= 0', name=op.f('ck_game_tricks_tricks_not_negative')),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_game_tricks_game_id_games'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_game_tricks_player_id_players'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('game_id', 'player_id', name=op.f('pk_game_tricks')),
    )
    winner = (sa.select(results.c.player_id).where(results.c.game_id == games.c.id, results.c.won)
              .scalar_subquery())
    op.execute(games.update().values(winner_id=winner))
    op.execute(tricks.insert().from_select(
        ['game_id', 'player_id', 'tricks'],
        sa.select(results.c.game_id, results.c.player_id, results.c.score).where(results.c.score.is_not(None))))
    op.drop_table('game_results')
