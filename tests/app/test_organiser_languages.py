"""Who reads which language on the organiser's side: the account's choice, else the browser's;
an event's own language for what the room reads; refusals and plurals in the page's language."""

from __future__ import annotations

import html
import re

from tests.app.helpers import page_text
from tests.conftest import setup_event
from tests.room.conftest import close_round, start_round
from tournament import db
from tournament.models import Event, Organiser

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
FRENCH = {"Accept-Language": "fr"}


def _account_language(app) -> str | None:
    with app.app_context():
        return db.session().query(Organiser).one().language


def test_the_organisers_chosen_language_wins_over_the_browsers(app, organiser):
    assert "<h1>Veranstaltungen</h1>" in organiser.get("/", headers=GERMAN).get_data(as_text=True)
    saved = organiser.post("/accounts/language", data={"language": "fr"}, headers=GERMAN, follow_redirects=True)
    assert saved.status_code == 200 and "La langue de ces pages est enregistrée." in saved.get_data(as_text=True)
    assert _account_language(app) == "fr"
    assert "<h1>Événements</h1>" in organiser.get("/", headers=GERMAN).get_data(as_text=True)
    organiser.post("/accounts/language", data={"language": ""}, headers=GERMAN)
    assert _account_language(app) is None  # "follow the browser" stores no language
    assert "<h1>Veranstaltungen</h1>" in organiser.get("/", headers=GERMAN).get_data(as_text=True)


def test_a_page_language_outside_the_list_is_refused_and_nothing_stored(app, organiser):
    refused = organiser.post("/accounts/language", data={"language": "xx"})
    assert refused.status_code == 400 and _account_language(app) is None
    assert 'class="error"' in refused.get_data(as_text=True)


def test_a_new_events_language_is_stored_and_shown(app, organiser):
    created = organiser.post("/events", data={"name": "Klasse 7", "round_minutes": "7", "game": "five-tricks",
                                              "time_zone": "Europe/Berlin", "language": "de"})
    assert created.status_code == 302
    with app.app_context():
        event = db.session().query(Event).one()
        assert event.language == "de"
        event_id = event.id
    overview = organiser.get(f"/events/{event_id}").get_data(as_text=True)
    assert "Printed sheets and the projector are in Deutsch." in overview
    settings = organiser.get(f"/events/{event_id}/settings").get_data(as_text=True)
    assert re.search(r'<option selected value="de">Deutsch</option>|<option value="de" selected>', settings)


def test_a_new_event_reads_english_to_the_room_unless_told_otherwise(app, organiser):
    organiser.post("/events", data={"name": "Klasse 8", "round_minutes": "7", "time_zone": "UTC"})
    with app.app_context():
        assert db.session().query(Event).one().language == "en"


def test_changing_the_event_language_moves_its_revision_so_projectors_redraw(app, organiser):
    event_id = setup_event(app, ["Ana", "Ben", "Cem"], tables=1)
    with app.app_context():
        before = db.session().get(Event, event_id).revision
    saved = organiser.post(f"/events/{event_id}/settings", data={"name": "Class 9B", "round_minutes": "7",
                                                                  "time_zone": "UTC", "language": "fr"})
    assert saved.status_code == 302
    with app.app_context():
        event = db.session().get(Event, event_id)
        assert event.language == "fr" and event.revision > before


def test_a_refused_settings_form_keeps_the_event_language_as_it_was(app, organiser):
    event_id = setup_event(app, ["Ana", "Ben", "Cem"], tables=1)
    refused = organiser.post(f"/events/{event_id}/settings", data={"name": "", "round_minutes": "7",
                                                                    "time_zone": "UTC", "language": "fr"})
    assert refused.status_code == 400
    with app.app_context():
        assert db.session().get(Event, event_id).language == "en"


def test_a_refused_create_form_in_french_shows_the_french_message_beside_the_field(app, organiser):
    refused = organiser.post("/events", data={"name": "6e B", "round_minutes": "500", "time_zone": "UTC",
                                              "language": "it"}, headers=FRENCH)
    page = html.unescape(refused.get_data(as_text=True))
    assert refused.status_code == 400
    field = re.search(r'<div class="field has-error">\s*<label for="round_minutes">(.*?)</div>', page, re.S)
    assert field is not None and "Durée d'un tour (minutes)" in field.group(1)
    assert re.search(r'<small class="error">[^<]*entre 1 et 120[^<]*</small>', field.group(1))
    assert 'value="6e B"' in page and '<option selected value="it">' in page  # filled in as typed


def test_a_plural_reads_right_for_one_and_two_in_german(app, organiser):
    for minutes in (1, 2):
        organiser.post("/events", data={"name": f"{minutes} min", "round_minutes": str(minutes), "time_zone": "UTC"})
    with app.app_context():
        ids = {e.round_minutes: e.id for e in db.session().query(Event)}
    assert "Runden dauern 1 Minute." in organiser.get(f"/events/{ids[1]}", headers=GERMAN).get_data(as_text=True)
    assert "Runden dauern 2 Minuten." in organiser.get(f"/events/{ids[2]}", headers=GERMAN).get_data(as_text=True)
    english = organiser.get(f"/events/{ids[1]}").get_data(as_text=True)
    assert "Rounds last 1 minute." in english and "1 minutes" not in english


def test_alphabetical_order_of_names_is_the_same_whatever_language_the_pages_are_in(app, organiser):
    # Names whose order differs between languages' own collations (Swedish puts Ö after Z,
    # German beside O): the tie rule uses one order for all.
    event_id = setup_event(app, ["Zoë", "Örjan", "Oskar", "Ådne"], tables=1)
    start_round(app, event_id)
    close_round(app, event_id)

    def order(headers):
        text = page_text(organiser.get(f"/events/{event_id}/standings", headers=headers))
        return [name for name in re.findall(r"<tr><td>\d+<td>([^<]+)", text)]

    english, german, french = order({}), order(GERMAN), order(FRENCH)
    assert english == german == french and len(english) == 4
    said = organiser.get(f"/events/{event_id}/standings", headers=GERMAN).get_data(as_text=True)
    assert "Die alphabetische Reihenfolge der Namen ist dieselbe, gleich in welcher Sprache" in said
    assert "<th>Gewonnene Spiele</th>" in said  # the cached table is the German one, not the English


def test_the_close_round_page_states_the_tie_rule_in_the_pages_language(app, organiser):
    event_id = setup_event(app, ["Ana", "Ben", "Cem", "Dora"], tables=1)
    start_round(app, event_id)
    page = organiser.get(f"/events/{event_id}/rounds/1/close", headers=FRENCH).get_data(as_text=True)
    assert "Clore le tour 1 ?" in page
    assert "L'ordre alphabétique des noms est le même quelle que soit la langue de ces pages." in html.unescape(page)
    english = organiser.get(f"/events/{event_id}/rounds/1/close").get_data(as_text=True)
    assert "Alphabetical order of names is the same whatever language these pages are in." in english
