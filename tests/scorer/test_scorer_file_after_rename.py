"""A tie on points goes to the alphabetically first name when the game is scored; renaming a
player afterwards may reorder the tied names. The event file still imports: the recorded winner
stands, as it does for any stored result whose scores tie."""

from __future__ import annotations

import io
import json

from tests.games.elbows_up.conftest import elbows_event
from tournament import db
from tournament.models import Event, Game, Player
from tournament.services import midevent, rounds, scoresheets
from tournament.services.round_data import load_round


def _tied_deal(keys: list[str]) -> dict:
    """The first two players both make a bid of 2 (12 points each); the others bid 0 and take
    nothing (10 each)."""
    return {key: {"bid": 2 if seat < 2 else 0, "tricks": 2 if seat < 2 else 0, "tea": None}
            for seat, key in enumerate(keys)}


def test_a_file_exported_after_a_rename_reordered_a_tie_still_imports_with_the_recorded_winner(app, organiser):
    event_id = elbows_event(app, names=["Ana", "Ben", "Cleo", "Dan"], tables=1)
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        rounds.start_round(session, event)
        data = load_round(session, event, 1)
        table = data.table(1)
        seated = data.seated_at(table)
        scoresheets.add_entry(session, data, table, 1, 0, _tied_deal([str(p.id) for p in seated]))
        first, second = seated[0], seated[1]
        winner = min((first, second), key=lambda p: p.name.casefold())
        assert session.query(Game).one().winner_ids == {winner.id}
        midevent.rename(session, event, session.get(Player, winner.id), "Zoe")
    exported = organiser.get(f"/events/{event_id}/export.json").get_data(as_text=True)
    assert json.loads(exported)["rounds"][0]["games"][0]["winners"] == ["Zoe"]
    response = organiser.post("/events/import", data={"file": (io.BytesIO(exported.encode()), "event.json")},
                              content_type="multipart/form-data")
    assert response.status_code == 302, response.get_data(as_text=True)
    copy_id = int(response.headers["Location"].rstrip("/").rsplit("/", 1)[1])
    with app.app_context():
        session = db.session()
        zoe = session.query(Player).filter_by(event_id=copy_id, name="Zoe").one()
        copied = session.query(Game).join(Game.table).filter_by(event_id=copy_id).one()
        assert copied.winner_ids == {zoe.id} and len(copied.sheet) == 1
