"""The games' own words (rules summaries, a scorer's sentences about its entries) and the change
log's own words read in the organiser's language; what the log stored stays English and says so."""

from __future__ import annotations

import re

import pytest

from tests.conftest import setup_event
from tests.games.euchre.conftest import euchre_event
from tests.room.conftest import record_winner, seated, start_round
from tournament import db
from tournament.games.five_tricks.settings import summary_text
from tournament.i18n import translate
from tournament.i18n.catalogues import compile_all
from tournament.models import Event

GERMAN = {"Accept-Language": "de"}
NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal"]


@pytest.fixture(autouse=True, scope="module")
def catalogues():
    compile_all(only_stale=True)


def _text(response) -> str:
    return " ".join(re.sub(r"<[^>]+>", "", response.get_data(as_text=True)).split())


def test_a_table_s_rules_summary_reads_in_the_organiser_s_language_on_the_tables_page_and_print_menu(app, organiser):
    event_id = setup_event(app, NAMES, tables=2)
    with app.test_request_context("/"):
        variant = db.session().get(Event, event_id).tables[0].variant
        english, german = str(summary_text(variant)), translate(summary_text(variant), "de")
    assert german != english
    for path in (f"/events/{event_id}/tables", f"/events/{event_id}/print"):
        assert english in _text(organiser.get(path))
        page = _text(organiser.get(path, headers=GERMAN))
        assert german in page and english not in page


def test_a_scorer_names_its_entries_in_whole_sentences_of_the_page_s_language(app, organiser):
    event_id = euchre_event(app, NAMES[:4])
    start_round(app, event_id)
    path = f"/events/{event_id}/rounds/1/tables/1"
    assert "Score game 1 hand by hand" in _text(organiser.get(path))
    page = _text(organiser.get(path, headers=GERMAN))
    assert "Spiel 1 Blatt für Blatt zählen" in page and "Blatt für Blatt zählen" in page
    assert "hand" not in page.lower().replace("handy", "")


def test_the_change_log_shows_the_app_s_own_words_translated_and_stored_english_marked_as_english(app, organiser):
    event_id = setup_event(app, NAMES[:4], tables=1)
    start_round(app, event_id)
    record_winner(app, event_id, 1, [sorted(seated(app, event_id, 1))[0]])
    english = organiser.get(f"/events/{event_id}/audit").get_data(as_text=True)
    assert "organiser" in english and "round 1" in english and "game 1" in english and "planned" in english
    page = organiser.get(f"/events/{event_id}/audit", headers=GERMAN).get_data(as_text=True)
    assert "Spielleitung" in page and "Runde 1" in page and "Spiel 1" in page and "geplant" in page
    assert "organiser" not in page and "planned" not in page
    # A game's result is stored as written ("Ana won"): shown as it is, marked as English.
    assert re.search(r'<span lang="en">Ana won</span>', page)
