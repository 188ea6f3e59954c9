"""Small helpers for driving the organiser pages through the test client."""

from __future__ import annotations

from sqlalchemy import select

from tournament import db
from tournament.models import Event, Player, Round, Seat, Table


def seating(app, event_id: int, round_number: int) -> dict[str, int]:
    """player name -> table number in that round."""
    with app.app_context():
        rows = db.session().execute(
            select(Player.name, Table.number)
            .join(Seat, Seat.player_id == Player.id)
            .join(Table, Seat.table_id == Table.id)
            .join(Round, Seat.round_id == Round.id)
            .where(Round.event_id == event_id, Round.number == round_number)
        )
        return dict(rows.all())


def player_ids(app, event_id: int) -> dict[str, int]:
    with app.app_context():
        return dict(db.session().execute(select(Player.name, Player.id).where(Player.event_id == event_id)).all())


def winners_form(app, event_id: int, winners: list[str], tricks: list[dict[str, int]] | None = None) -> dict:
    """The table-results form data for games won by `winners` (game 1 first)."""
    ids = player_ids(app, event_id)
    data = {}
    for index, name in enumerate(winners):
        data[f"games-{index}-winner"] = str(ids[name]) if name else ""
        data[f"games-{index}-version"] = ""
    for index, counts in enumerate(tricks or []):
        for name, count in counts.items():
            data[f"games-{index}-s{ids[name]}"] = str(count)
    return data


def event_row(app, event_id: int) -> Event:
    with app.app_context():
        return db.session().get(Event, event_id)


def page_text(response) -> str:
    """A page's HTML with the isolates around names removed, so sentences read as written."""
    return response.get_data(as_text=True).replace("<bdi>", "").replace("</bdi>", "")
