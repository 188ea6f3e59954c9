"""Names inside lines built from several names (a team, a score line) and on the real games'
scorer pages are shown as the room sees them: with "first name and initial", no surname."""

from __future__ import annotations

import html

import pytest

from tests.privacy.test_public_names_on_every_public_page import leaks
from tests.room.conftest import tokens
from tournament import db
from tournament.core.i18n import Name, T
from tournament.core.public_names import NamesShown
from tournament.i18n import translate
from tournament.models import Event
from tournament.name_display import show_room_names, shown_name
from tournament.services import events, players, rounds
from tournament.services import tables as table_service
from tournament.services.nicknames import set_names_shown

CLASS = ["Zoë Quarterbridge-Olumide", "Gil Ortizabal", "Hana Satomura", "Ben Wexcombe"]


def _event(app, game: str, shown: NamesShown) -> int:
    with app.app_context():
        session = db.session()
        event = events.create_event(session, "Card night", game=game)
        players.add_players(session, event, "\n".join(CLASS))
        table_service.set_table_count(session, event, 1)
        set_names_shown(session, event.id, shown)
        rounds.start_round(session, session.get(Event, event.id))
        return event.id


def test_a_score_line_and_a_team_of_real_names_are_shown_with_public_names_on_a_page_of_the_room(app):
    event_id = _event(app, "euchre", NamesShown.INITIAL)
    with app.test_request_context("/"):
        show_room_names(db.session().get(Event, event_id))
        team = shown_name("Zoë Quarterbridge-Olumide & Gil Ortizabal")
        line = translate(T("{what}: {scores}", what="Points",
                           scores=Name("Zoë Quarterbridge-Olumide 10 · Hana Satomura 4")))
    assert team == "Zoë Q. & Gil O."
    assert line == "Points: Zoë Q. 10 · Hana S. 4"


@pytest.mark.parametrize("game", ["euchre", "elbows-up"])
@pytest.mark.parametrize("shown", [NamesShown.INITIAL, NamesShown.FULL])
def test_the_scorer_page_and_its_refusals_show_no_surname_unless_the_event_shows_full_names(app, game, shown):
    event_id = _event(app, game, shown)
    client = app.test_client()
    url = f"/t/{tokens(app, event_id)[1]}/games/1/score"
    page = client.get(url)
    refused = client.post(url, data={})  # nothing chosen: every field's own sentence, names in them
    assert page.status_code == 200 and refused.status_code == 400
    found = leaks({"page": html.unescape(page.get_data(as_text=True)),
                   "refused": html.unescape(refused.get_data(as_text=True))}, CLASS)
    if shown is NamesShown.FULL:
        assert found  # the scan can fail: with full names it finds them
    else:
        assert found == {}
