"""A game kept on the scorer travels in the research file with its sheet under the codes: the
file imports, the sheet adds up again, and a tie on points the alphabet decided still goes to
the same player's code."""

from __future__ import annotations

import io
import zipfile

from tests.games.elbows_up.conftest import elbows_event
from tournament import db
from tournament.core.pseudonyms import pseudonyms
from tournament.models import Event, Game, Player
from tournament.services import rounds, scoresheets, transfer
from tournament.services.research_export import research_zip
from tournament.services.round_data import load_round

NAMES = ["Dora Vidal", "Ben Okoro", "Cleo Ast", "Ana Zell"]


def test_a_scored_game_keeps_its_sheet_and_its_alphabetical_tie_under_the_codes(app):
    event_id = elbows_event(app, names=NAMES, tables=1)
    code = pseudonyms(NAMES)
    with app.app_context():
        session = db.session()
        event = session.get(Event, event_id)
        rounds.start_round(session, event)
        data = load_round(session, event, 1)
        table = data.table(1)
        seated = data.seated_at(table)
        # The first two seated tie on 12 points each; the others take 10.
        deal = {str(p.id): {"bid": 2 if seat < 2 else 0, "tricks": 2 if seat < 2 else 0, "tea": None}
                for seat, p in enumerate(seated)}
        scoresheets.add_entry(session, data, table, 1, 0, deal)
        winner = session.get(Player, next(iter(session.query(Game).one().winner_ids)))
        raw = research_zip(session, session.get(Event, event_id))
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            imported = transfer.import_bytes(session, archive.read("event.json"))
        copied = session.query(Game).join(Game.table).filter_by(event_id=imported.id).one()
        names = {p.id: p.name for p in imported.players}
        assert {names[pid] for pid in copied.winner_ids} == {code[winner.name]}
        assert len(copied.sheet) == 1
