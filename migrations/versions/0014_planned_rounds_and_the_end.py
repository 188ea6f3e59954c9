"""the number of rounds a tournament plays, and its end

`events.planned_rounds` is how many rounds the tournament plays: closing that round plans no
next one and ends the tournament, at `events.ended_at`. An event already stored plays at least
the default 4 rounds, and never fewer than the rounds it has (its planned next round
included), so no event is over the moment the app is upgraded; none is ended here.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None

DEFAULT_ROUNDS = 4  # as tournament.core.rounds says today: a migration keeps its own copy

events = sa.table('events', sa.column('id', sa.Integer), sa.column('planned_rounds', sa.Integer))
rounds = sa.table('rounds', sa.column('event_id', sa.Integer))


def upgrade() -> None:
    with op.batch_alter_table('events') as batch:
        batch.add_column(sa.Column('planned_rounds', sa.Integer(), nullable=False,
                                   server_default=str(DEFAULT_ROUNDS)))
        batch.add_column(sa.Column('ended_at', sa.DateTime(timezone=True), nullable=True))
    count = (sa.select(sa.func.count()).select_from(rounds).where(rounds.c.event_id == events.c.id)
             .scalar_subquery())
    op.get_bind().execute(events.update().where(count > DEFAULT_ROUNDS).values(planned_rounds=count))


def downgrade() -> None:
    with op.batch_alter_table('events') as batch:
        batch.drop_column('ended_at')
        batch.drop_column('planned_rounds')
