"""the event's game, and each table's rule variant stored as that game's JSON

Every existing event plays Five Tricks: `events.game` defaults to it. A table's four Five Tricks
columns (ace, wins, trump, trump_any_time) become one JSON column `variant` holding the same
four keys, the form `FiveTricks.variant_to_json` writes, so any game can keep its own settings.

The rows are converted in Python, not in SQL, so SQLite and PostgreSQL take the same path and no
dialect's JSON functions are needed. Downgrading is refused while an event plays another game:
its tables' settings have no place in the old columns.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None

FIVE_TRICKS = 'five-tricks'
SETTINGS = ('ace', 'wins', 'trump', 'trump_any_time')

# The tables as this migration sees them, whatever the models say later.
events = sa.table('events', sa.column('id', sa.Integer), sa.column('game', sa.String))
old_tables = sa.table(
    'tables', sa.column('id', sa.Integer), sa.column('ace', sa.String), sa.column('wins', sa.String),
    sa.column('trump', sa.String), sa.column('trump_any_time', sa.Boolean),
)
new_tables = sa.table('tables', sa.column('id', sa.Integer), sa.column('variant', sa.JSON))


def upgrade() -> None:
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.add_column(sa.Column('game', sa.String(length=40), server_default=FIVE_TRICKS, nullable=False))
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.add_column(sa.Column('variant', sa.JSON(), nullable=True))

    connection = op.get_bind()
    rows = connection.execute(sa.select(old_tables)).all()
    if rows:
        connection.execute(
            new_tables.update().where(new_tables.c.id == sa.bindparam('table_id')),
            [{'table_id': row.id, 'variant': {
                'ace': row.ace, 'wins': row.wins, 'trump': row.trump or None,
                'trump_any_time': bool(row.trump_any_time),
            }} for row in rows],
        )

    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.alter_column('variant', existing_type=sa.JSON(), nullable=False)
        for name in SETTINGS:
            batch_op.drop_column(name)


def downgrade() -> None:
    connection = op.get_bind()
    others = connection.execute(
        sa.select(sa.func.count()).select_from(events).where(events.c.game != FIVE_TRICKS)).scalar_one()
    if others:
        raise RuntimeError(
            f"Cannot go back to a version without games: {others} event(s) play a game other than "
            "Five Tricks, and their tables' rules have no place in the old columns. Export and "
            "delete those events first."
        )
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.add_column(sa.Column('ace', sa.String(length=8), nullable=True))
        batch_op.add_column(sa.Column('wins', sa.String(length=8), nullable=True))
        batch_op.add_column(sa.Column('trump', sa.String(length=8), nullable=True))
        batch_op.add_column(sa.Column('trump_any_time', sa.Boolean(), nullable=True))

    rows = connection.execute(sa.select(new_tables)).all()
    if rows:
        connection.execute(
            old_tables.update().where(old_tables.c.id == sa.bindparam('table_id')),
            [{'table_id': row.id, **{name: row.variant[name] for name in SETTINGS}} for row in rows],
        )

    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.alter_column('ace', existing_type=sa.String(length=8), nullable=False)
        batch_op.alter_column('wins', existing_type=sa.String(length=8), nullable=False)
        batch_op.alter_column('trump_any_time', existing_type=sa.Boolean(), nullable=False)
        batch_op.drop_column('variant')
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.drop_column('game')
