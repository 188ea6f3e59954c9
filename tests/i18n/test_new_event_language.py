"""A new event's language (what the room reads) starts as the language the organiser's pages
speak: the account's choice, else the browser's. The organiser changes it only to differ."""

from __future__ import annotations

import re

from tournament import db
from tournament.models import Event

GERMAN_BROWSER = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}


def _created_language(app, organiser, headers) -> str:
    created = organiser.post("/events", data={"name": "Klasse 7", "round_minutes": "7", "time_zone": "UTC"},
                             headers=headers)
    assert created.status_code == 302
    with app.app_context():
        return db.session().query(Event).one().language


def test_a_german_browser_offers_and_creates_a_german_event_when_the_field_is_left_alone(app, organiser):
    page = organiser.get("/", headers=GERMAN_BROWSER).get_data(as_text=True)
    assert re.search(r'<option selected value="de">Deutsch</option>', page)
    assert _created_language(app, organiser, GERMAN_BROWSER) == "de"


def test_the_accounts_chosen_language_wins_over_the_browsers_for_a_new_event(app, organiser):
    organiser.post("/accounts/language", data={"language": "fr"}, headers=GERMAN_BROWSER)
    page = organiser.get("/", headers=GERMAN_BROWSER).get_data(as_text=True)
    assert re.search(r'<option selected value="fr">Français</option>', page)
    assert _created_language(app, organiser, GERMAN_BROWSER) == "fr"


def test_a_language_chosen_on_the_form_wins_over_the_pages_language(app, organiser):
    created = organiser.post("/events", data={"name": "Class 7", "round_minutes": "7", "time_zone": "UTC",
                                              "language": "it"}, headers=GERMAN_BROWSER)
    assert created.status_code == 302
    with app.app_context():
        assert db.session().query(Event).one().language == "it"
